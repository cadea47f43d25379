"""smallcraft's fight rules, written once: the seed's six dphases on the hex map, Inflicting
Damage box by box, the endings of R8, and the default pilot's decisions.

A fight-rules module (the fight pattern, `shipyard.api`): plain functions over two int arrays,
the fight's table `t` (both craft, padded to the same shapes; table.py lays it out from its
readable `Params`) and the state `st`, copied from its template at each fight. A narrated duel
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

from shipyard.api import ask, derive_seed, die, emit, seed_stream, store
from shipyard.systems.smallcraft.combat.geometry import (
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
    speed,
    toward,
    transverse,
)

# sheet row kinds the rules read (table.KINDS names them all)
K_OTHER, K_DRIVE, K_BEAM, K_SCREENS, K_SENSORS, K_TUBES, K_POWER, K_CREW, K_ARMOR, \
    K_MISSILES = range(10)

# The fight's numbers are one int array, `t`: this header, then both craft's tables. A header
# entry is a figure of the fight (the pilot's float wishes in thousandths), the stride of a table
# (a craft's table is padded to the larger craft's, side · stride + i), or where a table starts in
# `t` (T_*), or where a part of the state starts in `st` (S_*). One array, not a NamedTuple of
# many: Numba counts every array of a tuple in and out at each call, and that cost dominated.
DTURN_CAP, GEOMETRY, START_RANGE, TRANSVERSE, RANGE_RULE, QUICKNESS_DIE, GUNNER_QUICKNESS, \
    LITERAL_SCREENS, MOVEMENT_PENALTY, PILOT_PENALTY, RANGE_PENALTY, RANGE_BEYOND, \
    GUNNER_QUICKNESS_PENALTY, SCREENS_RATIO, REACH, DETECTION, PER_SENSOR, PER_CBLOC, STANDOFF, \
    CLOSING_GAIN, MAX_CLOSING, HORIZON, ROW_STRIDE, BOX_STRIDE, DRIVE_STRIDE, BEAM_STRIDE, \
    MISSILE_STRIDE, ARMOR_STRIDE, G_STRIDE, COST_STRIDE, RING_SIZE, T_RING_Q, T_RING_R, \
    T_QUICKNESS, T_GUNNERY, T_COMPUTER, T_PILOT_FIRES, T_ROWS, T_KIND, T_BOXES, T_LAST_BOX, \
    T_BOX_COUNT, T_OWNER, T_ARMOR, T_ARMOR_COUNT, T_DRIVES, T_DRIVE_ROW, T_DRIVE_PUSH, T_BEAMS, \
    T_BEAM_ROW, T_BEAM_AIM, T_BEAM_TURRET, T_MAIN_BEAMS, T_MAIN_BEAM, T_MISSILE_KINDS, \
    T_MISSILE_ROW, T_MISSILE_MOVE, T_MISSILE_DAMAGE, T_MISSILE_PER_CBLOC, T_BEAM_OF_ROW, \
    T_MISSILE_OF_ROW, T_G_OF, T_COST_OF, T_PUSH_AWAY, S_ALIVE, S_DESTROYED, S_POWER, S_MOUNTS, \
    S_MISSILES, S_THRUST, S_FLIGHTS = range(71)
HEADER = 71

# the state `st` is one int array too: both craft's numbers first (NS each, at side · NS), then
# the count of flights in the air, then the parts at S_*
# (the counts of surviving power, crew and tube boxes, and whether it is armed, are kept as damage
# comes, rather than summed over the sheet each time a rule asks: ARMED is −1 when unknown)
PA, PB, PC, PD, VA, VB, VC, VD, HQ, HR, BQ, BR, SPEED, FACING, FACING_BEFORE, TURNED, \
    LAUNCHED, DEALT, LEFT, ARMOR_NEXT, SCORE, POWER_BOXES, CREW_BOXES, TUBE_BOXES, HAS_POWER, \
    HAS_CREW, ARMED = range(27)
NS = 27
# one flight of missiles at st[S_FLIGHTS + slot · FW]; a flight flies, strikes or is spent
F_OWNER, F_MISSILE, F_COUNT, F_Q, F_R, F_MOVE, F_DAMAGE, F_FLOWN, F_FATE = range(9)
FW = 9
FLYING, STRIKING, SPENT = 0, 1, 2
FLIGHTS = 2 * NS  # in st: the flights in the air

# how a fight ends: a win is reason · 2 + winner; then the draws
DESTROYED, CREW_LOST, POWER_LOST, DISABLED = range(4)
ESCAPED, LOST_CONTACT, HARMLESS, BOTH_LOST, CAP = range(8, 13)

# events (narrator.py): the code, the side (−1: both), then numbers
EV_START, EV_DTURN, EV_ROLL_ORDER, EV_ORDER, EV_WEAPON_ORDER, EV_POWER_ROW, EV_POWER, \
    EV_THRUST, EV_VELOCITY, EV_MOVE, EV_TURN, EV_SHOT, EV_HOLD, EV_SCREEN, EV_REROLL, EV_HIT, \
    EV_FLY, EV_SPENT, EV_SALVO, EV_THROUGH, EV_LAUNCH, EV_END = range(22)
UNIT_DHIT, UNIT_MISSILE = 0, 1
AIM_GUNNER, AIM_COMPUTER = 0, 1

# questions a user's own pilot answers (pilot.py): facts are (index, dturn); Q_BEGIN hands
# it the state, (0, 0, st), once a fight
Q_BEGIN, Q_POWER, Q_THRUST, Q_TURN, Q_FIRE, Q_LAUNCH = range(6)

FLEE = 1000.0  # "as hard as the drives allow": a velocity change no drive reaches


class Fight(NamedTuple):
    """What a fight starts from: the table of numbers, and the state's template."""

    table: list[int]
    state: list[int]


