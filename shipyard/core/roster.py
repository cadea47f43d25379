"""A fleet's roster page: each entry with its price and a box per ship to tick when it is lost."""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.core.budget import Budget
from shipyard.core.model import Printable
from shipyard.core.sheets import BoxLine, BudgetLine
from shipyard.core.system import Fleet

BOXES_PER_LINE = 20  # the shared track strip's width


@dataclass(frozen=True)
class RosterRow:
    group: str
    ship: str
    count: int
    ships: int  # ships in one copy of the design (a group of ships is one design)
    each: str
    total: str
    boxes: list[BoxLine]


def _ticks(count: int) -> list[BoxLine]:
    """A plain box per ship, to tick when it is lost, a line of the strip at a time."""
    return [BoxLine(min(BOXES_PER_LINE, count - start))
            for start in range(0, count, BOXES_PER_LINE)]


def roster(fleet: Fleet, budgets: list[Budget], unit: str) -> Printable:
    """The roster page a fleet's sheets start with."""
    rows = [RosterRow(g.name, m.name, m.count, m.ships, f"{m.price:f}", f"{m.total:f}",
                      _ticks(m.count * m.ships))
            for g in fleet.groups for m in g.members]
    return Printable("_base/roster.html", {
        "title": fleet.model.fleet, "heading": "Fleet roster",
        "subtitle": f"{fleet.model.system}"
                    + (f" · limit {fleet.model.limit:f} {unit}"
                       if fleet.model.limit is not None else "")
                    + (f" · {fleet.model.size}" if fleet.model.size else ""),
        "rows": rows, "budgets": [BudgetLine.of(b) for b in budgets],
    }, ("_base/macros.css", "_base/strips.css", "_base/roster.css"))
