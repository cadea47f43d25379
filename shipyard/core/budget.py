"""Budgets as ledgers: what a design spends of a resource, item by item.

`used` is always derived from the line items, so a budget can never disagree with its own items.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

Amount = int | Decimal


@dataclass(frozen=True)
class LineItem:
    label: str
    amount: Amount
    line: int | None = None


@dataclass
class Budget:
    name: str  # stable: `validate --json` budget names
    unit: str
    available: Amount
    items: list[LineItem] = field(default_factory=list)
    title: str = ""  # for people; the name is for scripts

    def add(self, label: str, amount: Amount, line: int | None = None) -> None:
        self.items.append(LineItem(label, amount, line))

    @property
    def used(self) -> Amount:
        return sum((item.amount for item in self.items), start=0)

    @property
    def left(self) -> Amount:
        return self.available - self.used

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "used": number(self.used),
                "available": number(self.available), "unit": self.unit}

    def as_json_full(self) -> dict[str, object]:
        return {**self.as_json(), "items": [
            {"label": i.label, "amount": number(i.amount), "line": i.line} for i in self.items]}


def number(value: Amount) -> int | float:
    """A JSON number: whole amounts as integers, the rest as floats."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value
