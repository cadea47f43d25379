"""The hex map: flat-topped hexes, twelve clock directions, exact vectors and bearings.

Directions are named on a clock: 12 o'clock is the top of the map. The six hex sides face 12, 2,
4, 6, 8 and 10 o'clock ("top", "top-right", ... as the seed words them); a half hex-side facing
(1, 3, 5, ... o'clock) points at a hex corner. A craft faces one of the twelve, and a drive
pushes along one of them, so velocities and positions are sums of the twelve unit vectors.

Such sums are kept exactly as four integers (a, b, c, d) meaning x = (a + b√3)/2 and
y = (c + d√3)/2 in dhexes: the hex-side directions fill b and c, the corner directions a and d.
The hex a craft is in is the nearest hex centre. A hex (q, r) has its centre at
q·(2 o'clock) + r·(12 o'clock).

Every function here takes an array namespace `xp` (xp.py), so the narrated and the batch
engines share them.
"""

from __future__ import annotations

from typing import Any

S3 = 1.7320508075688772  # float(√3), written out so every machine starts from the same figure
HALF_S3 = S3 / 2

Vec = tuple[int, int, int, int]

# the unit vector of each clock direction, 0 = 12 o'clock, clockwise
UNIT: tuple[Vec, ...] = (
    (0, 0, 2, 0), (1, 0, 0, 1), (0, 1, 1, 0), (2, 0, 0, 0), (0, 1, -1, 0), (1, 0, 0, -1),
    (0, 0, -2, 0), (-1, 0, 0, -1), (0, -1, -1, 0), (-2, 0, 0, 0), (0, -1, 1, 0), (-1, 0, 0, 1),
)
UNIT_X = tuple((a + b * S3) * 0.5 for a, b, _, _ in UNIT)
UNIT_Y = tuple((c + d * S3) * 0.5 for _, _, c, d in UNIT)

# ROTATED_X[p][f] is UNIT_X[(f + p) % 12]: the push of a drive p steps round from facing f,
# looked up without a modulo (slow on arrays)
ROTATED_X = tuple(tuple(UNIT_X[(f + p) % 12] for f in range(12)) for p in range(12))
ROTATED_Y = tuple(tuple(UNIT_Y[(f + p) % 12] for f in range(12)) for p in range(12))
ROTATED_UNIT = tuple(tuple(tuple(UNIT[(f + p) % 12][j] for f in range(12)) for p in range(12))
                     for j in range(4))  # [component][p][f]

# the neighbouring hex in each hex-side direction (even clock positions), as (dq, dr)
NEIGHBOUR = {0: (0, 1), 2: (1, 0), 4: (1, -1), 6: (0, -1), 8: (-1, 0), 10: (-1, 1)}
SIDE_NAME = {0: "top", 2: "top-right", 4: "bottom-right", 6: "bottom", 8: "bottom-left",
             10: "top-left"}

ZERO: Vec = (0, 0, 0, 0)


def clock(k: int) -> str:
    return f"{(k % 12) or 12} o'clock"


def add(v: Vec, w: Vec) -> Vec:
    return (v[0] + w[0], v[1] + w[1], v[2] + w[2], v[3] + w[3])


def scale(v: Vec, n: int) -> Vec:
    return (v[0] * n, v[1] * n, v[2] * n, v[3] * n)


def thrust(k: int, g: int) -> Vec:
    return scale(UNIT[k % 12], g)


def hex_centre(q: int, r: int) -> Vec:
    return (0, q, q + 2 * r, 0)


def legs(v: Vec) -> list[tuple[int, int]]:
    """A velocity as the seed's legs ("3 top, 1 top-right"): at most two adjacent hex-side
    directions and two adjacent corner directions, each with its count, simplest form."""
    a, b, c, d = v
    out = _two_directions(b, (c - b) // 2, 0)  # hex-side part: axial (q, r)
    out += _two_directions((a - d) // 2, d, 1)  # corner part: axial in the corner lattice
    return out


_AXIAL_STEPS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))  # 12, 2, 4, 6, 8, 10


def _two_directions(q: int, r: int, offset: int) -> list[tuple[int, int]]:
    if q == 0 and r == 0:
        return []
    for i in range(6):
        (q1, r1), (q2, r2) = _AXIAL_STEPS[i], _AXIAL_STEPS[(i + 1) % 6]
        det = q1 * r2 - q2 * r1  # ±1 for neighbouring steps, so 1/det == det
        m = (q * r2 - q2 * r) * det
        n = (q1 * r - q * r1) * det
        if m >= 0 and n >= 0:
            out = [(m, 2 * i + offset)] if m else []
            return out + ([(n, (2 * i + 2 + offset) % 12)] if n else [])
    raise AssertionError(f"no decomposition of {(q, r)}")  # pragma: no cover


