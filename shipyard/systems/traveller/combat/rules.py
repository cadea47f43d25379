"""traveller space combat, written once (the fight pattern): the seed's turn sequence as plain
functions over numbers, narrated (a Recorder) or in a series (compiled by Numba).

N ships a side (TRV-R36..R48): a state block per ship and a band per pair of enemies. Events and
functions name ships by their index (side A's ships first, in fleet order); a duel is the battle of
ship 0 against ship 1, told event for event as before battles.

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

from shipyard.api import (
    ESCAPED,
    FIRST_LOST,
    Recorder,
    ask,
    derive_seed,
    dice,
    die,
    emit,
    fleet_order,
    seed_stream,
    store,
    store_fates,
)

# --- codes -------------------------------------------------------------------------------

A_WINS, B_WINS, A_BOARDS, B_BOARDS, CAP, HARMLESS, LOST_CONTACT, FLED, BOTH_LOST = range(9)
A_OUTLASTS, B_OUTLASTS = 9, 10  # the other side's last ship escaped, after its side's losses

ADJACENT, CLOSE, SHORT, MEDIUM, LONG, VERY_LONG, DISTANT = range(7)
START_RANDOM = 7  # the seed: a random encounter starts at Very Long
START_PLANET = 8  # near a planet: Medium on 1-2, Long on 3-6
BREAK_OFF = 7  # a band answer: steer for Distant and break off (TRV-R50)

# weapon kinds
DIRECT, MISSILE, BATTERY, SAND = 1, 2, 3, 4
# skills (each a total DM: skill + characteristic DM)
PILOT, GUNNERY, SENSORS, TACTICS, LEADERSHIP, ENGINEER, PILOT_SKILL = range(7)
# what a level of critical damage at a location does (combat.yaml critical_locations)
EF_NONE, EF_SENSORS, EF_THRUST, EF_ATTACK, EF_ARMOUR, EF_DAMAGE, EF_CREW = range(7)

ROUTINE, AVERAGE, DIFFICULT, SIMPLE = 6, 8, 10, 2

# events: (code, side, numbers...) -- narrate.py reads them
EV_SCAN = 1  # side, attempt, roll, dm, ok, the enemy's stealth DM
EV_FREE = 2  # ship (the first of its side), side: a free round for every ship of the side
# side, roll, pilot, tactics roll, tactics dm, thrust, inspire, burn penalty, init, reactions
EV_INIT = 3
EV_OVERCHARGE = 4  # side, roll, dm, effect, thrust now, m-drive hits taken
EV_MANOEUVRE = 5  # side, roll, dm, ok, toward (signed), wanted band
EV_RANGE = 6  # -1, old band, new band, progress, ship, enemy (-1, -1: every pair, the start)
EV_BOARD = 7  # side, roll, dm, enemy roll, enemy dm, ok, target
EV_LINEUP = 8  # side, roll, dm, effect, target
EV_INSPIRE = 9  # side, roll, dm, effect
EV_JAM = 10  # side, roll, dm, effect, target
EV_SOLUTION = 11  # side, roll, dm, effect, target
EV_REPAIR = 12  # side, roll, dm, ok, location (-1: the M-drive's overcharge hits), level now
EV_AIM = 13  # side, weapon, aim now, target
# side, weapon, copy, roll, skill, range dm, weapon dm, aim, chain, penalty, effect, target
EV_FIRE = 14
EV_DODGE = 15  # side (defender), roll, dm, effect, burned (1: an extra reaction)
EV_SAND = 16  # side (defender), roll, dm, ok, reduction, burned
# side, weapon, dice total (DD: x10), mount bonus, effect, sand, armour, multiple, damage, hull
# left, ion (1: the damage goes to the power plant, none to the Hull), target
EV_DAMAGE = 17
EV_LAUNCH = 18  # side, roll, gunnery, criticals penalty, missiles, flight, stock left, target
EV_ECM = 19  # side (defender), roll, dm, effect, removed, left, burned
EV_PD = 20  # side (defender), weapon, roll, dm, effect, destroyed, left, burned
EV_SALVO = 21  # side (firer), missiles, roll, salvo dm, tl dm, dodge, effect, target
EV_MISSILE_DAMAGE = 22  # side, dice rolled, times, armour, damage, hull left, target
EV_CRIT = 23  # side (hit), roll, location, severity, level, extra damage, hull left
EV_RADIATION = 24  # side (hit): a crew critical from the Radiation trait
EV_ION = 25  # side (hit), damage, power plant level
EV_BURN = 26  # side, extra reactions bought this turn: -2 initiative each next turn
EV_ARRIVE = 27  # side (firer), missiles arriving, target
EV_LOST_SALVO = 28  # side (firer), missiles, target: its target left the battle (TRV-R40)
# ship, 1 breaks off (0 turns back to fight), its side's Hull left, its side's might, the
# enemies' Hull left, their might (TRV-R50)
EV_FLEE = 29
EV_ESCAPE = 30  # ship: at Distant from every enemy and not closed on, it leaves (TRV-R50)
EV_TIE = 31  # ship, 2D rolled again to order ships tied on initiative and thrust, initiative
EV_IN_FLIGHT = 32  # -1, salvos still flying at ships in the battle after a side has gone

# questions a user's captain (a duel) or commander (a battle) answers for each of its ships
Q_BAND = 1  # the band to steer for (facts: turn, band, own hull, enemy hull, the enemy)
Q_TARGET = 2  # the turn's target (facts: turn, the state: the asker reads the enemies left)

# a ship's fate (FATE): in the battle (the core's SURVIVED at the end), or how it left, numbered
# from the core's FIRST_LOST (traveller has no crippled ships: the seed names no such state)
IN, DESTROYED, CAPTURED = 0, FIRST_LOST, FIRST_LOST + 1
FATES = {DESTROYED: "enemy fire", CAPTURED: "boarders"}  # "lost to enemy fire"

# per-ship state: one flat int list, `block` ints a ship (new_state copies it from the params),
# then the pairs' bands, banked thrust and this turn's thrust (n × n each), then the turn's order
# (n), how each side's last ship to leave left (2), and every ship's fate as the battle reports
# it (n)
HULL, DEALT, MHITS, INIT, REACT, BURNED, BURN_NEXT, INSPIRE, JAMMED, JAM_NEXT = range(10)
CHAIN, THRUST, STOCK, SANDS, LOST, WANTED, CRIT = range(10, 17)  # WANTED: this turn's band
EFF = CRIT + 11  # the levels summed by effect (EF_*), kept as criticals and repairs change them
TARGET = EFF + 7  # the enemy the captain chose this turn (TRV-R47)
AT = TARGET + 1  # the enemy of the action being resolved: a gunner's, a salvo's, a boarding's
FATE = AT + 1
# the ship's side, also in the data (SD_SIDE) for the scan: read here in the inner loops, since a
# compiled read of the params' data costs a reference count in and out and the state's does not
SIDE = FATE + 1
FLEE = SIDE + 1  # 1 while the ship's captain breaks off (TRV-R50)
# a tie on initiative and thrust rolled again (TRV-R21, TRV-R36): the ship's last roll, and the
# count of the roll-off it took part in this turn (0: none), so ships tied again roll again
TIE = FLEE + 1
TIE_GROUP = TIE + 1
# then one aim count per weapon entry, (missiles, rounds, target) per salvo slot, and the enemy
# each weapon's aim is at (TRV-R42)
AIM = TIE_GROUP + 1
SLOT = 3


(W_KIND, W_COPIES, W_DICE, W_DD, W_PER_DIE, W_MULTIPLE, W_DM, W_REACH, W_AP, W_RADIATION,
 W_ION, W_LASER, W_PD, W_PD_DM, W_FIXED, W_MIXED) = range(16)
NWF = 16
# SD_BOARDERS: 1 when the ship has people to send across and a way out for them (TRV-R22)
(SD_HULL, SD_ARMOUR, SD_THRUST, SD_TL, SD_SENSOR_DM, SD_ECM_DM, SD_SHIELDED, SD_SIDE, SD_SALVO,
 SD_MISSILE_DICE, SD_MISSILE_DD, SD_LAUNCHER, SD_STEALTH, SD_NW, SD_BOARDERS) = range(15)
# who launches the salvo, one position's action (TRV-R16): a gunner or the pilot with nothing
# else to fire, the gunner of a turret that also holds a gun (its shot given up), or the pilot
# whose fixed mounts also hold a gun (its fixed-mount shot given up)
LAUNCH_FREE, LAUNCH_PILOT, LAUNCH_GUNNER = range(3)
NSD = 15
(T_COST, T_RANGE_DM, T_FLIGHT, T_CRIT_LOC, T_CRIT_EFFECT) = range(5)
NT = 5
TAB_WIDTH = 13
NSKILL = 7


# compiled into their callers (shipyard.core.compiled): a call that is not inlined counts a
# reference in and out of each array it is handed (the params' and the state), an atomic add
# each. The readers of every inner loop and the N-ship steps each turn runs once a ship (target,
# order, bands, missiles, ending): measured, 100,000 duels ~10% less CPU; inlining the larger
# steps too (initiative, manoeuvre, dodge, launch, ...) made a series slower again
INLINE = ("wv", "sv", "sk", "tv", "harm", "pair", "band_of", "order_at", "in_battle", "enemies",
          "level", "crew_dm", "thrust_now", "armour_now", "range_cost", "roll2", "threat_of",
          "slot_at", "aim_at", "set_bands", "start", "start_band", "dealt", "fates", "new_state",
          "side_left", "decided", "last_left", "leave", "sort_order", "before", "tied",
          "adjust_ranges", "choose_target", "gun_target", "scan", "find", "free_round",
          "manoeuvre_step", "want_band", "end_turn", "missiles", "can_harm", "has_shot",
          "free_slot", "attacks_now", "outmatched", "clear_of", "beaten", "in_flight")


class Params(NamedTuple):
    """Numbers only: the template of a fight's state, and every other figure in one flat list
    read through wv, sv, sk and tv. A compiled call reference-counts each list it is passed,
    and these rules pass the params to nearly every function: forty lists took 3.2 s a 100k
    series, five 0.8 s."""

    cap: int
    start: int
    n: int  # ships, side A's first
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
    want_at: int
    harm_at: int
    might_at: int  # per ship its might (TRV-R50)
    flee_ratio: int  # a captain breaks off when the enemy is this many times stronger
    state_at: int  # where a battle's starting state lies in `data` (new_state copies it)
    size: int  # its length
    data: list[int]  # per ship NSD figures (SD_*); per ship the skill DMs; per ship NWF rows
    # (W_*) of maxw weapon entries; NT rows (T_*) of TAB_WIDTH: band and critical tables; the
    # band each ship's default captain wants against each enemy (n × n); whether each weapon
    # can hurt each enemy through its armour (n × maxw × n); each ship's might, the most
    # damage it is expected to deal a turn at any band to any enemy, in tenths of a Hull point
    # (n, TRV-R50); the starting state


def new_state(p: Params) -> list[int]:
    """A battle's starting state: a copy of its block of the params (one array there, not a
    second: a compiled call counts a reference in and out for every array it is handed)."""
    return p.data[p.state_at:p.state_at + p.size].copy()


def wv(p: Params, side: int, field: int, w: int) -> int:
    return p.data[p.w_at + (side * NWF + field) * p.maxw + w]


def sv(p: Params, side: int, field: int) -> int:
    return p.data[p.sd_at + side * NSD + field]


def sk(p: Params, side: int, skill: int) -> int:
    return p.data[p.skill_at + side * NSKILL + skill]


def tv(p: Params, table: int, index: int) -> int:
    return p.data[p.tab_at + table * TAB_WIDTH + index]


def harm(p: Params, side: int, w: int, target: int) -> int:
    """1 when weapon entry `w` of ship `side` is direct fire whose best hit gets through
    `target`'s armour (the rules skip those that cannot)."""
    return p.data[p.harm_at + (side * p.maxw + w) * p.n + target]


