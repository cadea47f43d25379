"""Dice: a seeded roller that replays the same on every machine, and exact distributions.

Every die a narrated fight rolls comes from `random.Random(seed).random()`: Python guarantees
that sequence for an integer seed on every platform and version, while `randint`, `randrange`,
`choice` and NumPy's streams have changed between versions. A die of N sides is
`int(random() * N) + 1`, plain IEEE arithmetic, so a log made on one machine is the log on any.

`Dist` is a finite distribution (outcome -> probability) for the odds of a volley: small enough
to enumerate, exact up to floating-point rounding.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
J = TypeVar("J", bound=Hashable)

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

    def spawn(self, index: int) -> Roller:
        """An independent roller for fight `index` of a series: the same for the same seed."""
        return Roller(derive_seed(self.seed, index))


def derive_seed(seed: int, index: int) -> int:
    # integer seeds only: Python seeds an int the same way on every version
    return (seed << 32) ^ (index * 0x9E3779B1 & 0xFFFFFFFF)


def new_seed() -> int:
    """A fresh seed for a fight the user did not seed (printed, so it can be replayed)."""
    return random.SystemRandom().randrange(1, 10**9)


# --- exact distributions -------------------------------------------------------------------


@dataclass(frozen=True)
class Dist(Generic[K]):
    """A finite distribution: each outcome with its probability (summing to 1)."""

    p: Mapping[K, float]

    @staticmethod
    def certain(outcome: J) -> Dist[J]:
        return Dist({outcome: 1.0})

    @staticmethod
    def die(sides: int) -> Dist[int]:
        return Dist({face: 1.0 / sides for face in range(1, sides + 1)})

    @staticmethod
    def bernoulli(chance: float) -> Dist[bool]:
        chance = min(1.0, max(0.0, chance))
        return Dist(_drop_zero({True: chance, False: 1.0 - chance}))

    @staticmethod
    def mix(branches: Iterable[tuple[float, Dist[J]]]) -> Dist[J]:
        out: dict[J, float] = {}
        for weight, dist in branches:
            for outcome, chance in dist.p.items():
                out[outcome] = out.get(outcome, 0.0) + weight * chance
        return Dist(_drop_zero(out))

    def map(self, f: Callable[[K], J]) -> Dist[J]:
        out: dict[J, float] = {}
        for outcome, chance in self.p.items():
            key = f(outcome)
            out[key] = out.get(key, 0.0) + chance
        return Dist(out)

    def bind(self, f: Callable[[K], Dist[J]]) -> Dist[J]:
        """Each outcome leads to a further distribution (a chain of dice)."""
        return Dist.mix((chance, f(outcome)) for outcome, chance in self.p.items())

    def add(self: Dist[int], other: Dist[int]) -> Dist[int]:
        out: dict[int, float] = {}
        for a, pa in self.p.items():
            for b, pb in other.p.items():
                out[a + b] = out.get(a + b, 0.0) + pa * pb
        return Dist(out)

    def mean(self: Dist[int]) -> float:
        return math.fsum(k * v for k, v in self.p.items())

    def sd(self: Dist[int]) -> float:
        mu = self.mean()
        return math.sqrt(max(0.0, math.fsum(v * (k - mu) ** 2 for k, v in self.p.items())))

    def chance(self, test: Callable[[K], bool]) -> float:
        return math.fsum(v for k, v in self.p.items() if test(k))

    def items(self) -> list[tuple[K, float]]:
        return sorted(self.p.items(), key=lambda kv: kv[0])  # type: ignore[arg-type,return-value]


def _drop_zero(p: dict[J, float]) -> dict[J, float]:
    return {k: v for k, v in p.items() if v > 0.0}


def hypergeometric(population: int, successes: int, draws: int) -> Dist[int]:
    """How many of `draws` boxes picked without replacement from `population` fall among
    `successes` marked ones."""
    if draws > population:
        raise ValueError("cannot draw more than the population")
    total = math.comb(population, draws)
    low, high = max(0, draws - (population - successes)), min(draws, successes)
    return Dist({k: math.comb(successes, k) * math.comb(population - successes, draws - k) / total
                 for k in range(low, high + 1)})
