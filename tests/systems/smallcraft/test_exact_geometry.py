"""Smallcraft's exact geometry stays exact for every 64-bit number its callers
pass, compiled (Numba's int64 wraps where Python's integers grow) and not: `sign_q3`'s near-tie
compares p² with 3s² as 128-bit numbers, and `transverse` is exact to its stated bound and the
same both ways past it."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from shipyard.systems.smallcraft.combat import geometry as g

TOP = (1 << 63) - 1
LOW = -(1 << 63)


def exact_sign_q3(p: int, s: int) -> int:
    """The sign of p + s√3 in Python's unbounded integers."""
    if (p >= 0 and s >= 0) or (p <= 0 and s <= 0):
        return (p + s > 0) - (p + s < 0)
    d = p * p - 3 * s * s
    square = (d > 0) - (d < 0)
    return square if p > 0 else -square


def exact_transverse(va: int, vb: int, vc: int, vd: int, dq: int, dr: int) -> int:
    """`transverse` by its definition, in unbounded integers: the n with
    (2n − 1)²·4L < (A + B√3)² ≤ (2n + 1)²·4L, from the float guess."""
    length2 = dq * dq + dq * dr + dr * dr
    u = dq + 2 * dr
    big_a, big_b = va * u - 3 * vd * dq, vb * u - vc * dq

    def above(k: int) -> int:  # the sign of (A + B√3)² − k
        return exact_sign_q3(big_a * big_a + 3 * big_b * big_b - k, 2 * big_a * big_b)

    n = max(math.floor(abs(big_a + big_b * g.S3) / (4 * math.sqrt(length2)) + 0.5) - 3, 0)
    while above((2 * n + 1) ** 2 * 4 * length2) > 0:
        n += 1
    assert n == 0 or above((2 * n - 1) ** 2 * 4 * length2) > 0
    return n


def near_ties(rng: random.Random, count: int) -> list[tuple[int, int]]:
    """p and s with p + s√3 within a few units of 0, up to the int64 ends, both signs."""
    pairs = []
    for _ in range(count):
        s = rng.randint(1, (1 << 62) + (1 << 61)) if rng.random() < 0.7 \
            else rng.randint(1, 1 << 40)
        p = math.isqrt(3 * s * s) + rng.randint(-2, 2)
        if p <= TOP:
            sign = rng.choice((1, -1))
            pairs.append((sign * p, -sign * s))
    return pairs


def cases() -> list[tuple[int, int]]:
    rng = random.Random(25)
    ends = [0, 1, -1, TOP, LOW, LOW + 1, 1 << 62, -(1 << 62), (1 << 62) - 1, 1 << 31,
            (1 << 31) - 1, -(1 << 31)]
    pairs = [(p, s) for p in ends for s in ends]
    pairs += [(rng.randint(LOW, TOP), rng.randint(LOW, TOP)) for _ in range(2000)]
    pairs += [(rng.randint(-(1 << 62) - 9, (1 << 62) + 9), rng.choice((1, -1))
               * rng.randint((1 << 62) - 1000, (1 << 62) + 1000)) for _ in range(500)]
    pairs += near_ties(rng, 3000)
    return pairs


def compiled(function_name: str) -> Callable[..., Any]:
    """A geometry function compiled as a series compiles it (every function of the module
    registered with Numba)."""
    numba = pytest.importorskip("numba")
    from shipyard.core import compiled as core_compiled

    core_compiled._register_module(g)
    function = getattr(g, function_name)
    return numba.njit(lambda *args: function(*args))  # type: ignore[no-any-return]


def test_sign_q3_is_exact_for_every_int64_uncompiled() -> None:
    for p, s in cases():
        assert g.sign_q3(p, s) == exact_sign_q3(p, s), (p, s)


@pytest.mark.compiled
def test_sign_q3_is_exact_for_every_int64_compiled() -> None:
    """Before: the near-tie's p*p − 3*s*s wrapped past |p| ≈ 1.75 × 10⁹ (and |p| + 2|s| past
    2⁶²), so a compiled fight's verdict differed from the narrated one's."""
    sign_q3 = compiled("sign_q3")
    wrong = [(p, s) for p, s in cases() if sign_q3(p, s) != exact_sign_q3(p, s)]
    assert not wrong, wrong[:5]


def transverse_cases() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Velocities and lines of fire within the exact bound (random, at its edge, and on exact
    half-dhex ties), and past it."""
    rng = random.Random(2025)
    inside: list[tuple[int, ...]] = []
    beyond: list[tuple[int, ...]] = []
    while len(inside) < 1500 or len(beyond) < 300:
        reach = rng.choice((1 << 10, 1 << 19, 1 << 20))
        dq, dr = rng.randint(-reach, reach), rng.randint(-reach, reach)
        top = rng.choice((8, 1 << 12, 1 << 20, 1 << 24))
        v = tuple(rng.randint(-top, top) for _ in range(4))
        case = (*v, dq, dr)
        u = dq + 2 * dr
        big_a, big_b = v[0] * u - 3 * v[3] * dq, v[1] * u - v[2] * dq
        length2 = dq * dq + dq * dr + dr * dr
        if length2 == 0:
            continue
        if max(abs(big_a), abs(big_b)) <= g.EXACT_PART and length2 <= g.EXACT_LENGTH2:
            inside.append(case)
        else:
            beyond.append(case)
    for _ in range(300):  # a line along 2 o'clock (L = m²), B = 0: |A|/4m is a whole and a half
        m = rng.randint(1, 1 << 19)
        n = rng.randint(0, max(((1 << 30) // m - 2) // 4, 0))
        vd = rng.randint(-1000, 1000)
        va = 3 * vd + rng.choice((1, -1)) * (4 * n + 2)
        vb = rng.randint(-1000, 1000)
        inside.append((va, vb, vb, vd, m, 0))
    return inside, beyond


@pytest.mark.compiled
def test_transverse_is_exact_within_its_bound_and_the_same_compiled_past_it() -> None:
    transverse = compiled("transverse")
    inside, beyond = transverse_cases()
    for case in inside:
        exact = exact_transverse(*case)
        assert g.transverse(*case) == exact, case
        assert transverse(*case) == exact, case
    for case in beyond:
        assert transverse(*case) == g.transverse(*case), case
