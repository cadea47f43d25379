"""rogue-trader design files and catalog, as Pydantic models.

A design names its hull, crew rating, components and weapons by catalog id; an unknown id is an
input error (exit 2) that names the nearest known id. Whether the ship fits its hull (Power,
Space, slots, restrictions) is for the rules (exit 1).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from shipyard.api import At, DesignBase, Dice, Entries, Ref, StrictModel, each_roll_once, quoted
from shipyard.systems.rogue_trader.options import GEOMETRY

HullClass = Literal["transport", "raider", "frigate", "light-cruiser", "cruiser",
                    "battlecruiser", "grand-cruiser"]
Location = Literal["prow", "dorsal", "port", "starboard", "keel"]
LOCATIONS: tuple[Location, ...] = ("prow", "dorsal", "port", "starboard", "keel")
Arc = Literal["fore", "port", "starboard", "aft"]
ComponentKind = Literal["plasma-drive", "warp-engine", "gellar-field", "void-shields", "bridge",
                        "life-sustainer", "crew-quarters", "augur-array", "supplemental"]
WeaponKind = Literal["macrobattery", "lance", "torpedo-tubes", "landing-bay", "nova-cannon"]
Source = Annotated[str, Field(min_length=1, max_length=80)]


def _ref(table: str, what: str) -> Ref:
    # the tables run to dozens of ids: the nearest one helps more than the list
    return Ref(table, what, "see `shipyard catalog rogue-trader`", always=True)


# --- catalog -------------------------------------------------------------------------------


class HullClassRules(StrictModel):
    id: HullClass
    name: str
    turn: int = Field(ge=0, le=180, description="degrees a ship may turn after moving")
    ram_damage: Dice
    source: str


class Hull(StrictModel):
    id: str
    name: str
    hull_class: HullClass = Field(alias="class")
    speed: int = Field(ge=0, le=50)
    manoeuvrability: int = Field(ge=-100, le=100)
    detection: int = Field(ge=-100, le=100)
    hull_integrity: int = Field(ge=1, le=1000)
    armour: int = Field(ge=0, le=100)
    turrets: int = Field(ge=0, le=20)
    space: int = Field(ge=0, le=1000)
    sp: int = Field(ge=0, le=1000)
    weapons: dict[Location, int] = Field(description="weapon capacity per location")
    crew: int = Field(ge=0, description="complement in souls, for the record")
    source: Source
    house: list[str] = Field(default_factory=list)


# a component's modifier to a profile figure or a test: the hull's own tracks are at most 1,000
# boxes, and a sheet draws a box a point (1e9 to Hull Integrity took 4 GB on `sheet`)
Modifier = Annotated[int, Field(ge=-1000, le=1000)]


class Modifiers(StrictModel):
    """What a component adds to the ship's profile and to the tests its crew makes."""

    speed: Modifier = 0
    manoeuvrability: Modifier = 0
    detection: Modifier = 0
    armour: Modifier = 0
    hull_integrity: Modifier = 0
    turrets: Modifier = 0
    void_shields: Modifier = 0
    crew_population: Modifier = 0
    morale: Modifier = 0
    ballistic_skill: Modifier = 0
    command: Modifier = 0
    boarding: Modifier = Field(default=0, description="Command in any boarding action")
    boarding_defence: Modifier = Field(default=0, description="Command when defending against one")
    prow_armour: Modifier = 0
    ram_damage: Dice | None = None
    macrobattery_damage: Modifier = 0
    fire_fighting: Modifier = 0


class Component(StrictModel):
    id: str
    name: str
    kind: ComponentKind
    hulls: list[HullClass] = Field(min_length=1)
    power: int = Field(default=0, ge=0, le=1000, description="Power used")
    power_generated: int = Field(default=0, ge=0, le=1000)
    space: int = Field(ge=0, le=1000)
    sp: int = Field(ge=-100, le=1000)
    modifiers: Modifiers = Field(default_factory=Modifiers)
    prow_forbids: list[WeaponKind] = Field(default_factory=list)
    shield_fails_on: int | None = Field(default=None, ge=1, le=10,
                                        description="a hit it would stop lands on d10 <= this")
    effect: str
    source: Source
    house: list[str] = Field(default_factory=list)


class Weapon(StrictModel):
    id: str
    name: str
    kind: WeaponKind
    hulls: list[HullClass] = Field(min_length=1)
    locations: list[Location] = Field(min_length=1)
    strength: int = Field(ge=1, le=20)
    damage: Dice | None = None
    crit: int | None = Field(default=None, ge=0, le=20)
    range: int | None = Field(default=None, ge=1, le=100)
    min_range: int = Field(default=0, ge=0, le=100)
    hit_step: int | None = Field(default=None, ge=1, le=10,
                                 description="degrees of success per extra hit, if not the kind's")
    to_hit: int = Field(default=0, ge=-100, le=100)
    capacity: int | None = Field(default=None, ge=1, le=1000, description="torpedoes carried")
    power: int = Field(ge=0, le=1000)
    space: int = Field(ge=0, le=1000)
    sp: int = Field(ge=0, le=1000)
    effect: str
    source: Source
    house: list[str] = Field(default_factory=list)


