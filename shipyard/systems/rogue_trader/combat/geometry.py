"""The void as a plane: positions in void units (VU), facings in 45° steps.

Only IEEE-exact operations (+, -, *, sqrt) touch a position, so the same seed gives the same
fight on every machine; bearings come from dot products, never from atan2.
"""

from __future__ import annotations

import math

Vec = tuple[float, float]

_H = math.sqrt(0.5)
# facing 0 is +x; each step turns 45° to port (counter-clockwise)
DIRECTIONS: tuple[Vec, ...] = ((1.0, 0.0), (_H, _H), (0.0, 1.0), (-_H, _H), (-1.0, 0.0),
                               (-_H, -_H), (0.0, -1.0), (_H, -_H))
EPSILON = 1e-9  # a range of exactly 6 VU reached by way of √½ is still 6 VU


def move(position: Vec, facing: int, distance: int) -> Vec:
    dx, dy = DIRECTIONS[facing % 8]
    return (position[0] + dx * distance, position[1] + dy * distance)


def distance(a: Vec, b: Vec) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return math.sqrt(dx * dx + dy * dy)


def bearing(position: Vec, facing: int, target: Vec) -> str:
    """The arc of a ship (at `position`, facing `facing`) that `target` lies in: each arc the 90°
    quarter centred on its direction; a target on a boundary counts as fore or aft."""
    dx, dy = target[0] - position[0], target[1] - position[1]
    fx, fy = DIRECTIONS[facing % 8]
    lx, ly = DIRECTIONS[(facing + 2) % 8]
    ahead = dx * fx + dy * fy
    side = dx * lx + dy * ly
    if ahead >= abs(side) - EPSILON:
        return "fore"
    if -ahead >= abs(side) - EPSILON:
        return "aft"
    return "port" if side > 0 else "starboard"


def clock(facing: int) -> str:
    """A facing for people: degrees to port of the starting heading."""
    return f"{(facing % 8) * 45}°"


ALL_ARCS = ("fore", "port", "starboard", "aft")


def bears(position: Vec, facing: int, target: Vec) -> tuple[str, ...]:
    """The arcs `target` lies in: one, or all four when the ships share a point (R22: alongside,
    hulls touching, every battery can lay its guns on the enemy)."""
    if distance(position, target) <= EPSILON:
        return ALL_ARCS
    return (bearing(position, facing, target),)
