"""The default commander: every decision the fight's rules leave to a player, as plain functions
the series compiles (RULINGS.md R9-R12). A user's own commander answers the same questions
through `ask` (combat/__init__.py), uncompiled.
"""

from __future__ import annotations

from shipyard.systems.dropfleet.combat.state import (
    NF,
    NT,
    NU,
    NY,
    S_ALIVE,
    S_DYING,
    S_HULL,
    S_OFFLINE,
    T_SHIELDS,
    T_SYSTEMS,
    U_COUNT,
    U_NSYS,
    U_SIDE,
    Y_ALT,
    Y_VALUE,
    Y_VALUE_UP,
    Params,
)


def fig(p: Params, unit: int, field: int) -> int:
    """A unit's fixed figure (state.T_*)."""
    return p.data[unit * NT + field]


def sysf(p: Params, unit: int, target: int, system: int, field: int) -> int:
    """A field of one of a unit's weapon systems, read against a target unit (state.Y_*)."""
    return p.data[p.o_systems + ((unit * p.units + target) * p.smax + system) * NY + field]


def unitf(p: Params, unit: int, field: int) -> int:
    """A unit's place in the fight (state.U_*)."""
    return p.data[p.o_units + unit * NU + field]


def count(p: Params, unit: int) -> int:
    return unitf(p, unit, U_COUNT)


def nsys(p: Params, unit: int) -> int:
    return unitf(p, unit, U_NSYS)


def side_of(p: Params, unit: int) -> int:
    return unitf(p, unit, U_SIDE)


def worth(p: Params, unit: int, target: int, system: int, up: int) -> int:
    """R10: what a system is expected to take (Hull x1000) from a fresh ship of the target unit
    whose shields are raised (`up` 1) or down."""
    return sysf(p, unit, target, system, Y_VALUE_UP if up == 1 else Y_VALUE)


def best_system(p: Params, st: list[int], unit: int, target: int, ship: int, not_alt: int,
                not_sys: int, up: int) -> int:
    """R10: the weapon system expected to do the most damage to a ship of the target unit whose
    shields stand as `up` says, of those that bear and are not lost; not `not_sys` nor another
    line of its Alt group (a Dreadnought's second system). -1 when none can fire."""
    best, value = -1, 0
    for s in range(nsys(p, unit)):
        if sysf(p, unit, target, s, Y_VALUE) <= 0 or st[p.o_lost + ship * p.smax + s] != 0 \
                or s == not_sys:
            continue
        if not_alt > 0 and sysf(p, unit, target, s, Y_ALT) == not_alt:
            continue
        v = worth(p, unit, target, s, up)
        if v > value:
            best, value = s, v
    return best


def threat(p: Params, st: list[int], unit: int, up: int) -> int:
    """R9: the Hull (x1000) one ship of `unit` is expected to lose before its next activation
    with its shields as `up` says: every enemy ship still in the fight whose weapons are not
    offline fires at it the systems R10 has it fire (two for a Dreadnought) at its next
    activation."""
    side = side_of(p, unit)
    total = 0
    for enemy in range(p.units):
        if side_of(p, enemy) == side:
            continue
        for i in range(count(p, enemy)):
            e = enemy * p.g + i
            if st[e * NF + S_ALIVE] == 0 or st[e * NF + S_DYING] == 1 or \
                    st[e * NF + S_OFFLINE] == 1:
                continue
            first = best_system(p, st, enemy, unit, e, 0, -1, up)
            if first < 0:
                continue
            total += worth(p, enemy, unit, first, up)
            if fig(p, enemy, T_SYSTEMS) == 2:
                second = best_system(p, st, enemy, unit, e,
                                     sysf(p, enemy, unit, first, Y_ALT), first, up)
                if second >= 0:
                    total += worth(p, enemy, unit, second, up)
    return total


def raise_shields(p: Params, st: list[int], unit: int) -> int:
    """R9: a ship with shields raises them when the enemy's fire before its next activation
    is expected to take less Hull with them up (Point Defence off, where its rules say so)
    than down; on a tie they stay down."""
    if fig(p, unit, T_SHIELDS) == 0:
        return 0
    return 1 if threat(p, st, unit, 1) < threat(p, st, unit, 0) else 0


def pick_target(p: Params, st: list[int], side: int) -> int:
    """R11: the enemy ship with the least Hull left (the first such, in the enemy's fleet
    order), to finish it; -1 if none is left."""
    best, hull = -1, 1 << 30
    for unit in range(p.units):
        if side_of(p, unit) == side:
            continue
        for k in range(unit * p.g, unit * p.g + count(p, unit)):
            if st[k * NF + S_ALIVE] == 1 and st[k * NF + S_HULL] < hull:
                best, hull = k, st[k * NF + S_HULL]
    return best
