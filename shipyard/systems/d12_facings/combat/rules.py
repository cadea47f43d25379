"""The seed's combat, written once on the fight pattern: plain functions over numbers.

The same functions play a narrated battle (as Python, on lists) and every battle of a series
(compiled by Numba, on int64 arrays): dice come from the one stream (`die`), what happens is told
through `emit`, and each decision the seed leaves to the players is the default captain's rule
function below, offered to a user's own captain through `ask` (captain.py adapts it). Every rule
here is a sentence of the seed or a numbered ruling in catalogs/d12-facings/RULINGS.md.

A battle has `p.ships` ships, side A's first (`p.first_b` of them), then side B's; a duel is the
battle of one against one, the same code. Its numbers (`Fight`, built by setup.py) are one array
`f`, copied once a fight (once a chunk in a series): what changes at its head, then the fixed
columns; f's first numbers (H_*) say where each region and column starts, and `Params` holds
the battle's few scalars (sizes and switches). Systems are numbered across every ship: system
`g` of ship `s` is `s * p.n + i`. Each ship's changing figures are a block of `W` numbers at
`ship(s)`; each pair of opposing ships has its own range and tailer (R24, R29).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from shipyard.api import (
    Recorder,
    ask,
    derive_seed,
    die,
    emit,
    seed_stream,
    store,
    store_fates,
)

SIDES = 12
TOTALS = SIDES + 1  # a to-hit total above 12 rolls again on every first die, as 12 does
MAX_SHIPS = 32  # a battle's ships, both sides (a mask of them fits an int64)

# ranges (the seed's ladder), facings, kinds
TAILING, SHORT, MEDIUM, LONG, ESCAPED = 0, 1, 2, 3, 4
FORE, AFT, PORT, STARBOARD, CORE = 0, 1, 2, 3, 4
WEAPON, MISSILE, SHIELD, ARMOUR, ENGINE, SENSOR, STATION = 0, 1, 2, 3, 4, 5, 6
NONE = -1  # a padding system: no hit points, no facing, no kind

# what the rules tell the narrator (code, ship, then the numbers listed); systems by their
# index on their own ship, ships by their index in the battle
EV_TURN = 1  # turn
EV_SHIELDS = 2  # shield points raised
EV_PILOTING = 3  # total, first die, second die
EV_ORDER = 4  # the highest roll's ship, its margin over the next, the two highest ships;
# ship -1 when those two tie
EV_MOVE = 5  # from range, to range, tailer after, the enemy it moved against
EV_HOLD = 6  # range, the enemy it held against; ship -1: nobody could move (range of A's first)
EV_PLAN = 7  # gun, total, target (a gun planned to fire this turn)
EV_SHOT = 8  # gun, total, need, first, second, after used, sustain steps, damage, target
EV_ABSORB = 9  # shields taken, armour taken, the ship whose hit it is
EV_SYSTEM = 10  # system, damage taken, hp left, chooser (0 defender, 1 attacker)
EV_STOPPED = 11  # system
EV_CORE = 12  # damage that found the core with no systems left
EV_DESTROYED = 13
EV_ESCAPED = 14
EV_PASS = 15
EV_LOST = 16  # system: its last hit point gone
EV_REPLAN = 17  # rows, new target (1): the ship plans again (R16), its rows follow as EV_PLAN
EV_WASTED = 18  # target: a hit on a ship destroyed earlier in the same exchange (R31)
EV_TIED = 19  # ship: one more ship tied for the highest result, after EV_ORDER's two (R27)

# what the rules ask a captain (facts: f, then the numbers listed)
Q_RANGE = 1  # steps -> the range it wants to the enemy f[S_ENEMY]
Q_PLAN = 2  # range, tailer -> how many plan rows (written in f), asked after each exchange
Q_PICK = 3  # target, candidates (in f), damage, attacker chooses -> the system hit first
Q_ENEMY = 4  # enemies (in f) -> the one whose range it moves (battles: asked with two or more)
Q_TARGET = 5  # enemies (in f) -> the one it fires at this turn (asked with two or more)

# how a fight ends (GOING: the turn did not end it); A_WINS: B's last ship destroyed,
# A_WINS_ESCAPED: B's last ship escaped after B lost one (R28, issue 30's endings)
GOING, A_WINS, B_WINS, A_ESCAPES, B_ESCAPES, BOTH_LOST, CAPPED = 0, 1, 2, 3, 4, 5, 6
A_WINS_ESCAPED, B_WINS_ESCAPED = 7, 8
# a ship's fate, as the core reads it (`store_fates`): in the fight (at the end: survived),
# escaped, destroyed (R28)
IN, ESCAPED_FATE, DESTROYED = 0, 2, 3

# f, a battle's numbers in one array: these scalars first, then each ship's block of W (at
# `ship(s)`), then the regions the head's H_* slots give the offset of: `live` (every system's
# hit points), `ranges` and
# `tailers` (each pair's, both ways round), `values` (the captain's turn values + 1 of each ship
# against each enemy, 5 roles: `turn_value`), `saved` (the systems a what-if hit touched and
# their hit points, to undo it), `fire` (a to-hit total for each gun, `assign`), `plans` (each
# ship's plan rows: n guns, n totals), `was` (the rows a ship had before it planned again),
# `cands` (the systems a hit may land on), `fired` (guns fired this turn), `hand_gun` (the gun
# each hand serves in the ship's plan, -1 none), `spent` (hands that have acted this turn),
# `loses` (what a ship has left when system g alone stops, kept: `serving_left`), `order` (the
# range step's ships, highest first), `enemies` (the enemies a question offers), and the fixed
# columns
S_LEG = 0  # 1: the enemy a range question is about cannot move against the ship after it (R6)
S_ENEMY = 1  # the enemy a range question is about
S_SHOOTER = 2  # the ship whose hit is landing (for a captain's `pick`)
# where each region and fixed column starts (f[H_LIVE] ...), set by setup.py and never changed:
# in the array, not in Params, since a compiled call passes every field of Params, and forty
# offsets cost a duel's series more than reading them from f (issue 30's duel bar)
HEAD = ("live", "ranges", "tailers", "values", "fates", "order", "enemies", "saved", "fire",
        "plans", "was", "cands", "fired", "hand_gun", "spent", "loses", "facing", "kind",
        "resilient", "turret", "hp", "damage", "sustain", "to_hit", "figure", "value",
        "worth", "guns", "sides", "gun_count", "side_count", "defence", "piloting",
        "gunnery_bonus", "shields_max", "after", "chooses", "hands", "gunners",
        "difficulty", "unhurt_values", "unhurt_loses", "unhurt_plans")
(H_LIVE, H_RANGES, H_TAILERS, H_VALUES, H_FATES, H_ORDER, H_ENEMIES, H_SAVED, H_FIRE, H_PLANS,
 H_WAS, H_CANDS, H_FIRED, H_HAND_GUN, H_SPENT, H_LOSES, H_FACING, H_KIND, H_RESILIENT, H_TURRET,
 H_HP, H_DAMAGE, H_SUSTAIN, H_TO_HIT, H_FIGURE, H_VALUE, H_WORTH, H_GUNS, H_SIDES, H_GUN_COUNT,
 H_SIDE_COUNT, H_DEFENCE, H_PILOTING, H_GUNNERY_BONUS, H_SHIELDS_MAX, H_AFTER, H_CHOOSES,
 H_HANDS, H_GUNNERS, H_DIFFICULTY, H_UNHURT_VALUES, H_UNHURT_LOSES, H_UNHURT_PLANS
 ) = range(3, 3 + len(HEAD))
SHIP = 3 + len(HEAD)
# a ship's block: + ship(s)
S_SHIELDS, S_ARMOUR, S_DEALT, S_AFTER, S_USED, S_PLANNED = 0, 1, 2, 3, 4, 5
# what a ship's working systems give, kept until a hit stops one (`refresh`)
S_PILOTING, S_BONUS, S_CREW, S_GENERATORS = 6, 7, 8, 9
S_DIRTY = 10  # a system of the ship stopped, or its target changed, since it last planned (R16)
S_TARGET = 11  # the enemy it fires at this turn (R30), -1 none
S_RESULT = 12  # its piloting result this turn: natural 12 × 64 + the dice (R4)
S_MOVED = 13  # the enemies that moved against it this turn, a mask (R25)
S_SHOT = 14  # the damage its shot of this exchange will deal, -1 none
S_HURT = 15  # 1 once a system of the ship (armour aside) has stopped in this battle
W = 16

LOST = 1 << 40  # below any range score: what the enemy's escape is worth to the captain (R17)
NO_GUN, IDLE = -2, -1  # f[fire + g] for a system that cannot fire, a gun nobody fires (yet)
NATURAL = 64  # a natural 12 ranks above any sum of two d12s (R4)
# inlined where compiled (a call that passes f costs a reference count in and out, and Params'
# every field): where a ship's numbers and a pair's sit, read in every inner loop, and the
# battle's own steps, run every turn or exchange, which with two ships do next to nothing
INLINE = ("ship", "side_of", "opposed", "rng_of", "tailer_of", "set_pair", "in_reach", "aimed",
          "movable", "steps_on", "rank", "aim", "best_target", "exchange", "ending", "cut_off",
          "dealt")


class Params(NamedTuple):
    """A battle's scalars (all ints: a compiled call passes every field, so few). Where its
    numbers sit in `f` is in f's head (H_*): per-system columns hold every ship, `n` systems
    each (padded): system `g` is `ship * n + i`."""

    n: int
    crew: int  # gunners a ship (padded)
    ships: int  # both sides
    first_b: int  # ships 0 .. first_b - 1 are side A's
    foes: int  # the larger side's ships: the most enemies a ship has
    margin: int  # beat by this much: two steps
    inclusive: int  # --rule under=inclusive (R2)
    free_tailer: int  # --rule tailer=free (R12)
    cap: int
    size: int  # of what changes in a fight: f[:size] starts afresh each fight


class Fight(NamedTuple):
    """A battle's numbers (Prepared.state): where they sit, and `f` as a battle begins."""

    p: Params
    data: list[int]


