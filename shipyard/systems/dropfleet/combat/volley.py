"""The exact odds of one weapon system's volley, by enumerating its dice (seed steps 4-5).

The same reading of the rules as rules.py (a die per Attack, Burnthrough's extra dice,
critical hits, variable damage before saves, Point Defence against Close Action damage, a save
per point), as probability distributions instead of dice: `odds` reports them, and setup.py
reads their means for the default commander (R9, R10). Plain Python on floats: never compiled.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from shipyard.systems.dropfleet.combat.state import (
    L_ATT_B,
    L_ATT_N,
    L_ATT_S,
    L_BEARS,
    L_BURN,
    L_CA,
    L_CRIT_ON,
    L_DMG_B,
    L_DMG_N,
    L_DMG_S,
    L_EXTRA,
    L_LOCK,
    L_MOUNTS,
)

Dist = dict[int, float]
Pair = dict[tuple[int, int], float]


def dice_sum(n: int, sides: int, bonus: int) -> Dist:
    """N dice of `sides` plus bonus (never below 0); a plain number when sides is 0."""
    if sides == 0:
        return {n: 1.0}
    out: Dist = {0: 1.0}
    for _ in range(n):
        nxt: Dist = {}
        for total, p in out.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        out = nxt
    result: Dist = {}
    for total, p in out.items():
        key = max(0, total + bonus)
        result[key] = result.get(key, 0.0) + p
    return result


def die_chances(lock: int, crit_on: int) -> tuple[float, float, float]:
    """(miss, hit, critical hit) of one Attack die."""
    miss = crit = 0
    for roll in range(1, 7):
        if roll < lock:
            miss += 1
        elif roll >= crit_on:
            crit += 1
    return miss / 6, (6 - miss - crit) / 6, crit / 6


def hits(attacks: int, lock: int, crit_on: int, burn: int) -> Pair:
    """(normal hits, critical hits) of `attacks` dice; Burnthrough's extra dice included."""
    miss, hit, crit = die_chances(lock, crit_on)
    limit = max(burn, attacks) if burn > 0 else attacks
    states: dict[tuple[int, int, int, int], float] = {(attacks, 0, 0, 0): 1.0}
    done: Pair = {}
    while states:
        nxt: dict[tuple[int, int, int, int], float] = {}
        for (pending, rolled, normal, crits), p in states.items():
            if pending == 0 or rolled >= limit:
                done[(normal, crits)] = done.get((normal, crits), 0.0) + p
                continue
            extra = 1 if burn > 0 else 0
            for chance, dn, dc, more in ((miss, 0, 0, 0), (hit, 1, 0, extra),
                                         (crit, 0, 1, extra)):
                if chance:
                    key = (pending - 1 + more, rolled + 1, normal + dn, crits + dc)
                    nxt[key] = nxt.get(key, 0.0) + p * chance
        states = nxt
    return done


def repeat(dist: Dist, times: int) -> Dist:
    out: Dist = {0: 1.0}
    for _ in range(times):
        out = add(out, dist)
    return out


def add(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def add_pairs(a: Pair, b: Pair) -> Pair:
    out: Pair = {}
    for (x1, y1), p in a.items():
        for (x2, y2), q in b.items():
            key = (x1 + x2, y1 + y2)
            out[key] = out.get(key, 0.0) + p * q
    return out


def line_points(line: Sequence[int]) -> Pair:
    """(normal, critical) damage points of one mount of a line."""
    damage = dice_sum(line[L_DMG_N], line[L_DMG_S], line[L_DMG_B])
    out: Pair = {}
    for attacks, pa in dice_sum(line[L_ATT_N], line[L_ATT_S], line[L_ATT_B]).items():
        got = hits(attacks + line[L_EXTRA], line[L_LOCK], line[L_CRIT_ON], line[L_BURN])
        for (normal, crits), ph in got.items():
            for n_pts, pn in repeat(damage, normal).items():
                for c_pts, pc in repeat(damage, crits).items():
                    key = (n_pts, c_pts)
                    out[key] = out.get(key, 0.0) + pa * ph * pn * pc
    return out


def volley_points(lines: Sequence[Sequence[int]]) -> tuple[Pair, Pair]:
    """(Close Action points, other points) of a system's lines that bear, as (normal,
    critical) pairs."""
    near: Pair = {(0, 0): 1.0}
    far: Pair = {(0, 0): 1.0}
    for line in lines:
        if not line[L_BEARS]:
            continue
        for _ in range(line[L_MOUNTS]):
            if line[L_CA]:
                near = add_pairs(near, line_points(line))
            else:
                far = add_pairs(far, line_points(line))
    return near, far


def binomial(n: int, p: float) -> Dist:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def after_pd(near: Pair, pd: int, normal_need: int, crit_need: int) -> Pair:
    """Close Action points left after the target's Point Defence (5+; two a critical)."""
    if pd <= 0:
        return near
    from shipyard.systems.dropfleet.combat.rules import pd_block

    out: Pair = {}
    for successes, ps in binomial(pd, 2 / 6).items():
        for (normal, crit), p in near.items():
            bn, bc = pd_block(successes, normal, crit, normal_need, crit_need)
            key = (normal - bn, crit - bc)
            out[key] = out.get(key, 0.0) + p * ps
    return out


def unsaved(points: Pair, normal_need: int, crit_need: int) -> Dist:
    """Hull lost: each point gets through unless its save is made (7: no save)."""
    fail_n = min(normal_need - 1, 6) / 6
    fail_c = min(crit_need - 1, 6) / 6
    out: Dist = {}
    for (normal, crit), p in points.items():
        for lost, q in add(binomial(normal, fail_n), binomial(crit, fail_c)).items():
            out[lost] = out.get(lost, 0.0) + p * q
    return out


def volley(lines: Sequence[Sequence[int]], pd: int, normal_need: int,
           crit_need: int) -> tuple[Pair, Pair, Dist]:
    """(points before Point Defence, points after it, Hull lost) of one volley."""
    near, far = volley_points(lines)
    before = add_pairs(near, far)
    after = add_pairs(after_pd(near, pd, normal_need, crit_need), far)
    return before, after, unsaved(after, normal_need, crit_need)


def mean(dist: Dist) -> float:
    return sum(k * p for k, p in dist.items())
