"""The dice stream every fight draws from, narrated or in a series, compiled or not.

xoshiro128** (Blackman and Vigna, 2018): four 32-bit words of state, a step of shifts, xors and
two small multiplications. It is written in plain integer arithmetic that never leaves 63 bits,
so CPython's unbounded ints and Numba's int64 give the same stream bit for bit: a fight told by
`duel --seed S` is the fight a compiled series ran for S. The state is five ints in a list (an
int64 array when compiled): the four words and the count of numbers drawn.

Seeding costs four murmur3 finalisers (a few nanoseconds compiled), so every fight of a series
gets its own seed: fight `i` of series `s` is seeded `derive_seed(s, i)` = s·2²⁰ + i, whatever
chunk or worker ran it, and that number replays it as a narrated duel.
"""

from __future__ import annotations

M32 = 0xFFFFFFFF
STREAM_SIZE = 5  # four words of state and the draw count
DRAWS = 4
INDEX_BITS = 20  # up to 1,048,576 fights a series (MAX_RUNS is 1,000,000)
MAX_SERIES_SEED = (1 << (63 - INDEX_BITS)) - 1  # derived seeds stay inside int64


def _mul32(a: int, c: int) -> int:
    """(a·c) mod 2³² for 32-bit a and c, in two halves so no product passes 2⁴⁸."""
    low = a * (c & 0xFFFF)
    high = (a * (c >> 16)) & 0xFFFF
    return (low + (high << 16)) & M32


def _fmix32(h: int) -> int:
    """murmur3's finaliser: every input bit moves every output bit."""
    h ^= h >> 16
    h = _mul32(h, 0x85EBCA6B)
    h ^= h >> 13
    h = _mul32(h, 0xC2B2AE35)
    h ^= h >> 16
    return h


def seed_stream(rng: list[int], seed: int) -> None:
    """Start `rng` afresh from a seed in 0..2⁶³−1."""
    low = seed & M32
    high = (seed >> 32) & M32
    # chained, so every word hangs on every bit of the seed: the first output reads s1 only,
    # and neighbouring seeds (a series' fights) must not start alike
    rng[0] = _fmix32(high ^ _fmix32(low ^ 0x9E3779B9) ^ 0x7F4A7C15)
    rng[1] = _fmix32(rng[0] ^ low ^ 0x6A09E667)
    rng[2] = _fmix32(rng[1] ^ high ^ 0xBB67AE85)
    rng[3] = _fmix32(rng[2] ^ 0x3C6EF372)
    if rng[0] == 0 and rng[1] == 0 and rng[2] == 0 and rng[3] == 0:
        rng[0] = 1  # the one state xoshiro cannot leave
    rng[DRAWS] = 0


def new_stream(seed: int) -> list[int]:
    """A stream for one narrated fight or one uncompiled series."""
    rng = [0] * STREAM_SIZE
    seed_stream(rng, seed)
    return rng


def next32(rng: list[int]) -> int:
    """The next 32-bit number of the stream."""
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    x = (s1 * 5) & M32
    result = ((((x << 7) | (x >> 25)) & M32) * 9) & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 11) | (s3 >> 21)) & M32
    rng[0] = s0
    rng[1] = s1
    rng[2] = s2
    rng[3] = s3
    rng[DRAWS] += 1
    return result


def die(rng: list[int], sides: int) -> int:
    """One die of `sides` faces, 1..sides (sides ≤ 2³¹; the bias is below one in 2³²/sides)."""
    return ((next32(rng) * sides) >> 32) + 1


def dice(rng: list[int], count: int, sides: int) -> int:
    """The sum of `count` dice of `sides` faces."""
    total = 0
    for _ in range(count):
        total += die(rng, sides)
    return total


def fleet_order(a: list[int], start: int, count: int) -> None:
    """Put a[start:start + count] in ascending order, in place (an insertion sort: the runs are
    a few ships long). Ships tied on initiative roll again in fleet order, so a roll-off draws
    from the stream in that order whatever order the tie left them in; every system with
    roll-offs shares this, compiled with the stream."""
    for j in range(start + 1, start + count):
        x = a[j]
        k = j
        while k > start and a[k - 1] > x:
            a[k] = a[k - 1]
            k -= 1
        a[k] = x


def derive_seed(seed: int, index: int) -> int:
    """The seed of fight `index` of the series seeded `seed` (seed ≤ MAX_SERIES_SEED)."""
    return (seed << INDEX_BITS) | index
