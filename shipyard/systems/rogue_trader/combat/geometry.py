"""The void as a plane, exactly: positions in void units (VU), facings in 45° steps.

A ship moves straight along one of eight headings, so every coordinate is a + b·√½ with whole
a and b. A coordinate is kept doubled as the pair (p, q) meaning p + q·√2 (p = 2a, q = b), and
every question the rules ask of the plane (within a range? in which arc?) is the sign of some
p + q·√2, answered in integers. No float touches a position: a range of exactly 6 VU reached by
way of the diagonals is 6 VU, a target on an arc's edge is on the edge, on every machine,
compiled or not.
"""

from __future__ import annotations

FORE, PORT, STARBOARD, AFT = 1, 2, 4, 8  # arcs as bits
INLINE = ("dot", "dist4", "within", "beyond")  # the captain's inner loops
ALL_ARCS = FORE | PORT | STARBOARD | AFT
# one VU along each facing, doubled: x = (DXP + DXQ·√2)/2, y likewise
DXP = (2, 0, 0, 0, -2, 0, 0, 0)
DXQ = (0, 1, 0, -1, 0, -1, 0, 1)
DYP = (0, 0, 2, 0, 0, 0, -2, 0)
DYQ = (0, 1, 0, 1, 0, -1, 0, -1)
FIXED = 1 << 20  # the captain's fixed point
SQRT2_FIXED = 1482910  # √2 · 2²⁰, rounded: only the captain's estimates use it


def sign2(p: int, q: int) -> int:
    """The sign of p + q·√2 (−1, 0 or 1), exactly."""
    if p >= 0 and q >= 0:
        return 0 if p == 0 and q == 0 else 1
    if p <= 0 and q <= 0:
        return -1
    pp = p * p
    qq = 2 * q * q
    if p > 0:
        return 1 if pp > qq else -1
    return 1 if qq > pp else -1


def dot(up: int, uq: int, vp: int, vq: int, facing: int) -> tuple[int, int]:
    """(u, v)·(direction of `facing`), doubled twice, as (p, q)."""
    f = facing % 8
    xp = DXP[f]
    xq = DXQ[f]
    yp = DYP[f]
    yq = DYQ[f]
    return (up * xp + 2 * uq * xq + vp * yp + 2 * vq * yq, up * xq + uq * xp + vp * yq + vq * yp)


def dist4(up: int, uq: int, vp: int, vq: int) -> tuple[int, int]:
    """Four times the squared length of the doubled offset (u, v), as (p, q)."""
    return (up * up + 2 * uq * uq + vp * vp + 2 * vq * vq, 2 * (up * uq + vp * vq))


def within(dp: int, dq: int, reach: int) -> bool:
    """A squared distance (from dist4) at most `reach` VU: an exact tie is within."""
    return sign2(4 * reach * reach - dp, -dq) >= 0


def beyond(dp: int, dq: int, least: int) -> bool:
    """A squared distance at least `least` VU."""
    return sign2(dp - 4 * least * least, dq) >= 0


def arc_bits(up: int, uq: int, vp: int, vq: int, facing: int) -> int:
    """The arc a ship facing `facing` sees the offset (u, v) in: each arc the 90° quarter
    centred on its direction, a target on a boundary fore or aft; all four at 0 VU (R22:
    alongside, hulls touching, every battery can lay its guns on the enemy)."""
    if up == 0 and uq == 0 and vp == 0 and vq == 0:
        return ALL_ARCS
    ap, aq = dot(up, uq, vp, vq, facing)
    sp, sq = dot(up, uq, vp, vq, (facing + 2) % 8)
    if sign2(ap - sp, aq - sq) >= 0 and sign2(ap + sp, aq + sq) >= 0:
        return FORE
    if sign2(-ap - sp, -aq - sq) >= 0 and sign2(-ap + sp, -aq + sq) >= 0:
        return AFT
    return PORT if sign2(sp, sq) > 0 else STARBOARD


def fixed(dp: int, dq: int) -> int:
    """A squared distance in the captain's fixed point (an estimate, for his preferences)."""
    return dp * FIXED + dq * SQRT2_FIXED


def half_up(value: int) -> int:
    """Halves round up (R17)."""
    return (value + 1) // 2


def apart(ap: int, aq: int, bp: int, bq: int, reach: int) -> bool:
    """Whether two doubled coordinates are surely more than `reach` VU apart: a cheap look
    before an exact one (√2 as 1448/1024 errs by under 0.2 a unit of q)."""
    gap = (bp - ap) * 1024 + (bq - aq) * 1448
    return abs(gap) > reach * 2048 + abs(bq - aq)
