"""traveller design files and catalog, as Pydantic models.

A design states choices only (hull, options, parts by catalog id with ratings and counts);
every figure of its line items is derived in construction.py. Schema bounds refuse absurd input
(exit 2); whether a sane design is legal is for the rules (exit 1).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from shipyard.api import (
    At,
    DesignBase,
    Dice,
    Entries,
    Ref,
    StrictModel,
    ValidationContext,
    each_roll_once,
    quoted,
    suggest,
)

MAX_HULL = 2_000_000
MAX_STATED = 1e9  # a stated figure (Power, MCr, Hull points): beyond any ship of MAX_HULL tons
DD_DICE = re.compile(r"^\s*(\d*)\s*DD\s*$")
Tons = Annotated[float, Field(ge=0, le=MAX_HULL)]
Count = Annotated[int, Field(ge=1, le=100_000)]
Rating = Annotated[int, Field(ge=0, le=100_000)]
# A plant's output (Power): basic systems alone take 20% of the hull, so the largest hull needs
# 400,000 and more; bounded by a whole hull of the best bundled plant (100 Power a ton)
Power = Annotated[int, Field(ge=0, le=MAX_HULL * 100)]
Label = Annotated[str, Field(min_length=1, max_length=120)]
Multiplier = Annotated[float, Field(ge=0, le=1000)]
# parts that give ECM the countermeasures suite's DM (combat.yaml countermeasures_dm)
COUNTERMEASURES = frozenset({"countermeasures_suite", "military_countermeasures_suite"})

Section = Literal["Hull", "Jump", "Propulsion", "Power", "Fuel", "Command", "Computer", "Sensors",
                  "Weapons", "Screens", "Craft", "Habitation", "Systems", "Cargo"]
SECTIONS: tuple[str, ...] = ("Hull", "Jump", "Propulsion", "Power", "Fuel", "Command", "Computer",
                             "Sensors", "Weapons", "Screens", "Craft", "Habitation", "Systems",
                             "Cargo")
Rule = Literal["armour", "hull_share", "airlock", "automation", "j_drive", "m_drive", "r_drive",
               "plant", "solar", "emergency_power", "fuel", "scoops", "per_ton", "bridge", "unit",
               "computer", "software", "extended_arrays", "fixed_mount", "turret", "mount",
               "spinal", "magazine", "docking", "low_berth", "priced", "rated", "container",
               "crane", "cargo_hold"]


# --- catalog -------------------------------------------------------------------------------

class HullPointDivisor(StrictModel):
    from_tons: int = Field(ge=1)
    divisor: float = Field(ge=0.1, le=1000)


class HullFigures(StrictModel):
    cost_per_ton: float = Field(gt=0)
    tons_per_hull_point: float = Field(ge=0.1, le=1000)
    hull_point_divisors: list[HullPointDivisor]
    basic_power_percent: float = Field(ge=0)
    free_airlock_per_tons: int = Field(ge=1)
    source: str


class Configuration(StrictModel):
    id: str
    name: str
    cost: float = Field(gt=0)
    hull_points: float = Field(ge=0.1, le=2)
    armour: float = Field(gt=0)
    streamlined: Literal["yes", "partial", "no"]
    usable: float = Field(default=1, gt=0, le=1, description="share of the hull parts may use")
    free_armour: int = Field(default=0, ge=0, description="armour the hull has of itself")
    source: str


class HullOption(StrictModel):
    id: str
    name: str
    cost: float = Field(gt=0)
    hull_points: float = Field(ge=0.1, le=2)
    armour_cap: float = 1
    basic_power: float = 1
    armour_tons_percent: float = 0
    armour_rating: int = 0
    source: str


class ArmourCap(StrictModel):
    kind: Literal["min_tl", "tl_plus"]
    value: int


class ArmourMaterial(StrictModel):
    id: str
    name: str
    tl: int
    percent_per_point: float = Field(gt=0)
    cost_per_ton: float = Field(ge=0)
    cap: ArmourCap
    source: str


class SizeFactor(StrictModel):
    below_tons: float
    factor: float


class Grade(StrictModel):
    id: str
    name: str
    cost: float
    tons: float
    tl_delta: int
    advantages: int
    disadvantages: int


class Modification(StrictModel):
    id: str
    name: str
    advantage: int = 0
    disadvantage: int = 0
    tons_delta: float = 0
    power: float = 1
    j_drive_power: float | None = None  # where a J-drive's Power moves otherwise
    fuel_delta: float = 0


class PartEntry(StrictModel):
    """One part a design may name: its rule and that rule's figures."""

    id: str
    name: str
    plural: str | None = None
    name_by_tons: str | None = Field(default=None, description="the name when a design gives "
                                     "craft_tons, not a craft")
    rating_is: str | None = Field(default=None, description="what a design's `rating:` means "
                                  "for this part, for `shipyard catalog`")
    section: Section
    rule: Rule
    tl: int | None = None
    source: str
    tons: float | None = None
    tons_percent: float | None = None
    zero_tons_percent: float | None = None
    cost: float | None = None
    cost_per_ton: float | None = None
    cost_per_hull_ton: float | None = None
    power: float | None = None
    power_per_ton: float | None = None
    power_percent: float | None = None
    zero_power_percent: float | None = None
    output_per_ton: float | None = None
    min_tons: float | None = None
    fuel_percent: float | None = None
    fuel_weeks: int | None = None
    fuel_percent_per_hour: float | None = None
    jump_percent: float | None = None
    tl_by_rating: list[int] | None = None
    show_zero_tons: bool = False
    automation: float | None = None
    plant_share: float | None = None
    per_day_per_ton: float | None = None
    sensor_dm: int | None = Field(default=None, ge=-12, le=12)
    detect_dm: int | None = Field(default=None, ge=-20, le=0, description="stealth: the DM "
                                  "to the enemy's checks to find the ship (csv: DM to detect)")
    tons_factor: float | None = None
    power_factor: float | None = None
    cost_factor: float | None = None
    capacity: int | None = None
    firmpoint_power: float | None = None
    hardpoints: int | None = None
    weapon: str | None = None
    crew: int | None = None
    improvement_tons: list[float] | None = None
    improvement_cost: list[float] | None = None
    per_ton: int | None = None
    ordnance: str | None = None
    max_craft_tons: float | None = None
    berths: int | None = None
    power_per_ten: int | None = None
    min_cost: float | None = None
    max_cost: float | None = None
    tons_per_rating: float | None = None
    per_rating: float | None = None
    overhead: float | None = None


