"""The seed's combat, written once: plain functions over simple state (ints and lists of ints).

Dice come from an injected `rand()` (uniform in [0, 1), in practice `random.Random(seed).random`,
so a fight replays on every machine); what happens is told to an injected recorder
`rec(code, side, *ints)`, which the narrated duel turns into words and a series replaces with a
no-op; the captain's decisions come through a `Captain` (captain.py). The same functions play a
narrated duel and every fight of a series (the fight pattern of issue 11). Every rule here is a
sentence of the seed or a numbered ruling in catalogs/d12-facings/RULINGS.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from shipyard.systems.d12_facings.combat.odds import SIDES, rolls_again, shot_outcome

Rand = Callable[[], float]
Recorder = Callable[..., None]

# ranges (the seed's ladder), facings, kinds: small ints, so the state stays plain numbers
TAILING, SHORT, MEDIUM, LONG, ESCAPED = 0, 1, 2, 3, 4
RANGE_NAMES = ("tailing", "short", "medium", "long", "escaped")
FORE, AFT, PORT, STARBOARD, CORE = 0, 1, 2, 3, 4
FACING_NAMES = ("fore", "aft", "port", "starboard", "core")
WEAPON, MISSILE, SHIELD, ARMOUR, ENGINE, SENSOR, STATION = range(7)
KIND_CODES = {"weapon": WEAPON, "missile": MISSILE, "shield": SHIELD, "armour": ARMOUR,
              "engine": ENGINE, "sensor": SENSOR, "station": STATION}

# what the recorder is told (code, side, then the numbers listed)
EV_TURN = 1  # turn
EV_SHIELDS = 2  # shield points raised
EV_PILOTING = 3  # total, first die, second die
EV_ORDER = 4  # winner (side), margin; side -1 for a tie
EV_MOVE = 5  # from range, to range, tailer after
EV_HOLD = 6  # range
EV_PLAN = 7  # gun, total (a gun planned to fire this turn)
EV_SHOT = 8  # gun, total, need, first, second, after used, sustain steps, damage
EV_ABSORB = 9  # shields taken, armour taken
EV_SYSTEM = 10  # system, damage taken, hp left, chooser (0 defender, 1 attacker)
EV_STOPPED = 11  # system
EV_CORE = 12  # damage that found the core with no systems left
EV_DESTROYED = 13
EV_ESCAPED = 14
EV_PASS = 15
EV_LOST = 16  # system: its last hit point gone

# how a turn ends
GOING, A_WINS, B_WINS, NO_WINNER_ESCAPED, NO_WINNER_MUTUAL = 0, 1, 2, 3, 4


class Ship(NamedTuple):
    """One ship's fixed figures, system by system (index i across every tuple)."""

    name: str
    labels: tuple[str, ...]
    facing: tuple[int, ...]
    kind: tuple[int, ...]
    resilient: tuple[bool, ...]  # heavy, super-heavy or turret: works until destroyed
    turret: tuple[bool, ...]
    hp: tuple[int, ...]
    damage: tuple[int, ...]
    sustain: tuple[int, ...]  # 0: no sustain (missiles, R8)
    to_hit: tuple[int, ...]  # a missile's own figure; 0 for guns
    figure: tuple[int, ...]  # shields, piloting, gunnery or seats, by kind
    value: tuple[int, ...]  # catalog points: what the captain weighs losing
    defence: int
    piloting: int  # best pilot + hull handling + edges; working engines add
    gunnery_bonus: int  # edges; working sensors add
    gunners: tuple[int, ...]  # every hand's gunnery, best first
    shields_max: int
    armour: int
    after: int  # an after-roll gunnery edge's figure, once a turn (0: none)
    chooses: bool  # an attacker-chooses edge


class Setup(NamedTuple):
    ships: tuple[Ship, Ship]
    difficulty: tuple[int, int, int, int]  # tailing, short, medium, long
    margin: int  # beat by this much: two steps
    start: int
    tailer: int  # at a tailing start, who tails
    inclusive: bool  # --rule under=inclusive (R1)
    captains: tuple[Captain, Captain]
    memo: dict[tuple[int, ...], Any]  # the captain's plans by (side, range, tailing, hit points)


class State:
    """Everything that changes in a fight: plain ints and lists of ints."""

    __slots__ = ("after_used", "armour", "dealt", "escaper", "hp", "range", "shields", "tailer")

    def __init__(self, setup: Setup) -> None:
        self.hp = [list(s.hp) for s in setup.ships]
        self.shields = [0, 0]
        self.armour = [s.armour for s in setup.ships]
        self.range = setup.start
        self.tailer = setup.tailer if setup.start == TAILING else -1
        self.dealt = [0, 0]
        self.after_used = [False, False]
        self.escaper = -1


class Captain(Protocol):
    """The decisions the seed leaves to the players (RULINGS, the default captain)."""

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int: ...

    def plan(self, setup: Setup, state: State, side: int, rng: int, tailer: int
             ) -> list[tuple[int, int]]: ...

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int: ...


def quiet(*_: int) -> None:
    """The recorder of a series: nothing is kept."""


