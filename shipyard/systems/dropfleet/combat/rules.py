"""dropfleet's fight, written once: the seed's damage sequence (steps 4-7, damage control,
orbital decay) inside our duel (RULINGS.md R1-R20). The rules take any number of groups (units)
a side, in battlegroups that activate alternately from the initiative's winner (`shipyard
battle`); a duel is the battle of one unit a side, by the same code (setup.setup). Plain
functions over the numbers of `state.Params`; every die from the stream, every event through
`emit`, every decision of a player through `ask` (the default commander: commander.py). A
narrated duel runs them as they are; a series runs them compiled (core/compiled.py).
"""

from __future__ import annotations

from shipyard.api import (
    Recorder,
    ask,
    derive_seed,
    dice,
    die,
    emit,
    seed_stream,
    store,
    store_fates,
)
from shipyard.systems.dropfleet.combat.commander import (
    best_system,
    count,
    fig,
    nsys,
    pick_target,
    raise_shields,
    side_of,
    sysf,
    unitf,
)
from shipyard.systems.dropfleet.combat.state import (
    A_WINS,
    ATMOSPHERE,
    B_WINS,
    BOTH_LOST,
    C_BLAST,
    C_BURNING,
    C_CRIPPLING,
    C_FIRE,
    C_LEAK,
    C_REPAIR,
    CAP,
    CAT_DISTORTION,
    CAT_EXPLOSION,
    CAT_RADIATION,
    CAT_SHRED,
    CRIPPLED,
    D_DECAY,
    D_HULL,
    D_RENT,
    DC_HURT,
    DC_NOT_YET,
    DC_REPAIRED,
    DCAT_FIERY,
    DCAT_IMMOLATION,
    DCAT_MAGAZINE,
    DCAT_RENT,
    DCAT_SUPERSTRUCTURE,
    E_ACF,
    E_DECAY,
    E_FIRE,
    E_INERT,
    EV_BLAST,
    EV_CATASTROPHIC,
    EV_CRIPPLED,
    EV_CRIPPLING,
    EV_DECAY,
    EV_DESTROYED,
    EV_FIRE,
    EV_HULL,
    EV_IGNITED,
    EV_LINE,
    EV_NOTHING,
    EV_OFFLINE,
    EV_PD,
    EV_REPAIR,
    EV_ROLL,
    EV_ROUNDUP,
    EV_SAVES,
    EV_SHIELDS,
    EV_SYSTEM_LOST,
    EV_TURN,
    F_BLAST,
    F_DECAY,
    F_FIRE,
    F_OWN,
    F_RENT,
    HARMLESS,
    INERT_ROWS,
    L_ATT_B,
    L_ATT_N,
    L_ATT_S,
    L_BEARS,
    L_BURN,
    L_CA,
    L_CRIT_ON,
    L_DMG_B,
    L_DMG_N,
    L_DMG_S,
    L_EXTRA,
    L_LOCK,
    L_MOUNTS,
    NF,
    NL,
    R_ATTACK,
    R_CRIT_SAVE,
    R_DAMAGE,
    R_PD,
    R_SAVE,
    ROWS,
    S_ACF,
    S_ALIVE,
    S_CRACK,
    S_CRIPPLED,
    S_DECAY,
    S_DYING,
    S_FATE,
    S_FIRES,
    S_HULL,
    S_INERT,
    S_LAYER,
    S_LEAK,
    S_OFFLINE,
    S_PASSED,
    S_PENDING,
    S_SHIELDS,
    SURVIVED,
    T_ABLATIVE,
    T_ARMOUR,
    T_ATMOS,
    T_CAT_BONUS,
    T_CRIP1,
    T_CRIP2,
    T_DREAD,
    T_HULL,
    T_PASSIVE,
    T_PD,
    T_PD_UP,
    T_RADIUS,
    T_SHIELDS,
    T_SYSTEMS,
    U_BG,
    U_X,
    Y_ALT,
    Y_FIRST,
    Y_LINES,
    Y_SCALD,
    Y_VALUE,
    Params,
)

# a user's commander's questions (combat/yours.py turns the facts into the user's own):
Q_SHIELDS = 1  # facts (turn, ship, state); answer 1 raise, 0 not
Q_SYSTEM = 2  # facts (turn, ship, shot, target, not_sys, not_alt, state); a system index
Q_TARGET = 3  # facts (turn, ship, shot, state); answer an enemy ship's place in its fleet order
Q_BATTLEGROUP = 4  # facts (turn, activated flags, state); answer one of the side's battlegroups

NO_SAVE = 7
PD_SUCCESS = 5  # the seed: a Point Defence die of 5 or more
REPAIRED_ON = 4  # damage control: 4-6
DREAD_NEAR, DREAD_FAR = 8, 12  # inches, the Dreadnought table's (R15)
RENT_BIG = 6  # Space-Time Rent: starting Hull 6 or more takes damage, less is removed


