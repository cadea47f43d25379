"""House points: a printable formula over a ship's profile, weapons, launch and rules.

The formula is linear in its coefficients (points.yaml): `quantities` works out the quantities
a ship has (its effective Hull, firepower, Close Action points, ...), and the price is each
quantity times its coefficient, plus the class base. Every quantity is defined in
catalogs/dropfleet/README.md; scripts/dropfleet_calibrate.py fits the coefficients to the
published points of the stock ships with these same functions.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from shipyard.systems.dropfleet.models import PointsFormula, WeaponLine
from shipyard.systems.dropfleet.notation import mean
from shipyard.systems.dropfleet.ship import Ship


def hit_chance(lock: int) -> float:
    """P(an attack die scores a hit) at a Lock of `lock`+."""
    return (7 - lock) / 6


def pass_chance(save: int | None) -> float:
    """P(a point of damage gets past a save of `save`+); 1 without a save."""
    return 1.0 if save is None else (save - 1) / 6


def per_hull_point(armour: int, passive: int | None, crit_share: float) -> float:
    """Effective Hull of one real Hull point: 1 / P(a point gets past the best save), where a
    `crit_share` of the points are critical hits that only the Passive save stops."""
    best = armour if passive is None else min(armour, passive)
    through = crit_share * pass_chance(passive) + (1 - crit_share) * pass_chance(best)
    return 1 / through


def effective_hull(ship: Ship, f: PointsFormula) -> float:
    per_point = per_hull_point(ship.armour, ship.passive, f.crit_share)
    if ship.has("Ablative Armour"):  # two steps better (2+ at best) for half the Hull
        per_point = (per_point + per_hull_point(max(2, ship.armour - 2), ship.passive,
                                                f.crit_share)) / 2
    return ship.hull * per_point


def line_value(w: WeaponLine, f: PointsFormula) -> float:
    """Firepower of one mount: Attack x Damage x the Lock's value x the rules' factor."""
    d = f.definitions
    lock = d.armour_lock if w.lock == "armour" else w.lock
    value = f.lock_value[f"{lock}+"]
    fusillade = w.rule("Fusillade")
    attack = mean(w.attack) + (fusillade.number * d.fusillade_share if fusillade else 0)
    # Damage `hits` is the number of hits: per hit, the expected hits of the attack
    damage = attack * hit_chance(lock) if w.damage == "hits" else mean(w.damage)
    factor = 1.0
    if w.rule("Particle"):
        factor *= d.particle
    if w.rule("Calibre"):
        factor *= d.calibre
    if w.rule("Scald"):
        factor *= d.scald
    return attack * damage * value * factor * w.count


def _systems(lines: list[WeaponLine], f: PointsFormula) -> list[tuple[float, WeaponLine]]:
    """Weapon systems as (firepower, a line of it): Linked lines sum into one system; an Alt
    group is worth its best line."""
    linked: dict[int, list[WeaponLine]] = defaultdict(list)
    alts: dict[int, list[WeaponLine]] = defaultdict(list)
    out = []
    for w in lines:
        link, alt = w.rule("Linked"), w.rule("Alt")
        if link is not None:
            linked[link.number].append(w)
        elif alt is not None:
            alts[alt.number].append(w)
        else:
            out.append((line_value(w, f), w))
    out += [(sum(line_value(w, f) for w in ws), ws[0]) for ws in linked.values()]
    out += [max(((line_value(w, f), w) for w in ws), key=lambda p: p[0]) for ws in alts.values()]
    return out


def firepower(ship: Ship, f: PointsFormula) -> float:
    """The best system in full (two for a Dreadnought), half of every other system and of every
    Bombardment system: a ship fires one system an activation."""
    lines = [m.line for m in ship.weapons if m.line.rule("Close Action") is None]
    systems = _systems(lines, f)
    bombard = [v for v, w in systems if w.rule("Bombardment")]
    main = sorted((v for v, w in systems if not w.rule("Bombardment")), reverse=True)
    best = int(f.definitions.dreadnought_full_systems) if ship.dreadnought else 1
    half = f.definitions.other_systems_share
    return sum(main[:best]) + half * (sum(main[best:]) + sum(bombard))


def close_action(ship: Ship, f: PointsFormula) -> float:
    """Close Action points: the firepower of every Close Action line, in full (Beam x beam)."""
    total = 0.0
    for m in ship.weapons:
        ca = m.line.rule("Close Action")
        if ca is not None:
            total += line_value(m.line, f) * (f.beam if ca.param == "Beam" else 1.0)
    return total


def quantities(ship: Ship, f: PointsFormula, loads: dict[str, tuple[str, int]]
               ) -> dict[str, float]:
    """Every quantity the formula prices, by the name of its coefficient."""
    space = sum(ld.launch * ld.count for ld in ship.launch if loads[ld.load][0] == "space")
    tokens = sum(ld.launch * ld.count * loads[ld.load][1] for ld in ship.launch
                 if loads[ld.load][0] == "troops")
    aegis = ship.rule("Aegis")
    hull = effective_hull(ship, f)
    q = {
        "per_effective_hull": hull,
        "per_effective_hull_dreadnought": hull if ship.dreadnought else 0.0,
        "point_defence_with_passive": float(ship.point_defence) if ship.passive else 0.0,
        "signature": float(ship.signature),
        "firepower": firepower(ship, f),
        "close_action": close_action(ship, f),
        "space_launch": float(space),
        "space_launch_medium": float(space) if ship.ship_class == "medium" else 0.0,
        "troop_token": float(tokens),
        "per_aegis": float(aegis.number) if aegis else 0.0,
    }
    for rule in f.rule_prices:
        q[f"rule:{rule}"] = 1.0 if ship.has(rule) else 0.0
    return q


def coefficient(f: PointsFormula, name: str) -> float:
    if name.startswith("rule:"):
        return f.rule_prices[name.removeprefix("rule:")]
    value = getattr(f, name)
    assert isinstance(value, float | int)
    return float(value)


LABELS = {
    "per_effective_hull": "effective Hull",
    "per_effective_hull_dreadnought": "effective Hull of a Dreadnought",
    "point_defence_with_passive": "Point Defence (with a Passive save)",
    "signature": "Signature", "firepower": "firepower", "close_action": "Close Action points",
    "space_launch": "space launch", "space_launch_medium": "space launch on a Medium ship",
    "troop_token": "troop tokens", "per_aegis": "Aegis",
}


def itemised(ship: Ship, f: PointsFormula, loads: dict[str, tuple[str, int]]
             ) -> list[tuple[str, float]]:
    """(term, points) of the house price, the class base first; zero terms left out. Each term
    names its quantity and coefficient, so a price can be checked by hand."""
    out = [(f"class base ({ship.ship_class})", f.class_base[ship.ship_class])]
    for name, amount in quantities(ship, f, loads).items():
        coef = coefficient(f, name)
        points = amount * coef
        if abs(points) > 1e-9:
            label = (f"rule {name.removeprefix('rule:')}" if name.startswith("rule:")
                     else f"{LABELS[name]} {amount:.4g} x {coef:g}")
            out.append((label, points))
    # what the formula cannot see (Thrust, Scan) an upgrade prices itself, as house data
    out += [(f"upgrade {u.upgrade.id}", float(u.upgrade.points)) for u in ship.upgrades
            if u.upgrade.points]
    return out


def house_points(ship: Ship, f: PointsFormula, loads: dict[str, tuple[str, int]]) -> int:
    """Whole points: the formula's total, rounded half up."""
    total = sum(points for _, points in itemised(ship, f, loads))
    return int(Fraction(total).limit_denominator(10**6) + Fraction(1, 2)) if total > 0 else 0