def ship(s: int) -> int:
    """Where ship s's block starts in f."""
    return SHIP + s * W


def side_of(p: Params, s: int) -> int:
    return 1 * (s >= p.first_b)


def opposed(p: Params, a: int, b: int) -> bool:
    return (a < p.first_b) != (b < p.first_b)


def rng_of(p: Params, f: list[int], a: int, b: int) -> int:
    """The range between ships a and b (R24)."""
    return f[f[H_RANGES] + a * p.ships + b]


def tailer_of(p: Params, f: list[int], a: int, b: int) -> int:
    """The ship tailing the other of the pair a, b, -1 when neither is (R29)."""
    return f[f[H_TAILERS] + a * p.ships + b]


def set_pair(p: Params, f: list[int], a: int, b: int, rng: int, tailer: int) -> None:
    f[f[H_RANGES] + a * p.ships + b] = rng
    f[f[H_RANGES] + b * p.ships + a] = rng
    f[f[H_TAILERS] + a * p.ships + b] = tailer
    f[f[H_TAILERS] + b * p.ships + a] = tailer


def in_reach(p: Params, f: list[int], a: int, b: int) -> bool:
    """b is an enemy of a still in the fight and not escaped from it (R26)."""
    return opposed(p, a, b) & (f[f[H_FATES] + b] == IN) & (rng_of(p, f, a, b) != ESCAPED)


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
    return (h > 0) & ((f[f[H_RESILIENT] + g] != 0) | (h == f[f[H_HP] + g]))


def gives(p: Params, f: list[int], side: int) -> tuple[int, int, int, int]:
    """(engines' piloting, sensors' gunnery, seats, shield points) of a ship's working
    systems."""
    engines, sensors, seats, generators = 0, 0, 0, 0
    for g in range(side * p.n, side * p.n + p.n):
        if works(p, f, g, f[f[H_LIVE] + g]):
            kind = f[f[H_KIND] + g]
            figure = f[f[H_FIGURE] + g]
            engines += figure * (kind == ENGINE)
            sensors += figure * (kind == SENSOR)
            seats += figure * (kind == STATION)
            generators += figure * (kind == SHIELD)
    return engines, sensors, seats, generators


def refresh(p: Params, f: list[int], side: int) -> None:
    """What a ship's working systems give, when a hit stops one (or as the fight begins):
    engines add to piloting, sensors to gunnery, stations seat crew (C5, R14: "as many actions
    as they like (and have crew for)"), shield systems raise shields (R13). The captain's turn
    values are worked out afresh, and the ship plans again before its next shot (R16)."""
    engines, sensors, seats, generators = gives(p, f, side)
    at = ship(side)
    f[at + S_PILOTING] = f[f[H_PILOTING] + side] + engines
    f[at + S_BONUS] = f[f[H_GUNNERY_BONUS] + side] + sensors
    f[at + S_CREW] = min(f[f[H_HANDS] + side], seats)
    f[at + S_GENERATORS] = min(f[f[H_SHIELDS_MAX] + side], generators)
    f[at + S_DIRTY] = 1
    f[at + S_HURT] = 1
    forget(p, f, side)


def forget(p: Params, f: list[int], side: int) -> None:
    """A ship's kept values (`turn_value`, `loses`): what its systems give has changed, or the
    range has."""
    for k in range(side * p.ships * 5, (side + 1) * p.ships * 5):
        f[f[H_VALUES] + k] = 0
    for g in range(side * p.n, side * p.n + p.n):
        f[f[H_LOSES] + g] = 0