class Torpedo(StrictModel):
    id: str
    name: str
    damage: Dice
    crit: int | None = Field(default=None, ge=0, le=20)
    effect: str
    source: Source
    house: list[str] = Field(default_factory=list)


class AttackCraft(StrictModel):
    id: str
    name: str
    damage: Dice
    reach: int = Field(ge=1, le=100, description="VU a wave flies in the turn it launches")
    source: Source
    house: list[str] = Field(default_factory=list)


class CrewRating(StrictModel):
    id: str
    name: str
    rating: int = Field(ge=0, le=100)
    sp: int = Field(ge=-100, le=100)
    source: Source
    house: list[str] = Field(default_factory=list)


ChartValue = Annotated[int, Field(ge=1, le=100)]  # a roll on the chart: 1d10 and its bonuses


# The chart's results, each a rule of the fight (combat/fight.py): rolled on values 1 to 11
# (higher values read as 11, R2), and the three Catastrophic Damage leads to.
ROLLED_RESULTS = ("holed", "internal-damage", "sensors-damaged", "thrusters-damaged", "fire",
                  "engines-crippled", "surly-techsprites", "decapitation", "hull-breach",
                  "catastrophic-damage")
NAMED_RESULTS = ("space-hulk", "plasma-drive-explosion", "warp-drive-explosion")
CHART_TOP = 11


class CriticalHit(StrictModel):
    id: str
    name: str
    rolls: tuple[ChartValue, ChartValue] | None = Field(
        default=None, description="chart values; none for a named result")
    effect: str


class Construction(StrictModel):
    crew_population: int = Field(ge=1, le=1000)
    morale: int = Field(ge=1, le=1000)
    essentials: list[ComponentKind]


D100Modifier = Annotated[int, Field(ge=-100, le=100)]


class Combat(StrictModel):
    """The seed's numbers for a fight, with the rulings' values (RULINGS.md)."""

    arcs: dict[Location, list[Arc]]
    # a modifier to a d100 test: beyond ±100 it decides every test alone (docs/limits.md)
    surprise_bonus: D100Modifier
    crippled_manoeuvrability: D100Modifier
    crippled_detection: D100Modifier
    turret_bonus_per_point: D100Modifier
    ram_test: D100Modifier
    board_test: D100Modifier
    break_free_test: D100Modifier
    break_free_penalty: D100Modifier
    contact_range: int = Field(ge=0, le=10, description="VU for ramming and boarding")
    boarding_crew_step: int = Field(ge=1, le=1000)
    boarding_hull_step: int = Field(ge=1, le=1000)
    boarding_bonus_per_step: D100Modifier
    boarding_bonus_per_turret: D100Modifier
    sensors_damaged: D100Modifier
    thrusters_damaged: D100Modifier
    torpedo_reach: int = Field(ge=1, le=100)
    torpedo: Annotated[str, _ref("torpedoes", "torpedo")] = Field(
        description="the warhead loaded when a design names none")
    attack_craft: Annotated[str, _ref("attack_craft", "attack craft")]
    fire_test: D100Modifier
    fire_crew_loss: Dice
    fire_morale_loss: Dice
    round_limit: int = Field(ge=1, le=1000)
    disengaged_after: int = Field(ge=1, le=1000, description="rounds beyond every weapon's "
                                  "reach of each other, with no attack made, before the GM "
                                  "calls them disengaged")
    stalemate_after: int = Field(ge=1, le=1000, description="rounds without loss or boarding "
                                 "action before the GM calls a stalemate")
    simplified_hulk_below: int = Field(ge=1, le=100)
    start_range: int = Field(ge=0, le=100, description="VU apart when a duel starts")
    formation_spacing: int = Field(default=2, ge=1, le=20, description="VU between mates "
                                   "of a side's line abreast as a battle starts (F1)")
    geometry: Annotated[str, GEOMETRY.validator()] = Field(
        description="how the ships start (see `duel --help-system rogue-trader`)")

    @model_validator(mode="after")
    def _arcs_of_every_location(self) -> Combat:
        # a fight reads the arcs of each weapon's location: one left out would never fire
        missing = [loc for loc in Location.__args__ if loc not in self.arcs]  # type: ignore[attr-defined]
        if missing:
            raise At(("combat", "arcs"), f"combat.arcs: no arcs for {missing[0]}; give the arcs "
                     f"of every location ({', '.join(Location.__args__)})")  # type: ignore[attr-defined]
        return self


