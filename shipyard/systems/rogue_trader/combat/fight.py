"""The seed's Strategic Rounds for two ships, written once (the fight pattern, issue 11).

Initiative, a Manoeuvre Action then a Shooting Action each, void shields, armour, Hull
Integrity, crew and morale, turrets, crippling, critical hits, fires, ramming and boarding, as
plain functions over numbers: `Params` (what never changes) and `State` (the array the fight
changes). They run as Python for a narrated duel and compiled by Numba for a series. What
happens is told through `emit` (the narrator turns it into words); what a captain decides is
asked through `ask` (a user's own captain answers; else the default captain of orders.py).
"""

from __future__ import annotations

from shipyard.api import (
    CRIPPLED,
    FIRST_LOST,
    Recorder,
    ask,
    derive_seed,
    die,
    emit,
    seed_stream,
    store,
    store_fates,
)
from shipyard.systems.rogue_trader.combat.geometry import (
    DXP,
    DXQ,
    DYP,
    DYQ,
    FORE,
    arc_bits,
    beyond,
    dist4,
    half_up,
    sign2,
    within,
)
from shipyard.systems.rogue_trader.combat.orders import (
    action,
    break_free,
    choose_target,
    judge,
    manoeuvre,
)
from shipyard.systems.rogue_trader.combat.rules import (
    degrees,
    detection_bonus,
    hits,
    opposed,
    standing,
    step_bonus,
    through_armour,
)
from shipyard.systems.rogue_trader.combat.ship import (
    APART,
    BFF,
    BLAST,
    BOARDER,
    CALM,
    CANNOT_TURN,
    CREW,
    DAMAGED,
    DEPRESSURISED,
    DESTROYED,
    ENGINES_HALVED,
    ENGINES_WRECKED,
    FACING,
    FOUGHT,
    G_ARCS,
    G_BONUS,
    G_COUNT,
    G_CRIT,
    G_KIND,
    G_MIN,
    G_REACH,
    G_SIDES,
    G_STEP,
    G_TO_HIT,
    G_VALUE,
    GUN_BAY,
    GUN_FIELDS,
    GUN_LANCE,
    GUN_MACRO,
    GUN_TORPEDO,
    HULL,
    K_BRIDGE,
    K_DRIVE,
    K_WARP,
    LAST_OUT,
    LOCK,
    M_BOARDING,
    M_BOARDING_DEFENCE,
    M_BS,
    M_BURNING,
    M_COMMAND,
    M_FIRE_FIGHTING,
    M_LOADED,
    M_MACRO_DAMAGE,
    M_REACH,
    MAX_SHIPS,
    MORALE,
    ON_FIRE,
    ORDER,
    OUT,
    OUT_CREW,
    OUT_EXPLODED,
    OUT_HULKED,
    OUT_SURRENDERED,
    OUT_WARP,
    P_AIM,
    P_BURNING,
    P_ORDER,
    ROUND,
    S_COMMAND,
    S_GUNNERY,
    S_HELM,
    S_PARTS,
    S_RATING,
    S_SIMPLE,
    S_SURPRISED,
    S_TURN,
    SENSORS,
    SH_BONUS,
    SH_COUNT,
    SH_CRIT,
    SH_HITS,
    SH_KIND,
    SH_LANDED,
    SH_PART,
    SH_SIDES,
    SH_VALUE,
    SHOT_FIELDS,
    SINCE,
    STAT_FIELDS,
    TAKEN,
    TARGET,
    THRUSTERS,
    TRACKS,
    UNPOWERED,
    XP,
    XQ,
    YP,
    YQ,
    Params,
    State,
    armed,
    armour,
    augurs_working,
    between,
    changed,
    detection,
    gun_bears,
    in_reach,
    known,
    manoeuvrability,
    mod,
    new_state,
    offset,
    prow_armour,
    restart,
    scratch,
    shared_row,
    ship,
    side_of,
    speed,
    states,
    strength,
    torpedoes,
    tracks,
    turrets,
    working,
)

# --- what the narrator is told: (code, side, numbers...) -------------------------------------
# a test is told as 9 numbers: its kind, base, roll and up to 6 modifiers (narrator.TESTS)
EV_ROUND, EV_INIT, EV_INIT_DETECTION, EV_INIT_AGAIN, EV_FIRST = 1, 2, 3, 4, 5
EV_TURN, EV_ORDERS, EV_MOVE, EV_NO_GUN, EV_FIRE, EV_LAUNCH, EV_TURRETS = 6, 7, 8, 9, 10, 11, 12
EV_FLICKER, EV_SHIELDS, EV_DAMAGE_ROLL, EV_NO_HIT, EV_DAMAGE, EV_CRIT_RATING = (
    13,
    14,
    15,
    16,
    17,
    18,
)
EV_HOLDS, EV_LOSES, EV_CRIPPLED, EV_PAST, EV_OUT, EV_FIRE_OUT, EV_FIRE_BURNS = (
    19,
    20,
    21,
    22,
    23,
    24,
    25,
)
EV_CANNOT, EV_RAM_MISS, EV_RAM, EV_BOARD, EV_BREAK_FREE, EV_COMMAND, EV_NO_GROUND = (
    26,
    27,
    28,
    29,
    30,
    31,
    32,
)
EV_CHARGES, EV_CUT, EV_MORALE, EV_FACE, EV_END = 33, 34, 35, 36, 37
EV_SIMPLE_HULK, EV_SIMPLE_BLOWS, EV_CRITICAL, EV_NO_CHOICE, EV_STATE, EV_SENSORS = (
    38,
    39,
    40,
    41,
    42,
    43,
)
EV_THRUSTERS, EV_ENGINES, EV_TECHSPRITES, EV_DECAPITATION, EV_BREACH, EV_BREACHED = (
    44,
    45,
    46,
    47,
    48,
    49,
)
EV_HALVED, EV_CATASTROPHIC, EV_SPACE_HULK, EV_EXPLODES, EV_BLAST, EV_EVADES, EV_DEBRIS = (
    50,
    51,
    52,
    53,
    54,
    55,
    56,
)
EV_STORM, EV_ESCAPES, EV_STORM_STRIKES, EV_RIFT, EV_DRAGGED = 57, 58, 59, 60, 61
EV_UNPOWERED, EV_TEST = 62, 63
# a battle's: the enemy a ship (or a group of her guns) engages, a ship's distance from a drive
# explosion, a place in the initiative order
EV_TARGET, EV_REACHES, EV_ORDER = 64, 65, 66

TEST_GUNNERY, TEST_TURRETS, TEST_FIRE, TEST_HELM, TEST_COMMAND = 0, 1, 2, 3, 4
# compiled into their callers: a call that is not inlined counts a reference in and out of
# every array it is handed (the stream at every die; the state and the fight's numbers in the
# once-a-turn calls with one caller each)
INLINE = ("d", "test", "blasting", "shields", "shield_order", "shot_key", "check_crew",
          "knock_out", "shoot", "launch", "declared")

# --- what a captain is asked (captain.py adapts a user's own) --------------------------------
Q_MANOEUVRE, Q_ACTION, Q_BREAK_FREE, Q_BLOW, Q_SHIELD, Q_TARGET = 1, 2, 3, 4, 5, 6
SHOOT, RAM, BOARD = 0, 1, 2
BLOW_CREW, BLOW_HULL = 0, 1