def d12(rand: Rand) -> int:
    return int(rand() * SIDES) + 1


def skill_roll(total: int, rand: Rand, inclusive: bool) -> tuple[int, int]:
    """The seed's skill roll: a d12; under the total, a second d12 added, once (R1–R3)."""
    first = d12(rand)
    second = d12(rand) if rolls_again(first, total, inclusive) else 0
    return first, second


def works(ship: Ship, hp: list[int], i: int) -> bool:
    """The seed: a damaged normal system stops; heavy, super-heavy and turret ones work until
    destroyed."""
    return hp[i] > 0 and (ship.resilient[i] or hp[i] == ship.hp[i])


def working_sum(ship: Ship, hp: list[int], kind: int) -> int:
    return sum(ship.figure[i] for i in range(len(hp)) if ship.kind[i] == kind
               and works(ship, hp, i))


def piloting_total(ship: Ship, hp: list[int]) -> int:
    return ship.piloting + working_sum(ship, hp, ENGINE)


def gunnery_bonus(ship: Ship, hp: list[int]) -> int:
    return ship.gunnery_bonus + working_sum(ship, hp, SENSOR)


def hands_at_work(ship: Ship, hp: list[int]) -> int:
    """The seed: "as many actions as they like (and have crew for)"; crew act from working
    stations' seats (C6)."""
    return min(len(ship.gunners), working_sum(ship, hp, STATION))


def bears(ship: Ship, i: int, rng: int, tailer: int, side: int) -> bool:
    """Outside tailing range every gun bears (R11, the literal reading). At tailing range the
    tailed ship fires only aft weapons and turrets (the seed), the tailer fore ones and turrets
    (R12)."""
    if ship.kind[i] != WEAPON and ship.kind[i] != MISSILE:
        return False
    if rng != TAILING or ship.turret[i]:
        return True
    return ship.facing[i] == (FORE if tailer == side else AFT)


def need(setup: Setup, side: int, gun: int, rng: int) -> int:
    """The seed's gunnery difficulty plus the target's defence; a missile's own to-hit number
    replaces the range figure (R8)."""
    ship = setup.ships[side]
    target = setup.ships[1 - side]
    base = ship.to_hit[gun] if ship.kind[gun] == MISSILE else setup.difficulty[rng]
    return base + target.defence


# --- the range step --------------------------------------------------------------------------


def move(state: State, side: int, want: int, steps: int) -> bool:
    """Move the range toward `want` by up to `steps` along tailing–short–medium–long–escaped.
    Reaching tailing makes the mover the tailer (R9); a tailed ship must first break away."""
    now = state.range
    if now == TAILING and state.tailer != side and want == TAILING:
        want = SHORT  # to turn the tables it must break the tail first
    if want == now:
        return False
    step = min(steps, abs(want - now))
    new = now + step if want > now else now - step
    state.range = new
    state.tailer = side if new == TAILING else -1
    return True


def range_step(setup: Setup, state: State, rand: Rand, rec: Recorder) -> int:
    totals = [piloting_total(setup.ships[s], state.hp[s]) for s in (0, 1)]
    results = []
    for side in (0, 1):
        first, second = skill_roll(totals[side], rand, setup.inclusive)
        rec(EV_PILOTING, side, totals[side], first, second)
        # R4: a natural 12 ranks above any result that is not one; then the higher the better
        results.append((1 if first == SIDES else 0, first + second))
    if results[0] == results[1]:
        rec(EV_ORDER, -1, 0)  # R5: nobody beat anybody, nobody moves
        rec(EV_HOLD, -1, state.range)
        return GOING
    winner = 0 if results[0] > results[1] else 1
    margin = results[winner][1] - results[1 - winner][1]
    rec(EV_ORDER, winner, margin)
    steps = 2 if margin >= setup.margin else 1
    before = state.range
    if move(state, winner, setup.captains[winner].want_range(setup, state, winner, steps),
            steps):
        rec(EV_MOVE, winner, before, state.range, state.tailer)
        mover = winner
    else:
        # R6: the next highest may move, but not against one who moved against it this turn
        rec(EV_HOLD, winner, state.range)
        loser = 1 - winner
        if move(state, loser, setup.captains[loser].want_range(setup, state, loser, 1), 1):
            rec(EV_MOVE, loser, before, state.range, state.tailer)
            mover = loser
        else:
            rec(EV_HOLD, loser, state.range)
            return GOING
    if state.range == ESCAPED:
        state.escaper = mover
        rec(EV_ESCAPED, mover)
        return NO_WINNER_ESCAPED
    return GOING


# --- damage -----------------------------------------------------------------------------------