def pair(p: Params, a: int, b: int) -> int:
    """Where the band of ships a and b is kept (TRV-R37); their banked thrust is n × n later,
    this turn's thrust 2 n × n later."""
    return p.n * p.block + a * p.n + b


def band_of(p: Params, st: list[int], a: int, b: int) -> int:
    return st[pair(p, a, b)]


def set_pair(p: Params, st: list[int], a: int, b: int, plane: int, value: int) -> None:
    """A pair's figure (plane 0 the band, 1 the banked thrust, 2 this turn's), both ways."""
    nn = plane * p.n * p.n
    st[pair(p, a, b) + nn] = value
    st[pair(p, b, a) + nn] = value


def order_at(p: Params, k: int) -> int:
    """Where the k-th ship of this turn's initiative order is kept."""
    return p.n * p.block + 3 * p.n * p.n + k


def in_battle(p: Params, st: list[int], ship: int) -> int:
    o = ship * p.block
    return 1 if st[o + FATE] == IN and st[o + HULL] > 0 else 0


def enemies(p: Params, st: list[int], a: int, b: int) -> int:
    return 1 if st[a * p.block + SIDE] != st[b * p.block + SIDE] else 0


def side_left(p: Params, st: list[int], side: int) -> int:
    """1 while a ship of `side` is still in the battle."""
    for ship in range(p.n):
        if st[ship * p.block + SIDE] == side and in_battle(p, st, ship):
            return 1
    return 0


