"""smallcraft design files and catalog, as Pydantic models.

Schema bounds here refuse absurd input (exit 2) before any work grows with it; whether a sane
design fits its hull is for the rules (exit 1).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field, model_validator

from shipyard.api import DesignBase, Entries, Ref, StrictModel
from shipyard.systems.smallcraft.options import GEOMETRY, OPTIONS

MAX_HULL = 10_000
Facing = Literal["front", "back", "left", "right", "top", "bottom"]
Count = Annotated[int, Field(ge=1, le=MAX_HULL)]
Label = Annotated[str, Field(min_length=1, max_length=80)]


# --- catalog -------------------------------------------------------------------------------

Rounding = Literal["nearest-half-down", "nearest-half-up", "down", "up"]


class Construction(StrictModel):
    # bounds (docs/limits.md): a hull is at most 10,000 cblocs, and a sheet draws a box per
    # cbloc, so the figures that turn tons, people or power into cblocs stay small
    cbloc_tons: Decimal = Field(ge=Decimal("0.01"), le=10)
    drive_hull_divisor: int = Field(ge=1, le=MAX_HULL,
                                    description="hull / this = cblocs per G (rule 3)")
    drive_rounding: Rounding
    armor_minimum_divisor: int = Field(ge=1, le=MAX_HULL,
                                       description="armor >= ceil(hull / this) (rule 4)")
    power_per_cbloc: int = Field(ge=1, le=1000,
                                 description="cunits per power cbloc (rule 10, R3)")
    jump_drive_cblocs: int = Field(ge=1, le=MAX_HULL)
    crew_cblocs_per_person: int = Field(ge=0, le=100)
    room_to_move_cblocs_per_person: int = Field(ge=0, le=100)
    missiles_per_cbloc: int = Field(ge=1, le=20)  # each one in flight: 9 numbers of state
    turret_mount_cblocs: int = Field(ge=0, le=100)


class Ranges(StrictModel):
    detection_dhexes: int = Field(ge=0, le=10_000)
    detection_per_sensor_dhex: int = Field(ge=0, le=10)
    beam_dhexes: int = Field(ge=0, le=10_000)


class AtmosphereOption(StrictModel):
    id: str
    name: str
    hull_percent: int = Field(ge=0, le=100)
    source: Literal["rules", "house"]
    note: str = ""


class PilotTable(StrictModel):
    standoff: float = Field(ge=0, le=1000)
    closing_gain: float = Field(gt=0, le=100)
    max_closing: float = Field(gt=0, le=1000)
    missile_horizon: int = Field(ge=0, le=1000)
    evasion: float = Field(ge=0, le=1000)


class CombatTable(StrictModel):
    """combat.yaml: the table's choices and the figures of the combat procedure."""

    start_range: int = Field(ge=0, le=10_000)
    geometry: Annotated[str, GEOMETRY.validator()]
    cap: int = Field(ge=1, le=10_000)
    stalemate_after: int = Field(default=40, ge=0, le=10_000)
    gunnery: int = Field(ge=0, le=100)
    pilot_is_gunner: bool
    quickness: int = Field(ge=-100, le=100)
    computer_gunnery: int = Field(ge=0, le=100)
    quickness_die: int = Field(ge=1, le=1000)
    movement_penalty: int = Field(ge=0, le=100)
    pilot_gunner_penalty: int = Field(ge=0, le=100)
    range_penalty: int = Field(ge=0, le=100)
    range_penalty_beyond: int = Field(ge=0, le=10_000)
    gunner_quickness_penalty: int = Field(ge=0, le=1000)
    screens_ratio: int = Field(ge=1, le=1000)
    formation_spacing: int = Field(default=2, ge=2, le=100, multiple_of=2)
    piloting: int = Field(default=50, ge=0, le=100)
    rules: Annotated[dict[str, str], OPTIONS.rules_validator()]
    pilot: PilotTable


class SmallcraftCatalog(StrictModel):
    construction: Construction
    ranges: Ranges
    atmosphere: Entries[AtmosphereOption]
    combat: CombatTable


# --- design ----------------------------------------------------------------------------------


class _Component(StrictModel):
    label: Label | None = Field(default=None, description="the row's name on the Damage "
                                "Allocation Sheet and in fights, in place of the one shipyard "
                                "gives (1 to 80 characters; a '*' points to a note)")


class Drive(_Component):
    """A sublight drive on one face: hull x G / 20 cblocs (rule 3), 1 cunit a cbloc."""

    type: Literal["drive"] = Field(description="drive")
    facing: Facing = Field(description="the direction it thrusts: front, back, left, right, "
                           "top or bottom (top and bottom do nothing in 2D combat)")
    g: int | None = Field(default=None, ge=1, le=1000, description="its acceleration in G, "
                          "1 to 1000; with no cblocs, the cblocs follow from it")
    cblocs: Count | None = Field(default=None, description="cblocs given to it, 1 to 10000; "
                                 "with no g, the G follows from them (at least one of the two)")

    @model_validator(mode="after")
    def _sized(self) -> Drive:
        if self.g is None and self.cblocs is None:
            raise ValueError("a drive needs its g (acceleration) or its cblocs, or both")
        return self


class JumpDrive(_Component):
    """A jump drive: 20 cblocs and fuel for two one-parsec jumps (rule 2)."""

    type: Literal["jump_drive"] = Field(description="jump_drive")
    cblocs: Count | None = Field(default=None, description="cblocs, if given the catalog's "
                                 "jump_drive_cblocs (20)")


