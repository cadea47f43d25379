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
EV_REPLAN = 17  # rows: the side plans again (R16), its rows follow as EV_PLAN

# what the rules ask a captain (facts: f, then the numbers listed)
Q_RANGE = 1  # steps -> the range it wants
Q_PLAN = 2  # range, tailer -> how many plan rows (written in f), asked after each exchange
Q_PICK = 3  # target, candidates (in f), damage, attacker chooses -> the system hit first

# how a fight ends (GOING: the turn did not end it)
GOING, A_WINS, B_WINS, A_ESCAPES, B_ESCAPES, BOTH_LOST, CAPPED = 0, 1, 2, 3, 4, 5, 6

# f, a fight's numbers in one array: these scalars first, then (from HP) every system's hit
# points, then the offsets Params names: `saved` (the systems a what-if hit touched and their
# hit points, to undo it), `fire` (a to-hit total for each gun, `assign`), `plans` (each
# side's plan rows: n guns, n totals), `was` (the rows a side had before it planned again),
# `cands` (the systems a hit may land on), `fired` (guns fired this turn), `hand_gun` (the gun
# each hand serves in the side's plan, -1 none), `spent` (hands that have acted this turn),
# `loses` (what a side has left when system g alone stops, kept: `serving_left`), and the
# fixed columns
S_RANGE, S_TAILER, S_LEG = 0, 1, 2  # S_LEG 1: the winner held, the loser is asked (R6)
S_SHIELDS, S_ARMOUR, S_DEALT, S_AFTER, S_USED, S_PLANNED = 3, 5, 7, 9, 11, 13  # + side
# what a ship's working systems give, kept until a hit stops one (`refresh`): + side
S_PILOTING, S_BONUS, S_CREW, S_GENERATORS = 15, 17, 19, 21
S_VALUE = 23  # + side * 5 + role: the captain's turn values + 1 (0: not known), `turn_value`
S_DIRTY = 33  # + side: a system of the side stopped since it last planned (R16)
HP = 35

LOST = 1 << 40  # below any range score: what the enemy's escape is worth to the captain (R17)
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
    free_tailer: int  # --rule tailer=free (R12)
    cap: int
    size: int  # of what changes in a fight: f[:size] starts afresh each fight
    saved: int
    fire: int
    plans: int
    was: int
    cands: int
    fired: int
    hand_gun: int
    spent: int
    loses: int
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
    value: int  # catalog points: the last thing the captain weighs losing
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
    never down to nothing (R7), and not at all for a missile (sustain 0, R8). The default
    captain spends the edge only on a shot it turns into a hit, alone or with sustain: never
    on one that misses anyway."""
    if first == 1:
        return 0, 0, 0
    if first == SIDES or result >= need:
        return damage, 0, 0
    if after and result + after >= need:
        return damage, 0, 1
    if after and sustain > 0 and damage - (need - result - after) * sustain >= 1:
        steps = need - result - after
        return damage - steps * sustain, steps, 1
    steps = need - result
    if sustain > 0 and damage - steps * sustain >= 1:
        return damage - steps * sustain, steps, 0
    return 0, 0, 0


# --- what a ship can do -----------------------------------------------------------------------
# The small functions here are branch-free on purpose: compiled, a function with branches keeps a
# reference count on its arguments, a cost that dwarfs what it computes.


def works(p: Params, f: list[int], g: int, h: int) -> bool:
    """Whether system g with h hit points works. The seed: a damaged normal system stops;
    heavy, super-heavy and turret ones work until destroyed."""
    return (h > 0) & ((f[p.resilient + g] != 0) | (h == f[p.hp + g]))


def gives(p: Params, f: list[int], side: int) -> tuple[int, int, int, int]:
    """(engines' piloting, sensors' gunnery, seats, shield points) of side's working systems."""
    engines, sensors, seats, generators = 0, 0, 0, 0
    for g in range(side * p.n, side * p.n + p.n):
        if works(p, f, g, f[HP + g]):
            kind = f[p.kind + g]
            figure = f[p.figure + g]
            engines += figure * (kind == ENGINE)
            sensors += figure * (kind == SENSOR)
            seats += figure * (kind == STATION)
            generators += figure * (kind == SHIELD)
    return engines, sensors, seats, generators