def describe_velocity(v: Vec) -> str:
    """ "3 top, 1 top-left", or "2 toward 1 o'clock" along a hex corner."""
    parts = legs(v)
    if not parts:
        return "at rest"
    return ", ".join(f"{n} {SIDE_NAME[k]}" if k in SIDE_NAME else f"{n} toward {clock(k)}"
                     for n, k in parts)


# --- the hex a point is in: exact, shared by both engines ------------------------------------
#
# A position is (a, b, c, d): x = (a + b√3)/2, y = (c + d√3)/2. A step toward a hex corner (1, 3,
# 5 ... o'clock) can leave a craft exactly on the edge between two hexes, where a float's last bit
# would decide the hex. So the hex is found exactly: a float gives a first guess, and the guess and
# its six neighbours are compared in integers (numbers p + s√3 by their sign, never in floats).
# A point exactly on an edge is in the hex to the right of it, or the upper one where the edge is
# level (RULINGS: hex ties). No position lies on a hex corner: a corner's x has a √3 part of
# one sixth or one third, a position's a multiple of one half.


def to_xy(xp: Any, a: Any, b: Any, c: Any, d: Any) -> tuple[Any, Any]:
    return (a + b * S3) * 0.5, (c + d * S3) * 0.5


def sign_q3(xp: Any, p: Any, s: Any) -> Any:
    """The sign of p + s√3 for whole numbers p and s, exactly. A float decides where p and
    s√3 are far apart (its error is far below the gap); where they are close, the squares do,
    in whole numbers (p² against 3s²)."""
    approx = p + s * S3
    scale = xp.abs(p) + 2 * xp.abs(s)
    clear = xp.abs(approx) > scale * 1e-9
    square = xp.sign(p * p - 3 * s * s)  # |p| against √3|s|
    mixed = xp.where(p > 0, square, -square)
    same = xp.sign(p) + xp.sign(s)
    exact = xp.where(same * same >= 1, xp.sign(same), mixed)
    return xp.where(clear, xp.sign(approx), exact)


# the six hex-side steps in axial (dq, dr): 12, 2, 4, 6, 8, 10 o'clock
_SIDE_STEPS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))


def nearest_hex(xp: Any, a: Any, b: Any, c: Any, d: Any, shortest: bool = False) -> tuple[Any, Any]:
    """The hex (q, r) whose centre is nearest the point (a, b, c, d), exactly. On an edge: the
    hex to the right, or the upper one (`shortest`: the one nearer the origin, for a velocity)."""
    a, b, c, d = xp.int_(a), xp.int_(b), xp.int_(c), xp.int_(d)
    x, y = to_xy(xp, a, b, c, d)
    q0, r0 = hex_round(xp, x, y)  # a guess, at most one hex out
    bb, cc = b - q0, c - q0 - 2 * r0  # the point less the guess's centre
    # nearness of the guess + step D, scaled by 4: 2·4(E·D) − 4|D|² = p + s√3 (0 for the guess)
    best_q, best_r, best_p, best_s = q0, r0, 0 * a, 0 * a
    for dq, dr in _SIDE_STEPS:
        bd, cd = dq, dq + 2 * dr  # the step as (b, c)
        p = 2 * (3 * bb * bd + cc * cd) - 4
        s_ = 2 * (a * bd + d * cd)
        q, r = q0 + dq, r0 + dr
        order = sign_q3(xp, p - best_p, s_ - best_s)
        if shortest:
            prefer = hex_distance(xp, q, r) < hex_distance(xp, best_q, best_r)
        else:
            prefer = (q > best_q) | ((q == best_q) & (r > best_r))
        take = (order > 0) | ((order == 0) & prefer)
        best_q, best_r = xp.where(take, q, best_q), xp.where(take, r, best_r)
        best_p, best_s = xp.where(take, p, best_p), xp.where(take, s_, best_s)
    return best_q, best_r


def hex_round(xp: Any, x: Any, y: Any) -> tuple[Any, Any]:
    """The hex (q, r) whose centre is nearest the point (x, y), in floats: a first guess only,
    and the default pilot's view (never a rule's)."""
    qf = x / HALF_S3
    return axial_round(xp, qf, y - qf * 0.5)


def axial_round(xp: Any, qf: Any, rf: Any) -> tuple[Any, Any]:
    """The hex nearest fractional axial coordinates (cube rounding), in floats: a first guess."""
    sf = -qf - rf
    q, r, s = xp.floor(qf + 0.5), xp.floor(rf + 0.5), xp.floor(sf + 0.5)
    dq, dr, ds = xp.abs(q - qf), xp.abs(r - rf), xp.abs(s - sf)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = xp.not_(fix_q) & (dr > ds)
    return xp.where(fix_q, -r - s, q), xp.where(fix_r, -q - s, r)


