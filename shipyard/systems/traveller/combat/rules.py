"""traveller space combat, written once (the fight pattern): the seed's turn sequence as plain
functions over numbers, narrated (a Recorder) or in a series (compiled by Numba).

Seed: shared/seeds/002 (a house turn sequence for Mongoose Traveller). Figures the seed leaves
to the rule book come from catalogs/traveller/combat.yaml; every choice is a ruling TRV-R16.. in
catalogs/traveller/RULINGS.md. A turn: initiative, manoeuvre step (reverse initiative order:
overcharge, manoeuvre, range, boarding, line up), attack step (initiative order: captain,
sensors, engineer, gunners), missile hits, then back to initiative. Reactions (dodge, point
defence, ECM, sand) come from the initiative's count, and more may be bought by burning
initiative. The default crew's decisions are functions here too (`want_band`, `dodges`, ...).

Only ints, NamedTuples and module-level functions: Numba compiles this module as it is.
"""

from __future__ import annotations

from typing import NamedTuple

from shipyard.api import Recorder, ask, derive_seed, dice, die, emit, seed_stream, store

# --- codes -------------------------------------------------------------------------------

A_WINS, B_WINS, A_BOARDS, B_BOARDS, CAP, HARMLESS, LOST_CONTACT = range(7)

ADJACENT, CLOSE, SHORT, MEDIUM, LONG, VERY_LONG, DISTANT = range(7)
START_RANDOM = 7  # the seed: a random encounter starts at Very Long
START_PLANET = 8  # near a planet: Medium on 1-2, Long on 3-6

# weapon kinds
DIRECT, MISSILE, BATTERY, SAND = 1, 2, 3, 4
# skills (each a total DM: skill + characteristic DM)
PILOT, GUNNERY, SENSORS, TACTICS, LEADERSHIP, ENGINEER, PILOT_SKILL = range(7)
# what a level of critical damage at a location does (combat.yaml critical_locations)
EF_NONE, EF_SENSORS, EF_THRUST, EF_ATTACK, EF_ARMOUR, EF_DAMAGE, EF_CREW = range(7)

ROUTINE, AVERAGE, DIFFICULT, SIMPLE = 6, 8, 10, 2

# events: (code, side, numbers...) -- narrate.py reads them
EV_SCAN = 1  # side, attempt, roll, dm, ok, the enemy's stealth DM
EV_FREE = 2  # side: a free round
# side, roll, pilot, tactics roll, tactics dm, thrust, inspire, burn penalty, init, reactions
EV_INIT = 3
EV_OVERCHARGE = 4  # side, roll, dm, effect, thrust now, m-drive hits taken
EV_MANOEUVRE = 5  # side, roll, dm, ok, toward (signed), wanted band
EV_RANGE = 6  # -1, old band, new band, progress
EV_BOARD = 7  # side, roll, dm, enemy roll, enemy dm, ok
EV_LINEUP = 8  # side, roll, dm, effect
EV_INSPIRE = 9  # side, roll, dm, effect
EV_JAM = 10  # side, roll, dm, effect
EV_SOLUTION = 11  # side, roll, dm, effect
EV_REPAIR = 12  # side, roll, dm, ok, location (-1: the M-drive's overcharge hits), level now
EV_AIM = 13  # side, weapon, aim now
EV_FIRE = 14  # side, weapon, copy, roll, skill, range dm, weapon dm, aim, chain, penalty, effect
EV_DODGE = 15  # side (defender), roll, dm, effect, burned (1: an extra reaction)
EV_SAND = 16  # side (defender), roll, dm, ok, reduction, burned
# side, weapon, dice total (DD: x10), mount bonus, effect, sand, armour, multiple, damage, hull
# left, ion (1: the damage goes to the power plant, none to the Hull)
EV_DAMAGE = 17
EV_LAUNCH = 18  # side, roll, gunnery, criticals penalty, missiles, flight, stock left
EV_ECM = 19  # side (defender), roll, dm, effect, removed, left, burned
EV_PD = 20  # side (defender), weapon, roll, dm, effect, destroyed, left, burned
EV_SALVO = 21  # side (firer), missiles, roll, salvo dm, tl dm, dodge, effect
EV_MISSILE_DAMAGE = 22  # side, dice rolled, times, armour, damage, hull left
EV_CRIT = 23  # side (hit), roll, location, severity, level, extra damage, hull left
EV_RADIATION = 24  # side (hit): a crew critical from the Radiation trait
EV_ION = 25  # side (hit), damage, power plant level
EV_BURN = 26  # side, extra reactions bought this turn: -2 initiative each next turn
EV_ARRIVE = 27  # side (firer), missiles arriving

Q_BAND = 1  # the band a side's captain wants (facts: round, band, own hull, enemy hull)