class BridgeSize(StrictModel):
    up_to_tons: float
    tons: float


class BridgeTable(StrictModel):
    sizes: list[BridgeSize]
    beyond_tons_per_100000: float
    cost_per_100_tons: float
    smaller_cost: float
    holographic_cost: float
    holographic_tl: int
    source: str


class ComputerEntry(StrictModel):
    rating: int
    name: str
    tl: int
    cost: float
    source: str


class ComputerOptions(StrictModel):
    bis: float
    fib: float
    retro_divisor: float
    source: str


class SoftwareEntry(StrictModel):
    id: str
    name: str
    tl: int | list[int]
    cost: float | list[float]
    from_rating: int = 1
    named: bool = False
    source: str = "csv:Software rows"


class CraftEntry(StrictModel):
    id: str
    name: str
    vehicle: bool = False  # a vehicle, not a small craft: no pilot of its own in the crew table
    tons: float = Field(gt=0)
    cost: float = Field(ge=0)
    source: str


class WeaponEntry(StrictModel):
    id: str
    name: str
    tl: int
    range: str
    dice: Dice | None = Field(default=None, description="damage dice, as the game writes them")
    multiple: int = Field(default=1, ge=1, le=10_000, description="damage x this after armour")
    effect: str = Field(default="", description="'intercept' for point defence; 'Special' where "
                        "the damage is a rule of its own")
    traits: str = ""
    power: float = 0
    cost: float = 0
    ordnance: str | None = None
    salvo: int | None = Field(default=None, ge=1, le=1000)
    magazine: int | None = Field(default=None, ge=0, le=100_000)
    firmpoint_magazine: int | None = Field(default=None, ge=0, le=100_000)
    destructive: bool = Field(default=False, description="damage dice are DD: each die x10 "
                              "(written `2DD` in `dice`, TRV-R26)")
    source: str

    @model_validator(mode="before")
    @classmethod
    def _dd(cls, data: object) -> object:
        """`2DD` (destructive dice, each d6 x10) as 2D with `destructive`: the kit's dice
        read Mongoose's `2D` but not `DD` (TRV-R26)."""
        if isinstance(data, dict) and isinstance(data.get("dice"), str):
            match = DD_DICE.match(data["dice"])
            if match is not None:
                data = {**data, "dice": f"{match.group(1) or 1}D", "destructive": True}
        return data

    @property
    def damage(self) -> str:
        """The damage as the engine rolls it: "4D ×3", "4D × Effect (a salvo)" (TRV-R19),
        "point defence DM +4" (a battery's dice are a DM, TRV-R28), "Special"."""
        return self.damage_in_mount(1)

    def damage_in_mount(self, identical: int) -> str:
        """The damage of `identical` such weapons in one mount: +1 a die for each beyond the
        first (TRV-R19), so a triple beam laser turret rolls 1D+2."""
        if self.dice is None:
            return self.effect or "—"
        if self.effect == "intercept":
            return f"point defence DM +{self.dice.count}"
        if self.ordnance == "missile":
            return f"{self.dice} × Effect (a salvo)"
        bonus = f"+{(identical - 1) * self.dice.count}" if identical > 1 else ""
        return f"{self.dice}{bonus}" + (f" ×{self.multiple}" if self.multiple > 1 else "")


