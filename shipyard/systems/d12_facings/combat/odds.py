"""The exact odds of one shot, by enumerating the two d12s (seed: skill rolls, gunnery, sustain).

Counts are whole numbers out of 144 (the first die times the second, which is rolled or not):
no float decides anything here, and the same table serves the default captain and `odds`.
"""

from __future__ import annotations

from functools import cache

SIDES = 12
OUTCOMES = SIDES * SIDES  # each first die stands for 12 equally likely second dice


def rolls_again(first: int, total: int, inclusive: bool) -> bool:
    """The seed: "If it's under this total then roll again and add" (R1, R2): read on the
    first die only, never after a natural 12 (it already succeeds), once (R3)."""
    if first == SIDES:
        return False
    return first <= total if inclusive else first < total


@cache
def skill_counts(total: int, inclusive: bool = False) -> tuple[tuple[int, bool, int], ...]:
    """Every result of a skill roll as (result, natural 12?, count out of 144); natural 1s are
    results of 1 with the first die 1 (R2: natural 1 and 12 are read on the first die)."""
    out: dict[tuple[int, bool], int] = {}
    for first in range(1, SIDES + 1):
        if rolls_again(first, total, inclusive):
            for second in range(1, SIDES + 1):
                key = (first + second, False)
                out[key] = out.get(key, 0) + 1
        else:
            key = (first, first == SIDES)
            out[key] = out.get(key, 0) + SIDES
    return tuple((r, n, c) for (r, n), c in sorted(out.items()))


def shot_outcome(first: int, result: int, need: int, damage: int, sustain: int,
                 after: int = 0) -> tuple[int, int, int]:
    """(damage dealt, sustain steps, after-roll used 0/1) of one shot whose dice are known.

    The seed: natural 1 misses, natural 12 hits (R2), else the die roll must reach `need`;
    after the shot, an edge's `after` figure, then sustain: each step +1 for `sustain` damage,
    never down to nothing (R7), and not at all for a missile (sustain 0, R8)."""
    if first == 1:
        return 0, 0, 0
    if first == SIDES or result >= need:
        return damage, 0, 0
    used = 0
    if after:  # the default captain spends it on the first shot of a turn that falls short
        result += after
        used = 1
        if result >= need:
            return damage, 0, used
    steps = need - result
    if sustain > 0 and damage - steps * sustain >= 1:
        return damage - steps * sustain, steps, used
    return 0, 0, used


@cache
def damage_counts(total: int, need: int, damage: int, sustain: int, inclusive: bool = False,
                  after: int = 0) -> tuple[tuple[int, int], ...]:
    """The damage of one shot as (damage, count out of 144), the best use of sustain made."""
    out: dict[int, int] = {}
    for first in range(1, SIDES + 1):
        seconds = range(1, SIDES + 1) if rolls_again(first, total, inclusive) else (0,)
        weight = 1 if seconds[0] else SIDES
        for second in seconds:
            dealt = shot_outcome(first, first + second, need, damage, sustain, after)[0]
            out[dealt] = out.get(dealt, 0) + weight
    return tuple(sorted(out.items()))


@cache
def expected_damage(total: int, need: int, damage: int, sustain: int, inclusive: bool = False,
                    after: int = 0) -> int:
    """Expected damage × 144, an integer, for the captain's comparisons (no float ties)."""
    return sum(d * c for d, c in damage_counts(total, need, damage, sustain, inclusive, after))
