"""dropfleet design files and catalog, as Pydantic models.

A design is a stock ship (`stock: <id>`, with the picks a Resistance hull must make) or a custom
build (`class:`, weapon systems and upgrades). Ids that name nothing are input errors (exit 2)
with the nearest known id; whether a build fits its slots is for the rules (exit 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    Field,
    PrivateAttr,
    ValidationInfo,
    computed_field,
    field_validator,
    model_validator,
)

from shipyard.api import (
    MAX_CAP,
    At,
    DesignBase,
    Entries,
    Ref,
    StrictModel,
    ValidationContext,
    each_roll_once,
    quoted,
    suggest,
)
from shipyard.systems.dropfleet.notation import (
    DamageField,
    DiceField,
    Lock,
    Rule,
    RuleField,
    Save,
)

SEE = "see `shipyard catalog dropfleet`"
FactionId = Annotated[str, Ref("factions", "faction", SEE)]
LoadId = Annotated[str, Ref("loads", "launch load", SEE)]
StockId = Annotated[str, Ref("stock", "stock ship", SEE, always=True)]
WeaponId = Annotated[str, Ref("weapons", "weapon system", SEE, always=True)]
UpgradeId = Annotated[str, Ref("upgrades", "upgrade", SEE, always=True)]
Arc = Literal["F", "F(N)", "F/S", "F/S(L)", "F/S(R)", "F/S/R", "S(L)", "S(R)"]
Source = Annotated[str, Field(min_length=1, max_length=600)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Id = Annotated[str, Field(min_length=1, max_length=80, pattern=r"^[a-z0-9][a-z0-9-]*$")]
ClassId = Literal["light", "destroyer", "medium", "heavy", "super-heavy", "dreadnought"]
CLASS_IDS: tuple[ClassId, ...] = ("light", "destroyer", "medium", "heavy", "super-heavy",
                                  "dreadnought")


def _nearest(value: str, known: list[str], what: str) -> str:
    return f"unknown {what} {quoted(value)}; {suggest(value, known)}"


# --- catalog: the game's words ----------------------------------------------------------------


class Faction(StrictModel):
    id: Id
    name: Name
    source: Source


class SpecialRule(StrictModel):
    """A special rule's name, where it is written, what its parameter is, and what it does in
    our words (or that our sources do not say)."""

    id: Id
    name: Name
    used_on: list[Literal["ship", "weapon", "launch"]] = Field(min_length=1)
    param: Literal["none", "number", "word", "optional"] = "none"
    summary: Annotated[str, Field(min_length=1, max_length=400)]
    source: Source
    table: Annotated[str, Field(min_length=1, max_length=300)] | None = Field(
        default=None, description="what the rule does, as a player at the table reads it on "
        "the cards (`sheet --cards`); none: the card says its text is not in our sources")
    rulings: list[Annotated[str, Field(pattern=r"^[A-Z]+\d+$")]] = Field(
        default_factory=list, max_length=10,
        description="the RULINGS.md codes the table text rests on, for the card's rulings line")
    printed: Name | None = Field(
        default=None, description="how cards spell it where the data abbreviates it (L: "
        "Limited); none: its name")
    uses: bool = Field(
        default=False, description="its parameter is a number of uses a battle: the card "
        "prints a box for each, to tick")

    @property
    def spelled(self) -> str:
        """The rule's name as a card prints it."""
        return self.printed or self.name


class ClassProfile(StrictModel):
    hull: int = Field(ge=1, le=100)
    armour: Save
    passive: Save | None = None
    point_defence: int = Field(ge=0, le=40)
    signature: int = Field(ge=0, le=60)
    thrust: int = Field(ge=0, le=30)
    scan: int = Field(ge=0, le=40)


class TonnageClass(StrictModel):
    id: ClassId
    name: Name
    tonnage: Literal["Light", "Medium", "Heavy", "Super-heavy"]
    codes: list[str] = Field(description="the data's tonnage codes read as this class")
    profile: ClassProfile
    group: tuple[int, int]
    weapon_slots: int = Field(ge=0, le=20)
    upgrade_slots: int = Field(ge=0, le=20)
    rules: list[RuleField] = Field(default_factory=list)
    source: Source


class WeaponLine(StrictModel):
    """One weapon system as a ship prints it."""

    name: Name
    lock: Lock
    attack: DiceField
    damage: DamageField
    arc: Arc
    rules: list[RuleField] = Field(default_factory=list, max_length=12)
    count: int = Field(default=1, ge=1, le=6, description="mounts of this line")
    pick: str | None = Field(default=None, description="the option group of a Resistance pick")

    def rule(self, name: str) -> RuleField | None:
        return next((r for r in self.rules if r.name == name), None)


