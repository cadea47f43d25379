"""toy's fight, written once on the pattern: plain functions over numbers, compiled for a series.

Each round both sides fire every gun at once: a d6 at or over the side's gunnery hits, and the
gun's damage dice take boxes off the other's hull.
"""

from __future__ import annotations

from typing import NamedTuple

from shipyard.api import derive_seed, dice, die, emit, seed_stream, store

EV_FIRE = 1  # round, side, gun, d6 rolled, damage dealt
A_WINS, B_WINS, BOTH_LOST, CAP = 0, 1, 2, 3


class Params(NamedTuple):
    hull: list[int]  # per side
    gunnery: list[int]
    guns: list[int]  # how many guns each side has
    count: list[list[int]]  # per side, per gun: its damage dice (padded with zeros)
    sides: list[list[int]]
    bonus: list[list[int]]
    zeros: list[int]
    cap: int


def fire(p: Params, rng: list[int], rec: object, round_: int, side: int, gun: int) -> int:
    """One gun's shot: the damage it deals."""
    roll = die(rng, 6)
    damage = 0
    if roll >= p.gunnery[side]:
        damage = dice(rng, p.count[side][gun], p.sides[side][gun]) + p.bonus[side][gun]
    emit(rec, (EV_FIRE, round_, side, gun, roll, damage))
    return damage


def play(p: Params, rng: list[int], rec: object) -> tuple[int, int, int, int]:
    hull = p.hull.copy()
    dealt = p.zeros.copy()
    for round_ in range(1, p.cap + 1):
        for side in range(2):
            for gun in range(p.guns[side]):
                damage = fire(p, rng, rec, round_, side, gun)
                dealt[side] += damage
                hull[1 - side] = max(0, hull[1 - side] - damage)
        if hull[0] == 0 and hull[1] == 0:
            return BOTH_LOST, round_, dealt[0], dealt[1]
        if hull[1] == 0:
            return A_WINS, round_, dealt[0], dealt[1]
        if hull[0] == 0:
            return B_WINS, round_, dealt[0], dealt[1]
    return CAP, p.cap, dealt[0], dealt[1]


def fights(p: Params, seed: int, first: int, count: int, rng: list[int], out: object) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, dealt_a, dealt_b = play(p, rng, None)
        store(out, k, end, rounds, dealt_a, dealt_b, rng)
