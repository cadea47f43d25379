"""Fleets: a roster of one system's ships under a price limit, checked and printed as one.

A fleet file names its system, the fleet (`fleet: <name>`, which is what tells it from a
design), an optional `limit` in what the system prices ships in, and its ships: each a stock
ship of the catalog (`stock: ID`) or a design file (`design: PATH`, relative to the fleet
file), with a `count`, either directly (`ships:`) or in named groups (`groups:`, where the
system has them, such as battlegroups). A system that prices its ships (`price_unit`,
`price()`) totals them against the limit; one that does not lists ships with counts, and
refuses a `limit`. A system may check the fleet's composition (`fleet_check()`). Battles read
fleets (`shipyard battle`).

A fleet never lists a fleet (a member is refused as soon as its top-level keys say it is one),
so a roster has no cycles to chase.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pydantic import Field, model_validator

from shipyard.core.model import StrictModel
from shipyard.errors import UserError

# A fleet is at most MAX_SHIPS ships in all (entries × counts × the ships one design is), and
# every ship gets its own sheet (its damage tracker): the bound is what keeps `sheet` of the
# largest fleet within ~30 s and ~150 MB, where a fleet of a thousand entries of a thousand
# ships each would ask for a million pages. Refused before any member is read.
MAX_SHIPS = 200
MAX_ENTRIES = MAX_SHIPS
MAX_COUNT = MAX_SHIPS


class FleetEntry(StrictModel):
    stock: str | None = Field(default=None, description="a stock ship id of the catalog")
    design: str | None = Field(default=None, description="a design file, relative to the fleet")
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    label: str | None = Field(default=None, min_length=1, max_length=80)

    @model_validator(mode="after")
    def _one_ship(self) -> FleetEntry:
        if (self.stock is None) == (self.design is None):
            raise ValueError("give one of stock: ID or design: PATH")
        return self


class FleetGroup(StrictModel):
    name: str = Field(min_length=1, max_length=80)
    type: str | None = Field(default=None, max_length=80,
                             description="the group's type where the system has them")
    ships: list[FleetEntry] = Field(min_length=1, max_length=MAX_ENTRIES)


class FleetFile(StrictModel):
    system: str
    fleet: str = Field(min_length=1, max_length=200, description="the fleet's name")
    limit: Decimal | None = Field(default=None, ge=0, le=10**9, description="in what the "
                                  "system prices ships in; none: no limit (a system whose "
                                  "ships have no price takes none)")
    size: str | None = Field(default=None, max_length=40,
                             description="the game size, where composition depends on it")
    ships: list[FleetEntry] = Field(default_factory=list, max_length=MAX_ENTRIES)
    groups: list[FleetGroup] = Field(default_factory=list, max_length=MAX_ENTRIES)
    accept: list[str] = Field(default_factory=list, max_length=100)

    @model_validator(mode="after")
    def _ships_or_groups(self) -> FleetFile:
        if bool(self.ships) == bool(self.groups):
            raise ValueError("give the ships either under ships: or under groups:, not both "
                             "and not neither")
        return self


def too_many(counts: list[tuple[int, int | None]], what: str) -> UserError | None:
    """The refusal of a fleet whose ships pass MAX_SHIPS, at the entry that takes it over
    (`counts`: each entry's ships and line, in file order), or None."""
    total = 0
    for ships, line in counts:
        total += ships
        if total > MAX_SHIPS:
            return UserError.single(
                "fleet.too_many", f"{what} take the fleet to {total:,} ships or more; a fleet is "
                f"at most {MAX_SHIPS} ships (each prints its own sheet): split it", None, line)
    return None


def is_fleet(data: Any) -> bool:
    return isinstance(data, dict) and "fleet" in data


def entries(model: FleetFile) -> list[tuple[str, str | None, tuple[Any, ...], list[FleetEntry]]]:
    """(group name, group type, the group's path in the file, its entries), in file order; a
    fleet of plain `ships:` is one group named after the fleet."""
    if model.ships:
        return [(model.fleet, None, (), model.ships)]
    return [(g.name, g.type, ("groups", i), g.ships) for i, g in enumerate(model.groups)]