# --- step 4: hits and damage -------------------------------------------------------------


def amount(rng: list[int], n: int, sides: int, bonus: int) -> int:
    """A number or dice (N dice of `sides` + bonus), never below 0."""
    if sides == 0:
        return n
    return max(0, dice(rng, n, sides) + bonus)


def hit_kind(roll: int, lock: int, crit_on: int) -> int:
    """0 a miss, 1 a hit, 2 a critical hit (R8): at or over the Lock hits; a hit at or over
    `crit_on` is critical (0: every hit, Particle)."""
    if roll < lock:
        return 0
    return 2 if roll >= crit_on else 1


def roll_attacks(rng: list[int], rec: Recorder | None, attacks: int, lock: int, crit_on: int,
                 burn: int) -> tuple[int, int]:
    """(hits, of which critical) of `attacks` dice. Burnthrough (X) (R8): each hit earns one
    more die, until X dice have been rolled in all."""
    hits = 0
    crits = 0
    limit = max(burn, attacks) if burn > 0 else attacks
    pending = attacks
    rolled = 0
    while pending > 0 and rolled < limit:
        roll = die(rng, 6)
        rolled += 1
        pending -= 1
        kind = hit_kind(roll, lock, crit_on)
        emit(rec, (EV_ROLL, R_ATTACK, roll, kind))
        if kind > 0:
            hits += 1
            if kind == 2:
                crits += 1
            if burn > 0:
                pending += 1
    return hits, crits


def damage_points(rng: list[int], rec: Recorder | None, hits: int, n: int, sides: int,
                  bonus: int) -> int:
    """The damage of `hits` hits, variable damage rolled hit by hit before any save."""
    total = 0
    for _ in range(hits):
        dealt = amount(rng, n, sides, bonus)
        if sides > 0:
            emit(rec, (EV_ROLL, R_DAMAGE, dealt, 1))
        total += dealt
    return total


# --- step 5: Point Defence and saves -----------------------------------------------------


def pd_successes(rng: list[int], rec: Recorder | None, count: int) -> int:
    got = 0
    for _ in range(count):
        roll = die(rng, 6)
        ok = 1 if roll >= PD_SUCCESS else 0
        emit(rec, (EV_ROLL, R_PD, roll, ok))
        got += ok
    return got