def fights(p: Fight, seed: int, first: int, count: int, rng: Any, out: Any) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, dealt_a, dealt_b = play(p, rng, None)
        store(out, k, end, rounds, dealt_a, dealt_b, rng)


def play(p: Fight, rng: Any, rec: Any) -> tuple[int, int, int, int]:
    t = p.table
    st = p.state.copy()
    start(t, st, rng, rec)
    ask(rec, 0, Q_BEGIN, (0, 0, st), 0)
    ask(rec, 1, Q_BEGIN, (0, 0, st), 0)
    for dturn in range(1, t[DTURN_CAP] + 1):
        end = one_dturn(t, st, rng, rec, dturn)
        if end >= 0:
            return end, dturn, st[DEALT], st[NS + DEALT]
    emit(rec, (EV_END, -1, CAP, t[DTURN_CAP]))
    return CAP, t[DTURN_CAP], st[DEALT], st[NS + DEALT]


def start(t: list[int], st: list[int], rng: Any, rec: Any) -> None:
    """A at the origin facing 12 o'clock, B start_range dhexes toward 12 o'clock, at rest; the
    random geometry puts B anywhere on that ring, both facing anywhere."""
    c = st
    if t[GEOMETRY] == 3:
        k = die(rng, t[RING_SIZE]) - 1
        q, r = t[t[T_RING_Q] + k], t[t[T_RING_R] + k]
        c[FACING] = die(rng, 12) - 1
        c[NS + FACING] = die(rng, 12) - 1
    else:
        q, r = 0, t[START_RANGE]
        c[NS + FACING] = 6 if t[GEOMETRY] == 0 else 0 if t[GEOMETRY] == 1 else 3
    c[NS + PB] = q
    c[NS + PC] = q + 2 * r
    for s in range(2):
        locate(st, s)
    emit(rec, (EV_START, -1, c[HQ], c[HR], c[FACING], c[NS + HQ], c[NS + HR],
               c[NS + FACING], distance(st)))


def locate(st: list[int], s: int) -> None:
    """The hex a craft is in, worked out once each time it moves."""
    c, o = st, s * NS
    q, r = nearest_hex(c[o + PA], c[o + PB], c[o + PC], c[o + PD], False)
    c[o + HQ] = q
    c[o + HR] = r


def distance(st: list[int]) -> int:
    c = st
    return hex_distance(c[NS + HQ] - c[HQ], c[NS + HR] - c[HR])


def one_dturn(t: list[int], st: list[int], rng: Any, rec: Any, dturn: int) -> int:
    """The six dphases; an end code when the fight is over, else −1."""
    emit(rec, (EV_DTURN, -1, dturn))
    first = initiative(t, st, rng, rec)
    for s in (first, 1 - first):
        power_phase(t, st, rec, s, dturn)
    for s in (first, 1 - first):
        thrust_phase(t, st, rec, s, dturn)
    move(st, rec)
    for s in (first, 1 - first):
        turn_phase(t, st, rec, s, dturn)
    w = weapon_order(t, st, rec, first)
    for s in (w, 1 - w):
        end = beam_phase(t, st, rng, rec, s, dturn)
        if end >= 0:
            return end
    end = missiles_fly(t, st, rng, rec, w)
    if end >= 0:
        return end
    for s in (w, 1 - w):
        launch_phase(t, st, rec, s, dturn)
    return end_of_dturn(t, st, rec)


def initiative(t: list[int], st: list[int], rng: Any, rec: Any) -> int:
    """Who acts first this dturn: Quickness plus the die, a tie rolled again (with the die off,
    ties go to A)."""
    c = st
    sa, sb = t[t[T_QUICKNESS] + 0], t[t[T_QUICKNESS] + 1]
    if t[QUICKNESS_DIE] > 0:
        while True:
            ra, rb = die(rng, t[QUICKNESS_DIE]), die(rng, t[QUICKNESS_DIE])
            emit(rec, (EV_ROLL_ORDER, -1, ra, rb))
            sa, sb = t[t[T_QUICKNESS] + 0] + ra, t[t[T_QUICKNESS] + 1] + rb
            if sa != sb or t[QUICKNESS_DIE] == 1:
                break
        emit(rec, (EV_ORDER, -1, sa, sb))
    c[SCORE] = sa
    c[NS + SCORE] = sb
    return 0 if sa >= sb else 1


def weapon_order(t: list[int], st: list[int], rec: Any, first: int) -> int:
    """Optional rule 2 of the phases: weapon dphases by the gunner's Quickness, a pilot who also
    fires taking a penalty; ties keep the order."""
    if t[GUNNER_QUICKNESS] == 0:
        return first
    c = st
    one = c[first * NS + SCORE] - t[GUNNER_QUICKNESS_PENALTY] * t[t[T_PILOT_FIRES] + first]
    two = (c[(1 - first) * NS + SCORE]
           - t[GUNNER_QUICKNESS_PENALTY] * t[t[T_PILOT_FIRES] + 1 - first])
    if two > one:
        emit(rec, (EV_WEAPON_ORDER, 1 - first, two, one))
        return 1 - first
    return first


