"""The hex map of a fight, exactly: flat-topped hexes, twelve clock directions, bearings, arcs.

A fight-rules module (the fight pattern): plain functions over whole numbers that run as Python
in a narrated duel and compiled by Numba in a series, so the same position is the same hex both
ways. Directions are counted on a clock, 0 = 12 o'clock (the top of the map), clockwise; the six
hex sides face the even ones, a half hex-side facing (1, 3, 5 ... o'clock) points at a corner.

A position or velocity is a sum of the twelve unit vectors, kept exactly as four integers
(a, b, c, d) meaning x = (a + b√3)/2 and y = (c + d√3)/2 in dhexes. A hex (q, r) has its centre
at q·(2 o'clock) + r·(12 o'clock), that is (0, q, q + 2r, 0). Floats appear only as first
guesses that whole-number comparisons then confirm or correct (RULINGS: hex ties), and in the
default pilot's wishes (fight.py), never in a rule.
"""

from __future__ import annotations

import math

S3 = 1.7320508075688772  # float(√3), written out so every machine starts from the same figure
HALF_S3 = S3 / 2
EPS = 1e-9  # a float's verdict on p + s√3 is trusted beyond this share of |p| + 2|s|

# the unit vector of each clock direction as (a, b, c, d), 0 = 12 o'clock, clockwise
UNIT_A = (0, 1, 0, 2, 0, 1, 0, -1, 0, -2, 0, -1)
UNIT_B = (0, 0, 1, 0, 1, 0, 0, 0, -1, 0, -1, 0)
UNIT_C = (2, 0, 1, 0, -1, 0, -2, 0, -1, 0, 1, 0)
UNIT_D = (0, 1, 0, 0, 0, -1, 0, -1, 0, 0, 0, 1)
UNIT_X = (0.0, 0.5, HALF_S3, 1.0, HALF_S3, 0.5, 0.0, -0.5, -HALF_S3, -1.0, -HALF_S3, -0.5)
UNIT_Y = (1.0, HALF_S3, 0.5, 0.0, -0.5, -HALF_S3, -1.0, -HALF_S3, -0.5, 0.0, 0.5, HALF_S3)
# the six hex-side steps in axial (dq, dr): 12, 2, 4, 6, 8, 10 o'clock
SIDE_Q = (0, 1, 1, 0, -1, -1)
SIDE_R = (1, 0, -1, -1, 0, 1)


def sign(x: int) -> int:
    return (1 if x > 0 else 0) - (1 if x < 0 else 0)


def sign_q3(p: int, s: int) -> int:
    """The sign of p + s√3 for whole numbers p and s, exactly, for every 64-bit p and s: a float
    decides where p and s√3 are far apart, the squares (p² against 3s², as 128-bit numbers in
    31-bit limbs: `_cmp_square3`) where they are close."""
    approx = p + s * S3
    # the scale in floats: |p| + 2|s| in whole numbers wraps in a compiled fight past 2⁶²
    if abs(approx) > (abs(p * 1.0) + 2.0 * abs(s * 1.0)) * EPS:
        return 1 if approx > 0 else -1
    same = sign(p) + sign(s)
    if same != 0:
        return sign(same)
    square = _cmp_square3(p, s)  # |p| against √3|s|
    return square if p > 0 else -square


LIMB = 31  # bits a limb: a product of two limbs, doubled, stays under 2⁶³
LIMB_MASK = (1 << LIMB) - 1


def _limbs(x: int) -> tuple[int, int, int]:
    """|x| as three limbs (high, middle, low), base 2³¹, with no |x| in between (|−2⁶³| wraps);
    the high limb is at most 2."""
    h, low = x >> LIMB, x & LIMB_MASK  # x = h·2³¹ + low, 0 ≤ low < 2³¹, the shift rounds down
    if x < 0:
        if low:
            h, low = -h - 1, (1 << LIMB) - low
        else:
            h = -h
    return h >> LIMB, h & LIMB_MASK, low


def _square_limbs(hi: int, mid: int, lo: int) -> tuple[int, int, int, int, int]:
    """(hi·2⁶² + mid·2³¹ + lo)² in five limbs, the top one at most 4 + a carry (lo, mid < 2³¹,
    hi ≤ 2): every partial product and carry stays under 2⁶³."""
    c0 = lo * lo
    c1 = 2 * lo * mid + (c0 >> LIMB)
    c2 = mid * mid + 2 * lo * hi + (c1 >> LIMB)
    c3 = 2 * mid * hi + (c2 >> LIMB)
    c4 = hi * hi + (c3 >> LIMB)
    return c4, c3 & LIMB_MASK, c2 & LIMB_MASK, c1 & LIMB_MASK, c0 & LIMB_MASK


