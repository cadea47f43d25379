"""dropfleet construction: a stock ship's picks, a custom build's slots and upgrades, and points.

Every finding has a stable code (CODES), described in catalogs/dropfleet/RULINGS.md.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import model_validator

from shipyard.api import Budget, LineOf, Verdict
from shipyard.systems.dropfleet.fleet import CODES as FLEET_CODES
from shipyard.systems.dropfleet.models import (
    DropfleetCatalog,
    DropfleetDesign,
    Pick,
    StockShip,
    pick_options,
)
from shipyard.systems.dropfleet.picks import required
from shipyard.systems.dropfleet.points import house_points, itemised
from shipyard.systems.dropfleet.ship import Mounted, Ship, stock_ship

CODES = {
    **FLEET_CODES,
    "picks.unknown": "a pick that this stock hull does not offer",
    "picks.missing": "fewer picks of a group than the hull must make "
                     "(shipyard rulings dropfleet H5)",
    "picks.over": "more picks of a group than the hull may make (shipyard rulings dropfleet H5)",
    "slots.weapons.over": "more weapon systems than the class's weapon slots "
                          "(shipyard rulings dropfleet H2)",
    "slots.upgrades.over": "upgrades fill more than the class's upgrade slots "
                           "(shipyard rulings dropfleet H2)",
    "upgrade.class": "an upgrade not made for this tonnage class (shipyard rulings dropfleet H4)",
    "weapon.faction": "warning: a weapon system printed for another faction than the design's",
    "group.size": "a group larger or smaller than the class or ship allows",
    "points.over": "the ship's points (the group's, with its group size) exceed points_limit",
}


def loads_of(catalog: DropfleetCatalog) -> dict[str, tuple[str, int]]:
    return {ld.id: (ld.kind, ld.tokens) for ld in catalog.loads}


def house(ship: Ship, catalog: DropfleetCatalog) -> int:
    return house_points(ship, catalog.points, loads_of(catalog))


def base_priced(stock: StockShip, catalog: DropfleetCatalog) -> bool:
    return stock.id in catalog.picks.base_priced


def pick_price(stock: StockShip, pick: Pick, catalog: DropfleetCatalog) -> int:
    """HOUSE: what the formula adds for a pick alone on the bare hull."""
    bare = Ship(stock.name, stock.ship_class, stock.faction, stock.hull, stock.armour,
                stock.passive, stock.point_defence, stock.signature,
                stock.shields_up_signature, stock.thrust, stock.scan, stock.group,
                tuple(stock.rules), (), (), stock)
    fitted = replace(bare, weapons=tuple(Mounted(w) for w in pick.weapons),
                     launch=tuple(pick.launch))
    return house(fitted, catalog) - house(bare, catalog)


def stock_points(ship: Ship, catalog: DropfleetCatalog) -> tuple[int, list[tuple[str, int]]]:
    """The published price of a stock design: its printed points, plus the house price of each
    pick where the printed points are a base price (RULINGS.md H5)."""
    assert ship.stock is not None
    items = [(f"{ship.stock.name} (published)", ship.stock.points)]
    if base_priced(ship.stock, catalog):
        items += [(f"pick: {p.name} (house)", pick_price(ship.stock, p, catalog))
                  for p in ship.picks]
    return sum(a for _, a in items), items


def price(design: DropfleetDesign, ship: Ship, catalog: DropfleetCatalog) -> int:
    """What a design costs in a fleet: a stock ship's published points (RULINGS.md H5, H6),
    a custom build's house points, times the ships of its group."""
    each = stock_points(ship, catalog)[0] if ship.stock is not None else house(ship, catalog)
    return each * (design.group or 1)


def check(design: DropfleetDesign, ship: Ship, catalog: DropfleetCatalog, line_of: LineOf
          ) -> Verdict:
    verdict = Verdict()
    group = design.group or 1
    if design.group is not None and not ship.group[0] <= design.group <= ship.group[1]:
        verdict.error("group.size", f"a group of {design.group}: this ship comes in groups of "
                      f"{ship.group[0]}-{ship.group[1]}", line_of(("group",)))
    lines: list[int | None] = []
    if ship.stock is not None:
        _check_picks(design, ship.stock, catalog, line_of, verdict)
        total, items = stock_points(ship, catalog)
        offered = {p.id for p in pick_options(ship.stock)}
        lines = [line_of(("stock",))] + [line_of(("picks", i)) for i, p in
                                         enumerate(design.picks) if p in offered]
    else:
        _check_custom(design, ship, catalog, line_of, verdict)
        items = [(label, round(points)) for label, points in
                 itemised(ship, catalog.points, loads_of(catalog))]
        total = house(ship, catalog)
        drift = total - sum(a for _, a in items)  # the total is rounded once, not per term
        if drift:
            items.append(("rounding", drift))
    limit = design.points_limit
    points = Budget("points", "pts", limit,
                    title="Points" + ("" if ship.stock is None else " (published)")
                    + (f", a group of {group}" if group > 1 else ""))
    lines += [None] * (len(items) - len(lines))
    for (label, amount), line in zip(items, lines, strict=False):
        points.add(label if group == 1 else f"{label} x{group}", amount * group, line)
    verdict.budgets.insert(0, points)
    if limit is not None and points.used > limit:
        verdict.error("points.over", f"{points.used} points is over the limit of {limit}",
                      line_of(("points_limit",)))
    return verdict


