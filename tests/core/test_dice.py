"""The seeded roller and exact distributions (core/dice.py)."""

from __future__ import annotations

import math
import random

import pytest

from shipyard.core.dice import Dist, Roller, derive_seed, hypergeometric


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
    assert Roller(5).spawn(3).d(100) == Roller(derive_seed(5, 3)).d(100)


def test_distributions() -> None:
    d6 = Dist.die(6)
    assert d6.mean() == pytest.approx(3.5)
    two = d6.add(d6)
    assert two.p[7] == pytest.approx(6 / 36)
    assert two.chance(lambda k: k >= 11) == pytest.approx(3 / 36)
    coin = Dist.bernoulli(0.25)
    assert coin.p == {True: 0.25, False: 0.75}
    chain = coin.bind(lambda hit: Dist.certain(6) if hit else Dist.certain(0))
    assert chain.mean() == pytest.approx(1.5)
    assert Dist.mix([(0.5, Dist.certain(1)), (0.5, Dist.certain(3))]).sd() == pytest.approx(1)


def test_hypergeometric() -> None:
    # 2 boxes picked of 60, a 3-box row: chance it is untouched is C(57,2)/C(60,2)
    h = hypergeometric(60, 3, 2)
    assert sum(h.p.values()) == pytest.approx(1)
    assert h.p[0] == pytest.approx(math.comb(57, 2) / math.comb(60, 2))
    assert h.p[2] == pytest.approx(math.comb(3, 2) / math.comb(60, 2))
    with pytest.raises(ValueError):
        hypergeometric(3, 1, 4)