def refresh(p: Params, f: list[int], side: int) -> None:
    """What side's working systems give, when a hit stops one (or as the fight begins): engines
    add to piloting, sensors to gunnery, stations seat crew (C5, R14: "as many actions as
    they like (and have crew for)"), shield systems raise shields (R13). The captain's turn
    values are worked out afresh, and the side plans again before its next shot (R16)."""
    engines, sensors, seats, generators = gives(p, f, side)
    f[S_PILOTING + side] = f[p.piloting + side] + engines
    f[S_BONUS + side] = f[p.gunnery_bonus + side] + sensors
    f[S_CREW + side] = min(f[p.hands + side], seats)
    f[S_GENERATORS + side] = min(f[p.shields_max + side], generators)
    f[S_DIRTY + side] = 1
    forget(p, f, side)


def forget(p: Params, f: list[int], side: int) -> None:
    """Side's kept values (`turn_value`, `loses`): what its systems give has changed, or the
    range has."""
    for role in range(5):
        f[S_VALUE + side * 5 + role] = 0
    for g in range(side * p.n, side * p.n + p.n):
        f[p.loses + g] = 0


def bears(p: Params, f: list[int], g: int, rng: int, tailer: int, side: int) -> bool:
    """Outside tailing range every gun bears (R11, the literal reading). At tailing range the
    tailed ship fires only aft weapons and turrets (the seed), the tailer fore ones and turrets
    (R12, house; every gun under --rule tailer=free)."""
    arc = FORE + (AFT - FORE) * (tailer != side)
    free = (p.free_tailer != 0) & (tailer == side)
    return ((f[p.kind + g] == WEAPON) | (f[p.kind + g] == MISSILE)) & (
        (rng != TAILING) | free | (f[p.turret + g] != 0) | (f[p.facing + g] == arc))


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


def assign(p: Params, f: list[int], side: int, rng: int, tailer: int, fresh: bool) -> None:
    """Each hand at work, best gunner first, fires a gun that bears or helps one already
    firing, whichever adds more expected damage: f[fire + g] becomes gun g's to-hit total
    (IDLE: nobody fires it; NO_GUN: it cannot). `fresh`: a whole turn, every seated hand and
    working gun; else what is left of this one (guns not fired, hands who have not acted, the
    seats they have left), and each hand's gun is written down (`hand_gun`)."""
    guns = p.guns + side * p.n
    bonus = f[S_BONUS + side]
    for k in range(f[p.gun_count + side]):
        g = f[guns + k]
        free = fresh | (f[p.fired + g] == 0)
        f[p.fire + g] = IDLE if free & works(p, f, g, f[HP + g]) & bears(
            p, f, g, rng, tailer, side) else NO_GUN
    crew = side * p.crew
    seats = f[S_CREW + side] - (0 if fresh else f[S_USED + side])
    if not fresh:
        for hand in range(p.crew):
            f[p.hand_gun + crew + hand] = -1
    for hand in range(f[p.hands + side]):
        if seats <= 0:
            return
        if not fresh and f[p.spent + crew + hand]:
            continue
        seats -= 1
        skill = f[p.gunners + crew + hand]
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
        if not fresh:
            f[p.hand_gun + crew + hand] = choice


def plan(p: Params, f: list[int], side: int, rng: int, tailer: int) -> int:
    """The rest of the turn's plan into side's plan rows (gun, to-hit total), in order of
    expected damage (the lower gun first on a tie); how many guns fire."""
    assign(p, f, side, rng, tailer, False)
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