def toward(xp: Any, q: Any, r: Any, tq: Any, tr: Any, steps: Any) -> tuple[Any, Any]:
    """The hex `steps` dhexes along the line from (q, r) to (tq, tr) (steps < the distance),
    exactly: the point is (q, r) + (tq − q, tr − r)·steps/distance, and a point on an edge is
    in the hex to the right of it, or the upper one, as a craft is."""
    distance = hex_distance(xp, tq - q, tr - r)
    n = xp.where(distance > 0, distance, 1)
    f = steps / n
    gq, gr = axial_round(xp, q + (tq - q) * f, r + (tr - r) * f)  # a guess
    # the point less a candidate hex, scaled by the distance n, in axial (u, v); the nearest has
    # the least u² + uv + v²
    best_q, best_r, best = gq, gr, None
    for dq, dr in ((0, 0), *_SIDE_STEPS):
        cq, cr = gq + dq, gr + dr
        u = (q - cq) * n + (tq - q) * steps
        v = (r - cr) * n + (tr - r) * steps
        norm = u * u + u * v + v * v
        if best is None:
            best_q, best_r, best = cq, cr, norm
            continue
        prefer = (cq > best_q) | ((cq == best_q) & (cr > best_r))
        take = (norm < best) | ((norm == best) & prefer)
        best_q, best_r = xp.where(take, cq, best_q), xp.where(take, cr, best_r)
        best = xp.where(take, norm, best)
    return best_q, best_r


def launch_hex(xp: Any, q: Any, r: Any, tq: Any, tr: Any) -> tuple[Any, Any]:
    """The neighbour of hex (q, r) nearest hex (tq, tr), the first in clock order on a tie:
    where missiles appear, "one dhex away ... in a direction chosen by the person firing"."""
    best_q, best_r, best = q, r, None
    for k in sorted(NEIGHBOUR):
        dq, dr = NEIGHBOUR[k]
        d = hex_distance(xp, tq - q - dq, tr - r - dr)
        if best is None:
            best_q, best_r, best = q + dq, r + dr, d
            continue
        nearer = d < best
        best_q = xp.where(nearer, q + dq, best_q)
        best_r = xp.where(nearer, r + dr, best_r)
        best = xp.minimum(d, best)
    return best_q, best_r


def map_label(q: int, r: int) -> str:
    """A hex as a printed map numbers it: column, then row (rows run up the map)."""
    return f"hex {q},{r + (q - (q & 1)) // 2}"


def hex_distance(xp: Any, dq: Any, dr: Any) -> Any:
    # the sum is even, and a shift is a third of the cost of a floor division on arrays
    return (xp.abs(dq) + xp.abs(dr) + xp.abs(dq + dr)) >> 1


def sector(xp: Any, dq: Any, dr: Any) -> Any:
    """The direction of hex vector (dq, dr), clockwise from 12 o'clock, in half steps of 15°,
    exactly (integers only): 4k on clock line k (a whole 30°), and between two 15° lines the odd
    number between them. No hex vector lies on an odd multiple of 15° (its slope would need a
    rational part), so these are all the cases. 0 for the zero vector.

    Turned counterclockwise by 60° steps into the sector from 12 to 2 o'clock (dq, dr >= 0),
    its angle φ from 12 o'clock has tan φ = dq√3 / (dq + 2dr), and φ < 15° and φ < 45° become
    comparisons of squares of whole numbers."""
    q, r = dq, dr
    code: Any = 0
    found: Any = False
    for m in range(6):
        here = (q >= 0) & (r >= 0) & xp.not_(found)
        a = q + 2 * r
        local = xp.where(q == 0, 0, xp.where(3 * (q + r) * (q + r) < a * a, 1, xp.where(
            q < r, 3, xp.where(q == r, 4, xp.where(3 * q * q < a * a, 5, xp.where(
                r > 0, 7, 8))))))
        code = xp.where(here, local + 8 * m, code)
        found = found | here
        q, r = -r, q + r  # 60° counterclockwise
    return xp.wrap(code, 48)


def bearing(xp: Any, dq: Any, dr: Any, default: Any, code: Any = None) -> Any:
    """The clock direction nearest the hex vector (dq, dr); `default` when it is zero.
    `code`: its sector(), if already known."""
    code = sector(xp, dq, dr) if code is None else code
    k = xp.wrap((code + 2) // 4, 12)
    return xp.where((dq == 0) & (dr == 0), default, k)


def angle15(k: Any) -> Any:
    """Clock direction k as a count of 15° steps counterclockwise from 3 o'clock."""
    return (6 - 2 * k) % 24


def in_arc(xp: Any, low15: Any, width15: Any, dq: Any, dr: Any, code: Any = None) -> Any:
    """Whether hex vector (dq, dr) lies in the arc from 15°·low15 counterclockwise through
    15°·width15 (whole numbers), edges included; the shooter's own hex is in every arc."""
    code = sector(xp, dq, dr) if code is None else code
    t2 = xp.wrap(12 - code + 48, 48)  # counterclockwise from 3 o'clock, in half steps
    inside = xp.wrap(t2 - 2 * low15 + 48, 48) <= 2 * width15
    return inside | ((dq == 0) & (dr == 0))
