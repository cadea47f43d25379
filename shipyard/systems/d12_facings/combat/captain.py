"""The default captain and defender (RULINGS, "The default captain"): what the seed leaves to the
players, decided from the exact odds of one shot, in whole numbers (expected damage × 144).

- Range: of the ranges it can reach this turn (tailing as the tailer), the one where its expected
  damage a turn minus the enemy's is best; it holds where it is on a tie, and runs (escaped) when
  nothing aboard can hurt the enemy.
- Guns and crew: the best gunner first, each hand either fires a gun that bears or helps one
  already firing, whichever adds more expected damage; guns fire in order of expected damage.
- After the shot: an after-roll edge on the first shot of the turn that falls short; sustain,
  the least that makes a hit.
- Giving up a system: one already stopped, or one that survives the hit still working; among
  those, the cheapest and then the one with most hit points; else the cheapest to lose.
- Choosing a system (tailing or an edge): the dearest working system the hit stops, else the
  working system nearest to stopping.
"""

from __future__ import annotations

from shipyard.systems.d12_facings.combat.odds import expected_damage
from shipyard.systems.d12_facings.combat.rules import (
    ESCAPED,
    LONG,
    SHORT,
    TAILING,
    Setup,
    State,
    bears,
    gunnery_bonus,
    hands_at_work,
    need,
    works,
)

MEMO_LIMIT = 100_000


def plan(setup: Setup, state: State, side: int, rng: int, tailer: int) -> list[tuple[int, int]]:
    """(gun, to-hit total) in firing order, for this turn. A plan depends only on the ship's
    hit points, the range and whether it tails, so it is worked out once per fight setup."""
    key = (0, side, rng, rng == TAILING and tailer == side, *state.hp[side])
    found: list[tuple[int, int]] | None = setup.memo.get(key)
    if found is None:
        if len(setup.memo) > MEMO_LIMIT:  # a long series of changing fights stays bounded
            setup.memo.clear()
        found = setup.memo[key] = _plan(setup, state, side, rng, tailer)
    return found


def _plan(setup: Setup, state: State, side: int, rng: int, tailer: int
          ) -> list[tuple[int, int]]:
    ship = setup.ships[side]
    hp = state.hp[side]
    bonus = gunnery_bonus(ship, hp)
    guns = [i for i in range(len(hp)) if works(ship, hp, i) and bears(ship, i, rng, tailer,
                                                                        side)]
    needs = {g: need(setup, side, g, rng) for g in guns}
    firing: dict[int, int] = {}

    def worth(gun: int, total: int) -> int:
        return expected_damage(total, needs[gun], ship.damage[gun], ship.sustain[gun],
                               setup.inclusive)

    for skill in ship.gunners[:hands_at_work(ship, hp)]:
        best, choice = 0, -1
        for g in guns:
            if g in firing:
                gain = worth(g, firing[g] + skill) - worth(g, firing[g])
            else:
                gain = worth(g, skill + bonus)
            if gain > best:
                best, choice = gain, g
        if choice < 0:
            break
        firing[choice] = firing.get(choice, bonus) + skill
    return sorted(firing.items(), key=lambda gt: (-worth(*gt), gt[0]))


def turn_value(setup: Setup, state: State, side: int, rng: int, tailer: int) -> int:
    key = (1, side, rng, rng == TAILING and tailer == side, *state.hp[side])
    found: int | None = setup.memo.get(key)
    if found is None:
        if len(setup.memo) > MEMO_LIMIT:
            setup.memo.clear()
        found = setup.memo[key] = _turn_value(setup, state, side, rng, tailer)
    return found


def _turn_value(setup: Setup, state: State, side: int, rng: int, tailer: int) -> int:
    ship = setup.ships[side]
    return sum(expected_damage(total, need(setup, side, g, rng), ship.damage[g],
                               ship.sustain[g], setup.inclusive)
               for g, total in plan(setup, state, side, rng, tailer))


def reachable(state: State, side: int, steps: int) -> list[int]:
    """The ranges a move of up to `steps` can reach (a tailed ship breaks away first)."""
    now = state.range
    if now == TAILING and state.tailer != side:
        return [r for r in range(SHORT, min(ESCAPED, steps) + 1)]
    return [r for r in range(max(TAILING, now - steps), min(ESCAPED, now + steps) + 1)]


def want_range(setup: Setup, state: State, side: int, steps: int) -> int:
    """The best range it can reach this turn, for its expected damage a turn minus the enemy's;
    it holds on a tie; it runs when nothing aboard can hurt the enemy."""
    if not any(turn_value(setup, state, side, r, side) for r in range(TAILING, LONG + 1)):
        return min(ESCAPED, state.range + steps)
    now = state.range
    held = now if not (now == TAILING and state.tailer != side) else -1
    best, choice = None, now
    for r in reachable(state, side, steps):
        if r == ESCAPED:
            continue
        score = (turn_value(setup, state, side, r, side)
                 - turn_value(setup, state, 1 - side, r, side))
        key = (score, r == held, -abs(r - now))
        if best is None or key > best:
            best, choice = key, r
    return choice


def pick(setup: Setup, state: State, target: int, candidates: list[int], damage: int,
         attacker: bool) -> int:
    ship = setup.ships[target]
    hp = state.hp[target]
    if attacker:
        def harm(i: int) -> tuple[int, int, int]:
            on = works(ship, hp, i)
            stops = on and (not ship.resilient[i] or hp[i] <= damage)
            return (ship.value[i] if stops else 0, 1 if on else 0, -hp[i])

        return max(candidates, key=lambda i: (*harm(i), -i))

    def loss(i: int) -> tuple[int, int, int]:
        on = works(ship, hp, i)
        keeps = not on or (ship.resilient[i] and hp[i] > damage)
        return (0 if keeps else ship.value[i], ship.value[i] if on else 0, -hp[i])

    return min(candidates, key=lambda i: (*loss(i), i))


class DefaultCaptain:
    """The default captain as an object with the three hooks the rules call."""

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int:
        return want_range(setup, state, side, steps)

    def plan(self, setup: Setup, state: State, side: int, rng: int, tailer: int
             ) -> list[tuple[int, int]]:
        return plan(setup, state, side, rng, tailer)

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        return pick(setup, state, target, candidates, damage, attacker)


DEFAULT = DefaultCaptain()
