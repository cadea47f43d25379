"""Budgets as ledgers: what a design spends of a resource, item by item.

`used` is always derived from the line items, so a budget can never disagree with its own items.
A budget without a limit (`available` None: a ship-point total no campaign caps) is never over
and is shown as what it uses only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from shipyard.core.figures import BEFORE, figure, quantity

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

    def shown(self, between: str = "/", named: bool = False) -> str:
        """`12/20`, or `12 of 20 SP` with `between=" of "` and `named`; without a limit
        `12 used` (`MCr6.838 used` named); each figure as `figures.figure` writes its unit."""
        if named and (self.available is None or self.unit in BEFORE):  # "MCr236 of MCr300"
            used = quantity(self.used, self.unit)
        else:
            used = figure(self.used, self.unit)
        if self.available is None:
            return f"{used} used"
        limit = quantity(self.available, self.unit) if named else figure(self.available,
                                                                          self.unit)
        return f"{used}{between}{limit}"

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


# One figure as a profile prints it: an optional currency ("MCr308.25"), a signed number with
# thousands commas, an optional unit of up to two words or an inch mark, "used", "of N", and a
# note in parentheses; anything else (a list, a range, words) is not one figure.
FIGURE = re.compile(r"^(?P<currency>MCr|KCr|Cr)?(?P<number>[+−-]?\d[\d,]*(?:\.\d+)?)"
                    r"(?P<unit>\"|″| ?[A-Za-z%][\w%/-]*(?: [A-Za-z][\w%/-]*)?)?"
                    r"(?: used)?(?: of [\d,.]+(?: [A-Za-z]+)?)?(?: \(.*\))?$")


def reading(value: str) -> dict[str, int | float | str | None]:
    """A profile value for a script, beside the words for people: `number` and `unit` where the
    value is one figure ("MCr1,908.606667" is 1908.606667 MCr, "10000 of 10000" is 10000, "2G"
    is 2 G), both None where it is not ("2 dhits, range 15 dhexes")."""
    match = FIGURE.match(value.strip())
    if match is None:
        return {"number": None, "unit": None}
    digits = match["number"].replace(",", "").replace("−", "-")
    number: int | float = float(digits) if "." in digits else int(digits)
    words = (match["unit"] or "").strip()
    unit = match["currency"] or (None if words in ("", "used", "of") else words)
    return {"number": number, "unit": unit}