def apply_hit(setup: Setup, state: State, attacker: int, damage: int, rec: Recorder) -> bool:
    """Shields, then outer armour, then one system; overflow to another on that side, then the
    core; more damage with the core's systems gone destroys the ship (the seed). True when the
    target is destroyed."""
    target = 1 - attacker
    ship = setup.ships[target]
    hp = state.hp[target]
    shields = min(state.shields[target], damage)
    state.shields[target] -= shields
    damage -= shields
    armour = min(state.armour[target], damage)
    state.armour[target] -= armour
    damage -= armour
    rec(EV_ABSORB, target, shields, armour)
    if damage <= 0:
        return False
    tailing = state.range == TAILING
    by_attacker = tailing or setup.ships[attacker].chooses
    chooser = setup.captains[attacker if by_attacker else target]
    side = -1  # R10: outside tailing range the chooser picks a system on any outer side
    if tailing:  # R12: the tailer's hits land aft, the tailed ship's on the tailer's fore
        side = AFT if state.tailer == attacker else FORE
    while damage > 0:
        if side == -1:
            candidates = [i for i in range(len(hp)) if hp[i] > 0 and ship.facing[i] != CORE]
        else:
            candidates = [i for i in range(len(hp)) if hp[i] > 0 and ship.facing[i] == side]
        if not candidates and side != CORE:
            side = CORE  # the seed: "If a side runs out of systems ... the 'core' facing"
            continue
        if not candidates:
            rec(EV_CORE, target, damage)
            rec(EV_DESTROYED, target)
            return True
        pick = chooser.pick(setup, state, target, candidates, damage, by_attacker)
        side = ship.facing[pick]
        was = works(ship, hp, pick)
        taken = min(hp[pick], damage)
        hp[pick] -= taken
        damage -= taken
        state.dealt[attacker] += taken
        rec(EV_SYSTEM, target, pick, taken, hp[pick], 1 if by_attacker else 0)
        if hp[pick] == 0:
            rec(EV_LOST, target, pick)
        elif was and not works(ship, hp, pick):
            rec(EV_STOPPED, target, pick)
    return False


# --- a turn -----------------------------------------------------------------------------------


def raise_shields(setup: Setup, state: State, rec: Recorder) -> None:
    """R13: shields come back each turn to what the working shield systems give (at most the
    hull's limit); outer armour never comes back."""
    for side in (0, 1):
        ship = setup.ships[side]
        state.shields[side] = min(ship.shields_max, working_sum(ship, state.hp[side], SHIELD))
        if state.shields[side]:
            rec(EV_SHIELDS, side, state.shields[side])


def shoot(setup: Setup, state: State, side: int, gun: int, total: int, rand: Rand,
          rec: Recorder) -> int:
    """One full action: a gun fires; the damage it will deal (0 for a miss)."""
    ship = setup.ships[side]
    needed = need(setup, side, gun, state.range)
    first, second = skill_roll(total, rand, setup.inclusive)
    after = 0 if state.after_used[side] else ship.after
    dealt, steps, used = shot_outcome(first, first + second, needed, ship.damage[gun],
                                      ship.sustain[gun], after)
    if used:
        state.after_used[side] = True
    rec(EV_SHOT, side, gun, total, needed, first, second, used * after, steps, dealt)
    return dealt


def action_step(setup: Setup, state: State, rand: Rand, rec: Recorder) -> int:
    """Both sides plan their turn (who fires which gun, who helps), then take full actions
    together until both have passed (the seed; R14, R16)."""
    plans = [setup.captains[s].plan(setup, state, s, state.range, state.tailer) for s in (0, 1)]
    for side in (0, 1):
        for gun, total in plans[side]:
            rec(EV_PLAN, side, gun, total)
    state.after_used = [False, False]
    place = [0, 0]
    while True:
        shots: list[tuple[int, int]] = []  # (side, damage) resolved before any lands
        for side in (0, 1):
            ship, hp, plan = setup.ships[side], state.hp[side], plans[side]
            while place[side] < len(plan) and not works(ship, hp, plan[place[side]][0]):
                place[side] += 1  # a gun stopped earlier this turn cannot fire
            if place[side] < len(plan):
                gun, total = plan[place[side]]
                place[side] += 1
                shots.append((side, shoot(setup, state, side, gun, total, rand, rec)))
        if not shots:
            rec(EV_PASS, -1)
            return GOING
        lost = [False, False]
        for side, dealt in shots:  # simultaneous: a ship lost this round still fired (R16)
            if dealt and apply_hit(setup, state, side, dealt, rec):
                lost[1 - side] = True
        if lost[0] and lost[1]:
            return NO_WINNER_MUTUAL
        if lost[0] or lost[1]:
            return B_WINS if lost[0] else A_WINS


def play_turn(setup: Setup, state: State, turn: int, rand: Rand, rec: Recorder) -> int:
    rec(EV_TURN, -1, turn)
    raise_shields(setup, state, rec)
    ended = range_step(setup, state, rand, rec)
    if ended:
        return ended
    return action_step(setup, state, rand, rec)


def play(setup: Setup, cap: int, rand: Rand, rec: Recorder = quiet
         ) -> tuple[int, int, int, int]:
    """A whole fight: (how it ended, turns played, damage dealt by A, by B); GOING after `cap`
    turns is a draw at the cap."""
    state = State(setup)
    for turn in range(1, cap + 1):
        ended = play_turn(setup, state, turn, rand, rec)
        if ended:
            return ended, turn, state.dealt[0], state.dealt[1]
    return GOING, cap, state.dealt[0], state.dealt[1]
