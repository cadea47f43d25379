"""The seed's combat, written once on the fight pattern: plain functions over numbers.

The same functions play a narrated duel (as Python, on lists) and every fight of a series
(compiled by Numba, on int64 arrays): dice come from the one stream (`die`), what happens is told
through `emit`, and each decision the seed leaves to the players is the default captain's rule
function below, offered to a user's own captain through `ask` (captain.py adapts it). Every rule
here is a sentence of the seed or a numbered ruling in catalogs/d12-facings/RULINGS.md.

A fight's numbers (`Fight`, built by setup.py) are one array `f`, copied once a fight (once a
chunk in a series): what changes at its head, then the fixed columns; `Params` (ints) says where
each sits. Systems are numbered across both ships, side A's first: system `g` is
`side * p.n + i`.
"""

from __future__ import annotations

from typing import NamedTuple

from shipyard.api import Recorder, ask, derive_seed, die, emit, seed_stream, store

SIDES = 12
TOTALS = SIDES + 1  # a to-hit total above 12 rolls again on every first die, as 12 does

# ranges (the seed's ladder), facings, kinds
TAILING, SHORT, MEDIUM, LONG, ESCAPED = 0, 1, 2, 3, 4
FORE, AFT, PORT, STARBOARD, CORE = 0, 1, 2, 3, 4
WEAPON, MISSILE, SHIELD, ARMOUR, ENGINE, SENSOR, STATION = 0, 1, 2, 3, 4, 5, 6
NONE = -1  # a padding system: no hit points, no facing, no kind

# what the rules tell the narrator (code, side, then the numbers listed); systems by their index
# on their own ship
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

# what the rules ask a captain (facts: f, then the numbers listed)
Q_RANGE = 1  # steps -> the range it wants
Q_PLAN = 2  # range, tailer -> how many plan rows (written in f)
Q_PICK = 3  # target, candidates (in f), damage, attacker chooses -> the system hit first

# how a fight ends (GOING: the turn did not end it)
GOING, A_WINS, B_WINS, A_ESCAPES, B_ESCAPES, BOTH_LOST, CAPPED = 0, 1, 2, 3, 4, 5, 6

# f, a fight's numbers in one array: these scalars first, then (from HP) every system's hit
# points, then the offsets Params names: `spent` (systems a what-if hit has used up), `fire` (a
# to-hit total for each gun, `assign`), `plans` (each side's plan rows: n guns, n totals),
# `cands` (the systems a hit may land on), and the fixed columns
S_RANGE, S_TAILER, S_STAMP = 0, 1, 2
S_SHIELDS, S_ARMOUR, S_DEALT, S_AFTER, S_PLACE, S_PLANNED = 3, 5, 7, 9, 11, 13  # + side
# what a ship's working systems give, kept until a hit stops one (`refresh`): + side
S_PILOTING, S_BONUS, S_CREW, S_GENERATORS = 15, 17, 19, 21
S_VALUE = 23  # + side * 5 + role: the captain's turn values + 1 (0: not known), `turn_value`
HP = 33

LOST_SHIP = 1_000_000  # what the captain weighs losing the ship: more than any system
NO_GUN, IDLE = -2, -1  # f[fire + g] for a system that cannot fire, a gun nobody fires (yet)