# --- what a craft has and can do ----------------------------------------------------------


def supply(t: list[int], st: list[int], s: int) -> int:
    """Cunits its surviving power boxes give (a loss takes effect next dturn)."""
    return st[s * NS + POWER_BOXES] * t[PER_CBLOC]


def powered(t: list[int], st: list[int], s: int, kind: int) -> int:
    """Boxes of one kind at work: surviving and powered."""
    total = 0
    base = s * t[ROW_STRIDE]
    for r in range(t[t[T_ROWS] + s]):
        if t[t[T_KIND] + s * t[ROW_STRIDE] + r] == kind:
            total += min(st[t[S_ALIVE] + base + r], st[t[S_POWER] + base + r])
    return total


def detection(t: list[int], st: list[int], s: int) -> int:
    """20 dhexes plus twice the working sensors' range."""
    return t[DETECTION] + t[PER_SENSOR] * powered(t, st, s, K_SENSORS)


def weapon_boxes(t: list[int], st: list[int], s: int, i: int) -> int:
    left = st[t[S_ALIVE] + s * t[ROW_STRIDE] + t[t[T_BEAM_ROW] + s * t[BEAM_STRIDE] + i]]
    k = s * t[BEAM_STRIDE] + i
    return left - st[t[S_MOUNTS] + k] if t[t[T_BEAM_TURRET] + k] else left


def beam_dhits(t: list[int], st: list[int], s: int, i: int) -> int:
    """dhits a beam deals at its surviving cblocs and its power: a turret's mount, while it
    lasts, takes the first cunit (R5)."""
    usable = st[t[S_POWER] + s * t[ROW_STRIDE] + t[t[T_BEAM_ROW] + s * t[BEAM_STRIDE] + i]]
    if t[t[T_BEAM_TURRET] + s * t[BEAM_STRIDE] + i]:
        usable -= st[t[S_MOUNTS] + s * t[BEAM_STRIDE] + i]
    return max(0, min(weapon_boxes(t, st, s, i), usable))


def drive_g(t: list[int], st: list[int], s: int, d: int) -> int:
    """G a drive gives now: its surviving cblocs, as far as they are powered (R1)."""
    row = s * t[ROW_STRIDE] + t[t[T_DRIVE_ROW] + s * t[DRIVE_STRIDE] + d]
    return t[t[T_G_OF] + s * t[G_STRIDE] + min(st[t[S_ALIVE] + row], st[t[S_POWER] + row])]


def missiles_left(t: list[int], st: list[int], s: int) -> int:
    total = 0
    for i in range(t[t[T_MISSILE_KINDS] + s]):
        total += st[t[S_MISSILES] + s * t[MISSILE_STRIDE] + i]
    return total


def tubes_ready(t: list[int], st: list[int], s: int) -> int:
    """Tubes powered and not yet used this dturn (a tube fires one missile a cunit)."""
    return max(0, powered(t, st, s, K_TUBES) - st[s * NS + LAUNCHED])


def armed(t: list[int], st: list[int], s: int) -> bool:
    """A weapon it can fire (R8): a beam with a weapon cbloc and the power for it (a turret's
    mount takes the first cunit), or a missile, a tube and a cunit. Power is what its
    surviving power boxes give (a loss takes effect next dturn)."""
    if st[s * NS + ARMED] >= 0:
        return st[s * NS + ARMED] == 1
    cunits = supply(t, st, s)
    st[s * NS + ARMED] = 1
    for i in range(t[t[T_BEAMS] + s]):
        if t[t[T_BEAM_AIM] + s * t[BEAM_STRIDE] + i] >= 0:
            k = s * t[BEAM_STRIDE] + i
            need = 1 + st[t[S_MOUNTS] + k] if t[t[T_BEAM_TURRET] + k] else 1
            if weapon_boxes(t, st, s, i) > 0 and cunits >= need:
                return True
    if st[s * NS + TUBE_BOXES] > 0 and missiles_left(t, st, s) > 0 and cunits >= 1:
        return True
    st[s * NS + ARMED] = 0
    return False


def mobile(t: list[int], st: list[int], s: int) -> bool:
    """A drive that acts in 2D with the boxes and the power for 1G."""
    cunits = supply(t, st, s)
    for d in range(t[t[T_DRIVES] + s]):
        if t[t[T_DRIVE_PUSH] + s * t[DRIVE_STRIDE] + d] >= 0:
            left = st[t[S_ALIVE] + s * t[ROW_STRIDE] + t[t[T_DRIVE_ROW] + s * t[DRIVE_STRIDE] + d]]
            if t[t[T_G_OF] + s * t[G_STRIDE] + min(left, cunits)] > 0:
                return True
    return False


def foe_vector(st: list[int], s: int) -> tuple[int, int]:
    c, o, f = st, s * NS, (1 - s) * NS
    return c[f + HQ] - c[o + HQ], c[f + HR] - c[o + HR]


