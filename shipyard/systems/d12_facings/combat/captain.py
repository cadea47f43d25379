"""The captain's decisions as a user's own captain makes them (`--pilot-a FILE.py:NAME`).

The default captain and defender are rule functions (rules.py, "the default captain"), compiled
with the rest of the fight. A user's captain is an object or class with the three methods of
`Captain`; the rules `ask` at each decision and `asker` hands the question to it with the table
(`Setup`) and the fight so far (`State`). `DefaultCaptain` answers as the rules would, so a
captain may change one decision and inherit the others.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol

from shipyard.api import Asker, UserError, answers, consult
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.setup import Setup


class State:
    """The battle so far, as a captain reads it (ship by ship, in battle order: side A's
    first; in a duel [A's, B's])."""

    __slots__ = ("after_used", "armour", "bonus", "dealt", "enemy", "f", "fates", "fired",
                 "hands_left", "hp", "range", "ranges", "shields", "tailer", "tailers",
                 "targets", "winner_held")

    def __init__(self, p: r.Params, f: Any, side: int = 0, enemy: int = -1) -> None:
        m = p.ships
        ships = range(m)
        self.hp = [[int(h) for h in f[f[r.H_LIVE] + s * p.n:f[r.H_LIVE] + s * p.n + p.n]]
                   for s in ships]  # per system, padded to the largest ship
        self.shields = [int(f[r.ship(s) + r.S_SHIELDS]) for s in ships]
        self.armour = [int(f[r.ship(s) + r.S_ARMOUR]) for s in ships]
        self.dealt = [int(f[r.ship(s) + r.S_DEALT]) for s in ships]
        self.after_used = [bool(f[r.ship(s) + r.S_AFTER]) for s in ships]
        # 0 in the fight, 2 escaped, 3 destroyed (R28); each ship's target this turn (R30)
        self.fates = [int(f[f[r.H_FATES] + s]) for s in ships]
        self.targets = [int(f[r.ship(s) + r.S_TARGET]) for s in ships]
        # each pair's range (rules.TAILING .. rules.ESCAPED) and tailer (-1 nobody), R24, R29
        self.ranges = [[int(f[f[r.H_RANGES] + a * m + b]) for b in ships] for a in ships]
        self.tailers = [[int(f[f[r.H_TAILERS] + a * m + b]) for b in ships] for a in ships]
        # the enemy the question is about, and that pair's range and tailer (in a duel, the
        # other ship)
        self.enemy = enemy if enemy >= 0 else (p.first_b if side < p.first_b else 0)
        self.range = self.ranges[side][self.enemy]
        self.tailer = self.tailers[side][self.enemy]
        # the range step: True when the enemy cannot move against it after it (in a duel,
        # the winner held and the loser is asked, R6)
        self.winner_held = bool(f[r.S_LEG])
        # the action step: what working sensors and edges add to every to-hit total now; the
        # gunnery of each hand still free to act this turn (seated, not yet fired or helped),
        # best first; the guns fired this turn (R14, R16)
        self.bonus = [int(f[r.ship(s) + r.S_BONUS]) for s in ships]
        self.hands_left = [[skill for _, skill in free_hands(p, f, s)] for s in ships]
        self.fired = [[i for i in range(p.n) if f[f[r.H_FIRED] + s * p.n + i]] for s in ships]
        self.f = f  # the rules' own numbers, for DefaultCaptain


def free_hands(p: r.Params, f: Any, side: int) -> list[tuple[int, int]]:
    """(hand, gunnery) of side's hands free to act for the rest of the turn, best first: the
    seats left after those who have acted go to the best of the others (R14, R16)."""
    seats = int(f[r.ship(side) + r.S_CREW]) - int(f[r.ship(side) + r.S_USED])
    crew = side * p.crew
    hands = int(f[f[r.H_HANDS] + side])
    free = [(hand, int(f[f[r.H_GUNNERS] + crew + hand])) for hand in range(hands)
            if not f[f[r.H_SPENT] + crew + hand]]
    return free[:max(0, seats)]


class Captain(Protocol):
    """The decisions the seed leaves to the players (RULINGS, the default captain). Systems
    are numbered as in the design, on their own ship; `side` is the asking ship (in a battle,
    its index in battle order, side A's ships first). A captain for battles may add `enemy`
    and `target` (`BattleCaptain`); without them the default's choice stands."""

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int:
        """The range it would move to against `state.enemy` (rules.TAILING ..
        rules.ESCAPED), `steps` at most."""
        ...

    def plan(self, setup: Setup, state: State, side: int, rng: int, tailer: int
             ) -> list[tuple[int, int]]:
        """(gun, to-hit total) in firing order, each gun once, for the rest of this turn at
        `rng`: asked when the action step starts and again after each exchange (R16), the
        first row firing next. Each total must be what `state.bonus[side]` and the gunnery of
        one or more of `state.hands_left[side]` add up to, each hand serving one gun (R14);
        rows for guns that have fired this turn or stopped are passed over, so a plan made
        for the whole turn stays good."""
        ...

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        """Which of `candidates` (systems of `target`) a hit of `damage` goes to first."""
        ...


class BattleCaptain(Captain, Protocol):
    """A captain's two decisions that only a battle asks (with two or more enemies to choose
    from): which enemy's range it moves, which enemy it fires at this turn."""

    def enemy(self, setup: Setup, state: State, side: int, enemies: list[int]) -> int:
        """Of `enemies` (ships it may move its range to: in reach, not one that moved against
        it this turn, not one with an equal result), the one it moves against (R25-R27)."""
        ...

    def target(self, setup: Setup, state: State, side: int, enemies: list[int]) -> int:
        """Of `enemies` (in the fight, not at escaped from it), the one it fires at this turn
        (R30)."""
        ...


class DefaultCaptain:
    """The default captain and defender: the rules' own decisions."""

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int:
        return r.want_range(setup.fight.p, state.f, side, state.enemy, steps)

    def enemy(self, setup: Setup, state: State, side: int, enemies: list[int]) -> int:
        p, f = setup.fight.p, state.f
        for k, e in enumerate(enemies):
            f[f[r.H_ENEMIES] + k] = e
        return r.enemy_to_move(p, f, side, len(enemies))

    def target(self, setup: Setup, state: State, side: int, enemies: list[int]) -> int:
        p, f = setup.fight.p, state.f
        for k, e in enumerate(enemies):
            f[f[r.H_ENEMIES] + k] = e
        return r.best_target(p, f, side, len(enemies))

    def plan(self, setup: Setup, state: State, side: int, rng: int, tailer: int
             ) -> list[tuple[int, int]]:
        p, f = setup.fight.p, state.f
        count = r.plan(p, f, side, int(f[r.ship(side) + r.S_TARGET]), rng, tailer)
        guns = f[r.H_PLANS] + side * 2 * p.n
        return [(int(f[guns + k]) - side * p.n, int(f[guns + p.n + k])) for k in range(count)]

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        p, f = setup.fight.p, state.f
        for k, system in enumerate(candidates):
            f[f[r.H_CANDS] + k] = target * p.n + system
        return r.pick(p, f, target, len(candidates), damage, attacker) - target * p.n


def asker(setup: Setup, captains: tuple[Any, Any], names: tuple[str, str]) -> Asker | None:
    """`ask` answered by each side's own captain (None: the default's answer stands); `names`
    are the captains' FILE.py:NAME, for a wrong answer's one line."""
    if captains[0] is None and captains[1] is None:
        return None
    p = setup.fight.p

    def answer(side: int, question: int, facts: tuple[Any, ...], default: int) -> int:
        team = 0 if side < p.first_b else 1  # the asking ship's side: its captain
        captain = captains[team]
        if captain is None:
            return default
        f = facts[0]
        enemy = {r.Q_RANGE: int(f[r.S_ENEMY]), r.Q_PLAN: int(f[r.ship(side) + r.S_TARGET]),
                 r.Q_PICK: int(f[r.S_SHOOTER])}.get(question, -1)
        mine = side if question != r.Q_PICK else facts[1]
        state = State(p, f, mine, enemy)
        who = f"captain {names[team]}, for {setup.ships[side].name}"

        def ask(name: str, *args: Any, choices: str = "") -> Any:
            # through the core's one adapter for user code
            return consult(getattr(captain, name), setup, state, *args,
                           answer=answers(BattleCaptain, name), who=who, choices=choices)

        if question in (r.Q_ENEMY, r.Q_TARGET):
            method = "enemy" if question == r.Q_ENEMY else "target"
            if getattr(captain, method, None) is None:
                return default
            enemies = [int(f[f[r.H_ENEMIES] + k]) for k in range(facts[1])]
            named = ", ".join(f"{e} ({setup.ships[e].name})" for e in enemies)
            return _checked(ask(method, side, list(enemies), choices=f"give one of {named}"),
                            enemies,
                            (f"{method} of {setup.ships[side].name}", names[team],
                             *_where(getattr(captain, method))),
                            [setup.ships[e].name for e in enemies])
        if question == r.Q_RANGE:
            return _checked(ask("want_range", side, facts[1]), range(r.ESCAPED + 1),
                            (f"want_range of {setup.ships[side].name}", names[team],
                             *_where(captain.want_range)))
        if question == r.Q_PLAN:
            rows = ask("plan", side, facts[1], facts[2])
            return _write_plan(setup, f, side, facts[1], facts[2], rows,
                               (names[team], *_where(captain.plan)))
        target, count, damage, attacker = facts[1:5]
        candidates = [int(f[f[r.H_CANDS] + k]) - target * p.n for k in range(count)]
        return _checked(ask("pick", target, list(candidates), damage, bool(attacker)),
                        candidates, (f"pick of {setup.ships[side].name}", names[team],
                                     *_where(captain.pick)))

    return answer


def _checked(value: Any, allowed: Sequence[int], who: tuple[str, str, str | None, int | None],
             names: Sequence[str] = ()) -> int:
    """An answer the rules can take, or one line at the method's FILE:LINE naming the asking
    ship (in a battle one captain answers for every ship of its side) and what it may give."""
    method, name, file, line = who
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        shown = [f"{a} ({n})" for a, n in zip(allowed, names, strict=True)] if names else \
            list(map(str, allowed))
        raise UserError.single("cli.pilot", f"captain {name}: {method} gave {value!r}; give "
                               f"one of {', '.join(shown)}", file, line)
    return value


def _where(method: Any) -> tuple[str | None, int | None]:
    """The file and line of a captain's method, for a wrong answer's one line."""
    try:
        return inspect.getsourcefile(method), inspect.getsourcelines(method)[1]
    except (TypeError, OSError):
        return None, None


def _write_plan(setup: Setup, f: Any, side: int, rng: int, tailer: int, rows: Any,
                who: tuple[str, str | None, int | None]) -> int:
    """The user's plan into the rules' plan rows, and each hand's gun: each gun once, one that
    bears (the seed: each gun fires once a turn; R11, R12), each total one that the bonus and
    distinct free hands make (R14); rows for guns fired this turn or stopped are passed over."""
    p = setup.fight.p
    ship = setup.ships[side]
    name, file, line = who

    def wrong(what: str) -> UserError:
        return UserError.single("cli.pilot", f"captain {name}: plan of {ship.name} {what}",
                                file, line)

    kept: list[tuple[int, int]] = []
    for row in rows:
        gun, total = _row(row, ship.kind)
        if gun < 0:
            raise wrong(f"row {row!r}: give (gun, to-hit total), the gun one of the ship's "
                        "weapons or missiles")
        g = side * p.n + gun
        if f[f[r.H_FIRED] + g] or not r.works(p, f, g, f[f[r.H_LIVE] + g]):
            continue  # fired this turn, or stopped: done with for the turn
        if any(gun == seen for seen, _ in kept) or not r.bears(p, f, g, rng, tailer, side):
            raise wrong(f"row {row!r}: {ship.labels[gun]} "
                        + ("is planned twice" if any(gun == s for s, _ in kept) else
                           f"does not bear at {_range_name(rng)}"))
        kept.append((gun, total))
    free = free_hands(p, f, side)
    bonus = int(f[r.ship(side) + r.S_BONUS])
    found = _seat(tuple(skill for _, skill in free), tuple(t - bonus for _, t in kept))
    if found is None:
        asked = ", ".join(f"{ship.labels[gun]} {total}" for gun, total in kept)
        skills = ", ".join(str(skill) for _, skill in free) or "none"
        raise wrong(f"to-hit totals {asked}: no way to make them with the hands free to act "
                    f"(gunnery {skills}) and working sensors and edges (+{bonus}); each gun "
                    "needs a hand to fire it and each hand serves one gun (R14)")
    at = f[r.H_PLANS] + side * 2 * p.n
    crew = side * p.crew
    for hand in range(p.crew):
        f[f[r.H_HAND_GUN] + crew + hand] = -1
    for k, (gun, total) in enumerate(kept):
        f[at + k] = side * p.n + gun
        f[at + p.n + k] = total
        for i in found[k]:
            f[f[r.H_HAND_GUN] + crew + free[i][0]] = side * p.n + gun
    return len(kept)


def _row(row: Any, kinds: tuple[int, ...]) -> tuple[int, int]:
    """(gun, total) of a plan row, gun -1 when the row is not one."""
    if not isinstance(row, tuple | list) or len(row) != 2:
        return -1, 0
    gun, total = row
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in row) or \
            not 0 <= gun < len(kinds) or kinds[gun] not in (r.WEAPON, r.MISSILE):
        return -1, 0
    return int(gun), int(total)


def _range_name(rng: int) -> str:
    from shipyard.systems.d12_facings.combat.setup import RANGE_NAMES

    return f"{RANGE_NAMES[rng]} range"


@cache
def _seat(skills: tuple[int, ...], sums: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """For each wanted sum, the distinct hands (indexes into `skills`) whose gunnery adds up
    to it, one or more a sum, each hand once; None when no such seating exists."""

    @cache
    def fill(k: int, used: int) -> tuple[tuple[int, ...], ...] | None:
        if k == len(sums):
            return ()
        free = [i for i in range(len(skills)) if not used >> i & 1]
        for mask in range(1, 1 << len(free)):
            chosen = tuple(free[j] for j in range(len(free)) if mask >> j & 1)
            if sum(skills[i] for i in chosen) != sums[k]:
                continue
            rest = fill(k + 1, used | sum(1 << i for i in chosen))
            if rest is not None:
                return (chosen, *rest)
        return None

    return fill(0, 0)