class Params(NamedTuple):
    """Where a fight's numbers sit in its array `f`: scalars (S_*), the changing regions, then
    the fixed columns, each at the offset named here (all ints: a compiled call passes one
    array, `f`, and these). Per-system columns hold both ships, `n` systems each (padded):
    system `g` is `side * n + i`."""

    n: int
    crew: int  # gunners a side (padded)
    margin: int  # beat by this much: two steps
    inclusive: int  # --rule under=inclusive (R2)
    cap: int
    size: int  # of what changes in a fight: f[:size] starts afresh each fight
    spent: int
    fire: int
    plans: int
    cands: int
    # the fixed columns: per system
    facing: int
    kind: int
    resilient: int  # heavy, super-heavy or turret: works until destroyed
    turret: int
    hp: int  # full hit points
    damage: int
    sustain: int  # 0: no sustain (missiles, R8)
    to_hit: int  # a missile's own figure; 0 for guns
    figure: int  # shields, piloting, gunnery or seats, by kind
    value: int  # catalog points: what the captain weighs losing
    worth: int  # expected damage × 144 of one shot: (g * 4 + range) * TOTALS + total
    guns: int  # each side's weapons and missiles: side * n + k, `gun_count` of them
    sides: int  # the systems on each facing: (side * 5 + facing) * n + k, `side_count`
    # per side
    gun_count: int
    side_count: int  # side * 5 + facing
    defence: int
    piloting: int  # best pilot + hull handling + edges; working engines add
    gunnery_bonus: int  # edges; working sensors add
    shields_max: int
    after: int  # an after-roll gunnery edge's figure, once a turn (0: none)
    chooses: int  # an attacker-chooses edge
    hands: int  # crew aboard
    gunners: int  # every hand's gunnery, best first: side * crew + k
    difficulty: int  # tailing, short, medium, long


class Fight(NamedTuple):
    """A fight's numbers (Prepared.state): where they sit, and `f` as a fight begins."""

    p: Params
    data: list[int]


# --- dice and the shot ------------------------------------------------------------------------


def d12(rng: list[int]) -> int:
    return die(rng, SIDES)


def rolls_again(first: int, total: int, inclusive: int) -> bool:
    """The seed: "If it's under this total then roll again and add" (R1, R2): read on the
    first die only, never after a natural 12 (it already succeeds), once (R3)."""
    if first == SIDES:
        return False
    if inclusive:
        return first <= total
    return first < total


def skill_roll(rng: list[int], total: int, inclusive: int) -> tuple[int, int]:
    """The seed's skill roll: a d12; under the total, a second d12 added, once (R1–R3)."""
    first = d12(rng)
    second = d12(rng) if rolls_again(first, total, inclusive) else 0
    return first, second


def shot_outcome(first: int, result: int, need: int, damage: int, sustain: int,
                 after: int) -> tuple[int, int, int]:
    """(damage dealt, sustain steps, after-roll used 0/1) of one shot whose dice are known.

    The seed: natural 1 misses, natural 12 hits (R3), else the result must reach `need`;
    after the shot, an edge's `after` figure, then sustain: each step +1 for `sustain` damage,
    never down to nothing (R7), and not at all for a missile (sustain 0, R8)."""
    if first == 1:
        return 0, 0, 0
    if first == SIDES or result >= need:
        return damage, 0, 0
    used = 0
    if after:  # the default captain spends it on the first shot of a turn that falls short
        result += after
        used = 1
        if result >= need:
            return damage, 0, used
    steps = need - result
    if sustain > 0 and damage - steps * sustain >= 1:
        return damage - steps * sustain, steps, used
    return 0, 0, used


# --- what a ship can do -----------------------------------------------------------------------
# The small functions here are branch-free on purpose: compiled, a function with branches keeps a
# reference count on its arguments, a cost that dwarfs what it computes.


def works(p: Params, f: list[int], g: int, h: int) -> bool:
    """Whether system g with h hit points works. The seed: a damaged normal system stops;
    heavy, super-heavy and turret ones work until destroyed."""
    return (h > 0) & ((f[p.resilient + g] != 0) | (h == f[p.hp + g]))


def refresh(p: Params, f: list[int], side: int) -> None:
    """What side's working systems give, when a hit stops one (or as the fight begins): engines
    add to piloting, sensors to gunnery, stations seat crew (C5, R14: "as many actions as
    they like (and have crew for)"), shield systems raise shields (R13). The captain's turn
    values are worked out afresh."""
    engines, sensors, seats, generators = 0, 0, 0, 0
    for g in range(side * p.n, side * p.n + p.n):
        if works(p, f, g, f[HP + g]):
            kind = f[p.kind + g]
            figure = f[p.figure + g]
            engines += figure * (kind == ENGINE)
            sensors += figure * (kind == SENSOR)
            seats += figure * (kind == STATION)
            generators += figure * (kind == SHIELD)
    f[S_PILOTING + side] = f[p.piloting + side] + engines
    f[S_BONUS + side] = f[p.gunnery_bonus + side] + sensors
    f[S_CREW + side] = min(f[p.hands + side], seats)
    f[S_GENERATORS + side] = min(f[p.shields_max + side], generators)
    for role in range(5):
        f[S_VALUE + side * 5 + role] = 0


