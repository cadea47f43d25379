"""The arithmetic of the seed's combat rules, as pure functions the engine and the odds share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shipyard.systems.rogue_trader.combat.spec import Gun


def degrees(target: int, rolled: int) -> int:
    """Degrees of a d100 test: full tens under the target; 0 or more is a success (R7, R14)."""
    return (target - rolled) // 10


def hits(target: int, rolled: int, cap: int, step: int) -> int:
    """One hit plus one per `step` degrees of success, at most `cap` (R7; turrets: step 2)."""
    if rolled > target or cap <= 0:
        return 0
    return min(cap, 1 + degrees(target, rolled) // step)


def detection_bonus(detection: int) -> int:
    """The tens digit of Detection (initiative: 1d10 + this)."""
    return int(detection / 10)


@dataclass(frozen=True)
class Shot:
    """One weapon component's attack: its hits, and whether its Crit Rating was met."""

    part: int
    gun: Gun
    hits: int
    crit_met: bool


def shield_order(shots: Sequence[Shot]) -> list[tuple[int, int]]:
    """The hits void shields can stop, as (shot index, hit number), in the order the attacker
    gives them up (the seed: the attacker chooses): macrobattery hits before lances, which
    ignore armour; the weakest first."""
    pool = [(i, n) for i, shot in enumerate(shots) if shot.gun.shielded
            for n in range(shot.hits)]
    return sorted(pool, key=lambda h: (shots[h[0]].gun.ignores_armour, shots[h[0]].gun.value,
                                       h[0]))


def through_armour(armoured: int, unarmoured: int, armour: int) -> int:
    """Hull Integrity lost: the summed damage less Armour once, plus lance damage (seed, R7)."""
    return max(0, armoured - armour) + unarmoured


def step_bonus(mine: int, theirs: int, step: int, per_step: int) -> int:
    """+per_step for every full `step` points by which mine exceeds theirs (boarding)."""
    return per_step * ((mine - theirs) // step) if mine > theirs else 0


def opposed(degrees_a: int, degrees_b: int) -> tuple[int | None, int]:
    """(winner 0/1 or None, by how many degrees): R14."""
    if (degrees_a < 0 and degrees_b < 0) or degrees_a == degrees_b:
        return None, 0
    return (0, degrees_a - degrees_b) if degrees_a > degrees_b else (1, degrees_b - degrees_a)