# per-side state: one flat int list, `block` ints a side (copied from Params.state0)
HULL, DEALT, MHITS, INIT, REACT, BURNED, BURN_NEXT, INSPIRE, JAMMED, JAM_NEXT = range(10)
CHAIN, THRUST, STOCK, SANDS, LOST, WANTED, CRIT = range(10, 17)  # WANTED: this turn's band
EFF = CRIT + 11  # the levels summed by effect (EF_*), kept as criticals and repairs change them
AIM = EFF + 7  # then one aim count per weapon entry, then (missiles, rounds) per salvo slot


(W_KIND, W_COPIES, W_DICE, W_DD, W_PER_DIE, W_MULTIPLE, W_DM, W_REACH, W_AP, W_RADIATION,
 W_ION, W_LASER, W_PD, W_PD_DM, W_FIXED, W_MIXED, W_HARM) = range(17)
NWF = 17
(SD_HULL, SD_ARMOUR, SD_THRUST, SD_TL, SD_SENSOR_DM, SD_ECM_DM, SD_SHIELDED, SD_WANT, SD_SALVO,
 SD_MISSILE_DICE, SD_MISSILE_DD, SD_LAUNCHER, SD_STEALTH, SD_NW) = range(14)
# who launches the salvo, one position's action (TRV-R16): a gunner or the pilot with nothing
# else to fire, the gunner of a turret that also holds a gun (its shot given up), or the pilot
# whose fixed mounts also hold a gun (its fixed-mount shot given up)
LAUNCH_FREE, LAUNCH_PILOT, LAUNCH_GUNNER = range(3)
NSD = 14
(T_COST, T_RANGE_DM, T_FLIGHT, T_CRIT_LOC, T_CRIT_EFFECT) = range(5)
NT = 5
TAB_WIDTH = 13
NSKILL = 7


class Params(NamedTuple):
    """Numbers only: the template of a fight's state, and every other figure in one flat list
    read through wv, sv, sk and tv. A compiled call reference-counts each list it is passed,
    and these rules pass the params to nearly every function: forty lists took 3.2 s a 100k
    series, five 0.8 s."""

    cap: int
    start: int
    block: int
    maxw: int
    maxs: int
    nloc: int
    burn_max: int
    inspire_from: int
    overcharge_from: int
    board: int
    crew_loc: int
    power_loc: int
    sd_at: int  # where each part of `data` starts
    skill_at: int
    w_at: int
    tab_at: int
    state0: list[int]
    data: list[int]  # per side NSD figures (SD_*); per side six skill DMs; per side NWF rows
    # (W_*) of maxw weapon entries; NT rows (T_*) of TAB_WIDTH: band and critical tables


def wv(p: Params, side: int, field: int, w: int) -> int:
    return p.data[p.w_at + (side * NWF + field) * p.maxw + w]


def sv(p: Params, side: int, field: int) -> int:
    return p.data[p.sd_at + side * NSD + field]


def sk(p: Params, side: int, skill: int) -> int:
    return p.data[p.skill_at + side * NSKILL + skill]


def tv(p: Params, table: int, index: int) -> int:
    return p.data[p.tab_at + table * TAB_WIDTH + index]


# --- small rules -------------------------------------------------------------------------


def roll2(rng: list[int]) -> int:
    return die(rng, 6) + die(rng, 6)


def reactions_for(init: int) -> int:
    """The seed: initiative 0-4 one reaction, 5-8 two, 9-12 three, 13+ four (below 0: one,
    TRV-R21)."""
    if init <= 4:
        return 1
    if init <= 8:
        return 2
    if init <= 12:
        return 3
    return 4


def level(p: Params, st: list[int], side: int, effect: int) -> int:
    """The critical levels of `side`'s locations whose effect is `effect` (TRV-R24)."""
    return st[side * p.block + EFF + effect]


def set_level(p: Params, st: list[int], side: int, loc: int, new: int) -> None:
    """A location's level, and the sum by effect that `level` reads."""
    o = side * p.block
    st[o + EFF + tv(p, T_CRIT_EFFECT, loc)] += new - st[o + CRIT + loc]
    st[o + CRIT + loc] = new


def crew_dm(p: Params, st: list[int], side: int) -> int:
    return level(p, st, side, EF_CREW) // 2


def thrust_now(p: Params, st: list[int], side: int) -> int:
    return max(0, sv(p, side, SD_THRUST) - st[side * p.block + MHITS]
               - level(p, st, side, EF_THRUST))


def armour_now(p: Params, st: list[int], side: int) -> int:
    return max(0, sv(p, side, SD_ARMOUR) - level(p, st, side, EF_ARMOUR))


def range_cost(p: Params, near: int) -> int:
    """Thrust to cross the boundary between band `near` and the band beyond it: the outer
    band's figure, either way (TRV-R18)."""
    return tv(p, T_COST, near + 1)