def bears(p: Params, f: list[int], g: int, rng: int, tailer: int, side: int) -> bool:
    """Outside tailing range every gun bears (R11, the literal reading). At tailing range the
    tailed ship fires only aft weapons and turrets (the seed), the tailer fore ones and turrets
    (R12, house; every gun under --rule tailer=free). `tailer` is the pair's (R29)."""
    arc = FORE + (AFT - FORE) * (tailer != side)
    free = (p.free_tailer != 0) & (tailer == side)
    return ((f[f[H_KIND] + g] == WEAPON) | (f[f[H_KIND] + g] == MISSILE)) & (
        (rng != TAILING) | free | (f[f[H_TURRET] + g] != 0) | (f[f[H_FACING] + g] == arc))


def need(p: Params, f: list[int], target: int, g: int, rng: int) -> int:
    """The seed's gunnery difficulty plus the target's defence; a missile's own to-hit number
    replaces the range figure (R8)."""
    missile = f[f[H_KIND] + g] == MISSILE
    return (missile * f[f[H_TO_HIT] + g] + (1 - missile) * f[f[H_DIFFICULTY] + rng]
            + f[f[H_DEFENCE] + target])


def worth(p: Params, f: list[int], g: int, target: int, rng: int, total: int) -> int:
    """Expected damage × 144 of gun g fired at `target` at `rng` with a to-hit total (setup.py's
    table, by the target's place on its own side: a duel's table is one enemy wide)."""
    foe = target - p.first_b * (target >= p.first_b)
    return f[f[H_WORTH] + ((g * p.foes + foe) * 4 + rng) * TOTALS + max(0, min(total, SIDES))]


# --- the default captain (RULINGS, "The default captain and defender") ------------------------


def assign(p: Params, f: list[int], side: int, target: int, rng: int, tailer: int,
           fresh: bool) -> None:
    """Each hand at work, best gunner first, fires a gun that bears on `target` or helps one
    already firing, whichever adds more expected damage: f[fire + g] becomes gun g's to-hit
    total (IDLE: nobody fires it; NO_GUN: it cannot). `fresh`: a whole turn, every seated hand
    and working gun; else what is left of this one (guns not fired, hands who have not acted,
    the seats they have left), and each hand's gun is written down (`hand_gun`)."""
    guns = f[H_GUNS] + side * p.n
    at = ship(side)
    bonus = f[at + S_BONUS]
    for k in range(f[f[H_GUN_COUNT] + side]):
        g = f[guns + k]
        free = fresh | (f[f[H_FIRED] + g] == 0)
        f[f[H_FIRE] + g] = IDLE if free & works(p, f, g, f[f[H_LIVE] + g]) & bears(
            p, f, g, rng, tailer, side) else NO_GUN
    crew = side * p.crew
    seats = f[at + S_CREW] - (0 if fresh else f[at + S_USED])
    if not fresh:
        for hand in range(p.crew):
            f[f[H_HAND_GUN] + crew + hand] = -1
    for hand in range(f[f[H_HANDS] + side]):
        if seats <= 0:
            return
        if not fresh and f[f[H_SPENT] + crew + hand]:
            continue
        seats -= 1
        skill = f[f[H_GUNNERS] + crew + hand]
        best, choice = 0, -1
        for k in range(f[f[H_GUN_COUNT] + side]):
            g = f[guns + k]
            now = f[f[H_FIRE] + g]
            if now == NO_GUN:
                continue
            if now == IDLE:
                gain = worth(p, f, g, target, rng, skill + bonus)
            else:
                gain = worth(p, f, g, target, rng, now + skill) - worth(
                    p, f, g, target, rng, now)
            if gain > best:
                best, choice = gain, g
        if choice < 0:
            return
        now = f[f[H_FIRE] + choice]
        f[f[H_FIRE] + choice] = (bonus if now == IDLE else now) + skill
        if not fresh:
            f[f[H_HAND_GUN] + crew + hand] = choice


def plan(p: Params, f: list[int], side: int, target: int, rng: int, tailer: int) -> int:
    """The rest of the turn's plan against `target` into the ship's plan rows (gun, to-hit
    total), in order of expected damage (the lower gun first on a tie); how many guns fire."""
    assign(p, f, side, target, rng, tailer, False)
    rows = f[H_PLANS] + side * 2 * p.n
    count = 0
    for k in range(f[f[H_GUN_COUNT] + side]):
        g = f[f[H_GUNS] + side * p.n + k]
        total = f[f[H_FIRE] + g]
        if total < 0:
            continue
        mine = worth(p, f, g, target, rng, total)
        at = count
        while at > 0 and worth(p, f, f[rows + at - 1], target, rng,
                               f[rows + p.n + at - 1]) < mine:
            f[rows + at] = f[rows + at - 1]
            f[rows + p.n + at] = f[rows + p.n + at - 1]
            at -= 1
        f[rows + at] = g
        f[rows + p.n + at] = total
        count += 1
    return count


def output(p: Params, f: list[int], side: int, target: int, rng: int, tailer: int) -> int:
    """A ship's expected damage × 144 on `target` in a whole turn at `rng`, every seated hand
    at work."""
    assign(p, f, side, target, rng, tailer, True)
    total = 0
    for k in range(f[f[H_GUN_COUNT] + side]):
        g = f[f[H_GUNS] + side * p.n + k]
        if f[f[H_FIRE] + g] >= 0:
            total += worth(p, f, g, target, rng, f[f[H_FIRE] + g])
    return total


def turn_value(p: Params, f: list[int], side: int, target: int, rng: int, tailer: int) -> int:
    """`output`, kept until a hit stops one of the ship's systems: it depends on nothing
    else. An unhurt ship's (every system working) is the same in every battle of a series:
    kept for the rest of it too (`unhurt_values`, outside what a battle starts afresh)."""
    cell = (side * p.ships + target) * 5 + (rng if rng != TAILING else (
        0 if tailer == side else 4))
    known = f[H_VALUES] + cell
    if f[known]:
        return f[known] - 1
    unhurt = f[H_UNHURT_VALUES] + cell
    if f[ship(side) + S_HURT] == 0 and f[unhurt]:
        f[known] = f[unhurt]
        return f[unhurt] - 1
    total = output(p, f, side, target, rng, tailer)
    f[known] = total + 1
    if f[ship(side) + S_HURT] == 0:
        f[unhurt] = total + 1
    return total


def aimed(p: Params, f: list[int], side: int) -> int:
    """A ship's expected damage × 144 a turn on its target at their range now (0 with no
    target): what the defender weighs keeping (R22)."""
    target = f[ship(side) + S_TARGET]
    if target < 0:
        return 0
    return turn_value(p, f, side, target, rng_of(p, f, side, target),
                      tailer_of(p, f, side, target))


def harmless(p: Params, f: list[int], side: int) -> bool:
    """Nothing aboard can hurt an enemy, at any range: nobody seated, or no gun working (a
    natural 12 always hits, so any working gun with a hand to fire it can; at short range
    every gun bears)."""
    guns = 0
    for k in range(f[f[H_GUN_COUNT] + side]):
        g = f[f[H_GUNS] + side * p.n + k]
        guns += 1 * works(p, f, g, f[f[H_LIVE] + g])
    return (f[ship(side) + S_CREW] == 0) | (guns == 0)


