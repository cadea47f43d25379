"""The default captain and defender (RULINGS, "The default captain"): what the seed leaves to the
players, decided from the exact odds of one shot, in whole numbers (expected damage × 144).

- Range: of the ranges it can reach this turn (tailing as the tailer), the one where its expected
  damage a turn minus the enemy's is best; it holds where it is on a tie, and runs (escaped) when
  nothing aboard can hurt the enemy.
- Guns and crew: the best gunner first, each hand either fires a gun that bears or helps one
  already firing, whichever adds more expected damage; guns fire in order of expected damage.
- After the shot: an after-roll edge on the first shot of the turn that falls short; sustain,
  the least that makes a hit.
- Giving up a system: the start that loses the fewest points of working systems once the whole
  hit has overflowed (never the ship if it can help it); on a tie, a stopped system or one that
  survives the hit working, then the cheapest, then the one with most hit points.
- Choosing a system (tailing or an edge): the start that stops the most points of systems (the
  ship itself above all); on a tie, the dearest working system the hit stops, else the working
  system nearest to stopping.
"""

from __future__ import annotations

from shipyard.systems.d12_facings.combat.odds import expected_damage
from shipyard.systems.d12_facings.combat.rules import (
    CORE,
    ESCAPED,
    LONG,
    SHORT,
    TAILING,
    Setup,
    Ship,
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


LOST_SHIP = 1_000_000  # weighs more than any system


def _local(ship: Ship, hp: list[int], i: int, damage: int, attacker: bool
           ) -> tuple[int, int, int]:
    """How one system takes a hit, for a chooser that looks no further: the defender would
    rather feed a stopped system, or one that survives the hit still working; the attacker
    would rather stop the dearest working one."""
    on = works(ship, hp, i)
    if attacker:
        stops = on and (not ship.resilient[i] or hp[i] <= damage)
        return (ship.value[i] if stops else 0, 1 if on else 0, -hp[i])
    keeps = not on or (ship.resilient[i] and hp[i] > damage)
    return (0 if keeps else ship.value[i], ship.value[i] if on else 0, -hp[i])


def consequence(ship: Ship, hp: list[int], first: int, damage: int, attacker: bool) -> int:
    """The points of systems a hit stops (LOST_SHIP if it destroys the ship) when it starts on
    `first` and overflows as the seed says, each later pick made by `_local`."""
    left = list(hp)
    side = ship.facing[first]
    pick_ = first
    lost = 0
    while True:
        was = works(ship, left, pick_)
        taken = min(left[pick_], damage)
        left[pick_] -= taken
        damage -= taken
        if was and not works(ship, left, pick_):
            lost += ship.value[pick_]
        if damage <= 0:
            break
        here = [i for i in range(len(left)) if left[i] > 0 and ship.facing[i] == side]
        if not here and side != CORE:
            side = CORE
            here = [i for i in range(len(left)) if left[i] > 0 and ship.facing[i] == CORE]
        if not here:
            return LOST_SHIP
        if attacker:
            # the last of equals, as the sorted order this replaced gave
            pick_ = max(reversed(here), key=lambda i: _local(ship, left, i, damage, True))
        else:
            pick_ = min(here, key=lambda i: _local(ship, left, i, damage, False))
    return lost


def pick(setup: Setup, state: State, target: int, candidates: list[int], damage: int,
         attacker: bool) -> int:
    """Where a hit's damage goes first: the whole hit, overflow included, is weighed."""
    ship = setup.ships[target]
    hp = state.hp[target]
    key = (2, target, damage, int(attacker), len(candidates), *candidates, *hp)
    found: int | None = setup.memo.get(key)
    if found is not None:
        return found
    if len(setup.memo) > MEMO_LIMIT:
        setup.memo.clear()
    if attacker:
        found = max(candidates, key=lambda i: (consequence(ship, hp, i, damage, True),
                                               *_local(ship, hp, i, damage, True), -i))
    else:
        found = min(candidates, key=lambda i: (consequence(ship, hp, i, damage, False),
                                               *_local(ship, hp, i, damage, False), i))
    setup.memo[key] = found
    return found


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