def bears(p: Params, f: list[int], g: int, rng: int, tailer: int, side: int) -> bool:
    """Outside tailing range every gun bears (R11, the literal reading). At tailing range the
    tailed ship fires only aft weapons and turrets (the seed), the tailer fore ones and turrets
    (R12)."""
    arc = FORE + (AFT - FORE) * (tailer != side)
    return ((f[p.kind + g] == WEAPON) | (f[p.kind + g] == MISSILE)) & (
        (rng != TAILING) | (f[p.turret + g] != 0) | (f[p.facing + g] == arc))


def need(p: Params, f: list[int], side: int, g: int, rng: int) -> int:
    """The seed's gunnery difficulty plus the target's defence; a missile's own to-hit number
    replaces the range figure (R8)."""
    missile = f[p.kind + g] == MISSILE
    return (missile * f[p.to_hit + g] + (1 - missile) * f[p.difficulty + rng]
            + f[p.defence + 1 - side])


def worth(p: Params, f: list[int], g: int, rng: int, total: int) -> int:
    """Expected damage × 144 of gun g fired at `rng` with a to-hit total (setup.py's table)."""
    return f[p.worth + (g * 4 + rng) * TOTALS + max(0, min(total, SIDES))]


# --- the default captain (RULINGS, "The default captain and defender") ------------------------


def assign(p: Params, f: list[int], side: int, rng: int, tailer: int) -> None:
    """Each hand at work, best gunner first, fires a gun that bears or helps one already
    firing, whichever adds more expected damage: f[fire + g] becomes gun g's to-hit total
    (IDLE: nobody fires it; NO_GUN: it cannot)."""
    guns = p.guns + side * p.n
    bonus = f[S_BONUS + side]
    for k in range(f[p.gun_count + side]):
        g = f[guns + k]
        f[p.fire + g] = IDLE if works(p, f, g, f[HP + g]) & bears(p, f, g, rng, tailer,
                                                              side) else NO_GUN
    for hand in range(f[S_CREW + side]):
        skill = f[p.gunners + side * p.crew + hand]
        best, choice = 0, -1
        for k in range(f[p.gun_count + side]):
            g = f[guns + k]
            now = f[p.fire + g]
            if now == NO_GUN:
                continue
            if now == IDLE:
                gain = worth(p, f, g, rng, skill + bonus)
            else:
                gain = worth(p, f, g, rng, now + skill) - worth(p, f, g, rng, now)
            if gain > best:
                best, choice = gain, g
        if choice < 0:
            return
        now = f[p.fire + choice]
        f[p.fire + choice] = (bonus if now == IDLE else now) + skill


def plan(p: Params, f: list[int], side: int, rng: int, tailer: int) -> int:
    """The turn's plan into side's plan rows (gun, to-hit total), in order of expected damage
    (the lower gun first on a tie); how many guns fire."""
    assign(p, f, side, rng, tailer)
    rows = p.plans + side * 2 * p.n
    count = 0
    for k in range(f[p.gun_count + side]):
        g = f[p.guns + side * p.n + k]
        total = f[p.fire + g]
        if total < 0:
            continue
        mine = worth(p, f, g, rng, total)
        at = count
        while at > 0 and worth(p, f, f[rows + at - 1], rng, f[rows + p.n + at - 1]) < mine:
            f[rows + at] = f[rows + at - 1]
            f[rows + p.n + at] = f[rows + p.n + at - 1]
            at -= 1
        f[rows + at] = g
        f[rows + p.n + at] = total
        count += 1
    return count


