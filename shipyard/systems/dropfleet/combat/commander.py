"""The default commander: every decision the duel's rules leave to a player, as plain functions
the series compiles (RULINGS.md R9-R12). A user's own commander answers the same questions
through `ask` (combat/__init__.py), uncompiled.
"""

from __future__ import annotations

from shipyard.systems.dropfleet.combat.state import (
    NF,
    NT,
    NY,
    S_ALIVE,
    S_HULL,
    T_SHIELDS,
    T_THREAT_DOWN,
    T_THREAT_UP,
    Y_ALT,
    Y_VALUE,
    Params,
)


def fig(p: Params, side: int, field: int) -> int:
    """A side's fixed figure (state.T_*)."""
    return p.data[side * NT + field]


def sysf(p: Params, side: int, system: int, field: int) -> int:
    """A field of one of a side's weapon systems (state.Y_*)."""
    return p.data[p.o_systems + (side * p.smax + system) * NY + field]


def count(p: Params, side: int) -> int:
    return p.n_a if side == 0 else p.n_b


def nsys(p: Params, side: int) -> int:
    return p.sys_a if side == 0 else p.sys_b


def raises(shields: int, threat_up: int, threat_down: int) -> int:
    """R9: a ship raises shields it has when the enemy's best volley is expected to do less
    to it with them up (Point Defence off, where its rules say so) than with them down."""
    if shields == 0:
        return 0
    return 1 if threat_up < threat_down else 0


def raise_shields(p: Params, side: int) -> int:
    return raises(fig(p, side, T_SHIELDS), fig(p, side, T_THREAT_UP),
                  fig(p, side, T_THREAT_DOWN))


def best_system(p: Params, st: list[int], side: int, ship: int, not_alt: int,
                not_sys: int) -> int:
    """R10: the weapon system expected to do the most damage, of those that bear and are not
    lost; not `not_sys` nor another line of its Alt group (a Dreadnought's second system).
    -1 when none can fire."""
    best, value = -1, 0
    for s in range(nsys(p, side)):
        v = sysf(p, side, s, Y_VALUE)
        if v <= 0 or st[p.o_lost + ship * p.smax + s] != 0 or s == not_sys:
            continue
        if not_alt > 0 and sysf(p, side, s, Y_ALT) == not_alt:
            continue
        if v > value:
            best, value = s, v
    return best


def pick_target(st: list[int], first: int, count: int) -> int:
    """R11: the enemy ship with the least Hull left (the first such), to finish it; -1 if
    none is left."""
    best, hull = -1, 1 << 30
    for k in range(first, first + count):
        if st[k * NF + S_ALIVE] == 1 and st[k * NF + S_HULL] < hull:
            best, hull = k, st[k * NF + S_HULL]
    return best


def crits_first(crit_need: int, normal_need: int) -> int:
    """R12: Point Defence spends two successes on a critical point rather than on two normal
    points when that saves more Hull on average: a critical point gets through unless its
    save (needing `crit_need`, 7: none) is made, each normal point unless its own is."""
    crit_fails = min(crit_need, 7) - 1
    normal_fails = min(normal_need, 7) - 1
    return 1 if crit_fails > 2 * normal_fails else 0