class Armor(_Component):
    """Armour: each cbloc stops a dhit before the boxes behind it (rule 4)."""

    type: Literal["armor"] = Field(description="armor")
    cblocs: Count = Field(description="cblocs of armour, at least a tenth of the hull "
                          "(rounded up)")


class Sensors(_Component):
    """Sensors: one cbloc and one cunit for each dhex of range (rule 5)."""

    type: Literal["sensors"] = Field(description="sensors")
    range: Count = Field(description="range in dhexes (as many cblocs); detection reaches 20 + "
                         "2 x range dhexes")


class Screens(_Component):
    """Screens: each powered cbloc absorbs a beam's dhit; of missiles, one in six gets through
    (rules 6 and Inflicting Damage)."""

    type: Literal["screens"] = Field(description="screens")
    cblocs: Count = Field(description="cblocs of screens, 1 cunit each when raised")


class Beam(_Component):
    """A beam weapon: one dhit per cbloc at up to 15 dhexes (rule 7)."""

    type: Literal["beam"] = Field(description="beam")
    mount: Literal["fixed", "turret"] = Field(default="fixed", description="fixed (fires along "
                                              "its facing; the craft turns to aim it) or turret "
                                              "(aims up to 30 degrees off its facing; one cbloc "
                                              "and one cunit more)")
    facing: Facing = Field(default="front", description="the way it points: front, back, "
                           "left, right, top or bottom")
    cblocs: Count = Field(description="cblocs of weapon: its dhits a hit and its cunits")


class LaunchTubes(_Component):
    """Missile launch tubes: each fires one missile, for a cunit (rule 8)."""

    type: Literal["launch_tubes"] = Field(description="launch_tubes")
    count: Count = Field(description="tubes, one cbloc each: missiles that can be fired at "
                         "once")


class Missiles(_Component):
    """Missiles in store for the tubes: five a cbloc, move + damage at most their tech level
    (rule 9)."""

    type: Literal["missiles"] = Field(description="missiles")
    cblocs: Count = Field(description="cblocs of store: 5 missiles each")
    move: int = Field(ge=1, le=1000, description="dhexes a missile flies a dturn")
    damage: int = Field(ge=1, le=1000, description="dhits a missile deals when it reaches its "
                        "target")
    tech_level: int | None = Field(default=None, ge=1, le=1000, description="these missiles' "
                                   "tech level, at least move + damage; the craft's tech_level "
                                   "if not given")


class Power(_Component):
    """The power plant: cunits for drives, sensors, screens, beams and tubes (rule 10)."""

    type: Literal["power"] = Field(description="power")
    cblocs: Count = Field(description="cblocs of power plant: 6 cunits each (R3)")


class Crew(_Component):
    """The people aboard: 3 cblocs each, 4 with room to move (rule 11)."""

    type: Literal["crew"] = Field(description="crew")
    people: int = Field(ge=1, le=MAX_HULL // 3, description="people aboard, 1 to 3333")
    room_to_move: bool = Field(default=False, description="a cbloc more a person, to move "
                               "about inside the craft")


class Cargo(_Component):
    """Cargo space (rule 12)."""

    type: Literal["cargo"] = Field(description="cargo")
    tons: Decimal = Field(gt=0, le=1000, max_digits=12, description="tons of cargo, over 0 to "
                          "1000: tons / 0.05 cblocs, rounded up to whole cblocs")


class Atmosphere(_Component):
    """Flight in atmosphere: a share of the hull, rounded up (rule 13)."""

    type: Literal["atmosphere"] = Field(description="atmosphere")
    option: Annotated[str, Ref("atmosphere", "atmosphere option")] = Field(
        description="an atmosphere option id from `shipyard catalog smallcraft` (land-and-lift, "
        "fly-standard, fly-any, submersible)")


Component = Annotated[
    Drive | JumpDrive | Armor | Sensors | Screens | Beam | LaunchTubes | Missiles | Power | Crew
    | Cargo | Atmosphere,
    Field(discriminator="type"),
]


class CombatDefaults(StrictModel):
    """The crew's skills in a fight, in percent as the rules' d% rolls read them."""

    gunnery: int = Field(default=50, ge=0, le=100, description="gunner's skill, percent")
    pilot_is_gunner: bool = Field(default=True, description="-10% to hit when true")
    quickness: int = Field(default=0, ge=-100, le=100, description="the pilot's Quickness, "
                           "-100 to 100: who acts first in each dphase (with a d10 added "
                           "under the quickness-die rule)")
    piloting: int = Field(default=50, ge=0, le=100,
                          description="the pilot's skill at flying, percent: it can confuse a "
                          "missile (M3)")
    computer: int = Field(default=40, ge=0, le=100,
                          description="the turret computer's skill, percent, for turrets "
                          "with no gunner")


class SmallcraftDesign(DesignBase):
    system: Literal["smallcraft"] = Field(description="smallcraft")
    hull: int = Field(ge=1, le=MAX_HULL, description="size in cblocs (1 cbloc = 0.05 t)")
    tech_level: int | None = Field(default=None, ge=1, le=1000,
                                   description="default tech level of the craft's missiles")
    components: list[Component] = Field(default_factory=list, max_length=1000, description=(
        "the rows of the Damage Allocation Sheet, each with its type (drive, jump_drive, armor, "
        "sensors, screens, beam, launch_tubes, missiles, power, crew, cargo, atmosphere); "
        "together they fill at most the hull's cblocs"))
    combat: CombatDefaults = Field(default_factory=CombatDefaults, description="the crew's "
                                   "skills in a fight, in percent")
    notes: list[Annotated[str, Field(min_length=1, max_length=500)]] = Field(
        default_factory=list, max_length=20,
        description="footnotes printed under the sheet (a label's '*', the rules' Galileo)")
