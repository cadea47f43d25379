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
    S_DYING,
    S_HULL,
    S_OFFLINE,
    T_SHIELDS,
    T_SYSTEMS,
    Y_ALT,
    Y_VALUE,
    Y_VALUE_UP,
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


def worth(p: Params, side: int, system: int, up: int) -> int:
    """R10: what a system is expected to take (Hull x1000) from a fresh enemy whose shields
    are raised (`up` 1) or down."""
    return sysf(p, side, system, Y_VALUE_UP if up == 1 else Y_VALUE)


def best_system(p: Params, st: list[int], side: int, ship: int, not_alt: int,
                not_sys: int, up: int) -> int:
    """R10: the weapon system expected to do the most damage to a target whose shields stand
    as `up` says, of those that bear and are not lost; not `not_sys` nor another line of its
    Alt group (a Dreadnought's second system). -1 when none can fire."""
    best, value = -1, 0
    for s in range(nsys(p, side)):
        if sysf(p, side, s, Y_VALUE) <= 0 or st[p.o_lost + ship * p.smax + s] != 0 \
                or s == not_sys:
            continue
        if not_alt > 0 and sysf(p, side, s, Y_ALT) == not_alt:
            continue
        v = worth(p, side, s, up)
        if v > value:
            best, value = s, v
    return best


def threat(p: Params, st: list[int], side: int, up: int) -> int:
    """R9: the Hull (x1000) one ship of `side` is expected to lose before its next activation
    with its shields as `up` says: every enemy ship still in the duel whose weapons are not
    offline fires at it the systems R10 has it fire (two for a Dreadnought) at its next
    activation."""
    enemy = 1 - side
    total = 0
    for i in range(count(p, enemy)):
        e = enemy * p.g + i
        if st[e * NF + S_ALIVE] == 0 or st[e * NF + S_DYING] == 1 or \
                st[e * NF + S_OFFLINE] == 1:
            continue
        first = best_system(p, st, enemy, e, 0, -1, up)
        if first < 0:
            continue
        total += worth(p, enemy, first, up)
        if fig(p, enemy, T_SYSTEMS) == 2:
            second = best_system(p, st, enemy, e, sysf(p, enemy, first, Y_ALT), first, up)
            if second >= 0:
                total += worth(p, enemy, second, up)
    return total


def raise_shields(p: Params, st: list[int], side: int) -> int:
    """R9: a ship with shields raises them when the enemy's fire before its next activation
    is expected to take less Hull with them up (Point Defence off, where its rules say so)
    than down; on a tie they stay down."""
    if fig(p, side, T_SHIELDS) == 0:
        return 0
    return 1 if threat(p, st, side, 1) < threat(p, st, side, 0) else 0


def pick_target(st: list[int], first: int, count: int) -> int:
    """R11: the enemy ship with the least Hull left (the first such), to finish it; -1 if
    none is left."""
    best, hull = -1, 1 << 30
    for k in range(first, first + count):
        if st[k * NF + S_ALIVE] == 1 and st[k * NF + S_HULL] < hull:
            best, hull = k, st[k * NF + S_HULL]
    return best
