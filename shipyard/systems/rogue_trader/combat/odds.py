"""The exact odds of one Shooting Action: every d100 and damage die enumerated.

The volley is the attacker's weapons that bear on one arc at the given range (the arc that does
the most, unless told), against an undamaged target: turrets against torpedoes and attack craft,
hits by degrees of success, void shields taking the weakest hits (macrobatteries before lances),
the summed damage less Armour once, lance damage past the armour (R7), each torpedo less Armour
on its own (R9).
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import cache

from shipyard.api import Chance, Dice, Distribution, OddsReport, Point, Terms
from shipyard.systems.rogue_trader.combat import rules
from shipyard.systems.rogue_trader.combat import terms as tables
from shipyard.systems.rogue_trader.combat.spec import Gun, Part, Spec, build
from shipyard.systems.rogue_trader.combat.state import Ship
from shipyard.systems.rogue_trader.models import RogueTraderCatalog
from shipyard.systems.rogue_trader.options import ODDS_RANGE
from shipyard.systems.rogue_trader.rules import ShipDesign

ARCS = ("fore", "port", "starboard", "aft")
Dist = dict[int, float]


def d100_hits(target: int, cap: int, step: int) -> Dist:
    """How many hits a d100 test scores (R7): 1 + degrees // step, at most `cap`."""
    out: Dist = defaultdict(float)
    for rolled in range(1, 101):
        out[rules.hits(target, rolled, cap, step)] += 0.01
    return dict(out)


def d100_chance(target: int, test: int) -> float:
    """The chance a d100 test succeeds with at least `test` degrees."""
    return sum(1 for r in range(1, 101) if r <= target and rules.degrees(target, r) >= test) / 100


@cache
def dice_sum(dice: Dice, count: int, bonus: int) -> tuple[tuple[int, float], ...]:
    """The sum of `count` rolls of `dice`, each with `bonus` added."""
    dist: Dist = {0: 1.0}
    face = 1.0 / dice.sides
    for _ in range(count * dice.count):
        nxt: Dist = defaultdict(float)
        for total, p in dist.items():
            for f in range(1, dice.sides + 1):
                nxt[total + f] += p * face
        dist = nxt
    shift = count * (dice.bonus + bonus)
    return tuple((total + shift, p) for total, p in sorted(dist.items()))


def _after_turrets(count: int, target: Ship, turret_target: int, hit_target: int,
                   step: int) -> Dist:
    """Hits of a torpedo salvo or attack-craft wave: turrets shoot first, then the attack."""
    remaining: Dist = {count: 1.0}
    if target.turrets >= 1:
        remaining = defaultdict(float)
        for down, p in d100_hits(turret_target, count, 2).items():
            remaining[count - down] += p
    out: Dist = defaultdict(float)
    for left, p in remaining.items():
        for k, q in d100_hits(hit_target, left, step).items():
            out[k] += p * q
    return dict(out)


def _shielded(state: dict[tuple[int, int], float], hits: Dist, dice: Dice, bonus: int,
              stops: tuple[float, ...]) -> dict[tuple[int, int], float]:
    """Add one weapon's hits to (next shield charge, damage) states: each hit offered to a
    charge is stopped with that charge's chance; the rest land and roll damage."""
    out: dict[tuple[int, int], float] = defaultdict(float)
    for (charge, total), p in state.items():
        for k, pk in hits.items():
            offered = min(k, len(stops) - charge)
            stopped: Dist = {0: 1.0}
            for stop in stops[charge:charge + offered]:
                nxt: Dist = defaultdict(float)
                for s, ps in stopped.items():
                    if stop > 0:
                        nxt[s + 1] += ps * stop
                    if stop < 1:
                        nxt[s] += ps * (1 - stop)
                stopped = nxt
            for s, ps in stopped.items():
                for damage, pd in dice_sum(dice, k - s, bonus):
                    out[(charge + offered, total + damage)] += p * pk * ps * pd
    return dict(out)


def volley_dist(attacker: Ship, target: Ship, guns: list[Part], surprise: int,
                catalog: RogueTraderCatalog) -> tuple[Dist, float]:
    """(distribution of damage past shields and armour, chance a Crit Rating is met)."""
    table = catalog.combat
    stops = tuple(1.0 - (p.shield_fails_on or 0) / 10 for p in target.spec.parts
                  if p.void_shields and target.working(p) for _ in range(p.void_shields))
    base = attacker.ballistic_skill + surprise
    turret_target = target.spec.crew.rating + table.turret_bonus_per_point * target.turrets
    bonus = attacker.modifier("macrobattery_damage")
    no_crit = 1.0
    macro: list[tuple[Gun, Dist]] = []
    lance: list[tuple[Gun, Dist]] = []
    ordnance: list[tuple[Gun, Dist]] = []
    for part in guns:
        gun = part.gun
        assert gun is not None
        cap = attacker.strength(part)
        if part.index in attacker.torpedoes:
            cap = min(cap, attacker.torpedoes[part.index])
        hit_target = base + gun.to_hit
        if gun.ordnance:
            hits = _after_turrets(cap, target, turret_target, hit_target, gun.step)
        else:
            hits = d100_hits(hit_target, cap, gun.step)
        if gun.crit is not None:
            no_crit *= 1 - d100_chance(hit_target, gun.crit)
        entry = (gun, hits)
        (ordnance if gun.ordnance else lance if gun.ignores_armour else macro).append(entry)
    order = sorted(macro, key=lambda e: e[0].value) + sorted(lance, key=lambda e: e[0].value)
    state: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for gun, hits in order:
        if not gun.ignores_armour:
            state = _shielded(state, hits, gun.damage, bonus if gun.kind == "macrobattery"
                              else 0, stops)
    armoured = _ordnance([e for e in ordnance if e[0].kind != "torpedo-tubes"])
    torpedoes = _torpedoes([e for e in ordnance if e[0].kind == "torpedo-tubes"],
                           target.armour)
    lances = [(gun, hits) for gun, hits in order if gun.ignores_armour]
    by_charge: dict[int, Dist] = {}
    total: Dist = defaultdict(float)
    for (charge, damage), p in state.items():
        if charge not in by_charge:
            lance_state: dict[tuple[int, int], float] = {(charge, 0): 1.0}
            for gun, hits in lances:
                lance_state = _shielded(lance_state, hits, gun.damage, 0, stops)
            merged: Dist = defaultdict(float)
            for (_, value), q in lance_state.items():
                merged[value] += q
            by_charge[charge] = dict(merged)
        for extra, pe in armoured.items():
            through = max(0, damage + extra - target.armour)
            for value, q in by_charge[charge].items():
                for past, pt in torpedoes.items():
                    total[through + value + past] += p * pe * q * pt
    return dict(total), 1.0 - no_crit