class CriticalLocation(StrictModel):
    id: str
    name: str
    roll: str = Field(description="the 2D roll that hits this location, as the card prints it")
    effect: Literal["sensors", "thrust", "attack", "armour", "damage", "crew", "none"] = Field(
        default="none", description="what each level of damage here does in a duel (TRV-R24)")
    duel: str = Field(default="", description="the effect in words, for the card")

    @field_validator("roll", mode="before")
    @classmethod
    def _a_roll_of_2d(cls, value: object) -> object:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # `roll: 7` means what `roll: "7"` does
        if isinstance(value, str) and not (value.isascii() and value.isdigit()
                                           and 2 <= int(value) <= 12):
            raise ValueError(f"{quoted(value)} is not a roll of 2D; write one of 2 to 12")
        return value


# the critical locations the fight reads by id (the crew's DM and the plant's thrust)
FIGHT_LOCATIONS = ("crew", "power_plant")


Band = Literal["adjacent", "close", "short", "medium", "long", "very-long", "distant"]
BANDS: tuple[str, ...] = ("adjacent", "close", "short", "medium", "long", "very-long",
                          "distant")
START = Literal["random", "planet", "adjacent", "close", "short", "medium", "long",
                "very-long", "distant"]


class RangeBand(StrictModel):
    id: Band
    name: str
    up_to: str  # "1 km": words for the card
    thrust: int = Field(ge=1, le=1000,
                        description="thrust to cross into or out of this band (TRV-R18)")
    dm: int = Field(ge=-12, le=12, description="the attack DM at this range")
    flight: int = Field(ge=0, le=100, description="missile flight in rounds; 0: no launch")


class CrewDefaults(StrictModel):
    """Each position's total DM (skill + characteristic DM) in a duel, unless --crew says."""

    pilot: int = Field(ge=-3, le=10)
    pilot_skill: int = Field(ge=-3, le=6, description="Pilot skill alone: initiative adds it")
    gunnery: int = Field(ge=-3, le=10)
    sensors: int = Field(ge=-3, le=10)
    tactics: int = Field(ge=-3, le=10)
    leadership: int = Field(ge=-3, le=10)
    engineer: int = Field(ge=-3, le=10)
    source: str


class Policy(StrictModel):
    """The default crew's written policy (TRV-R25): the numbers it decides by."""

    burn_max: int = Field(ge=0, le=6, description="extra reactions bought per turn at most")
    inspire_from: int = Field(ge=-3, le=10, description="the captain inspires at this DM or more")
    overcharge_from: int = Field(ge=-3, le=10, description="the engineer overcharges at this DM "
                                 "or more, when the band is not the one wanted")
    board: bool = Field(description="attempt boarding at Adjacent range")
    flee_ratio: int = Field(ge=1, le=100, description="the captain breaks off when the enemy "
                            "would destroy its side in less than 1/ratio of the turns its side "
                            "needs (TRV-R50)")


