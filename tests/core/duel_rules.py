"""A two-line fight on the pattern, for the core's tests: each round both sides roll a d6 in
turn and a 4+ deals its damage; the side at 0 hull loses. Numba compiles it like a system's."""

from __future__ import annotations

from typing import NamedTuple

from shipyard.api import ask, derive_seed, die, emit, seed_stream, store

EV_SHOT = 1  # side, roll, damage
A_WINS, B_WINS, CAP = 0, 1, 2
Q_AIM = 1  # the side's to-hit number (default 4)
INLINE = ("damage_of",)  # compiled into its caller: the kit honours a rules module's INLINE


class Params(NamedTuple):
    hull: list[int]
    damage: list[int]
    zeros: list[int]
    cap: int


def play(p: Params, rng: list[int], rec: object) -> tuple[int, int, int, int]:
    hull = p.hull.copy()  # scratch state is copied from the params: no list or array built
    dealt = p.zeros.copy()
    for round_ in range(1, p.cap + 1):
        for side in range(2):
            need = ask(rec, side, Q_AIM, (round_, hull[1 - side]), 4)
            roll = die(rng, 6)
            hit = damage_of(p, side, roll, need)
            emit(rec, (EV_SHOT, side, roll, hit))
            hull[1 - side] -= hit
            dealt[side] += hit
            if hull[1 - side] <= 0:
                return side, round_, dealt[0], dealt[1]
    return CAP, p.cap, dealt[0], dealt[1]


def damage_of(p: Params, side: int, roll: int, need: int) -> int:
    return p.damage[side] if roll >= need else 0


def fights(p: Params, seed: int, first: int, count: int, rng: list[int], out: object) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, a, b = play(p, rng, None)
        store(out, k, end, rounds, a, b, rng)
