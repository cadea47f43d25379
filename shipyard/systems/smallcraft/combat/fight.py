"""smallcraft's fight rules, written once: the seed's six dphases on the hex map, Inflicting
Damage box by box, the endings of R8, and the default pilot's decisions.

A fight-rules module (the fight pattern, `shipyard.api`): plain functions over one int array
`a`, copied from its template at each fight: the dice stream, the fight's table (both craft,
padded to the same shapes; table.py lays it out from its readable `Params`) and the state. One
array and not three because compiled, each array a call passes costs a reference count in and
out, and those counts were half the time of a series. A narrated duel
runs them as Python on lists with a recorder, whose events narrator.py turns into words; a
series runs them compiled by Numba with none. Every die comes from the one stream; a user's own
pilot answers `ask` (pilot.py).

One dturn, each dphase acted in order of the pilots' reaction (Quickness plus a d10, rolled each
dturn, a tie rolled again):

1. power: each pilot shares its supply (6 cunits a power cbloc, R3) among its components.
2. movement: drives fire along the craft's facing; velocity stays as it is unless drives change
   it; then both craft move by their velocity.
3. facing: up to 60° (two half hex-sides) around.
4. beams: each beam that bears (its arc swept through the turn) within 15 dhexes may fire, a
   d100 at or under the gunner's skill, −5% a dhex/dturn the target moves (R10: who aims).
5. missiles in flight move toward their target and strike what they reach, one salvo a target
   (R6); one that has flown 15 dhexes is spent (R11).
6. missiles launch, appearing one dhex from the craft toward the target.

A craft out of the fight (R8: destroyed, crew lost) ends it at once; at the end of the dturn
come power lost, escape and lost contact, harmless, and disarmed-and-immobile.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from shipyard.api import LOST_CONTACT as LOST_CONTACT_FATE
from shipyard.api import (
    ask,
    derive_seed,
    die,
    emit,
    fleet_order,
    seed_stream,
    store,
    store_fates,
)
from shipyard.systems.smallcraft.combat.geometry import (
    EPS,
    S3,
    UNIT_A,
    UNIT_B,
    UNIT_C,
    UNIT_D,
    UNIT_X,
    UNIT_Y,
    angle15,
    bearing,
    hex_distance,
    in_arc,
    launch_hex,
    nearest_hex,
    sign_q3,
    speed,
    toward,
    transverse,
)

# sheet row kinds the rules read (table.KINDS names them all)
K_OTHER, K_DRIVE, K_BEAM, K_SCREENS, K_SENSORS, K_TUBES, K_POWER, K_CREW, K_ARMOR, \
    K_MISSILES = range(10)
N_KINDS = 10  # T_KIND_START holds N_KINDS + 1 entries a craft: where each kind's rows start

# `a`: the stream's five words first (`die` reads and writes a[0..4]), then this header, the
# count of flights in the air, the clock's unit vectors, every craft's numbers, then the tables
# and the state's parts where the header says. A header entry is a figure of the fight (the
# pilot's float wishes in thousandths), the stride of a table (a craft's table is padded to the
# largest craft's, craft · stride + i), or where a table (T_*) or a part of the state (S_*)
# starts in `a`. Craft are numbered 0..N_CRAFT − 1, side A's in fleet order, then side B's.
DTURN_CAP, GEOMETRY, START_RANGE, TRANSVERSE, RANGE_RULE, QUICKNESS_DIE, GUNNER_QUICKNESS, \
    LITERAL_SCREENS, MOVEMENT_PENALTY, PILOT_PENALTY, RANGE_PENALTY, RANGE_BEYOND, \
    GUNNER_QUICKNESS_PENALTY, SCREENS_RATIO, REACH, DETECTION, PER_SENSOR, PER_CBLOC, STANDOFF, \
    CLOSING_GAIN, MAX_CLOSING, HORIZON, STRICT_REMAINDER, EVASION, ROW_STRIDE, BOX_STRIDE, \
    DRIVE_STRIDE, BEAM_STRIDE, \
    MISSILE_STRIDE, ARMOR_STRIDE, G_STRIDE, COST_STRIDE, RING_SIZE, T_RING_Q, T_RING_R, \
    T_QUICKNESS, T_GUNNERY, T_COMPUTER, T_PILOT_FIRES, T_ROWS, T_KIND, T_BOXES, T_LAST_BOX, \
    T_BOX_COUNT, T_OWNER, T_ARMOR, T_ARMOR_COUNT, T_DRIVES, T_DRIVE_ROW, T_DRIVE_PUSH, T_BEAMS, \
    T_BEAM_ROW, T_BEAM_AIM, T_BEAM_TURRET, T_MAIN_BEAMS, T_MAIN_BEAM, T_MISSILE_KINDS, \
    T_MISSILE_ROW, T_MISSILE_MOVE, T_MISSILE_DAMAGE, T_MISSILE_PER_CBLOC, T_BEAM_OF_ROW, \
    T_MISSILE_OF_ROW, T_G_OF, T_COST_OF, T_PUSH_AWAY, T_BY_KIND, T_KIND_START, S_ALIVE, \
    S_DESTROYED, S_POWER, S_MOUNTS, S_MISSILES, S_THRUST, S_FLIGHTS, N_CRAFT, T_SIDE, \
    T_STEP_Q, T_STEP_R, S_ORDER, S_WORDER, S_GROUP, DEALT_A, DEALT_B, SPACING, \
    T_PILOTING, TIE_DIE, STALEMATE_AFTER = range(5, 93)
HEADER = 88

FLIGHTS = 93  # the flights in the air
# RULINGS C4: a side whose last craft left while its missiles still fly (its side + 1; 0: none),
# and the end its leaving will give once they have landed (the code and ended's four numbers)
OWED = FLIGHTS + 1
OWED_END = OWED + 1
# RULINGS C8: dturns in a row in which nothing could harm anyone (QUIET), and whether this dturn
# could (STIRRED: a box lost, or a shot with a chance above 0%)
QUIET = OWED_END + 5
STIRRED = QUIET + 1
# geometry's unit vector of each clock direction, (a, b, c, d), twelve of each: read from the
# array and not from a tuple, which compiled checks its index and could raise, and a call that
# could raise keeps its array's reference count (see INLINE)
U_A = STIRRED + 1
U_B, U_C, U_D = U_A + 12, U_A + 24, U_A + 36
CRAFT = U_A + 48
# each craft's numbers at fixed places, craft · NS + field, from CRAFT
# (the counts of surviving power, crew and tube boxes, and whether it is armed, are kept as damage
# comes, rather than summed over the sheet each time a rule asks: ARMED is −1 when unknown).
# TARGET: the enemy its pilot steers against this dturn; FATE: 0 while in the fight (survived,
# if the battle ends so), else ESCAPED_FATE or a lost code (FATE_LOST + the reason).
PA, PB, PC, PD, VA, VB, VC, VD, HQ, HR, BQ, BR, SPEED, FACING, FACING_BEFORE, TURNED, \
    LAUNCHED, LEFT, ARMOR_NEXT, SCORE, POWER_BOXES, CREW_BOXES, TUBE_BOXES, HAS_POWER, \
    HAS_CREW, ARMED, RUNNING, TARGET, FATE, FIRST_SCORE = range(CRAFT, CRAFT + 30)
NS = 30  # FIRST_SCORE: the dturn's first Quickness + d10, before any tie was rolled again
# one flight of missiles at a[S_FLIGHTS + slot · FW]; a flight flies, strikes or is spent
F_OWNER, F_MISSILE, F_COUNT, F_Q, F_R, F_MOVE, F_DAMAGE, F_FLOWN, F_FATE, F_TARGET = range(10)
FW = 10
FLYING, STRIKING, SPENT, STRUCK = 0, 1, 2, 3

# a craft's fate (the core's codes): in the fight or survived, escaped, lost contact
# (LOST_CONTACT_FATE, R8: drifted apart, no escape), or lost (FATE_LOST + DESTROYED, CREW_LOST,
# POWER_LOST or DISABLED); LEAVING marks a craft at the end of a dturn until all are looked at
IN_FIGHT, ESCAPED_FATE, FATE_LOST, LEAVING = 0, 2, 3, -2

# how a fight ends: a win is reason · 2 + winner; then the draws
DESTROYED, CREW_LOST, POWER_LOST, DISABLED = range(4)
ESCAPED, LOST_CONTACT, HARMLESS, BOTH_LOST, CAP = range(8, 13)
WON_ESCAPED = 13  # + the winner: the loser's last craft left by escaping, after losses
STALEMATE = 15  # RULINGS C8: no box lost and no shot with a chance for STALEMATE_AFTER dturns

# events (narrator.py): the code, the side (−1: both), then numbers
EV_START, EV_DTURN, EV_ROLL_ORDER, EV_ORDER, EV_WEAPON_ORDER, EV_POWER_ROW, EV_POWER, \
    EV_THRUST, EV_VELOCITY, EV_MOVE, EV_TURN, EV_SHOT, EV_HOLD, EV_SCREEN, EV_REROLL, EV_HIT, \
    EV_FLY, EV_SPENT, EV_SALVO, EV_THROUGH, EV_LAUNCH, EV_END, EV_RANK, EV_WEAPON_RANK, \
    EV_PLACE, EV_OUT, EV_FOLLOW, EV_EVADE, EV_OWED, EV_RUN_TIE, EV_GONE_FIRST = range(31)
# why a flight follows a new craft (EV_FOLLOW)
FOLLOW_EQUAL, FOLLOW_CONFUSED, FOLLOW_LOST = range(3)
# why a craft left the battle (EV_OUT): a lost reason (DESTROYED ...), or these
OUT_ESCAPED, OUT_LOST_CONTACT = 8, 9
UNIT_DHIT, UNIT_MISSILE = 0, 1
AIM_GUNNER, AIM_COMPUTER = 0, 1

# questions a user's own pilot answers (pilot.py): facts are (index, dturn); Q_BEGIN hands
# it the fight's array, (0, 0, a), once a fight
Q_BEGIN, Q_POWER, Q_THRUST, Q_TURN, Q_FIRE, Q_LAUNCH, Q_TARGET, Q_AIM = range(8)

# Compiled, these are inlined into their callers (shipyard.core.compiled): each dphase into
# one_dturn (called once a dturn each) and a few small, hot helpers. A compiled call that passes
# the array and may fail (any call that is not inlined may) counts a reference in and out of it,
# an atomic add each; those counts were the larger part of a series' time. Inlining everything
# made compiling far too slow; this set was measured (a series ~20% faster, compiling ~2 s
# longer). The default pilot's steering (issue 31) added _beams, burn, wanted_change,
# facing_wish and strongest: about a fifth off a series, under heavy load.
INLINE = ("powered", "mobile", "armor_box", "power_phase", "thrust_phase",
          "move", "turn_phase", "beam_phase", "missiles_fly", "launch_phase", "end_of_dturn",
          "_give", "armed", "_beams", "burn", "wanted_change", "facing_wish", "strongest",
          "foe_vector", "supply", "weapon_boxes", "_wanted", "along", "foe", "vector_to")


class Fight(NamedTuple):
    """What a fight starts from: its array as the first dturn finds it, the stream's place
    empty."""

    array: list[int]


def fights(p: Fight, seed: int, first: int, count: int, rng: Any, out: Any) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, dealt_a, dealt_b, lost = play(p, rng, None)
        store(out, k, end, rounds, dealt_a, dealt_b, rng)
        store_fates(out, k, lost)


def play(p: Fight, rng: Any, rec: Any) -> tuple[int, int, int, int, list[int]]:
    a = p.array.copy()
    for k in range(5):
        a[k] = rng[k]
    start(a, rec)
    for c in range(a[N_CRAFT]):
        ask(rec, c, Q_BEGIN, (0, 0, a), 0)
    end, rounds = -1, a[DTURN_CAP]
    for dturn in range(1, a[DTURN_CAP] + 1):
        end = one_dturn(a, rec, dturn)
        if end >= 0:
            rounds = dturn
            break
    if end < 0:
        end = CAP
        emit(rec, (EV_END, -1, CAP, a[DTURN_CAP]))
    for k in range(5):
        rng[k] = a[k]
    fates = [0] * a[N_CRAFT]
    for c in range(a[N_CRAFT]):
        fates[c] = a[c * NS + FATE]
    return end, rounds, a[DEALT_A], a[DEALT_B], fates


def start(a: list[int], rec: Any) -> None:
    """The formation ruling: side A's leader at the origin facing 12 o'clock, side B's
    start_range dhexes toward 12 o'clock, at rest; the random geometry puts B's leader anywhere
    on that ring, each side facing anywhere. Each side's other craft stand abreast of its
    leader, `spacing` dhexes apart across the side's facing: the next to its right, then its
    left, and so on outward."""
    if a[GEOMETRY] == 3:
        k = die(a, a[RING_SIZE]) - 1
        q, r = a[a[T_RING_Q] + k], a[a[T_RING_R] + k]
        fa = die(a, 12) - 1
        fb = die(a, 12) - 1
    else:
        q, r = 0, a[START_RANGE]
        fa, fb = 0, 6 if a[GEOMETRY] == 0 else 0 if a[GEOMETRY] == 1 else 3
    rank_a, rank_b = 0, 0
    for c in range(a[N_CRAFT]):
        o = c * NS
        if a[a[T_SIDE] + c] == 0:
            lq, lr, face, j = 0, 0, fa, rank_a
            rank_a += 1
        else:
            lq, lr, face, j = q, r, fb, rank_b
            rank_b += 1
        right = (face + 3) % 12
        steps = (j + 1) // 2 * (1 if j % 2 == 1 else -1)
        # a hex side's step is 1 dhex, a corner's 2 (see T_STEP_Q)
        steps *= a[SPACING] if right % 2 == 0 else a[SPACING] // 2
        hq = lq + steps * a[a[T_STEP_Q] + right]
        hr = lr + steps * a[a[T_STEP_R] + right]
        a[o + FACING] = face
        a[o + PB] = hq
        a[o + PC] = hq + 2 * hr
        locate(a, c)  # (its hex before the first move stays (0, 0), as duels always had it)
        emit(rec, (EV_PLACE, c, a[o + HQ], a[o + HR], face))
    choose_targets(a, rec, 0)
    emit(rec, (EV_START, -1, hex_distance(q, r)))


def locate(a: list[int], s: int) -> None:
    """The hex a craft is in, worked out once each time it moves."""
    o = s * NS
    q, r = nearest_hex(a[o + PA], a[o + PB], a[o + PC], a[o + PD], a[o + FACING])
    a[o + HQ] = q
    a[o + HR] = r


def apart(a: list[int], s: int, t: int) -> int:
    """Hex distance between two craft."""
    return hex_distance(a[t * NS + HQ] - a[s * NS + HQ], a[t * NS + HR] - a[s * NS + HR])


def side_of(a: list[int], c: int) -> int:
    return a[a[T_SIDE] + c]


def in_fight(a: list[int], c: int) -> bool:
    return a[c * NS + FATE] == IN_FIGHT


def left_in(a: list[int], side: int) -> int:
    """Craft of one side still in the fight."""
    n = 0
    for c in range(a[N_CRAFT]):
        if a[a[T_SIDE] + c] == side and a[c * NS + FATE] == IN_FIGHT:
            n += 1
    return n


def nearest_enemy(a: list[int], s: int, q: int, r: int) -> int:
    """The enemy of craft s still in the fight nearest hex (q, r); the first in fleet order on
    a tie; −1 with none."""
    best, best_d = -1, 0
    for c in range(a[N_CRAFT]):
        if a[a[T_SIDE] + c] != a[a[T_SIDE] + s] and a[c * NS + FATE] == IN_FIGHT:
            d = hex_distance(a[c * NS + HQ] - q, a[c * NS + HR] - r)
            if best < 0 or d < best_d:
                best, best_d = c, d
    return best


def choose_targets(a: list[int], rec: Any, dturn: int) -> None:
    """The default commander (RULINGS C2, C7): each craft steers against the nearest enemy its
    side knows of, keeping its present target on a tie (else the first in fleet order)."""
    for s in range(a[N_CRAFT]):
        o = s * NS
        if a[o + FATE] != IN_FIGHT:
            continue
        now = a[o + TARGET]
        best = nearest_known(a, s)
        if best < 0:  # no contact left: the battle ends this dturn (C4)
            best = nearest_enemy(a, s, a[o + HQ], a[o + HR])
        if best < 0:  # no enemy left in the battle, only its missiles (C4): nothing to pick
            continue
        if (dturn > 0 and now != best and now >= 0 and a[now * NS + FATE] == IN_FIGHT
                and known(a, s, now) and apart(a, s, now) == apart(a, s, best)):
            best = now
        a[o + TARGET] = ask(rec, s, Q_TARGET, (0, dturn), best)


def nearest_known(a: list[int], s: int) -> int:
    """RULINGS C7: the nearest enemy in the fight that craft s's side knows of, the first in
    fleet order on a tie; −1 with none. Every detection range is at least the base one, so an
    enemy that near is known, and only a farther nearest enemy costs the look at the side."""
    best = nearest_enemy(a, s, a[s * NS + HQ], a[s * NS + HR])
    if best < 0 or apart(a, s, best) <= a[DETECTION]:
        return best
    best, best_d = -1, 0
    for c in range(a[N_CRAFT]):
        if (a[a[T_SIDE] + c] != a[a[T_SIDE] + s] and a[c * NS + FATE] == IN_FIGHT
                and known(a, s, c)):
            d = apart(a, s, c)
            if best < 0 or d < best_d:
                best, best_d = c, d
    return best


def known(a: list[int], s: int, e: int) -> bool:
    """RULINGS C7: whether craft s's side knows of enemy e: some craft of the side in the fight
    (s too) and e are in contact, one within the other's detection range (R8)."""
    for c in range(a[N_CRAFT]):
        if (a[a[T_SIDE] + c] == a[a[T_SIDE] + s] and a[c * NS + FATE] == IN_FIGHT
                and (sees(a, c, e) or sees(a, e, c))):
            return True
    return False


