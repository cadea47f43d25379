"""The terms of a fight: what the seed leaves to the table, resolved from the catalog's combat
numbers, the designs' `combat:` sections and the command line (which wins)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shipyard.api import UserError, Value, suggest
from shipyard.systems.rogue_trader.combat.spec import Crew
from shipyard.systems.rogue_trader.models import (
    RogueTraderCatalog,
    RogueTraderDesign,
)
from shipyard.systems.rogue_trader.options import SURPRISE_HELP

SURPRISE_SHIP = re.compile(r"([ab])([1-9][0-9]*)")


@dataclass(frozen=True)
class Switches:
    simple_destruction: tuple[bool, bool]
    surprised_sides: tuple[bool, bool]  # every ship of the side Surprised
    surprised_ships: frozenset[tuple[int, int]] = frozenset()  # (side, place from 1)

    def surprised(self, side: int, place: int) -> bool:
        """Whether the ship at `place` (from 1) in her side's fleet order is Surprised."""
        return self.surprised_sides[side] or (side, place) in self.surprised_ships

    def named(self, ships: Sequence[tuple[str, int, int]] = ()) -> list[str]:
        """The switches in force, in words; `ships` names each ship (name, side, place) for a
        surprise given ship by ship."""
        out = []
        for label, flags in (("simplified destruction", self.simple_destruction),
                             ("Surprised", self.surprised_sides)):
            sides = [s for s, on in zip("AB", flags, strict=True) if on]
            if sides:
                out.append(f"{label}: {' and '.join(sides)}")
        named = [name for name, side, place in ships if (side, place) in self.surprised_ships]
        if named:
            out.append(f"Surprised: {', '.join(named)}")
        return out

    def check_places(self, sizes: tuple[int, int]) -> None:
        """A surprise given ship by ship names ships the sides have (one line, exit 2)."""
        for side, place in sorted(self.surprised_ships):
            if place > sizes[side]:
                raise UserError.single(
                    "cli.option", f"--rule surprise: side {'AB'[side]} has "
                    f"{sizes[side]} ship{'s' if sizes[side] != 1 else ''}, no "
                    f"{'ab'[side]}{place}; give {SURPRISE_HELP}")


def crew(design: RogueTraderDesign, catalog: RogueTraderCatalog, given: Mapping[str, Value],
         flag: str) -> Crew:
    rating_id = str(given.get("crew", design.crew))
    ratings = catalog.crew_ratings
    if rating_id not in ratings:
        raise UserError.single("cli.option", f"{flag} crew={rating_id}: "
                               f"{suggest(rating_id, ratings.ids())}")
    rating = ratings[rating_id].rating
    combat = design.combat

    def skill(key: str, fixed: int | None) -> int:
        value = given.get(key, fixed)
        return rating if value is None else int(value)

    return Crew(rating=rating, gunnery=skill("gunnery", combat.gunnery),
                helm=skill("helm", combat.helm), command=skill("command", combat.command),
                tactic=str(given.get("tactic", combat.tactic)))


def switches(given: Mapping[str, Value]) -> Switches:
    none, a, b, both = (False, False), (True, False), (False, True), (True, True)
    sides = {"off": none, "none": none, "a": a, "b": b, "both": both}
    surprise = str(given.get("surprise", "none"))
    if surprise in ("none", "a", "b"):
        return Switches(sides[str(given.get("simple-destruction", "off"))], sides[surprise])
    ships = set()
    for item in surprise.split("+"):
        found = SURPRISE_SHIP.fullmatch(item.strip().lower())
        if found is None:
            raise UserError.single("cli.option", f"--rule surprise={surprise}: give "
                                   f"{SURPRISE_HELP}")
        ships.add(("ab".index(found.group(1)), int(found.group(2))))
    return Switches(sides[str(given.get("simple-destruction", "off"))], none, frozenset(ships))
