"""The arithmetic of the seed's combat rules, as pure functions the engine and the odds share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shipyard.systems.rogue_trader.combat.spec import Gun


def degrees(target: int, rolled: int) -> int:
    """Degrees of a d100 test, success or failure alike: one per full 10 points between the
    roll and the target (R7, R14). 84 against 40 fails by 4 degrees."""
    return abs(target - rolled) // 10


def standing(target: int, rolled: int) -> int:
    """A test's place in an opposed test (R14): a success counts its degrees of success (0 or
    more); a failure counts minus one, minus its degrees of failure, so any success stands
    above any failure and a failure by 0 degrees one below the barest success."""
    return degrees(target, rolled) if rolled <= target else -1 - degrees(target, rolled)


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
    """The hits void shields can stop, as (shot index, hit number), in the order the default
    captain gives them up (the seed: the attacker chooses): she keeps the hits of a weapon
    whose Crit Rating was met (its critical needs a hit past the shields, R5), then lances,
    which ignore armour; the weakest first."""
    pool = [(i, n) for i, shot in enumerate(shots) if shot.gun.shielded
            for n in range(shot.hits)]
    return sorted(pool, key=lambda h: (shots[h[0]].crit_met, shots[h[0]].gun.ignores_armour,
                                       shots[h[0]].gun.value, h[0]))


def through_armour(armoured: int, unarmoured: int, armour: int,
                   torpedoes: Sequence[int] = ()) -> int:
    """Hull Integrity lost: the summed damage less Armour once, plus lance damage (seed, R7),
    plus each torpedo's damage less Armour on its own (R9)."""
    return (max(0, armoured - armour) + unarmoured
            + sum(max(0, value - armour) for value in torpedoes))


def step_bonus(mine: int, theirs: int, step: int, per_step: int) -> int:
    """+per_step for every full `step` points by which mine exceeds theirs (boarding)."""
    return per_step * ((mine - theirs) // step) if mine > theirs else 0


def opposed(standing_a: int, standing_b: int) -> tuple[int | None, int]:
    """(winner 0/1 or None, by how many degrees) from each side's `standing` (R14): the higher
    wins if at least one side succeeded, by the difference; both failing, or level, nobody."""
    if (standing_a < 0 and standing_b < 0) or standing_a == standing_b:
        return None, 0
    return (0, standing_a - standing_b) if standing_a > standing_b else (1, standing_b - standing_a)