def foe(a: list[int], s: int) -> int:
    """The enemy craft s steers against; a new one (the nearest its side knows of, C7; with
    none, the nearest: the battle ends this dturn, C4) when it has left the fight."""
    t = a[s * NS + TARGET]
    if a[t * NS + FATE] != IN_FIGHT:
        n = nearest_known(a, s)
        if n < 0:
            n = nearest_enemy(a, s, a[s * NS + HQ], a[s * NS + HR])
        if n >= 0:
            t = n
            a[s * NS + TARGET] = t
    return t


def one_dturn(a: list[int], rec: Any, dturn: int) -> int:
    """The six dphases; an end code when the fight is over, else −1."""
    emit(rec, (EV_DTURN, -1, dturn))
    if dturn > 1 and a[N_CRAFT] > 2:  # with one craft a side, each one's target is the other
        choose_targets(a, rec, dturn)
    m = initiative(a, rec)
    order = a[S_ORDER]
    for j in range(m):
        power_phase(a, rec, a[order + j], dturn)
    for j in range(m):
        thrust_phase(a, rec, a[order + j], dturn)
    move(a, rec)
    for j in range(m):
        turn_phase(a, rec, a[order + j], dturn)
    weapon_order(a, rec, m)
    worder = a[S_WORDER]
    for j in range(m):
        s = a[worder + j]
        if a[s * NS + FATE] == IN_FIGHT:
            end = beam_phase(a, rec, s, dturn)
            if end >= 0:
                return end
    end = missiles_fly(a, rec)
    if end >= 0:
        return end
    for j in range(m):
        s = a[worder + j]
        if a[s * NS + FATE] == IN_FIGHT:
            launch_phase(a, rec, s, dturn)
    return end_of_dturn(a, rec)


def initiative(a: list[int], rec: Any) -> int:
    """The order of this dturn's dphases (RULINGS C3): each craft in the fight rolls Quickness
    plus the die, highest first; craft that tie roll again, and the new rolls order them among
    themselves only (with the die off, or a d1, craft tied on Quickness roll the tie die,
    TIE_DIE, to order themselves: no side goes first by being listed first). Leaves the order at
    S_ORDER; the count of craft in it."""
    order, group = a[S_ORDER], a[S_GROUP]
    m = 0
    for c in range(a[N_CRAFT]):
        if a[c * NS + FATE] == IN_FIGHT:
            a[order + m] = c
            a[group + c] = 0
            a[c * NS + SCORE] = a[a[T_QUICKNESS] + c]
            a[c * NS + FIRST_SCORE] = a[c * NS + SCORE]
            m += 1
    if a[QUICKNESS_DIE] > 0:
        for j in range(m):
            c = a[order + j]
            rolled = die(a, a[QUICKNESS_DIE])
            emit(rec, (EV_ROLL_ORDER, c, rolled))
            a[c * NS + SCORE] = a[a[T_QUICKNESS] + c] + rolled
            a[c * NS + FIRST_SCORE] = a[c * NS + SCORE]
    rank(a, order, 0, m)
    groups = 0
    lo = 0
    while lo < m:
        c = a[order + lo]
        hi = lo + 1
        while (hi < m and a[a[order + hi] * NS + SCORE] == a[c * NS + SCORE]
               and a[group + a[order + hi]] == a[group + c]):
            hi += 1
        if hi - lo < 2:
            lo = hi
            continue
        groups += 1  # the tied craft roll again, in fleet order, as a group of their own
        fleet_order(a, order + lo, hi - lo)
        for j in range(lo, hi):
            x = a[order + j]
            rolled = die(a, a[TIE_DIE])
            emit(rec, (EV_ROLL_ORDER, x, rolled))
            a[x * NS + SCORE] = a[a[T_QUICKNESS] + x] + rolled
            a[group + x] = groups
        rank(a, order, lo, hi)
    if a[QUICKNESS_DIE] > 0 or groups > 0:
        for j in range(m):
            c = a[order + j]
            emit(rec, (EV_RANK, c, a[c * NS + SCORE]))
        emit(rec, (EV_ORDER, -1, m))
    return m


