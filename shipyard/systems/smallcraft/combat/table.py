"""The terms of a fight: what the seed leaves to the table, resolved from the catalog's combat
table, the designs' `combat:` sections and the command line (which wins)."""

from __future__ import annotations

import difflib
from typing import Any, NamedTuple

from shipyard.core.combat import Terms, whole_number
from shipyard.errors import UserError
from shipyard.systems.smallcraft.combat import hexes
from shipyard.systems.smallcraft.combat.craft import Spec
from shipyard.systems.smallcraft.models import CombatTable, SmallcraftDesign

GEOMETRIES = {
    "head-on": "B straight ahead of A, facing each other",
    "pursuit": "B straight ahead of A, both facing the same way (A on B's tail)",
    "crossing": "B straight ahead of A, B facing across A's line (90° to its right)",
    "random": "B at a random bearing, each facing a random clock direction",
}

SWITCHES = {
    "transverse": ("on|off", "beam optional rule 1: only the target's transverse movement counts"),
    "range-penalty": ("on|off", "beam optional rule 2: a penalty per dhex of distance beyond 5"),
    "quickness-die": ("on|off", "phases optional rule 1: a die added to each Quickness"),
    "gunner-quickness": ("on|off", "phases optional rule 2: weapon dphases go by the gunner's "
                         "Quickness; a pilot who also fires takes a penalty"),
    "missile-screens": ("salvo|literal", "R6: screens repel one missile in six of a salvo "
                        "(salvo), or let one in six through (literal)"),
}

CREW_KEYS = {
    "gunnery": "the gunner's skill, percent (0..100)",
    "gunner": "'pilot' (the pilot also fires, with a penalty) or 'crew' (a separate gunner)",
    "quickness": "the pilot's Quickness (-100..100), for the order within a dphase",
}


class Crew(NamedTuple):
    gunnery: int
    pilot_fires: bool
    quickness: int


class Switches(NamedTuple):
    transverse: bool
    range_penalty: bool
    quickness_die: bool
    gunner_quickness: bool
    literal_missile_screens: bool

    def named(self) -> list[str]:
        on = [("transverse", self.transverse), ("range-penalty", self.range_penalty),
              ("gunner-quickness", self.gunner_quickness),
              ("missile-screens=literal", self.literal_missile_screens),
              ("quickness-die=off", not self.quickness_die)]
        return [name for name, flag in on if flag]


class Start(NamedTuple):
    position: hexes.Vec
    facing: int


class Setup(NamedTuple):
    """Everything a smallcraft fight needs, fixed before the first dturn."""

    specs: tuple[Spec, Spec]
    crews: tuple[Crew, Crew]
    switches: Switches
    table: CombatTable
    beam_range: int
    range: int
    geometry: str
    pilots: tuple[Any, Any]  # a pilot factory per side; None: the default pilot

    def start(self, roll: Any) -> tuple[Start, Start]:
        """Where the craft start; `roll(n)` is a die for the random geometry."""
        if self.geometry == "random":
            ring = hex_ring(self.range)
            q, r = ring[roll(len(ring)) - 1]
            return (Start(hexes.ZERO, roll(12) - 1),
                    Start(hexes.hex_centre(q, r), roll(12) - 1))
        b_facing = {"head-on": 6, "pursuit": 0, "crossing": 3}[self.geometry]
        return Start(hexes.ZERO, 0), Start(hexes.hex_centre(0, self.range), b_facing)


def hex_ring(radius: int) -> list[tuple[int, int]]:
    """The hexes at `radius` from the origin, clockwise from straight up."""
    if radius == 0:
        return [(0, 0)]
    steps = [(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0)]  # 4, 6, 8, 10, 12, 2 o'clock
    q, r = 0, radius
    out = []
    for dq, dr in steps:
        for _ in range(radius):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def _flag(name: str, value: str) -> bool:
    if value in ("on", "true", "yes", "1"):
        return True
    if value in ("off", "false", "no", "0"):
        return False
    raise UserError.single("cli.rule", f"--rule {name}={value}: give on or off")


def switches(table: CombatTable, given: dict[str, str]) -> Switches:
    values = dict(table.rules)
    for name, value in given.items():
        if name not in SWITCHES:
            close = difflib.get_close_matches(name, SWITCHES, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(SWITCHES)}"
            raise UserError.single("cli.rule", f"--rule {name}: smallcraft has no such rule; "
                                   f"{hint}")
        values[name] = value
    screens = values.get("missile-screens", "salvo")
    if screens not in ("salvo", "literal"):
        raise UserError.single("cli.rule", f"--rule missile-screens={screens}: give salvo or "
                               "literal")
    return Switches(
        transverse=_flag("transverse", values.get("transverse", "off")),
        range_penalty=_flag("range-penalty", values.get("range-penalty", "off")),
        quickness_die=_flag("quickness-die", values.get("quickness-die", "on")),
        gunner_quickness=_flag("gunner-quickness", values.get("gunner-quickness", "off")),
        literal_missile_screens=screens == "literal",
    )


def crew(design: SmallcraftDesign, table: CombatTable, given: dict[str, str],
         side: str) -> Crew:
    fixed = design.combat.model_fields_set
    gunnery = design.combat.gunnery if "gunnery" in fixed else table.gunnery
    pilot_fires = (design.combat.pilot_is_gunner if "pilot_is_gunner" in fixed
                   else table.pilot_is_gunner)
    quickness = design.combat.quickness if "quickness" in fixed else table.quickness
    for key, value in given.items():
        option = f"--crew-{side} {key}={value}"
        if key == "gunnery":
            gunnery = whole_number(option, value, 0, 100)
        elif key == "quickness":
            quickness = whole_number(option, value, -100, 100)
        elif key == "gunner":
            if value not in ("pilot", "crew"):
                raise UserError.single("cli.crew", f"{option}: give gunner=pilot or "
                                       "gunner=crew")
            pilot_fires = value == "pilot"
        else:
            raise UserError.single("cli.crew", f"--crew-{side} {key}: smallcraft crews have "
                                   f"{', '.join(CREW_KEYS)}")
    return Crew(gunnery, pilot_fires, quickness)


def geometry(table: CombatTable, terms: Terms) -> str:
    name = terms.geometry or table.geometry
    if name not in GEOMETRIES:
        raise UserError.single("cli.geometry", f"--geometry {name}: known geometries are "
                               f"{', '.join(GEOMETRIES)}")
    return name