# --- how a fight ends: 10 · (0 A wins, 1 B wins, 2 nobody) + the OUT code of the losing side's
# last ship ---------------------------------------------------------------------------------
NOBODY = 20
BOTH_LOST = 21
CAP = 22
DISENGAGED = 23  # R25: beyond every weapon's reach, none attacking, disengaged_after rounds
STALEMATE = 24  # R26: stalemate_after rounds without loss or boarding action
HARMLESS = 25  # R27: neither can harm the other from anywhere either can reach

# the Critical Hit chart's results (ship.py reads the catalog's ids into these)
C_HOLED, C_INTERNAL, C_SENSORS, C_THRUSTERS, C_FIRE, C_ENGINES, C_TECHSPRITES = 1, 2, 3, 4, 5, 6, 7
C_DECAPITATION, C_BREACH, C_CATASTROPHIC, C_HULK, C_PLASMA, C_WARP = 8, 9, 10, 11, 12, 13
BLAST_PLASMA, BLAST_WARP = 1, 2
# a ship lost is FATE_LOST + the OUT code that took her out of the fight (R15)
FATE_LOST = FIRST_LOST - 1


def d(rng: list[int], sides: int) -> int:
    """One die: the seam the rule tests script their dice through."""
    return die(rng, sides)


def test(
    rng: list[int], base: int, m0: int, m1: int, m2: int, m3: int, m4: int, m5: int, m6: int
) -> tuple[int, int]:
    """A d100 test: (target, roll)."""
    return base + m0 + m1 + m2 + m3 + m4 + m5 + m6, d(rng, 100)


# --- the fight -----------------------------------------------------------------------------


def play(
    p: Params, rng: list[int], rec: Recorder | None
) -> tuple[int, int, int, int, list[int]]:
    """One battle: Strategic Rounds until one side has no ship left in the fight, the GM calls
    it (R25-R27) or the cap. Every ship not in a boarding action takes her Strategic Turn in
    the initiative order; ships locked together drop to last (the seed), each pair taking its
    turns together once every other ship has had hers."""
    return battle(p, new_state(p), rng, rec)


def battle(
    p: Params, s: State, rng: list[int], rec: Recorder | None
) -> tuple[int, int, int, int, list[int]]:
    """`play` on the state `s`, as a fight starts."""
    for number in range(1, p.cap + 1):
        s[ROUND] = number
        emit(rec, (EV_ROUND, -1, number))
        if number == 1:
            initiative(p, s, rng, rec)
        for i in range(p.ships):
            me = s[ORDER + i]
            if s[ship(me) + OUT] or s[ship(me) + LOCK] >= 0:
                continue  # out, or locked (a boarding action begun this round waits for the next)
            turn(p, s, rng, rec, me)
            end = over(p, s, rec)
            if end >= 0:
                return end, number, dealt(p, s, 0), dealt(p, s, 1), fates(p, s)
        for i in range(p.ships):
            me = s[ORDER + i]
            other = s[ship(me) + LOCK]
            if other < 0 or s[ship(me) + OUT] or s[ship(me) + SINCE] >= number:
                continue
            if first_of_pair(s, me, other):
                freed = boarding_round(p, s, rng, rec, me, other)
                end = over(p, s, rec)
                for k in range(2 if freed and end < 0 else 0):  # free: both take turns (R20)
                    one = me if k == 0 else other
                    if s[ship(one) + OUT] == 0 and s[ship(one) + LOCK] < 0:
                        turn(p, s, rng, rec, one)
                        end = over(p, s, rec)
                        if end >= 0:
                            break
                if end >= 0:
                    return end, number, dealt(p, s, 0), dealt(p, s, 1), fates(p, s)
        end = declared(p, s)
        if end >= 0:
            emit(rec, (EV_END, -1, end, number))
            return end, number, dealt(p, s, 0), dealt(p, s, 1), fates(p, s)
    emit(rec, (EV_END, -1, CAP, p.cap))
    return CAP, p.cap, dealt(p, s, 0), dealt(p, s, 1), fates(p, s)


def first_of_pair(s: State, me: int, other: int) -> bool:
    """Whether `me` comes before `other` in the initiative order (a locked pair's turn is
    taken when its first ship's comes round)."""
    for i in range(MAX_SHIPS):
        if s[ORDER + i] == me:
            return True
        if s[ORDER + i] == other:
            return False
    return True


def dealt(p: Params, s: State, side: int) -> int:
    """Hull Integrity side `side` took off the other side's ships."""
    total = 0
    for i in range(p.ships):
        if side_of(p, i) != side:
            total += s[ship(i) + TAKEN]
    return total


def fights(p: Params, seed: int, first: int, count: int, rng: list[int], out: object) -> None:
    s = new_state(p)  # one state for the chunk's fights, each starting it afresh (`restart`)
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        restart(p, s)
        end, rounds, dealt_a, dealt_b, lost = battle(p, s, rng, None)
        store(out, k, end, rounds, dealt_a, dealt_b, rng)
        store_fates(out, k, lost)


def fates(p: Params, s: State) -> list[int]:
    """Each ship's fate as the fight ends (the core's codes): lost, by how she went out of the
    fight (FATE_LOST + her OUT code, R15); else crippled at 0 Hull Integrity; else survived.
    A ship still in the fight when the GM calls it (R25-R27) or at the cap has survived."""
    out = [0] * p.ships
    for i in range(p.ships):
        code = s[ship(i) + OUT]
        if code > 0:
            out[i] = FATE_LOST + code
        elif s[ship(i) + HULL] <= 0:
            out[i] = CRIPPLED
    return out


def over(p: Params, s: State, rec: Recorder | None) -> int:
    """The end code once a side has no ship left in the fight, else −1: the other side wins,
    the reason being how the losing side's last ship went out (both sides at once: nobody)."""
    left_a = 0
    left_b = 0
    for i in range(p.ships):
        if s[ship(i) + OUT] == 0:
            if side_of(p, i) == 0:
                left_a += 1
            else:
                left_b += 1
    if left_a > 0 and left_b > 0:
        return -1
    if left_a == 0 and left_b == 0:
        end = BOTH_LOST
    elif left_a == 0:
        end = 10 + s[LAST_OUT]
    else:
        end = s[LAST_OUT + 1]
    emit(rec, (EV_END, -1, end, 0))
    return end


# --- the GM's call: endings declared at the end of a round (R25-R27) ---------------------


def declared(p: Params, s: State) -> int:
    """The end a game master would call as a round ends, else −1: no ship can harm an enemy
    (R27); every two enemies have been beyond every weapon's reach of each other, and no ship
    has attacked another, for `disengaged_after` rounds (R25); `stalemate_after` rounds have
    passed without loss of Hull Integrity, Crew Population or Morale and without a boarding
    action (R26)."""
    now = tracks(p, s)
    locked = False
    for i in range(p.ships):
        if s[ship(i) + OUT] == 0 and s[ship(i) + LOCK] >= 0:
            locked = True
    if now != s[TRACKS] or locked:
        s[CALM] = 0
    else:
        s[CALM] += 1
    s[TRACKS] = now
    near_any = False
    harm = False
    for i in range(p.ships):
        if s[ship(i) + OUT]:
            continue
        for j in range(i + 1, p.ships):
            if s[ship(j) + OUT] or side_of(p, i) == side_of(p, j):
                continue
            up, uq, vp, vq = between(s, i, j)
            dp, dq = dist4(up, uq, vp, vq)
            if within(dp, dq, max(p.contact, max(reach(p, s, i), reach(p, s, j)))):
                near_any = True
            moving = speed(p, s, i) > 0 or speed(p, s, j) > 0
            if moving and (mod(p, s, i, M_LOADED) or mod(p, s, j, M_LOADED)):
                harm = True  # can_harm's answer, without the call
            elif can_harm(p, s, i, j, dp, dq, moving) or can_harm(p, s, j, i, dp, dq, moving):
                harm = True
    if near_any or s[FOUGHT]:  # an attack made this round: they are still fighting (R25)
        s[APART] = 0
    else:
        s[APART] += 1
    s[FOUGHT] = 0
    if not harm:
        return HARMLESS
    if s[APART] >= p.disengaged_after:
        return DISENGAGED
    if s[CALM] >= p.stalemate_after:
        return STALEMATE
    return -1