def bears(t: list[int], st: list[int], s: int, i: int, dq: int, dr: int) -> bool:
    """Whether beam i bears on hex vector (dq, dr): a fixed beam's 30° wedge or a turret's 30°
    either side of its aim, swept through this dturn's turn (it may fire part-way through)."""
    aim = t[t[T_BEAM_AIM] + s * t[BEAM_STRIDE] + i]
    if aim < 0:
        return False
    c = st
    k = s * t[BEAM_STRIDE] + i
    half = 1 + st[t[S_MOUNTS] + k] if t[t[T_BEAM_TURRET] + k] else 1
    turned = c[s * NS + TURNED]
    low_clock = c[s * NS + FACING_BEFORE] + aim + max(turned, 0)
    low = (angle15(low_clock) - half) % 24
    return in_arc(low, 2 * abs(turned) + 2 * half, dq, dr)


def can_fire(t: list[int], st: list[int], s: int, i: int) -> bool:
    dq, dr = foe_vector(st, s)
    return (beam_dhits(t, st, s, i) > 0 and hex_distance(dq, dr) <= t[REACH]
            and bears(t, st, s, i, dq, dr))


# --- dPhase 1: power -----------------------------------------------------------------------


def power_phase(t: list[int], st: list[int], rec: Any, s: int, dturn: int) -> None:
    plan(t, st, s)
    base = s * t[ROW_STRIDE]
    total = 0
    for r in range(t[t[T_ROWS] + s]):
        st[t[S_POWER] + base + r] = ask(rec, s, Q_POWER, (r, dturn), st[t[S_POWER] + base + r])
        if st[t[S_POWER] + base + r] > 0:
            emit(rec, (EV_POWER_ROW, s, r, st[t[S_POWER] + base + r]))
            total += st[t[S_POWER] + base + r]
    emit(rec, (EV_POWER, s, total, supply(t, st, s)))
    st[s * NS + LAUNCHED] = 0


def launch_wish(t: list[int], st: list[int], s: int, i: int, room: int, slack: int) -> int:
    """The default pilot's missiles from row i: only at a target within the reach of craft
    weaponry that they catch (faster than it moves) within its horizon, as many as `room`
    tubes take. `slack`: dhexes the range may yet close before the launch."""
    dq, dr = foe_vector(st, s)
    apart = hex_distance(dq, dr)
    move_ = t[t[T_MISSILE_MOVE] + s * t[MISSILE_STRIDE] + i]
    if (move_ > st[(1 - s) * NS + SPEED] and apart <= 1 + move_ * t[HORIZON]
            and apart <= t[REACH] + slack):
        return min(st[t[S_MISSILES] + s * t[MISSILE_STRIDE] + i], room)
    return 0


def plan(t: list[int], st: list[int], s: int) -> None:
    """The default pilot's dPhase 1: power for the beams, then the screens, the tubes a launch
    needs, the drives for this dturn's burn (kept at S_THRUST), the sensors with the rest.

    The burn keeps the foe at the standoff range, closing at a speed in proportion to the
    distance still to go, matched to its velocity; with no weapon left it flees; a foe with
    no weapon left is not chased (at these speeds the chase is hopeless)."""
    base = s * t[ROW_STRIDE]
    c, o, f = st, s * NS, (1 - s) * NS
    for r in range(t[t[T_ROWS] + s]):
        st[t[S_POWER] + base + r] = 0
    left = supply(t, st, s)
    for i in range(t[t[T_BEAMS] + s]):
        if t[t[T_BEAM_AIM] + s * t[BEAM_STRIDE] + i] >= 0:
            give = min(st[t[S_ALIVE] + base + t[t[T_BEAM_ROW] + s * t[BEAM_STRIDE] + i]], left)
            st[t[S_POWER] + base + t[t[T_BEAM_ROW] + s * t[BEAM_STRIDE] + i]] = give
            left -= give
    left = _give(t, st, s, K_SCREENS, left, left)
    room = min(st[s * NS + TUBE_BOXES], left)
    wanted = 0
    for i in range(t[t[T_MISSILE_KINDS] + s]):
        n = launch_wish(t, st, s, i, room, c[o + SPEED] + c[f + SPEED])
        room -= n
        wanted += n
    left = _give(t, st, s, K_TUBES, left, wanted)
    # the burn, in floats: a wish, not a rule (the G fired are whole and checked)
    rx = ((c[f + PA] - c[o + PA]) + (c[f + PB] - c[o + PB]) * S3) * 0.5
    ry = ((c[f + PC] - c[o + PC]) + (c[f + PD] - c[o + PD]) * S3) * 0.5
    dist = math.sqrt(rx * rx + ry * ry)
    if dist > 0:
        ux, uy = rx / dist, ry / dist
    else:
        ux, uy = UNIT_X[c[o + FACING]], UNIT_Y[c[o + FACING]]
    most = t[MAX_CLOSING] / 1000.0
    closing = min(max((dist - t[STANDOFF] / 1000.0) * (t[CLOSING_GAIN] / 1000.0), -most), most)
    dvx, dvy = 0.0, 0.0
    if armed(t, st, s):
        if armed(t, st, 1 - s):
            dvx = (c[f + VA] + c[f + VB] * S3) * 0.5 + ux * closing \
                - (c[o + VA] + c[o + VB] * S3) * 0.5
            dvy = (c[f + VC] + c[f + VD] * S3) * 0.5 + uy * closing \
                - (c[o + VC] + c[o + VD] * S3) * 0.5
    else:
        dvx, dvy = -ux * FLEE, -uy * FLEE
    for d in range(t[t[T_DRIVES] + s]):
        st[t[S_THRUST] + s * t[DRIVE_STRIDE] + d] = 0
        push = t[t[T_DRIVE_PUSH] + s * t[DRIVE_STRIDE] + d]
        if push < 0:
            continue
        k = (c[o + FACING] + push) % 12
        row = base + t[t[T_DRIVE_ROW] + s * t[DRIVE_STRIDE] + d]
        most = t[t[T_G_OF] + s * t[G_STRIDE] + min(st[t[S_ALIVE] + row], left)]
        # the nearest whole G, a half rounded down: a half-G wish fires nothing
        g = min(max(-math.floor(0.5 - (dvx * UNIT_X[k] + dvy * UNIT_Y[k])), 0), most)
        st[t[S_POWER] + row] = t[t[T_COST_OF] + s * t[COST_STRIDE] + g]
        left -= t[t[T_COST_OF] + s * t[COST_STRIDE] + g]
        dvx -= g * UNIT_X[k]
        dvy -= g * UNIT_Y[k]
        st[t[S_THRUST] + s * t[DRIVE_STRIDE] + d] = g
    _give(t, st, s, K_SENSORS, left, left)