def score(p: Params, f: list[int], side: int, enemy: int, rng: int, tailer: int) -> int:
    """The captain's range score: its expected damage a turn on the enemy at `rng` minus the
    enemy's on it."""
    return turn_value(p, f, side, enemy, rng, tailer) - turn_value(p, f, enemy, side, rng,
                                                                   tailer)


def reach(p: Params, f: list[int], side: int, enemy: int, want: int, steps: int
          ) -> tuple[int, int]:
    """(range, tailer) of the pair after the ship moves toward `want` by up to `steps` along
    tailing–short–medium–long–escaped. Reaching tailing makes the mover the tailer (R9); a
    tailed ship that wants tailing holds (the seed: "can increase or decrease"), and can
    tail in turn only after breaking away."""
    now = rng_of(p, f, side, enemy)
    if want == now:
        return now, tailer_of(p, f, side, enemy)
    step = min(steps, abs(want - now))
    new = now + step if want > now else now - step
    return new, (side if new == TAILING else -1)


def fires(p: Params, f: list[int], side: int, enemy: int, rng: int, tailer: int) -> int:
    """1 when the ship's guns can hurt `enemy` at `rng` (some gun bears: a natural 12 always
    hits), else 0."""
    return 1 if turn_value(p, f, side, enemy, rng, tailer) > 0 else 0


def choose(p: Params, f: list[int], side: int, enemy: int, steps: int, hold: int,
           held_fires: int) -> int:
    """Of the ranges to `enemy` the ship can reach this turn, the best by its range score,
    holding worth `hold` (`held_fires`: whether its guns bear where holding leaves the pair):
    of equal scores, one where its guns can hurt the enemy before one where they cannot (R23:
    a captain that cannot fire from where it is moves to where it can), then holding, then the
    shortest move. Escaped is never chosen here."""
    now = rng_of(p, f, side, enemy)
    tailed = now == TAILING and tailer_of(p, f, side, enemy) != side
    low = SHORT if tailed else max(TAILING, now - steps)
    choice = now
    best = (hold, held_fires, 1, 0)
    for rng in range(low, min(LONG, now + steps) + 1):
        if rng == now:
            continue
        tailer = side if rng == TAILING else -1
        key = (score(p, f, side, enemy, rng, tailer), fires(p, f, side, enemy, rng, tailer), 0,
               -abs(rng - now))
        if key > best:
            best, choice = key, rng
    return choice


def want_range(p: Params, f: list[int], side: int, enemy: int, steps: int) -> int:
    """The range to `enemy` the captain wants: it runs when nothing aboard can hurt an enemy;
    else `choose`. When the enemy can still move against it after it (f[S_LEG] 0: in a duel,
    the winner of the range step), it weighs holding by where the enemy would then move (R6,
    R23, by these same rules): it moves whenever that would score worse for it, and the enemy's
    escape is worse than any range it can fight at (R17)."""
    now = rng_of(p, f, side, enemy)
    if harmless(p, f, side):
        return min(ESCAPED, now + steps)
    tail = tailer_of(p, f, side, enemy)
    hold = score(p, f, side, enemy, now, tail)
    held_fires = fires(p, f, side, enemy, now, tail)
    if not f[S_LEG]:
        if harmless(p, f, enemy):
            where = min(ESCAPED, now + 1)
            tailer = -1
        else:
            where, tailer = reach(p, f, enemy, side, choose(
                p, f, enemy, side, 1, score(p, f, enemy, side, now, tail),
                fires(p, f, enemy, side, now, tail)), 1)
        if where == ESCAPED:
            hold = -LOST
            held_fires = 0
        elif where != now or tailer != tail:
            hold = score(p, f, side, enemy, where, tailer)
            held_fires = fires(p, f, side, enemy, where, tailer)
    return choose(p, f, side, enemy, steps, hold, held_fires)


def weigh(p: Params, f: list[int], g: int, h: int, damage: int, attacker: bool
          ) -> tuple[int, int, int, int]:
    """How system g with h hit points takes a hit, for a chooser that looks no further, as a
    key it wants largest. The defender: not stopping a gun, sensor or station; armour or a
    stopped system before a working one; the cheapest loss; the most hit points. The
    attacker the other way round."""
    on = works(p, f, g, h)
    stops = on & ((f[f[H_RESILIENT] + g] == 0) | (h <= damage))
    kind = f[f[H_KIND] + g]
    serves = (kind == WEAPON) | (kind == MISSILE) | (kind == SENSOR) | (kind == STATION)
    sign = 2 * attacker - 1
    return (sign * (1 * (stops & serves)), sign * (1 * (on & (kind != ARMOUR))),
            sign * f[f[H_VALUE] + g] * stops, -sign * h)


def next_pick(p: Params, f: list[int], side: int, facing: int, damage: int,
              attacker: bool) -> int:
    """Where an overflow goes on `facing` by `weigh` alone (-1: nothing left there); the
    first of equals."""
    found = -1
    best = (0, 0, 0, 0)
    on = f[H_SIDES] + (side * 5 + facing) * p.n
    for k in range(f[f[H_SIDE_COUNT] + side * 5 + facing]):
        g = f[on + k]
        h = f[f[H_LIVE] + g]
        if h > 0:
            key = weigh(p, f, g, h, damage, attacker)
            if found < 0 or key > best:
                found, best = g, key
    return found


def consequence(p: Params, f: list[int], side: int, first: int, damage: int,
                attacker: bool, core: int, now: int,
                bound: tuple[int, int, int, int, int, int, int, int]
                ) -> tuple[int, int, int, int, int, int]:
    """What a hit does to the ship when it starts on `first` and overflows as the seed says,
    each later pick made by `weigh`: (ship lost 0/1, a seat still working 0/1, expected damage
    a turn left, damage taken by working systems other than armour, hit points left in the
    core (`core` before; `now` the damage a turn before), points of systems stopped). The hit
    is played on f and undone
    (`saved` keeps each system it touched and its hit points). A defender's start that could
    not beat `bound` (pick's best so far) even losing no damage a turn is not worked out
    further: (0, 0, -1, …), below it whatever the truth."""
    facing = f[f[H_FACING] + first]
    g = first
    starts = 1 * (works(p, f, first, f[f[H_LIVE] + first]) & (f[f[H_KIND] + first] != ARMOUR))
    lost, hurt, serving, which, destroyed, touched = 0, 0, 0, -1, 0, 0
    while True:
        h = f[f[H_LIVE] + g]
        taken = min(h, damage)
        damage -= taken
        f[f[H_SAVED] + 2 * touched] = g
        f[f[H_SAVED] + 2 * touched + 1] = h
        touched += 1
        f[f[H_LIVE] + g] = h - taken
        core -= taken * (facing == CORE)
        kind = f[f[H_KIND] + g]
        if works(p, f, g, h):
            hurt += taken * (kind != ARMOUR)
            if not works(p, f, g, h - taken):
                lost += f[f[H_VALUE] + g]
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
        seated = 1 * (f[ship(side) + S_CREW] > 0)
        left = now
    elif not destroyed and not attacker and (0, 1, now, -hurt, core, -lost, -starts,
                                              -first) < bound:
        left = -1
    elif not destroyed:  # what is left hangs on which of those stopped: kept for one alone
        known = f[f[H_LOSES] + which] if serving == 1 else 0
        # an unhurt ship that loses this one system alone: the same in every battle, at this
        # target and range
        unhurt = -1
        target = f[ship(side) + S_TARGET]
        if serving == 1 and f[ship(side) + S_HURT] == 0 and target >= 0:
            rng, tailer = rng_of(p, f, side, target), tailer_of(p, f, side, target)
            unhurt = f[H_UNHURT_LOSES] + (which * p.ships + target) * 5 + (
                rng if rng != TAILING else (0 if tailer == side else 4))
            known = known or f[unhurt]
        if not known:
            known = serving_left(p, f, side)
        if serving == 1:  # kept for the turn as ever, wherever it came from
            f[f[H_LOSES] + which] = known
        if unhurt >= 0:
            f[unhurt] = known
        seated, left = (known >> 1) & 1, known >> 2
    for k in range(touched):
        f[f[H_LIVE] + f[f[H_SAVED] + 2 * k]] = f[f[H_SAVED] + 2 * k + 1]
    return destroyed, seated, left, hurt, core, lost