def _cmp_square3(p: int, s: int) -> int:
    """The sign of p² − 3s², exactly for every 64-bit p and s (both squares reach 2¹²⁸)."""
    p2, p1, p0 = _limbs(p)
    s2, s1, s0 = _limbs(s)
    x4, x3, x2, x1, x0 = _square_limbs(p2, p1, p0)
    s4, s3, s2, s1, s0 = _square_limbs(s2, s1, s0)
    y0 = 3 * s0  # 3s², carried limb by limb (each under 2³³)
    y1 = 3 * s1 + (y0 >> LIMB)
    y2 = 3 * s2 + (y1 >> LIMB)
    y3 = 3 * s3 + (y2 >> LIMB)
    y4 = 3 * s4 + (y3 >> LIMB)
    y0, y1, y2, y3 = y0 & LIMB_MASK, y1 & LIMB_MASK, y2 & LIMB_MASK, y3 & LIMB_MASK
    if x4 != y4:
        return 1 if x4 > y4 else -1
    if x3 != y3:
        return 1 if x3 > y3 else -1
    if x2 != y2:
        return 1 if x2 > y2 else -1
    if x1 != y1:
        return 1 if x1 > y1 else -1
    return sign(x0 - y0)


def hex_distance(dq: int, dr: int) -> int:
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def axial_round(qf: float, rf: float) -> tuple[int, int]:
    """The hex nearest fractional axial coordinates (cube rounding): a first guess only."""
    sf = -qf - rf
    q, r, s = math.floor(qf + 0.5), math.floor(rf + 0.5), math.floor(sf + 0.5)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        return -r - s, r
    if dr > ds:
        return q, -q - s
    return q, r


def along_clock(dq: int, dr: int, k: int) -> int:
    """The sign of hex vector (dq, dr)'s part along clock direction k, exactly: the vector is
    (0, dq, dq + 2dr, 0), and 4 × its dot product with k's unit vector is p + s√3."""
    ua, ub, uc, ud = UNIT_A[k], UNIT_B[k], UNIT_C[k], UNIT_D[k]
    cd = dq + 2 * dr
    return sign_q3(3 * dq * ub + cd * uc, dq * ua + cd * ud)


def facing_prefers(dq: int, dr: int, face: int) -> bool:
    """RULINGS, hex ties: of two hexes a point is equally near, whether a craft facing clock
    direction `face` takes the one a step (dq, dr) from the other: the one in front of it, or,
    where the step runs square across its facing, the one on its right. Told by the craft's own
    facing, never by the map, so a position and its mirror image across the map (side B's
    craft as side A's) are ruled alike."""
    ahead = along_clock(dq, dr, face)
    if ahead != 0:
        return ahead > 0
    return along_clock(dq, dr, (face + 3) % 12) > 0


def line_prefers(dq: int, dr: int, lq: int, lr: int) -> bool:
    """The same for a missile flying along hex vector (lq, lr): of two hexes its line is equally
    near, the one a step (dq, dr) from the other when that is further along the line, or, where
    the step runs square across it, on the line's right (clockwise of it). 2 × the dot product
    of two hex vectors is 2q₁q₂ + 2r₁r₂ + q₁r₂ + r₁q₂, and their cross product has the sign of
    q₁r₂ − r₁q₂ (positive counterclockwise)."""
    dot = 2 * dq * lq + 2 * dr * lr + dq * lr + dr * lq
    if dot != 0:
        return dot > 0
    return lq * dr - lr * dq < 0