class Boarding(StrictModel):
    """What a ship needs to board (TRV-R22): people beyond the crew at their stations, and a
    way out for them."""

    exits: list[str] = Field(min_length=1, description="part ids a boarding party leaves "
                             "through (one of them is needed)")
    berths: list[str] = Field(min_length=1, description="part ids that carry people beyond the "
                              "crew at its stations (one of them is needed)")


class Combat(StrictModel):
    cap: int = Field(ge=1, le=10_000, description="turns before a duel is a draw")
    start: START
    bands: list[RangeBand] = Field(min_length=7, max_length=7)
    weapon_dm: dict[str, Annotated[int, Field(ge=-12, le=12)]] = Field(
        description="attack DM by weapon id (pulse, beam lasers)")
    countermeasures_dm: int = Field(ge=-12, le=12,
                                    description="ECM DM of a countermeasures suite")
    crew: CrewDefaults
    policy: Policy
    boarding: Boarding
    source: str

    @field_validator("bands")
    @classmethod
    def _every_band_once_in_order(cls, bands: list[RangeBand]) -> list[RangeBand]:
        # the fight reads a band by its place: the thrust to cross it, its DM, a missile's flight
        for i, (band, wanted) in enumerate(zip(bands, BANDS, strict=True)):
            if band.id != wanted:
                raise At(("combat", "bands", i), f"combat.bands[{i}]: {quoted(band.id)} where "
                         f"{quoted(wanted)} goes; give the seven bands once each, nearest first "
                         f"({', '.join(BANDS)})")
        return bands


class CrewFigures(StrictModel):
    small_ship_tons: float
    engineer_per_tons: float = Field(gt=0)
    maintenance_per_tons: float = Field(gt=0)
    administrator_per_tons: float = Field(gt=0)
    sensor_operator_per_tons: float = Field(gt=0)
    steward_per_high_passengers: float = Field(gt=0)
    medic_per_crew: int = Field(gt=0)
    officer_per_crew: int = Field(gt=0)
    military_pilots: int = Field(ge=1)
    military_gunners_per_mount: int = Field(ge=1)
    military_maintenance_per_tons: float = Field(gt=0)
    military_administrator_per_tons: float = Field(gt=0)
    military_sensor_operators: int = Field(ge=0)
    military_officer_per_crew: int = Field(gt=0)
    source: str


class TravellerCatalog(StrictModel):
    hull: HullFigures
    configurations: Entries[Configuration]
    hull_options: Entries[HullOption]
    armour_size_factors: list[SizeFactor]
    armour_materials: Entries[ArmourMaterial]
    grades: Entries[Grade]
    modifications: Entries[Modification]
    customisation_source: str
    parts: Entries[PartEntry]
    bridge: BridgeTable
    computers: list[ComputerEntry]
    computer_options: ComputerOptions
    software: Entries[SoftwareEntry]
    craft: Entries[CraftEntry]
    weapons: Entries[WeaponEntry]
    critical_locations: Entries[CriticalLocation]
    critical_severities: int = Field(ge=1, le=20)
    critical_source: str
    position_skills: dict[str, str]
    crew: CrewFigures
    combat: Combat

    @model_validator(mode="after")
    def _criticals_a_fight_can_roll(self) -> TravellerCatalog:
        # 2D picks the location: each roll once (TRV-R24), and the locations the fight reads
        each_roll_once(("critical_locations",), [(loc.id, int(loc.roll), int(loc.roll))
                                              for loc in self.critical_locations], 2, 12, "2D")
        missing = [i for i in FIGHT_LOCATIONS if i not in self.critical_locations]
        if missing:
            raise At(("critical_locations",), f"critical_locations: no {quoted(missing[0])} "
                     "location, which a fight reads; give it one of the rolls 2 to 12")
        return self

    def part(self, part_id: str) -> PartEntry | None:
        return self.parts.get(part_id)

    def configuration(self, cfg_id: str) -> Configuration | None:
        return self.configurations.get(cfg_id)

    def option(self, opt_id: str) -> HullOption | None:
        return self.hull_options.get(opt_id)

    def material(self, mat_id: str) -> ArmourMaterial | None:
        return self.armour_materials.get(mat_id)

    def craft_entry(self, craft_id: str) -> CraftEntry | None:
        return self.craft.get(craft_id)

    def weapon(self, weapon_id: str) -> WeaponEntry | None:
        return self.weapons.get(weapon_id)

    def software_entry(self, sw_id: str) -> SoftwareEntry | None:
        return self.software.get(sw_id)