def _check_picks(design: DropfleetDesign, stock: StockShip, catalog: DropfleetCatalog,
                 line_of: LineOf, verdict: Verdict) -> None:
    options = {p.id: p for p in pick_options(stock)}
    counts: dict[str, int] = {}
    for i, pick_id in enumerate(design.picks):
        pick = options.get(pick_id)
        if pick is None:
            known = ", ".join(options) or "none: it has no modular hardpoints"
            verdict.error("picks.unknown", f"'{pick_id}' is not a pick of the {stock.name}; "
                          f"its picks: {known}", line_of(("picks", i)))
            continue
        counts[pick.group] = counts.get(pick.group, 0) + 1
        count, _ = required(stock, catalog)[pick.group]
        if counts[pick.group] > count:
            verdict.error("picks.over", f"a {stock.name} picks {count} from {pick.group}; "
                          f"'{pick_id}' is one too many", line_of(("picks", i)))
    for group, (count, optional) in required(stock, catalog).items():
        if not optional and counts.get(group, 0) < count:
            offered = ", ".join(p.id for p in options.values() if p.group == group)
            verdict.error("picks.missing", f"a {stock.name} must pick {count} from {group} "
                          f"({offered})", line_of(("picks",)) or line_of(("stock",)))


def _check_custom(design: DropfleetDesign, ship: Ship, catalog: DropfleetCatalog,
                  line_of: LineOf, verdict: Verdict) -> None:
    assert design.ship_class is not None
    klass = catalog.tonnage_class(design.ship_class)
    weapons = Budget("slots.weapons", "slots", klass.weapon_slots, title="Weapon slots")
    for i, mount in enumerate(design.weapons):
        w = catalog.weapon(mount.weapon)
        assert w is not None
        line = line_of(("weapons", i))
        weapons.add(mount.label or w.name, w.slots, line)
        if weapons.used > klass.weapon_slots >= weapons.used - w.slots:
            verdict.error("slots.weapons.over", f"'{mount.weapon}' is beyond the "
                          f"{klass.weapon_slots} weapon slots of a {klass.name} "
                          f"({weapons.used} needed)", line)
        if design.faction is not None and w.faction not in (design.faction, "multi-faction"):
            verdict.warn("weapon.faction", f"'{mount.weapon}' is printed for {w.faction}, "
                         f"not {design.faction}", line)
    upgrades = Budget("slots.upgrades", "slots", klass.upgrade_slots, title="Upgrade slots")
    for fitted in ship.upgrades:
        up = fitted.upgrade
        upgrades.add(up.name, up.slots, fitted.source_line)
        if upgrades.used > klass.upgrade_slots >= upgrades.used - up.slots:
            verdict.error("slots.upgrades.over", f"'{up.id}' is beyond the "
                          f"{klass.upgrade_slots} upgrade slots of a {klass.name} "
                          f"({upgrades.used} needed)", fitted.source_line)
        if klass.id not in up.classes:
            verdict.error("upgrade.class", f"'{up.id}' is for {', '.join(up.classes)}, not "
                          f"{klass.id}", fitted.source_line)
    verdict.budgets += [weapons, upgrades]


class PricedCatalog(DropfleetCatalog):
    """The catalog with every stock ship priced by the house formula, as `catalog dropfleet` and
    the points tests read it. A subclass here, not a validator in models.py, because the formula
    reads the ships that models.py describes: imports run one way."""

    @model_validator(mode="after")
    def _price_stock(self) -> PricedCatalog:
        for s in self.stock:
            based = s.id in self.picks.base_priced
            s._house_points = None if based else house(stock_ship(s, self), self)
            if based:
                s._pick_points = {p.id: pick_price(s, p, self) for p in pick_options(s)}
        return self
