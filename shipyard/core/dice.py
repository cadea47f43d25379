"""Dice: a seeded roller that replays the same on every machine, and exact distributions.

Every die a narrated fight rolls comes from `random.Random(seed).random()`: Python guarantees
that sequence for an integer seed on every platform and version, while `randint`, `randrange`,
`choice` and NumPy's streams have changed between versions. A die of N sides is
`int(random() * N) + 1`, plain IEEE arithmetic, so a log made on one machine is the log on any.

The chance helpers below are exact (up to floating-point rounding) for the odds of a volley.
"""

from __future__ import annotations

import math
import random

MAX_SIDES = 1_000_000


class Roller:
    """A seeded source of dice that counts what it drew."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed).random
        self.draws = 0

    def random(self) -> float:
        """A uniform float in [0, 1): the only primitive every die is built on."""
        self.draws += 1
        return self._random()

    def d(self, sides: int) -> int:
        """One die of `sides` faces, 1..sides."""
        if not 1 <= sides <= MAX_SIDES:
            raise ValueError(f"a die has 1..{MAX_SIDES} sides, not {sides}")
        return int(self.random() * sides) + 1


def derive_seed(seed: int, index: int) -> int:
    """The seed of fight `index` of a series: integers only, which Python seeds the same way
    on every version."""
    return (seed << 32) ^ (index * 0x9E3779B1 & 0xFFFFFFFF)


def new_seed() -> int:
    """A fresh seed for a fight the user did not seed (printed, so it can be replayed)."""
    return random.SystemRandom().randrange(1, 10**9)


# --- exact distributions ------------------------------------------------------------------


def chance_none(population: int, marked: int, drawn: int) -> float:
    """Picking `drawn` of `population` without replacement: the chance that none of the
    `marked` ones is among them (the hypergeometric distribution at 0)."""
    if drawn > population - marked:
        return 0.0
    return math.comb(population - marked, drawn) / math.comb(population, drawn)


def chance_all(population: int, marked: int, drawn: int) -> float:
    """... and the chance that every one of the `marked` ones is among them."""
    if marked == 0 or marked > drawn:
        return 0.0
    return math.comb(population - marked, drawn - marked) / math.comb(population, drawn)