class Weapon(StrictModel):
    """A weapon system for custom builds: a distinct published profile."""

    id: Id
    name: Name
    faction: FactionId
    lock: Lock
    attack: DiceField
    damage: DamageField
    arc: Arc
    rules: list[RuleField] = Field(default_factory=list, max_length=12)
    slots: int = Field(default=1, ge=0, le=10)
    source: Source


class LaunchLine(StrictModel):
    load: LoadId
    launch: int = Field(ge=0, le=40)
    count: int = Field(default=1, ge=1, le=6)
    rules: list[RuleField] = Field(default_factory=list)
    printed: str | None = Field(default=None, description="the data's name where it differs")


class Load(StrictModel):
    """A launch load: what a ship's launch capacity carries, and how the points count it."""

    id: Id
    name: Name
    kind: Literal["space", "troops"]
    tokens: int = Field(ge=0, le=10, description="troop tokens per launch (house, for points)")
    source: Source


class Asset(StrictModel):
    id: Id
    faction: FactionId
    kind: Literal["ground", "drop", "space"]
    name: Name
    scan: int | None = None
    thrust: int | None = None
    armour: str | None = None
    pd_bonus: int | None = None
    lock: Lock | None = None
    attack: DiceField | None = None
    damage: DamageField | None = None
    rules: list[RuleField] = Field(default_factory=list)


class Modifiers(StrictModel):
    hull: int = Field(default=0, ge=-50, le=50)
    armour: int = Field(default=0, ge=-4, le=4, description="steps better (a 4+ save to 3+ is 1)")
    passive: Save | None = None
    point_defence: int = Field(default=0, ge=-20, le=20)
    signature: int = Field(default=0, ge=-20, le=20)
    shields_up_extra: int = Field(default=0, ge=0, le=60,
                                  description="Signature added while shields are raised")
    thrust: int = Field(default=0, ge=-20, le=20)
    scan: int = Field(default=0, ge=-20, le=40)


class Upgrade(StrictModel):
    id: Id
    name: Name
    slots: int = Field(ge=0, le=10)
    modifiers: Modifiers = Field(default_factory=Modifiers)
    rules: list[RuleField] = Field(default_factory=list)
    launch: list[LaunchLine] = Field(default_factory=list)
    points: int = Field(default=0, ge=0, le=200,
                        description="house price on top of the formula, for what it does not see")
    classes: list[ClassId] = Field(default_factory=lambda: list(CLASS_IDS))
    summary: Annotated[str, Field(min_length=1, max_length=300)]
    source: Source


class StockShip(StrictModel):
    id: Id
    name: Name
    faction: FactionId
    ship_class: ClassId = Field(alias="class")
    tonnage: str
    tonnage_code: str
    points: int = Field(ge=0, le=2000, description="published points")
    hull: int = Field(ge=1, le=100)
    armour: Save
    passive: Save | None = None
    point_defence: int = Field(ge=0, le=40)
    signature: int = Field(ge=0, le=60)
    shields_up_signature: int | None = Field(default=None, ge=0, le=60)
    thrust: int = Field(ge=0, le=30)
    scan: int = Field(ge=0, le=40)
    group: tuple[int, int]
    strategy: int | None = None
    rules: list[RuleField] = Field(default_factory=list)
    weapons: list[WeaponLine] = Field(default_factory=list)
    options: list[WeaponLine] = Field(default_factory=list)
    launch: list[LaunchLine] = Field(default_factory=list)
    launch_options: list[LaunchLine] = Field(default_factory=list)
    source: Source
    _house_points: int | None = PrivateAttr(default=None)
    _pick_points: dict[str, int] = PrivateAttr(default_factory=dict)

    model_config = StrictModel.model_config | {"populate_by_name": True}

    @computed_field  # type: ignore[prop-decorator]
    @property
    def house_points(self) -> int | None:
        """The house points formula's price (whole points); None for a hull whose printed
        points are a base price before paid picks."""
        return self._house_points

    @computed_field  # type: ignore[prop-decorator]
    @property
    def house_pick_points(self) -> dict[str, int]:
        """HOUSE: each pick's price, for a hull whose printed points are a base price."""
        return self._pick_points

    def has(self, rule: str) -> bool:
        return any(r.name == rule for r in self.rules)


