"""A coin-flip fight on the pattern, for the core's tests: each round side A flips, then side
B; a d100 at or under `chance` is heads and wins. A chance of 0 never ends before the cap."""

from __future__ import annotations

from typing import NamedTuple

from shipyard.api import derive_seed, die, emit, seed_stream, store

EV_FLIP = 1  # round, side, rolled
A_WINS, B_WINS, CAP = 0, 1, 2


class Params(NamedTuple):
    chance: int
    cap: int


def play(p: Params, rng: list[int], rec: object) -> tuple[int, int, int, int]:
    for round_ in range(1, p.cap + 1):
        for side in range(2):
            rolled = die(rng, 100)
            emit(rec, (EV_FLIP, round_, side, rolled))
            if rolled <= p.chance:
                return side, round_, 1 - side, side
    return CAP, p.cap, 0, 0


def fights(p: Params, seed: int, first: int, count: int, rng: list[int], out: object) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, heads_a, heads_b = play(p, rng, None)
        store(out, k, end, rounds, heads_a, heads_b, rng)