def beaten(p: Params, st: list[int], side: int) -> int:
    """1 when `side` has no ship left in the battle and not all its ships escaped: a side is
    not beaten only when every ship of it escaped without loss (TRV-R50), whichever left
    last."""
    if side_left(p, st, side):
        return 0
    for ship in range(p.n):
        if st[ship * p.block + SIDE] == side and st[ship * p.block + FATE] != ESCAPED:
            return 1
    return 0


def decided(p: Params, st: list[int]) -> int:
    """The end code once a side has no ship left in the battle, else -1: the other side wins,
    the reason how the beaten side's last ship left (destroyed, captured by boarders, or
    escaped after its side's losses); a side whose ships all escaped without loss is not
    beaten, and leaves no winner (TRV-R50: the price lost shows who was ahead); both sides
    beaten (the salvos of a side already gone land, TRV-R40) is
    `both-lost`. Read once what the turn owes has landed (`settle`)."""
    if side_left(p, st, 0) and side_left(p, st, 1):
        return -1
    gone_a, gone_b = beaten(p, st, 0), beaten(p, st, 1)
    if gone_a and gone_b:
        return BOTH_LOST
    for side in range(2):
        if (gone_a if side == 0 else gone_b):
            if last_left(p, st, side) == CAPTURED:
                return A_BOARDS + 1 - side
            if last_left(p, st, side) == ESCAPED:
                return A_OUTLASTS + 1 - side
            return A_WINS + 1 - side
    return FLED


def in_flight(p: Params, st: list[int]) -> int:
    """1 while a salvo of any ship (in the battle or not: TRV-R40) flies at a ship still in
    it."""
    for ship in range(p.n):
        o = ship * p.block
        for slot in range(p.maxs):
            at = o + AIM + p.maxw + SLOT * slot
            if st[at] > 0 and in_battle(p, st, st[at + 2]):
                return 1
    return 0


def settle(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
           rnd: int) -> tuple[int, int]:
    """A side has gone, after the missile step of turn `rnd`: salvos still in flight at a ship
    in the battle land in the turns they are due (TRV-R40: a launcher that left does not call
    them back), each such turn with initiative for the ships left (their reactions) and its
    missile step, before the battle is decided. The end code and the turns."""
    while in_flight(p, st):
        rnd += 1
        for ship in range(p.n):
            if in_battle(p, st, ship):
                initiative(p, st, rng, rec, ship)
        sort_order(p, st, rng, rec)
        emit(rec, (EV_IN_FLIGHT, -1, rnd))
        end_turn(p, st, rng, rec)
    return decided(p, st), rnd


def last_left(p: Params, st: list[int], side: int) -> int:
    """How `side`'s last ship to leave left (its fate): a capture or an escape leaves its Hull,
    so it is kept, not read from the Hull."""
    return st[p.n * p.block + 3 * p.n * p.n + p.n + side]


def leave(p: Params, st: list[int], ship: int, fate: int) -> None:
    """`ship` leaves the battle: its fate, and how its side's last ship so far left."""
    st[ship * p.block + FATE] = fate
    st[p.n * p.block + 3 * p.n * p.n + p.n + st[ship * p.block + SIDE]] = fate


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


def has_shot(p: Params, side: int, target: int, band: int) -> int:
    """1 when a direct-fire weapon of `side` that can hurt `target` reaches `band`."""
    for w in range(sv(p, side, SD_NW)):
        if harm(p, side, w, target) and wv(p, side, W_REACH, w) >= band:
            return 1
    return 0


def slot_at(p: Params, side: int, slot: int) -> int:
    """Where salvo slot `slot` of `side` keeps its missiles, rounds to go and target."""
    return side * p.block + AIM + p.maxw + SLOT * slot


def aim_at(p: Params, side: int, w: int) -> int:
    """Where the enemy weapon `w`'s aim is at is kept (TRV-R42)."""
    return side * p.block + AIM + p.maxw + SLOT * p.maxs + w


def can_harm(p: Params, st: list[int], side: int) -> int:
    """1 while `side` may still hurt an enemy in the battle (TRV-R30, TRV-R48): a missile in
    flight at it, or a weapon that can hurt it or a missile to launch; when neither ship of the
    pair has a drive to change their range, only those that reach their band count."""
    o = side * p.block
    for target in range(p.n):
        e = target * p.block
        if st[e + SIDE] == st[o + SIDE] or st[e + FATE] != IN or st[e + HULL] <= 0:
            continue
        for slot in range(p.maxs):
            at = o + AIM + p.maxw + SLOT * slot
            if st[at] > 0 and st[at + 2] == target:
                return 1
        band = st[p.n * p.block + side * p.n + target]
        fixed = 1 if sv(p, side, SD_THRUST) == 0 and sv(p, target, SD_THRUST) == 0 else 0
        for w in range(sv(p, side, SD_NW)):
            if p.data[p.harm_at + (side * p.maxw + w) * p.n + target] and (
                    not fixed or wv(p, side, W_REACH, w) >= band):
                return 1
        if sv(p, side, SD_SALVO) > 0 and st[o + STOCK] > 0 and (
                not fixed or tv(p, T_FLIGHT, band) > 0):
            return 1
    return 0


def choose_target(p: Params, st: list[int], side: int) -> int:
    """The default captain's target for the turn (TRV-R47): the enemy at the shortest band, then
    the one with the fewest Hull points left, then the first in fleet order; -1 when none is
    left. (Written out, not through in_battle and band_of: a compiled call costs reference
    counts, and this runs for every ship every turn.)"""
    mine = st[side * p.block + SIDE]
    row = p.n * p.block + side * p.n
    best, best_band, best_hull = -1, 0, 0
    for ship in range(p.n):
        o = ship * p.block
        if st[o + SIDE] == mine or st[o + FATE] != IN or st[o + HULL] <= 0:
            continue
        band = st[row + ship]
        if best < 0 or band < best_band or (band == best_band and st[o + HULL] < best_hull):
            best, best_band, best_hull = ship, band, st[o + HULL]
    return best


