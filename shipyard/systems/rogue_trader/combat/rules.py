"""The arithmetic of the seed's combat rules, as pure integer functions the fight, the captain
and the odds share."""

from __future__ import annotations


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
    """The tens digit of Detection (initiative: 1d10 + this), counted against a negative
    Detection (R16): -5 gives 0, -15 gives -1."""
    return detection // 10 if detection >= 0 else -((-detection) // 10)


def through_armour(armoured: int, unarmoured: int, armour: int, torpedoes: int) -> int:
    """Hull Integrity lost: the summed damage less Armour once, plus lance damage (seed, R7),
    plus `torpedoes`, what got past Armour of each torpedo on its own (R9)."""
    return max(0, armoured - armour) + unarmoured + torpedoes


def step_bonus(mine: int, theirs: int, step: int, per_step: int) -> int:
    """+per_step for every full `step` points by which mine exceeds theirs (boarding)."""
    return per_step * ((mine - theirs) // step) if mine > theirs else 0


def opposed(standing_a: int, standing_b: int) -> tuple[int, int]:
    """(winner 0/1, or −1 for nobody; by how many degrees) from each side's `standing` (R14):
    the higher wins if at least one side succeeded, by the difference; both failing, or level,
    nobody."""
    if (standing_a < 0 and standing_b < 0) or standing_a == standing_b:
        return -1, 0
    if standing_a > standing_b:
        return 0, standing_a - standing_b
    return 1, standing_b - standing_a
