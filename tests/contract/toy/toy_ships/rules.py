"""toy's fight, written once on the pattern: plain functions over numbers, compiled for a series.

Any number of ships a side (a duel is the battle of one against one, the same code). Each round
every ship fires every gun at once: a d6 at or over its gunnery hits, and the gun's damage dice
take boxes off its target's hull. Each gun aims at the enemy ship with the least hull left, of
those afloat when the round began; all fire being at once, a ship wrecked this round still
fires, and a gun whose every target is wrecked fires at the first of them (as a duel's second
gun fires at a wreck). A side with no ship afloat at the end of a round is beaten.
"""

from __future__ import annotations

from typing import NamedTuple

from shipyard.api import (
    FIRST_LOST,
    SURVIVED,
    derive_seed,
    dice,
    die,
    emit,
    seed_stream,
    store,
    store_fates,
)

EV_FIRE = 1  # round, ship, gun, d6 rolled, damage dealt, target ship
A_WINS, B_WINS, BOTH_LOST, CAP = 0, 1, 2, 3
SUNK = FIRST_LOST  # a ship's fate: wrecked by gunfire


class Params(NamedTuple):
    side: list[int]  # per ship, side A's first: 0 side A, 1 side B
    hull: list[int]  # per ship
    gunnery: list[int]  # per ship (its side's)
    guns: list[int]  # how many guns each ship has
    count: list[list[int]]  # per ship, per gun: its damage dice (padded with zeros)
    sides: list[list[int]]
    bonus: list[list[int]]
    zeros: list[int]  # one per side: damage dealt starts here
    cap: int


def target(p: Params, hull: list[int], afloat: list[int], side: int) -> int:
    """The enemy ship with the least hull left (the first such) of those afloat when the
    round began; when every one of them is wrecked already, the first of them."""
    best, least, first = -1, 1 << 30, -1
    for k in range(len(p.hull)):
        if p.side[k] == side or afloat[k] == 0:
            continue
        if first < 0:
            first = k
        if 0 < hull[k] < least:
            best, least = k, hull[k]
    return best if best >= 0 else first


def fire(p: Params, rng: list[int], rec: object, round_: int, ship: int, gun: int,
         aim: int) -> int:
    """One gun's shot at ship `aim`: the damage it deals."""
    roll = die(rng, 6)
    damage = 0
    if roll >= p.gunnery[ship]:
        damage = dice(rng, p.count[ship][gun], p.sides[ship][gun]) + p.bonus[ship][gun]
    emit(rec, (EV_FIRE, round_, ship, gun, roll, damage, aim))
    return damage


def left(p: Params, hull: list[int], side: int) -> int:
    """The side's ships still afloat."""
    n = 0
    for k in range(len(p.hull)):
        if p.side[k] == side and hull[k] > 0:
            n += 1
    return n


def fates(hull: list[int]) -> list[int]:
    """Each ship afloat (SURVIVED) or wrecked (SUNK), in ship order."""
    out = [SURVIVED] * len(hull)
    for k in range(len(hull)):
        if hull[k] == 0:
            out[k] = SUNK
    return out


def play(p: Params, rng: list[int], rec: object) -> tuple[int, int, int, int, list[int]]:
    hull = p.hull.copy()
    afloat = p.hull.copy()
    dealt = p.zeros.copy()
    for round_ in range(1, p.cap + 1):
        for k in range(len(hull)):
            afloat[k] = hull[k]
        for k in range(len(hull)):
            if afloat[k] == 0:
                continue
            side = p.side[k]
            for gun in range(p.guns[k]):
                aim = target(p, hull, afloat, side)
                damage = fire(p, rng, rec, round_, k, gun, aim)
                dealt[side] += damage
                hull[aim] = max(0, hull[aim] - damage)
        a, b = left(p, hull, 0), left(p, hull, 1)
        if a == 0 and b == 0:
            return BOTH_LOST, round_, dealt[0], dealt[1], fates(hull)
        if b == 0:
            return A_WINS, round_, dealt[0], dealt[1], fates(hull)
        if a == 0:
            return B_WINS, round_, dealt[0], dealt[1], fates(hull)
    return CAP, p.cap, dealt[0], dealt[1], fates(hull)


def fights(p: Params, seed: int, first: int, count: int, rng: list[int], out: object) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, dealt_a, dealt_b, lost = play(p, rng, None)
        store(out, k, end, rounds, dealt_a, dealt_b, rng)
        store_fates(out, k, lost)