def gun_target(p: Params, st: list[int], side: int, w: int) -> int:
    """The enemy a gunner fires weapon `w` at (TRV-R47): the ship's target when the weapon
    reaches and can hurt it, else the nearest enemy it reaches and can hurt (fewest Hull, fleet
    order), else -1 (it aims at the target), or -2 when it can hurt no enemy in the battle.
    Fire is spread by what each gun can do (TRV-R51): a gun whose shot at the enemy so chosen
    would be wasted (`wasted`) fires instead at the nearest enemy it reaches and can hurt where
    it would not be (fewest Hull, fleet order), when there is one."""
    o = side * p.block
    target = st[o + TARGET]
    reach = wv(p, side, W_REACH, w)
    row = p.n * p.block + side * p.n
    at = p.harm_at + (side * p.maxw + w) * p.n
    chosen = -1
    if target >= 0 and st[target * p.block + FATE] == IN \
            and st[target * p.block + HULL] > 0 and p.data[at + target] \
            and reach >= st[row + target]:
        chosen = target
    best, best_band, best_hull, useful = -1, 0, 0, 0
    for ship in range(p.n):
        q = ship * p.block
        if st[q + SIDE] == st[o + SIDE] or st[q + FATE] != IN or st[q + HULL] <= 0 \
                or not p.data[at + ship]:
            continue
        useful = 1
        band = st[row + ship]
        if reach >= band and (best < 0 or band < best_band
                              or (band == best_band and st[q + HULL] < best_hull)):
            best, best_band, best_hull = ship, band, st[q + HULL]
    if chosen < 0:
        chosen = best
    if chosen >= 0 and wasted(p, st, side, w, chosen):
        # where a hit does the most: its average damage, up to the Hull left, the largest
        most = spent(p, st, side, w, chosen)
        best_band, best_hull = st[row + chosen], st[chosen * p.block + HULL]
        for ship in range(p.n):
            q = ship * p.block
            if st[q + SIDE] == st[o + SIDE] or st[q + FATE] != IN or st[q + HULL] <= 0 \
                    or not p.data[at + ship] or reach < st[row + ship]:
                continue
            band, does = st[row + ship], spent(p, st, side, w, ship)
            if does > most or (does == most and ship != chosen and (
                    band < best_band or (band == best_band and st[q + HULL] < best_hull))):
                chosen, most, best_band, best_hull = ship, does, band, st[q + HULL]
    return chosen if useful else -2


def spent(p: Params, st: list[int], side: int, w: int, x: int) -> int:
    """Twice what a hit of weapon `w` does to enemy `x` on average: its average damage, up to
    the Hull `x` has left (TRV-R51)."""
    return min(twice_mean(p, side, w, armour_now(p, st, x)), 2 * st[x * p.block + HULL])


def wasted(p: Params, st: list[int], side: int, w: int, x: int) -> int:
    """1 when a hit of weapon `w` on enemy `x` would be wasted overkill (TRV-R51): its average
    damage on a hit (Effect 0, after armour, times the mount's multiple) is more than the Hull
    `x` has left, and another weapon of the ship that reaches `x` and can hurt it does less on
    average (the smaller gun finishes it; an ion weapon, which deals no Hull damage, is never
    wasted). In halves, to stay whole."""
    if wv(p, side, W_ION, w):
        return 0
    armour = armour_now(p, st, x)
    band = st[p.n * p.block + side * p.n + x]
    mine = twice_mean(p, side, w, armour)
    if mine <= 2 * st[x * p.block + HULL]:
        return 0
    for v in range(sv(p, side, SD_NW)):
        if v != w and not wv(p, side, W_ION, v) and harm(p, side, v, x) \
                and wv(p, side, W_REACH, v) >= band and twice_mean(p, side, v, armour) < mine:
            return 1
    return 0


def twice_mean(p: Params, side: int, w: int, armour: int) -> int:
    """Twice weapon `w`'s average damage on a hit at Effect 0 through `armour` (less its AP)."""
    dice_n = wv(p, side, W_DICE, w)
    through = 7 * dice_n * wv(p, side, W_DD, w) + 2 * wv(p, side, W_PER_DIE, w) * dice_n \
        - 2 * max(0, armour - wv(p, side, W_AP, w))
    return max(0, through) * wv(p, side, W_MULTIPLE, w)


# --- the default crew's policy (TRV-R25) -------------------------------------------------


def want_band(p: Params, st: list[int], rec: Recorder | None, side: int, rnd: int,
              band: int, default: int) -> int:
    """The band the captain steers for against its target: `default` when given (BREAK_OFF:
    TRV-R50), else the catalog policy's choice for this pairing (the band where its own
    expected damage most exceeds the enemy's); or a user's captain's (BREAK_OFF too)."""
    t = st[side * p.block + AT]
    o, e = side * p.block, t * p.block
    if default < 0:
        default = p.data[p.want_at + side * p.n + t]
    return ask(rec, side, Q_BAND, (rnd, band, st[o + HULL], st[e + HULL], t), default)


def outmatched(p: Params, st: list[int], ship: int) -> tuple[int, int, int, int, int]:
    """The default captain's judgment (TRV-R50): 1 when the enemies still in the battle would
    destroy its side in fewer than 1 / flee_ratio of the turns its side needs to destroy them
    (each side's Hull left over the other's might, summed over the ships in the battle, in
    whole turns rounded up; a side without might never destroys); with the figures it judged
    on. Whole turns keep every product inside int64 (setup bounds the might)."""
    mine = st[ship * p.block + SIDE]
    our_hull, our_might, their_hull, their_might = 0, 0, 0, 0
    for s in range(p.n):
        q = s * p.block
        if st[q + FATE] != IN or st[q + HULL] <= 0:
            continue
        if st[q + SIDE] == mine:
            our_hull += st[q + HULL]
            our_might += p.data[p.might_at + s]
        else:
            their_hull += st[q + HULL]
            their_might += p.data[p.might_at + s]
    out = 0
    if their_might > 0:
        theirs = (our_hull * 10 + their_might - 1) // their_might
        out = 1 if our_might == 0 or theirs * p.flee_ratio \
            < (their_hull * 10 + our_might - 1) // our_might else 0
    return out, our_hull, our_might, their_hull, their_might


def clear_of(p: Params, st: list[int], ship: int) -> int:
    """1 when `ship` is at Distant from every enemy still in the battle and none has thrust
    banked toward it (TRV-R50: nobody is closing)."""
    nn = p.n * p.n
    for e in range(p.n):
        q = e * p.block
        if st[q + SIDE] == st[ship * p.block + SIDE] or st[q + FATE] != IN or st[q + HULL] <= 0:
            continue
        at = p.n * p.block + ship * p.n + e
        if st[at] != DISTANT or st[at + nn] > 0:
            return 0
    return 1