def turn_value(p: Params, f: list[int], side: int, rng: int, tailer: int) -> int:
    """Side's expected damage × 144 in a turn at `rng` under its plan (kept until a hit stops
    one of its systems: it depends on nothing else)."""
    role = rng if rng != TAILING else (0 if tailer == side else 4)
    known = S_VALUE + side * 5 + role
    if f[known]:
        return f[known] - 1
    assign(p, f, side, rng, tailer)
    total = 0
    for k in range(f[p.gun_count + side]):
        g = f[p.guns + side * p.n + k]
        if f[p.fire + g] >= 0:
            total += worth(p, f, g, rng, f[p.fire + g])
    f[known] = total + 1
    return total


def want_range(p: Params, f: list[int], side: int, steps: int) -> int:
    """Of the ranges it can reach this turn (tailing only as the tailer, a tailed ship breaking
    away first), the best for its expected damage a turn minus the enemy's; it holds on a tie,
    else moves the shortest way; it runs when nothing aboard can hurt the enemy."""
    now = f[S_RANGE]
    hurts = False
    for rng in range(TAILING, LONG + 1):
        if turn_value(p, f, side, rng, side) > 0:
            hurts = True
            break
    if not hurts:
        return min(ESCAPED, now + steps)
    tailed = now == TAILING and f[S_TAILER] != side
    held = -1 if tailed else now
    low = SHORT if tailed else max(TAILING, now - steps)
    high = min(ESCAPED, steps) if tailed else min(ESCAPED, now + steps)
    choice = now
    best = (0, 0, 0)
    for rng in range(low, high + 1):
        if rng == ESCAPED:
            continue
        score = turn_value(p, f, side, rng, side) - turn_value(p, f, 1 - side, rng, side)
        key = (score, 1 if rng == held else 0, -abs(rng - now))
        if rng == low or key > best:
            best, choice = key, rng
    return choice


def weigh(p: Params, f: list[int], g: int, h: int, damage: int, attacker: bool
          ) -> tuple[int, int, int]:
    """How system g with h hit points takes a hit, for a chooser that looks no further, as a
    key it wants largest: the attacker would rather stop the dearest working system, the
    defender would rather feed a stopped one, or one that survives the hit still working,
    then the cheapest, then the one with most hit points."""
    stops = works(p, f, g, h) & ((f[p.resilient + g] == 0) | (h <= damage))
    value = f[p.value + g]
    on = 1 * works(p, f, g, h)
    sign = 2 * attacker - 1
    return (sign * value * stops, sign * on * (attacker + (1 - attacker) * value), -sign * h)


def next_pick(p: Params, f: list[int], side: int, facing: int, damage: int,
              attacker: bool) -> int:
    """Where an overflow goes on `facing` by `weigh` alone, of the systems a what-if hit has
    not used up (-1: nothing left there); the attacker takes the last of equals, the defender
    the first."""
    found = -1
    best = (0, 0, 0)
    on = p.sides + (side * 5 + facing) * p.n
    for k in range(f[p.side_count + side * 5 + facing]):
        g = f[on + k]
        h = f[HP + g]
        if h > 0 and f[p.spent + g] != f[S_STAMP]:
            key = weigh(p, f, g, h, damage, attacker)
            if found < 0 or key > best or (attacker and key == best):
                found, best = g, key
    return found


def consequence(p: Params, f: list[int], side: int, first: int, damage: int,
                attacker: bool) -> int:
    """The points of systems a hit stops (LOST_SHIP if it destroys the ship) when it starts on
    `first` and overflows as the seed says, each later pick made by `weigh`. Every system but
    the last is used up, so the what-if needs only a mark on those (`spent`, stamped)."""
    f[S_STAMP] += 1
    facing = f[p.facing + first]
    g = first
    lost = 0
    while True:
        h = f[HP + g]
        taken = min(h, damage)
        damage -= taken
        if works(p, f, g, h) and not works(p, f, g, h - taken):
            lost += f[p.value + g]
        if damage <= 0:
            return lost
        f[p.spent + g] = f[S_STAMP]
        g = next_pick(p, f, side, facing, damage, attacker)
        if g < 0 and facing != CORE:
            facing = CORE
            g = next_pick(p, f, side, facing, damage, attacker)
        if g < 0:
            return LOST_SHIP