def _give(t: list[int], st: list[int], s: int, kind: int, left: int, wanted: int) -> int:
    """Power rows of one kind in sheet order, up to `wanted` cunits; what is left."""
    base = s * t[ROW_STRIDE]
    for r in range(t[t[T_ROWS] + s]):
        if t[t[T_KIND] + s * t[ROW_STRIDE] + r] == kind:
            give = min(st[t[S_ALIVE] + base + r], wanted, left)
            st[t[S_POWER] + base + r] = give
            left -= give
            wanted -= give
    return left


# --- dPhases 2 and 3: movement and facing --------------------------------------------------


def thrust_phase(t: list[int], st: list[int], rec: Any, s: int, dturn: int) -> None:
    c, o = st, s * NS
    fired = 0
    for d in range(t[t[T_DRIVES] + s]):
        g = ask(rec, s, Q_THRUST, (d, dturn), st[t[S_THRUST] + s * t[DRIVE_STRIDE] + d])
        if g > 0:
            k = (c[o + FACING] + t[t[T_DRIVE_PUSH] + s * t[DRIVE_STRIDE] + d]) % 12
            c[o + VA] += g * UNIT_A[k]
            c[o + VB] += g * UNIT_B[k]
            c[o + VC] += g * UNIT_C[k]
            c[o + VD] += g * UNIT_D[k]
            fired += 1
            emit(rec, (EV_THRUST, s, d, g))
    if fired:
        c[o + SPEED] = speed(c[o + VA], c[o + VB], c[o + VC], c[o + VD])
    emit(rec, (EV_VELOCITY, s, c[o + VA], c[o + VB], c[o + VC], c[o + VD]))


def move(st: list[int], rec: Any) -> None:
    c = st
    for s in range(2):
        o = s * NS
        c[o + BQ] = c[o + HQ]
        c[o + BR] = c[o + HR]
        if c[o + VA] != 0 or c[o + VB] != 0 or c[o + VC] != 0 or c[o + VD] != 0:
            c[o + PA] += c[o + VA]
            c[o + PB] += c[o + VB]
            c[o + PC] += c[o + VC]
            c[o + PD] += c[o + VD]
            locate(st, s)
    emit(rec, (EV_MOVE, -1, c[HQ], c[HR], c[NS + HQ], c[NS + HR], distance(st)))


def turn_wish(t: list[int], st: list[int], s: int) -> int:
    """The default pilot's dPhase 3: up to 60° toward pointing its best working beam at the
    foe; with no weapon left, toward putting its strongest drive's push away from it."""
    c, o = st, s * NS
    dq, dr = foe_vector(st, s)
    ahead = bearing(dq, dr, c[o + FACING])
    if armed(t, st, s):
        aim = 0
        for j in range(t[t[T_MAIN_BEAMS] + s]):
            i = t[t[T_MAIN_BEAM] + s * t[BEAM_STRIDE] + j]
            if weapon_boxes(t, st, s, i) > 0:
                aim = t[t[T_BEAM_AIM] + s * t[BEAM_STRIDE] + i]
                break
        want = (ahead - aim) % 12
    else:
        want = (ahead + 6 - t[t[T_PUSH_AWAY] + s]) % 12
    return min(max((want - c[o + FACING] + 6) % 12 - 6, -2), 2)


def turn_phase(t: list[int], st: list[int], rec: Any, s: int, dturn: int) -> None:
    c, o = st, s * NS
    delta = ask(rec, s, Q_TURN, (0, dturn), turn_wish(t, st, s))
    c[o + FACING_BEFORE] = c[o + FACING]
    c[o + TURNED] = delta
    c[o + FACING] = (c[o + FACING] + delta) % 12
    if delta != 0:
        emit(rec, (EV_TURN, s, delta, c[o + FACING]))


# --- dPhase 4: beams, and Inflicting Damage -------------------------------------------------


def beam_phase(t: list[int], st: list[int], rng: Any, rec: Any, s: int, dturn: int) -> int:
    fired = 0
    for i in range(t[t[T_BEAMS] + s]):
        if ask(rec, s, Q_FIRE, (i, dturn), 1 if can_fire(t, st, s, i) else 0):
            fired += 1
            end = shoot(t, st, rng, rec, s, i)
            if end >= 0:
                return end
    if fired == 0:
        dq, dr = foe_vector(st, s)
        if hex_distance(dq, dr) <= t[REACH]:
            for i in range(t[t[T_BEAMS] + s]):
                if t[t[T_BEAM_AIM] + s * t[BEAM_STRIDE] + i] >= 0 and beam_dhits(t, st, s, i) > 0:
                    emit(rec, (EV_HOLD, s, bearing(dq, dr, st[s * NS + FACING]),
                               hex_distance(dq, dr)))
                    break
    return -1