def move_range(p: Params, band: int, progress: int, net: int) -> tuple[int, int]:
    """The seed's range adjustment: thrust toward (+) or away (-) from both ships adds up; a
    boundary is crossed when it reaches the band's figure, the rest carries (TRV-R18)."""
    progress += net
    while band > ADJACENT and progress >= range_cost(p, band - 1):
        progress -= range_cost(p, band - 1)
        band -= 1
    while band < DISTANT and -progress >= range_cost(p, band):
        progress += range_cost(p, band)
        band += 1
    if band == ADJACENT and progress > 0:
        progress = 0
    if band == DISTANT and progress < 0:
        progress = 0
    return band, progress


def spend_reaction(p: Params, st: list[int], rec: Recorder | None, side: int, threat: int) -> int:
    """1 when `side` may react: a reaction of its initiative, else (when the threat is worth
    it and fewer than burn_max were bought) one bought with initiative (-2 next turn)."""
    o = side * p.block
    if st[o + REACT] > 0:
        st[o + REACT] -= 1
        return 1
    if threat and st[o + BURNED] < p.burn_max:
        st[o + BURNED] += 1
        emit(rec, (EV_BURN, side, st[o + BURNED]))
        return 2
    return 0


def has_shot(p: Params, side: int, band: int) -> int:
    """1 when a direct-fire weapon of `side` that can hurt the enemy reaches `band`."""
    for w in range(sv(p, side, SD_NW)):
        if (wv(p, side, W_KIND, w) == DIRECT and wv(p, side, W_HARM, w)
                and wv(p, side, W_REACH, w) >= band):
            return 1
    return 0


def can_harm(p: Params, st: list[int], side: int, band: int) -> int:
    """1 while `side` may still hurt its enemy (TRV-R30): a missile in flight, or a weapon that
    can hurt or a missile to launch; when neither ship has a drive to change the range, only
    those that reach the band they are at count."""
    o = side * p.block
    for slot in range(p.maxs):
        if st[o + AIM + p.maxw + 2 * slot] > 0:
            return 1
    fixed = 1 if sv(p, 0, SD_THRUST) == 0 and sv(p, 1, SD_THRUST) == 0 else 0
    for w in range(sv(p, side, SD_NW)):
        if wv(p, side, W_KIND, w) == DIRECT and wv(p, side, W_HARM, w) and (
                not fixed or wv(p, side, W_REACH, w) >= band):
            return 1
    if sv(p, side, SD_SALVO) > 0 and st[o + STOCK] > 0 and (
            not fixed or tv(p, T_FLIGHT, band) > 0):
        return 1
    return 0


# --- the default crew's policy (TRV-R25) -------------------------------------------------


def want_band(p: Params, st: list[int], rec: Recorder | None, side: int, rnd: int,
              band: int) -> int:
    """The band the captain steers for: the catalog policy's choice for this pairing (the band
    where its own expected damage most exceeds the enemy's), or a user's captain's."""
    o, e = side * p.block, (1 - side) * p.block
    return ask(rec, side, Q_BAND, (rnd, band, st[o + HULL], st[e + HULL]), sv(p, side, SD_WANT))


def threat_of(p: Params, st: list[int], target: int, most: int) -> int:
    """1 when a hit could take a tenth of the target's Hull: worth buying a reaction."""
    return 1 if most * 10 >= sv(p, target, SD_HULL) else 0


# --- the steps ---------------------------------------------------------------------------


def scan(p: Params, rng: list[int], rec: Recorder | None, side: int, attempt: int) -> int:
    """Scan for the enemy: Electronics (sensors) 8+, with the sensors' DM and the enemy's
    stealth DM to detect (TRV-R29)."""
    roll = roll2(rng)
    dm = sk(p, side, SENSORS) + sv(p, side, SD_SENSOR_DM)
    stealth = sv(p, 1 - side, SD_STEALTH)
    ok = 1 if roll + dm + stealth >= AVERAGE else 0
    emit(rec, (EV_SCAN, side, attempt, roll, dm, ok, stealth))
    return ok


def find(p: Params, rng: list[int], rec: Recorder | None) -> int:
    """Who gets the free round (0, 1), nobody (-1), or 2 when neither finds the other in ten
    tries: both failing, both scan again (TRV-R17)."""
    for attempt in range(1, 11):
        a = scan(p, rng, rec, 0, attempt)
        b = scan(p, rng, rec, 1, attempt)
        if a and b:
            return -1
        if a:
            return 0
        if b:
            return 1
    return 2


def start_band(p: Params, rng: list[int]) -> int:
    if p.start == START_RANDOM:
        return VERY_LONG
    if p.start == START_PLANET:
        return MEDIUM if die(rng, 6) <= 2 else LONG
    return p.start