class PickGroup(StrictModel):
    count: int = Field(ge=0, le=6)
    optional: bool = False
    source: Source


class Picks(StrictModel):
    """The Resistance's modular hardpoints: how many of each option group a hull picks."""

    groups: dict[str, PickGroup]
    base_priced: list[StockId] = Field(
        description="hulls whose printed points are a base price before paid picks")
    default_note: str


class CripplingResult(StrictModel):
    section: Literal["Subsystems", "Hull", "Core Systems"]
    section_roll: str
    roll: str
    name: Name
    effect: Annotated[str, Field(min_length=1, max_length=300)]
    extra_hull: int = Field(ge=0, le=10)
    repairs: int = Field(ge=0, le=2, description="successes a repair needs; 0: not repairable")
    orbital_decay: bool
    marker: Literal["fire", "core-leak", "lasting"] | None = None


class CatastrophicResult(StrictModel):
    roll: str
    name: Name
    effect: Annotated[str, Field(min_length=1, max_length=400)]


class DamageControlResult(StrictModel):
    roll: str
    effect: Annotated[str, Field(min_length=1, max_length=300)]


def _radius(value: str) -> str:
    """An explosion radius, fixed or a die's roll in inches: the fight rolls the die."""
    if not re.fullmatch(r'D?[1-9][0-9]?"', value):
        raise ValueError(f"{quoted(value)} is not a radius; write 3\" or D6\" (at most 99\")")
    return value


class Thresholds(StrictModel):
    crippled_at_loss: float = Field(gt=0, le=1, description="share of starting Hull lost")
    # Hull figures: a ship's Hull is 1 to 100 (docs/limits.md)
    never_crippled_at_or_below: int = Field(ge=0, le=100)
    dreadnought_crippled_at: list[Annotated[int, Field(ge=0, le=100)]]
    catastrophic_from_hull: int = Field(ge=1, le=100)
    catastrophic_bonus_from_hull: int = Field(ge=1, le=100)
    radius: list[tuple[int, int, Annotated[str, AfterValidator(_radius)]]] = Field(
        description='(lowest, highest Hull, radius): 3" or D6", at most 99"')
    source: Source

    @model_validator(mode="after")
    def _every_hull_has_a_radius(self) -> Thresholds:
        """A ship that rolls catastrophic damage has a radius: every Hull from
        catastrophic_from_hull to 100 is in a row."""
        bare = [h for h in range(self.catastrophic_from_hull, 101)
                if not any(low <= h <= high for low, high, _ in self.radius)]
        if bare:
            raise ValueError(f"radius: no row for a Hull of {bare[0]} (catastrophic damage "
                             f"starts at Hull {self.catastrophic_from_hull}); give a radius "
                             "for every Hull from there to 100")
        return self


# The rows the fight rolls, in its order (combat/rules.py reads a row by its place): a crippling
# table is a D6 for the section, then a D6 within it; a catastrophic table is one D6 (+1 for a
# large Hull, R14), the Dreadnought's 2D6-based rows from 2-3.
CRIPPLING_ROWS = tuple((section, section_roll, roll) for section, section_roll in (
    ("Subsystems", "1-2"), ("Hull", "3-4"), ("Core Systems", "5-6"))
    for roll in ("1-2", "3-4", "5-6"))
CATASTROPHIC_ROWS = ("1-2", "3", "4", "5", "6", "7+")
DREADNOUGHT_CATASTROPHIC_ROWS = ("2-3", "4", "5", "6", "7+")


def _rolls(text: str) -> tuple[int, int] | None:
    """A D6 row's rolls: "2-3" is (2, 3), "4" is (4, 4); None for anything else."""
    found = re.fullmatch(r"([1-6])(?:-([1-6]))?", text)
    if found is None:
        return None
    return int(found[1]), int(found[2] or found[1])


