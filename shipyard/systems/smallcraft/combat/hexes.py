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


# --- float views, shared by both engines ------------------------------------------------------


def to_xy(xp: Any, a: Any, b: Any, c: Any, d: Any) -> tuple[Any, Any]:
    return (a + b * S3) * 0.5, (c + d * S3) * 0.5


def hex_round(xp: Any, x: Any, y: Any) -> tuple[Any, Any]:
    """The hex (q, r) whose centre is nearest the point (x, y)."""
    qf = x / HALF_S3
    return axial_round(xp, qf, y - qf * 0.5)


def axial_round(xp: Any, qf: Any, rf: Any) -> tuple[Any, Any]:
    """The hex nearest fractional axial coordinates (cube rounding)."""
    sf = -qf - rf
    q, r, s = xp.floor(qf + 0.5), xp.floor(rf + 0.5), xp.floor(sf + 0.5)
    dq, dr, ds = xp.abs(q - qf), xp.abs(r - rf), xp.abs(s - sf)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = xp.not_(fix_q) & (dr > ds)
    return xp.where(fix_q, -r - s, q), xp.where(fix_r, -q - s, r)


def toward(xp: Any, q: Any, r: Any, tq: Any, tr: Any, steps: Any) -> tuple[Any, Any]:
    """The hex `steps` dhexes along the line from (q, r) to (tq, tr) (steps < the distance)."""
    distance = hex_distance(xp, tq - q, tr - r)
    f = steps / xp.where(distance > 0, distance, 1)
    return axial_round(xp, q + (tq - q) * f, r + (tr - r) * f)


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


def direction15(xp: Any, dq: Any, dr: Any) -> Any:
    """The direction of hex vector (dq, dr) in 15° steps counterclockwise from 3 o'clock,
    0 <= t < 24: exact on the twelve clock lines, a float between them.

    A hex centre on a clock line (a cube coordinate zero, or two of them equal or one twice
    another) gets its whole number exactly, so arcs that end there include it without doubt.
    No hex centre lies on an odd multiple of 15° (its slope would need a rational part), and
    within beam or detection range the nearest is far further from one than a float's error
    (atan2 may differ in the last bit between libraries; it cannot change a comparison here).
    """
    x = dq * HALF_S3
    y = dq * 0.5 + dr
    t = xp.wrap(xp.atan2(y, x) * (12.0 / xp.pi), 24.0)
    on_line = ((dq == 0) | (dr == 0) | (dq + dr == 0) | (dq == dr) | (dq == -2 * dr)
               | (dr == -2 * dq))
    return xp.where(on_line, xp.wrap(xp.floor(t + 0.5), 24), t)


def bearing(xp: Any, dq: Any, dr: Any, default: Any, t: Any = None) -> Any:
    """The clock direction nearest the hex vector (dq, dr); `default` when it is zero.
    `t`: its direction15, if already known."""
    t = direction15(xp, dq, dr) if t is None else t
    k = xp.wrap(xp.floor((6.0 - t) * 0.5 + 0.5), 12)
    return xp.where((dq == 0) & (dr == 0), default, k)


def angle15(k: Any) -> Any:
    """Clock direction k as a count of 15° steps counterclockwise from 3 o'clock."""
    return (6 - 2 * k) % 24


def in_arc(xp: Any, low15: Any, width15: Any, dq: Any, dr: Any, t: Any = None) -> Any:
    """Whether hex vector (dq, dr) lies in the arc from 15°·low15 counterclockwise through
    15°·width15, edges included; the shooter's own hex is in every arc."""
    t = direction15(xp, dq, dr) if t is None else t
    inside = xp.wrap(t - low15, 24.0) <= width15
    return inside | ((dq == 0) & (dr == 0))