def rank(a: list[int], order: int, lo: int, hi: int) -> None:
    """Sort order[lo:hi] by score, highest first, keeping the order it had on a tie."""
    for j in range(lo + 1, hi):
        x = a[order + j]
        i = j
        while i > lo and a[a[order + i - 1] * NS + SCORE] < a[x * NS + SCORE]:
            a[order + i] = a[order + i - 1]
            i -= 1
        a[order + i] = x


def weapon_order(a: list[int], rec: Any, m: int) -> None:
    """Optional rule 2 of the phases: weapon dphases by the gunner's Quickness, a pilot who also
    fires taking a penalty; ties keep the order. Left at S_WORDER, followed by the craft out of
    the battle, whose missiles still fly (C5): a side's in fleet order, and when both sides'
    have missiles in the air a d2 says whose go first (1: side A's), told."""
    order, worder = a[S_ORDER], a[S_WORDER]
    for j in range(m):
        a[worder + j] = a[order + j]
    flying_a, flying_b = False, False
    for j in range(a[FLIGHTS]):
        owner = a[a[S_FLIGHTS] + j * FW + F_OWNER]
        if a[owner * NS + FATE] != IN_FIGHT:
            if a[a[T_SIDE] + owner] == 0:
                flying_a = True
            else:
                flying_b = True
    first = 0
    if flying_a and flying_b:
        first = die(a, 2) - 1
        emit(rec, (EV_GONE_FIRST, first))
    k = m
    for side in (first, 1 - first):
        for c in range(a[N_CRAFT]):
            if a[c * NS + FATE] != IN_FIGHT and a[a[T_SIDE] + c] == side:
                a[worder + k] = c
                k += 1
    if a[GUNNER_QUICKNESS] == 0:
        return
    changed = False
    for j in range(1, m):
        x = a[worder + j]
        i = j
        while i > 0 and (_weapon_score(a, a[worder + i - 1]) < _weapon_score(a, x)):
            a[worder + i] = a[worder + i - 1]
            i -= 1
            changed = True
        a[worder + i] = x
    if changed:
        for j in range(m):
            c = a[worder + j]
            emit(rec, (EV_WEAPON_RANK, c, _weapon_score(a, c)))
        emit(rec, (EV_WEAPON_ORDER, -1, m))


def _weapon_score(a: list[int], c: int) -> int:
    """The gunner's score: the dturn's first roll (C3: a tie's new roll orders the tied craft
    among themselves only, never against the others), less the penalty of a pilot who fires."""
    return a[c * NS + FIRST_SCORE] - a[GUNNER_QUICKNESS_PENALTY] * a[a[T_PILOT_FIRES] + c]


# --- what a craft has and can do ----------------------------------------------------------


def supply(a: list[int], s: int) -> int:
    """Cunits its surviving power boxes give (a loss takes effect next dturn)."""
    return a[s * NS + POWER_BOXES] * a[PER_CBLOC]


def powered(a: list[int], s: int, kind: int) -> int:
    """Boxes of one kind at work: surviving and powered."""
    total = 0
    base = s * a[ROW_STRIDE]
    rows, alive, power = a[T_BY_KIND] + base, a[S_ALIVE] + base, a[S_POWER] + base
    at = a[T_KIND_START] + s * (N_KINDS + 1) + kind
    for j in range(a[at], a[at + 1]):  # the rows of that kind only, in sheet order
        r = a[rows + j]
        total += min(a[alive + r], a[power + r])
    return total


def detection(a: list[int], s: int) -> int:
    """20 dhexes plus twice the working sensors' range."""
    return a[DETECTION] + a[PER_SENSOR] * powered(a, s, K_SENSORS)


def weapon_boxes(a: list[int], s: int, i: int) -> int:
    left = a[a[S_ALIVE] + s * a[ROW_STRIDE] + a[a[T_BEAM_ROW] + s * a[BEAM_STRIDE] + i]]
    k = s * a[BEAM_STRIDE] + i
    return left - a[a[S_MOUNTS] + k] if a[a[T_BEAM_TURRET] + k] else left


def beam_dhits(a: list[int], s: int, i: int) -> int:
    """dhits a beam deals at its surviving cblocs and its power: a turret's mount, while it
    lasts, takes the first cunit (R5)."""
    usable = a[a[S_POWER] + s * a[ROW_STRIDE] + a[a[T_BEAM_ROW] + s * a[BEAM_STRIDE] + i]]
    if a[a[T_BEAM_TURRET] + s * a[BEAM_STRIDE] + i]:
        usable -= a[a[S_MOUNTS] + s * a[BEAM_STRIDE] + i]
    return max(0, min(weapon_boxes(a, s, i), usable))


def drive_g(a: list[int], s: int, d: int) -> int:
    """G a drive gives now: its surviving cblocs, as far as they are powered (R1)."""
    row = s * a[ROW_STRIDE] + a[a[T_DRIVE_ROW] + s * a[DRIVE_STRIDE] + d]
    return a[a[T_G_OF] + s * a[G_STRIDE] + min(a[a[S_ALIVE] + row], a[a[S_POWER] + row])]


def missiles_left(a: list[int], s: int) -> int:
    total = 0
    for i in range(a[a[T_MISSILE_KINDS] + s]):
        total += a[a[S_MISSILES] + s * a[MISSILE_STRIDE] + i]
    return total


def tubes_ready(a: list[int], s: int) -> int:
    """Tubes powered and not yet used this dturn (a tube fires one missile a cunit)."""
    return max(0, powered(a, s, K_TUBES) - a[s * NS + LAUNCHED])


def armed(a: list[int], s: int) -> bool:
    """A weapon it can fire (R8): a beam with a weapon cbloc and the power for it (a turret's
    mount takes the first cunit), or a missile, a tube and a cunit. Power is what its
    surviving power boxes give (a loss takes effect next dturn)."""
    if a[s * NS + ARMED] < 0:  # worked out once after each change (one exit: see INLINE)
        cunits = supply(a, s)
        found = 0
        for i in range(a[a[T_BEAMS] + s]):
            if found == 0 and a[a[T_BEAM_AIM] + s * a[BEAM_STRIDE] + i] >= 0:
                k = s * a[BEAM_STRIDE] + i
                need = 1 + a[a[S_MOUNTS] + k] if a[a[T_BEAM_TURRET] + k] else 1
                if weapon_boxes(a, s, i) > 0 and cunits >= need:
                    found = 1
        if (found == 0 and a[s * NS + TUBE_BOXES] > 0 and missiles_left(a, s) > 0
                and cunits >= 1):
            found = 1
        a[s * NS + ARMED] = found
    return a[s * NS + ARMED] == 1


def mobile(a: list[int], s: int) -> bool:
    """A drive that acts in 2D with the boxes and the power for 1G."""
    cunits = supply(a, s)
    for d in range(a[a[T_DRIVES] + s]):
        if a[a[T_DRIVE_PUSH] + s * a[DRIVE_STRIDE] + d] >= 0:
            left = a[a[S_ALIVE] + s * a[ROW_STRIDE] + a[a[T_DRIVE_ROW] + s * a[DRIVE_STRIDE] + d]]
            if a[a[T_G_OF] + s * a[G_STRIDE] + min(left, cunits)] > 0:
                return True
    return False


def foe_vector(a: list[int], s: int) -> tuple[int, int]:
    o, f = s * NS, foe(a, s) * NS
    return a[f + HQ] - a[o + HQ], a[f + HR] - a[o + HR]


def vector_to(a: list[int], s: int, t: int) -> tuple[int, int]:
    return a[t * NS + HQ] - a[s * NS + HQ], a[t * NS + HR] - a[s * NS + HR]


def bears(a: list[int], s: int, i: int, dq: int, dr: int) -> bool:
    """Whether beam i bears on hex vector (dq, dr): a fixed beam's 30° wedge or a turret's 30°
    either side of its aim, swept through this dturn's turn (it may fire part-way through)."""
    aim = a[a[T_BEAM_AIM] + s * a[BEAM_STRIDE] + i]
    if aim < 0:
        return False
    k = s * a[BEAM_STRIDE] + i
    half = 1 + a[a[S_MOUNTS] + k] if a[a[T_BEAM_TURRET] + k] else 1
    turned = a[s * NS + TURNED]
    low_clock = a[s * NS + FACING_BEFORE] + aim + max(turned, 0)
    low = (angle15(low_clock) - half) % 24
    return in_arc(low, 2 * abs(turned) + 2 * half, dq, dr)


def can_fire(a: list[int], s: int, i: int, t: int) -> bool:
    """Whether beam i of craft s can fire at craft t now: in reach, bearing, powered, and
    known to its side (RULINGS C7: within the base detection range it always is, so only a
    catalog's reach beyond it looks further)."""
    dq, dr = vector_to(a, s, t)
    d = hex_distance(dq, dr)
    return (beam_dhits(a, s, i) > 0 and d <= a[REACH] and bears(a, s, i, dq, dr)
            and (d <= a[DETECTION] or known(a, s, t)))


def beam_target(a: list[int], s: int, i: int) -> int:
    """The default commander's target for beam i (RULINGS C2): the craft's own target when the
    beam can fire at it, else the nearest other enemy in the fight it can fire at (the first in
    fleet order on a tie); −1 when it can fire at none."""
    t = foe(a, s)
    if a[t * NS + FATE] == IN_FIGHT and can_fire(a, s, i, t):
        return t
    best, best_d = -1, 0
    for c in range(a[N_CRAFT]):
        if (c != t and a[a[T_SIDE] + c] != a[a[T_SIDE] + s] and a[c * NS + FATE] == IN_FIGHT
                and can_fire(a, s, i, c)):
            d = apart(a, s, c)
            if best < 0 or d < best_d:
                best, best_d = c, d
    return best


# --- dPhase 1: power -----------------------------------------------------------------------


def power_phase(a: list[int], rec: Any, s: int, dturn: int) -> None:
    plan(a, s)
    base = s * a[ROW_STRIDE]
    total = 0
    for r in range(a[a[T_ROWS] + s]):
        a[a[S_POWER] + base + r] = ask(rec, s, Q_POWER, (r, dturn), a[a[S_POWER] + base + r])
        if a[a[S_POWER] + base + r] > 0:
            emit(rec, (EV_POWER_ROW, s, r, a[a[S_POWER] + base + r]))
            total += a[a[S_POWER] + base + r]
    emit(rec, (EV_POWER, s, total, supply(a, s)))
    a[s * NS + LAUNCHED] = 0


def launch_wish(a: list[int], s: int, i: int, room: int, slack: int) -> int:
    """The default pilot's missiles from row i: only at a target within the reach of craft
    weaponry that they catch (faster than it moves) within its horizon, as many as `room`
    tubes take. `slack`: dhexes the range may yet close before the launch."""
    dq, dr = foe_vector(a, s)
    apart = hex_distance(dq, dr)
    move_ = a[a[T_MISSILE_MOVE] + s * a[MISSILE_STRIDE] + i]
    if (move_ > a[foe(a, s) * NS + SPEED] and apart <= 1 + move_ * a[HORIZON]
            and apart <= a[REACH] + slack):
        return min(a[a[S_MISSILES] + s * a[MISSILE_STRIDE] + i], room)
    return 0