def output(p: Params, f: list[int], side: int, rng: int, tailer: int) -> int:
    """Side's expected damage × 144 in a whole turn at `rng`, every seated hand at work."""
    assign(p, f, side, rng, tailer, True)
    total = 0
    for k in range(f[p.gun_count + side]):
        g = f[p.guns + side * p.n + k]
        if f[p.fire + g] >= 0:
            total += worth(p, f, g, rng, f[p.fire + g])
    return total


def turn_value(p: Params, f: list[int], side: int, rng: int, tailer: int) -> int:
    """`output`, kept until a hit stops one of side's systems: it depends on nothing else."""
    role = rng if rng != TAILING else (0 if tailer == side else 4)
    known = S_VALUE + side * 5 + role
    if f[known]:
        return f[known] - 1
    total = output(p, f, side, rng, tailer)
    f[known] = total + 1
    return total


def harmless(p: Params, f: list[int], side: int) -> bool:
    """Nothing aboard can hurt the enemy, at any range: nobody seated, or no gun working (a
    natural 12 always hits, so any working gun with a hand to fire it can; at short range
    every gun bears)."""
    guns = 0
    for k in range(f[p.gun_count + side]):
        g = f[p.guns + side * p.n + k]
        guns += 1 * works(p, f, g, f[HP + g])
    return (f[S_CREW + side] == 0) | (guns == 0)


def score(p: Params, f: list[int], side: int, rng: int, tailer: int) -> int:
    """The captain's range score: its expected damage a turn at `rng` minus the enemy's."""
    return turn_value(p, f, side, rng, tailer) - turn_value(p, f, 1 - side, rng, tailer)


def reach(f: list[int], side: int, want: int, steps: int) -> tuple[int, int]:
    """(range, tailer) after side moves toward `want` by up to `steps` along
    tailing–short–medium–long–escaped. Reaching tailing makes the mover the tailer (R9); a
    tailed ship that wants tailing holds (the seed: "can increase or decrease"), and can
    tail in turn only after breaking away."""
    now = f[S_RANGE]
    if want == now:
        return now, f[S_TAILER]
    step = min(steps, abs(want - now))
    new = now + step if want > now else now - step
    return new, (side if new == TAILING else -1)


def choose(p: Params, f: list[int], side: int, steps: int, hold: int) -> int:
    """Of the ranges side can reach this turn, the best by its range score, holding worth
    `hold`: it holds on a tie, else moves the shortest way. Escaped is never chosen here."""
    now = f[S_RANGE]
    tailed = now == TAILING and f[S_TAILER] != side
    low = SHORT if tailed else max(TAILING, now - steps)
    choice = now
    best = (hold, 1, 0)
    for rng in range(low, min(LONG, now + steps) + 1):
        if rng == now:
            continue
        key = (score(p, f, side, rng, side if rng == TAILING else -1), 0, -abs(rng - now))
        if key > best:
            best, choice = key, rng
    return choice


def want_range(p: Params, f: list[int], side: int, steps: int) -> int:
    """The range the captain wants: it runs when nothing aboard can hurt the enemy; else
    `choose`. The winner of the range step weighs holding by where the loser would then move
    (R6, by these same rules): it moves whenever that would score worse for it, and the
    enemy's escape is worse than any range it can fight at (R17)."""
    now = f[S_RANGE]
    if harmless(p, f, side):
        return min(ESCAPED, now + steps)
    hold = score(p, f, side, now, f[S_TAILER])
    if not f[S_LEG]:
        other = 1 - side
        if harmless(p, f, other):
            where = min(ESCAPED, now + 1)
            tailer = -1
        else:
            where, tailer = reach(f, other, choose(p, f, other, 1, score(
                p, f, other, now, f[S_TAILER])), 1)
        if where == ESCAPED:
            hold = -LOST
        elif where != now or tailer != f[S_TAILER]:
            hold = score(p, f, side, where, tailer)
    return choose(p, f, side, steps, hold)