def shoot(t: list[int], st: list[int], rng: Any, rec: Any, s: int, i: int) -> int:
    """One beam: a d100 at or under the skill less the modifiers (R10: who aims), then the
    foe's screens, then its boxes. An end code when the foe is out of the fight."""
    tg = 1 - s
    c = st
    dq, dr = foe_vector(st, s)
    apart = hex_distance(dq, dr)
    if t[TRANSVERSE]:
        moving = transverse(c[tg * NS + VA], c[tg * NS + VB], c[tg * NS + VC], c[tg * NS + VD],
                            dq, dr)
    else:
        moving = c[tg * NS + SPEED]
    who, skill, penalty = AIM_GUNNER, t[t[T_GUNNERY] + s], 0
    if t[t[T_PILOT_FIRES] + s]:
        if t[t[T_BEAM_TURRET] + s * t[BEAM_STRIDE] + i]:
            who, skill = AIM_COMPUTER, t[t[T_COMPUTER] + s]
        else:
            penalty = -t[PILOT_PENALTY]
    moving_mod = -t[MOVEMENT_PENALTY] * moving
    range_mod = -t[RANGE_PENALTY] * max(0, apart - t[RANGE_BEYOND]) if t[RANGE_RULE] else 0
    rolled = die(rng, 100)
    dhits = beam_dhits(t, st, s, i)
    emit(rec, (EV_SHOT, s, i, dhits, apart, who, skill, penalty, moving, moving_mod, range_mod,
               rolled))
    if rolled <= skill + penalty + moving_mod + range_mod:
        strength = powered(t, st, tg, K_SCREENS)
        stopped, base, remainder, screen_roll = screen(rng, dhits, strength, t[SCREENS_RATIO])
        emit(rec, (EV_SCREEN, tg, dhits, stopped, base, remainder, screen_roll, strength,
                   UNIT_DHIT))
        inflict(t, st, rng, rec, tg, dhits - stopped)
    return knocked_out(t, st, rec, tg)


def screen(rng: Any, incoming: int, strength: int, ratio: int) -> tuple[int, int, int, int]:
    """Screens absorb one in `ratio` (6): incoming // 6, plus one if a d6 rolls below the
    remainder (strictly), never more than their powered strength (R9); also a salvo's missiles
    (R6). (stopped, base, remainder, the d6 or 0 when none was rolled)."""
    base = incoming // ratio
    remainder = incoming % ratio
    stopped, rolled = base, 0
    if strength > 0 and remainder > 1 and base < strength:  # a d6 below 1 never happens
        rolled = die(rng, ratio)
        if rolled < remainder:
            stopped += 1
    return min(stopped, strength), base, remainder, rolled


def screen_literal(rng: Any, count: int, strength: int,
                   ratio: int) -> tuple[int, int, int, int]:
    """R6 read literally: one missile in six penetrates (count // 6, plus one if a d6 rolls
    below the remainder); the screens repel the rest, but no more than their strength."""
    base = count // ratio
    remainder = count % ratio
    through, rolled = base, 0
    if remainder > 1:
        rolled = die(rng, ratio)
        if rolled < remainder:
            through += 1
    return min(count - through, strength), base, remainder, rolled


def inflict(t: list[int], st: list[int], rng: Any, rec: Any, tg: int, dhits: int) -> int:
    """Steps 2-4 of Inflicting Damage on craft tg: one dhit takes the first armor box left, the
    next a box picked by a d(hull) roll (a destroyed box rolled again), and so on, until the
    dhits or the boxes run out. The boxes destroyed (the foe's `dealt`)."""
    c, o = st, tg * NS
    n = 0
    while dhits > 0 and c[o + LEFT] > 0:
        box = armor_box(t, st, tg)
        if box > 0:
            n += 1
            dhits -= 1
            destroy(t, st, rec, tg, box, n, 1)
            if dhits == 0 or c[o + LEFT] == 0:
                break
        while True:
            box = die(rng, t[t[T_BOX_COUNT] + tg])
            if st[t[S_DESTROYED] + tg * t[BOX_STRIDE] + box] == 0:
                break
            emit(rec, (EV_REROLL, tg, box))
        n += 1
        dhits -= 1
        destroy(t, st, rec, tg, box, n, 0)
    c[(1 - tg) * NS + DEALT] += n
    return n


def armor_box(t: list[int], st: list[int], tg: int) -> int:
    """The first armor box still whole (a random dhit may have taken some), or 0."""
    c, o = st, tg * NS
    while c[o + ARMOR_NEXT] < t[t[T_ARMOR_COUNT] + tg]:
        box = t[t[T_ARMOR] + tg * t[ARMOR_STRIDE] + c[o + ARMOR_NEXT]]
        if st[t[S_DESTROYED] + tg * t[BOX_STRIDE] + box] == 0:
            return box
        c[o + ARMOR_NEXT] += 1
    return 0