def plan(a: list[int], s: int) -> None:
    """The default pilot's dPhase 1: power for the beams, then the screens, the tubes a launch
    needs, the drives for this dturn's burn (kept at S_THRUST), the sensors with the rest.
    With the range opening, the drives come before the screens, and out of beam reach before
    the beams too: the craft must move to fight."""
    o, f = s * NS, foe(a, s) * NS
    base = s * a[ROW_STRIDE]
    for r in range(a[a[T_ROWS] + s]):
        a[a[S_POWER] + base + r] = 0
    for d in range(a[a[T_DRIVES] + s]):
        a[a[S_THRUST] + s * a[DRIVE_STRIDE] + d] = 0
    left = supply(a, s)
    if a[f + FATE] != IN_FIGHT:  # no enemy left, only its missiles (C4): screens, no burn
        left = _give(a, s, K_SCREENS, left, left)
        _give(a, s, K_SENSORS, left, left)
        return
    dq, dr = foe_vector(a, s)
    apart = hex_distance(dq, dr)
    within = apart <= a[REACH]
    closing = within and apart <= hex_distance(a[f + BQ] - a[o + BQ], a[f + BR] - a[o + BR])
    if not within:
        left = burn(a, s, left)
    left = _beams(a, s, left)
    if closing:
        left = _give(a, s, K_SCREENS, left, left)
    room = min(a[o + TUBE_BOXES], left)
    wanted = 0
    for i in range(a[a[T_MISSILE_KINDS] + s]):
        n = launch_wish(a, s, i, room, a[o + SPEED] + a[f + SPEED])
        room -= n
        wanted += n
    left = _give(a, s, K_TUBES, left, wanted)
    if within:
        left = burn(a, s, left)
    if not closing:
        left = _give(a, s, K_SCREENS, left, left)
    _give(a, s, K_SENSORS, left, left)


def _beams(a: list[int], s: int, left: int) -> int:
    """Power for every 2D beam in sheet order, as far as `left` goes; what is left."""
    base = s * a[ROW_STRIDE]
    aims, rows = a[T_BEAM_AIM] + s * a[BEAM_STRIDE], a[T_BEAM_ROW] + s * a[BEAM_STRIDE]
    for i in range(a[a[T_BEAMS] + s]):
        if a[aims + i] >= 0:
            give = min(a[a[S_ALIVE] + base + a[rows + i]], left)
            a[a[S_POWER] + base + a[rows + i]] = give
            left -= give
    return left


def burn(a: list[int], s: int, left: int) -> int:
    """This dturn's burn, powered from `left` (kept at S_THRUST): each drive, in sheet order,
    fires the whole G nearest (a half rounded down) to what is left of the pilot's wanted
    velocity change along its push (`wanted_change`). The cunits left."""
    o = s * NS
    base = s * a[ROW_STRIDE]
    ca, cb, cc, cd = wanted_change(a, s)
    for d in range(a[a[T_DRIVES] + s]):
        push = a[a[T_DRIVE_PUSH] + s * a[DRIVE_STRIDE] + d]
        if push < 0:
            continue
        k = (a[o + FACING] + push) % 12
        row = base + a[a[T_DRIVE_ROW] + s * a[DRIVE_STRIDE] + d]
        most = a[a[T_G_OF] + s * a[G_STRIDE] + min(a[a[S_ALIVE] + row], left)]
        g = min(max(nearest_g(ca, cb, cc, cd, k), 0), most) if most > 0 else 0
        a[a[S_POWER] + row] = a[a[T_COST_OF] + s * a[COST_STRIDE] + g]
        left -= a[a[T_COST_OF] + s * a[COST_STRIDE] + g]
        ca -= g * a[U_A + k] * SCALE
        cb -= g * a[U_B + k] * SCALE
        cc -= g * a[U_C + k] * SCALE
        cd -= g * a[U_D + k] * SCALE
        a[a[S_THRUST] + s * a[DRIVE_STRIDE] + d] = g
    return left


# The default pilot steers in whole numbers, as the rules are played: a velocity change is kept
# as (a, b, c, d) meaning x = (a + b√3) / (2·SCALE), y = (c + d√3) / (2·SCALE) dhexes/dturn
# (the pilot's figures are in thousandths, and a difference is halved), so the same state gives
# the same burn compiled or not, with no float's last bit to decide a G.
SCALE = 4000
PER_SCALE = 1 / (4 * SCALE)  # a product where a quotient could raise (see INLINE)
FLEE = 1000  # dhexes/dturn: "as hard as the drives allow", a change no drive reaches


def wanted_change(a: list[int], s: int) -> tuple[int, int, int, int]:
    """The velocity change the default pilot wants (RULINGS, the default pilot), exactly.

    Armed against an armed foe, it wants a velocity relative to the foe made of a closing speed
    along the line to it (`closing_gain` a dhex beyond the standoff, at most `max_closing`,
    negative inside the standoff) and, within beam reach, `evasion` across the line, on the side
    the craft already drifts to (its own speed is a defence: the foe's gunnery loses 5% a
    dhex/dturn of it). It asks for half the difference from its velocity relative to the foe
    when the foe can manoeuvre too (each steers half the way; alone, the whole). With no weapon
    left it flees straight away from the foe. A foe with no weapon left it chases the same way
    while `worth_chasing`; otherwise it holds its course."""
    dq, dr = foe_vector(a, s)
    return _wanted(a, s, dq, dr, bearing(dq, dr, a[s * NS + FACING]))