def pick(p: Params, f: list[int], side: int, count: int, damage: int, attacker: bool) -> int:
    """Where a hit's damage goes first, of the `count` candidates in f: the whole hit,
    overflow included, is weighed; the defender loses the fewest points of working systems,
    the attacker stops the most; then as `weigh`, then the lowest system."""
    found = -1
    best = (0, 0, 0, 0, 0)
    sign = 2 * attacker - 1
    for k in range(count):
        g = f[p.cands + k]
        a, b, c = weigh(p, f, g, f[HP + g], damage, attacker)
        # no loss is below 0 nor above the ship: a start that could not win even so is
        # not worth the what-if
        if found >= 0 and (attacker * LOST_SHIP, a, b, c, -g) < best:
            continue
        key = (sign * consequence(p, f, side, g, damage, attacker), a, b, c, -g)
        if found < 0 or key > best:
            found, best = g, key
    return found


# --- the range step ---------------------------------------------------------------------------


def move(f: list[int], side: int, want: int, steps: int) -> bool:
    """Move the range toward `want` by up to `steps` along tailing–short–medium–long–escaped.
    Reaching tailing makes the mover the tailer (R9); a tailed ship must first break away."""
    now = f[S_RANGE]
    if now == TAILING and f[S_TAILER] != side and want == TAILING:
        want = SHORT  # to turn the tables it must break the tail first
    if want == now:
        return False
    step = min(steps, abs(want - now))
    new = now + step if want > now else now - step
    f[S_RANGE] = new
    f[S_TAILER] = side if new == TAILING else -1
    return True


def wish(p: Params, f: list[int], side: int, steps: int, rec: Recorder | None) -> int:
    return ask(rec, side, Q_RANGE, (f, steps), want_range(p, f, side, steps))


def range_step(p: Params, f: list[int], rng: list[int], rec: Recorder | None) -> int:
    total_a, total_b = f[S_PILOTING], f[S_PILOTING + 1]
    first_a, second_a = skill_roll(rng, total_a, p.inclusive)
    emit(rec, (EV_PILOTING, 0, total_a, first_a, second_a))
    first_b, second_b = skill_roll(rng, total_b, p.inclusive)
    emit(rec, (EV_PILOTING, 1, total_b, first_b, second_b))
    # R4: a natural 12 ranks above any result that is not one; then the higher the better
    a = (1 if first_a == SIDES else 0, first_a + second_a)
    b = (1 if first_b == SIDES else 0, first_b + second_b)
    if a == b:
        emit(rec, (EV_ORDER, -1, 0))  # R5: nobody beat anybody, nobody moves
        emit(rec, (EV_HOLD, -1, f[S_RANGE]))
        return GOING
    winner = 0 if a > b else 1
    margin = a[1] - b[1] if winner == 0 else b[1] - a[1]
    emit(rec, (EV_ORDER, winner, margin))
    steps = 2 if margin >= p.margin else 1
    before = f[S_RANGE]
    mover = winner
    if move(f, winner, wish(p, f, winner, steps, rec), steps):
        emit(rec, (EV_MOVE, winner, before, f[S_RANGE], f[S_TAILER]))
    else:
        # R6: the next highest may move, but not against one who moved against it this turn
        emit(rec, (EV_HOLD, winner, f[S_RANGE]))
        mover = 1 - winner
        if not move(f, mover, wish(p, f, mover, 1, rec), 1):
            emit(rec, (EV_HOLD, mover, f[S_RANGE]))
            return GOING
        emit(rec, (EV_MOVE, mover, before, f[S_RANGE], f[S_TAILER]))
    if f[S_RANGE] == ESCAPED:
        emit(rec, (EV_ESCAPED, mover))
        return A_ESCAPES + mover  # R17
    return GOING


