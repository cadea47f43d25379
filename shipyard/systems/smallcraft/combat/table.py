"""The terms of a fight: what the seed leaves to the table, resolved from the catalog's combat
table, the designs' `combat:` sections and the command line (which wins)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from shipyard.api import Value
from shipyard.systems.smallcraft.combat import hexes
from shipyard.systems.smallcraft.combat.craft import Spec
from shipyard.systems.smallcraft.models import CombatTable, SmallcraftDesign


class Crew(NamedTuple):
    gunnery: int
    pilot_fires: bool
    quickness: int
    computer: int  # the skill of the computer that aims a turret when no gunner does


class Aim(NamedTuple):
    """Who aims a beam, and at what skill before the target's movement and range."""

    who: str
    skill: int
    modifiers: tuple[tuple[str, int], ...]


def aim(crew: Crew, table: CombatTable, turret: bool) -> Aim:
    """Rule 7 and dPhase 4: a gunner aims every beam; with none, the computer aims a turret (at
    its own skill, no penalty) and the busy pilot a fixed beam (at a penalty)."""
    if not crew.pilot_fires:
        return Aim("gunnery", crew.gunnery, ())
    if turret:
        return Aim("computer gunnery", crew.computer, ())
    return Aim("gunnery", crew.gunnery, (("pilot firing", -table.pilot_gunner_penalty),))


class Switches(NamedTuple):
    transverse: bool
    range_penalty: bool
    quickness_die: bool
    gunner_quickness: bool
    literal_missile_screens: bool

    def named(self, die: int) -> list[str]:
        """The seed's optional rules in force, and R6 where it is read literally: what the
        header of a fight says is on (the quickness die is on unless switched off)."""
        on = [(f"quickness-die (d{die} added to each Quickness)", self.quickness_die),
              ("gunner-quickness", self.gunner_quickness), ("transverse", self.transverse),
              ("range-penalty", self.range_penalty),
              ("missile-screens=literal", self.literal_missile_screens)]
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


def switches(table: CombatTable, given: Mapping[str, Value]) -> Switches:
    """The optional rules in force: the catalog's choices, then the command line's."""
    values = {**table.rules, **given}
    return Switches(
        transverse=values.get("transverse", "off") == "on",
        range_penalty=values.get("range-penalty", "off") == "on",
        quickness_die=values.get("quickness-die", "on") == "on",
        gunner_quickness=values.get("gunner-quickness", "off") == "on",
        literal_missile_screens=values.get("missile-screens", "salvo") == "literal",
    )


def crew(design: SmallcraftDesign, table: CombatTable, given: Mapping[str, Value]) -> Crew:
    from shipyard.api import UserError
    from shipyard.systems.smallcraft.models import Crew as CrewRow

    fixed = design.combat.model_fields_set
    computer = design.combat.computer if "computer" in fixed else table.computer_gunnery
    gunnery = design.combat.gunnery if "gunnery" in fixed else table.gunnery
    pilot_fires = (design.combat.pilot_is_gunner if "pilot_is_gunner" in fixed
                   else table.pilot_is_gunner)
    quickness = design.combat.quickness if "quickness" in fixed else table.quickness
    if "gunner" in given:
        pilot_fires = given["gunner"] == "pilot"
    people = sum(c.people for c in design.components if isinstance(c, CrewRow))
    if not pilot_fires and people < 2:
        raise UserError.single("cli.crew", f"gunner=crew: {design.name} carries "
                               f"{people} {'person' if people == 1 else 'people'}, so its "
                               "pilot is its gunner; give gunner=pilot")
    return Crew(int(given.get("gunnery", gunnery)), pilot_fires,
                int(given.get("quickness", quickness)), int(given.get("computer", computer)))