class DamageTables(StrictModel):
    thresholds: Thresholds
    crippling: list[CripplingResult]
    dreadnought_crippling: list[CripplingResult]
    catastrophic: list[CatastrophicResult]
    dreadnought_catastrophic: list[CatastrophicResult]
    damage_control: list[DamageControlResult]
    orbital_decay: list[str]
    source: Source

    @model_validator(mode="after")
    def _rows_the_fight_rolls(self) -> DamageTables:
        for key in ("crippling", "dreadnought_crippling"):
            _in_order(key, [(r.section, r.section_roll, r.roll) for r in getattr(self, key)],
                      CRIPPLING_ROWS, "a section's D6, then a D6 within it")
        _in_order("catastrophic", [r.roll for r in self.catastrophic], CATASTROPHIC_ROWS,
                  "a D6 and its bonus")
        _in_order("dreadnought_catastrophic", [r.roll for r in self.dreadnought_catastrophic],
                  DREADNOUGHT_CATASTROPHIC_ROWS, "the Dreadnought's roll")
        control: list[tuple[str, int, int] | None] = []
        for i, r in enumerate(self.damage_control):
            found = _rolls(r.roll)
            if found is None:
                raise At(("damage", "damage_control", i), f"damage.damage_control: "
                         f"{quoted(r.roll)} is not a roll of a D6; write 4 or 4-6")
            control.append((f"row {r.roll}", found[0], found[1]))
        each_roll_once(("damage", "damage_control"), control, 1, 6, "a D6")
        return self


def _in_order(key: str, given: list[Any], wanted: tuple[Any, ...], how: str) -> None:
    """A table whose rows the fight reads by place: exactly `wanted`, in that order."""
    def shown(row: Any) -> str:
        return " ".join(row) if isinstance(row, tuple) else str(row)

    for i, row in enumerate(given):
        if i >= len(wanted) or row != wanted[i]:
            expected = f"row {shown(wanted[i])}" if i < len(wanted) else "no more rows"
            raise At(("damage", key, i), f"damage.{key}[{i}]: {quoted(shown(row))} where the "
                     f"fight rolls {expected} ({how}); give the rows "
                     f"{', '.join(shown(w) for w in wanted)} in that order")
    if len(given) < len(wanted):
        raise At(("damage", key), f"damage.{key}: no row {shown(wanted[len(given)])}; give the "
                 f"rows {', '.join(shown(w) for w in wanted)} in that order")


class Definitions(StrictModel):
    """The points formula's fixed terms (not fitted). `armour_lock` is the Lock an armour-locked
    gun is priced at, a row of `lock_value` (2+ to 6+)."""

    armour_lock: int = Field(ge=2, le=6)
    fusillade_share: float
    particle: float
    calibre: float
    scald: float
    dreadnought_full_systems: float
    other_systems_share: float


class PointsFormula(StrictModel):
    """The house points formula: every coefficient printed (README.md), fitted by
    scripts/dropfleet_calibrate.py."""

    class_base: dict[ClassId, float]
    per_effective_hull: float
    per_effective_hull_dreadnought: float = Field(
        description="added per effective Hull point of a Dreadnought")
    crit_share: float = Field(ge=0, le=1)
    point_defence_with_passive: float
    signature: float
    firepower: float
    close_action: float
    beam: float = Field(description="Close Action (Beam) multiplier (definition)")
    space_launch: float
    space_launch_medium: float = Field(description="added per space launch on a Medium ship")
    troop_token: float
    rule_prices: dict[str, float]
    per_aegis: float
    lock_value: dict[str, float]
    definitions: Definitions
    source: Source

    @field_validator("lock_value")
    @classmethod
    def _every_lock_priced(cls, value: dict[str, float]) -> dict[str, float]:
        # every gun's Lock (2+ to 6+) is priced from this table: a missing row was a KeyError
        missing = [f"{n}+" for n in range(2, 7) if f"{n}+" not in value]
        if missing:
            raise ValueError(f"no value for Lock {', '.join(missing)}; give 2+ to 6+")
        return value

    @field_validator("class_base")
    @classmethod
    def _every_class_priced(cls, value: dict[str, float]) -> dict[str, float]:
        # every ship is priced from its class's base: a missing class was a KeyError
        missing = [c for c in CLASS_IDS if c not in value]
        if missing:
            raise ValueError(f"no base for {', '.join(missing)}; give every class's "
                             f"({', '.join(CLASS_IDS)})")
        return value


Tonnage = Literal["Light", "Medium", "Heavy", "Super-heavy"]
Span = tuple[Annotated[int, Field(ge=0, le=100)], Annotated[int, Field(ge=0, le=100)]]



class Battlegroup(StrictModel):
    """A fleet's battlegroup (house: battlegroups.yaml): how many groups it holds, and of each
    tonnage."""

    id: Id
    name: Name
    groups: Span
    tonnage: dict[Tonnage, Span]
    source: Source


class GameSize(StrictModel):
    """A game size (house): its points and how many battlegroups of each type it takes."""

    id: Id
    name: Name
    points: tuple[int, int]
    battlegroups: dict[str, Span]
    source: Source