# --- damage -----------------------------------------------------------------------------------


def candidates(p: Params, f: list[int], side: int, facing: int) -> int:
    """Side's systems with hit points on `facing` (-1: any outer side) into f; how many."""
    count = 0
    for g in range(side * p.n, side * p.n + p.n):
        on = f[p.facing + g]
        if f[HP + g] > 0 and (on == facing if facing >= 0 else on != CORE):
            f[p.cands + count] = g
            count += 1
    return count


def apply_hit(p: Params, f: list[int], attacker: int, damage: int, rec: Recorder | None) -> bool:
    """Shields, then outer armour, then one system; overflow to another on that side, then the
    core; more damage with the core's systems gone destroys the ship (the seed). True when the
    target is destroyed."""
    target = 1 - attacker
    shields = min(f[S_SHIELDS + target], damage)
    f[S_SHIELDS + target] -= shields
    damage -= shields
    armour = min(f[S_ARMOUR + target], damage)
    f[S_ARMOUR + target] -= armour
    damage -= armour
    emit(rec, (EV_ABSORB, target, shields, armour))
    if damage <= 0:
        return False
    tailing = f[S_RANGE] == TAILING
    by_attacker = tailing or f[p.chooses + attacker] != 0
    chooser = attacker if by_attacker else target
    facing = -1  # R10: outside tailing range the chooser picks a system on any outer side
    if tailing:  # R12: the tailer's hits land aft, the tailed ship's on the tailer's fore
        facing = AFT if f[S_TAILER] == attacker else FORE
    base = target * p.n
    stopped = False
    while damage > 0:
        count = candidates(p, f, target, facing)
        if count == 0 and facing != CORE:
            facing = CORE  # the seed: "If a side runs out of systems ... the 'core' facing"
            continue
        if count == 0:
            emit(rec, (EV_CORE, target, damage))
            emit(rec, (EV_DESTROYED, target))
            return True
        chosen = pick(p, f, target, count, damage, by_attacker)
        g = base + ask(rec, chooser, Q_PICK, (f, target, count, damage, 1 if by_attacker else 0),
                       chosen - base)
        facing = f[p.facing + g]
        h = f[HP + g]
        taken = min(h, damage)
        f[HP + g] = h - taken
        damage -= taken
        f[S_DEALT + attacker] += taken
        emit(rec, (EV_SYSTEM, target, g - base, taken, h - taken, 1 if by_attacker else 0))
        stops = works(p, f, g, h) and not works(p, f, g, h - taken)
        stopped = stopped or stops
        if h == taken:
            emit(rec, (EV_LOST, target, g - base))
        elif stops:
            emit(rec, (EV_STOPPED, target, g - base))
    if stopped:  # what the ship can do hangs on which systems work, not on their hit points
        refresh(p, f, target)
    return False


# --- a turn -----------------------------------------------------------------------------------


def raise_shields(p: Params, f: list[int], rec: Recorder | None) -> None:
    """R13: shields come back each turn to what the working shield systems give (at most the
    hull's limit); outer armour never comes back."""
    for side in range(2):
        f[S_SHIELDS + side] = f[S_GENERATORS + side]
        if f[S_SHIELDS + side]:
            emit(rec, (EV_SHIELDS, side, f[S_SHIELDS + side]))


def shoot(p: Params, f: list[int], side: int, g: int, total: int, rng: list[int],
          rec: Recorder | None) -> int:
    """One full action: a gun fires; the damage it will deal (0 for a miss)."""
    needed = need(p, f, side, g, f[S_RANGE])
    first, second = skill_roll(rng, total, p.inclusive)
    after = 0 if f[S_AFTER + side] else f[p.after + side]
    dealt, steps, used = shot_outcome(first, first + second, needed, f[p.damage + g],
                                      f[p.sustain + g], after)
    if used:
        f[S_AFTER + side] = 1
    emit(rec, (EV_SHOT, side, g - side * p.n, total, needed, first, second, used * after,
               steps, dealt))
    return dealt