def initiative(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int) -> int:
    """2D + the Pilot's skill (the skill alone, TRV-R21) + the Captain's Tactics (naval) Effect
    (8+, good or bad) + Thrust, + last turn's Inspire Effect, -2 per reaction bought last
    turn."""
    o = side * p.block
    tactics = roll2(rng)
    tdm = sk(p, side, TACTICS) - crew_dm(p, st, side)
    roll = roll2(rng)
    thrust = thrust_now(p, st, side)
    burn = 2 * st[o + BURN_NEXT]
    init = roll + sk(p, side, PILOT_SKILL) + (tactics + tdm - AVERAGE) + thrust \
        + st[o + INSPIRE] - burn
    reactions = reactions_for(init)
    emit(rec, (EV_INIT, side, roll, sk(p, side, PILOT_SKILL), tactics, tdm, thrust,
               st[o + INSPIRE], burn, init, reactions))
    st[o + INIT] = init
    st[o + REACT] = reactions
    st[o + BURNED] = 0
    st[o + BURN_NEXT] = 0
    st[o + INSPIRE] = 0
    st[o + CHAIN] = 0
    st[o + JAMMED] = st[o + JAM_NEXT]
    st[o + JAM_NEXT] = 0
    st[o + THRUST] = thrust
    return init


def steer(p: Params, band: int, projected: int, want: int, spare: int) -> int:
    """The default pilot's thrust toward (+) or away (-): enough to cross into the next band
    toward `want` and no more, or to hold `want` against the other ship's push, counting the
    thrust already applied this turn (`projected`: the banked thrust plus what the ship that
    manoeuvred first applied: the manoeuvre step goes in reverse initiative order)."""
    if want < band:
        return min(spare, max(0, range_cost(p, band - 1) - projected))
    if want > band:
        return -min(spare, max(0, range_cost(p, band) + projected))
    if band > ADJACENT and projected >= range_cost(p, band - 1):
        return -min(spare, projected - range_cost(p, band - 1) + 1)
    if band < DISTANT and -projected >= range_cost(p, band):
        return min(spare, -projected - range_cost(p, band) + 1)
    return 0


def manoeuvre(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int, band: int,
              projected: int, want: int) -> int:
    """Overcharge and Manoeuvre: the thrust `side` applies toward (+) or away (-)."""
    o = side * p.block
    crew = crew_dm(p, st, side)
    base = st[o + THRUST]
    st[o + WANTED] = want
    # the engineer's DM as it would roll, crew criticals and all, against the threshold
    if want != band and sk(p, side, ENGINEER) - crew >= p.overcharge_from and base > 0:
        roll = roll2(rng)
        dm = sk(p, side, ENGINEER) - crew
        effect = roll + dm - AVERAGE
        st[o + THRUST] = min(2 * base, max(0, base + effect))
        hits = 2 if effect <= -6 else (1 if effect <= -4 else 0)
        st[o + MHITS] += hits
        emit(rec, (EV_OVERCHARGE, side, roll, dm, effect, st[o + THRUST], hits))
    spare = max(0, st[o + THRUST] - 1)  # one kept for a dodge or a line-up (TRV-R20)
    toward = steer(p, band, projected, want, spare)
    if toward == 0:
        return 0
    roll = roll2(rng)
    dm = sk(p, side, PILOT) - crew
    ok = 1 if roll + dm >= ROUTINE else 0
    if not ok:
        toward = 0
    st[o + THRUST] -= abs(toward)
    emit(rec, (EV_MANOEUVRE, side, roll, dm, ok, toward, want))
    return toward


def board(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int) -> int:
    """Boarding: opposed Pilot at Adjacent range for one thrust; a win ends the duel (TRV-R22).
    The default crew tries when the enemy has lost half its Hull."""
    o, e = side * p.block, (1 - side) * p.block
    if not p.board or st[o + THRUST] < 1 or st[e + HULL] * 2 > sv(p, 1 - side, SD_HULL):
        return 0
    st[o + THRUST] -= 1
    roll = roll2(rng)
    dm = sk(p, side, PILOT) - crew_dm(p, st, side)
    theirs = roll2(rng)
    tdm = sk(p, 1 - side, PILOT) - crew_dm(p, st, 1 - side)
    ok = 1 if roll + dm > theirs + tdm else 0
    emit(rec, (EV_BOARD, side, roll, dm, theirs, tdm, ok))
    return ok


def line_up(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
            band: int) -> None:
    """Line up shot: Pilot 8+ for one thrust, its Effect chained into one gunner's attack
    (TRV-R23); the default pilot lines up when a gun reaches and two thrust are left."""
    o = side * p.block
    if st[o + THRUST] < 2 or not has_shot(p, side, band):
        return
    st[o + THRUST] -= 1
    roll = roll2(rng)
    dm = sk(p, side, PILOT) - crew_dm(p, st, side)
    effect = roll + dm - AVERAGE
    st[o + CHAIN] += effect
    emit(rec, (EV_LINEUP, side, roll, dm, effect))


