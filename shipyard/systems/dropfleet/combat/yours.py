"""A user's own commander (`--pilot-a FILE.py:NAME`, in a duel or a battle: RULINGS.md R21,
B10) answering the rules' questions, uncompiled. The rules ask with numbers (rules.Q_*); this
module hands the commander `Facts`: the duel's numbers as before, so a duel's commander file
reads them as it always did, and the names a player decides by: the asking ship and its group,
and the enemies, weapon systems or battlegroups it may choose, each by the number it answers.

A whole number the rules cannot use (a ship gone since or past the enemy's last, a system lost
or not bearing, a battlegroup that has activated) keeps the default's, as R21 has always said,
so duel commanders written against it keep working; `None` keeps it too. Any other answer (a
name, a fraction, a list) is the user's mistake: one line at their method's FILE:LINE (B10).
"""

from __future__ import annotations

import operator
from typing import Any

from shipyard.api import Asker, consult, load_instance
from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.commander import count, nsys, side_of
from shipyard.systems.dropfleet.combat.setup import Told

METHODS = {r.Q_SHIELDS: "shields", r.Q_SYSTEM: "system", r.Q_TARGET: "target",
           r.Q_BATTLEGROUP: "battlegroup"}


class Facts(tuple[int, ...]):
    """A question's numbers (turn, ship, shot: `facts[0]`, ...) and, by name, what they mean.

    turn: the turn (0 before the first); ship: the asking ship's place in its side's fleet
    order; shot: its first weapon system (0) or a Dreadnought's second (1); asking: its name
    ("Harpy Frigate 2 (B)"), or for `battlegroup` the side's; group: its group's design;
    enemies: {place: name} of the enemy ships still in the fight, the places `target` answers;
    target: the ship `system` is asked about; systems: {index: name} of the weapon systems that
    may fire at it now, the indexes `system` answers; battlegroups: {index: name} of the side's
    battlegroups with a ship in the fight not yet activated this turn, the indexes
    `battlegroup` answers."""

    turn: int
    ship: int
    shot: int
    asking: str
    group: str
    enemies: dict[int, str]
    target: str
    systems: dict[int, str]
    battlegroups: dict[int, str]


def _facts(numbers: tuple[int, ...], **named: Any) -> Facts:
    out = Facts(numbers)
    fields = dict(turn=numbers[0], ship=numbers[1] if len(numbers) > 1 else -1,
                  shot=numbers[2] if len(numbers) > 2 else 0, asking="", group="",
                  enemies={}, target="", systems={}, battlegroups={})
    fields.update(named)
    for key, value in fields.items():
        setattr(out, key, value)
    return out


def commander_asker(refs: tuple[str | None, str | None], p: s.Params, told: Told
                    ) -> Asker | None:
    """The user's commanders answering `ask`, or None when both sides keep the default."""
    if not any(refs):
        return None
    mine = [load_instance(ref, "Commander") for ref in refs]

    def asker(side: int, question: int, numbers: tuple[Any, ...], default: int) -> int:
        method = getattr(mine[side], METHODS[question], None)
        if method is None:
            return default
        facts, usable = _question(p, told, side, question, numbers)
        given = ", ".join(f"{k} ({v})" for k, v in usable.items())
        # any whole number (a NumPy one too; shields' True raises them), None the default's
        answer = consult(method, facts, default,
                         answer=int | bool | None if question == r.Q_SHIELDS else int | None,
                         who=f"the commander of {told.sides[side]}, turn {facts.turn}",
                         choices=f"give one of {given}, or None for the default's"
                         if given else "")
        return default if answer is None else operator.index(answer)

    return asker


def _question(p: s.Params, told: Told, side: int, question: int, numbers: tuple[Any, ...]
              ) -> tuple[Facts, dict[int, str]]:
    """The user's facts, and the answers the rules can use now with their names (for a
    wrong answer's line)."""
    turn = int(numbers[0])
    if question == r.Q_BATTLEGROUP:
        done, st = numbers[1], numbers[2]
        names = told.battlegroups[side]
        left = {bg: name for bg, name in enumerate(names) if done[side * p.bgs + bg] == 0
                and r.battlegroup_left(p, st, side, bg) == 1}
        return _facts((turn,), asking=told.sides[side], battlegroups=left), left
    k = int(numbers[1])
    st = numbers[-1]
    unit = k // p.g
    place = r.enemy_place(p, 1 - side, k)  # its place among its own side's ships
    enemies = {e: told.ships[ship] for e, ship in _enemies(p, side)
               if st[ship * s.NF + s.S_ALIVE] == 1}
    named = dict(asking=told.ships[k], group=told.groups[unit], enemies=enemies)
    if question == r.Q_SHIELDS:
        return _facts((turn, place), **named), {0: "down", 1: "raised"}
    shot = int(numbers[2])
    if question == r.Q_TARGET:
        return _facts((turn, place, shot), **named), enemies
    t, fired, not_alt = int(numbers[3]), int(numbers[4]), int(numbers[5])
    systems = {x: told.systems[unit][x] for x in range(nsys(p, unit))
               if r.can_fire(p, st, unit, t // p.g, k, x, fired, not_alt) == 1}
    return _facts((turn, place, shot), target=told.ships[t], systems=systems, **named), systems


def _enemies(p: s.Params, side: int) -> list[tuple[int, int]]:
    """(place, ship index) of every enemy ship, in the enemy's fleet order."""
    ships = [unit * p.g + i for unit in range(p.units) if side_of(p, unit) != side
             for i in range(count(p, unit))]
    return list(enumerate(ships))
