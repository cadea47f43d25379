"""The captain's decisions as a user's own captain makes them (`--pilot-a FILE.py:NAME`).

The default captain and defender are rule functions (rules.py, "the default captain"), compiled
with the rest of the fight. A user's captain is an object or class with the three methods of
`Captain`; the rules `ask` at each decision and `asker` hands the question to it with the table
(`Setup`) and the fight so far (`State`). `DefaultCaptain` answers as the rules would, so a
captain may change one decision and inherit the others.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from shipyard.api import Asker, UserError
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.setup import Setup


class State:
    """The fight so far, as a captain reads it (side by side: [A's, B's])."""

    __slots__ = ("after_used", "armour", "dealt", "f", "hp", "range", "shields", "tailer")

    def __init__(self, p: r.Params, f: Any) -> None:
        at = r.HP
        self.hp = [[int(h) for h in f[at + side * p.n:at + side * p.n + p.n]]
                   for side in range(2)]  # per system, padded to the larger ship
        self.shields = [int(f[r.S_SHIELDS + side]) for side in range(2)]
        self.armour = [int(f[r.S_ARMOUR + side]) for side in range(2)]
        self.dealt = [int(f[r.S_DEALT + side]) for side in range(2)]
        self.after_used = [bool(f[r.S_AFTER + side]) for side in range(2)]
        self.range = int(f[r.S_RANGE])  # rules.TAILING .. rules.ESCAPED
        self.tailer = int(f[r.S_TAILER])  # the side tailing, -1 when nobody is
        self.f = f  # the rules' own numbers, for DefaultCaptain


class Captain(Protocol):
    """The decisions the seed leaves to the players (RULINGS, the default captain). Systems
    are numbered as in the design, on their own ship."""

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int:
        """The range it would move to (rules.TAILING .. rules.ESCAPED), `steps` at most."""
        ...

    def plan(self, setup: Setup, state: State, side: int, rng: int, tailer: int
             ) -> list[tuple[int, int]]:
        """(gun, to-hit total) in firing order, each gun once, for this turn at `rng`."""
        ...

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        """Which of `candidates` (systems of `target`) a hit of `damage` goes to first."""
        ...


class DefaultCaptain:
    """The default captain and defender: the rules' own decisions."""

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int:
        return r.want_range(setup.fight.p, state.f, side, steps)

    def plan(self, setup: Setup, state: State, side: int, rng: int, tailer: int
             ) -> list[tuple[int, int]]:
        p, f = setup.fight.p, state.f
        count = r.plan(p, f, side, rng, tailer)
        guns = p.plans + side * 2 * p.n
        return [(int(f[guns + k]) - side * p.n, int(f[guns + p.n + k])) for k in range(count)]

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        p, f = setup.fight.p, state.f
        for k, system in enumerate(candidates):
            f[p.cands + k] = target * p.n + system
        return r.pick(p, f, target, len(candidates), damage, attacker) - target * p.n


def asker(setup: Setup, captains: tuple[Any, Any], names: tuple[str, str]) -> Asker | None:
    """`ask` answered by each side's own captain (None: the default's answer stands); `names`
    are the captains' FILE.py:NAME, for a wrong answer's one line."""
    if captains[0] is None and captains[1] is None:
        return None
    p = setup.fight.p

    def answer(side: int, question: int, facts: tuple[Any, ...], default: int) -> int:
        captain = captains[side]
        if captain is None:
            return default
        f = facts[0]
        state = State(p, f)
        try:
            if question == r.Q_RANGE:
                want = captain.want_range(setup, state, side, facts[1])
                return _checked(want, range(r.ESCAPED + 1), "want_range", names[side])
            if question == r.Q_PLAN:
                rows = captain.plan(setup, state, side, facts[1], facts[2])
                return _write_plan(setup, f, side, facts[1], facts[2], rows, names[side])
            target, count, damage, attacker = facts[1:5]
            candidates = [int(f[p.cands + k]) - target * p.n for k in range(count)]
            chosen = captain.pick(setup, state, target, list(candidates), damage,
                                  bool(attacker))
            return _checked(chosen, candidates, "pick", names[side])
        except UserError:
            raise
        except Exception as exc:  # the user's own code: one line, at its own line
            raise _mistake(exc, names[side]) from None

    return answer


def _checked(value: Any, allowed: Sequence[int], method: str, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        raise UserError.single("cli.pilot", f"captain {name}: {method} gave {value!r}; give "
                               f"one of {', '.join(map(str, allowed))}")
    return value


def _write_plan(setup: Setup, f: Any, side: int, rng: int, tailer: int,
                rows: Any, name: str) -> int:
    """The user's plan into the rules' plan rows: each gun once, one that bears (the seed:
    each gun fires once a turn; R11, R12)."""
    p = setup.fight.p
    ship = setup.ships[side]
    at = p.plans + side * 2 * p.n
    seen: set[int] = set()
    for k, row in enumerate(rows):
        gun, total = row
        g = side * p.n + gun if isinstance(gun, int) and 0 <= gun < len(ship.hp) else -1
        if g < 0 or gun in seen or not r.bears(p, f, g, rng, tailer, side) or not isinstance(
                total, int) or isinstance(total, bool):
            raise UserError.single("cli.pilot", f"captain {name}: plan row {row!r}: give "
                                   "(gun, to-hit total) with each gun of the ship that bears "
                                   "at most once")
        seen.add(gun)
        f[at + k] = g
        f[at + p.n + k] = total
    return len(seen)


def _mistake(exc: Exception, name: str) -> UserError:
    """An exception in the user's captain as FILE:LINE (its own file's last line run) and what
    went wrong."""
    where = name.rpartition(":")[0]
    mine = [frame for frame in traceback.extract_tb(exc.__traceback__)
            if Path(frame.filename).name == Path(where).name]
    file, line = (mine[-1].filename, mine[-1].lineno) if mine else (where, None)
    return UserError.single("cli.pilot", f"captain {name} failed: {type(exc).__name__}: "
                            f"{exc}", file, line)