def weigh(p: Params, f: list[int], g: int, h: int, damage: int, attacker: bool
          ) -> tuple[int, int, int, int]:
    """How system g with h hit points takes a hit, for a chooser that looks no further, as a
    key it wants largest. The defender: not stopping a gun, sensor or station; armour or a
    stopped system before a working one; the cheapest loss; the most hit points. The
    attacker the other way round."""
    on = works(p, f, g, h)
    stops = on & ((f[p.resilient + g] == 0) | (h <= damage))
    kind = f[p.kind + g]
    serves = (kind == WEAPON) | (kind == MISSILE) | (kind == SENSOR) | (kind == STATION)
    sign = 2 * attacker - 1
    return (sign * (1 * (stops & serves)), sign * (1 * (on & (kind != ARMOUR))),
            sign * f[p.value + g] * stops, -sign * h)


def next_pick(p: Params, f: list[int], side: int, facing: int, damage: int,
              attacker: bool) -> int:
    """Where an overflow goes on `facing` by `weigh` alone (-1: nothing left there); the
    first of equals."""
    found = -1
    best = (0, 0, 0, 0)
    on = p.sides + (side * 5 + facing) * p.n
    for k in range(f[p.side_count + side * 5 + facing]):
        g = f[on + k]
        h = f[HP + g]
        if h > 0:
            key = weigh(p, f, g, h, damage, attacker)
            if found < 0 or key > best:
                found, best = g, key
    return found


def consequence(p: Params, f: list[int], side: int, first: int, damage: int,
                attacker: bool, core: int, now: int,
                bound: tuple[int, int, int, int, int, int, int, int]
                ) -> tuple[int, int, int, int, int, int]:
    """What a hit does to side when it starts on `first` and overflows as the seed says, each
    later pick made by `weigh`: (ship lost 0/1, a seat still working 0/1, expected damage a
    turn left, damage taken by working systems other than armour, hit points left in the
    core (`core` before; `now` the damage a turn before), points of systems stopped). The hit
    is played on f and undone
    (`saved` keeps each system it touched and its hit points). A defender's start that could
    not beat `bound` (pick's best so far) even losing no damage a turn is not worked out
    further: (0, 0, -1, …), below it whatever the truth."""
    facing = f[p.facing + first]
    g = first
    starts = 1 * (works(p, f, first, f[HP + first]) & (f[p.kind + first] != ARMOUR))
    lost, hurt, serving, which, destroyed, touched = 0, 0, 0, -1, 0, 0
    while True:
        h = f[HP + g]
        taken = min(h, damage)
        damage -= taken
        f[p.saved + 2 * touched] = g
        f[p.saved + 2 * touched + 1] = h
        touched += 1
        f[HP + g] = h - taken
        core -= taken * (facing == CORE)
        kind = f[p.kind + g]
        if works(p, f, g, h):
            hurt += taken * (kind != ARMOUR)
            if not works(p, f, g, h - taken):
                lost += f[p.value + g]
                if (kind == WEAPON) | (kind == MISSILE) | (kind == SENSOR) | (kind == STATION):
                    serving += 1
                    which = g
        if damage <= 0:
            break
        g = next_pick(p, f, side, facing, damage, attacker)
        if g < 0 and facing != CORE:
            facing = CORE
            g = next_pick(p, f, side, facing, damage, attacker)
        if g < 0:
            destroyed = 1
            break
    seated, left = 0, 0
    if not destroyed and not serving:  # nothing that fires, aims or seats has stopped
        seated = 1 * (f[S_CREW + side] > 0)
        left = now
    elif not destroyed and not attacker and (0, 1, now, -hurt, core, -lost, -starts,
                                              -first) < bound:
        left = -1
    elif not destroyed:  # what is left hangs on which of those stopped: kept for one alone
        known = f[p.loses + which] if serving == 1 else 0
        if not known:
            known = serving_left(p, f, side)
            if serving == 1:
                f[p.loses + which] = known
        seated, left = (known >> 1) & 1, known >> 2
    for k in range(touched):
        f[HP + f[p.saved + 2 * k]] = f[p.saved + 2 * k + 1]
    return destroyed, seated, left, hurt, core, lost