def threat_of(p: Params, st: list[int], target: int, most: int) -> int:
    """1 when a hit could take a tenth of the target's Hull: worth buying a reaction."""
    return 1 if most * 10 >= sv(p, target, SD_HULL) else 0


# --- the steps ---------------------------------------------------------------------------


def scan(p: Params, rng: list[int], rec: Recorder | None, side: int, attempt: int) -> int:
    """Scan for the enemy: Electronics (sensors) 8+, with the sensors' DM and the stealth DM
    to detect of the easiest enemy to find (TRV-R29, TRV-R44)."""
    roll = roll2(rng)
    dm = sk(p, side, SENSORS) + sv(p, side, SD_SENSOR_DM)
    stealth = -1000
    for ship in range(p.n):
        if sv(p, ship, SD_SIDE) != sv(p, side, SD_SIDE):
            stealth = max(stealth, sv(p, ship, SD_STEALTH))
    ok = 1 if roll + dm + stealth >= AVERAGE else 0
    emit(rec, (EV_SCAN, side, attempt, roll, dm, ok, stealth))
    return ok


def find(p: Params, rng: list[int], rec: Recorder | None) -> int:
    """Which side gets the free round (0, 1), nobody (-1), or 2 when neither finds the other in
    ten tries: both failing, all scan again (TRV-R17). Every ship scans, side A's first; a side
    finds the enemy when any of its ships does (TRV-R44)."""
    for attempt in range(1, 11):
        a = b = 0
        for ship in range(p.n):
            if scan(p, rng, rec, ship, attempt):
                if sv(p, ship, SD_SIDE) == 0:
                    a = 1
                else:
                    b = 1
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
    """Boarding the enemy AT: opposed Pilot at Adjacent range for one thrust; a win captures it
    (TRV-R22, TRV-R46). Only a ship with boarders (people beyond its crew at their stations,
    and an airlock for them) may try; the default crew tries when the enemy has lost half its
    Hull."""
    t = st[side * p.block + AT]
    o, e = side * p.block, t * p.block
    if not p.board or not sv(p, side, SD_BOARDERS) or st[o + THRUST] < 1 \
            or st[e + HULL] * 2 > sv(p, t, SD_HULL):
        return 0
    st[o + THRUST] -= 1
    roll = roll2(rng)
    dm = sk(p, side, PILOT) - crew_dm(p, st, side)
    theirs = roll2(rng)
    tdm = sk(p, t, PILOT) - crew_dm(p, st, t)
    ok = 1 if roll + dm > theirs + tdm else 0
    emit(rec, (EV_BOARD, side, roll, dm, theirs, tdm, ok, t))
    if ok:
        leave(p, st, t, CAPTURED)
    return ok