class BattleTerms(StrictModel):
    """combat.yaml (house): what a battle of fleets takes beyond the duel's rulings (RULINGS.md
    B1-B9)."""

    battle_cap: Annotated[int, Field(ge=1, le=MAX_CAP)]  # turns (B8; --cap)
    group_inches: Annotated[int, Field(ge=1, le=48)]  # between groups of one battlegroup (B4)
    battlegroup_inches: Annotated[int, Field(ge=1, le=48)]  # between battlegroups (B4)


class DropfleetCatalog(StrictModel):
    combat: BattleTerms
    factions: Entries[Faction]
    classes: Entries[TonnageClass]
    special_rules: Entries[SpecialRule]
    weapons: Entries[Weapon]
    upgrades: Entries[Upgrade]
    loads: Entries[Load]
    assets: Entries[Asset]
    stock: Entries[StockShip]
    picks: Picks
    damage: DamageTables
    points: PointsFormula
    battlegroups: Entries[Battlegroup]
    game_sizes: Entries[GameSize]

    @model_validator(mode="after")
    def _consistent(self) -> DropfleetCatalog:
        # ids are Refs; special rules are (name, parameter) pairs, checked against their table
        rules = {r.name: r for r in self.special_rules}

        def known(rule: Any, where: str, path: tuple[str | int, ...]) -> None:
            # raised At the rule's own path: told at its line, in the overlay that gave it
            spec = rules.get(rule.name)
            if spec is None:
                raise At(path, f"{where}: {_nearest(rule.name, sorted(rules), 'special rule')}"
                         "; a house rule of your own is an entry of special_rules: in your "
                         "overlay (id, name, used_on, summary, source)")
            if spec.param == "none" and rule.param is not None:
                raise At(path, f"{where}: {rule} takes no parameter")
            if spec.param == "number" and not (rule.param or "").isdigit():
                raise At(path, f"{where}: {rule.name} takes a number, as {rule.name} (2)")

        for i, ship in enumerate(self.stock):
            for j, r in enumerate(ship.rules):
                known(r, f"stock {ship.id}", ("stock", i, "rules", j))
            for key in ("weapons", "options"):
                for k, w in enumerate(getattr(ship, key)):
                    for j, r in enumerate(w.rules):
                        known(r, f"stock {ship.id}, {w.name}", ("stock", i, key, k, "rules", j))
            for key in ("launch", "launch_options"):
                for k, ld in enumerate(getattr(ship, key)):
                    for j, r in enumerate(ld.rules):
                        known(r, f"stock {ship.id}, {ld.load}", ("stock", i, key, k, "rules", j))
        for i, weapon in enumerate(self.weapons):
            for j, r in enumerate(weapon.rules):
                known(r, f"weapon {weapon.id}", ("weapons", i, "rules", j))
        for i, up in enumerate(self.upgrades):
            for j, r in enumerate(up.rules):
                known(r, f"upgrade {up.id}", ("upgrades", i, "rules", j))
        for i, klass in enumerate(self.classes):
            for j, r in enumerate(klass.rules):
                known(r, f"class {klass.id}", ("classes", i, "rules", j))
        return self

    def stock_ship(self, ship_id: str) -> StockShip | None:
        return self.stock.get(ship_id)

    def tonnage_class(self, class_id: str) -> TonnageClass:
        return self.classes[class_id]

    def weapon(self, weapon_id: str) -> Weapon | None:
        return self.weapons.get(weapon_id)

    def upgrade(self, upgrade_id: str) -> Upgrade | None:
        return self.upgrades.get(upgrade_id)

    def load(self, load_id: str) -> Load:
        return self.loads[load_id]

    def rule(self, name: str) -> SpecialRule | None:
        return next((r for r in self.special_rules if r.name == name), None)

    def spelled(self, rule: Rule) -> str:
        """A special rule as cards and `show` print it: the data's L (2) is Limited (2) (D8)."""
        known = self.rule(rule.name)
        return str(Rule(known.spelled, rule.param) if known is not None else rule)


# --- the Resistance's modular hardpoints as picks ----------------------------------------------
# Here, beside the stock hull, because the design's schema refuses a pick the hull does not offer;
# how many of each group a hull must pick is the rules' (picks.py).

_SIDE = re.compile(r",?\s*\(?(Port|Starboard)\)?\s*$")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class Pick:
    id: str
    group: str
    name: str
    weapons: tuple[WeaponLine, ...] = ()
    launch: tuple[LaunchLine, ...] = ()