def serving_left(p: Params, f: list[int], side: int) -> int:
    """Side's seats and whole turn's expected damage at the range now, as its systems stand
    in f: (output × 2 + a seat working 0/1) × 2 + 1, never 0 (`loses` keeps it)."""
    _, sensors, seats, _ = gives(p, f, side)
    bonus, crew = f[S_BONUS + side], f[S_CREW + side]
    f[S_BONUS + side] = f[p.gunnery_bonus + side] + sensors
    f[S_CREW + side] = min(f[p.hands + side], seats)
    seated = 1 * (f[S_CREW + side] > 0)
    left = output(p, f, side, f[S_RANGE], f[S_TAILER])
    f[S_BONUS + side], f[S_CREW + side] = bonus, crew
    return (left * 2 + seated) * 2 + 1


def pick(p: Params, f: list[int], side: int, count: int, damage: int, attacker: bool) -> int:
    """Where a hit's damage goes first, of the `count` candidates in f, the whole hit,
    overflow included, weighed (`consequence`). The defender, in this order: not losing the
    ship; keeping a working seat; the most expected damage a turn left; the least damage on
    working systems other than armour; the most hit points left in the core; the fewest
    points stopped; the lowest system. The attacker mirrors it."""
    if count == 1:  # no choice to weigh
        return f[p.cands]
    found = -1
    best = (0, 0, 0, 0, 0, 0, 0, 0)
    sign = 2 * attacker - 1
    # the best a defender's start could do: nothing lost but what the start itself must cost;
    # a start that could not beat the best so far even so is not worth the what-if, and
    # starts that hurt nothing working are weighed first, as they most often win
    now = turn_value(p, f, side, f[S_RANGE], f[S_TAILER])
    core = 0
    on = p.sides + (side * 5 + CORE) * p.n
    for k in range(f[p.side_count + side * 5 + CORE]):
        core += f[HP + f[on + k]]
    for sweep in range(2):
        for k in range(count):
            g = f[p.cands + k]
            h = f[HP + g]
            on = works(p, f, g, h)
            least = min(h, damage) * (on & (f[p.kind + g] != ARMOUR))
            if attacker:
                if sweep:
                    continue
            elif (least > 0) != (sweep == 1):
                continue
            elif found >= 0:
                # what the start alone must cost: its own damage if it works (not armour),
                # its price if the hit stops it, its hit points off the core if it is there
                stops = on & ((f[p.resilient + g] == 0) | (h <= damage))
                most_core = core - min(h, damage) * (f[p.facing + g] == CORE)
                if (0, 1, now, -least, most_core, -f[p.value + g] * stops, -1 * (least > 0),
                        -g) < best:
                    continue
            lost, seated, left, hurt, cored, stopped = consequence(
                p, f, side, g, damage, attacker, core, now,
                best if found >= 0 else (-LOST, 0, 0, 0, 0, 0, 0, 0))
            # on a tie to the last, the defender starts on armour or a stopped system, the
            # attacker on a working one (the same hit, told the way a player would play it)
            key = (sign * lost, -sign * seated, -sign * left, sign * hurt, -sign * cored,
                   sign * stopped, sign * (1 * (least > 0)), -g)
            if found < 0 or key > best:
                found, best = g, key
    return found


# --- the range step ---------------------------------------------------------------------------