def _torpedoes(shots: list[tuple[Gun, Dist]], armour: int) -> Dist:
    """Damage past Armour of torpedoes, each striking on its own (R9)."""
    out: Dist = {0: 1.0}
    for gun, hits in shots:
        one: Dist = defaultdict(float)
        for damage, pd in dice_sum(gun.damage, 1, 0):
            one[max(0, damage - armour)] += pd
        nxt: Dist = defaultdict(float)
        for total, p in out.items():
            for k, pk in hits.items():
                salvo: Dist = {0: 1.0}
                for _ in range(k):
                    step: Dist = defaultdict(float)
                    for s, ps in salvo.items():
                        for v, pv in one.items():
                            step[s + v] += ps * pv
                    salvo = step
                for v, pv in salvo.items():
                    nxt[total + v] += p * pk * pv
        out = dict(nxt)
    return out


def _ordnance(shots: list[tuple[Gun, Dist]]) -> Dist:
    """Summed damage of torpedoes and attack craft (void shields do not stop them)."""
    out: Dist = {0: 1.0}
    for gun, hits in shots:
        nxt: Dist = defaultdict(float)
        for total, p in out.items():
            for k, pk in hits.items():
                for damage, pd in dice_sum(gun.damage, k, 0):
                    nxt[total + damage] += p * pk * pd
        out = nxt
    return out


def bearing_guns(ship: Ship, arc: str, reach: int) -> list[Part]:
    return [p for p in ship.spec.guns if p.gun is not None and arc in p.gun.arcs
            and p.gun.min_range <= reach <= p.gun.reach]


def default_reach(ship: Ship) -> int:
    """The range of a volley when none is given: the shortest reach of the ship's guns, where
    every gun with no minimum range fires (ODDS_RANGE for a ship with none)."""
    return min((p.gun.reach for p in ship.spec.guns if p.gun is not None and not p.gun.ordnance),
               default=ODDS_RANGE)


def _ship(spec: Spec) -> Ship:
    return Ship.fresh(spec, 0, (0.0, 0.0), 0)


def volley(attacker: ShipDesign, target: ShipDesign, terms: Terms) -> OddsReport:
    catalog: RogueTraderCatalog = attacker.catalog
    switches = tables.switches(terms.rules)
    mine = _ship(build(attacker.model, catalog, tables.crew(attacker.model, catalog,
                                                            terms.crew[0], "--crew")))
    reach = terms.whole("range", default_reach(mine))
    theirs = _ship(build(target.model, catalog, tables.crew(target.model, catalog, {},
                                                            "--crew")))
    surprise = catalog.combat.surprise_bonus if switches.surprised(1, 1) else 0
    results = []
    for arc in ARCS:
        guns = bearing_guns(mine, arc, reach)
        if guns:
            dist, crit = volley_dist(mine, theirs, guns, surprise, catalog)
            mean = math.fsum(k * v for k, v in dist.items())
            results.append((mean, -ARCS.index(arc), arc, guns, dist, crit))
    hull = theirs.hull_integrity
    title = f"{mine.name} fires on {theirs.name} at {reach} VU"
    if not results:
        return OddsReport(title, True, None, ("no weapon reaches that far",),
                          (Distribution("Hull Integrity lost", (Point(0, 1.0),), 0.0),), ())
    mean, _, arc, guns, dist, crit = max(results)
    lost: Dist = defaultdict(float)
    for value, p in dist.items():
        lost[min(value, hull)] += p
    points = tuple(Point(k, v) for k, v in sorted(lost.items()) if v > 0)
    notes = (f"the {arc} arc: {', '.join(p.name for p in guns)}",
             f"Ballistic Skill {mine.ballistic_skill}; {theirs.name}: void shields "
             f"{theirs.void_shields}, Armour {theirs.armour}, turrets {theirs.turrets}, "
             f"Hull Integrity {hull}")
    crippling = sum(p for value, p in dist.items() if value >= hull)
    past = sum(p for value, p in dist.items() if value > hull)
    chances = (Chance("no damage past the shields and armour", dist.get(0, 0.0)),
               Chance(f"Crippled (at least {hull} damage)", crippling),
               Chance("a critical hit past Hull Integrity", past),
               Chance("a weapon meets its Crit Rating (before shields)", crit))
    return OddsReport(title, True, None, notes,
                      (Distribution("Hull Integrity lost", points,
                                    math.fsum(k * v for k, v in lost.items())),), chances)