def pd_block(successes: int, normal: int, crit: int, normal_need: int,
             crit_need: int) -> tuple[int, int]:
    """(normal, critical) points stopped (R12): one success stops a normal point, two a
    critical one, spent so that the fewest Hull points are expected to get through the saves
    (a point gets through unless its save, needing `normal_need` or `crit_need` (7: none),
    is made). Every number of critical points blocked is tried, the rest of the successes
    going on normal points; the expectation is compared in whole sixths, and on a tie the
    fewest critical points are blocked."""
    normal_fails = min(normal_need, NO_SAVE) - 1
    crit_fails = min(crit_need, NO_SAVE) - 1
    best_normal, best_crit, best_left = 0, 0, -1
    for blocked_crit in range(min(crit, successes // 2) + 1):
        blocked = min(normal, successes - 2 * blocked_crit)
        left = (normal - blocked) * normal_fails + (crit - blocked_crit) * crit_fails
        if best_left < 0 or left < best_left:
            best_normal, best_crit, best_left = blocked, blocked_crit, left
    return best_normal, best_crit


def passive_on(p: Params, st: list[int], k: int) -> int:
    unit = k // p.g
    if fig(p, unit, T_PASSIVE) == 0:
        return 0
    return 1 if fig(p, unit, T_SHIELDS) == 0 or st[k * NF + S_SHIELDS] == 1 else 0


def point_defence(p: Params, st: list[int], k: int) -> int:
    unit = k // p.g
    if fig(p, unit, T_SHIELDS) == 1 and st[k * NF + S_SHIELDS] == 1:
        return fig(p, unit, T_PD_UP)
    return fig(p, unit, T_PD)


def save_needs(p: Params, st: list[int], k: int, scald: int) -> tuple[int, int]:
    """(what a normal point's save needs, what a critical point's needs); 7: no save. The
    best applicable of Armour and Passive for a normal point, Passive only for a critical one
    (seed step 5); Armour Cracked +2 (S6), Scald +1 (R8), Ablative Armour 2 better while the
    ship has more than half its Hull (R8)."""
    unit = k // p.g
    armour = fig(p, unit, T_ARMOUR)
    if fig(p, unit, T_ABLATIVE) == 1 and 2 * st[k * NF + S_HULL] > fig(p, unit, T_HULL):
        armour = max(2, armour - 2)
    armour += 2 * st[k * NF + S_CRACK] + scald
    passive = NO_SAVE
    if passive_on(p, st, k) == 1:
        passive = fig(p, unit, T_PASSIVE) + scald
    return min(NO_SAVE, armour, passive), min(NO_SAVE, passive)


def roll_saves(rng: list[int], rec: Recorder | None, points: int, need: int, what: int) -> int:
    """Saves made, a die a point; no die where no save applies."""
    if need >= NO_SAVE:
        return 0
    saved = 0
    for _ in range(points):
        roll = die(rng, 6)
        ok = 1 if roll >= need else 0
        emit(rec, (EV_ROLL, what, roll, ok))
        saved += ok
    return saved


def take(p: Params, st: list[int], rng: list[int], rec: Recorder | None, k: int, normal: int,
         crit: int, scald: int, cause: int) -> int:
    """Damage that saves may stop (a volley, a Shredded or Explosion blast): Hull lost."""
    normal_need, crit_need = save_needs(p, st, k, scald)
    saved = roll_saves(rng, rec, normal, normal_need, R_SAVE)
    saved_crit = roll_saves(rng, rec, crit, crit_need, R_CRIT_SAVE)
    emit(rec, (EV_SAVES, k, normal, normal_need, saved, crit, crit_need, saved_crit))
    return hurt(p, st, rec, k, normal - saved + crit - saved_crit, cause)


# --- Hull, crippling (step 6) and catastrophic damage (step 7) -----------------------------


def thresholds_passed(p: Params, unit: int, hull: int) -> int:
    passed = 0
    for field in (T_CRIP1, T_CRIP2):
        at = fig(p, unit, field)
        if at >= 0 and hull <= at:
            passed += 1
    return passed


def hurt(p: Params, st: list[int], rec: Recorder | None, k: int, points: int, cause: int) -> int:
    """Hull lost with no save; a threshold passed owes a crippling roll (S1, S2, R13), 0 Hull
    marks the ship for its catastrophic roll (`settle`). Returns the Hull lost."""
    base = k * NF
    if points <= 0 or st[base + S_ALIVE] == 0 or st[base + S_DYING] == 1:
        return 0
    hull = st[base + S_HULL]
    lost = min(points, hull)
    hull -= lost
    st[base + S_HULL] = hull
    emit(rec, (EV_HULL, k, lost, hull, cause))
    if hull <= 0:
        st[base + S_DYING] = 1
        st[base + S_FATE] = F_FIRE if cause == C_FIRE else F_BLAST if cause == C_BLAST else F_OWN
        return lost
    passed = thresholds_passed(p, k // p.g, hull)
    if passed > st[base + S_PASSED]:
        st[base + S_PENDING] += passed - st[base + S_PASSED]
        st[base + S_PASSED] = passed
        st[base + S_CRIPPLED] = 1
        emit(rec, (EV_CRIPPLED, k, passed))
    return lost


def next_dying(p: Params, st: list[int]) -> int:
    for k in range(p.units * p.g):
        if st[k * NF + S_DYING] == 1:
            return k
    return -1


def settle(p: Params, st: list[int], rng: list[int], rec: Recorder | None) -> None:
    """Every ship at 0 Hull is destroyed and rolls its catastrophic damage, one after another,
    including those its blast destroys (R14)."""
    k = next_dying(p, st)
    while k >= 0:
        st[k * NF + S_DYING] = 0
        st[k * NF + S_ALIVE] = 0
        emit(rec, (EV_DESTROYED, k, D_HULL))
        catastrophic(p, st, rng, rec, k)
        k = next_dying(p, st)


def catastrophic_row(total: int, dreadnought: int) -> int:
    """The row of the catastrophic tables a total (D6 + bonus) reads (seed step 7; S4)."""
    if dreadnought == 1:
        if total <= 3:
            return DCAT_FIERY
        if total >= 7:
            return DCAT_RENT
        return DCAT_IMMOLATION + total - 4
    if total <= 2:
        return 0
    if total >= 7:
        return CAT_DISTORTION
    return total - 2


def reach(row: int, radius_sides: int, rng: list[int]) -> int:
    """How far a catastrophic result reaches, in inches: the Dreadnought table's own
    distances, else the radius die of the ship's size (S5), rolled only for a result that
    does something to ships (R15)."""
    if row == DCAT_FIERY:
        return 0
    if row in (DCAT_IMMOLATION, DCAT_RENT):
        return DREAD_NEAR
    if row in (DCAT_SUPERSTRUCTURE, DCAT_MAGAZINE):
        return DREAD_FAR
    if row < CAT_SHRED:
        return 0
    return die(rng, radius_sides)


def apart(p: Params, unit: int, other: int) -> int:
    """The distance between ships of two units, squared, in quarter square inches (twice the
    inches, squared: whole numbers, compared exactly): group mates `mate_inches` apart (R6);
    friends as far apart as they stand along their side's line; enemies across the lines,
    `enemy_inches` apart, and along them (B4)."""
    if unit == other:
        return 4 * p.mate_inches * p.mate_inches
    along = unitf(p, unit, U_X) - unitf(p, other, U_X)
    if side_of(p, unit) != side_of(p, other):
        return 4 * p.enemy_inches * p.enemy_inches + along * along
    return along * along


def catastrophic(p: Params, st: list[int], rng: list[int], rec: Recorder | None, k: int) -> None:
    unit = k // p.g
    radius_sides = fig(p, unit, T_RADIUS)
    if radius_sides == 0 or st[k * NF + S_LAYER] == ATMOSPHERE:
        return
    roll = die(rng, 6)
    bonus = fig(p, unit, T_CAT_BONUS)
    dread = fig(p, unit, T_DREAD)
    row = catastrophic_row(roll + bonus, dread)
    inches = reach(row, radius_sides, rng)
    emit(rec, (EV_CATASTROPHIC, k, roll, bonus, row, inches, dread))
    for j in range(p.units * p.g):
        base = j * NF
        if j == k or st[base + S_ALIVE] == 0 or st[base + S_DYING] == 1:
            continue
        if st[base + S_LAYER] != st[k * NF + S_LAYER]:
            continue
        far = apart(p, unit, j // p.g)
        if far <= 4 * inches * inches:
            blast(p, st, rng, rec, k, j, row, far)


def blast(p: Params, st: list[int], rng: list[int], rec: Recorder | None, source: int, j: int,
          row: int, far: int) -> None:
    """What a catastrophic result does to one ship in reach, `far` away (`apart`'s
    measure: seed step 7; R15, B4)."""
    emit(rec, (EV_BLAST, j, source, row, far))
    if row == CAT_SHRED:
        take(p, st, rng, rec, j, 1, 0, 0, C_BLAST)
    elif row in (CAT_EXPLOSION, DCAT_MAGAZINE):
        take(p, st, rng, rec, j, 2, 0, 0, C_BLAST)
    elif row == CAT_RADIATION:
        hurt(p, st, rec, j, 2, C_BLAST)
    elif row == CAT_DISTORTION:
        hurt(p, st, rec, j, die(rng, 6), C_BLAST)
    elif row == DCAT_IMMOLATION:
        fires = die(rng, 3)
        st[j * NF + S_FIRES] += fires
        emit(rec, (EV_IGNITED, j, fires))
    elif row == DCAT_SUPERSTRUCTURE:
        if die(rng, 6) >= 5:
            take(p, st, rng, rec, j, dice(rng, 2, 6), 0, 0, C_BLAST)
    elif row == DCAT_RENT:
        if fig(p, j // p.g, T_HULL) >= RENT_BIG:
            take(p, st, rng, rec, j, 3 + die(rng, 3), 0, 0, C_BLAST)
        else:
            st[j * NF + S_ALIVE] = 0
            st[j * NF + S_FATE] = F_RENT
            emit(rec, (EV_DESTROYED, j, D_RENT))


def crippling_row(section: int, result: int) -> int:
    """Row 0-8 of a crippling table: the section's D6 (1-2, 3-4, 5-6), then the result's."""
    return ((section - 1) // 2) * 3 + (result - 1) // 2


def inert_slot(row: int) -> int:
    """Which of the ship's counters of repairable results with no effect a row is (R16)."""
    for slot in range(len(INERT_ROWS)):
        if INERT_ROWS[slot] == row:
            return slot
    return -1


def apply_crippling(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
                    k: int, row: int) -> int:
    """One crippling result on ship k (R16); 1 when it rolls again (Reactor Overload)."""
    base = k * NF
    dread = fig(p, k // p.g, T_DREAD)
    again = 0
    if dread == 0:
        if row == 1:
            st[base + S_FIRES] += 1
        elif row == 2 or row == 3 or row == 6:
            st[base + S_INERT + inert_slot(row)] += 1
        elif row == 4:
            st[base + S_CRACK] += 1
        elif row == 7:
            st[base + S_OFFLINE] = 1
        elif row == 8:
            again = 1
    else:
        if row == 1:
            st[base + S_ACF] += 2
        elif row == 2 or row == 3:
            st[base + S_INERT + inert_slot(row)] += 1
        elif row == 7:
            lose_system(p, st, rng, rec, k)
        elif row == 8:
            st[base + S_LEAK] += 1
    if p.data[p.o_decay + dread * ROWS + row] == 1:
        st[base + S_DECAY] = 1
    hurt(p, st, rec, k, p.data[p.o_extra + dread * ROWS + row], C_CRIPPLING)
    return again


def lose_system(p: Params, st: list[int], rng: list[int], rec: Recorder | None, k: int) -> None:
    """Weapon Destroyed: one of the ship's weapon systems not yet lost, at random."""
    unit = k // p.g
    left = 0
    for s in range(nsys(p, unit)):
        if st[p.o_lost + k * p.smax + s] == 0:
            left += 1
    if left == 0:
        return
    pick = die(rng, left)
    for s in range(nsys(p, unit)):
        if st[p.o_lost + k * p.smax + s] == 0:
            pick -= 1
            if pick == 0:
                st[p.o_lost + k * p.smax + s] = 1
                emit(rec, (EV_SYSTEM_LOST, k, s))
                return


def cripple(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
            k: int) -> None:
    """Roll on the ship's crippling table, again after a Reactor Overload."""
    dread = fig(p, k // p.g, T_DREAD)
    again = 1
    while again == 1 and st[k * NF + S_ALIVE] == 1 and st[k * NF + S_DYING] == 0:
        section = die(rng, 6)
        result = die(rng, 6)
        row = crippling_row(section, result)
        extra = p.data[p.o_extra + dread * ROWS + row]
        emit(rec, (EV_CRIPPLING, k, dread, section, result, row, extra))
        again = apply_crippling(p, st, rng, rec, k, row)


def next_pending(p: Params, st: list[int]) -> int:
    for k in range(p.units * p.g):
        base = k * NF
        if st[base + S_PENDING] > 0 and st[base + S_ALIVE] == 1 and st[base + S_DYING] == 0:
            return k
    return -1


def resolve_crippling(p: Params, st: list[int], rng: list[int],
                      rec: Recorder | None) -> None:
    """Every crippling roll owed, ship by ship, and the ones they cause in turn (R13)."""
    k = next_pending(p, st)
    while k >= 0:
        st[k * NF + S_PENDING] -= 1
        cripple(p, st, rng, rec, k)
        settle(p, st, rng, rec)
        k = next_pending(p, st)


# --- an activation --------------------------------------------------------------------------


def fire_system(p: Params, st: list[int], rng: list[int], rec: Recorder | None, unit: int,
                k: int, s: int, t: int) -> None:
    """One weapon system's volley at ship t: its lines that bear, Linked lines together
    (R4); Point Defence against Close Action damage, then saves (seed step 5)."""
    target = t // p.g
    first = sysf(p, unit, target, s, Y_FIRST)
    scald = sysf(p, unit, target, s, Y_SCALD)
    emit(rec, (EV_FIRE, k, s, t))
    near = 0
    near_crit = 0
    far = 0
    far_crit = 0
    for li in range(first, first + sysf(p, unit, target, s, Y_LINES)):
        line = p.o_lines + ((unit * p.units + target) * p.lmax + li) * NL
        if p.data[line + L_BEARS] == 0:
            continue
        for _ in range(p.data[line + L_MOUNTS]):
            d = p.data
            attacks = amount(rng, d[line + L_ATT_N], d[line + L_ATT_S], d[line + L_ATT_B]) + \
                d[line + L_EXTRA]
            hits, crits = roll_attacks(rng, rec, attacks, d[line + L_LOCK], d[line + L_CRIT_ON],
                                       d[line + L_BURN])
            normal = damage_points(rng, rec, hits - crits, d[line + L_DMG_N], d[line + L_DMG_S],
                                   d[line + L_DMG_B])
            crit = damage_points(rng, rec, crits, d[line + L_DMG_N], d[line + L_DMG_S],
                                 d[line + L_DMG_B])
            emit(rec, (EV_LINE, k, li, attacks, hits, crits, normal, crit, d[line + L_LOCK]))
            if p.data[line + L_CA] == 1:
                near += normal
                near_crit += crit
            else:
                far += normal
                far_crit += crit
    land(p, st, rng, rec, t, near, near_crit, far, far_crit, scald)


def land(p: Params, st: list[int], rng: list[int], rec: Recorder | None, t: int, near: int,
         near_crit: int, far: int, far_crit: int, scald: int) -> None:
    """A volley's damage reaching ship t (`near`: Close Action's, which Point Defence meets),
    then the saves (seed step 5) and any ship at 0 Hull destroyed; also a hit at the table
    (systems/dropfleet/game.py)."""
    if near + near_crit > 0:
        pd = point_defence(p, st, t)
        if pd > 0:
            got = pd_successes(rng, rec, pd)
            normal_need, crit_need = save_needs(p, st, t, scald)
            blocked, blocked_crit = pd_block(got, near, near_crit, normal_need, crit_need)
            emit(rec, (EV_PD, t, pd, got, blocked, blocked_crit))
            near -= blocked
            near_crit -= blocked_crit
    if near + far + near_crit + far_crit > 0:
        take(p, st, rng, rec, t, near + far, near_crit + far_crit, scald, C_FIRE)
    settle(p, st, rng, rec)


def can_fire(p: Params, st: list[int], unit: int, target: int, k: int, s: int, not_sys: int,
             not_alt: int) -> int:
    """1 when a user's commander named a system this ship may fire now."""
    if s < 0 or s >= nsys(p, unit) or s == not_sys or st[p.o_lost + k * p.smax + s] == 1:
        return 0
    if sysf(p, unit, target, s, Y_VALUE) <= 0:
        return 0
    if not_alt > 0 and sysf(p, unit, target, s, Y_ALT) == not_alt:
        return 0
    return 1


def choose_shields(p: Params, st: list[int], rec: Recorder | None, unit: int, turn: int) -> None:
    """Shields are chosen with the special orders, when the group's battlegroup activates (and
    once before the first turn), ship by ship, against the enemy's fire as it stands now
    (R9)."""
    if fig(p, unit, T_SHIELDS) == 0:
        return
    for i in range(count(p, unit)):
        k = unit * p.g + i
        if st[k * NF + S_ALIVE] == 0:
            continue
        up = ask(rec, side_of(p, unit), Q_SHIELDS, (turn, k, st), raise_shields(p, st, unit))
        raised = 1 if up == 1 else 0
        if raised != st[k * NF + S_SHIELDS]:
            st[k * NF + S_SHIELDS] = raised
            emit(rec, (EV_SHIELDS, k, raised))


def enemy_place(p: Params, side: int, k: int) -> int:
    """Ship k's place among the enemy ships of `side`, in their fleet order."""
    place = 0
    for unit in range(k // p.g):
        if side_of(p, unit) != side:
            place += count(p, unit)
    return place + k % p.g


def enemy_ship(p: Params, st: list[int], side: int, place: int) -> int:
    """The enemy ship of `side` at `place` in the enemy's fleet order, if it is in the fight;
    else -1."""
    for unit in range(p.units):
        if side_of(p, unit) == side:
            continue
        if 0 <= place < count(p, unit):
            k = unit * p.g + place
            return k if st[k * NF + S_ALIVE] == 1 else -1
        place -= count(p, unit)
    return -1


def activate(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
             unit: int, turn: int) -> None:
    """A group's activation (its shields chosen with its battlegroup's orders, R9): each ship in
    turn fires its weapon systems (one, two for a Dreadnought, R4), and the crippling its fire
    caused is rolled at the end of that ship's activation, before its next mate fires
    (R13)."""
    side = side_of(p, unit)
    for i in range(count(p, unit)):
        k = unit * p.g + i
        if st[k * NF + S_ALIVE] == 0:
            continue
        if st[k * NF + S_OFFLINE] == 1:
            st[k * NF + S_OFFLINE] = 0
            emit(rec, (EV_OFFLINE, k))
            continue
        fired = -1
        for shot in range(fig(p, unit, T_SYSTEMS)):
            t = pick_target(p, st, side)
            if t < 0:
                break
            named = enemy_ship(p, st, side,
                               ask(rec, side, Q_TARGET, (turn, k, shot, st),
                                   enemy_place(p, side, t)))
            if named >= 0:
                t = named
            target = t // p.g
            not_alt = sysf(p, unit, target, fired, Y_ALT) if fired >= 0 else 0
            up = st[t * NF + S_SHIELDS]
            s = best_system(p, st, unit, target, k, not_alt, fired, up)
            s = ask(rec, side, Q_SYSTEM, (turn, k, shot, t, fired, not_alt, st), s)
            if can_fire(p, st, unit, target, k, s, fired, not_alt) == 0:
                s = best_system(p, st, unit, target, k, not_alt, fired, up)
            if s < 0:
                if shot == 0:
                    emit(rec, (EV_NOTHING, k))
                break
            fire_system(p, st, rng, rec, unit, k, s, t)
            fired = s
        resolve_crippling(p, st, rng, rec)


# --- the Roundup and Clean-Up ---------------------------------------------------------------


def dc_result(roll: int) -> int:
    """The damage control table: 1 one Hull and not repaired, 2-3 not yet, 4-6 repaired."""
    if roll == 1:
        return DC_HURT
    return DC_REPAIRED if roll >= REPAIRED_ON else DC_NOT_YET


def repair(p: Params, st: list[int], rng: list[int], rec: Recorder | None, k: int,
           effect: int, field: int, row: int) -> None:
    """One damage-control die for one effect, counted on the ship's `field`: a success takes
    one off it (a containment failure needs two, S8). The event tells what is left to repair
    and, for a result with no effect in a duel, which crippling row it is."""
    roll = die(rng, 6)
    result = dc_result(roll)
    base = k * NF
    if result == DC_REPAIRED:
        st[base + field] -= 1
    emit(rec, (EV_REPAIR, k, effect, roll, result, st[base + field], row))
    if result == DC_HURT:
        hurt(p, st, rec, k, 1, C_REPAIR)


def damage_control(p: Params, st: list[int], rng: list[int], rec: Recorder | None, k: int) -> None:
    """A die for every repairable effect, the ones with no effect in a duel too (R16); a
    containment failure needs two successes (S8)."""
    base = k * NF
    for _ in range(st[base + S_FIRES]):
        if st[base + S_DYING] == 1:
            return
        repair(p, st, rng, rec, k, E_FIRE, S_FIRES, 0)
    for _ in range((st[base + S_ACF] + 1) // 2):
        if st[base + S_DYING] == 1:
            return
        repair(p, st, rng, rec, k, E_ACF, S_ACF, 0)
    for slot in range(len(INERT_ROWS)):
        for _ in range(st[base + S_INERT + slot]):
            if st[base + S_DYING] == 1:
                return
            repair(p, st, rng, rec, k, E_INERT, S_INERT + slot, INERT_ROWS[slot])
    if st[base + S_DECAY] == 1 and st[base + S_DYING] == 0:
        repair(p, st, rng, rec, k, E_DECAY, S_DECAY, 0)


def roundup(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
            turn: int) -> None:
    """Fires and containment failures, damage control, orbital decay; then the Clean-Up's
    primary core leaks (R17). Crippling caused here is rolled at the end of each step."""
    emit(rec, (EV_ROUNDUP, turn))
    for k in range(p.units * p.g):
        base = k * NF
        if st[base + S_ALIVE] == 1:
            hurt(p, st, rec, k, st[base + S_FIRES] + 2 * ((st[base + S_ACF] + 1) // 2),
                 C_BURNING)
    settle(p, st, rng, rec)
    resolve_crippling(p, st, rng, rec)
    for k in range(p.units * p.g):
        if st[k * NF + S_ALIVE] == 1:
            damage_control(p, st, rng, rec, k)
    settle(p, st, rng, rec)
    resolve_crippling(p, st, rng, rec)
    for k in range(p.units * p.g):
        base = k * NF
        if st[base + S_ALIVE] == 1 and st[base + S_DECAY] == 1 and \
                st[base + S_LAYER] < ATMOSPHERE:
            st[base + S_LAYER] += 1
            emit(rec, (EV_DECAY, k, st[base + S_LAYER]))
            if st[base + S_LAYER] == ATMOSPHERE and fig(p, k // p.g, T_ATMOS) == 0:
                st[base + S_ALIVE] = 0
                st[base + S_FATE] = F_DECAY
                emit(rec, (EV_DESTROYED, k, D_DECAY))
    for k in range(p.units * p.g):
        base = k * NF
        if st[base + S_ALIVE] == 1:
            hurt(p, st, rec, k, 3 * st[base + S_LEAK], C_LEAK)
    settle(p, st, rng, rec)
    resolve_crippling(p, st, rng, rec)


# --- the duel --------------------------------------------------------------------------------


def side_alive(p: Params, st: list[int], side: int) -> int:
    for unit in range(p.units):
        if side_of(p, unit) != side:
            continue
        for i in range(count(p, unit)):
            if st[(unit * p.g + i) * NF + S_ALIVE] == 1:
                return 1
    return 0


def outcome(p: Params, st: list[int]) -> int:
    """An end code, or -1 while both sides are in the fight."""
    a = side_alive(p, st, 0)
    b = side_alive(p, st, 1)
    if a == 0 and b == 0:
        return BOTH_LOST
    if b == 0:
        return A_WINS
    if a == 0:
        return B_WINS
    return -1


def dealt(p: Params, st: list[int], side: int) -> int:
    """Hull the side's enemy lost."""
    total = 0
    for unit in range(p.units):
        if side_of(p, unit) == side:
            continue
        for i in range(count(p, unit)):
            total += fig(p, unit, T_HULL) - st[(unit * p.g + i) * NF + S_HULL]
    return total


def armed(p: Params, side: int) -> int:
    """1 when a group of the side has a weapon system that bears on an enemy group."""
    for unit in range(p.units):
        if side_of(p, unit) != side:
            continue
        for target in range(p.units):
            if side_of(p, target) == side:
                continue
            for s in range(nsys(p, unit)):
                if sysf(p, unit, target, s, Y_VALUE) > 0:
                    return 1
    return 0


def initiative(rng: list[int], rec: Recorder | None, turn: int) -> int:
    """R1: both roll a D6 each turn, again on a tie; the higher activates first."""
    a = die(rng, 6)
    b = die(rng, 6)
    while a == b:
        a = die(rng, 6)
        b = die(rng, 6)
    first = 0 if a > b else 1
    emit(rec, (EV_TURN, turn, first, a, b))
    return first


def battlegroups(p: Params, side: int) -> int:
    """How many battlegroups the side has (B1: numbered from 0 in fleet order)."""
    n = 0
    for unit in range(p.units):
        if side_of(p, unit) == side and unitf(p, unit, U_BG) >= n:
            n = unitf(p, unit, U_BG) + 1
    return n


def battlegroup_left(p: Params, st: list[int], side: int, bg: int) -> int:
    """1 when a ship of the side's battlegroup `bg` is still in the fight (B2)."""
    for unit in range(p.units):
        if side_of(p, unit) == side and unitf(p, unit, U_BG) == bg and \
                unit_alive(p, st, unit) == 1:
            return 1
    return 0


def next_battlegroup(p: Params, st: list[int], rec: Recorder | None, side: int,
                     done: list[int], turn: int) -> int:
    """B2, B10: the side's battlegroup to activate next: the first in fleet order with a ship
    still in the fight and not yet activated this turn (the default commander), or of two or
    more such, the one a user's commander names; -1 when the side has none left."""
    first, left = -1, 0
    for bg in range(battlegroups(p, side)):
        if done[side * p.bgs + bg] == 0 and battlegroup_left(p, st, side, bg) == 1:
            left += 1
            if first < 0:
                first = bg
    if left < 2:
        return first
    chosen = ask(rec, side, Q_BATTLEGROUP, (turn, done, st), first)
    if 0 <= chosen < battlegroups(p, side) and done[side * p.bgs + chosen] == 0 and \
            battlegroup_left(p, st, side, chosen) == 1:
        return chosen
    return first


def activate_battlegroup(p: Params, st: list[int], rng: list[int], rec: Recorder | None,
                         side: int, bg: int, turn: int) -> None:
    """The side's battlegroup `bg` chooses its special orders, and with them every ship of it
    its shields (the seed: "at the same time that special orders are chosen for a
    Battlegroup", R9); then it activates its groups in fleet order."""
    for unit in range(p.units):
        if side_of(p, unit) == side and unitf(p, unit, U_BG) == bg:
            choose_shields(p, st, rec, unit, turn)
    for unit in range(p.units):
        if side_of(p, unit) == side and unitf(p, unit, U_BG) == bg:
            activate(p, st, rng, rec, unit, turn)


def harmful(p: Params, st: list[int], side: int) -> int:
    """1 when a ship of the side still in the fight has a weapon system, not lost, that bears
    on an enemy group with a ship still in the fight (B7)."""
    for unit in range(p.units):
        if side_of(p, unit) != side:
            continue
        for target in range(p.units):
            if side_of(p, target) == side or unit_alive(p, st, target) == 0:
                continue
            for i in range(count(p, unit)):
                k = unit * p.g + i
                if st[k * NF + S_ALIVE] == 0:
                    continue
                for s in range(nsys(p, unit)):
                    if sysf(p, unit, target, s, Y_VALUE) > 0 and \
                            st[p.o_lost + k * p.smax + s] == 0:
                        return 1
    return 0


def unit_alive(p: Params, st: list[int], unit: int) -> int:
    for i in range(count(p, unit)):
        if st[(unit * p.g + i) * NF + S_ALIVE] == 1:
            return 1
    return 0


def fates(p: Params, st: list[int]) -> list[int]:
    """Every ship's fate in fleet order, side A's first (B9): survived, survived crippled, or
    how it was lost (state.F_*)."""
    n = 0
    for unit in range(p.units):
        n += count(p, unit)
    out = [0] * n
    n = 0
    for unit in range(p.units):
        for i in range(count(p, unit)):
            base = (unit * p.g + i) * NF
            if st[base + S_ALIVE] == 1:
                out[n] = CRIPPLED if st[base + S_CRIPPLED] == 1 else SURVIVED
            else:
                out[n] = st[base + S_FATE]
            n += 1
    return out


def play(p: Params, rng: list[int], rec: Recorder | None
         ) -> tuple[int, int, int, int, list[int]]:
    st = p.data[p.o_ships:].copy()
    if armed(p, 0) == 0 and armed(p, 1) == 0:
        return HARMLESS, 1, 0, 0, fates(p, st)
    for unit in range(p.units):
        choose_shields(p, st, rec, unit, 0)
    done = [0] * (2 * p.bgs)  # by side and battlegroup: 1 once it activated this turn
    for turn in range(1, p.cap + 1):
        first = initiative(rng, rec, turn)
        for i in range(2 * p.bgs):
            done[i] = 0
        # battlegroups activate alternately from the winner's; a side with none left waits
        for _ in range(p.bgs):
            for order in range(2):
                side = first if order == 0 else 1 - first
                bg = next_battlegroup(p, st, rec, side, done, turn)
                if bg >= 0:
                    done[side * p.bgs + bg] = 1
                    activate_battlegroup(p, st, rng, rec, side, bg, turn)
                    end = outcome(p, st)
                    if end >= 0:
                        return end, turn, dealt(p, st, 0), dealt(p, st, 1), fates(p, st)
        roundup(p, st, rng, rec, turn)
        end = outcome(p, st)
        if end < 0 and harmful(p, st, 0) == 0 and harmful(p, st, 1) == 0:
            end = HARMLESS
        if end >= 0:
            return end, turn, dealt(p, st, 0), dealt(p, st, 1), fates(p, st)
    return CAP, p.cap, dealt(p, st, 0), dealt(p, st, 1), fates(p, st)


def fights(p: Params, seed: int, first: int, count: int, rng: list[int], out: object) -> None:
    for k in range(count):
        seed_stream(rng, derive_seed(seed, first + k))
        end, rounds, a, b, lost = play(p, rng, None)
        store(out, k, end, rounds, a, b, rng)
        store_fates(out, k, lost)