def move(f: list[int], side: int, want: int, steps: int) -> bool:
    """Move the range toward `want` (`reach`); whether it moved."""
    new, tailer = reach(f, side, want, steps)
    if new == f[S_RANGE] and tailer == f[S_TAILER]:
        return False
    f[S_RANGE] = new
    f[S_TAILER] = tailer
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
    f[S_LEG] = 0
    if move(f, winner, wish(p, f, winner, steps, rec), steps):
        emit(rec, (EV_MOVE, winner, before, f[S_RANGE], f[S_TAILER]))
    else:
        # R6: the next highest may move, but not against one who moved against it this turn
        emit(rec, (EV_HOLD, winner, f[S_RANGE]))
        mover = 1 - winner
        f[S_LEG] = 1
        moved = move(f, mover, wish(p, f, mover, 1, rec), 1)
        f[S_LEG] = 0
        if not moved:
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
    if tailing and not (p.free_tailer and f[S_TAILER] == attacker):
        # R12: the tailer's hits land aft, the tailed ship's on the tailer's fore
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
        # armour gives nothing that `refresh` counts: its loss changes no figure or plan
        stopped = stopped or (stops and f[p.kind + g] != ARMOUR)
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


def replan(p: Params, f: list[int], side: int, opening: bool, rec: Recorder | None) -> None:
    """Side's plan for the rest of the turn (R16): made afresh when one of its systems has
    stopped since it last planned, else the rows it has left; a user's captain is asked each
    time. Told when it is the turn's first plan or differs from the rows it had."""
    rows = p.plans + side * 2 * p.n
    had = f[S_PLANNED + side]
    if rec is not None:  # told: keep the rows it had, to tell a changed plan
        for k in range(had):
            f[p.was + k] = f[rows + k]
            f[p.was + p.n + k] = f[rows + p.n + k]
    count = had
    if f[S_DIRTY + side]:
        count = plan(p, f, side, f[S_RANGE], f[S_TAILER])
        f[S_DIRTY + side] = 0
    count = ask(rec, side, Q_PLAN, (f, f[S_RANGE], f[S_TAILER]), count)
    f[S_PLANNED + side] = count
    if rec is None:
        return
    same = count == had and not opening
    for k in range(count):
        same = same and f[p.was + k] == f[rows + k] and f[p.was + p.n + k] == f[rows + p.n + k]
    if same:
        return
    if not opening:
        emit(rec, (EV_REPLAN, side, count))
    for k in range(count):
        emit(rec, (EV_PLAN, side, f[rows + k] - side * p.n, f[rows + p.n + k]))


def next_shot(p: Params, f: list[int], side: int, rng: list[int], rec: Recorder | None) -> int:
    """Side's first planned gun fires and the hands that serve it have acted for the turn: the
    damage it will deal, or -1 when side has nothing left to fire this turn."""
    count = f[S_PLANNED + side]
    if count == 0:
        return -1
    rows = p.plans + side * 2 * p.n
    g, total = f[rows], f[rows + p.n]
    for k in range(1, count):
        f[rows + k - 1] = f[rows + k]
        f[rows + p.n + k - 1] = f[rows + p.n + k]
    f[S_PLANNED + side] = count - 1
    f[p.fired + g] = 1
    crew = side * p.crew
    for hand in range(p.crew):
        if f[p.hand_gun + crew + hand] == g:
            f[p.spent + crew + hand] = 1
            f[S_USED + side] += 1
    return shoot(p, f, side, g, total, rng, rec)


def action_step(p: Params, f: list[int], rng: list[int], rec: Recorder | None) -> int:
    """Both sides plan (who fires which gun, who helps), then take full actions together,
    planning again after each exchange with the guns and hands left, until both have passed
    (the seed; R14, R16)."""
    for side in range(2):
        f[S_PLANNED + side] = 0
        f[S_USED + side] = 0
        f[S_AFTER + side] = 0
        f[S_DIRTY + side] = 1
        for g in range(side * p.n, side * p.n + p.n):
            f[p.fired + g] = 0
            f[p.loses + g] = 0  # what a lost system costs hangs on the range
        for hand in range(side * p.crew, side * p.crew + p.crew):
            f[p.spent + hand] = 0
    opening = True
    while True:
        replan(p, f, 0, opening, rec)
        replan(p, f, 1, opening, rec)
        opening = False
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