def nearest_hex(a: int, b: int, c: int, d: int, face: int) -> tuple[int, int]:
    """The hex (q, r) whose centre is nearest the point (a, b, c, d), exactly. On an edge: the
    one a craft facing clock direction `face` prefers (`facing_prefers`); with `face` −1, for a
    velocity, the one nearer the origin. No point lies on a corner: a corner's √3 part is a
    sixth or a third, a point's a half."""
    x = (a + b * S3) * 0.5
    y = (c + d * S3) * 0.5
    qf = x / HALF_S3
    best_q, best_r = axial_round(qf, y - qf * 0.5)  # at most one hex out
    q0, r0 = best_q, best_r
    # the point clearly inside the guess (its part along each of the three lines from the
    # centre to a side's midpoint well under the half a dhex to that side): no neighbour is as
    # near, which the exact steps below would find at a cost (a craft's hex, each move)
    ex, ey = x - q0 * HALF_S3, y - q0 * 0.5 - r0
    edge = 0.5 - (abs(a) + 2 * abs(b) + abs(c) + 2 * abs(d) + 8) * EPS
    if abs(ey) < edge and abs(ex * HALF_S3 + ey * 0.5) < edge \
            and abs(ex * HALF_S3 - ey * 0.5) < edge:
        return q0, r0
    bb, cc = b - q0, c - q0 - 2 * r0  # the point less the guess's centre
    # nearness of the guess + step D, scaled by 4: 2·4(E·D) − 4|D|² = p + s√3 (0 for the guess)
    best_p, best_s = 0, 0
    for k in range(6):
        dq, dr = SIDE_Q[k], SIDE_R[k]
        cd = dq + 2 * dr  # the step as (b, c) = (dq, dq + 2dr)
        p = 2 * (3 * bb * dq + cc * cd) - 4
        s = 2 * (a * dq + d * cd)
        if p - best_p + (s - best_s) * S3 < -8.0:
            continue  # clearly farther: the float's error is far below 8
        q, r = q0 + dq, r0 + dr
        order = sign_q3(p - best_p, s - best_s)
        if order == 0:
            if face < 0:
                take = hex_distance(q, r) < hex_distance(best_q, best_r)
            else:
                take = facing_prefers(q - best_q, r - best_r, face)
        else:
            take = order > 0
        if take:
            best_q, best_r, best_p, best_s = q, r, p, s
    return best_q, best_r


def speed(va: int, vb: int, vc: int, vd: int) -> int:
    """A velocity's movement in whole dhexes/dturn: the hex length of the velocity; one ending on
    a hex edge counts the nearer hex (1.41 dhexes is 1, not 2)."""
    q, r = nearest_hex(va, vb, vc, vd, -1)
    return hex_distance(q, r)


def sector(dq: int, dr: int) -> int:
    """The direction of hex vector (dq, dr) clockwise from 12 o'clock in half steps of 15°,
    exactly: 4k on clock line k, and between two 15° lines the odd number between them (no hex
    vector lies on an odd multiple of 15°). 0 for the zero vector. Turned by 60° steps into the
    sector from 12 to 2 o'clock (dq, dr ≥ 0), tan φ = dq√3 / (dq + 2dr), and φ < 15° and φ < 45°
    become comparisons of squares of whole numbers."""
    q, r = dq, dr
    for m in range(6):
        if q >= 0 and r >= 0:
            a = q + 2 * r
            if q == 0:
                local = 0
            elif 3 * (q + r) * (q + r) < a * a:
                local = 1
            elif q < r:
                local = 3
            elif q == r:
                local = 4
            elif 3 * q * q < a * a:
                local = 5
            elif r > 0:
                local = 7
            else:
                local = 8
            return (local + 8 * m) % 48
        q, r = -r, q + r  # 60° counterclockwise
    return 0  # pragma: no cover - every vector lies in one of the six sectors