def reach(p: Params, s: State, side: int) -> int:
    """The farthest any of her working, loaded weapons reaches (VU; 0 without one)."""
    return mod(p, s, side, M_REACH)


def can_harm(p: Params, s: State, side: int, other: int, dp: int, dq: int,
             moving: bool) -> bool:
    """Whether a gun, torpedo, ram or boarding of hers could yet affect ship `other`, from any
    place either ship can reach (R27), `other` at squared distance (dp, dq). A ship with
    Speed 0 stays where she lies for good (no repairs, R18 and R19); while either can move
    (`moving`), either can reach anywhere (an estimate that errs toward "can harm": one that
    cannot turn reaches only a line)."""
    me = ship(side)
    up, uq, vp, vq = between(s, side, other)
    bits = 0 if moving else arc_bits(up, uq, vp, vq, s[me + FACING])  # read only adrift
    if moving and mod(p, s, side, M_LOADED):
        return True
    for part in range(0 if moving else p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        if armed(p, s, side, part):
            # both adrift: the gun must reach where she lies, in an arc she can turn it to
            arcs = p.data[p.o_gun + (side * p.width + part) * GUN_FIELDS + G_ARCS]
            if in_reach(p, side, part, dp, dq) and (s[me + CANNOT_TURN] == 0 or arcs & bits):
                return True
    # a ram or a boarding needs contact and a helm test that can succeed (a d100 of 1 at least)
    if not moving and not within(dp, dq, p.contact):
        return False
    test = p.data[p.o_stat + side * STAT_FIELDS + S_HELM] + manoeuvrability(p, s, side)
    return test + max(p.board_test, p.ram_test) >= 1


def initiative(p: Params, s: State, rng: list[int], rec: Recorder | None) -> None:
    """Every ship rolls 1d10 + her Detection bonus once, at the beginning of the combat, in
    the battle's order; the highest acts first. Ties go to the higher Detection, then to fresh
    rolls between the ships still tied, all of them together, until none is (R16)."""
    n = p.ships
    score = p.at_pool  # score, Detection and the fresh roll of each ship, in the pool
    det = p.at_pool + n
    again = p.at_pool + 2 * n
    for i in range(n):
        s[det + i] = detection(p, s, i)
        bonus = detection_bonus(s[det + i])
        rolled = d(rng, 10)
        emit(rec, (EV_INIT, i, rolled, bonus))
        s[score + i] = rolled + bonus
        s[again + i] = 0
    for i in range(n):
        for j in range(i + 1, n):
            if s[score + i] == s[score + j] and s[det + i] != s[det + j]:
                emit(rec, (EV_INIT_DETECTION, i, s[score + i], s[det + i], j, s[det + j]))
    for i in range(n):
        tied = False
        for j in range(i):
            if s[score + i] == s[score + j] and s[det + i] == s[det + j]:
                tied = True  # ship j's group, already rolled again
        if tied:
            continue
        group = 0
        for j in range(i + 1, n):
            if s[score + i] == s[score + j] and s[det + i] == s[det + j]:
                group += 1
        tries = 0
        while group > 0 and tries < 100 and tied_again(s, score, det, again, n, i):
            tries += 1  # R16: a fresh roll between the tied ships
            for j in range(i, n):
                if s[score + i] == s[score + j] and s[det + i] == s[det + j]:
                    s[again + j] = d(rng, 10)
                    emit(rec, (EV_INIT_AGAIN, j, s[again + j], s[det + j], s[score + j], group + 1))
    # the order: higher score, then Detection, then the fresh roll; the battle's order last
    for i in range(n):
        k = i
        while k > 0 and before(s, score, det, again, i, s[ORDER + k - 1]):
            s[ORDER + k] = s[ORDER + k - 1]
            k -= 1
        s[ORDER + k] = i
    for i in range(n):
        emit(rec, (EV_ORDER, s[ORDER + i]))
    emit(rec, (EV_FIRST, s[ORDER]))


def tied_again(s: State, score: int, det: int, again: int, n: int, i: int) -> bool:
    """Whether two ships of ship i's tie (score and Detection) have the same fresh roll."""
    for j in range(i, n):
        for k in range(j + 1, n):
            if (s[score + j] == s[score + i] and s[det + j] == s[det + i]
                    and s[score + k] == s[score + i] and s[det + k] == s[det + i]
                    and s[again + j] == s[again + k]):
                return True
    return False


def before(s: State, score: int, det: int, again: int, i: int, j: int) -> bool:
    if s[score + i] != s[score + j]:
        return s[score + i] > s[score + j]
    if s[det + i] != s[det + j]:
        return s[det + i] > s[det + j]
    return s[again + i] > s[again + j]


# --- a Strategic Turn ----------------------------------------------------------------------


def turn(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int) -> None:
    me = ship(side)
    emit(rec, (EV_TURN, side, s[me + HULL], s[me + CREW], s[me + MORALE]))
    if mod(p, s, side, M_BURNING):
        fires(p, s, rng, rec, side)
    if s[me + OUT]:
        return
    # her captain chooses the enemy she engages (a battle's), then every Action at the
    # beginning of the turn, before any is made (the seed: the default captain's judgement
    # once, for both)
    aim = ask(rec, side, Q_TARGET, (s, side), choose_target(p, s, side))
    if aim < 0 or aim >= p.ships or s[ship(aim) + OUT] or side_of(p, aim) == side_of(p, side):
        aim = choose_target(p, s, side)
    s[me + TARGET] = aim
    emit(rec, (EV_TARGET, side, aim, 0))
    chosen, flag, guns = judge(p, s, side)
    orders = ask(rec, side, Q_MANOEUVRE, (s, side), manoeuvre(p, s, side, chosen, flag, guns))
    half = 1 if orders >= 16 else 0
    limit = 0 if s[me + CANNOT_TURN] else p.data[p.o_stat + side * STAT_FIELDS + S_TURN]
    turned = max(-limit, min(limit, orders - 16 * half - 8))
    act = ask(rec, side, Q_ACTION, (s, side, half, turned),
              action(p, s, side, half, turned, chosen))
    act = act if act in (RAM, BOARD) else SHOOT
    emit(rec, (EV_ORDERS, side, half, turned, act))
    vu = half_up(speed(p, s, side)) if half else speed(p, s, side)
    facing = s[me + FACING]
    s[me + XP] += vu * DXP[facing]
    s[me + XQ] += vu * DXQ[facing]
    s[me + YP] += vu * DYP[facing]
    s[me + YQ] += vu * DYQ[facing]
    s[me + FACING] = (facing + turned) % 8
    up, uq, vp, vq = offset(s, side)
    emit(rec, (EV_MOVE, side, vu, half, turned, s[me + FACING], up, uq, vp, vq))
    dp, dq = dist4(up, uq, vp, vq)
    contact = within(dp, dq, p.contact)
    free = s[ship(aim) + LOCK] < 0  # B4: a ship locked with another is neither rammed nor boarded
    if act == RAM and free and contact and arc_bits(up, uq, vp, vq, s[me + FACING]) & FORE:
        ram(p, s, rng, rec, side, aim)
    elif act == BOARD and free and contact:
        board(p, s, rng, rec, side, aim)
    elif act != SHOOT:  # R23: the order stands, and cannot be carried out
        emit(rec, (EV_CANNOT, side, act, 2 if not free else (1 if contact else 0)))
    else:
        shoot(p, s, rng, rec, side)
    if blasting(p, s):
        settle(p, s, rng, rec)


# --- shooting ------------------------------------------------------------------------------


def blind(p: Params, s: State, side: int) -> tuple[int, int]:
    """Sensors Damaged: −30 to all shooting tests, turrets' included (the seed says all); an
    augur array that does not work leaves her as blind (R18): (sensors, augurs)."""
    if s[ship(side) + SENSORS]:
        return p.sensors_damaged, 0
    if not augurs_working(p, s, side):
        return 0, p.sensors_damaged
    return 0, 0


def shoot(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int) -> None:
    """Her Shooting Action: every weapon component fires once, all at once, each at an enemy
    in its arc (the seed): at her captain's chosen enemy if it bears on her, else at the
    nearest enemy it bears on (B2). Each enemy fired on takes the hits of the weapons aimed at
    her as one attack: her void shields are whole against each attacker (the seed)."""
    chosen = s[ship(side) + TARGET]
    aim = shared_row(p, P_AIM)  # the enemy each part fires at, found before any fires
    up, uq, vp, vq = between(s, side, chosen)
    dp, dq = dist4(up, uq, vp, vq)
    bits = arc_bits(up, uq, vp, vq, s[ship(side) + FACING])
    count = bear_on(p, s, side, chosen, aim, bits, dp, dq)
    if p.ships > 2:
        count += aim_others(p, s, side, chosen, aim)
    if count == 0:
        emit(rec, (EV_NO_GUN, side, chosen))
        return
    s[FOUGHT] = 1  # a weapon fires at an enemy: an attack (R25)
    sensors, augurs = blind(p, s, side)
    # each weapon's test and hits, written out in this loop: as a function of their own they
    # took Numba's reference counts of the state, the fight's numbers and the dice per weapon
    # the chosen enemy first, then the others in the battle's order (a duel has no other)
    for k in range(p.ships if p.ships > 2 else 1):
        enemy = chosen if k == 0 else (k - 1 if k - 1 < chosen else k)
        surprised = (
            p.surprise_bonus
            if p.data[p.o_stat + enemy * STAT_FIELDS + S_SURPRISED] and s[ROUND] == 1
            else 0
        )
        n = 0
        m = 0
        for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
            if s[aim + part] != enemy or s[ship(enemy) + OUT] != 0:
                continue
            if m == 0 and enemy != chosen:
                emit(rec, (EV_TARGET, side, enemy, 1))
            m += 1
            g = (side * p.width + part) * GUN_FIELDS
            s[known(p, side, enemy) + part] = 1  # the seed: a component used against you is known
            cap = strength(p, s, side, part)
            if p.data[p.o_gun + g + G_KIND] in (GUN_TORPEDO, GUN_BAY):
                cap = launch(p, s, rng, rec, side, enemy, part, cap)
                if cap == 0:
                    continue  # a salvo all shot down adds no shot
            target, rolled = test(
                rng,
                p.data[p.o_stat + side * STAT_FIELDS + S_GUNNERY],
                mod(p, s, side, M_BS),
                p.data[p.o_gun + g + G_TO_HIT],
                surprised,
                sensors,
                augurs,
                0,
                0,
            )
            n_hits = hits(target, rolled, cap, p.data[p.o_gun + g + G_STEP])
            crit = (
                1
                if (
                    p.data[p.o_gun + g + G_CRIT] >= 0
                    and rolled <= target
                    and degrees(target, rolled) >= p.data[p.o_gun + g + G_CRIT]
                )
                else 0
            )
            r = p.at_shots + n * SHOT_FIELDS
            s[r + SH_PART] = part
            s[r + SH_HITS] = n_hits
            s[r + SH_LANDED] = n_hits
            s[r + SH_CRIT] = crit
            s[r + SH_KIND] = p.data[p.o_gun + g + G_KIND]
            s[r + SH_COUNT] = p.data[p.o_gun + g + G_COUNT]
            s[r + SH_SIDES] = p.data[p.o_gun + g + G_SIDES]
            s[r + SH_BONUS] = p.data[p.o_gun + g + G_BONUS]
            s[r + SH_VALUE] = p.data[p.o_gun + g + G_VALUE]
            n += 1
            emit(
                rec,
                (
                    EV_TEST,
                    side,
                    TEST_GUNNERY,
                    p.data[p.o_stat + side * STAT_FIELDS + S_GUNNERY],
                    rolled,
                    mod(p, s, side, M_BS),
                    p.data[p.o_gun + g + G_TO_HIT],
                    surprised,
                    sensors,
                    augurs,
                ),
            )
            emit(rec, (EV_FIRE, side, part, n_hits, crit))
        if m > 0:
            resolve(p, s, rng, rec, side, enemy, n)


def bear_on(p: Params, s: State, side: int, chosen: int, aim: int, bits: int, dp: int,
            dq: int) -> int:
    """Her weapons that bear on her chosen enemy, in arcs `bits` at squared distance (dp,
    dq), aimed at her in row `aim` (the others −1); how many. `gun_bears` written out over
    the arrays read once: inlined in this loop, its helpers' copies of the state and the
    fight's numbers kept a reference count each, per weapon every turn (Numba could not
    drop them here as it does elsewhere)."""
    data = p.data
    found = states(p, side)
    loaded = torpedoes(p, side)
    count = 0
    for part in range(data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        g = p.o_gun + (side * p.width + part) * GUN_FIELDS
        if (data[g + G_KIND] != 0 and s[found + part] == 0 and s[loaded + part] != 0
                and (data[g + G_ARCS] & bits) != 0 and beyond(dp, dq, data[g + G_MIN])
                and within(dp, dq, data[g + G_REACH])):
            s[aim + part] = chosen
            count += 1
        else:
            s[aim + part] = -1
    return count


def aim_others(p: Params, s: State, side: int, chosen: int, aim: int) -> int:
    """Her armed weapons that do not bear on her chosen enemy, each aimed at the nearest other
    enemy it bears on (`aimed`); how many found one. Apart from `shoot`'s loop, which then
    calls nothing: a call in it kept Numba's reference counts of the state per weapon."""
    count = 0
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        if s[aim + part] < 0 and armed(p, s, side, part):
            s[aim + part] = aimed(p, s, side, part, chosen)
            if s[aim + part] >= 0:
                count += 1
    return count


def aimed(p: Params, s: State, side: int, part: int, chosen: int) -> int:
    """The enemy weapon `part` of hers fires at when it does not bear on her captain's chosen
    enemy (B2): the nearest enemy it bears on, the battle's order breaking a tie; −1 none."""
    facing = s[ship(side) + FACING]
    best = -1
    best_p = 0
    best_q = 0
    for other in range(p.ships):
        if other == chosen or s[ship(other) + OUT] or side_of(p, other) == side_of(p, side):
            continue
        up, uq, vp, vq = between(s, side, other)
        dp, dq = dist4(up, uq, vp, vq)
        if not gun_bears(p, s, side, part, arc_bits(up, uq, vp, vq, facing), dp, dq):
            continue
        if best < 0 or sign2(best_p - dp, best_q - dq) > 0:
            best = other
            best_p = dp
            best_q = dq
    return best


def launch(
    p: Params, s: State, rng: list[int], rec: Recorder | None, side: int, enemy: int, part: int,
    cap: int
) -> int:
    """Torpedoes or attack craft: the salvo, less what the turrets shoot down first."""
    count = cap
    if s[torpedoes(p, side) + part] >= 0:
        count = min(count, s[torpedoes(p, side) + part])
        s[torpedoes(p, side) + part] -= count
        if s[torpedoes(p, side) + part] == 0:
            changed(p, s, side)  # the tube is dry: no longer among her loaded weapons
    emit(rec, (EV_LAUNCH, side, part, count))
    their_turrets = turrets(p, s, enemy)
    if their_turrets < 1:
        return count
    sensors, augurs = blind(p, s, enemy)
    bonus = p.turret_bonus * their_turrets
    target, rolled = test(
        rng, p.data[p.o_stat + enemy * STAT_FIELDS + S_RATING], bonus, sensors, augurs, 0, 0, 0, 0
    )
    down = hits(target, rolled, count, 2)
    emit(
        rec,
        (
            EV_TEST,
            enemy,
            TEST_TURRETS,
            p.data[p.o_stat + enemy * STAT_FIELDS + S_RATING],
            rolled,
            bonus,
            sensors,
            augurs,
        ),
    )
    emit(rec, (EV_TURRETS, enemy, part, down, side))
    return count - down


def resolve(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int, enemy: int,
            n: int) -> None:
    """The hits of one attack of ship `side` on ship `enemy`: void shields, damage, armour,
    criticals."""
    stopped = shields(p, s, rng, rec, side, enemy, n)
    armoured = 0
    unarmoured = 0
    torpedoes = 0
    landed = 0
    their_armour = armour(p, s, enemy)
    bonus = mod(p, s, side, M_MACRO_DAMAGE)
    for k in range(n):
        r = p.at_shots + k * SHOT_FIELDS
        landed += s[r + SH_LANDED]
        for _ in range(s[r + SH_LANDED]):
            value = s[r + SH_BONUS]
            for _face in range(s[r + SH_COUNT]):
                face = d(rng, s[r + SH_SIDES])
                emit(rec, (EV_FACE, side, face))
                value += face
            extra = bonus if s[r + SH_KIND] == GUN_MACRO and s[r + SH_PART] >= 0 else 0
            value += extra  # the Munitorum's, not debris'
            emit(rec, (EV_DAMAGE_ROLL, side, k, value, extra))
            if s[r + SH_KIND] == GUN_LANCE:
                unarmoured += value
            elif s[r + SH_KIND] == GUN_TORPEDO:
                torpedoes += max(0, value - their_armour)  # each on its own (R9)
            else:
                armoured += value
    if landed == 0:
        emit(rec, (EV_NO_HIT, enemy, stopped))
    else:
        through = through_armour(armoured, unarmoured, their_armour, torpedoes)
        emit(rec, (EV_DAMAGE, enemy, landed, armoured, unarmoured, their_armour, through))
        hurt(p, s, rng, rec, enemy, through, side)
    for k in range(n):
        r = p.at_shots + k * SHOT_FIELDS
        if s[r + SH_CRIT] and s[r + SH_LANDED] > 0 and s[ship(enemy) + OUT] == 0:
            value = d(rng, 5)
            emit(rec, (EV_CRIT_RATING, side, s[r + SH_PART], value))
            critical(p, s, rng, rec, enemy, value, side)


def shield_order(p: Params, s: State, n: int) -> int:
    """The shots whose hits the void shields may take, in the order the default captain gives
    them up, one entry per hit (the seed: the attacker chooses): she keeps the hits of a
    weapon whose Crit Rating was met (its critical needs a hit past the shields, R5), then
    lances, which ignore armour; the weakest first. Torpedoes and attack craft pass shields."""
    order = shared_row(p, P_ORDER)
    m = 0
    for k in range(n):
        kind = s[p.at_shots + k * SHOT_FIELDS + SH_KIND]
        if kind in (GUN_TORPEDO, GUN_BAY) or s[p.at_shots + k * SHOT_FIELDS + SH_HITS] == 0:
            continue
        # insertion by (crit met, lance, value, index): stable, so equal keys keep fire order
        key = shot_key(p, s, k)
        j = m
        while j > 0:
            o = s[order + j - 1]
            if shot_key(p, s, o) > key:
                s[order + j] = o
                j -= 1
            else:
                break
        s[order + j] = k
        m += 1
    count = 0
    for i in range(m):
        for _ in range(s[p.at_shots + s[order + i] * SHOT_FIELDS + SH_HITS]):
            s[p.at_pool + count] = s[order + i]
            count += 1
    return count


def shot_key(p: Params, s: State, k: int) -> int:
    """(crit met, lance, worth) as one number: the order hits are given up to the shields."""
    r = p.at_shots + k * SHOT_FIELDS
    return (s[r + SH_CRIT] * 2 + (1 if s[r + SH_KIND] == GUN_LANCE else 0)) * (1 << 32) + s[
        r + SH_VALUE
    ]


def shields(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int, enemy: int,
            n: int) -> int:
    """Void shields cancel the hits the attacker gives up, one per shield (R18: only working
    shields), whole against each attacker (the seed: restored for the next); a shield that
    takes a hit is known to the attacker."""
    offered = shield_order(p, s, n)
    count = 0
    for part in range(p.data[p.o_stat + enemy * STAT_FIELDS + S_PARTS]):
        if p.data[p.o_shields + enemy * p.width + part] > 0 and working(p, s, enemy, part):
            for _ in range(p.data[p.o_shields + enemy * p.width + part]):
                s[p.at_charges + count] = part
                count += 1
    chooses = n > 0 and s[p.at_shots + 0 * SHOT_FIELDS + SH_PART] >= 0  # debris chooses nothing
    stopped = 0
    for i in range(min(offered, count)):
        k = s[p.at_pool + i]
        if chooses:
            k = ask(rec, side, Q_SHIELD, (s, side, n, i, offered), k)
        part = s[p.at_charges + i]
        s[known(p, enemy, side) + part] = 1
        fails_on = p.data[p.o_fails_on + enemy * p.width + part]
        if fails_on >= 0:
            flicker = d(rng, 10)
            if flicker <= fails_on:
                emit(rec, (EV_FLICKER, enemy, flicker))
                continue
        s[p.at_shots + k * SHOT_FIELDS + SH_LANDED] -= 1
        stopped += 1
    shielded = False
    for k in range(n):
        kind = s[p.at_shots + k * SHOT_FIELDS + SH_KIND]
        hit = s[p.at_shots + k * SHOT_FIELDS + SH_HITS] > 0
        if kind != GUN_TORPEDO and kind != GUN_BAY and hit:
            shielded = True
    if count > 0 and shielded:
        emit(rec, (EV_SHIELDS, enemy, count, stopped))
    return stopped


# --- damage and criticals ------------------------------------------------------------------


def lose(s: State, side: int, track: int, amount: int) -> int:
    """Take `amount` off a track, never below 0 (R15); what was actually lost."""
    lost = min(s[ship(side) + track], max(0, amount))
    s[ship(side) + track] -= lost
    return lost


def hurt(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int, amount: int,
         by: int) -> None:
    """Damage past Armour, dealt by ship `by`: Hull Integrity, with Crew Population and Morale
    for every point lost; past 0 it is a critical hit of that value (seed, R2)."""
    me = ship(side)
    if amount <= 0:
        emit(rec, (EV_HOLDS, side))
        return
    was_crippled = s[me + HULL] <= 0
    lost = lose(s, side, HULL, amount)
    s[me + TAKEN] += lost
    crew = lose(s, side, CREW, lost)
    morale = lose(s, side, MORALE, lost)
    if lost:
        emit(rec, (EV_LOSES, side, lost, s[me + HULL], crew, morale))
    if s[me + HULL] <= 0 and not was_crippled:
        emit(rec, (EV_CRIPPLED, side))
    excess = amount - lost
    if excess > 0 and s[me + OUT] == 0:
        emit(rec, (EV_PAST, side, excess))
        critical(p, s, rng, rec, side, excess, by)
    check_crew(p, s, rec, side)


def check_crew(p: Params, s: State, rec: Recorder | None, side: int) -> None:
    if s[ship(side) + CREW] <= 0:
        knock_out(p, s, rec, side, OUT_CREW)


def knock_out(p: Params, s: State, rec: Recorder | None, side: int, code: int) -> None:
    """She is out of the fight (R15): a boarding action she was in ends with her."""
    me = ship(side)
    if s[me + OUT] == 0:
        s[me + OUT] = code
        s[LAST_OUT + side_of(p, side)] = code
        other = s[me + LOCK]
        if other >= 0:
            s[me + LOCK] = -1
            s[ship(other) + LOCK] = -1
            s[ship(other) + BFF] = 0
        emit(rec, (EV_OUT, side, code))


def critical(
    p: Params, s: State, rng: list[int], rec: Recorder | None, side: int, value: int, by: int
) -> None:
    """A critical hit of `value` on ship `side`, dealt by ship `by`, who picks components
    among those she knows of (the seed)."""
    me = ship(side)
    if s[me + OUT]:
        return
    if p.data[p.o_stat + side * STAT_FIELDS + S_SIMPLE] and s[me + HULL] <= 0:  # R1
        if value < p.simplified_hulk_below:
            emit(rec, (EV_SIMPLE_HULK, side, value))
            knock_out(p, s, rec, side, OUT_HULKED)
        else:
            emit(rec, (EV_SIMPLE_BLOWS, side, value))
            explode(p, s, rec, side, BLAST_PLASMA)
        return
    entry = p.data[p.o_chart + max(1, min(value, 11))]
    emit(rec, (EV_CRITICAL, side, value, entry))
    if entry == C_HOLED:
        pick(p, s, rec, side, DEPRESSURISED, by)
    elif entry == C_INTERNAL:
        pick(p, s, rec, side, DAMAGED, by)
    elif entry == C_FIRE:
        pick(p, s, rec, side, ON_FIRE, by)
    elif entry == C_SENSORS:
        s[me + SENSORS] = 1
        emit(rec, (EV_SENSORS, side, p.sensors_damaged))
    elif entry == C_THRUSTERS:
        rolled = d(rng, 10)
        if rolled <= 7:
            s[me + THRUSTERS] -= p.thrusters_damaged
        else:
            s[me + CANNOT_TURN] = 1
        emit(rec, (EV_THRUSTERS, side, rolled, p.thrusters_damaged))
    elif entry == C_ENGINES:
        rolled = d(rng, 10)
        if rolled <= 7:
            s[me + ENGINES_HALVED] += 1
        else:
            s[me + ENGINES_WRECKED] = 1
        emit(rec, (EV_ENGINES, side, rolled))
    elif entry == C_TECHSPRITES:
        for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
            rolled = d(rng, 10)
            if rolled >= 4:
                s[states(p, side) + part] |= UNPOWERED
            emit(rec, (EV_UNPOWERED, side, part, rolled))
        changed(p, s, side)  # once every part is rolled: nothing reads her sums meanwhile
        rolled = d(rng, 5)
        emit(rec, (EV_TECHSPRITES, side, rolled, lose(s, side, MORALE, rolled)))
    elif entry == C_DECAPITATION:
        first = d(rng, 10)
        second = d(rng, 10)
        bridge = p.data[p.o_bridge + side]
        if bridge >= 0 and first + second >= 12:
            s[states(p, side) + bridge] |= DEPRESSURISED
            changed(p, s, side)
        if bridge >= 0 and first + second >= 16:
            s[states(p, side) + bridge] |= DAMAGED
            changed(p, s, side)
        emit(rec, (EV_DECAPITATION, side, first, second, 1 if bridge >= 0 else 0))
    elif entry == C_BREACH:
        hull_breach(p, s, rng, rec, side, by)
    elif entry == C_CATASTROPHIC:
        rolled = d(rng, 10)
        emit(rec, (EV_CATASTROPHIC, side, rolled))
        if rolled <= 7:
            space_hulk(p, s, rng, rec, side)
        elif rolled <= 9 or not warp_engine(p, s, side):
            explode(p, s, rec, side, BLAST_PLASMA)
        else:
            explode(p, s, rec, side, BLAST_WARP)
    elif entry == C_HULK:
        space_hulk(p, s, rng, rec, side)
    elif entry == C_PLASMA:
        explode(p, s, rec, side, BLAST_PLASMA)
    elif entry == C_WARP:
        explode(p, s, rec, side, BLAST_WARP)


def choose(p: Params, s: State, side: int, exclude_drives: bool, taken: int, by: int) -> int:
    """The component the attacker knows of and picks first, not yet in `taken` (R18): working
    void shields, then working weapons (the strongest first), then the rest; −1 if none. The
    bridge is never chosen; with `exclude_drives` nor the plasma drive or warp engine."""
    best = -1
    best_key = 0
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        kind = p.data[p.o_kind + side * p.width + part]
        if (
            not s[known(p, side, by) + part]
            or s[taken + part]
            or s[states(p, side) + part] & DESTROYED
            or kind == K_BRIDGE
            or (exclude_drives and (kind in (K_WARP, K_DRIVE)))
        ):
            continue
        group = (
            0
            if p.data[p.o_shields + side * p.width + part] > 0
            else (1 if p.data[p.o_gun + (side * p.width + part) * GUN_FIELDS + G_KIND] else 2)
        )
        worth = (
            strength(p, s, side, part)
            * p.data[p.o_gun + (side * p.width + part) * GUN_FIELDS + G_VALUE]
        )
        # (broken, group, −worth, index): a smaller key first, the index breaking ties
        key = ((0 if working(p, s, side, part) else 1) * 4 + group) * (1 << 40) - worth
        if best < 0 or key < best_key:
            best = part
            best_key = key
    return best


def pick(p: Params, s: State, rec: Recorder | None, side: int, state: int, by: int) -> None:
    taken = scratch(p, by)
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        s[taken + part] = 0
    part = choose(p, s, side, True, taken, by)
    if part < 0:
        emit(rec, (EV_NO_CHOICE, side))
        return
    s[states(p, side) + part] |= state
    changed(p, s, side)
    emit(rec, (EV_STATE, side, part, state))


def hull_breach(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int,
                by: int) -> None:
    count = d(rng, 5)
    taken = scratch(p, by)
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        s[taken + part] = 0
    chosen = 0
    while chosen < count:  # chosen on the ship as she was struck, before any is breached
        part = choose(p, s, side, False, taken, by)
        if part < 0:
            break
        chosen += 1
        s[taken + part] = chosen
    emit(rec, (EV_BREACH, side, count, chosen))
    for n in range(1, chosen + 1):
        for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
            if s[taken + part] == n:
                rolled = d(rng, 10)
                if rolled <= 7:
                    s[states(p, side) + part] |= DAMAGED | DEPRESSURISED
                else:
                    s[states(p, side) + part] |= DESTROYED
                emit(rec, (EV_BREACHED, side, part, rolled))
    changed(p, s, side)  # once every breach is rolled: nothing reads her sums meanwhile
    me = ship(side)
    s[me + CREW] = half_up(s[me + CREW])
    s[me + MORALE] = half_up(s[me + MORALE])
    emit(rec, (EV_HALVED, side, s[me + CREW], s[me + MORALE]))


def warp_engine(p: Params, s: State, side: int) -> bool:
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        if (
            p.data[p.o_kind + side * p.width + part] == K_WARP
            and not s[states(p, side) + part] & DESTROYED
        ):
            return True
    return False


def space_hulk(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int) -> None:
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        rolled = d(rng, 10)
        if rolled <= 2:
            s[states(p, side) + part] |= UNPOWERED
        elif rolled <= 8:  # R3: the seed's missing 8 counts with 3-7
            s[states(p, side) + part] |= DEPRESSURISED | DAMAGED
        else:
            s[states(p, side) + part] |= DESTROYED
        emit(rec, (EV_UNPOWERED, side, part, -rolled))
    changed(p, s, side)  # once every part is rolled: nothing reads her sums meanwhile
    value = d(rng, 10)
    s[ship(side) + CREW] = min(s[ship(side) + CREW], value)
    emit(rec, (EV_SPACE_HULK, side, value, s[ship(side) + CREW]))
    knock_out(p, s, rec, side, OUT_HULKED)


def explode(p: Params, s: State, rec: Recorder | None, side: int, kind: int) -> None:
    """Her drive explodes: she is out, and the blast (settle) reaches every ship in range."""
    emit(rec, (EV_EXPLODES, side, kind))
    knock_out(p, s, rec, side, OUT_EXPLODED)
    s[ship(side) + BLAST] = kind


def blasting(p: Params, s: State) -> bool:
    """Whether a ship's drive blast waits to be settled (a turn without one skips the call)."""
    found = False
    for i in range(p.ships):
        if s[ship(i) + BLAST] > 0:
            found = True
    return found


def settle(p: Params, s: State, rng: list[int], rec: Recorder | None) -> None:
    """Explosions reach the other ships once the blow that caused them has landed, in the
    battle's order (a blast's debris can blow up another ship in turn, whose blast follows)."""
    found = True
    while found:
        found = False
        for i in range(p.ships):
            kind = s[ship(i) + BLAST]
            if kind > 0:
                s[ship(i) + BLAST] = 0
                blast(p, s, rng, rec, i, kind)
                found = True
                break


def blast(
    p: Params, s: State, rng: list[int], rec: Recorder | None, source: int, kind: int
) -> None:
    """A drive explosion strikes every ship in range still in the fight, friend or foe (the
    chart: "all starships within"), each in the battle's order; one roll sets its reach."""
    left = 0
    for other in range(p.ships):
        if other != source and s[ship(other) + OUT] == 0:
            left += 1
    if left == 0:
        return  # nobody left to strike: the reach is not rolled
    if kind == BLAST_PLASMA:
        reach = d(rng, 10)
        emit(rec, (EV_BLAST, source, reach))
        for other in range(p.ships):
            if other != source and s[ship(other) + OUT] == 0:
                debris(p, s, rng, rec, source, other, reach)
        return
    first = d(rng, 10)
    second = d(rng, 10)
    emit(rec, (EV_STORM, source, first, second))
    for other in range(p.ships):
        if other == source or s[ship(other) + OUT]:
            continue
        up, uq, vp, vq = between(s, source, other)
        dp, dq = dist4(up, uq, vp, vq)
        emit(rec, (EV_REACHES, other, source, up, uq, vp, vq))
        if within(dp, dq, first + second):
            if helm_test(p, s, rng, rec, other, -20):
                emit(rec, (EV_ESCAPES, other, 0))
            else:
                value = d(rng, 10)
                emit(rec, (EV_STORM_STRIKES, other, value))
                hurt(p, s, rng, rec, other, value, source)
    rift = d(rng, 5)
    emit(rec, (EV_RIFT, source, rift))
    for other in range(p.ships):
        if other == source or s[ship(other) + OUT]:
            continue
        up, uq, vp, vq = between(s, source, other)
        dp, dq = dist4(up, uq, vp, vq)
        if within(dp, dq, rift):
            if helm_test(p, s, rng, rec, other, 0):  # every test told, passed or failed
                emit(rec, (EV_ESCAPES, other, 1))
            else:
                emit(rec, (EV_DRAGGED, other, 0))
                knock_out(p, s, rec, other, OUT_WARP)


def debris(p: Params, s: State, rng: list[int], rec: Recorder | None, source: int, other: int,
           reach: int) -> None:
    """A plasma drive's debris on ship `other`, `reach` VU being the blast's: within it, a
    Hard helm test or 1d5 macrobattery hits of 1d10+4 that shields and armour stop."""
    up, uq, vp, vq = between(s, source, other)
    dp, dq = dist4(up, uq, vp, vq)
    emit(rec, (EV_REACHES, other, source, up, uq, vp, vq))
    if not within(dp, dq, reach):
        return
    evaded = helm_test(p, s, rng, rec, other, -20)
    emit(rec, (EV_EVADES, other, 1 if evaded else 0))
    if evaded:
        return
    count = d(rng, 5)
    emit(rec, (EV_DEBRIS, other, count))
    r = p.at_shots
    s[r + SH_PART] = -1
    s[r + SH_HITS] = count
    s[r + SH_LANDED] = count
    s[r + SH_CRIT] = 0
    s[r + SH_KIND] = GUN_MACRO
    s[r + SH_COUNT] = 1
    s[r + SH_SIDES] = 10
    s[r + SH_BONUS] = 4
    s[r + SH_VALUE] = 19
    resolve(p, s, rng, rec, source, other, 1)


# --- fires ---------------------------------------------------------------------------------


def fires(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int) -> None:
    """R11: each burning component, a Challenging test to put it out, else crew and morale."""
    burning = shared_row(p, P_BURNING)
    count = 0
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        if s[states(p, side) + part] & ON_FIRE:
            s[burning + count] = part
            count += 1
    for i in range(count):
        part = s[burning + i]
        suppression = mod(p, s, side, M_FIRE_FIGHTING)
        target, rolled = test(
            rng,
            p.data[p.o_stat + side * STAT_FIELDS + S_RATING],
            p.fire_test,
            suppression,
            0,
            0,
            0,
            0,
            0,
        )
        emit(
            rec,
            (
                EV_TEST,
                side,
                TEST_FIRE,
                p.data[p.o_stat + side * STAT_FIELDS + S_RATING],
                rolled,
                p.fire_test,
                suppression,
            ),
        )
        if rolled <= target:
            s[states(p, side) + part] &= ~ON_FIRE
            changed(p, s, side)
            emit(rec, (EV_FIRE_OUT, side, part))
            continue
        crew = roll(p.data, p.o_fire_crew, rng, rec, side)
        morale = roll(p.data, p.o_fire_morale, rng, rec, side)
        emit(
            rec,
            (
                EV_FIRE_BURNS,
                side,
                part,
                crew,
                lose(s, side, CREW, crew),
                morale,
                lose(s, side, MORALE, morale),
            ),
        )
        check_crew(p, s, rec, side)
        if s[ship(side) + OUT]:
            return


def roll(dice: list[int], at: int, rng: list[int], rec: Recorder | None, side: int) -> int:
    """Dice given as (count, sides, bonus) at `at`, each die told."""
    total = dice[at + 2]
    for _ in range(dice[at]):
        face = d(rng, dice[at + 1])
        emit(rec, (EV_FACE, side, face))
        total += face
    return total


# --- ramming and boarding ------------------------------------------------------------------


def helm(p: Params, s: State, rng: list[int], side: int, difficulty: int) -> tuple[int, int]:
    """Operate (Voidship) + Manoeuvrability: (target, roll)."""
    return test(
        rng,
        p.data[p.o_stat + side * STAT_FIELDS + S_HELM],
        manoeuvrability(p, s, side),
        difficulty,
        0,
        0,
        0,
        0,
        0,
    )


def helm_test(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int,
              difficulty: int) -> bool:
    """A helm test, told with its target's parts: passed or not."""
    target, rolled = helm(p, s, rng, side, difficulty)
    tell_helm(p, s, rec, side, rolled, difficulty)
    return rolled <= target


def tell_helm(p: Params, s: State, rec: Recorder | None, side: int, rolled: int,
              difficulty: int) -> None:
    """A helm test's roll against its target's parts, as the narrator tells it."""
    emit(
        rec,
        (
            EV_TEST,
            side,
            TEST_HELM,
            p.data[p.o_stat + side * STAT_FIELDS + S_HELM],
            rolled,
            manoeuvrability(p, s, side),
            difficulty,
        ),
    )


def ram(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int,
        enemy: int) -> None:
    s[FOUGHT] = 1  # a ram tried is an attack (R25)
    if not helm_test(p, s, rng, rec, side, p.ram_test):
        emit(rec, (EV_RAM_MISS, side))
        return
    prow = prow_armour(p, s, side)
    dealt = prow
    for k in range(p.rams):
        dealt += roll(p.data, p.o_ram + 3 * (side * p.rams + k), rng, rec, side)
    taken_roll = d(rng, 5)
    emit(rec, (EV_FACE, side, taken_roll))
    their_armour = armour(p, s, enemy)
    emit(rec, (EV_RAM, side, dealt, prow, taken_roll, their_armour))
    hurt(p, s, rng, rec, enemy, dealt, side)
    settle(p, s, rng, rec)
    if s[ship(side) + OUT] == 0:
        hurt(p, s, rng, rec, side, their_armour + taken_roll - prow_armour(p, s, side), enemy)


def board(p: Params, s: State, rng: list[int], rec: Recorder | None, side: int,
          enemy: int) -> None:
    s[FOUGHT] = 1  # a boarding tried is an attack (R25)
    locked = helm_test(p, s, rng, rec, side, p.board_test)
    if locked:  # the two ships are locked together; the exchanges start next round (R20)
        for me, them, boarder in ((side, enemy, 1), (enemy, side, 0)):
            s[ship(me) + LOCK] = them
            s[ship(me) + BOARDER] = boarder
            s[ship(me) + SINCE] = s[ROUND]
            s[ship(me) + TARGET] = them
    emit(rec, (EV_BOARD, side, 1 if locked else 0, enemy))


def command(
    p: Params, s: State, rng: list[int], rec: Recorder | None, side: int
) -> tuple[int, int, int, int, int, int, int, int, int]:
    """The boarding action's Command test against the ship she is locked with: (target,
    roll, its seven modifiers)."""
    me = ship(side)
    them = ship(s[me + LOCK])
    crew = step_bonus(s[me + CREW], s[them + CREW], p.boarding_crew_step, p.boarding_per_step)
    hull = step_bonus(s[me + HULL], s[them + HULL], p.boarding_hull_step, p.boarding_per_step)
    towers = p.boarding_per_turret * turrets(p, s, side)
    defending = mod(p, s, side, M_BOARDING_DEFENCE) if s[me + BOARDER] == 0 else 0
    failed = p.break_free_penalty if s[me + BFF] else 0
    own = mod(p, s, side, M_COMMAND)
    boarding = mod(p, s, side, M_BOARDING)
    target, rolled = test(
        rng,
        p.data[p.o_stat + side * STAT_FIELDS + S_COMMAND],
        own,
        crew,
        hull,
        towers,
        boarding,
        defending,
        failed,
    )
    return target, rolled, own, crew, hull, towers, boarding, defending, failed


def boarding_round(p: Params, s: State, rng: list[int], rec: Recorder | None, first: int,
                   second: int) -> bool:
    """The Strategic Turns of two ships locked together, taken together (the seed), `first`
    before `second` in the initiative order: fires, either may try to break free (true: they
    are free, and then take their turns), else the opposed Command test, the lower-numbered
    ship's first."""
    for i in range(2):
        side = first if i == 0 else second
        if mod(p, s, side, M_BURNING):
            fires(p, s, rng, rec, side)
        if s[ship(side) + OUT]:
            return False
    for i in range(2):  # R20: either locked ship may try, at the start of its turn
        side = first if i == 0 else second
        if not ask(rec, side, Q_BREAK_FREE, (s, side), break_free(p, s, side)):
            continue
        freed = helm_test(p, s, rng, rec, side, p.break_free_test)
        emit(rec, (EV_BREAK_FREE, side, 1 if freed else 0))
        if freed:
            for k in range(2):
                me = ship(first if k == 0 else second)
                s[me + LOCK] = -1
                s[me + BFF] = 0
            return True
        s[ship(side) + BFF] = 1
    low = min(first, second)
    high = max(first, second)
    a = command(p, s, rng, rec, low)
    b = command(p, s, rng, rec, high)
    s[ship(low) + BFF] = 0
    s[ship(high) + BFF] = 0
    winner, margin = opposed(standing(a[0], a[1]), standing(b[0], b[1]))
    emit(
        rec,
        (
            EV_TEST,
            low,
            TEST_COMMAND,
            p.data[p.o_stat + low * STAT_FIELDS + S_COMMAND],
            a[1],
            a[2],
            a[3],
            a[4],
            a[5],
            a[6],
            a[7],
            a[8],
        ),
    )
    emit(
        rec,
        (
            EV_TEST,
            high,
            TEST_COMMAND,
            p.data[p.o_stat + high * STAT_FIELDS + S_COMMAND],
            b[1],
            b[2],
            b[3],
            b[4],
            b[5],
            b[6],
            b[7],
            b[8],
        ),
    )
    emit(rec, (EV_COMMAND, low, high))
    if winner < 0:
        emit(rec, (EV_NO_GROUND, -1))
        return False
    loser = high if winner == 0 else low
    winner = low if winner == 0 else high
    blow = ask(rec, winner, Q_BLOW, (s, winner), BLOW_CREW)
    if blow == BLOW_HULL:  # charges set: 1 Hull Integrity a degree, with crew and morale
        emit(rec, (EV_CHARGES, winner, margin))
        hurt(p, s, rng, rec, loser, margin, winner)
        settle(p, s, rng, rec)
    else:
        crew = 0
        morale = 0
        for _ in range(margin):  # each degree: 1d5 Crew Population and 1d5 Morale
            c = d(rng, 5)
            m = d(rng, 5)
            emit(rec, (EV_FACE, winner, c))
            emit(rec, (EV_FACE, winner, m))
            crew += c
            morale += m
        emit(
            rec,
            (
                EV_CUT,
                winner,
                margin,
                crew,
                morale,
                lose(s, loser, CREW, crew),
                lose(s, loser, MORALE, morale),
            ),
        )
    check_crew(p, s, rec, loser)
    if s[ship(loser) + OUT]:
        return False
    rolled = d(rng, 100)
    holds = rolled <= s[ship(loser) + MORALE]
    emit(rec, (EV_MORALE, loser, s[ship(loser) + MORALE], rolled, 1 if holds else 0))
    if not holds:
        knock_out(p, s, rec, loser, OUT_SURRENDERED)
    return False
