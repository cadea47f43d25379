"""A design resolved into the ship it describes: the one form that points, checks, profile and
sheet read.

A stock ship is its published profile with its picks mounted; a custom build is its class's base
profile with its upgrades applied and its weapon systems mounted, each remembering the line of the
design that put it there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shipyard.api import LineOf
from shipyard.systems.dropfleet.models import (
    ClassId,
    DropfleetCatalog,
    DropfleetDesign,
    LaunchLine,
    Pick,
    StockShip,
    TonnageClass,
    Upgrade,
    WeaponLine,
    pick_options,
)
from shipyard.systems.dropfleet.notation import Rule
from shipyard.systems.dropfleet.picks import default_picks


@dataclass(frozen=True)
class Mounted:
    line: WeaponLine
    source_line: int | None = None  # the design line that mounted it


@dataclass(frozen=True)
class Fitted:
    upgrade: Upgrade
    source_line: int | None = None


@dataclass(frozen=True)
class Ship:
    name: str
    ship_class: ClassId
    faction: str | None
    hull: int
    armour: int
    passive: int | None
    point_defence: int
    signature: int
    shields_up_signature: int | None
    thrust: int
    scan: int
    group: tuple[int, int]
    rules: tuple[Rule, ...]
    weapons: tuple[Mounted, ...]
    launch: tuple[LaunchLine, ...]
    stock: StockShip | None = None
    picks: tuple[Pick, ...] = ()
    upgrades: tuple[Fitted, ...] = field(default=())

    def has(self, rule: str) -> bool:
        return any(r.name == rule for r in self.rules)

    def rule(self, name: str) -> Rule | None:
        return next((r for r in self.rules if r.name == name), None)

    @property
    def dreadnought(self) -> bool:
        return self.has("Dreadnought")


def from_stock(stock: StockShip, picks: list[Pick]) -> Ship:
    weapons = [Mounted(w) for w in stock.weapons]
    launch = list(stock.launch)
    for p in picks:
        weapons += [Mounted(w) for w in p.weapons]
        launch += list(p.launch)
    return Ship(stock.name, stock.ship_class, stock.faction, stock.hull, stock.armour,
                stock.passive, stock.point_defence, stock.signature,
                stock.shields_up_signature, stock.thrust, stock.scan, stock.group,
                tuple(stock.rules), tuple(weapons), tuple(launch), stock, tuple(picks))


def custom(design: DropfleetDesign, catalog: DropfleetCatalog, line_of: LineOf | None = None
           ) -> Ship:
    def line(*path: str | int) -> int | None:
        return line_of(path) if line_of is not None else None

    assert design.ship_class is not None
    klass: TonnageClass = catalog.tonnage_class(design.ship_class)
    base = klass.profile
    hull, armour, passive = base.hull, base.armour, base.passive
    pd, sig, thrust, scan = base.point_defence, base.signature, base.thrust, base.scan
    shields_extra = 0
    rules = list(klass.rules)
    launch: list[LaunchLine] = []
    fitted = []
    for i, upgrade_id in enumerate(design.upgrades):
        up = catalog.upgrade(upgrade_id)
        assert up is not None  # the schema refused unknown ids
        fitted.append(Fitted(up, line("upgrades", i)))
        m = up.modifiers
        hull += m.hull
        armour = max(2, armour - m.armour)
        if m.passive is not None:
            passive = m.passive if passive is None else min(passive, m.passive)
        pd, sig = pd + m.point_defence, sig + m.signature
        thrust, scan = thrust + m.thrust, scan + m.scan
        shields_extra += m.shields_up_extra
        rules += [r for r in up.rules if r not in rules]
        launch += up.launch
    weapons = []
    for i, mount in enumerate(design.weapons):
        w = catalog.weapon(mount.weapon)
        assert w is not None  # the schema refused unknown ids
        weapons.append(Mounted(WeaponLine(name=mount.label or w.name, lock=w.lock,
                                          attack=w.attack, damage=w.damage, arc=w.arc,
                                          rules=list(w.rules)), line("weapons", i)))
    return Ship(design.name, design.ship_class, design.faction, max(1, hull), armour, passive,
                max(0, pd), max(0, sig), sig + shields_extra if shields_extra else None,
                max(0, thrust), max(0, scan), klass.group, tuple(rules), tuple(weapons),
                tuple(launch), upgrades=tuple(fitted))


def resolve(design: DropfleetDesign, catalog: DropfleetCatalog,
            line_of: LineOf | None = None) -> Ship:
    if design.stock is None:
        return custom(design, catalog, line_of)
    stock = catalog.stock_ship(design.stock)
    assert stock is not None  # the schema refused unknown ids
    options = {p.id: p for p in pick_options(stock)}
    picks = [options[p] for p in design.picks if p in options]
    return from_stock(stock, picks)


def stock_ship(stock: StockShip, catalog: DropfleetCatalog) -> Ship:
    """A stock ship as the catalog prices it: with its default picks where it has options."""
    return from_stock(stock, default_picks(stock, catalog))
