"""Exact odds: one attack (the 2D check, its Effect and the damage) and one missile salvo's hit,
by enumerating the dice. Counts are whole numbers (no float decides anything); the default crew's
choice of range (setup.py) reads the same tables the `odds` command prints."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

TWO_D = {total: 6 - abs(total - 7) for total in range(2, 13)}  # ways out of 36


@cache
def sum_d6(count: int) -> tuple[tuple[int, int], ...]:
    """The sum of `count` d6 as (total, ways out of 6**count)."""
    ways = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    return tuple(sorted(ways.items()))


@cache
def attack(dm: int, dice: int, dd: int, per_die: int, armour: int, multiple: int,
           target: int = 8) -> tuple[tuple[int, Fraction], ...]:
    """Direct fire: 2D + dm vs `target`; a hit does (dice [x10 for DD] + per-die bonus + Effect
    - armour) x multiple, at least 0. Each damage with its exact chance (0 includes misses)."""
    out: dict[int, Fraction] = {}
    whole = Fraction(1, 36 * 6 ** dice)
    for roll, ways in TWO_D.items():
        effect = roll + dm - target
        if effect < 0:
            out[0] = out.get(0, Fraction(0)) + Fraction(ways, 36)
            continue
        for total, n in sum_d6(dice):
            raw = total * dd + per_die * dice + effect - armour
            damage = raw * multiple if raw > 0 else 0
            out[damage] = out.get(damage, Fraction(0)) + whole * ways * n
    return tuple(sorted(out.items()))


def hit_chance(dm: int, target: int = 8) -> Fraction:
    return Fraction(sum(w for roll, w in TWO_D.items() if roll + dm >= target), 36)


def effects(dm: int, target: int = 8) -> tuple[tuple[int, Fraction], ...]:
    """The Effect of a 2D + dm check against `target`, each with its chance."""
    out: dict[int, Fraction] = {}
    for roll, ways in TWO_D.items():
        out[roll + dm - target] = out.get(roll + dm - target, Fraction(0)) + Fraction(ways, 36)
    return tuple(sorted(out.items()))


@cache
def salvo(missiles: int, tl_dm: int, dice: int, dd: int, armour: int,
          target: int = 8) -> tuple[tuple[int, Fraction], ...]:
    """A salvo of `missiles` that reaches its target: 2D + (missiles - 1) + TL DM vs 8+; one
    missile's damage times the Effect (at least 1), less armour once (TRV-R19)."""
    out: dict[int, Fraction] = {}
    whole = Fraction(1, 36 * 6 ** dice)
    for roll, ways in TWO_D.items():
        effect = roll + missiles - 1 + tl_dm - target
        if effect < 0:
            out[0] = out.get(0, Fraction(0)) + Fraction(ways, 36)
            continue
        for total, n in sum_d6(dice):
            damage = max(0, total * dd * max(1, effect) - armour)
            out[damage] = out.get(damage, Fraction(0)) + whole * ways * n
    return tuple(sorted(out.items()))


def mean(points: tuple[tuple[int, Fraction], ...]) -> Fraction:
    return sum((Fraction(v) * c for v, c in points), Fraction(0))