def serving_left(p: Params, f: list[int], side: int) -> int:
    """A ship's seats and whole turn's expected damage on its target at their range now, as
    its systems stand in f: (output × 2 + a seat working 0/1) × 2 + 1, never 0 (`loses` keeps
    it)."""
    _, sensors, seats, _ = gives(p, f, side)
    at = ship(side)
    bonus, crew = f[at + S_BONUS], f[at + S_CREW]
    f[at + S_BONUS] = f[f[H_GUNNERY_BONUS] + side] + sensors
    f[at + S_CREW] = min(f[f[H_HANDS] + side], seats)
    seated = 1 * (f[at + S_CREW] > 0)
    target = f[at + S_TARGET]
    left = 0
    if target >= 0:
        left = output(p, f, side, target, rng_of(p, f, side, target),
                      tailer_of(p, f, side, target))
    f[at + S_BONUS], f[at + S_CREW] = bonus, crew
    return (left * 2 + seated) * 2 + 1


def pick(p: Params, f: list[int], side: int, count: int, damage: int, attacker: bool) -> int:
    """Where a hit's damage goes first, of the `count` candidates in f, the whole hit,
    overflow included, weighed (`consequence`). The defender, in this order: not losing the
    ship; keeping a working seat; the most expected damage a turn left; the least damage on
    working systems other than armour; the most hit points left in the core; the fewest
    points stopped; the lowest system. The attacker mirrors it."""
    if count == 1:  # no choice to weigh
        return f[f[H_CANDS]]
    found = -1
    best = (0, 0, 0, 0, 0, 0, 0, 0)
    sign = 2 * attacker - 1
    # the best a defender's start could do: nothing lost but what the start itself must cost;
    # a start that could not beat the best so far even so is not worth the what-if, and
    # starts that hurt nothing working are weighed first, as they most often win
    now = aimed(p, f, side)
    core = 0
    on = f[H_SIDES] + (side * 5 + CORE) * p.n
    for k in range(f[f[H_SIDE_COUNT] + side * 5 + CORE]):
        core += f[f[H_LIVE] + f[on + k]]
    for sweep in range(2):
        for k in range(count):
            g = f[f[H_CANDS] + k]
            h = f[f[H_LIVE] + g]
            on = works(p, f, g, h)
            least = min(h, damage) * (on & (f[f[H_KIND] + g] != ARMOUR))
            if attacker:
                if sweep:
                    continue
            elif (least > 0) != (sweep == 1):
                continue
            elif found >= 0:
                # what the start alone must cost: its own damage if it works (not armour),
                # its price if the hit stops it, its hit points off the core if it is there
                stops = on & ((f[f[H_RESILIENT] + g] == 0) | (h <= damage))
                most_core = core - min(h, damage) * (f[f[H_FACING] + g] == CORE)
                if (0, 1, now, -least, most_core, -f[f[H_VALUE] + g] * stops, -1 * (least > 0),
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


# --- how ships leave, and how a battle ends (R28) ---------------------------------------------


def cut_off(p: Params, f: list[int], side: int) -> bool:
    """The ship is at escaped from every enemy still in the fight (R28)."""
    near = 0
    for e in range(p.ships):
        near += 1 * in_reach(p, f, side, e)
    return near == 0


def leave(p: Params, f: list[int], side: int, rec: Recorder | None) -> None:
    f[f[H_FATES] + side] = ESCAPED_FATE
    emit(rec, (EV_ESCAPED, side))


def ending(p: Params, f: list[int], last: int) -> int:
    """GOING while both sides have a ship in the fight; else how the battle ended, `last`
    being the ship whose leaving emptied a side (-1: ships destroyed in one exchange). A side
    whose ships all escaped is not beaten (R28)."""
    left = (0, 0)
    lost = (0, 0)
    for s in range(p.ships):
        fate = f[f[H_FATES] + s]
        side = side_of(p, s)
        left = (left[0] + (fate == IN) * (side == 0), left[1] + (fate == IN) * (side == 1))
        lost = (lost[0] + (fate == DESTROYED) * (side == 0),
                lost[1] + (fate == DESTROYED) * (side == 1))
    if left[0] and left[1]:
        return GOING
    if not left[0] and not left[1]:
        return BOTH_LOST
    gone = 0 if not left[0] else 1
    if last >= 0 and f[f[H_FATES] + last] == ESCAPED_FATE:
        if lost[gone] == 0:
            return A_ESCAPES + gone
        return B_WINS_ESCAPED - gone
    return B_WINS - gone


# --- the range step ---------------------------------------------------------------------------


def move(p: Params, f: list[int], side: int, enemy: int, want: int, steps: int) -> bool:
    """Move the pair's range toward `want` (`reach`); whether it moved."""
    new, tailer = reach(p, f, side, enemy, want, steps)
    if new == rng_of(p, f, side, enemy) and tailer == tailer_of(p, f, side, enemy):
        return False
    set_pair(p, f, side, enemy, new, tailer)
    return True


def steps_on(p: Params, f: list[int], side: int, enemy: int) -> int:
    """Two steps against an enemy it beat by the margin or more, else one (the seed; R4)."""
    mine, theirs = f[ship(side) + S_RESULT], f[ship(enemy) + S_RESULT]
    beat = (mine > theirs) & ((mine % NATURAL) - (theirs % NATURAL) >= p.margin)
    return 2 if beat else 1


def movable(p: Params, f: list[int], side: int) -> int:
    """The enemies the ship may move its range to, into f[enemies]: in reach, not one that
    moved against it this turn (the seed), not one whose result equals its own (R5, R27);
    how many."""
    count = 0
    moved = f[ship(side) + S_MOVED]
    mine = f[ship(side) + S_RESULT]
    for e in range(p.ships):
        if in_reach(p, f, side, e) and not (moved >> e) & 1 and f[ship(e) + S_RESULT] != mine:
            f[f[H_ENEMIES] + count] = e
            count += 1
    return count


def nearest_threat(p: Params, f: list[int], side: int, count: int) -> int:
    """Of the enemies in f[enemies], the one that would hurt the ship most a turn at their
    range now; the first of equals."""
    found, best = f[f[H_ENEMIES]], -1
    for k in range(count):
        e = f[f[H_ENEMIES] + k]
        threat = turn_value(p, f, e, side, rng_of(p, f, side, e), tailer_of(p, f, side, e))
        if threat > best:
            found, best = e, threat
    return found


def enemy_to_move(p: Params, f: list[int], side: int, count: int) -> int:
    """Which enemy of the `count` in f[enemies] the captain moves its range to (R26's
    commander): a ship that can hurt nobody runs from the one that hurts it most; else the
    one whose move gains it most by its range score (the enemy's answer weighed as in
    `want_range`), the first of equals."""
    if count == 1:
        return f[f[H_ENEMIES]]
    if harmless(p, f, side):
        return nearest_threat(p, f, side, count)
    found, best = f[f[H_ENEMIES]], 0
    for k in range(count):
        e = f[f[H_ENEMIES] + k]
        leg = f[S_LEG]
        f[S_LEG] = 1 * (f[ship(e) + S_RESULT] > f[ship(side) + S_RESULT])
        want = want_range(p, f, side, e, steps_on(p, f, side, e))
        f[S_LEG] = leg
        now = rng_of(p, f, side, e)
        if want == now:
            continue
        new, tailer = reach(p, f, side, e, want, steps_on(p, f, side, e))
        gain = score(p, f, side, e, new, tailer) - score(p, f, side, e, now,
                                                          tailer_of(p, f, side, e))
        if gain > best:
            found, best = e, gain
    return found


def rank(p: Params, f: list[int], rng: list[int], rec: Recorder | None) -> int:
    """Everyone in the fight rolls piloting, in fleet order; f[order] becomes the ships highest
    result first (R4: a natural 12 above any sum; equal results in fleet order); how many."""
    count = 0
    for s in range(p.ships):
        at = ship(s)
        if f[f[H_FATES] + s] != IN:
            continue
        total = f[at + S_PILOTING]
        first, second = skill_roll(rng, total, p.inclusive)
        emit(rec, (EV_PILOTING, s, total, first, second))
        key = NATURAL * (first == SIDES) + first + second
        f[at + S_RESULT] = key
        f[at + S_MOVED] = 0
        k = count
        while k > 0 and f[ship(f[f[H_ORDER] + k - 1]) + S_RESULT] < key:
            f[f[H_ORDER] + k] = f[f[H_ORDER] + k - 1]
            k -= 1
        f[f[H_ORDER] + k] = s
        count += 1
    return count


def range_step(p: Params, f: list[int], rng: list[int], rec: Recorder | None) -> int:
    """The seed's range step: everyone rolls piloting; from the highest down, each may move its
    range to one enemy, never against one who moved against it this turn (R6, R25, R26)."""
    count = rank(p, f, rng, rec)
    top, next_ = f[ship(f[f[H_ORDER]]) + S_RESULT], f[ship(f[f[H_ORDER] + 1]) + S_RESULT]
    if top == next_:  # R5, R27: the highest equal, neither beat the other
        emit(rec, (EV_ORDER, -1, 0, f[f[H_ORDER]], f[f[H_ORDER] + 1]))
        for k in range(2, count):  # every other ship tied with them (R27)
            if f[ship(f[f[H_ORDER] + k]) + S_RESULT] == top:
                emit(rec, (EV_TIED, -1, f[f[H_ORDER] + k]))
    else:
        emit(rec, (EV_ORDER, f[f[H_ORDER]], top % NATURAL - next_ % NATURAL, f[f[H_ORDER]],
                   f[f[H_ORDER] + 1]))
    acted = False
    for k in range(count):
        side = f[f[H_ORDER] + k]
        if f[f[H_FATES] + side] != IN:
            continue  # it left earlier in this step
        choices = movable(p, f, side)
        if choices == 0:
            continue
        acted = True
        enemy = enemy_to_move(p, f, side, choices)
        if choices > 1:
            enemy = ask(rec, side, Q_ENEMY, (f, choices), enemy)
        # R6, R23: an enemy ranked below may still move against it after it
        f[S_LEG] = 1 * (f[ship(enemy) + S_RESULT] > f[ship(side) + S_RESULT])
        f[S_ENEMY] = enemy
        steps = steps_on(p, f, side, enemy)
        before = rng_of(p, f, side, enemy)
        want = ask(rec, side, Q_RANGE, (f, steps), want_range(p, f, side, enemy, steps))
        f[S_LEG] = 0
        if not move(p, f, side, enemy, want, steps):
            emit(rec, (EV_HOLD, side, before, enemy))
            continue
        after = rng_of(p, f, side, enemy)
        emit(rec, (EV_MOVE, side, before, after, tailer_of(p, f, side, enemy), enemy))
        f[ship(enemy) + S_MOVED] |= 1 << side
        if after != ESCAPED:
            continue
        for s in (side, enemy):  # the mover first: its leaving may end the battle (R28)
            if f[f[H_FATES] + s] == IN and cut_off(p, f, s):
                leave(p, f, s, rec)
                ended = ending(p, f, s)
                if ended != GOING:
                    return ended
    if not acted:
        emit(rec, (EV_HOLD, -1, rng_of(p, f, 0, p.first_b), -1))
    return GOING


# --- damage -----------------------------------------------------------------------------------


def candidates(p: Params, f: list[int], side: int, facing: int) -> int:
    """A ship's systems with hit points on `facing` (-1: any outer side) into f; how many."""
    count = 0
    for g in range(side * p.n, side * p.n + p.n):
        on = f[f[H_FACING] + g]
        if f[f[H_LIVE] + g] > 0 and (on == facing if facing >= 0 else on != CORE):
            f[f[H_CANDS] + count] = g
            count += 1
    return count


def apply_hit(p: Params, f: list[int], attacker: int, target: int, damage: int,
              rec: Recorder | None) -> bool:
    """Shields, then outer armour, then one system; overflow to another on that side, then the
    core; more damage with the core's systems gone destroys the ship (the seed). True when the
    target is destroyed. Tailing is the pair's (R29)."""
    at = ship(target)
    shields = min(f[at + S_SHIELDS], damage)
    f[at + S_SHIELDS] -= shields
    damage -= shields
    armour = min(f[at + S_ARMOUR], damage)
    f[at + S_ARMOUR] -= armour
    damage -= armour
    emit(rec, (EV_ABSORB, target, shields, armour, attacker))
    if damage <= 0:
        return False
    tailing = rng_of(p, f, attacker, target) == TAILING
    tailer = tailer_of(p, f, attacker, target)
    by_attacker = tailing or f[f[H_CHOOSES] + attacker] != 0
    chooser = attacker if by_attacker else target
    facing = -1  # R10: outside tailing range the chooser picks a system on any outer side
    if tailing and not (p.free_tailer and tailer == attacker):
        # R12: the tailer's hits land aft, the tailed ship's on the tailer's fore
        facing = AFT if tailer == attacker else FORE
    base = target * p.n
    f[S_SHOOTER] = attacker
    stopped = False
    while damage > 0:
        count = candidates(p, f, target, facing)
        if count == 0 and facing != CORE:
            facing = CORE  # the seed: "If a side runs out of systems ... the 'core' facing"
            continue
        if count == 0:
            emit(rec, (EV_CORE, target, damage))
            emit(rec, (EV_DESTROYED, target))
            f[f[H_FATES] + target] = DESTROYED
            return True
        chosen = pick(p, f, target, count, damage, by_attacker)
        g = base + ask(rec, chooser, Q_PICK, (f, target, count, damage, 1 if by_attacker else 0),
                       chosen - base)
        facing = f[f[H_FACING] + g]
        h = f[f[H_LIVE] + g]
        taken = min(h, damage)
        f[f[H_LIVE] + g] = h - taken
        damage -= taken
        f[ship(attacker) + S_DEALT] += taken
        emit(rec, (EV_SYSTEM, target, g - base, taken, h - taken, 1 if by_attacker else 0))
        stops = works(p, f, g, h) and not works(p, f, g, h - taken)
        # armour gives nothing that `refresh` counts: its loss changes no figure or plan
        stopped = stopped or (stops and f[f[H_KIND] + g] != ARMOUR)
        f[ship(target) + S_HURT] |= 1 * stopped  # from now on, not the unhurt ship's values
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
    for side in range(p.ships):
        at = ship(side)
        if f[f[H_FATES] + side] != IN:
            continue
        f[at + S_SHIELDS] = f[at + S_GENERATORS]
        if f[at + S_SHIELDS]:
            emit(rec, (EV_SHIELDS, side, f[at + S_SHIELDS]))


def shoot(p: Params, f: list[int], side: int, g: int, total: int, rng: list[int],
          rec: Recorder | None) -> int:
    """One full action: a gun fires at the ship's target; the damage it will deal (0 for a
    miss)."""
    at = ship(side)
    target = f[at + S_TARGET]
    needed = need(p, f, target, g, rng_of(p, f, side, target))
    first, second = skill_roll(rng, total, p.inclusive)
    after = 0 if f[at + S_AFTER] else f[f[H_AFTER] + side]
    dealt, steps, used = shot_outcome(first, first + second, needed, f[f[H_DAMAGE] + g],
                                      f[f[H_SUSTAIN] + g], after)
    if used:
        f[at + S_AFTER] = 1
    emit(rec, (EV_SHOT, side, g - side * p.n, total, needed, first, second, used * after,
               steps, dealt, target))
    return dealt


def best_target(p: Params, f: list[int], side: int, count: int) -> int:
    """The default commander's target of the `count` enemies in f[enemies] (R30): the one its
    whole turn hurts most at their range; of equals, the one that would hurt it most; then
    fleet order."""
    if count == 1:
        return f[f[H_ENEMIES]]
    found, best = -1, (0, 0)
    for k in range(count):
        e = f[f[H_ENEMIES] + k]
        rng, tailer = rng_of(p, f, side, e), tailer_of(p, f, side, e)
        key = (turn_value(p, f, side, e, rng, tailer), turn_value(p, f, e, side, rng, tailer))
        if found < 0 or key > best:
            found, best = e, key
    return found


def aim(p: Params, f: list[int], side: int, rec: Recorder | None) -> None:
    """The ship's target for the turn, chosen when the action step starts and again only when
    its target has left the fight or its reach (R30); a new target is a new plan."""
    at = ship(side)
    count = 0
    for e in range(p.ships):
        if in_reach(p, f, side, e):
            f[f[H_ENEMIES] + count] = e
            count += 1
    target = -1
    if count:
        target = best_target(p, f, side, count)
        if count > 1:
            target = ask(rec, side, Q_TARGET, (f, count), target)
    if target != f[at + S_TARGET]:
        f[at + S_TARGET] = target
        f[at + S_DIRTY] = 1
        for g in range(side * p.n, side * p.n + p.n):
            f[f[H_LOSES] + g] = 0  # what a lost system costs hangs on the target


def replan(p: Params, f: list[int], side: int, opening: bool, rec: Recorder | None) -> None:
    """The ship's plan for the rest of the turn (R16): made afresh when one of its systems has
    stopped or its target changed since it last planned, else the rows it has left; a user's
    captain is asked each time. Told when it is the turn's first plan or differs from the rows
    it had."""
    at = ship(side)
    target = f[at + S_TARGET]
    before = target
    if opening or target < 0 or not in_reach(p, f, side, target):
        aim(p, f, side, rec)
        target = f[at + S_TARGET]
    rows = f[H_PLANS] + side * 2 * p.n
    had = f[at + S_PLANNED]
    if rec is not None:  # told: keep the rows it had, to tell a changed plan
        for k in range(had):
            f[f[H_WAS] + k] = f[rows + k]
            f[f[H_WAS] + p.n + k] = f[rows + p.n + k]
    count = had
    if target < 0:
        count = 0
    else:
        rng, tailer = rng_of(p, f, side, target), tailer_of(p, f, side, target)
        if f[at + S_DIRTY] and opening and f[at + S_HURT] == 0:
            count = unhurt_plan(p, f, side, target, rng, tailer)
            f[at + S_DIRTY] = 0
        elif f[at + S_DIRTY]:
            count = plan(p, f, side, target, rng, tailer)
            f[at + S_DIRTY] = 0
        count = ask(rec, side, Q_PLAN, (f, rng, tailer), count)
    f[at + S_PLANNED] = count
    if rec is None:
        return
    same = count == had and not opening and target == before  # a new target: told
    for k in range(count):
        was = f[H_WAS] + k
        same = same and f[was] == f[rows + k] and f[was + p.n] == f[rows + p.n + k]
    if same:
        return
    if not opening:
        emit(rec, (EV_REPLAN, side, count, 1 if target != before else 0))
    for k in range(count):
        emit(rec, (EV_PLAN, side, f[rows + k] - side * p.n, f[rows + p.n + k], target))


def unhurt_plan(p: Params, f: list[int], side: int, target: int, rng: int, tailer: int) -> int:
    """`plan` for an unhurt ship as a turn opens (every hand free, no gun fired): the same in
    every battle of a series at this target and range, so kept across them, rows and each
    hand's gun (`unhurt_plans`: count + 1, n guns, n totals, the hands' guns)."""
    role = rng if rng != TAILING else (0 if tailer == side else 4)
    stride = 1 + 2 * p.n + p.crew
    cell = f[H_UNHURT_PLANS] + ((side * p.ships + target) * 5 + role) * stride
    rows = f[H_PLANS] + side * 2 * p.n
    hands = f[H_HAND_GUN] + side * p.crew
    if f[cell] == 0:
        count = plan(p, f, side, target, rng, tailer)
        f[cell] = count + 1
        for k in range(count):
            f[cell + 1 + k] = f[rows + k]
            f[cell + 1 + p.n + k] = f[rows + p.n + k]
        for hand in range(p.crew):
            f[cell + 1 + 2 * p.n + hand] = f[hands + hand]
        return count
    count = f[cell] - 1
    for k in range(count):
        f[rows + k] = f[cell + 1 + k]
        f[rows + p.n + k] = f[cell + 1 + p.n + k]
    for hand in range(p.crew):
        f[hands + hand] = f[cell + 1 + 2 * p.n + hand]
    return count


def next_shot(p: Params, f: list[int], side: int, rng: list[int], rec: Recorder | None) -> int:
    """The ship's first planned gun fires and the hands that serve it have acted for the turn:
    the damage it will deal, or -1 when it has nothing left to fire this turn."""
    at = ship(side)
    count = f[at + S_PLANNED]
    if count == 0:
        return -1
    rows = f[H_PLANS] + side * 2 * p.n
    g, total = f[rows], f[rows + p.n]
    for k in range(1, count):
        f[rows + k - 1] = f[rows + k]
        f[rows + p.n + k - 1] = f[rows + p.n + k]
    f[at + S_PLANNED] = count - 1
    f[f[H_FIRED] + g] = 1
    crew = side * p.crew
    for hand in range(p.crew):
        if f[f[H_HAND_GUN] + crew + hand] == g:
            f[f[H_SPENT] + crew + hand] = 1
            f[at + S_USED] += 1
    return shoot(p, f, side, g, total, rng, rec)


def exchange(p: Params, f: list[int], rng: list[int], rec: Recorder | None) -> int:
    """One exchange: each ship in the fight fires its first planned gun, every shot rolled
    before any lands (R16); the hits land in fleet order, side A's first, each on the shields
    and armour the ones before it left (R31). GOING, the battle's end, or -1 when everyone
    has passed."""
    fired = False
    for side in range(p.ships):
        at = ship(side)
        f[at + S_SHOT] = -1
        if f[f[H_FATES] + side] == IN:
            f[at + S_SHOT] = next_shot(p, f, side, rng, rec)
            fired = fired or f[at + S_SHOT] >= 0
    if not fired:
        emit(rec, (EV_PASS, -1))
        return -1
    lost = False
    for side in range(p.ships):
        dealt = f[ship(side) + S_SHOT]
        if dealt <= 0:
            continue
        target = f[ship(side) + S_TARGET]
        if f[f[H_FATES] + target] != IN:
            emit(rec, (EV_WASTED, side, target))  # destroyed earlier in this exchange
            continue
        lost = apply_hit(p, f, side, target, dealt, rec) or lost
    if not lost:  # nobody left the battle: it goes on
        return GOING
    ended = ending(p, f, -1)
    if ended != GOING:
        return ended
    # R28: a ship left at escaped from every enemy still in the fight has left it
    for side in range(p.ships):
        if f[f[H_FATES] + side] == IN and cut_off(p, f, side):
            leave(p, f, side, rec)
            ended = ending(p, f, side)
            if ended != GOING:
                return ended
    return GOING


def action_step(p: Params, f: list[int], rng: list[int], rec: Recorder | None) -> int:
    """Every ship chooses its target and plans (who fires which gun, who helps), then all take
    full actions together, planning again after each exchange with the guns and hands left,
    until everyone has passed (the seed; R14, R16, R30)."""
    for side in range(p.ships):
        at = ship(side)
        f[at + S_PLANNED] = 0
        f[at + S_USED] = 0
        f[at + S_AFTER] = 0
        f[at + S_DIRTY] = 1
        for g in range(side * p.n, side * p.n + p.n):
            f[f[H_FIRED] + g] = 0
            f[f[H_LOSES] + g] = 0  # what a lost system costs hangs on the range
        for hand in range(side * p.crew, side * p.crew + p.crew):
            f[f[H_SPENT] + hand] = 0
    opening = True
    while True:
        for side in range(p.ships):
            if f[f[H_FATES] + side] == IN:
                replan(p, f, side, opening, rec)
        opening = False
        ended = exchange(p, f, rng, rec)
        if ended < 0:
            return GOING
        if ended != GOING:
            return ended


def play_turn(p: Params, f: list[int], turn: int, rng: list[int], rec: Recorder | None) -> int:
    emit(rec, (EV_TURN, -1, turn))
    raise_shields(p, f, rec)
    ended = range_step(p, f, rng, rec)
    if ended != GOING:
        return ended
    return action_step(p, f, rng, rec)


def begin(fight: Fight) -> list[int]:
    """A battle's numbers as it begins."""
    f = fight.data.copy()
    restart(fight, f)
    return f


def restart(fight: Fight, f: list[int]) -> None:
    """f as the battle begins again (the fixed columns stay)."""
    for i in range(fight.p.size):
        f[i] = fight.data[i]
    for side in range(fight.p.ships):
        refresh(fight.p, f, side)
        f[ship(side) + S_HURT] = 0


def dealt(p: Params, f: list[int], side: int) -> int:
    """Damage dealt by a side's ships."""
    total = 0
    for s in range(p.ships):
        total += f[ship(s) + S_DEALT] * (side_of(p, s) == side)
    return total


def play_on(p: Params, f: list[int], rng: list[int], rec: Recorder | None
            ) -> tuple[int, int, int, int]:
    """A whole battle: (how it ended, turns played, damage dealt by side A, by side B); after
    `cap` turns it is a draw at the cap (R20). Each ship's fate is left in f[fates]."""
    for turn in range(1, p.cap + 1):
        ended = play_turn(p, f, turn, rng, rec)
        if ended != GOING:
            return ended, turn, dealt(p, f, 0), dealt(p, f, 1)
    return CAPPED, p.cap, dealt(p, f, 0), dealt(p, f, 1)


def play(fight: Fight, rng: list[int], rec: Recorder | None
         ) -> tuple[int, int, int, int, list[int]]:
    """A narrated battle: play_on's four numbers, then every ship's fate."""
    p = fight.p
    f = begin(fight)
    end, rounds, dealt_a, dealt_b = play_on(p, f, rng, rec)
    return end, rounds, dealt_a, dealt_b, f[f[H_FATES]:f[H_FATES] + p.ships]


def fights(fight: Fight, seed: int, first: int, count: int, rng: list[int], out: Any) -> None:
    f = begin(fight)  # once a chunk: each fight starts afresh from f[:size]
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        restart(fight, f)
        end, rounds, dealt_a, dealt_b = play_on(fight.p, f, rng, None)
        store(out, k, end, rounds, dealt_a, dealt_b, rng)
        store_fates(out, k, f[f[H_FATES]:f[H_FATES] + fight.p.ships])
