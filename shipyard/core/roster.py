"""A fleet's ships as printed: each copy named and numbered ("Raider delta-wing 3", ship 3 of
4), and the roster page that lists them, a line a ship, to strike off in play.

The copies' names are the ones every printed page of the fleet gives them (the ship's own
sheet and the roster), and what a play aid names them by.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from shipyard.core.budget import Amount, Budget
from shipyard.core.model import Printable
from shipyard.core.sheets import BudgetLine, amount_text
from shipyard.core.system import AnyDesign, Fleet


@dataclass(frozen=True)
class Copy:
    """One ship as printed: `name` its design's name, numbered where the fleet has more than
    one of it ("Raider delta-wing 3"), `number` of `of` the ships of that design."""

    design: AnyDesign
    name: str
    number: int
    of: int
    group: str = ""
    group_type: str | None = None
    price: Amount | None = None  # the price of the design's copy this ship starts (a group of
    # three ships is one price, on its first ship); None on the others
    ships: int = 1  # the ships of that copy of the design (a group design's)


def copies_of(designs: list[tuple[AnyDesign, int, str, str | None, Amount | None]]
              ) -> list[Copy]:
    """Every ship of (design, ships, group, group type, price) entries in order, numbered
    among the ships of the same name."""
    names = Counter[str]()
    for design, ships, *_ in designs:
        names[design.model.name] += ships
    seen = Counter[str]()
    out = []
    for design, ships, group, kind, price in designs:
        name = design.model.name
        for k in range(ships):
            seen[name] += 1
            number = seen[name]
            out.append(Copy(design, f"{name} {number}" if names[name] > 1 else name, number,
                            names[name], group, kind, price if k == 0 else None, ships))
    return out


def fleet_copies(fleet: Fleet) -> list[Copy]:
    """Every ship of a fleet, in roster order."""
    return copies_of([(m.design, m.ships, g.name, g.type, m.price)
                      for g in fleet.groups for m in g.members if m.design is not None
                      for _ in range(m.count)])


@dataclass(frozen=True)
class RosterRow:
    group: str
    ship: str  # the copy's name, as its sheet gives it
    starting: str  # what the ship starts with that play strikes off ("Hull 4")
    price: str  # "" where the system prices nothing, or for a group's later ships


def roster(fleet: Fleet, budgets: list[Budget], unit: str | None, places: int | None,
           starting: dict[int, str]) -> Printable:
    """The roster page a fleet's sheets start with: a line a ship, with what it starts with
    (`starting`, by id of its design) and a box to strike it off; prices where the system has
    them (`unit`, printed to `places` decimals as every page prints that unit)."""
    copies = fleet_copies(fleet)
    types = {g.type for g in fleet.groups}
    rows = [RosterRow(_group(c), c.name, starting.get(id(c.design), ""),
                      _price(c, unit, places))
            for c in copies]
    limit = fleet.model.limit
    return Printable("_base/roster.html", {
        "title": fleet.model.fleet, "heading": "Fleet roster",
        "subtitle": f"{fleet.model.system}"
                    + (f" · limit {amount_text(limit, places)} {unit}"
                       if limit is not None and unit is not None else "")
                    + (f" · {fleet.model.size}" if fleet.model.size else ""),
        "rows": rows, "priced": unit is not None, "unit": unit or "",
        "grouped": types != {None},
        # the fleet's total names its unit once, after the figures ("587 of 1,000 points")
        "budgets": [BudgetLine.of(b, "Fleet total" if b.name == "fleet" else "", places=places)
                    for b in budgets],
    }, ("_base/macros.css", "_base/roster.css"))


def _price(copy: Copy, unit: str | None, places: int | None) -> str:
    if unit is None or copy.price is None:
        return ""
    text = amount_text(copy.price, places)
    return f"{text} for {copy.ships}" if copy.ships > 1 else text


def _group(copy: Copy) -> str:
    """A group by its name, and its type where the name does not say it ("Harpies
    (Pathfinder)", "Vanguard")."""
    kind = (copy.group_type or "").replace("-", " ").capitalize()
    return f"{copy.group} ({kind})" if kind and kind.lower() != copy.group.lower() \
        else copy.group