def next_shot(p: Params, f: list[int], side: int, rng: list[int], rec: Recorder | None) -> int:
    """Side's next planned gun fires (a gun stopped earlier this turn passes): the damage it
    will deal, or -1 when side has nothing left to fire this turn."""
    guns = p.plans + side * 2 * p.n
    place = f[S_PLACE + side]
    while place < f[S_PLANNED + side] and not works(p, f, f[guns + place],
                                                    f[HP + f[guns + place]]):
        place += 1
    if place == f[S_PLANNED + side]:
        f[S_PLACE + side] = place
        return -1
    f[S_PLACE + side] = place + 1
    return shoot(p, f, side, f[guns + place], f[guns + p.n + place], rng, rec)


def action_step(p: Params, f: list[int], rng: list[int], rec: Recorder | None) -> int:
    """Both sides plan their turn (who fires which gun, who helps), then take full actions
    together until both have passed (the seed; R14, R16)."""
    for side in range(2):
        count = plan(p, f, side, f[S_RANGE], f[S_TAILER])
        count = ask(rec, side, Q_PLAN, (f, f[S_RANGE], f[S_TAILER]), count)
        f[S_PLANNED + side] = count
        f[S_PLACE + side] = 0
        f[S_AFTER + side] = 0
        guns = p.plans + side * 2 * p.n
        for k in range(count):
            emit(rec, (EV_PLAN, side, f[guns + k] - side * p.n, f[guns + p.n + k]))
    while True:
        dealt_a = next_shot(p, f, 0, rng, rec)
        dealt_b = next_shot(p, f, 1, rng, rec)
        if dealt_a < 0 and dealt_b < 0:
            emit(rec, (EV_PASS, -1))
            return GOING
        # simultaneous: both shots are rolled before either lands (R16)
        lost_b = dealt_a > 0 and apply_hit(p, f, 0, dealt_a, rec)
        lost_a = dealt_b > 0 and apply_hit(p, f, 1, dealt_b, rec)
        if lost_a and lost_b:
            return BOTH_LOST
        if lost_a:
            return B_WINS
        if lost_b:
            return A_WINS


def play_turn(p: Params, f: list[int], turn: int, rng: list[int], rec: Recorder | None) -> int:
    emit(rec, (EV_TURN, -1, turn))
    raise_shields(p, f, rec)
    ended = range_step(p, f, rng, rec)
    if ended != GOING:
        return ended
    return action_step(p, f, rng, rec)


def begin(fight: Fight) -> list[int]:
    """A fight's numbers as it begins."""
    f = fight.data.copy()
    restart(fight, f)
    return f


def restart(fight: Fight, f: list[int]) -> None:
    """f as the fight begins again (the fixed columns stay)."""
    for i in range(fight.p.size):
        f[i] = fight.data[i]
    refresh(fight.p, f, 0)
    refresh(fight.p, f, 1)


def play_on(p: Params, f: list[int], rng: list[int], rec: Recorder | None
            ) -> tuple[int, int, int, int]:
    """A whole fight: (how it ended, turns played, damage dealt by A, by B); after `cap`
    turns it is a draw at the cap (R20)."""
    for turn in range(1, p.cap + 1):
        ended = play_turn(p, f, turn, rng, rec)
        if ended != GOING:
            return ended, turn, f[S_DEALT], f[S_DEALT + 1]
    return CAPPED, p.cap, f[S_DEALT], f[S_DEALT + 1]


def play(fight: Fight, rng: list[int], rec: Recorder | None) -> tuple[int, int, int, int]:
    return play_on(fight.p, begin(fight), rng, rec)


def fights(fight: Fight, seed: int, first: int, count: int, rng: list[int], out: object
           ) -> None:
    f = begin(fight)  # once a chunk: each fight starts afresh from f[:size]
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        restart(fight, f)
        end, rounds, dealt_a, dealt_b = play_on(fight.p, f, rng, None)
        store(out, k, end, rounds, dealt_a, dealt_b, rng)