def critical(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
             severity: int, loc: int, roll: int) -> int:
    """A critical hit at `loc`: its level rises to the severity, or by one when it is already
    as bad (TRV-R24); a Hull critical does severity D6 more damage at once."""
    o = side * p.block
    now = st[o + CRIT + loc]
    new = min(6, max(now + 1, severity))
    set_level(p, st, side, loc, new)
    extra = 0
    if tv(p, T_CRIT_EFFECT, loc) == EF_DAMAGE:
        extra = min(dice(rng, severity, 6), max(0, st[o + HULL]))
        st[o + HULL] -= extra
    emit(rec, (EV_CRIT, side, roll, loc, severity, new, extra, st[o + HULL]))
    return extra


def hurt(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int, damage: int,
         effect: int, radiation: int) -> None:
    """`side` deals `damage` to its enemy: Hull, then criticals (Core Rulebook 2022 p.169, not
    the seed, TRV-R24): an Effect 6+ hit with damage is one of severity damage / 10 rounded up
    (at most 6), and each tenth of the starting Hull lost is one of severity 1, counting the
    tenths a Hull critical's own extra damage crosses at once."""
    t = 1 - side
    o, e = side * p.block, t * p.block
    dealt = min(damage, max(0, st[e + HULL]))
    st[e + HULL] -= damage
    st[o + DEALT] += dealt
    if st[e + HULL] <= 0:
        return
    if effect >= 6:
        roll = roll2(rng)
        severity = min(6, (damage + 9) // 10)
        st[o + DEALT] += critical(p, st, rng, rec, t, severity, tv(p, T_CRIT_LOC, roll), roll)
    while st[e + HULL] > 0:
        lost = (sv(p, t, SD_HULL) - st[e + HULL]) * 10 // sv(p, t, SD_HULL)
        if lost <= st[e + LOST]:
            break
        st[e + LOST] += 1
        roll = roll2(rng)
        st[o + DEALT] += critical(p, st, rng, rec, t, 1, tv(p, T_CRIT_LOC, roll), roll)
    if st[e + HULL] <= 0:
        return
    if radiation and not sv(p, t, SD_SHIELDED):
        emit(rec, (EV_RADIATION, t))
        critical(p, st, rng, rec, t, 1, p.crew_loc, 0)


def dodge(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
          threat: int) -> int:
    """Dodge: Pilot 10+ for one thrust and a reaction; -Effect to the attack (the seed's
    figure, not the book's -Pilot)."""
    o = side * p.block
    if st[o + THRUST] < 1:
        return 0
    spent = spend_reaction(p, st, rec, side, threat)
    if not spent:
        return 0
    st[o + THRUST] -= 1
    roll = roll2(rng)
    dm = sk(p, side, PILOT) - crew_dm(p, st, side)
    effect = roll + dm - DIFFICULT
    emit(rec, (EV_DODGE, side, roll, dm, effect, spent - 1))
    return max(0, effect)


def sand(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
         threat: int) -> int:
    """Fire sand at an incoming laser: Gunnery 8+, a canister and a reaction; -1D damage."""
    o = side * p.block
    if st[o + SANDS] < 1:
        return 0
    spent = spend_reaction(p, st, rec, side, threat)
    if not spent:
        return 0
    st[o + SANDS] -= 1
    roll = roll2(rng)
    dm = sk(p, side, GUNNERY) - crew_dm(p, st, side)
    cut = die(rng, 6) if roll + dm >= AVERAGE else 0
    emit(rec, (EV_SAND, side, roll, dm, 1 if cut else 0, cut, spent - 1))
    return cut


def fire(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int, w: int,
         copy: int, band: int, chain: int) -> None:
    """Direct fire: Gunnery 8+ with range, weapon and chained DMs; damage dice + Effect -
    armour (less AP), times the mount's multiple (TRV-R19)."""
    t = 1 - side
    o = side * p.block
    skill = sk(p, side, GUNNERY)  # the pilot fires fixed mounts with Gunnery too (TRV-R16)
    aim = st[o + AIM + w]
    penalty = level(p, st, side, EF_ATTACK) + crew_dm(p, st, side)
    roll = roll2(rng)
    dm = skill + tv(p, T_RANGE_DM, band) + wv(p, side, W_DM, w) + aim + chain - penalty
    effect = roll + dm - AVERAGE
    armour = max(0, armour_now(p, st, t) - wv(p, side, W_AP, w))
    dice_n = wv(p, side, W_DICE, w)
    most = (dice_n * 6 * wv(p, side, W_DD, w) + wv(p, side, W_PER_DIE, w) * dice_n + effect
            - armour) \
        * wv(p, side, W_MULTIPLE, w)
    if effect >= 0 and most > 0:
        effect -= dodge(p, st, rng, rec, t, threat_of(p, st, t, most))
    emit(rec, (EV_FIRE, side, w, copy, roll, skill, tv(p, T_RANGE_DM, band),
               wv(p, side, W_DM, w), aim,
               chain, penalty, effect))
    if effect < 0:
        return
    cut = 0
    if wv(p, side, W_LASER, w) and most > 0:
        cut = sand(p, st, rng, rec, t, threat_of(p, st, t, most))
    rolled = dice(rng, dice_n, 6) * wv(p, side, W_DD, w)
    mount = wv(p, side, W_PER_DIE, w) * dice_n
    raw = rolled + mount + effect - cut - armour
    damage = raw * wv(p, side, W_MULTIPLE, w) if raw > 0 else 0
    if wv(p, side, W_ION, w):
        # Ion: no Hull damage; the power plant takes it as a critical's severity (TRV-R27)
        emit(rec, (EV_DAMAGE, side, w, rolled, mount, effect, cut, armour,
                   wv(p, side, W_MULTIPLE, w), damage, st[t * p.block + HULL], 1))
        if damage > 0:
            severity = min(6, (damage + 9) // 10)
            critical(p, st, rng, rec, t, severity, p.power_loc, 0)
            emit(rec, (EV_ION, t, damage, st[t * p.block + CRIT + p.power_loc]))
        return
    emit(rec, (EV_DAMAGE, side, w, rolled, mount, effect, cut, armour,
               wv(p, side, W_MULTIPLE, w), damage, st[t * p.block + HULL] - damage, 0))
    if damage > 0:
        hurt(p, st, rng, rec, side, damage, effect, wv(p, side, W_RADIATION, w))


def free_slot(p: Params, st: list[int], side: int, band: int) -> int:
    """The salvo slot a launch this turn would fill, or -1 when no salvo may go: no missiles,
    no launch at Adjacent or Close, or every slot in flight."""
    o = side * p.block
    if sv(p, side, SD_SALVO) == 0 or st[o + STOCK] == 0 or tv(p, T_FLIGHT, band) == 0:
        return -1
    for s in range(p.maxs):
        if st[o + AIM + p.maxw + 2 * s] == 0:
            return s
    return -1


def launch(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
           slot: int, band: int) -> None:
    """Launch a salvo: every missile mount at once, one gunner's action, Gunnery 2+; in flight
    for the band's rounds."""
    o = side * p.block
    roll = roll2(rng)
    penalty = level(p, st, side, EF_ATTACK) + crew_dm(p, st, side)
    n = min(sv(p, side, SD_SALVO), st[o + STOCK])
    ok = roll + sk(p, side, GUNNERY) - penalty >= SIMPLE
    st[o + STOCK] -= n  # a failed launch spends the salvo too (TRV-R31)
    emit(rec, (EV_LAUNCH, side, roll, sk(p, side, GUNNERY), penalty, n if ok else 0,
               tv(p, T_FLIGHT, band), st[o + STOCK]))
    if ok:
        st[o + AIM + p.maxw + 2 * slot] = n
        st[o + AIM + p.maxw + 2 * slot + 1] = tv(p, T_FLIGHT, band)


def attacks_now(p: Params, st: list[int], side: int, band: int) -> int:
    """1 when `side` can attack this turn: a gun that can hurt reaches, or a salvo may go."""
    o = side * p.block
    if has_shot(p, side, band):
        return 1
    return 1 if sv(p, side, SD_SALVO) > 0 and st[o + STOCK] > 0 and tv(p, T_FLIGHT, band) else 0


def repair_target(p: Params, st: list[int], side: int, band: int) -> int:
    """What the default engineer mends (TRV-R25): the level that costs most this turn, attacks
    when the ship can attack, thrust (criticals or the overcharge's M-drive hits, -1) when off
    the wanted band, else the highest level; on a tie the first in 2D order, the overcharge's
    hits before every location. -2: nothing to mend."""
    o = side * p.block
    attacking = attacks_now(p, st, side, band)
    moving = 1 if st[o + WANTED] != band else 0
    best, best_rank, best_level = -2, -1, 0
    for loc in range(-1, p.nloc):
        effect = EF_THRUST if loc < 0 else tv(p, T_CRIT_EFFECT, loc)
        now = st[o + MHITS] if loc < 0 else st[o + CRIT + loc]
        if effect == EF_NONE or now <= 0:
            continue
        rank = 0
        if effect == EF_ATTACK and attacking:
            rank = 2
        elif effect == EF_THRUST and moving:
            rank = 1
        if rank > best_rank or (rank == best_rank and now > best_level):
            best, best_rank, best_level = loc, rank, now
    return best


def attack_step(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
                band: int) -> int:
    """One side's attack step, position by position; 1 when the enemy is destroyed."""
    t = 1 - side
    o, e = side * p.block, t * p.block
    crew = crew_dm(p, st, side)
    # captain: inspire the crew (its Effect chains into next turn's initiative), judged on the
    # DM it would roll with
    if sk(p, side, LEADERSHIP) - crew >= p.inspire_from:
        roll = roll2(rng)
        dm = sk(p, side, LEADERSHIP) - crew
        st[o + INSPIRE] = roll + dm - AVERAGE
        emit(rec, (EV_INSPIRE, side, roll, dm, st[o + INSPIRE]))
    # sensor operator: a targeting solution for a gun that reaches, else jam their sensors
    roll = roll2(rng)
    dm = sk(p, side, SENSORS) + sv(p, side, SD_SENSOR_DM) - level(p, st, side, EF_SENSORS) - crew
    if has_shot(p, side, band):
        dm -= st[o + JAMMED]
        effect = roll + dm - AVERAGE
        st[o + CHAIN] += effect
        emit(rec, (EV_SOLUTION, side, roll, dm, effect))
    else:
        dm += sv(p, side, SD_ECM_DM)  # the countermeasures suite jams too (TRV-R29)
        effect = roll + dm - AVERAGE
        st[e + JAM_NEXT] = max(0, effect)
        emit(rec, (EV_JAM, side, roll, dm, effect))
    # engineer: repair the damage that costs most this turn (TRV-R25)
    where = repair_target(p, st, side, band)
    if where > -2:
        roll = roll2(rng)
        dm = sk(p, side, ENGINEER) - crew
        ok = 1 if roll + dm >= AVERAGE else 0
        now = 0
        if where < 0:
            st[o + MHITS] -= ok
            now = st[o + MHITS]
        else:
            set_level(p, st, side, where, st[o + CRIT + where] - ok)
            now = st[o + CRIT + where]
        emit(rec, (EV_REPAIR, side, roll, dm, ok, where, now))
    # gunners and the pilot: one action a position (TRV-R16). The salvo is one position's
    # action: every missile launches each turn it can, and a launcher that also holds a gun
    # gives its shot up for it. The pilot fires one fixed mount, the hardest-hitting that
    # reaches (setup puts them in that order); gunners fire what reaches, aim what does not.
    slot = free_slot(p, st, side, band)
    launcher = sv(p, side, SD_LAUNCHER) if slot >= 0 else LAUNCH_FREE
    mixed_busy = 1 if launcher == LAUNCH_GUNNER else 0
    pick = -1  # the pilot's fixed mount: the first that reaches, else the first to aim
    if launcher != LAUNCH_PILOT:
        for w in range(sv(p, side, SD_NW)):
            if wv(p, side, W_KIND, w) == DIRECT and wv(p, side, W_HARM, w) and wv(
                    p, side, W_FIXED, w) and (pick < 0 or (wv(p, side, W_REACH, w) >= band
                                                           > wv(p, side, W_REACH, pick))):
                pick = w
    chain = st[o + CHAIN]
    for w in range(sv(p, side, SD_NW)):
        if wv(p, side, W_KIND, w) != DIRECT or not wv(p, side, W_HARM, w):
            continue
        fixed = wv(p, side, W_FIXED, w)
        if fixed and w != pick:
            continue
        shots = 1 if fixed else wv(p, side, W_COPIES, w)
        if mixed_busy and wv(p, side, W_MIXED, w):
            shots -= 1  # this turret's gunner launches the salvo
            mixed_busy = 0
        if shots == 0:
            continue
        if wv(p, side, W_REACH, w) < band:
            if st[o + AIM + w] < 6:
                st[o + AIM + w] += 2
                emit(rec, (EV_AIM, side, w, st[o + AIM + w]))
            continue
        for copy in range(shots):
            fire(p, st, rng, rec, side, w, copy, band, chain)
            chain = 0
            if st[e + HULL] <= 0:
                return 1
        st[o + AIM + w] = 0
    if slot >= 0:
        launch(p, st, rng, rec, side, slot, band)
    return 0


def defend(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int, n: int,
           most: int) -> int:
    """The target's reactions to a salvo about to hit: one ECM (Sensors 10+, Effect missiles
    removed), then point defence (Gunnery 8+, Effect missiles destroyed, TRV-R28)."""
    crew = crew_dm(p, st, side)
    threat = threat_of(p, st, side, most)
    spent = spend_reaction(p, st, rec, side, threat)
    if spent:
        roll = roll2(rng)
        dm = sk(p, side, SENSORS) + sv(p, side, SD_SENSOR_DM) + sv(p, side, SD_ECM_DM) \
            - level(p, st, side, EF_SENSORS) - crew
        effect = roll + dm - DIFFICULT
        gone = min(n, max(0, effect))
        n -= gone
        emit(rec, (EV_ECM, side, roll, dm, effect, gone, n, spent - 1))
    for w in range(sv(p, side, SD_NW)):
        if not wv(p, side, W_PD, w):
            continue
        for _ in range(wv(p, side, W_COPIES, w)):
            if n == 0:
                return 0
            spent = spend_reaction(p, st, rec, side, threat)
            if not spent:
                return n
            roll = roll2(rng)
            dm = sk(p, side, GUNNERY) + wv(p, side, W_PD_DM, w) - level(p, st, side, EF_ATTACK) \
                - crew
            effect = roll + dm - AVERAGE
            gone = min(n, max(0, effect))
            n -= gone
            emit(rec, (EV_PD, side, w, roll, dm, effect, gone, n, spent - 1))
    return n


def salvo_hits(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
               n: int) -> None:
    """Resolve missile hits: 2D + 1 per missile beyond the first + the TL DM (+1..+6) vs 8+;
    one missile's damage times the Effect (at least 1), less armour once (TRV-R19)."""
    t = 1 - side
    armour = armour_now(p, st, t)
    most = sv(p, side, SD_MISSILE_DICE) * 6 * sv(p, side, SD_MISSILE_DD) * (n + 10) - armour
    n = defend(p, st, rng, rec, t, n, most)
    if n == 0:
        return
    roll = roll2(rng)
    tl_dm = min(6, max(1, sv(p, side, SD_TL) - sv(p, t, SD_TL)))
    effect = roll + (n - 1) + tl_dm - AVERAGE
    dodged = 0
    if effect >= 0:
        dodged = dodge(p, st, rng, rec, t, threat_of(p, st, t, most))
    effect -= dodged
    emit(rec, (EV_SALVO, side, n, roll, n - 1, tl_dm, dodged, effect))
    if effect < 0:
        return
    rolled = dice(rng, sv(p, side, SD_MISSILE_DICE), 6) * sv(p, side, SD_MISSILE_DD)
    times = max(1, effect)
    damage = max(0, rolled * times - armour)
    emit(rec, (EV_MISSILE_DAMAGE, side, rolled, times, armour, damage,
               st[t * p.block + HULL] - damage))
    if damage > 0:
        hurt(p, st, rng, rec, side, damage, effect, 0)


def missiles(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int) -> int:
    """`side`'s salvos fly a round; those arriving are resolved. 1 when the enemy is lost."""
    o = side * p.block
    for slot in range(p.maxs):
        at = o + AIM + p.maxw + 2 * slot
        if st[at] == 0:
            continue
        st[at + 1] -= 1
        if st[at + 1] > 0:
            continue
        n = st[at]
        st[at] = 0
        emit(rec, (EV_ARRIVE, side, n))
        salvo_hits(p, st, rng, rec, side, n)
        if st[(1 - side) * p.block + HULL] <= 0:
            return 1
    return 0


def end_turn(p: Params, st: list[int], rng: list[int], rec: Recorder | None, first: int) -> int:
    """Missile hits in initiative order; bought reactions become next turn's penalty. The
    winner's end code, or -1."""
    for side in (first, 1 - first):
        if missiles(p, st, rng, rec, side):
            return side
    for side in range(2):
        st[side * p.block + BURN_NEXT] = st[side * p.block + BURNED]
    return -1


def play(p: Params, rng: list[int], rec: Recorder | None) -> tuple[int, int, int, int]:
    st = p.state0.copy()
    band = start_band(p, rng)
    progress = 0
    emit(rec, (EV_RANGE, -1, band, band, 0))
    free = find(p, rng, rec)
    if free == 2:
        return LOST_CONTACT, 1, 0, 0
    if free >= 0:
        # the free round: an attack step for the side that found the other; the other has no
        # reactions (TRV-R17)
        emit(rec, (EV_FREE, free))
        st[(1 - free) * p.block + BURNED] = p.burn_max
        if attack_step(p, st, rng, rec, free, band):
            return free, 1, st[DEALT], st[p.block + DEALT]
        won = end_turn(p, st, rng, rec, free)
        if won >= 0:
            return won, 1, st[DEALT], st[p.block + DEALT]
        st[(1 - free) * p.block + BURN_NEXT] = 0
    for rnd in range(1, p.cap + 1):
        a = initiative(p, st, rng, rec, 0)
        b = initiative(p, st, rng, rec, 1)
        first = 0
        if b > a or (b == a and thrust_now(p, st, 1) > thrust_now(p, st, 0)):
            first = 1
        second = 1 - first
        net = 0
        for side in (second, first):
            want = want_band(p, st, rec, side, rnd, band)
            net += manoeuvre(p, st, rng, rec, side, band, progress + net, want)
        old = band
        band, progress = move_range(p, band, progress, net)
        emit(rec, (EV_RANGE, -1, old, band, progress))
        if band == ADJACENT:
            for side in (second, first):
                if board(p, st, rng, rec, side):
                    return A_BOARDS + side, rnd, st[DEALT], st[p.block + DEALT]
        for side in (second, first):
            line_up(p, st, rng, rec, side, band)
        for side in (first, second):
            if attack_step(p, st, rng, rec, side, band):
                return side, rnd, st[DEALT], st[p.block + DEALT]
        won = end_turn(p, st, rng, rec, first)
        if won >= 0:
            return won, rnd, st[DEALT], st[p.block + DEALT]
        if not can_harm(p, st, 0, band) and not can_harm(p, st, 1, band):
            return HARMLESS, rnd, st[DEALT], st[p.block + DEALT]
    return CAP, p.cap, st[DEALT], st[p.block + DEALT]


def fights(p: Params, seed: int, first: int, count: int, rng: list[int], out: object) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, a, b = play(p, rng, None)
        store(out, k, end, rounds, a, b, rng)