def line_up(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
            band: int) -> None:
    """Line up shot at the ship's target: Pilot 8+ for one thrust, its Effect chained into one
    gunner's attack at it (TRV-R23, TRV-R43); the default pilot lines up when a gun reaches
    and two thrust are left."""
    o = side * p.block
    if st[o + THRUST] < 2 or not has_shot(p, side, st[o + TARGET], band):
        return
    st[o + THRUST] -= 1
    roll = roll2(rng)
    dm = sk(p, side, PILOT) - crew_dm(p, st, side)
    effect = roll + dm - AVERAGE
    st[o + CHAIN] += effect
    emit(rec, (EV_LINEUP, side, roll, dm, effect, st[o + TARGET]))


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
    """`side` deals `damage` to the enemy AT: Hull, then criticals (Core Rulebook 2022 p.169,
    not the seed, TRV-R24): an Effect 6+ hit with damage is one of severity damage / 10 rounded
    up (at most 6), and each tenth of the starting Hull lost is one of severity 1, counting the
    tenths a Hull critical's own extra damage crosses at once. A ship at 0 Hull leaves the
    battle, destroyed."""
    t = st[side * p.block + AT]
    o, e = side * p.block, t * p.block
    dealt = min(damage, max(0, st[e + HULL]))
    st[e + HULL] -= damage
    st[o + DEALT] += dealt
    if effect >= 6 and st[e + HULL] > 0:
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
    if radiation and st[e + HULL] > 0 and not sv(p, t, SD_SHIELDED):
        emit(rec, (EV_RADIATION, t))
        critical(p, st, rng, rec, t, 1, p.crew_loc, 0)
    if st[e + HULL] <= 0 and st[e + FATE] == IN:
        leave(p, st, t, DESTROYED)


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
    """Direct fire at the enemy AT: Gunnery 8+ with range, weapon and chained DMs; damage dice +
    Effect - armour (less AP), times the mount's multiple (TRV-R19). The weapon's aim counts
    when it was at this enemy (TRV-R42)."""
    o = side * p.block
    t = st[o + AT]
    skill = sk(p, side, GUNNERY)  # the pilot fires fixed mounts with Gunnery too (TRV-R16)
    aim = st[o + AIM + w] if st[aim_at(p, side, w)] == t else 0
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
               wv(p, side, W_DM, w), aim, chain, penalty, effect, t))
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
                   wv(p, side, W_MULTIPLE, w), damage, st[t * p.block + HULL], 1, t))
        if damage > 0:
            severity = min(6, (damage + 9) // 10)
            critical(p, st, rng, rec, t, severity, p.power_loc, 0)
            emit(rec, (EV_ION, t, damage, st[t * p.block + CRIT + p.power_loc]))
            if st[t * p.block + HULL] <= 0 and st[t * p.block + FATE] == IN:
                leave(p, st, t, DESTROYED)
        return
    emit(rec, (EV_DAMAGE, side, w, rolled, mount, effect, cut, armour,
               wv(p, side, W_MULTIPLE, w), damage, st[t * p.block + HULL] - damage, 0, t))
    if damage > 0:
        hurt(p, st, rng, rec, side, damage, effect, wv(p, side, W_RADIATION, w))


def free_slot(p: Params, st: list[int], side: int, band: int) -> int:
    """The salvo slot a launch this turn would fill, or -1 when no salvo may go: no missiles,
    no launch at Adjacent or Close, or every slot in flight."""
    o = side * p.block
    if sv(p, side, SD_SALVO) == 0 or st[o + STOCK] == 0 or tv(p, T_FLIGHT, band) == 0:
        return -1
    for s in range(p.maxs):
        if st[o + AIM + p.maxw + SLOT * s] == 0:
            return s
    return -1


def launch(p: Params, st: list[int], rng: list[int], rec: Recorder | None, side: int,
           slot: int, band: int) -> None:
    """Launch a salvo at the enemy AT: every missile mount at once, one gunner's action,
    Gunnery 2+; in flight for the band's rounds (TRV-R40)."""
    o = side * p.block
    roll = roll2(rng)
    penalty = level(p, st, side, EF_ATTACK) + crew_dm(p, st, side)
    n = min(sv(p, side, SD_SALVO), st[o + STOCK])
    ok = roll + sk(p, side, GUNNERY) - penalty >= SIMPLE
    st[o + STOCK] -= n  # a failed launch spends the salvo too (TRV-R31)
    emit(rec, (EV_LAUNCH, side, roll, sk(p, side, GUNNERY), penalty, n if ok else 0,
               tv(p, T_FLIGHT, band), st[o + STOCK], st[o + AT]))
    if ok:
        at = slot_at(p, side, slot)
        st[at] = n
        st[at + 1] = tv(p, T_FLIGHT, band)
        st[at + 2] = st[o + AT]


def attacks_now(p: Params, st: list[int], side: int, band: int) -> int:
    """1 when `side` can attack its target this turn: a gun that can hurt it reaches, or a salvo
    may go."""
    o = side * p.block
    if has_shot(p, side, st[o + TARGET], band):
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


def attack_step(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
                side: int) -> int:
    """One ship's attack step, position by position (TRV-R16, TRV-R38), at its target and, gun
    by gun, at the enemies its gunners choose (TRV-R47); 1 when the battle is decided."""
    o = side * p.block
    t = st[o + TARGET]
    if t < 0 or not in_battle(p, st, t):
        t = choose_target(p, st, side)
        st[o + TARGET] = t
        if t < 0:
            return 1
    e = t * p.block
    band = band_of(p, st, side, t)
    st[o + AT] = t
    crew = crew_dm(p, st, side)
    # captain: inspire the crew (its Effect chains into next turn's initiative), judged on the
    # DM it would roll with
    if sk(p, side, LEADERSHIP) - crew >= p.inspire_from:
        roll = roll2(rng)
        dm = sk(p, side, LEADERSHIP) - crew
        st[o + INSPIRE] = roll + dm - AVERAGE
        emit(rec, (EV_INSPIRE, side, roll, dm, st[o + INSPIRE]))
    # sensor operator: a targeting solution for a gun that reaches the target, else jam its
    # sensors (TRV-R43: two jammers give the larger Effect)
    roll = roll2(rng)
    dm = sk(p, side, SENSORS) + sv(p, side, SD_SENSOR_DM) - level(p, st, side, EF_SENSORS) - crew
    if has_shot(p, side, t, band):
        dm -= st[o + JAMMED]
        effect = roll + dm - AVERAGE
        st[o + CHAIN] += effect
        emit(rec, (EV_SOLUTION, side, roll, dm, effect, t))
    else:
        dm += sv(p, side, SD_ECM_DM)  # the countermeasures suite jams too (TRV-R29)
        effect = roll + dm - AVERAGE
        st[e + JAM_NEXT] = max(st[e + JAM_NEXT], max(0, effect))
        emit(rec, (EV_JAM, side, roll, dm, effect, t))
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
    # reaches the target (setup puts them in that order); each gunner fires at the enemy it
    # chooses, and aims at the target when its weapon reaches none (TRV-R47).
    slot = free_slot(p, st, side, band)
    launcher = sv(p, side, SD_LAUNCHER) if slot >= 0 else LAUNCH_FREE
    mixed_busy = 1 if launcher == LAUNCH_GUNNER else 0
    pick = -1  # the pilot's fixed mount: the first that reaches, else the first to aim
    if launcher != LAUNCH_PILOT:
        for w in range(sv(p, side, SD_NW)):
            if harm(p, side, w, t) and wv(p, side, W_FIXED, w) and (
                    pick < 0 or (wv(p, side, W_REACH, w) >= band > wv(p, side, W_REACH, pick))):
                pick = w
    chain = st[o + CHAIN]
    for w in range(sv(p, side, SD_NW)):
        x = gun_target(p, st, side, w)
        if x == -2:
            continue  # it can hurt no enemy in the battle
        fixed = wv(p, side, W_FIXED, w)
        if fixed and w != pick:
            continue
        shots = 1 if fixed else wv(p, side, W_COPIES, w)
        if mixed_busy and wv(p, side, W_MIXED, w):
            shots -= 1  # this turret's gunner launches the salvo
            mixed_busy = 0
        if shots == 0:
            continue
        fired = 0
        for copy in range(shots):
            if copy > 0:
                x = gun_target(p, st, side, w)
            if x < 0:
                break
            st[o + AT] = x
            fire(p, st, rng, rec, side, w, copy, band_of(p, st, side, x), chain if x == t else 0)
            if x == t:
                chain = 0
            fired = 1
            if not in_battle(p, st, x) and decided(p, st) >= 0:
                return 1
        if fired:
            st[o + AIM + w] = 0  # used, or lost on another target (TRV-R42)
        elif in_battle(p, st, t) and harm(p, side, w, t):
            if st[aim_at(p, side, w)] != t:
                st[o + AIM + w] = 0
                st[aim_at(p, side, w)] = t
            if st[o + AIM + w] < 6:
                st[o + AIM + w] += 2
                emit(rec, (EV_AIM, side, w, st[o + AIM + w], t))
    if slot >= 0:
        if not in_battle(p, st, t):  # the target left mid-step: the launcher chooses again
            t = choose_target(p, st, side)
            slot = free_slot(p, st, side, band_of(p, st, side, t)) if t >= 0 else -1
        if slot >= 0:
            st[o + AT] = t
            launch(p, st, rng, rec, side, slot, band_of(p, st, side, t))
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
    """Resolve missile hits on the enemy AT: 2D + 1 per missile beyond the first + the TL DM
    (+1..+6) vs 8+; one missile's damage times the Effect (at least 1), less armour once
    (TRV-R19)."""
    t = st[side * p.block + AT]
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
    emit(rec, (EV_SALVO, side, n, roll, n - 1, tl_dm, dodged, effect, t))
    if effect < 0:
        return
    rolled = dice(rng, sv(p, side, SD_MISSILE_DICE), 6) * sv(p, side, SD_MISSILE_DD)
    times = max(1, effect)
    damage = max(0, rolled * times - armour)
    emit(rec, (EV_MISSILE_DAMAGE, side, rolled, times, armour, damage,
               st[t * p.block + HULL] - damage, t))
    if damage > 0:
        hurt(p, st, rng, rec, side, damage, effect, 0)


def missiles(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
             side: int) -> None:
    """`side`'s salvos fly a round; those arriving are resolved against their targets, and
    those whose target has left are lost (TRV-R40)."""
    o = side * p.block
    for slot in range(p.maxs):
        at = o + AIM + p.maxw + SLOT * slot
        if st[at] == 0:
            continue
        st[at + 1] -= 1
        if st[at + 1] > 0:
            continue
        n, t = st[at], st[at + 2]
        st[at] = 0
        if not in_battle(p, st, t):
            emit(rec, (EV_LOST_SALVO, side, n, t))
            continue
        emit(rec, (EV_ARRIVE, side, n, t))
        st[o + AT] = t
        salvo_hits(p, st, rng, rec, side, n)


def end_turn(p: Params, st: list[int], rng: list[int], rec: Recorder | None) -> int:
    """Missile hits ship by ship in this turn's order, every salvo due this turn, though a side
    has gone before they land (TRV-R40); bought reactions become next turn's penalty. The end
    code once a side has gone (what is still in flight not yet landed: `settle`), or -1."""
    at = p.n * p.block + 3 * p.n * p.n
    for k in range(p.n):
        missiles(p, st, rng, rec, st[at + k])
    for ship in range(p.n):
        st[ship * p.block + BURN_NEXT] = st[ship * p.block + BURNED]
    return decided(p, st)


def before(p: Params, st: list[int], a: int, b: int) -> int:
    """1 when ship a acts before ship b, which stands earlier in the order (TRV-R36): the
    higher initiative, then the more thrust, then (ships that rolled again together) the higher
    roll-off; otherwise they stay as they are."""
    oa, ob = a * p.block, b * p.block
    if st[oa + INIT] != st[ob + INIT]:
        return 1 if st[oa + INIT] > st[ob + INIT] else 0
    ta, tb = thrust_now(p, st, a), thrust_now(p, st, b)
    if ta != tb:
        return 1 if ta > tb else 0
    return 1 if st[oa + TIE_GROUP] == st[ob + TIE_GROUP] and st[oa + TIE] > st[ob + TIE] else 0


def tied(p: Params, st: list[int], a: int, b: int) -> int:
    """1 when neither of ships a and b acts before the other: the same initiative and thrust,
    and the same roll in the same roll-off, if any."""
    oa, ob = a * p.block, b * p.block
    return 1 if (st[oa + INIT] == st[ob + INIT] and thrust_now(p, st, a) == thrust_now(p, st, b)
                 and st[oa + TIE_GROUP] == st[ob + TIE_GROUP]
                 and st[oa + TIE] == st[ob + TIE]) else 0


def sort_order(p: Params, st: list[int], rng: list[int], rec: Recorder | None) -> None:
    """This turn's order (TRV-R21, TRV-R36): the ships in the battle by initiative, then thrust
    (an insertion sort: stable); ships still tied roll 2D again, in fleet order, and the new
    rolls order them among themselves only (they keep their place among the others), ties
    among the new rolls rolled again: no side and no fleet order wins a tie. Then those that
    left (their salvos in flight still arrive, TRV-R40)."""
    at = p.n * p.block + 3 * p.n * p.n
    count = 0
    for ship in range(p.n):
        st[ship * p.block + TIE] = 0
        st[ship * p.block + TIE_GROUP] = 0
        if st[ship * p.block + FATE] != IN or st[ship * p.block + HULL] <= 0:
            continue
        k = count
        while k > 0 and before(p, st, ship, st[at + k - 1]):
            st[at + k] = st[at + k - 1]
            k -= 1
        st[at + k] = ship
        count += 1
    groups = 0
    lo = 0
    while lo < count:
        hi = lo + 1
        while hi < count and tied(p, st, st[at + lo], st[at + hi]):
            hi += 1
        if hi - lo < 2:
            lo = hi
            continue
        groups += 1  # the tied ships roll again, in fleet order, as a roll-off of their own
        fleet_order(st, at + lo, hi - lo)
        for j in range(lo, hi):
            x = st[at + j]
            st[x * p.block + TIE] = roll2(rng)
            st[x * p.block + TIE_GROUP] = groups
            emit(rec, (EV_TIE, x, st[x * p.block + TIE], st[x * p.block + INIT]))
        for j in range(lo + 1, hi):
            x = st[at + j]
            k = j
            while k > lo and before(p, st, x, st[at + k - 1]):
                st[at + k] = st[at + k - 1]
                k -= 1
            st[at + k] = x
    for ship in range(p.n):
        if st[ship * p.block + FATE] != IN or st[ship * p.block + HULL] <= 0:
            st[at + count] = ship
            count += 1


def free_round(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
               free: int) -> int:
    """The free round of the side that alone found the enemy (TRV-R17, TRV-R44): an attack
    step for each of its ships in fleet order, then the missile step; the enemy has no
    reactions. The end code, or -1."""
    count = 0
    for ship in range(p.n):
        if st[ship * p.block + SIDE] == free:
            if count == 0:
                emit(rec, (EV_FREE, ship, free))
            st[order_at(p, count)] = ship
            count += 1
    for ship in range(p.n):
        if st[ship * p.block + SIDE] != free:
            st[order_at(p, count)] = ship
            count += 1
            st[ship * p.block + BURNED] = p.burn_max
    for ship in range(p.n):
        if st[ship * p.block + SIDE] == free and in_battle(p, st, ship):
            t = choose_target(p, st, ship)
            if rec is not None:  # as in manoeuvre_step
                t = ask(rec, ship, Q_TARGET, (0, st), t)
            st[ship * p.block + TARGET] = t
            if attack_step(p, st, rng, rec, ship):
                break  # the enemy has gone: what flies still lands (settle)
    won = end_turn(p, st, rng, rec)
    for ship in range(p.n):
        if st[ship * p.block + SIDE] != free:
            st[ship * p.block + BURN_NEXT] = 0
    return won


def manoeuvre_step(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
                   rnd: int) -> int:
    """In reverse initiative order each ship chooses its target and applies thrust toward or
    away from it (away, for Distant, when its captain breaks off: TRV-R50); then each pair's
    band moves by what its two ships applied (TRV-R37), and a ship breaking off that is clear
    of every enemy escapes. 1 when a ship escaped."""
    nn = p.n * p.n
    at = p.n * p.block + 3 * nn
    for k in range(p.n - 1, -1, -1):
        ship = st[at + k]
        o = ship * p.block
        if st[o + FATE] != IN or st[o + HULL] <= 0:
            continue
        t = choose_target(p, st, ship)
        if rec is not None:  # only a narrated or uncompiled battle asks: a compiled call
            # building the facts, the state among them, would count its reference (~15%)
            t = ask(rec, ship, Q_TARGET, (rnd, st), t)
        st[o + TARGET] = t
        st[o + AT] = t
        ab, ba = p.n * p.block + ship * p.n + t, p.n * p.block + t * p.n + ship
        flee, ours, our_might, theirs, their_might = outmatched(p, st, ship)
        want = want_band(p, st, rec, ship, rnd, st[ab], BREAK_OFF if flee else -1)
        flee = 0
        if want == BREAK_OFF:
            flee, want = 1, DISTANT
        if flee != st[o + FLEE]:
            st[o + FLEE] = flee
            emit(rec, (EV_FLEE, ship, flee, ours, our_might, theirs, their_might))
        toward = manoeuvre(p, st, rng, rec, ship, st[ab], st[ab + nn] + st[ab + 2 * nn], want)
        st[ab + 2 * nn] += toward
        st[ba + 2 * nn] += toward
    adjust_ranges(p, st, rec)
    gone = 0
    for ship in range(p.n):
        o = ship * p.block
        if st[o + FLEE] and st[o + FATE] == IN and st[o + HULL] > 0 and clear_of(p, st, ship):
            leave(p, st, ship, ESCAPED)
            emit(rec, (EV_ESCAPE, ship))
            gone = 1
    return gone


def adjust_ranges(p: Params, st: list[int], rec: Recorder | None) -> None:
    """The seed's Adjust Range phase for every pair of enemies: its band moves by the thrust its
    two ships applied toward each other this turn (TRV-R18, TRV-R37); a pair with a ship out of
    the battle has no range to tell."""
    nn = p.n * p.n
    for a in range(p.n):
        for b in range(a + 1, p.n):
            if st[a * p.block + SIDE] == st[b * p.block + SIDE] or not in_battle(p, st, a) \
                    or not in_battle(p, st, b):
                continue
            ab, ba = p.n * p.block + a * p.n + b, p.n * p.block + b * p.n + a
            old = st[ab]
            band, progress = move_range(p, old, st[ab + nn], st[ab + 2 * nn])
            st[ab] = st[ba] = band
            st[ab + nn] = st[ba + nn] = progress
            st[ab + 2 * nn] = st[ba + 2 * nn] = 0
            emit(rec, (EV_RANGE, -1, old, band, progress, a, b))


def fight(p: Params, st: list[int], rng: list[int], rec: Recorder | None) -> tuple[int, int]:
    """A battle from `st`: its end code and turns. A duel is the battle of ship 0 against ship
    1."""
    start(p, st, rng, rec)
    free = find(p, rng, rec)
    if free == 2:
        return LOST_CONTACT, 1
    if free >= 0 and free_round(p, st, rng, rec, free) >= 0:
        return settle(p, st, rng, rec, 1)
    at = p.n * p.block + 3 * p.n * p.n  # this turn's order
    for rnd in range(1, p.cap + 1):
        for ship in range(p.n):
            if st[ship * p.block + FATE] == IN and st[ship * p.block + HULL] > 0:
                initiative(p, st, rng, rec, ship)
        sort_order(p, st, rng, rec)
        # a step that decides the battle ends the turn's actions, not its missile step: the
        # salvos due this turn land (TRV-R40), and what still flies after it (settle)
        over = 1 if manoeuvre_step(p, st, rng, rec, rnd) and decided(p, st) >= 0 else 0
        # boarding and line up, in reverse initiative order, against each ship's target
        # (those out of the battle came last in the order: the loops stop at the first)
        for k in range(p.n - 1, -1, -1):
            ship = st[at + k]
            o, t = ship * p.block, st[ship * p.block + TARGET]
            if over or st[o + FATE] != IN or st[o + HULL] <= 0 or st[t * p.block + FATE] != IN \
                    or st[p.n * p.block + ship * p.n + t] != ADJACENT or st[o + FLEE]:
                continue
            st[o + AT] = t
            if board(p, st, rng, rec, ship) and decided(p, st) >= 0:
                over = 1
        for k in range(p.n - 1, -1, -1):
            ship = st[at + k]
            o, t = ship * p.block, st[ship * p.block + TARGET]
            if not over and st[o + FATE] == IN and st[o + HULL] > 0 \
                    and st[t * p.block + FATE] == IN:
                line_up(p, st, rng, rec, ship, st[p.n * p.block + ship * p.n + t])
        for k in range(p.n):
            ship = st[at + k]
            if not over and st[ship * p.block + FATE] == IN and st[ship * p.block + HULL] > 0 \
                    and attack_step(p, st, rng, rec, ship):
                over = 1
        if end_turn(p, st, rng, rec) >= 0:
            return settle(p, st, rng, rec, rnd)
        harmful = 0
        for ship in range(p.n):
            if st[ship * p.block + FATE] == IN and st[ship * p.block + HULL] > 0 \
                    and can_harm(p, st, ship):
                harmful = 1
                break
        if not harmful:
            return HARMLESS, rnd
    return CAP, p.cap


def start(p: Params, st: list[int], rng: list[int], rec: Recorder | None) -> None:
    """The start band: one roll for every pair (TRV-R45)."""
    band = start_band(p, rng)
    set_bands(p, st, band)
    emit(rec, (EV_RANGE, -1, band, band, 0, -1, -1))


def set_bands(p: Params, st: list[int], band: int) -> None:
    """Every pair of enemies at `band` (the start, TRV-R45)."""
    for a in range(p.n):
        for b in range(p.n):
            if enemies(p, st, a, b):
                st[pair(p, a, b)] = band


def dealt(p: Params, st: list[int], side: int) -> int:
    """The damage `side`'s ships dealt."""
    total = 0
    for ship in range(p.n):
        if st[ship * p.block + SIDE] == side:
            total += st[ship * p.block + DEALT]
    return total


def fates(p: Params, st: list[int]) -> list[int]:
    """Every ship's fate, side A's first in fleet order: survived (IN), escaped, destroyed or
    captured;
    gathered at the end of the state, so a compiled battle returns a view, not a new list."""
    at = p.n * p.block + 3 * p.n * p.n + p.n + 2
    for ship in range(p.n):
        st[at + ship] = st[ship * p.block + FATE]
    return st[at:at + p.n]


def play(p: Params, rng: list[int], rec: Recorder | None
         ) -> tuple[int, int, int, int, list[int]]:
    st = new_state(p)
    end, rounds = fight(p, st, rng, rec)
    return end, rounds, dealt(p, st, 0), dealt(p, st, 1), fates(p, st)


def fights(p: Params, seed: int, first: int, count: int, rng: list[int], out: object) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, a, b, lost = play(p, rng, None)
        store(out, k, end, rounds, a, b, rng)
        store_fates(out, k, lost)