def _see(table: str, what: str) -> Ref:
    # the part list runs to a hundred ids: the nearest one helps more than the list
    return Ref(table, what, "see `shipyard catalog traveller`", always=True)


# --- design --------------------------------------------------------------------------------

class Customisation(StrictModel):
    """High Guard customisation of a drive, plant or weapon: a grade and its modifications."""

    grade: Annotated[str, _see("grades", "customisation grade")] = Field(
        description="a grade id (early_prototype, prototype, budget, advanced, very_advanced, "
        "high_technology): its cost and tons factors, TL shift and how many advantages or "
        "disadvantages it allows")
    modifications: list[Annotated[str, _see("modifications", "modification")]] = Field(
        default_factory=list, max_length=10, description="modification ids (size_reduction, "
        "energy_efficient, increased_size...), as many as the grade allows")


class Hull(StrictModel):
    """The hull: its displacement, configuration and options."""

    tons: float = Field(gt=0, le=MAX_HULL, description="displacement in tons, over 0 to "
                        "2,000,000: the tonnage budget every part's tons come out of")
    configuration: Annotated[str, _see("configurations", "hull configuration")] = Field(
        description="a configuration id (standard, streamlined, sphere, close, dispersed, "
        "planetoid, buffered_planetoid): its cost, Hull points and armour factors")
    options: list[Annotated[str, _see("hull_options", "hull option")]] = Field(
        default_factory=list, max_length=10, description="hull option ids (reinforced, light, "
        "military, non_gravity...), each multiplying cost and Hull points")
    drives_for_tons: float | None = Field(default=None, gt=0, le=MAX_HULL,
                                          description="size drives and jump fuel for this "
                                                      "displacement (a ship that tows or grows)")
    label: Label | None = Field(default=None, description="the hull line's name of your own "
                                "(1 to 120 characters)")


class Stated(StrictModel):
    """Figures a design states as well: each is checked against the derived one, never used."""

    tons: float | None = Field(default=None, ge=0, le=MAX_HULL, description="the line's tons")
    power: float | None = Field(default=None, ge=-MAX_STATED, le=MAX_STATED,
                                description="the line's Power (negative: it draws Power)")
    cost: float | None = Field(default=None, ge=0, le=MAX_STATED,
                               description="the line's cost in MCr")


class ShipStated(StrictModel):
    """A stat block's totals: each is checked against the derived one, never used."""

    hull_points: int | None = Field(default=None, ge=0, le=MAX_STATED, description="Hull points")
    tons_used: float | None = Field(default=None, ge=0, le=MAX_HULL,
                                    description="tons the parts use")
    power_output: float | None = Field(default=None, ge=0, le=MAX_STATED,
                                       description="the power plants' output, in Power")
    production_cost: float | None = Field(default=None, ge=0, le=MAX_STATED,
                                          description="production cost in MCr")
    sale_price: float | None = Field(default=None, ge=0, le=MAX_STATED,
                                     description="sale price in MCr")