def pick_options(stock: StockShip) -> list[Pick]:
    """What a hull offers: a broadside as its Port and Starboard lines together (one pick), a
    turret as one line, a launch option as one load."""
    grouped: dict[tuple[str, str], list[WeaponLine]] = {}
    for w in stock.options:
        group = w.pick or "options"
        base = _SIDE.sub("", w.name) if group == "broadsides" else w.name
        grouped.setdefault((group, base), []).append(w)
    out = [Pick(_slug(base), group, base + (" (pair)" if len(lines) > 1 else ""),
                tuple(lines)) for (group, base), lines in grouped.items()]
    out += [Pick(ld.load, "launch", ld.printed or ld.load, launch=(ld,))
            for ld in stock.launch_options]
    return out


# --- design -------------------------------------------------------------------------------------


def _known_pick(value: str, info: ValidationInfo) -> str:
    """A pick the stock hull offers: an unknown id is not a design (exit 2), as every other
    unknown id is (rules.py still counts and prices the picks)."""
    catalog = ValidationContext.of(info).catalog_as(DropfleetCatalog)
    stock = catalog.stock.get(info.data.get("stock") or "") if catalog is not None else None
    if stock is not None:
        options = [p.id for p in pick_options(stock)]
        if value not in options:
            known = ", ".join(options) or "none: it has no modular hardpoints"
            raise ValueError(f"'{value[:40]}' is not a pick of the {stock.name}; its picks: "
                             f"{known}")
    return value


PickId = Annotated[str, Field(max_length=80), AfterValidator(_known_pick)]


class Mount(StrictModel):
    """One weapon system of a custom build; it takes one weapon slot."""

    weapon: WeaponId = Field(description="a weapon system id from `shipyard catalog dropfleet` "
                             "(Weapon systems for custom builds)")
    label: Annotated[str, Field(min_length=1, max_length=80)] | None = Field(
        default=None, description="a name of your own for it on the card and in fights (1 to "
        "80 characters)")


class DropfleetDesign(DesignBase):
    system: Literal["dropfleet"] = Field(description="dropfleet")
    stock: StockId | None = Field(default=None, description="a published ship: a stock ship id "
                                  "from `shipyard catalog dropfleet`, at its published points; "
                                  "give either stock or class")
    picks: list[PickId] = Field(default_factory=list, max_length=12,
                                description="a Resistance hull's picks, by pick id (Resistance "
                                "picks in the catalog): one broadside, one turret, at most one "
                                "launch option")
    ship_class: ClassId | None = Field(default=None, alias="class",
                                       description="a custom build's tonnage class: light, "
                                       "destroyer, medium, heavy, super-heavy or dreadnought; "
                                       "its base profile, weapon and upgrade slots and base "
                                       "points")
    faction: FactionId | None = Field(default=None, description="a custom build's faction "
                                      "(ucm, scourge, phr, shaltari, resistance); a weapon "
                                      "printed for another faction is a warning")
    weapons: list[Mount] = Field(default_factory=list, max_length=40, description="a custom "
                                 "build's weapon systems, one weapon slot each (at most the "
                                 "class's weapon slots)")
    upgrades: list[UpgradeId] = Field(default_factory=list, max_length=40, description="a "
                                      "custom build's upgrade ids from the catalog, each taking "
                                      "its slots of the class's upgrade slots")
    group: int | None = Field(default=None, ge=1, le=12,
                              description="ships in the group, 1 to 12 within the ship's "
                              "published group size: the sheet prints one card each")
    points_limit: int | None = Field(default=None, ge=1, le=100_000, description="the most "
                                     "points the group (ships x points) may cost")

    model_config = DesignBase.model_config | {"populate_by_name": True}

    @field_validator("ship_class", "faction", "weapons", "upgrades")
    @classmethod
    def _custom_only(cls, value: Any, info: ValidationInfo) -> Any:
        # a field validator rather than the model's, so the error lands on the key's own line
        if value and info.data.get("stock") is not None:
            key = "class" if info.field_name == "ship_class" else info.field_name
            raise ValueError(f"a stock ship takes no {key} (that is for a custom build with "
                             "'class:')")
        return value

    @model_validator(mode="after")
    def _one_kind(self) -> DropfleetDesign:
        if self.stock is None and self.ship_class is None:
            raise ValueError("give 'stock: <id>' for a published ship or 'class: <tonnage "
                             "class>' for a custom build")
        if self.stock is None and self.picks:
            raise ValueError("picks are for a stock Resistance hull ('stock: <id>')")
        return self