def destroy(t: list[int], st: list[int], rec: Any, tg: int, box: int, n: int,
            by_armor: int) -> None:
    """A box is gone, with its Damage Effects: a turret's mount lost fixes the beam (R5); a
    missile row keeps at most its per-cbloc load for the cblocs that survive."""
    st[t[S_DESTROYED] + tg * t[BOX_STRIDE] + box] = 1
    row = t[t[T_OWNER] + tg * t[BOX_STRIDE] + box]
    st[t[S_ALIVE] + tg * t[ROW_STRIDE] + row] -= 1
    st[tg * NS + LEFT] -= 1
    st[tg * NS + ARMED] = -1
    kind = t[t[T_KIND] + tg * t[ROW_STRIDE] + row]
    if kind == K_POWER:
        st[tg * NS + POWER_BOXES] -= 1
    elif kind == K_CREW:
        st[tg * NS + CREW_BOXES] -= 1
    elif kind == K_TUBES:
        st[tg * NS + TUBE_BOXES] -= 1
    extra = 0
    i = t[t[T_BEAM_OF_ROW] + tg * t[ROW_STRIDE] + row]
    if i >= 0:
        if (t[t[T_BEAM_TURRET] + tg * t[BEAM_STRIDE] + i]
                and box == t[t[T_LAST_BOX] + tg * t[ROW_STRIDE] + row]):
            st[t[S_MOUNTS] + tg * t[BEAM_STRIDE] + i] = 0
            extra = -1
        else:
            extra = weapon_boxes(t, st, tg, i)
    m = t[t[T_MISSILE_OF_ROW] + tg * t[ROW_STRIDE] + row]
    if m >= 0:
        left = (st[t[S_ALIVE] + tg * t[ROW_STRIDE] + row]
                * t[t[T_MISSILE_PER_CBLOC] + tg * t[MISSILE_STRIDE] + m])
        k = tg * t[MISSILE_STRIDE] + m
        st[t[S_MISSILES] + k] = min(st[t[S_MISSILES] + k], left)
        extra = st[t[S_MISSILES] + k]
    emit(rec, (EV_HIT, tg, n, box, row, by_armor, st[t[S_ALIVE] + tg * t[ROW_STRIDE] + row], extra))


def knocked_out(t: list[int], st: list[int], rec: Any, tg: int) -> int:
    """R8 at once: destroyed, or out of action with its crew boxes all gone; else −1."""
    if st[tg * NS + LEFT] == 0:
        return ended(rec, 2 * DESTROYED + 1 - tg, 0, 0, 0, 0)
    if st[tg * NS + HAS_CREW] and st[tg * NS + CREW_BOXES] == 0:
        return ended(rec, 2 * CREW_LOST + 1 - tg, 0, 0, 0, 0)
    return -1


# --- dPhases 5 and 6: missiles --------------------------------------------------------------


def missiles_fly(t: list[int], st: list[int], rng: Any, rec: Any, w: int) -> int:
    """Flights move in the order of the craft that launched them (weapon order); one that has
    its target within its reach strikes, one that has flown the reach of craft weaponry is
    spent (R11). Then each target's strikers land as one salvo."""
    fl, base = st, t[S_FLIGHTS]
    count = st[FLIGHTS]
    if count == 0:
        return -1
    c = st
    for owner in (w, 1 - w):
        tg = (1 - owner) * NS
        for j in range(count):
            f = j * FW
            if fl[base + f + F_OWNER] != owner:
                continue
            apart = hex_distance(c[tg + HQ] - fl[base + f + F_Q], c[tg + HR] - fl[base + f + F_R])
            step = min(fl[base + f + F_MOVE], t[REACH] - fl[base + f + F_FLOWN])
            if apart <= step:
                fl[base + f + F_FATE] = STRIKING
                continue
            q, r = toward(fl[base + f + F_Q], fl[base + f + F_R], c[tg + HQ], c[tg + HR], step)
            fl[base + f + F_Q] = q
            fl[base + f + F_R] = r
            fl[base + f + F_FLOWN] += step
            if fl[base + f + F_FLOWN] >= t[REACH]:
                fl[base + f + F_FATE] = SPENT
                emit(rec, (EV_SPENT, owner, fl[base + f + F_COUNT], q, r, fl[base + f + F_FLOWN]))
            else:
                emit(rec, (EV_FLY, owner, fl[base + f + F_COUNT], q, r,
                           hex_distance(c[tg + HQ] - q, c[tg + HR] - r)))
    for owner in (w, 1 - w):
        end = salvo(t, st, rng, rec, owner)
        if end >= 0:
            return end
    kept = 0
    for j in range(count):
        if fl[base + j * FW + F_FATE] == FLYING:
            for k in range(FW):
                fl[base + kept * FW + k] = fl[base + j * FW + k]
            kept += 1
    st[FLIGHTS] = kept
    return -1


def salvo(t: list[int], st: list[int], rng: Any, rec: Any, owner: int) -> int:
    """All of one craft's missiles striking its foe this dphase: one salvo against the screens
    (R6), which stop missiles in the order they arrive."""
    fl, base = st, t[S_FLIGHTS]
    tg = 1 - owner
    total = 0
    for j in range(st[FLIGHTS]):
        if fl[base + j * FW + F_FATE] == STRIKING and fl[base + j * FW + F_OWNER] == owner:
            total += fl[base + j * FW + F_COUNT]
    if total == 0:
        return -1
    strength = powered(t, st, tg, K_SCREENS)
    if t[LITERAL_SCREENS]:
        stopped, share, remainder, rolled = screen_literal(rng, total, strength,
                                                           t[SCREENS_RATIO])
    else:
        stopped, share, remainder, rolled = screen(rng, total, strength, t[SCREENS_RATIO])
    emit(rec, (EV_SALVO, owner, total))
    emit(rec, (EV_SCREEN, tg, total, stopped, share, remainder, rolled, strength, UNIT_MISSILE))
    dhits = 0
    for j in range(st[FLIGHTS]):
        f = j * FW
        if fl[base + f + F_FATE] == STRIKING and fl[base + f + F_OWNER] == owner:
            lost = min(stopped, fl[base + f + F_COUNT])
            stopped -= lost
            dhits += (fl[base + f + F_COUNT] - lost) * fl[base + f + F_DAMAGE]
    emit(rec, (EV_THROUGH, tg, dhits))
    inflict(t, st, rng, rec, tg, dhits)
    return knocked_out(t, st, rec, tg)