def bearing(dq: int, dr: int, default: int) -> int:
    """The clock direction nearest the hex vector (dq, dr); `default` when it is zero."""
    if dq == 0 and dr == 0:
        return default
    return ((sector(dq, dr) + 2) // 4) % 12


def angle15(k: int) -> int:
    """Clock direction k as a count of 15° steps counterclockwise from 3 o'clock."""
    return (6 - 2 * k) % 24


def in_arc(low15: int, width15: int, dq: int, dr: int) -> bool:
    """Whether hex vector (dq, dr) lies in the arc from 15°·low15 counterclockwise through
    15°·width15, edges included; the shooter's own hex is in every arc."""
    if dq == 0 and dr == 0:
        return True
    t2 = (12 - sector(dq, dr) + 48) % 48  # counterclockwise from 3 o'clock, in half steps
    return (t2 - 2 * low15 + 96) % 48 <= 2 * width15


def toward(q: int, r: int, tq: int, tr: int, steps: int) -> tuple[int, int]:
    """The hex `steps` dhexes along the line from (q, r) to (tq, tr) (steps < the distance),
    exactly: the point (q, r) + (tq − q, tr − r)·steps/distance; a point on an edge is in the
    hex further along the line, or on its right (`line_prefers`), as a craft's is by its facing."""
    n = max(hex_distance(tq - q, tr - r), 1)
    f = steps / n
    gq, gr = axial_round(q + (tq - q) * f, r + (tr - r) * f)  # a guess
    # the point less a candidate hex, scaled by n, in axial (u, v): the nearest has the least
    # u² + uv + v²
    best_q, best_r = gq, gr
    u = (q - gq) * n + (tq - q) * steps
    v = (r - gr) * n + (tr - r) * steps
    best = u * u + u * v + v * v
    for k in range(6):
        cq, cr = gq + SIDE_Q[k], gr + SIDE_R[k]
        u = (q - cq) * n + (tq - q) * steps
        v = (r - cr) * n + (tr - r) * steps
        norm = u * u + u * v + v * v
        if norm < best or (norm == best and line_prefers(cq - best_q, cr - best_r, tq - q,
                                                          tr - r)):
            best_q, best_r, best = cq, cr, norm
    return best_q, best_r


def launch_hex(q: int, r: int, tq: int, tr: int, face: int) -> tuple[int, int]:
    """The neighbour of hex (q, r) nearest hex (tq, tr), on a tie the one the launcher, facing
    clock direction `face`, prefers (`facing_prefers`): where missiles appear, "one dhex away
    ... in a direction chosen by the person firing"."""
    best_q, best_r = q + SIDE_Q[0], r + SIDE_R[0]
    best = hex_distance(tq - best_q, tr - best_r)
    for k in range(1, 6):
        d = hex_distance(tq - q - SIDE_Q[k], tr - r - SIDE_R[k])
        if d < best or (d == best and facing_prefers(q + SIDE_Q[k] - best_q,
                                                     r + SIDE_R[k] - best_r, face)):
            best_q, best_r, best = q + SIDE_Q[k], r + SIDE_R[k], d
    return best_q, best_r


def transverse(va: int, vb: int, vc: int, vd: int, dq: int, dr: int) -> int:
    """The part of velocity (va, vb, vc, vd) across the line of fire (dq, dr), to the nearest
    whole dhex, a half down (as R1 rounds); the whole movement when the line has no length.
    4 × (velocity × line) = A + B√3, and the line's squared length L is a whole number."""
    length2 = dq * dq + dq * dr + dr * dr
    if length2 == 0:
        return speed(va, vb, vc, vd)
    u = dq + 2 * dr
    big_a = va * u - 3 * vd * dq
    big_b = vb * u - vc * dq
    # a float guess n of |A + B√3| / (4√L), made exact: n is right when
    # n − ½ < across ≤ n + ½, that is (2n − 1)²·4L < (A + B√3)² ≤ (2n + 1)²·4L
    # (the root is at least 4: the max only tells the compiler it is not 0, so it cannot raise)
    root = max(4.0 * math.sqrt(length2 * 1.0), 1.0)
    n = max(math.floor(abs(big_a + big_b * S3) / root + 0.5), 0)
    if abs(big_a) > EXACT_PART or abs(big_b) > EXACT_PART or length2 > EXACT_LENGTH2:
        return n  # the squares below would pass 2⁶³: the float's nearest, the same both ways
    for _ in range(2):  # the guess is at most one out
        if _square_above(big_a, big_b, (2 * n + 1) * (2 * n + 1) * 4 * length2) > 0:
            n += 1
        if n > 0 and _square_above(big_a, big_b, (2 * n - 1) * (2 * n - 1) * 4 * length2) <= 0:
            n -= 1
    return n


# `transverse` is exact while |A|, |B| ≤ 2³⁰ and L ≤ 2⁴⁰: then A² + 3B² ≤ 2⁶², 2AB ≤ 2⁶¹ and
# (2n + 1)²·4L ≤ (|A| + √3|B| + 12√L)² < 8.8 × 10¹⁸, all under 2⁶³ (≈ 9.22 × 10¹⁸). |A| and |B|
# stay under 4 × (speed + 1) × distance, so it is exact to (speed + 1) × distance = 2.6 × 10⁸
# (2,400 dhexes a dturn at the largest detection range, 110,000) and 1,000,000 dhexes apart;
# past that a float rounds, the same compiled or not
EXACT_PART = 1 << 30
EXACT_LENGTH2 = 1 << 40


def _square_above(p: int, s: int, k: int) -> int:
    """The sign of (p + s√3)² − k = (p² + 3s² − k) + 2ps√3, in whole numbers."""
    return sign_q3(p * p + 3 * s * s - k, 2 * p * s)