class RogueTraderCatalog(StrictModel):
    construction: Construction
    combat: Combat
    hull_classes: Entries[HullClassRules]
    crew_ratings: Entries[CrewRating]
    hulls: Entries[Hull]
    components: Entries[Component]
    weapons: Entries[Weapon]
    torpedoes: Entries[Torpedo]
    attack_craft: Entries[AttackCraft]
    critical_hits: Entries[CriticalHit]

    @model_validator(mode="after")
    def _every_hull_class(self) -> RogueTraderCatalog:
        missing = [h for h in HullClass.__args__ if h not in self.hull_classes]  # type: ignore[attr-defined]
        if missing:
            raise ValueError(f"hull_classes lacks {', '.join(missing)}")
        return self

    @model_validator(mode="after")
    def _a_chart_the_fight_can_roll(self) -> RogueTraderCatalog:
        chart = self.critical_hits
        for i, hit in enumerate(chart):
            if hit.id not in ROLLED_RESULTS + NAMED_RESULTS:
                raise At(("critical_hits", i), f"critical_hits: {quoted(hit.id)} is not a "
                         "result the fight knows; the chart's results are "
                         f"{', '.join(ROLLED_RESULTS + NAMED_RESULTS)}")
            if (hit.rolls is None) != (hit.id in NAMED_RESULTS):
                raise At(("critical_hits", i), f"critical_hits: {hit.id} " + (
                    "is reached from Catastrophic Damage, never rolled; remove its rolls"
                    if hit.id in NAMED_RESULTS else "needs the chart values that give it "
                    "(rolls: [low, high])"))
        rolled = [None if hit.rolls is None else (hit.id, *hit.rolls) for hit in chart]
        each_roll_once(("critical_hits",), rolled, 1, CHART_TOP,
                       "the Critical Hit chart (values above 11 read as 11)")
        missing = [r for r in ROLLED_RESULTS + NAMED_RESULTS if r not in chart]
        if missing:
            raise At(("critical_hits",), f"critical_hits: no {quoted(missing[0])}; the fight "
                     "reaches every result of the chart")
        return self

    def critical(self, value: int) -> CriticalHit:
        """The chart entry for a value 1..11 (higher values are read as 11: RULINGS.md R2)."""
        value = max(1, value)
        for entry in self.critical_hits:
            if entry.rolls is not None and entry.rolls[0] <= value <= entry.rolls[1]:
                return entry
        top = max((e for e in self.critical_hits if e.rolls), key=lambda e: e.rolls[1])  # type: ignore[index]
        return top


# --- design ----------------------------------------------------------------------------------


Id = Annotated[str, Field(min_length=1, max_length=120)]
HullId = Annotated[Id, _ref("hulls", "hull")]
ComponentId = Annotated[Id, _ref("components", "component")]
WeaponId = Annotated[Id, _ref("weapons", "weapon")]
TorpedoId = Annotated[Id, _ref("torpedoes", "torpedo")]
CrewId = Annotated[Id, _ref("crew_ratings", "crew rating")]
Skill = Annotated[int, Field(ge=0, le=100)]


class WeaponMount(StrictModel):
    """One weapon component in one of the hull's weapon slots."""

    weapon: WeaponId = Field(description="a weapon component id from `shipyard catalog "
                             "rogue-trader` (Weapon components); it uses Power and Space")
    location: Location = Field(description="the slot it takes: prow, dorsal, port, starboard "
                               "or keel, within the hull's weapon capacity there")
    torpedoes: TorpedoId | None = Field(default=None,
                                        description="the warhead loaded in torpedo tubes")
    label: Annotated[str, Field(min_length=1, max_length=80)] | None = Field(
        default=None, description="a name of your own for it on the sheet and in fights (1 to "
        "80 characters)")


Tactic = Literal["gunnery", "ram", "board"]


class CombatDefaults(StrictModel):
    """The crew's skills and the default pilot's tactic in a fight (d100 tests, 0 to 100)."""

    gunnery: Skill | None = Field(default=None, description="Ballistic Skill of the gunnery "
                                  "officer; the crew rating if not given")
    helm: Skill | None = Field(default=None, description="Operate (Voidship) of the helmsman; "
                               "the crew rating if not given")
    command: Skill | None = Field(default=None, description="Command of whoever leads the "
                                  "ship's warriors; the crew rating if not given")
    tactic: Tactic = Field(default="gunnery", description="what the default pilot tries: stand "
                           "off and shoot, ram, or board")


class RogueTraderDesign(DesignBase):
    system: Literal["rogue-trader"] = Field(description="rogue-trader")
    hull: HullId = Field(description="a hull id from `shipyard catalog rogue-trader` (Hulls): "
                         "its speed, manoeuvrability, detection, hull integrity, armour, "
                         "turrets, Space, SP and weapon capacity")
    crew: CrewId = Field(default="competent", description="the crew rating (incompetent, "
                         "competent, crack, veteran, elite): the skill every test uses unless "
                         "combat gives one; it costs or gives SP")
    components: list[ComponentId] = Field(default_factory=list, max_length=200, description=(
        "component ids from the catalog: exactly one of each essential kind (plasma drive, "
        "warp engine, Gellar field, void shields, bridge, life sustainer, crew quarters, "
        "augur array) and any supplemental ones; together with the weapons they use at most "
        "the Power the drive generates and the hull's Space"))
    weapons: list[WeaponMount] = Field(default_factory=list, max_length=50, description="the "
                                       "weapon components, each in a slot of the hull's weapon "
                                       "capacity")
    campaign_sp_limit: int | None = Field(default=None, ge=1, le=10_000,
                                          description="the campaign's ship-point limit")
    combat: CombatDefaults = Field(default_factory=CombatDefaults, description="skills and "
                                   "tactic in a fight; each skill the crew rating if not given")
