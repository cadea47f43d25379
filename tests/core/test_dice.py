"""The seeded roller and exact distributions (core/dice.py)."""

from __future__ import annotations

import math
import random

import pytest

from shipyard.core.dice import Roller, chance_all, chance_none, derive_seed


def test_dice_come_from_random_random_only() -> None:
    """A die is int(random() * sides) + 1 over random.Random(seed).random(): the sequence
    Python guarantees for an integer seed on every platform and version."""
    reference = random.Random(42)
    roller = Roller(42)
    for sides in (6, 100, 60, 10, 2, 1, 40):
        assert roller.d(sides) == int(reference.random() * sides) + 1


def test_pinned_values_replay_everywhere() -> None:
    # golden: these hold on any machine and Python version (random.Random's integer seeding
    # and Mersenne Twister output are part of Python's compatibility promise)
    roller = Roller(2024)
    assert [roller.d(100) for _ in range(8)] == [48, 73, 31, 89, 42, 72, 27, 25]
    assert roller.draws == 8


def test_the_roller_counts_every_draw() -> None:
    roller = Roller(1)
    roller.d(6)
    roller.random()
    roller.d(60)
    assert roller.draws == 3


@pytest.mark.parametrize("sides", [0, -1, 1_000_001])
def test_absurd_dice_are_refused(sides: int) -> None:
    with pytest.raises(ValueError):
        Roller(1).d(sides)


def test_a_die_covers_all_its_faces_evenly() -> None:
    """Each face of a d6 within 4 standard errors over 60,000 rolls (fixed seed)."""
    roller = Roller(7)
    n = 60_000
    counts = [0] * 7
    for _ in range(n):
        counts[roller.d(6)] += 1
    assert counts[0] == 0
    se = math.sqrt(n * (1 / 6) * (5 / 6))
    for face in range(1, 7):
        assert abs(counts[face] - n / 6) < 4 * se


def test_series_seeds_are_distinct_and_fixed() -> None:
    seeds = [derive_seed(99, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds == [derive_seed(99, i) for i in range(1000)]


def test_chances_of_picks_without_replacement() -> None:
    # 2 boxes picked of 60, a 3-box row: untouched with C(57,2)/C(60,2), both picks in it
    # with C(3,2)/C(60,2), and every box of it taken by 2 picks never
    assert chance_none(60, 3, 2) == pytest.approx(math.comb(57, 2) / math.comb(60, 2))
    assert chance_all(60, 2, 2) == pytest.approx(1 / math.comb(60, 2))
    assert chance_all(60, 3, 2) == 0.0
    assert chance_none(5, 3, 3) == 0.0  # 3 picks of 5 must take one of 3 marked
    assert chance_all(60, 0, 5) == 0.0
    # the distribution of marked boxes picked sums to 1 (Vandermonde's identity)
    total = sum(math.comb(3, k) * math.comb(57, 10 - k) for k in range(4)) / math.comb(60, 10)
    assert total == pytest.approx(1.0)
    assert chance_none(60, 3, 10) == pytest.approx(math.comb(57, 10) / math.comb(60, 10))
