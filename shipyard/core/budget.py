"""Budgets as ledgers: what a design spends of a resource, item by item.

`used` is always derived from the line items, so a budget can never disagree with its own items.
A budget without a limit (`available` None: a ship-point total no campaign caps) is never over
and is shown as what it uses only.
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
    available: Amount | None  # None: no limit
    items: list[LineItem] = field(default_factory=list)
    title: str = ""  # for people; the name is for scripts

    def add(self, label: str, amount: Amount, line: int | None = None) -> None:
        self.items.append(LineItem(label, amount, line))

    @property
    def used(self) -> Amount:
        return sum((item.amount for item in self.items), start=0)

    @property
    def left(self) -> Amount | None:
        """What is left (negative when over); None without a limit."""
        return None if self.available is None else self.available - self.used

    @property
    def over(self) -> bool:
        return self.available is not None and self.used > self.available

    @property
    def excess(self) -> Amount:
        """How far over the limit the items go (0 when within it or without one)."""
        return self.used - self.available if self.over else 0  # type: ignore[operator]

    def shown(self, between: str = "/", unit: str = "") -> str:
        """`12/20`, or `12 of 20 SP` with `between=" of "` and `unit=" SP"`; without a limit
        `12 SP used`."""
        if self.available is None:
            return f"{self.used}{unit} used"
        return f"{self.used}{between}{self.available}{unit}"

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "used": number(self.used),
                "available": None if self.available is None else number(self.available),
                "unit": self.unit}

    def as_json_full(self) -> dict[str, object]:
        return {**self.as_json(), "items": [
            {"label": i.label, "amount": number(i.amount), "line": i.line} for i in self.items]}


def number(value: Amount) -> int | float:
    """A JSON number: whole amounts as integers, the rest as floats."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value
