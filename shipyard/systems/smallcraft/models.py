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
    source: Literal["seed", "house"]
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
    label: Label | None = None


class Drive(_Component):
    type: Literal["drive"]
    facing: Facing
    g: int | None = Field(default=None, ge=1, le=1000)
    cblocs: Count | None = None

    @model_validator(mode="after")
    def _sized(self) -> Drive:
        if self.g is None and self.cblocs is None:
            raise ValueError("a drive needs its g (acceleration) or its cblocs, or both")
        return self


class JumpDrive(_Component):
    type: Literal["jump_drive"]
    cblocs: Count | None = None


class Armor(_Component):
    type: Literal["armor"]
    cblocs: Count


class Sensors(_Component):
    type: Literal["sensors"]
    range: Count


class Screens(_Component):
    type: Literal["screens"]
    cblocs: Count


class Beam(_Component):
    type: Literal["beam"]
    mount: Literal["fixed", "turret"] = "fixed"
    facing: Facing = "front"
    cblocs: Count


class LaunchTubes(_Component):
    type: Literal["launch_tubes"]
    count: Count


class Missiles(_Component):
    type: Literal["missiles"]
    cblocs: Count
    move: int = Field(ge=1, le=1000)
    damage: int = Field(ge=1, le=1000)
    tech_level: int | None = Field(default=None, ge=1, le=1000)


class Power(_Component):
    type: Literal["power"]
    cblocs: Count


class Crew(_Component):
    type: Literal["crew"]
    people: int = Field(ge=1, le=MAX_HULL // 3)
    room_to_move: bool = False


class Cargo(_Component):
    type: Literal["cargo"]
    tons: Decimal = Field(gt=0, le=1000, max_digits=12)


class Atmosphere(_Component):
    type: Literal["atmosphere"]
    option: Annotated[str, Ref("atmosphere", "atmosphere option")]


Component = Annotated[
    Drive | JumpDrive | Armor | Sensors | Screens | Beam | LaunchTubes | Missiles | Power | Crew
    | Cargo | Atmosphere,
    Field(discriminator="type"),
]


class CombatDefaults(StrictModel):
    gunnery: int = Field(default=50, ge=0, le=100, description="gunner's skill, percent")
    pilot_is_gunner: bool = Field(default=True, description="-10% to hit when true")
    quickness: int = Field(default=0, ge=-100, le=100)
    piloting: int = Field(default=50, ge=0, le=100,
                          description="the pilot's skill at flying, percent: it can confuse a "
                          "missile (M3)")
    computer: int = Field(default=40, ge=0, le=100,
                          description="the turret computer's skill, percent, for turrets "
                          "with no gunner")


class SmallcraftDesign(DesignBase):
    system: Literal["smallcraft"]
    hull: int = Field(ge=1, le=MAX_HULL, description="size in cblocs (1 cbloc = 0.05 t)")
    tech_level: int | None = Field(default=None, ge=1, le=1000,
                                   description="default tech level of the craft's missiles")
    components: list[Component] = Field(default_factory=list, max_length=1000)
    combat: CombatDefaults = Field(default_factory=CombatDefaults)
    notes: list[Annotated[str, Field(min_length=1, max_length=500)]] = Field(
        default_factory=list, max_length=20,
        description="footnotes printed under the sheet (a label's '*', the seed's Galileo)")