class Part(StrictModel):
    """One line of the design: a catalog part and the choices that part takes."""

    part: str = Field(min_length=1, max_length=60, description="a part id of the catalog")
    count: Count = Field(default=1, description="how many of the part, 1 to 100,000 "
                         "(staterooms, turrets, airlocks...)")
    rating: Rating | None = Field(default=None, description="the part's number, where it has "
                                  "one: armour points, thrust (m_drive), jump number (j_drive), "
                                  "computer/N, a software level, missiles or torpedoes stored")
    output: Power | None = Field(default=None, description="a power plant's output, in Power")
    tons: Tons | None = Field(default=None, description="tons, for a part sized by you (cargo "
                              "hold, fuel processor, common area...); on a part of fixed size, "
                              "checked against its tons")
    material: Annotated[str, _see("armour_materials", "armour material")] | None = Field(
        default=None, description="armour's material (titanium_steel, crystaliron, "
        "bonded_superdense, molecular_bonded): its tons a point, cost and cap")
    weapons: list[Annotated[str, _see("weapons", "weapon")]] = Field(
        default_factory=list, max_length=4, description="the weapon ids a turret, barbette, "
        "bay or fixed mount holds (as many as it takes)")
    customisation: Customisation | None = Field(default=None, description="High Guard "
                                                "customisation of this part")
    armoured_bulkhead: bool = Field(default=False, description="an armoured bulkhead around "
                                    "this part: 10% of its tons more, MCr0.2 a ton")
    label: Label | None = Field(default=None, description="the line's name of your own "
                                "(1 to 120 characters)")
    craft: Annotated[str, _see("craft", "craft")] | None = Field(
        default=None, description="the small craft or vehicle a docking space or hangar holds "
        "(a craft id from the catalog)")
    craft_tons: Tons | None = Field(default=None, description="the tons of craft a docking "
                                    "space or hangar holds, where no craft is named")
    software: Annotated[str, _see("software", "software")] | None = Field(
        default=None, description="a software id, for part: software (library, manoeuvre, "
        "jump_control, fire_control...); its level in rating")
    topic: str | None = Field(default=None, max_length=80, description="what a named "
                              "software package is about (up to 80 characters)")
    parsecs: Rating | None = Field(default=None, description="fuel: jumps' worth of jump fuel, "
                                   "in parsecs")
    weeks: Rating | None = Field(default=None, description="fuel: weeks of power plant "
                                 "operation (rounded up to whole 4-week periods)")
    minutes: Rating | None = Field(default=None, description="fuel: minutes of reaction drive "
                                   "burn")
    hours: Rating | None = Field(default=None, description="fuel: hours of high-burn thruster "
                                 "burn")
    smaller: bool = Field(default=False, description="a bridge one size smaller: half the "
                          "cost, DM-1 on spacecraft operations")
    holographic: bool = Field(default=False, description="holographic controls on a bridge or "
                              "cockpit: x1.25 cost")
    bis: bool = Field(default=False, description="a /bis computer (+50% cost)")
    fib: bool = Field(default=False, description="a /fib computer, fibre-optic and hardened "
                  "against ion and EMP weapons (+50% cost)")
    backup: bool = Field(default=False, description="a backup computer or bridge")
    retro: int = Field(default=0, ge=0, le=10, description="a retrotech computer: levels of "
                       "retro, 0 to 10, each dividing its cost")
    multiple: int | None = Field(default=None, ge=1, le=100, description="a spinal mount's "
                                 "size in multiples: tons, Power, cost and damage dice x this")
    cost_cr: float | None = Field(default=None, ge=0, le=1e9, description="the price in "
                                  "credits of a part priced by you (within its catalog range)")
    stated: Stated | None = Field(default=None, description="the stat block's figures for this "
                                  "line, checked against the derived ones")

    @field_validator("part")
    @classmethod
    def _a_part(cls, value: str, info: ValidationInfo) -> str:
        """An id of the parts table; a weapon named here has no mount, and says so."""
        known = ValidationContext.of(info).known_ids("parts")
        if known is None or value in known:
            return value
        catalog = ValidationContext.of(info).catalog_as(TravellerCatalog)
        weapon = catalog.weapon(value) if catalog is not None else None
        if weapon is not None:
            raise ValueError(f"{weapon.name} is a weapon and needs a mount: list it under the "
                             "weapons of a turret or fixed mount")
        raise ValueError(f"unknown part {quoted(value)}; {suggest(value, known, always=True)} "
                         "(see `shipyard catalog traveller`)")


class TravellerDesign(DesignBase):
    system: Literal["traveller"] = Field(description="traveller")
    tl: int = Field(ge=0, le=30, description="the ship's tech level, 0 to 30: no part above it")
    design: Literal["standard", "custom"] = Field(default="custom", description="standard (a "
                                                  "sale price 10% off the production cost) or "
                                                  "custom")
    crew: Literal["commercial", "military"] = Field(
        default="commercial", description="which High Guard crew table `show` reports")
    hull: Hull = Field(description="tons, configuration and options of the hull")
    parts: list[Part] = Field(default_factory=list, max_length=2000, description="every line "
                              "of the design, each a catalog part with its choices; together "
                              "their tons fit the hull, their Power the plants' output and "
                              "their mounts the hardpoints")
    stated: ShipStated | None = Field(default=None, description="the stat block's totals, "
                                      "checked against the derived ones")