def launch_phase(t: list[int], st: list[int], rec: Any, s: int, dturn: int) -> None:
    c, o, f = st, s * NS, (1 - s) * NS
    room = tubes_ready(t, st, s)
    for i in range(t[t[T_MISSILE_KINDS] + s]):
        wish = launch_wish(t, st, s, i, room, 0)
        room -= wish
        n = ask(rec, s, Q_LAUNCH, (i, dturn), wish)
        if n <= 0:
            continue
        st[t[S_MISSILES] + s * t[MISSILE_STRIDE] + i] -= n
        c[o + LAUNCHED] += n
        c[o + ARMED] = -1
        q, r = launch_hex(c[o + HQ], c[o + HR], c[f + HQ], c[f + HR])
        slot = t[S_FLIGHTS] + st[FLIGHTS] * FW
        st[FLIGHTS] += 1
        st[slot + F_OWNER] = s
        st[slot + F_MISSILE] = i
        st[slot + F_COUNT] = n
        st[slot + F_Q] = q
        st[slot + F_R] = r
        st[slot + F_MOVE] = t[t[T_MISSILE_MOVE] + s * t[MISSILE_STRIDE] + i]
        st[slot + F_DAMAGE] = t[t[T_MISSILE_DAMAGE] + s * t[MISSILE_STRIDE] + i]
        st[slot + F_FLOWN] = 1  # it appears one dhex from its launcher
        st[slot + F_FATE] = FLYING
        emit(rec, (EV_LAUNCH, s, i, n, q, r, st[t[S_MISSILES] + s * t[MISSILE_STRIDE] + i]))


# --- the end of the dturn: R8 ---------------------------------------------------------------


def powerless(t: list[int], st: list[int], s: int) -> bool:
    """Its power boxes all gone (it counts at the end of the dturn: power lost takes effect
    next dturn, so this dturn's allocation still served it)."""
    return st[s * NS + HAS_POWER] == 1 and st[s * NS + POWER_BOXES] == 0


def end_of_dturn(t: list[int], st: list[int], rec: Any) -> int:
    lost_a, lost_b = powerless(t, st, 0), powerless(t, st, 1)
    if lost_a and lost_b:
        return ended(rec, BOTH_LOST, 0, 0, 0, 0)
    if lost_a:
        return ended(rec, 2 * POWER_LOST + 1, 0, 0, 0, 0)
    if lost_b:
        return ended(rec, 2 * POWER_LOST, 0, 0, 0, 0)
    apart = distance(st)
    seen_a, seen_b = detection(t, st, 0), detection(t, st, 1)
    if apart > seen_a and apart > seen_b:
        return ended(rec, LOST_CONTACT, apart, seen_a, seen_b, 0)
    if apart > seen_a or apart > seen_b:
        runner = broke_contact(st, apart > seen_b)
        blind = 0 if apart > seen_a else 1
        return ended(rec, ESCAPED, runner, apart, blind, seen_a if blind == 0 else seen_b)
    armed_a, armed_b = armed(t, st, 0), armed(t, st, 1)
    threat_a, threat_b = armed_a, armed_b
    for j in range(st[FLIGHTS]):
        if st[t[S_FLIGHTS] + j * FW + F_OWNER] == 0:
            threat_a = True
        else:
            threat_b = True
    if not threat_a and not threat_b:
        return ended(rec, HARMLESS, 0, 0, 0, 0)
    if not armed_a and not mobile(t, st, 0) and threat_b:
        return ended(rec, 2 * DISABLED + 1, 0, 0, 0, 0)
    if not armed_b and not mobile(t, st, 1) and threat_a:
        return ended(rec, 2 * DISABLED, 0, 0, 0, 0)
    return -1


def ended(rec: Any, end: int, n1: int, n2: int, n3: int, n4: int) -> int:
    emit(rec, (EV_END, -1, end, n1, n2, n3, n4))
    return end


def broke_contact(st: list[int], a_unseen: bool) -> int:
    """Which craft broke contact (R8): the one whose own movement this dturn opened the range
    more (the range had it alone moved, against the range before); on a tie, the one its foe
    can no longer see (`a_unseen`: A is beyond B's detection)."""
    c = st
    before = hex_distance(c[NS + BQ] - c[BQ], c[NS + BR] - c[BR])
    a_opened = hex_distance(c[NS + BQ] - c[HQ], c[NS + BR] - c[HR]) - before
    b_opened = hex_distance(c[NS + HQ] - c[BQ], c[NS + HR] - c[BR]) - before
    if a_opened == b_opened:
        return 0 if a_unseen else 1
    return 0 if a_opened > b_opened else 1

