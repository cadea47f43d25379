"""The exact odds of one shot, by enumerating the two d12s (seed: skill rolls, gunnery, sustain):
the rules' own `rolls_again` and `shot_outcome` over every pair of faces.

Counts are whole numbers out of 144 (the first die times the second, which is rolled or not):
no float decides anything here, and the same table serves the default captain and `odds`.
"""

from __future__ import annotations

from functools import cache

from shipyard.systems.d12_facings.combat.rules import SIDES, rolls_again, shot_outcome

OUTCOMES = SIDES * SIDES  # each first die stands for 12 equally likely second dice


@cache
def skill_counts(total: int, inclusive: bool = False) -> tuple[tuple[int, bool, int], ...]:
    """Every result of a skill roll as (result, natural 12?, count out of 144); natural 1s are
    results of 1 with the first die 1 (R3: natural 1 and 12 are read on the first die)."""
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
