"""The terms of a fight: what the seed leaves to the table, resolved from the catalog's combat
numbers, the designs' `combat:` sections and the command line (which wins)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from shipyard.core.combat import Terms, whole_number
from shipyard.errors import UserError
from shipyard.systems.rogue_trader.combat.geometry import Vec
from shipyard.systems.rogue_trader.combat.spec import Crew, Spec
from shipyard.systems.rogue_trader.models import (
    RogueTraderCatalog,
    RogueTraderDesign,
)

MAX_RANGE = 100  # VU: far beyond any weapon; refuses absurd starts before any work

GEOMETRIES = {
    "head-on": "B straight ahead of A, facing each other",
    "pursuit": "B straight ahead of A, both facing the same way (A on B's tail)",
    "crossing": "B straight ahead of A, crossing A's course from starboard to port",
    "abeam": "B off A's port side, both facing the same way (broadside to broadside)",
}

SWITCHES = {
    "simple-destruction": ("off|a|b|both", "the seed's simplified NPC destruction for the ships "
                           "named (R1): at 0 Hull Integrity any critical hulks (1-9) or "
                           "explodes (10+)"),
    "surprise": ("none|a|b", "the ship named is Surprised: +20 to attacks on it in the first "
                 "round"),
}

CREW_KEYS = {
    "crew": "the crew rating: incompetent, competent, crack, veteran, elite",
    "gunnery": "Ballistic Skill of the gunnery officer (0..100)",
    "helm": "Operate (Voidship) of the helmsman (0..100)",
    "command": "Command of the leader of the ship's warriors (0..100)",
    "tactic": "what the captain tries: gunnery (stand off and shoot), ram, or board",
}
TACTICS = ("gunnery", "ram", "board")


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


@dataclass(frozen=True)
class Setup:
    """Everything a rogue-trader fight needs, fixed before the first Strategic Round."""

    specs: tuple[Spec, Spec]
    switches: Switches
    catalog: RogueTraderCatalog
    range: int
    geometry: str
    captains: tuple[Any, Any]  # a captain factory per side; None: the default captain

    def start(self) -> tuple[tuple[Vec, int], tuple[Vec, int]]:
        """(position, facing) of A and of B."""
        r = float(self.range)
        b = {"head-on": ((r, 0.0), 4), "pursuit": ((r, 0.0), 0), "crossing": ((r, 0.0), 2),
             "abeam": ((0.0, r), 0)}[self.geometry]
        return ((0.0, 0.0), 0), b


def crew(design: RogueTraderDesign, catalog: RogueTraderCatalog, given: dict[str, str],
         side: str) -> Crew:
    rating_id = design.crew
    values: dict[str, Any] = {"gunnery": design.combat.gunnery, "helm": design.combat.helm,
                              "command": design.combat.command, "tactic": design.combat.tactic}
    for key, value in given.items():
        option = f"--crew-{side} {key}={value}"
        if key == "crew":
            ratings = catalog.crew_ratings
            if value not in ratings:
                raise UserError.single("cli.crew", f"{option}: crew ratings are "
                                       f"{', '.join(ratings.ids())}")
            rating_id = value
        elif key in ("gunnery", "helm", "command"):
            values[key] = whole_number(option, value, 0, 100)
        elif key == "tactic":
            if value not in TACTICS:
                raise UserError.single("cli.crew", f"{option}: tactics are "
                                       f"{', '.join(TACTICS)}")
            values[key] = value
        else:
            close = difflib.get_close_matches(key, CREW_KEYS, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(CREW_KEYS)}"
            raise UserError.single("cli.crew", f"--crew-{side} {key}: rogue-trader crews have "
                                   f"no '{key}'; {hint}")
    rating = catalog.crew_ratings[rating_id].rating
    return Crew(rating=rating,
                gunnery=rating if values["gunnery"] is None else values["gunnery"],
                helm=rating if values["helm"] is None else values["helm"],
                command=rating if values["command"] is None else values["command"],
                tactic=values["tactic"])


def _sides(name: str, value: str, choices: dict[str, tuple[bool, bool]]) -> tuple[bool, bool]:
    if value not in choices:
        raise UserError.single("cli.rule", f"--rule {name}={value}: give one of "
                               f"{', '.join(choices)}")
    return choices[value]


def switches(given: dict[str, str]) -> Switches:
    for name in given:
        if name not in SWITCHES:
            close = difflib.get_close_matches(name, SWITCHES, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(SWITCHES)}"
            raise UserError.single("cli.rule", f"--rule {name}: rogue-trader has no such rule; "
                                   f"{hint}")
    none, a, b, both = (False, False), (True, False), (False, True), (True, True)
    return Switches(
        simple_destruction=_sides("simple-destruction",
                                  given.get("simple-destruction", "off"),
                                  {"off": none, "a": a, "b": b, "both": both, "on": both}),
        surprised=_sides("surprise", given.get("surprise", "none"),
                         {"none": none, "a": a, "b": b}),
    )


def geometry(catalog: RogueTraderCatalog, terms: Terms) -> str:
    name = terms.geometry or catalog.combat.geometry
    if name not in GEOMETRIES:
        raise UserError.single("cli.geometry", f"--geometry {name}: known geometries are "
                               f"{', '.join(GEOMETRIES)}")
    return name


def start_range(catalog: RogueTraderCatalog, terms: Terms) -> int:
    start = catalog.combat.start_range if terms.range is None else terms.range
    if not 0 <= start <= MAX_RANGE:
        raise UserError.single("cli.range", f"--range {start}: the ships start 0..{MAX_RANGE} "
                               "VU apart")
    return start
