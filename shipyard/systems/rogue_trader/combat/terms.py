"""The terms of a fight: what the seed leaves to the table, resolved from the catalog's combat
numbers, the designs' `combat:` sections and the command line (which wins)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from shipyard.api import UserError, Value, suggest
from shipyard.systems.rogue_trader.combat.spec import Crew
from shipyard.systems.rogue_trader.models import (
    RogueTraderCatalog,
    RogueTraderDesign,
)


@dataclass(frozen=True)
class Switches:
    simple_destruction: tuple[bool, bool]
    surprised: tuple[bool, bool]

    def named(self) -> list[str]:
        out = []
        for label, flags in (("simplified destruction", self.simple_destruction),
                             ("Surprised", self.surprised)):
            sides = [s for s, on in zip("AB", flags, strict=True) if on]
            if sides:
                out.append(f"{label}: {' and '.join(sides)}")
        return out


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
    return Switches(simple_destruction=sides[str(given.get("simple-destruction", "off"))],
                    surprised=sides[str(given.get("surprise", "none"))])