def _wanted(a: list[int], s: int, dq: int, dr: int, k: int) -> tuple[int, int, int, int]:
    """`wanted_change`, the foe at hex vector (dq, dr), clock direction k (its bearing)."""
    enemy = foe(a, s)
    o, f = s * NS, enemy * NS
    if not armed(a, s):
        back = (k + 6) % 12
        return (a[U_A + back] * FLEE * SCALE, a[U_B + back] * FLEE * SCALE,
                a[U_C + back] * FLEE * SCALE, a[U_D + back] * FLEE * SCALE)
    apart = hex_distance(dq, dr)
    if not armed(a, enemy) and not worth_chasing(a, s, apart):
        return 0, 0, 0, 0
    most = a[MAX_CLOSING]
    closing = min(max(a[CLOSING_GAIN] * (apart * 1000 - a[STANDOFF]) // 1000, -most), most)
    # relative velocity, in thousandths ×2 (SCALE), less the wanted one
    half = SCALE // 2  # the difference is worked out halved, so half of it stays whole
    ra = (a[o + VA] - a[f + VA]) * half - 2 * closing * a[U_A + k]
    rb = (a[o + VB] - a[f + VB]) * half - 2 * closing * a[U_B + k]
    rc = (a[o + VC] - a[f + VC]) * half - 2 * closing * a[U_C + k]
    rd = (a[o + VD] - a[f + VD]) * half - 2 * closing * a[U_D + k]
    if apart <= a[REACH] and a[EVASION] > 0:
        # across the line: clockwise round the foe, unless it already drifts the other way
        t = (k + 3) % 12
        if along(a[o + VA] - a[f + VA], a[o + VB] - a[f + VB], a[o + VC] - a[f + VC],
                 a[o + VD] - a[f + VD], t) < 0:
            t = (k + 9) % 12
        ra -= 2 * a[EVASION] * a[U_A + t]
        rb -= 2 * a[EVASION] * a[U_B + t]
        rc -= 2 * a[EVASION] * a[U_C + t]
        rd -= 2 * a[EVASION] * a[U_D + t]
    if mobile(a, enemy):
        return -ra, -rb, -rc, -rd
    return -2 * ra, -2 * rb, -2 * rc, -2 * rd


def worth_chasing(a: list[int], s: int, apart: int) -> bool:
    """Whether the default pilot chases a foe with no weapon left: within beam reach, with a
    drive stronger than the foe's best, and while its gunnery against the foe's speed is still
    above 0 (the runner gains speed each dturn, and with it 5% a dturn off the chaser's aim)."""
    t = foe(a, s)
    f = t * NS
    aim = (a[a[T_GUNNERY] + s] - a[PILOT_PENALTY] * a[a[T_PILOT_FIRES] + s]
           - a[MOVEMENT_PENALTY] * a[f + SPEED])
    return apart <= a[REACH] and aim > 0 and top_g(a, s) > top_g(a, t)


def top_g(a: list[int], s: int) -> int:
    """The most G one of its 2D drives gives now, at its surviving boxes and full power."""
    return strongest(a, s) // 12


def strongest(a: list[int], s: int) -> int:
    """Its strongest 2D drive now, at its surviving boxes and full power, as G · 12 + its push
    (the first in sheet order on a tie; the design's strongest when none gives a G)."""
    cunits = supply(a, s)
    most, push = 0, a[a[T_PUSH_AWAY] + s]
    for d in range(a[a[T_DRIVES] + s]):
        if a[a[T_DRIVE_PUSH] + s * a[DRIVE_STRIDE] + d] >= 0:
            left = a[a[S_ALIVE] + s * a[ROW_STRIDE] + a[a[T_DRIVE_ROW] + s * a[DRIVE_STRIDE] + d]]
            g = a[a[T_G_OF] + s * a[G_STRIDE] + min(left, cunits)]
            if g > most:
                most, push = g, a[a[T_DRIVE_PUSH] + s * a[DRIVE_STRIDE] + d]
    return most * 12 + push


def along(va: int, vb: int, vc: int, vd: int, k: int) -> int:
    """The sign of the part of (va, vb, vc, vd) along clock direction k, exactly. (Whole
    numbers in and out, no array: a compiled call with none costs no reference count.)"""
    ua, ub, uc, ud = UNIT_A[k], UNIT_B[k], UNIT_C[k], UNIT_D[k]
    return sign_q3(va * ua + 3 * vb * ub + vc * uc + 3 * vd * ud,
                   va * ub + vb * ua + vc * ud + vd * uc)


def steepest(ca: int, cb: int, cc: int, cd: int, face: int) -> int:
    """The clock direction that takes the most of change (ca, cb, cc, cd), exactly (on a tie
    the one nearer the craft's facing `face`: never the map's, so mirror-image craft choose
    alike; no two directions are as near as each other when they tie). A float finds the
    direction nearest the change and exact comparisons settle it among that one and its two
    neighbours, which hold every direction
    that can take the most (the others are 45° or more off it: a float would need to be ~15°
    out); a change too small for its float to point anywhere compares all twelve."""
    x, y = ca + cb * S3, cc + cd * S3
    lo, count = 0, 12
    if abs(x) + abs(y) > (abs(ca) + 2 * abs(cb) + abs(cc) + 2 * abs(cd)) * 1e-6:
        guess, top = 0, y
        for k in range(1, 12):
            v = x * UNIT_X[k] + y * UNIT_Y[k]
            if v > top:
                guess, top = k, v
        lo, count = guess + 11, 3  # the one before it, it, and the one after
    best, bp, bq = -1, 0, 0
    for j in range(count):
        k = (lo + j) % 12
        ua, ub, uc, ud = UNIT_A[k], UNIT_B[k], UNIT_C[k], UNIT_D[k]
        p = ca * ua + 3 * cb * ub + cc * uc + 3 * cd * ud
        q = ca * ub + cb * ua + cc * ud + cd * uc
        more = 1 if best < 0 else sign_q3(p - bp, q - bq)
        if more > 0 or (more == 0 and _turn(face, k) < _turn(face, best)):
            best, bp, bq = k, p, q
    return best


def _turn(face: int, k: int) -> int:
    """Half hex-sides between facing `face` and clock direction k, either way round."""
    return min((k - face) % 12, (face - k) % 12)


def nearest_g(ca: int, cb: int, cc: int, cd: int, k: int) -> int:
    """The whole number nearest the part of change (ca, cb, cc, cd) along clock direction k, a
    half rounded down, exactly: x = (p + q√3) / (4·SCALE), and n is the one with
    (2n − 1)·2·SCALE < p + q√3 ≤ (2n + 1)·2·SCALE. (The float floor(0.5 − x) it replaces
    could fall either way on a half.)"""
    ua, ub, uc, ud = UNIT_A[k], UNIT_B[k], UNIT_C[k], UNIT_D[k]
    p = ca * ua + 3 * cb * ub + cc * uc + 3 * cd * ud
    q = ca * ub + cb * ua + cc * ud + cd * uc
    x = p + q * S3
    n = -math.floor(0.5 - x * PER_SCALE)  # a guess, at most one out
    # the guess stands where the float is clearly inside its bounds (the test sign_q3 makes
    # first; the pilot's G is mostly decided here, and the exact steps below cost 4 of them)
    trust = (abs(p) + 2 * abs(q)) * EPS
    if x - (2 * n + 1) * 2 * SCALE < -trust and x - (2 * n - 1) * 2 * SCALE > trust:
        return n
    for _ in range(2):
        if sign_q3(p - (2 * n + 1) * 2 * SCALE, q) > 0:
            n += 1
        if sign_q3(p - (2 * n - 1) * 2 * SCALE, q) <= 0:
            n -= 1
    return n


def beyond_half(ca: int, cb: int, cc: int, cd: int, k: int) -> bool:
    """Whether the part of change (ca, cb, cc, cd) along clock direction k is more than half a
    G, exactly: its nearest whole G (`nearest_g`, a half down) is 1 or more."""
    ua, ub, uc, ud = UNIT_A[k], UNIT_B[k], UNIT_C[k], UNIT_D[k]
    p = ca * ua + 3 * cb * ub + cc * uc + 3 * cd * ud
    q = ca * ub + cb * ua + cc * ud + cd * uc
    return sign_q3(p - 2 * SCALE, q) > 0


def _give(a: list[int], s: int, kind: int, left: int, wanted: int) -> int:
    """Power rows of one kind in sheet order, up to `wanted` cunits; what is left."""
    # where the tables are, read once: the compiled loop must otherwise reload them after each
    # store into the same array
    base = s * a[ROW_STRIDE]
    rows, alive, power = a[T_BY_KIND] + base, a[S_ALIVE] + base, a[S_POWER] + base
    at = a[T_KIND_START] + s * (N_KINDS + 1) + kind
    for j in range(a[at], a[at + 1]):  # the rows of that kind only, in sheet order
        r = a[rows + j]
        give = min(a[alive + r], wanted, left)
        a[power + r] = give
        left -= give
        wanted -= give
    return left


# --- dPhases 2 and 3: movement and facing --------------------------------------------------


def thrust_phase(a: list[int], rec: Any, s: int, dturn: int) -> None:
    """Drives fire along the craft's facing. Whether the pilot ran this dturn (R8: its burn
    pushed it away from the foe) is kept for the end of the dturn."""
    o = s * NS
    fired = 0
    ta, tb, tc, td = 0, 0, 0, 0
    for d in range(a[a[T_DRIVES] + s]):
        g = ask(rec, s, Q_THRUST, (d, dturn), a[a[S_THRUST] + s * a[DRIVE_STRIDE] + d])
        if g > 0:
            k = (a[o + FACING] + a[a[T_DRIVE_PUSH] + s * a[DRIVE_STRIDE] + d]) % 12
            ta += g * a[U_A + k]
            tb += g * a[U_B + k]
            tc += g * a[U_C + k]
            td += g * a[U_D + k]
            fired += 1
            emit(rec, (EV_THRUST, s, d, g))
    a[o + RUNNING] = 0
    if fired:
        a[o + VA] += ta
        a[o + VB] += tb
        a[o + VC] += tc
        a[o + VD] += td
        a[o + SPEED] = speed(a[o + VA], a[o + VB], a[o + VC], a[o + VD])
        dq, dr = foe_vector(a, s)
        # the burn against the line from the foe to the craft, (0, −dq, −dq − 2dr, 0)
        if sign_q3(-tc * (dq + 2 * dr) - 3 * tb * dq, -ta * dq - td * (dq + 2 * dr)) > 0:
            a[o + RUNNING] = 1
    emit(rec, (EV_VELOCITY, s, a[o + VA], a[o + VB], a[o + VC], a[o + VD]))


def move(a: list[int], rec: Any) -> None:
    for s in range(a[N_CRAFT]):
        o = s * NS
        if a[o + FATE] != IN_FIGHT:
            continue
        a[o + BQ] = a[o + HQ]
        a[o + BR] = a[o + HR]
        if a[o + VA] != 0 or a[o + VB] != 0 or a[o + VC] != 0 or a[o + VD] != 0:
            a[o + PA] += a[o + VA]
            a[o + PB] += a[o + VB]
            a[o + PC] += a[o + VC]
            a[o + PD] += a[o + VD]
            locate(a, s)
        emit(rec, (EV_PLACE, s, a[o + HQ], a[o + HR], -1))
    emit(rec, (EV_MOVE, -1, apart(a, 0, a[N_CRAFT] - 1)))


def turn_wish(a: list[int], s: int) -> int:
    """The default pilot's dPhase 3: up to 60° toward the facing it wants (`facing_wish`)."""
    o = s * NS
    if a[foe(a, s) * NS + FATE] != IN_FIGHT:  # no enemy left, only its missiles: it holds (C4)
        return 0
    return min(max((facing_wish(a, s) - a[o + FACING] + 6) % 12 - 6, -2), 2)


def facing_wish(a: list[int], s: int) -> int:
    """The facing the default pilot wants: its best working beam on the foe; but out of beam
    reach, with the range opening, or closing a G or more faster than it wants, its strongest
    drive along the velocity change it wants when that gets at least a G more than the drives
    do as it fires (`wanted_change`: facing and velocity are independent, so it turns to burn,
    then back to fire); with no weapon left, its strongest drive's push away from the foe."""
    o = s * NS
    dq, dr = foe_vector(a, s)
    ahead = bearing(dq, dr, a[o + FACING])
    push = strongest(a, s) % 12  # the drive that still gives the most G
    if not armed(a, s):
        return (ahead + 6 - push) % 12
    aim = 0
    for j in range(a[a[T_MAIN_BEAMS] + s]):
        i = a[a[T_MAIN_BEAM] + s * a[BEAM_STRIDE] + j]
        if weapon_boxes(a, s, i) > 0:
            aim = a[a[T_BEAM_AIM] + s * a[BEAM_STRIDE] + i]
            break
    fire = (ahead - aim) % 12
    f = foe(a, s) * NS
    before = hex_distance(a[f + BQ] - a[o + BQ], a[f + BR] - a[o + BR])
    apart = hex_distance(dq, dr)
    ca, cb, cc, cd = _wanted(a, s, dq, dr, ahead)
    # within reach, the range not opening and less than a G wanted away from the foe (its
    # nearest whole G is under 1: the part away is at most half a G), it faces to fire
    if (apart <= a[REACH] and apart <= before
            and not beyond_half(ca, cb, cc, cd, (ahead + 6) % 12)):
        return fire
    best = steepest(ca, cb, cc, cd, a[o + FACING])
    best_g = nearest_g(ca, cb, cc, cd, best)
    if best_g < 1:
        return fire
    firing = 0
    for d in range(a[a[T_DRIVES] + s]):
        side = a[a[T_DRIVE_PUSH] + s * a[DRIVE_STRIDE] + d]
        if side >= 0 and firing < best_g:  # once the drives as it fires match it, it fires
            firing = max(firing, nearest_g(ca, cb, cc, cd, (fire + side) % 12))
    if best_g >= firing + 1:
        return (best - push) % 12
    return fire


def turn_phase(a: list[int], rec: Any, s: int, dturn: int) -> None:
    o = s * NS
    delta = ask(rec, s, Q_TURN, (0, dturn), turn_wish(a, s))
    a[o + FACING_BEFORE] = a[o + FACING]
    a[o + TURNED] = delta
    a[o + FACING] = (a[o + FACING] + delta) % 12
    if delta != 0:
        emit(rec, (EV_TURN, s, delta, a[o + FACING]))


# --- dPhase 4: beams, and Inflicting Damage -------------------------------------------------


def beam_phase(a: list[int], rec: Any, s: int, dturn: int) -> int:
    """Each beam fires at the target its gunner chooses (`beam_target`, or a user's pilot)."""
    fired = 0
    for i in range(a[a[T_BEAMS] + s]):
        t = foe(a, s)
        if a[t * NS + FATE] != IN_FIGHT or not can_fire(a, s, i, t):  # another enemy, if any
            t = beam_target(a, s, i) if a[N_CRAFT] > 2 else -1
        if ask(rec, s, Q_FIRE, (i, dturn), 1 if t >= 0 else 0):
            t = ask(rec, s, Q_AIM, (i, dturn), t)
            fired += 1
            end = shoot(a, rec, s, i, t)
            if end >= 0:
                return end
    if fired == 0:
        t = foe(a, s)
        dq, dr = vector_to(a, s, t)
        if hex_distance(dq, dr) <= a[REACH] and a[t * NS + FATE] == IN_FIGHT:
            for i in range(a[a[T_BEAMS] + s]):
                if a[a[T_BEAM_AIM] + s * a[BEAM_STRIDE] + i] >= 0 and beam_dhits(a, s, i) > 0:
                    emit(rec, (EV_HOLD, s, bearing(dq, dr, a[s * NS + FACING]),
                               hex_distance(dq, dr), t))
                    break
    return -1


def shoot(a: list[int], rec: Any, s: int, i: int, tg: int) -> int:
    """One beam at craft tg: a d100 at or under the skill less the modifiers (R10: who aims),
    then the target's screens, then its boxes. An end code when the battle is over."""
    dq, dr = vector_to(a, s, tg)
    apart_ = hex_distance(dq, dr)
    if a[TRANSVERSE]:
        moving = transverse(a[tg * NS + VA], a[tg * NS + VB], a[tg * NS + VC], a[tg * NS + VD],
                            dq, dr)
    else:
        moving = a[tg * NS + SPEED]
    who, skill, penalty = AIM_GUNNER, a[a[T_GUNNERY] + s], 0
    if a[a[T_PILOT_FIRES] + s]:
        if a[a[T_BEAM_TURRET] + s * a[BEAM_STRIDE] + i]:
            who, skill = AIM_COMPUTER, a[a[T_COMPUTER] + s]
        else:
            penalty = -a[PILOT_PENALTY]
    moving_mod = -a[MOVEMENT_PENALTY] * moving
    range_mod = -a[RANGE_PENALTY] * max(0, apart_ - a[RANGE_BEYOND]) if a[RANGE_RULE] else 0
    rolled = die(a, 100)
    dhits = beam_dhits(a, s, i)
    if skill + penalty + moving_mod + range_mod > 0:
        a[STIRRED] = 1
    emit(rec, (EV_SHOT, s, i, dhits, apart_, who, skill, penalty, moving, moving_mod, range_mod,
               rolled, tg))
    if rolled <= skill + penalty + moving_mod + range_mod:
        strength = powered(a, tg, K_SCREENS)
        stopped, base, remainder, screen_roll = screen(a, dhits, strength, a[SCREENS_RATIO],
                                                       a[STRICT_REMAINDER])
        emit(rec, (EV_SCREEN, tg, dhits, stopped, base, remainder, screen_roll, strength,
                   UNIT_DHIT))
        inflict(a, rec, tg, dhits - stopped)
    return knocked_out(a, rec, tg)


def screen(rng: Any, incoming: int, strength: int, ratio: int,
           strict: int) -> tuple[int, int, int, int]:
    """Screens absorb one in `ratio` (6): incoming // 6, plus one if a d6 rolls at or under the
    remainder (`strict`: below it, the other reading of "roll below the remainder"), never
    more than their powered strength (R9); also a salvo's missiles under R6's analogy reading.
    (stopped, base, remainder, the d6 or 0 when none was rolled)."""
    ratio = max(ratio, 1)  # it is 6: a divisor known not to be 0 cannot raise (see INLINE)
    base = incoming // ratio
    remainder = incoming % ratio
    stopped, rolled = base, 0
    if strength > 0 and remainder - strict >= 1 and base < strength:  # a face that adds one
        rolled = die(rng, ratio)
        if rolled <= remainder - strict:
            stopped += 1
    return min(stopped, strength), base, remainder, rolled


def screen_literal(rng: Any, count: int, strength: int, ratio: int,
                   strict: int) -> tuple[int, int, int, int]:
    """R6 as the text reads: one missile in six penetrates (count // 6, plus one if a d6 rolls
    at or under the remainder, or below it when `strict`); the screens repel the rest, but no
    more than their strength."""
    ratio = max(ratio, 1)
    base = count // ratio
    remainder = count % ratio
    through, rolled = base, 0
    if remainder - strict >= 1 and strength > 0:
        rolled = die(rng, ratio)
        if rolled <= remainder - strict:
            through += 1
    return min(count - through, strength), base, remainder, rolled


def inflict(a: list[int], rec: Any, tg: int, dhits: int) -> int:
    """Steps 2-4 of Inflicting Damage on craft tg: one dhit takes the first armor box left, the
    next a box picked by a d(hull) roll (a destroyed box rolled again), and so on, until the
    dhits or the boxes run out. The boxes destroyed (the other side's `dealt`)."""
    o = tg * NS
    n = 0
    while dhits > 0 and a[o + LEFT] > 0:
        box = armor_box(a, tg)
        if box > 0:
            n += 1
            dhits -= 1
            destroy(a, rec, tg, box, n, 1)
            if dhits == 0 or a[o + LEFT] == 0:
                break
        while True:
            box = die(a, a[a[T_BOX_COUNT] + tg])
            if a[a[S_DESTROYED] + tg * a[BOX_STRIDE] + box] == 0:
                break
            emit(rec, (EV_REROLL, tg, box))
        n += 1
        dhits -= 1
        destroy(a, rec, tg, box, n, 0)
    a[DEALT_B - a[a[T_SIDE] + tg]] += n  # dealt by the other side
    if n > 0:
        a[STIRRED] = 1
    return n


def armor_box(a: list[int], tg: int) -> int:
    """The first armor box still whole (a random dhit may have taken some), or 0."""
    o = tg * NS
    while a[o + ARMOR_NEXT] < a[a[T_ARMOR_COUNT] + tg]:
        box = a[a[T_ARMOR] + tg * a[ARMOR_STRIDE] + a[o + ARMOR_NEXT]]
        if a[a[S_DESTROYED] + tg * a[BOX_STRIDE] + box] == 0:
            return box
        a[o + ARMOR_NEXT] += 1
    return 0


def destroy(a: list[int], rec: Any, tg: int, box: int, n: int,
            by_armor: int) -> None:
    """A box is gone, with its Damage Effects: a turret's mount lost fixes the beam (R5); a
    missile row keeps at most its per-cbloc load for the cblocs that survive."""
    a[a[S_DESTROYED] + tg * a[BOX_STRIDE] + box] = 1
    row = a[a[T_OWNER] + tg * a[BOX_STRIDE] + box]
    a[a[S_ALIVE] + tg * a[ROW_STRIDE] + row] -= 1
    a[tg * NS + LEFT] -= 1
    a[tg * NS + ARMED] = -1
    kind = a[a[T_KIND] + tg * a[ROW_STRIDE] + row]
    if kind == K_POWER:
        a[tg * NS + POWER_BOXES] -= 1
    elif kind == K_CREW:
        a[tg * NS + CREW_BOXES] -= 1
    elif kind == K_TUBES:
        a[tg * NS + TUBE_BOXES] -= 1
    extra = 0
    i = a[a[T_BEAM_OF_ROW] + tg * a[ROW_STRIDE] + row]
    if i >= 0:
        if (a[a[T_BEAM_TURRET] + tg * a[BEAM_STRIDE] + i]
                and box == a[a[T_LAST_BOX] + tg * a[ROW_STRIDE] + row]):
            a[a[S_MOUNTS] + tg * a[BEAM_STRIDE] + i] = 0
            extra = -1
        else:
            extra = weapon_boxes(a, tg, i)
    m = a[a[T_MISSILE_OF_ROW] + tg * a[ROW_STRIDE] + row]
    if m >= 0:
        left = (a[a[S_ALIVE] + tg * a[ROW_STRIDE] + row]
                * a[a[T_MISSILE_PER_CBLOC] + tg * a[MISSILE_STRIDE] + m])
        k = tg * a[MISSILE_STRIDE] + m
        a[a[S_MISSILES] + k] = min(a[a[S_MISSILES] + k], left)
        extra = a[a[S_MISSILES] + k]
    emit(rec, (EV_HIT, tg, n, box, row, by_armor, a[a[S_ALIVE] + tg * a[ROW_STRIDE] + row], extra))


def knocked_out(a: list[int], rec: Any, tg: int) -> int:
    """R8 at once: craft tg is destroyed, or out of action with its crew boxes all gone; an end
    code when that leaves its side no craft in the fight, else −1."""
    if a[tg * NS + FATE] != IN_FIGHT:
        return -1
    if a[tg * NS + LEFT] == 0:
        return leaves(a, rec, tg, DESTROYED, 0, 0, 0)
    if a[tg * NS + HAS_CREW] and a[tg * NS + CREW_BOXES] == 0:
        return leaves(a, rec, tg, CREW_LOST, 0, 0, 0)
    return -1


def leaves(a: list[int], rec: Any, c: int, why: int, n1: int, n2: int, n3: int) -> int:
    """Craft c leaves the battle (`why`: a lost reason, OUT_ESCAPED or OUT_LOST_CONTACT). When
    its side has no craft left the battle is decided (the end code), told by the end line; else
    its leaving is told (EV_OUT) and −1. A side whose craft all escaped or lost contact
    without loss is not beaten (no winner: `escaped`, or `lost-contact` when the last lost
    contact); else the other side wins, the reason being how this craft left. A craft that
    drifted out of contact has the fate `lost contact`, not `escaped` (R8). RULINGS C4: while
    the side's missiles still fly, the battle goes on until they have landed (`owed`), its end
    kept at OWED_END; a side beaten after the other side's last craft left beaten (by the
    missiles it left in flight) is `both-lost`."""
    side = a[a[T_SIDE] + c]
    a[c * NS + FATE] = (ESCAPED_FATE if why == OUT_ESCAPED else LOST_CONTACT_FATE
                        if why == OUT_LOST_CONTACT else FATE_LOST + why)
    if left_in(a, side) > 0:
        emit(rec, (EV_OUT, c, why, n1, n2, n3))
        return -1
    code, d1, d2, d3, d4 = 2 * why + 1 - side, c, 0, 0, 0
    if why >= OUT_ESCAPED:
        code, d2, d3, d4 = ESCAPED, n1, n2, n3
        for k in range(a[N_CRAFT]):
            if a[a[T_SIDE] + k] == side and a[k * NS + FATE] >= FATE_LOST:
                code = WON_ESCAPED + 1 - side
        if code == ESCAPED and why == OUT_LOST_CONTACT:
            code, d1, d2, d3, d4 = LOST_CONTACT, n1, n2, n3, 0
    if a[OWED] > 0:  # the other side has gone already: this decides the battle
        if beaten(a[OWED_END]) and beaten(code):
            return ended(rec, BOTH_LOST, 1, c, why, 0)
        return ended(rec, code, d1, d2, d3, d4)
    if owed(a, side):
        emit(rec, (EV_OUT, c, why, n1, n2, n3))
        emit(rec, (EV_OWED, side))
        a[OWED] = side + 1
        a[OWED_END] = code
        a[OWED_END + 1] = d1
        a[OWED_END + 2] = d2
        a[OWED_END + 3] = d3
        a[OWED_END + 4] = d4
        return -1
    return ended(rec, code, d1, d2, d3, d4)


def beaten(code: int) -> bool:
    """Whether an end code beats the side whose last craft's leaving gave it (a win for the
    other side), not a draw (its craft all escaped without loss, or lost contact)."""
    return code < ESCAPED or code >= WON_ESCAPED


def owed(a: list[int], side: int) -> bool:
    """Whether missiles of `side`'s craft (in the battle or not) are still flying, or striking
    this dphase (C4)."""
    for j in range(a[FLIGHTS]):
        at = a[S_FLIGHTS] + j * FW
        if ((a[at + F_FATE] == FLYING or a[at + F_FATE] == STRIKING)
                and a[a[T_SIDE] + a[at + F_OWNER]] == side):
            return True
    return False


def landed(a: list[int], rec: Any) -> int:
    """RULINGS C4: once the missiles of a side already gone have all landed (struck, spent or
    lost), the battle is decided as that side's leaving decided it; else −1."""
    if a[OWED] == 0 or owed(a, a[OWED] - 1):
        return -1
    return ended(rec, a[OWED_END], a[OWED_END + 1], a[OWED_END + 2], a[OWED_END + 3],
                 a[OWED_END + 4])


# --- dPhases 5 and 6: missiles --------------------------------------------------------------


def missiles_fly(a: list[int], rec: Any) -> int:
    """Flights move in the order of the craft that launched them (weapon order), each after
    what it follows (`follow`: M1, M2). One that has what it follows within its reach strikes,
    unless that craft confuses it (`confuse`: M3) into following another, which it strikes if
    that is within its reach; one that has flown the reach of craft weaponry is spent (R11).
    Then each target's strikers land as one salvo, targets in the order their first striker's
    craft fires."""
    base = a[S_FLIGHTS]
    count = a[FLIGHTS]
    if count == 0:
        return -1
    worder = a[S_WORDER]
    for j in range(a[N_CRAFT]):  # craft out of the battle last: their missiles still fly
        owner = a[worder + j]
        for jj in range(count):
            f = jj * FW
            if a[base + f + F_OWNER] != owner or a[base + f + F_FATE] != FLYING:
                continue
            t = follow(a, rec, base + f)
            step = min(a[base + f + F_MOVE], a[REACH] - a[base + f + F_FLOWN])
            if t >= 0 and hex_distance(a[t * NS + HQ] - a[base + f + F_Q],
                                       a[t * NS + HR] - a[base + f + F_R]) <= step:
                t = confuse(a, rec, base + f, t)
            if t < 0:  # it sees nothing to follow: lost
                a[base + f + F_FATE] = SPENT
                continue
            tg = t * NS
            dist = hex_distance(a[tg + HQ] - a[base + f + F_Q], a[tg + HR] - a[base + f + F_R])
            if dist <= step:
                a[base + f + F_FATE] = STRIKING
                continue
            q, r = toward(a[base + f + F_Q], a[base + f + F_R], a[tg + HQ], a[tg + HR], step)
            a[base + f + F_Q] = q
            a[base + f + F_R] = r
            a[base + f + F_FLOWN] += step
            if a[base + f + F_FLOWN] >= a[REACH]:
                a[base + f + F_FATE] = SPENT
                emit(rec, (EV_SPENT, owner, a[base + f + F_COUNT], q, r, a[base + f + F_FLOWN]))
            else:
                emit(rec, (EV_FLY, owner, a[base + f + F_COUNT], q, r,
                           hex_distance(a[tg + HQ] - q, a[tg + HR] - r), t))
    for j in range(a[N_CRAFT]):
        owner = a[worder + j]
        for jj in range(count):
            f = jj * FW
            if a[base + f + F_OWNER] == owner and a[base + f + F_FATE] == STRIKING:
                end = salvo(a, rec, a[base + f + F_TARGET])
                if end >= 0:
                    return end
    kept = 0
    for j in range(count):
        if a[base + j * FW + F_FATE] == FLYING:
            for k in range(FW):
                a[base + kept * FW + k] = a[base + j * FW + k]
            kept += 1
    a[FLIGHTS] = kept
    return landed(a, rec)


def follow(a: list[int], rec: Any, at: int) -> int:
    """What the flight at a[at] follows this dPhase 5 (RULINGS M1, M2): its target while that is
    in the battle and within a missile's sight (the base detection range: a missile has no
    sensors of its own); else the nearest craft its programming homes on (the firer's enemies'
    identification signalling) that it sees. Of craft it homes on as near as its target and in
    front of it (within 60° of its line to the target), each equally likely: a die picks.
    −1 when it sees none: it is lost."""
    owner = a[at + F_OWNER]
    mine = a[a[T_SIDE] + owner]
    q, r = a[at + F_Q], a[at + F_R]
    t = a[at + F_TARGET]
    dist = hex_distance(a[t * NS + HQ] - q, a[t * NS + HR] - r)
    if a[t * NS + FATE] != IN_FIGHT or dist > a[DETECTION]:
        old = t
        t = nearest_enemy(a, owner, q, r)
        if t >= 0 and hex_distance(a[t * NS + HQ] - q, a[t * NS + HR] - r) > a[DETECTION]:
            t = -1
        emit(rec, (EV_FOLLOW, owner, a[at + F_COUNT], old, t, 0, 0, FOLLOW_LOST))
        if t >= 0:
            a[at + F_TARGET] = t
        return t
    ahead = bearing(a[t * NS + HQ] - q, a[t * NS + HR] - r, 0)
    alike = 0
    for c in range(a[N_CRAFT]):
        if c != t and _alike(a, c, mine, q, r, dist, ahead):
            alike += 1
    if alike == 0:
        return t
    rolled = die(a, alike + 1)
    if rolled == 1:
        emit(rec, (EV_FOLLOW, owner, a[at + F_COUNT], t, t, alike + 1, rolled, FOLLOW_EQUAL))
        return t
    k = rolled - 1
    for c in range(a[N_CRAFT]):
        if c != t and _alike(a, c, mine, q, r, dist, ahead):
            k -= 1
            if k == 0:
                emit(rec, (EV_FOLLOW, owner, a[at + F_COUNT], t, c, alike + 1, rolled,
                           FOLLOW_EQUAL))
                a[at + F_TARGET] = c
                return c
    return t


def _alike(a: list[int], c: int, mine: int, q: int, r: int, dist: int, ahead: int) -> bool:
    """Whether craft c is as likely a target as the one a missile follows: an enemy of its
    firer in the battle, as near, and in front of it."""
    if a[a[T_SIDE] + c] == mine or a[c * NS + FATE] != IN_FIGHT:
        return False
    dq, dr = a[c * NS + HQ] - q, a[c * NS + HR] - r
    if hex_distance(dq, dr) != dist:
        return False
    off = (bearing(dq, dr, 0) - ahead) % 12
    return off <= 2 or off >= 10


def confuse(a: list[int], rec: Any, at: int, t: int) -> int:
    """RULINGS M3: craft t, about to be struck by the flight at a[at], flies to confuse it: if it
    can move (a working drive), a d100 at or under its pilot's piloting, +5% a dhex/dturn of its
    own speed, −5% a dhex/dturn of the missile's move, sends the flight after another craft in
    front of it ("missiles follow sensors in front of them": within 60° either side of its line
    to t, or in its own hex) that it sees, the nearest, of either side (its firer too, when in
    front); of several as near, a die picks, each equally likely. What the flight follows now,
    −1 when it sees no other in front: it is lost."""
    if not mobile(a, t):
        return t
    owner = a[at + F_OWNER]
    speed_mod = a[MOVEMENT_PENALTY] * a[t * NS + SPEED]
    move_mod = -a[MOVEMENT_PENALTY] * a[at + F_MOVE]
    rolled = die(a, 100)
    skill = a[a[T_PILOTING] + t]
    fooled = rolled <= skill + speed_mod + move_mod
    emit(rec, (EV_EVADE, t, owner, a[at + F_COUNT], skill, a[t * NS + SPEED], speed_mod,
               a[at + F_MOVE], move_mod, rolled))
    if not fooled:
        return t
    q, r = a[at + F_Q], a[at + F_R]
    ahead = bearing(a[t * NS + HQ] - q, a[t * NS + HR] - r, 0)
    best_d, ties = -1, 0
    for c in range(a[N_CRAFT]):
        if c != t and _in_front(a, c, q, r, ahead):
            d = hex_distance(a[c * NS + HQ] - q, a[c * NS + HR] - r)
            if best_d < 0 or d < best_d:
                best_d, ties = d, 1
            elif d == best_d:
                ties += 1
    best, rolled = -1, 0
    if ties > 0:
        k = 1
        if ties > 1:
            rolled = die(a, ties)
            k = rolled
        for c in range(a[N_CRAFT]):
            if (best < 0 and c != t and _in_front(a, c, q, r, ahead)
                    and hex_distance(a[c * NS + HQ] - q, a[c * NS + HR] - r) == best_d):
                k -= 1
                if k == 0:
                    best = c
    emit(rec, (EV_FOLLOW, owner, a[at + F_COUNT], t, best, ties, rolled, FOLLOW_CONFUSED))
    if best < 0:
        return -1
    a[at + F_TARGET] = best
    return best


def _in_front(a: list[int], c: int, q: int, r: int, ahead: int) -> bool:
    """Whether craft c is in the battle, within a missile's sight from hex (q, r) and in front
    of it: within 60° either side of clock direction `ahead`, or in its own hex (M3)."""
    if a[c * NS + FATE] != IN_FIGHT:
        return False
    dq, dr = a[c * NS + HQ] - q, a[c * NS + HR] - r
    if hex_distance(dq, dr) > a[DETECTION]:
        return False
    off = (bearing(dq, dr, ahead) - ahead) % 12
    return off <= 2 or off >= 10


def salvo(a: list[int], rec: Any, tg: int) -> int:
    """All the missiles striking craft tg this dphase: one salvo against the screens (R6), which
    stop missiles in the order they arrive."""
    base = a[S_FLIGHTS]
    total = 0
    owner = -2
    for j in range(a[FLIGHTS]):
        if a[base + j * FW + F_FATE] == STRIKING and a[base + j * FW + F_TARGET] == tg:
            total += a[base + j * FW + F_COUNT]
            o = a[base + j * FW + F_OWNER]
            owner = o if owner == -2 or owner == o else -1
    if total == 0:
        return -1
    strength = powered(a, tg, K_SCREENS)
    if a[LITERAL_SCREENS]:
        stopped, share, remainder, rolled = screen_literal(a, total, strength,
                                                           a[SCREENS_RATIO],
                                                           a[STRICT_REMAINDER])
    else:
        stopped, share, remainder, rolled = screen(a, total, strength, a[SCREENS_RATIO],
                                                   a[STRICT_REMAINDER])
    emit(rec, (EV_SALVO, owner, total, tg))
    emit(rec, (EV_SCREEN, tg, total, stopped, share, remainder, rolled, strength, UNIT_MISSILE))
    dhits = 0
    for j in range(a[FLIGHTS]):
        f = j * FW
        if a[base + f + F_FATE] == STRIKING and a[base + f + F_TARGET] == tg:
            lost = min(stopped, a[base + f + F_COUNT])
            stopped -= lost
            dhits += (a[base + f + F_COUNT] - lost) * a[base + f + F_DAMAGE]
            a[base + f + F_FATE] = STRUCK
    emit(rec, (EV_THROUGH, tg, dhits))
    inflict(a, rec, tg, dhits)
    return knocked_out(a, rec, tg)


def launch_phase(a: list[int], rec: Any, s: int, dturn: int) -> None:
    """Missiles launch at the craft's target, appearing one dhex toward it."""
    t = foe(a, s)
    o, f = s * NS, t * NS
    room = tubes_ready(a, s)
    for i in range(a[a[T_MISSILE_KINDS] + s]):
        wish = launch_wish(a, s, i, room, 0)
        room -= wish
        n = ask(rec, s, Q_LAUNCH, (i, dturn), wish)
        if n <= 0 or a[f + FATE] != IN_FIGHT:  # (no enemy left in the battle: C4)
            continue
        a[a[S_MISSILES] + s * a[MISSILE_STRIDE] + i] -= n
        a[o + LAUNCHED] += n
        a[o + ARMED] = -1
        q, r = launch_hex(a[o + HQ], a[o + HR], a[f + HQ], a[f + HR], a[o + FACING])
        slot = a[S_FLIGHTS] + a[FLIGHTS] * FW
        a[FLIGHTS] += 1
        a[slot + F_OWNER] = s
        a[slot + F_MISSILE] = i
        a[slot + F_COUNT] = n
        a[slot + F_Q] = q
        a[slot + F_R] = r
        a[slot + F_MOVE] = a[a[T_MISSILE_MOVE] + s * a[MISSILE_STRIDE] + i]
        a[slot + F_DAMAGE] = a[a[T_MISSILE_DAMAGE] + s * a[MISSILE_STRIDE] + i]
        a[slot + F_FLOWN] = 1  # it appears one dhex from its launcher
        a[slot + F_FATE] = FLYING
        a[slot + F_TARGET] = t
        emit(rec, (EV_LAUNCH, s, i, n, q, r, a[a[S_MISSILES] + s * a[MISSILE_STRIDE] + i], t))


# --- the end of the dturn: R8 ---------------------------------------------------------------


def end_of_dturn(a: list[int], rec: Any) -> int:
    """R8 and RULINGS C4, in this order: power lost (craft of both sides' last losing it
    together: `both-lost`); escape; lost contact; harmless; disarmed and immobile."""
    n = a[N_CRAFT]
    going = 0
    for c in range(n):  # powerless, written out: this runs every dturn (see INLINE)
        if (a[c * NS + FATE] == IN_FIGHT and a[c * NS + HAS_POWER] == 1
                and a[c * NS + POWER_BOXES] == 0):
            a[c * NS + FATE] = LEAVING  # marked until every craft is looked at
            going += 1
    if going > 0:
        end = go_together(a, rec, POWER_LOST)
        if end >= 0:
            return end
    # a craft escapes or loses contact only beyond the base detection range of every enemy
    # (sensors add to it): with none so far out, neither is looked at
    alone = False
    for c in range(n):
        if a[c * NS + FATE] == IN_FIGHT:
            near = False
            for e in range(n):
                if (a[a[T_SIDE] + e] != a[a[T_SIDE] + c] and a[e * NS + FATE] == IN_FIGHT
                        and hex_distance(a[e * NS + HQ] - a[c * NS + HQ],
                                         a[e * NS + HR] - a[c * NS + HR]) <= a[DETECTION]):
                    near = True
            if not near:
                alone = True
    if alone and a[OWED] == 0:  # (with a side gone, no craft has an enemy to leave)
        end = escapes(a, rec)
        if end >= 0:
            return end
        end = contact(a, rec)
        if end >= 0:
            return end
    threat_a, threat_b = False, False
    for c in range(n):
        if a[c * NS + FATE] == IN_FIGHT and armed(a, c):
            if a[a[T_SIDE] + c] == 0:
                threat_a = True
            else:
                threat_b = True
    for j in range(a[FLIGHTS]):
        if a[a[T_SIDE] + a[a[S_FLIGHTS] + j * FW + F_OWNER]] == 0:
            threat_a = True
        else:
            threat_b = True
    if not threat_a and not threat_b:
        return ended(rec, HARMLESS, 0, 0, 0, 0)
    going = 0
    for c in range(n):
        side = a[a[T_SIDE] + c]
        threat = threat_b if side == 0 else threat_a
        if a[c * NS + FATE] == IN_FIGHT and not armed(a, c) and not mobile(a, c) and threat:
            a[c * NS + FATE] = LEAVING
            going += 1
    if going > 0:
        end = go_together(a, rec, DISABLED)
        if end >= 0:
            return end
    # RULINGS C8: a dturn with no box lost, no missile in the air and no shot that had a chance
    a[QUIET] = 0 if a[STIRRED] == 1 or a[FLIGHTS] > 0 else a[QUIET] + 1
    a[STIRRED] = 0
    if a[STALEMATE_AFTER] > 0 and a[QUIET] >= a[STALEMATE_AFTER]:
        return ended(rec, STALEMATE, a[QUIET], 0, 0, 0)
    return -1


def go_together(a: list[int], rec: Any, why: int) -> int:
    """The craft marked LEAVING leave the battle for one reason (R8: power lost, or disarmed and
    immobile), all at the end of one dturn: when that takes the last craft of both sides, both
    are lost together (`both-lost`), whichever side is listed first; else each leaves in turn.
    An end code, else −1."""
    empty_a, empty_b = True, True
    for c in range(a[N_CRAFT]):
        if a[c * NS + FATE] == IN_FIGHT:
            if a[a[T_SIDE] + c] == 0:
                empty_a = False
            else:
                empty_b = False
    if empty_a and empty_b and a[OWED] == 0:  # (a side gone already: `leaves` decides)
        for c in range(a[N_CRAFT]):
            if a[c * NS + FATE] == LEAVING:
                a[c * NS + FATE] = FATE_LOST + why
        return ended(rec, BOTH_LOST, 0, why, 0, 0)
    for c in range(a[N_CRAFT]):
        if a[c * NS + FATE] == LEAVING:
            a[c * NS + FATE] = IN_FIGHT
            end = leaves(a, rec, c, why, 0, 0, 0)
            if end >= 0:
                return end
    return -1


def sees(a: list[int], s: int, t: int) -> bool:
    """Whether craft t is within craft s's detection range (RULINGS C4)."""
    return apart(a, s, t) <= detection(a, s)


def escapes(a: list[int], rec: Any) -> int:
    """R8's escape for several craft (RULINGS C4): a craft escapes when it ends the dturn beyond
    the detection range of every enemy in the fight, its range to its nearest enemy opened and
    its drives pushed it away from its target this dturn. When the runners would take the last
    craft of both sides at once, only the side of the one whose own movement opened the range
    most escapes, as in a duel; runners of both sides that opened it as much roll a die for it,
    each equally likely (R8: no side escapes by being listed first)."""
    n = a[N_CRAFT]
    gone_a, gone_b, stay_a, stay_b = 0, 0, 0, 0
    best, best_open, tie_a, tie_b = -1, 0, 0, 0
    for c in range(n):
        if a[c * NS + FATE] != IN_FIGHT:
            continue
        if _runs(a, c):
            if a[a[T_SIDE] + c] == 0:
                gone_a += 1
            else:
                gone_b += 1
            opened = _opened(a, c)
            if best < 0 or opened > best_open:
                best, best_open, tie_a, tie_b = c, opened, 0, 0
            if opened == best_open:
                if a[a[T_SIDE] + c] == 0:
                    tie_a += 1
                else:
                    tie_b += 1
        elif a[a[T_SIDE] + c] == 0:
            stay_a += 1
        else:
            stay_b += 1
    if gone_a + gone_b == 0:
        return -1
    only = -1
    if gone_a > 0 and gone_b > 0 and stay_a == 0 and stay_b == 0:
        if tie_a > 0 and tie_b > 0:  # runners of both sides opened it as much: a die picks
            rolled = die(a, tie_a + tie_b)
            k = rolled
            for c in range(n):
                if (k > 0 and a[c * NS + FATE] == IN_FIGHT and _runs(a, c)
                        and _opened(a, c) == best_open):
                    k -= 1
                    if k == 0:
                        best = c
            emit(rec, (EV_RUN_TIE, best, tie_a + tie_b, rolled, best_open))
        only = a[a[T_SIDE] + best]
    for c in range(n):
        if (a[c * NS + FATE] == IN_FIGHT and (only < 0 or a[a[T_SIDE] + c] == only)
                and _runs(a, c)):
            e = nearest_enemy(a, c, a[c * NS + HQ], a[c * NS + HR])
            end = leaves(a, rec, c, OUT_ESCAPED, apart(a, c, e), e, detection(a, e))
            if end >= 0:
                return end
    return -1


def _runs(a: list[int], c: int) -> bool:
    """Beyond every enemy's detection, the range to its nearest enemy opened, and running."""
    if a[c * NS + RUNNING] != 1:
        return False
    o = c * NS
    now, before = -1, -1
    for e in range(a[N_CRAFT]):
        if a[a[T_SIDE] + e] == a[a[T_SIDE] + c] or a[e * NS + FATE] != IN_FIGHT:
            continue
        if sees(a, e, c):
            return False
        d = apart(a, c, e)
        b = hex_distance(a[e * NS + BQ] - a[o + BQ], a[e * NS + BR] - a[o + BR])
        if now < 0 or d < now:
            now = d
        if before < 0 or b < before:
            before = b
    return now > before


def _opened(a: list[int], c: int) -> int:
    """How much the craft's own movement this dturn opened the range to its nearest enemy (the
    range had it alone moved, against the range before)."""
    o = c * NS
    e = nearest_enemy(a, c, a[o + HQ], a[o + HR])
    f = e * NS
    before = hex_distance(a[f + BQ] - a[o + BQ], a[f + BR] - a[o + BR])
    return hex_distance(a[f + BQ] - a[o + HQ], a[f + BR] - a[o + HR]) - before


def contact(a: list[int], rec: Any) -> int:
    """Lost contact (RULINGS C4): when no craft in the fight sees an enemy and no enemy sees it,
    the battle ends without a winner; a craft beyond every enemy's detection range that sees
    none of them has lost contact and leaves the battle (R8: not an escape, and not lost)."""
    n = a[N_CRAFT]
    lone = 0
    first_a, first_b = -1, -1
    for c in range(n):
        if a[c * NS + FATE] == IN_FIGHT and _alone(a, c):
            lone += 1
        if a[c * NS + FATE] == IN_FIGHT:
            if a[a[T_SIDE] + c] == 0 and first_a < 0:
                first_a = c
            elif a[a[T_SIDE] + c] == 1 and first_b < 0:
                first_b = c
    if lone == 0:
        return -1
    if lone == left_in(a, 0) + left_in(a, 1):
        return ended(rec, LOST_CONTACT, apart(a, first_a, first_b), detection(a, first_a),
                     detection(a, first_b), 0)
    for c in range(n):
        if a[c * NS + FATE] == IN_FIGHT and _alone(a, c):
            e = nearest_enemy(a, c, a[c * NS + HQ], a[c * NS + HR])
            end = leaves(a, rec, c, OUT_LOST_CONTACT, apart(a, c, e), detection(a, c),
                         detection(a, e))
            if end >= 0:
                return end
    return -1


def _alone(a: list[int], c: int) -> bool:
    for e in range(a[N_CRAFT]):
        if (a[a[T_SIDE] + e] != a[a[T_SIDE] + c] and a[e * NS + FATE] == IN_FIGHT
                and (sees(a, e, c) or sees(a, c, e))):
            return False
    return True


def ended(rec: Any, end: int, n1: int, n2: int, n3: int, n4: int) -> int:
    emit(rec, (EV_END, -1, end, n1, n2, n3, n4))
    return end
