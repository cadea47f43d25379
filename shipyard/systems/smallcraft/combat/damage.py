"""Inflicting Damage, box by box, as a player does it on the printed sheet.

Per beam (missiles by salvo, R6): screens first; then, while dhits remain, one dhit destroys
the first armor box left, and one destroys a box chosen by a d(hull) roll (a roll on a box
already destroyed is rolled again). odds.py samples volleys with it on a Roller; a fight runs
the same procedure in fight.py (inflict, screen), and both are tested against the exact odds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from shipyard.api import Roll, Roller
from shipyard.systems.smallcraft.combat.craft import Spec


class Screening(NamedTuple):
    """What screens did to a beam's dhits or a salvo's missiles."""

    incoming: int
    stopped: int
    base: int  # incoming // ratio
    remainder: int
    rolled: int | None  # the d6, when the remainder could add one
    strength: int  # the screens' powered strength, the most they stop

    @property
    def through(self) -> int:
        return self.incoming - self.stopped


def screen(roller: Roller, incoming: int, strength: int, ratio: int) -> Screening:
    """Screens absorb one in `ratio` (6): incoming // 6, plus one if a d6 rolls below the
    remainder, never more than their powered strength. Also a salvo's missiles (R6)."""
    base, remainder = divmod(incoming, ratio)
    rolled = None
    stopped = base
    if strength > 0 and remainder > 1 and base < strength:  # a d6 below 1 never happens
        rolled = roller.d(ratio)
        stopped += rolled < remainder
    return Screening(incoming, min(stopped, strength), base, remainder, rolled, strength)


def screen_literal(roller: Roller, count: int, strength: int, ratio: int) -> Screening:
    """R6 read literally: one missile in six penetrates (count // 6, plus one if a d6 rolls
    below the remainder); the screens repel the rest, but no more than their strength."""
    base, remainder = divmod(count, ratio)
    rolled = None
    through = base
    if remainder > 1:
        rolled = roller.d(ratio)
        through += rolled < remainder
    return Screening(count, min(count - through, strength), base, remainder, rolled, strength)


@dataclass
class Hit:
    """One dhit landing: the box it destroyed, and how it was chosen."""

    box: int
    row: int
    by_armor: bool
    rolls: list[int] = field(default_factory=list)  # the d(hull) rolls, rerolls included


class Boxes:
    """A craft's Damage Allocation Sheet: which boxes are destroyed."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.owner = spec.row_of_box()
        self.count = spec.box_count
        self.destroyed = bytearray(self.count + 1)
        self.alive = [row.boxes for row in spec.rows]
        self.left = self.count
        self._armor = [b for row in spec.armor
                       for b in range(spec.rows[row].first, spec.rows[row].last + 1)]
        self._armor_next = 0

    def destroy(self, box: int) -> int:
        self.destroyed[box] = 1
        row = self.owner[box]
        self.alive[row] -= 1
        self.left -= 1
        return row

    def armor_box(self) -> int | None:
        """The first armor box still whole (a random hit may have taken some already)."""
        while self._armor_next < len(self._armor):
            box = self._armor[self._armor_next]
            if not self.destroyed[box]:
                return box
            self._armor_next += 1
        return None

    def inflict(self, roller: Roller, dhits: int) -> Iterator[Hit]:
        """Steps 2-4 of Inflicting Damage for `dhits` dhits, one destroyed box at a time (the
        sheet is up to date at each); stops when no box is left."""
        while dhits > 0 and self.left > 0:
            box = self.armor_box()
            if box is not None:
                yield Hit(box, self.destroy(box), True)
                dhits -= 1
                if dhits == 0 or self.left == 0:
                    break
            rolls = []
            while True:
                box = roller.d(self.count)
                rolls.append(box)
                if not self.destroyed[box]:
                    break
            yield Hit(box, self.destroy(box), False, rolls)
            dhits -= 1

    def rolls_of(self, hit: Hit) -> list[Roll]:
        die = f"d{self.count}"
        return [Roll(die, r, "already destroyed, reroll" if r != hit.box else
                     f"box {r}, {self.spec.rows[hit.row].label}") for r in hit.rolls]
