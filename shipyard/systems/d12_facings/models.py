"""d12-facings design files and catalog, as Pydantic models.

A design names its hull, its systems (each on a facing, or in the core), its crew and its edges.
An id the catalog lacks is an input error (exit 2) naming the nearest known id; whether the ship
fits its hull (slots, berths, limits) is for the rules (exit 1).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from shipyard.api import DesignBase, Entries, Ref, StrictModel

Facing = Literal["fore", "aft", "port", "starboard", "core"]
FACINGS: tuple[Facing, ...] = ("fore", "aft", "port", "starboard", "core")
SIDES: tuple[Facing, ...] = ("fore", "aft", "port", "starboard")
Kind = Literal["weapon", "missile", "shield", "armour", "engine", "sensor", "station"]
Weight = Literal["normal", "heavy", "super-heavy"]
Effect = Literal["bonus", "after-roll", "attacker-chooses", "defence"]
RollName = Literal["piloting", "gunnery"]
RangeName = Literal["tailing", "short", "medium", "long", "escaped"]
RANGES: tuple[RangeName, ...] = ("tailing", "short", "medium", "long", "escaped")
Source = Annotated[str, Field(min_length=1, max_length=80)]
Reason = Annotated[str, Field(min_length=1, max_length=300)]
Small = Annotated[int, Field(ge=0, le=100)]


# --- catalog -------------------------------------------------------------------------------


class Slots(StrictModel):
    fore: Small
    aft: Small
    port: Small
    starboard: Small
    core: Annotated[int, Field(ge=1, le=100)]

    def of(self, facing: Facing) -> int:
        value: int = getattr(self, facing)
        return value


class Hull(StrictModel):
    id: str
    name: str
    slots: Slots
    shields: Small = Field(description="the most shield points the generators may give")
    armour: Small = Field(description="the most outer armour points")
    berths: Annotated[int, Field(ge=1, le=100)] = Field(description="crew aboard, captain too")
    defence: Annotated[int, Field(ge=-10, le=20)]
    handling: Annotated[int, Field(ge=-10, le=10)] = Field(description="added to piloting")
    points: Annotated[int, Field(ge=0, le=10_000)]
    source: Source
    reason: Reason


class System(StrictModel):
    id: str
    name: str
    kind: Kind
    weight: Weight
    hp: Annotated[int, Field(ge=1, le=100)]
    slots: Annotated[int, Field(ge=1, le=20)]
    points: Annotated[int, Field(ge=0, le=1000)]
    damage: Annotated[int, Field(ge=1, le=100)] | None = None
    sustain: Annotated[int, Field(ge=1, le=100)] | None = None
    to_hit: Annotated[int, Field(ge=1, le=30)] | None = None
    shields: Annotated[int, Field(ge=1, le=100)] | None = None
    piloting: Annotated[int, Field(ge=1, le=20)] | None = None
    gunnery: Annotated[int, Field(ge=1, le=20)] | None = None
    seats: Annotated[int, Field(ge=1, le=20)] | None = None
    source: Source
    reason: Reason

    @model_validator(mode="after")
    def _figures_of_its_kind(self) -> System:
        wanted = {"weapon": {"damage", "sustain"}, "missile": {"damage", "to_hit"},
                  "shield": {"shields"}, "armour": set(), "engine": {"piloting"},
                  "sensor": {"gunnery"}, "station": {"seats"}}[self.kind]
        figures = {"damage", "sustain", "to_hit", "shields", "piloting", "gunnery", "seats"}
        given = {name for name in figures if getattr(self, name) is not None}
        if given != wanted:
            missing, extra = sorted(wanted - given), sorted(given - wanted)
            words = ([f"needs {', '.join(missing)}"] if missing else []) + (
                [f"takes no {', '.join(extra)}"] if extra else [])
            raise ValueError(f"a {self.kind} system {' and '.join(words)}")
        return self

    @property
    def fires(self) -> bool:
        return self.kind in ("weapon", "missile")


class Edge(StrictModel):
    id: str
    name: str
    effect: Effect
    roll: RollName | None = None
    figure: Annotated[int, Field(ge=0, le=20)]
    points: Annotated[int, Field(ge=0, le=1000)]
    source: Source
    reason: Reason

    @model_validator(mode="after")
    def _roll_when_it_names_one(self) -> Edge:
        names_roll = self.effect in ("bonus", "after-roll")
        if names_roll != (self.roll is not None):
            raise ValueError(f"an edge with effect '{self.effect}' "
                             + ("names the roll it changes (roll: piloting or gunnery)"
                                if names_roll else "names no roll"))
        if self.effect == "after-roll" and self.roll != "gunnery":
            # R15: piloting results are compared with each other, never with a need: an
            # after-roll figure there has nothing to reach, so no rule would read it
            raise ValueError("an after-roll edge changes a gunnery roll only (R15); for "
                             "piloting give effect: bonus")
        return self


class Construction(StrictModel):
    outer_armour_points: Small
    turret_points: Small
    crewman_points: Small
    free_skill: Annotated[int, Field(ge=0, le=20)]
    skill_points: Small
    max_skill: Annotated[int, Field(ge=1, le=30)]


class Difficulty(StrictModel):
    tailing: Annotated[int, Field(ge=1, le=30)]
    short: Annotated[int, Field(ge=1, le=30)]
    medium: Annotated[int, Field(ge=1, le=30)]
    long: Annotated[int, Field(ge=1, le=30)]


class Combat(StrictModel):
    difficulty: Difficulty
    two_steps_margin: Annotated[int, Field(ge=1, le=100)]
    start_range: Literal["tailing", "short", "medium", "long"]
    cap: Annotated[int, Field(ge=1, le=10_000)]


class D12Catalog(StrictModel):
    construction: Construction
    combat: Combat
    hulls: Entries[Hull]
    systems: Entries[System]
    edges: Entries[Edge]

    @model_validator(mode="after")
    def _something_to_build_with(self) -> D12Catalog:
        if not len(self.hulls) or not len(self.systems):
            raise ValueError("the catalog needs at least one hull and one system")
        return self


# --- design ----------------------------------------------------------------------------------


Id = Annotated[str, Field(min_length=1, max_length=120)]
SEE = "see `shipyard catalog d12-facings`"
HullId = Annotated[Id, Ref("hulls", "hull", SEE)]
SystemId = Annotated[Id, Ref("systems", "system", SEE, always=True)]
EdgeId = Annotated[Id, Ref("edges", "edge", SEE)]
Skill = Annotated[int, Field(ge=0, le=30)]
Name = Annotated[str, Field(min_length=1, max_length=80)]


class Mount(StrictModel):
    """A system fitted on one facing of the hull."""

    system: SystemId = Field(description="a system id from `shipyard catalog d12-facings` "
                             "(weapon, missile, shield, armour, engine, sensor or station)")
    facing: Facing = Field(description="where it sits: fore, aft, port, starboard or core; it "
                           "takes its slots there (weapons and missiles never in the core)")
    turret: bool = Field(default=False, description="a weapon or missile on a turret: fires in "
                         "every arc and works until destroyed, for the catalog's turret points")
    label: Name | None = Field(default=None, description="a name of your own for this system "
                               "on the sheet and in fights (1 to 80 characters)")


class Hand(StrictModel):
    """The captain or a crewman, with the two skills the quick reference rolls."""

    name: Name = Field(description="the person's name (1 to 80 characters)")
    piloting: Skill = Field(description="piloting skill, 0 to the catalog's max_skill (10 "
                            "bundled); each level above free_skill (4 bundled) costs "
                            "skill_points")
    gunnery: Skill = Field(description="gunnery skill, 0 to the catalog's max_skill (10 "
                           "bundled); each level above free_skill (4 bundled) costs "
                           "skill_points")


class D12Design(DesignBase):
    system: Literal["d12-facings"] = Field(description="d12-facings")
    hull: HullId = Field(description="a hull class id from `shipyard catalog d12-facings` "
                         "(corvette, frigate, destroyer, cruiser, battleship): its slots per "
                         "facing, shields, armour cap, berths and points")
    armour: Annotated[int, Field(ge=0, le=1000)] = Field(
        default=0, description="outer armour points, at most the hull's armour; each costs the "
        "catalog's outer_armour_points")
    captain: Hand = Field(description="the captain: name, piloting, gunnery (takes a berth)")
    crew: list[Hand] = Field(default_factory=list, max_length=100, description="the crewmen "
                             "beyond the captain, each with name, piloting and gunnery; "
                             "captain and crew together at most the hull's berths")
    systems: list[Mount] = Field(default_factory=list, max_length=200, description="every "
                                 "system aboard, each on a facing; a facing's systems fill at "
                                 "most its slots")
    edges: list[EdgeId] = Field(default_factory=list, max_length=50, description="edge ids "
                                "from `shipyard catalog d12-facings`, each at most once")
    points_limit: Annotated[int, Field(ge=1, le=100_000)] | None = Field(
        default=None, description="the most points the ship may cost (a fleet's budget)")
