"""The fight's state as numbers: field indices, event and end codes, and the parameters a fight
starts from (setup.py fills them; rules.py and commander.py read them, compiled or not).

Mutable state is flat (a ship's field f is `st[ship * NF + f]`), so that copying it from the
parameters copies it (a list of lists would copy only its outer list).
"""

from __future__ import annotations

from typing import NamedTuple

# a ship's state: st[ship * NF + field]; ship = unit * g + place in the group, where a unit is
# one group of one design (a duel has two: unit 0 is side A's group, unit 1 side B's)
S_HULL = 0  # Hull left
S_ALIVE = 1  # 1 in the duel, 0 destroyed or removed (or padding)
S_DYING = 2  # at 0 Hull, its catastrophic damage not yet rolled
S_PENDING = 3  # crippling rolls owed (rolled at the end of the activation or step, R13)
S_PASSED = 4  # crippling thresholds passed
S_CRACK = 5  # Armour Cracked results (+2 to the save each)
S_FIRES = 6  # Fire markers (1 Hull each Roundup, repairable)
S_ACF = 7  # damage-control successes still needed against containment failures (2 each)
S_INERT = 8  # repairable results with no effect in a duel (R16), rolled for all the same:
# three counters, one a row of INERT_ROWS (S_INERT + slot), so damage control names the result
S_DECAY = 11  # Orbital Decay (one marker, repairable: S7)
S_LAYER = 12  # 0 high orbit, 1 low orbit, 2 atmosphere
S_OFFLINE = 13  # Weapons Offline: fires nothing at its next activation
S_LEAK = 14  # Primary Core Leaks (3 Hull each Clean-Up)
S_SHIELDS = 15  # shields raised (until its next activation)
S_CRIPPLED = 16  # crippled (for the narrator and the card)
S_FATE = 17  # how it left the fight (F_*), once it has
NF = 18

# the crippling rows that are repairable and do nothing in a duel (R16): on the normal table
# Energy Surges, Scanners Offline, Engines Disabled; on the Dreadnought table its rows 2 and 3
# (Power Fluctuations, Scanners Damaged) - its row 6 (Engine Destroyed) is not repairable
INERT_ROWS = (2, 3, 6)

HIGH, LOW, ATMOSPHERE = 0, 1, 2

# a unit's fixed figures: stat[unit][field]
T_HULL = 0
T_ARMOUR = 1  # the save's number, 2..6
T_PASSIVE = 2  # 0: none
T_PD = 3
T_PD_UP = 4  # Point Defence with shields raised (0 for Shaltari: D3)
T_SHIELDS = 5  # 1: its passive save works only with shields raised; 0: always on (or none)
T_CRIP1 = 6  # Hull left at which it is crippled; -1 never
T_CRIP2 = 7  # a Dreadnought's second threshold; -1 none
T_DREAD = 8
T_CAT_BONUS = 9  # +1 at starting Hull 10 or more
T_RADIUS = 10  # 0 no catastrophic roll; else the sides of the radius die (3 or 6)
T_ATMOS = 11  # the Atmospheric rule
T_ABLATIVE = 12
T_SYSTEMS = 13  # weapon systems an activation: 1, or 2 for a Dreadnought
NT = 14

# a weapon line against a target unit: lines[(unit * units + target) * lmax + line][field]
L_LOCK = 0  # 2..6 (a `*` Lock already read as the target's Armour)
L_ATT_N = 1  # Attack: N dice of L_ATT_S sides + L_ATT_B, or N itself when L_ATT_S is 0
L_ATT_S = 2
L_ATT_B = 3
L_DMG_N = 4
L_DMG_S = 5
L_DMG_B = 6
L_CRIT_ON = 7  # a hit rolling this or more is critical; 0: every hit (Particle); 7: none
L_CA = 8  # Close Action: Point Defence works against it
L_SCALD = 9
L_BURN = 10  # Burnthrough (X): X, else 0
L_EXTRA = 11  # Fusillade attacks added in this duel
L_MOUNTS = 12
L_BEARS = 13  # 1 when its arc bears in this duel's geometry and range band
NL = 14

# a weapon system against a target unit: systems[(unit * units + target) * smax + system][field];
# its lines are contiguous
Y_FIRST = 0
Y_LINES = 1
Y_ALT = 2  # Alt group (0: none)
Y_VALUE = 3  # expected Hull lost x1000 by a fresh enemy with its shields down; 0: cannot
Y_VALUE_UP = 4  # ... with its shields raised (R9, R10)
Y_SCALD = 5
NY = 6

# events: (code, ...) - the narrator (narrate.py) reads them
EV_TURN = 1  # turn, first side, roll a, roll b
EV_SHIELDS = 2  # ship, up
EV_OFFLINE = 3  # ship
EV_FIRE = 4  # ship, system, target
EV_ROLL = 5  # what, die, success
EV_LINE = 6  # ship, line, attacks, hits, crits, normal points, critical points, Lock
EV_PD = 7  # target, dice, successes, normal blocked, critical blocked
EV_SAVES = 8  # target, normal, need, saved, critical, need, saved
EV_HULL = 9  # ship, lost, left, cause
EV_CRIPPLED = 10  # ship, threshold
EV_CRIPPLING = 11  # ship, dreadnought, section die, result die, row, extra
EV_DESTROYED = 12  # ship, cause
EV_CATASTROPHIC = 13  # ship, die, bonus, row, radius, dreadnought
EV_BLAST = 14  # ship hit, from ship, row, distance (rules.apart's measure)
EV_REPAIR = 15  # ship, effect, die, result, successes still needed after it, crippling row
EV_DECAY = 16  # ship, new layer
EV_SYSTEM_LOST = 17  # ship, system
EV_NOTHING = 18  # ship: no weapon system can fire
EV_ROUNDUP = 19  # turn
EV_IGNITED = 20  # ship, fires gained (Immolation, S9)

# what an EV_ROLL die was for
R_ATTACK, R_DAMAGE, R_PD, R_SAVE, R_CRIT_SAVE, R_ATTACKS = 1, 2, 3, 4, 5, 6
# causes of Hull loss
C_FIRE, C_CRIPPLING, C_BLAST, C_BURNING, C_REPAIR, C_LEAK = 1, 2, 3, 4, 5, 6
# why a ship left the duel
D_HULL, D_DECAY, D_RENT = 1, 2, 3
# damage-control effects
E_FIRE, E_ACF, E_INERT, E_DECAY = 1, 2, 3, 4
# outcomes of a damage-control die
DC_HURT, DC_NOT_YET, DC_REPAIRED = 1, 2, 3

# catastrophic rows (normal table): burn up, blazing wreck, shredded, explosion, radiation,
# distortion; (Dreadnought table): fiery descent, immolation, superstructure, magazine, rent
CAT_BURN, CAT_BLAZE, CAT_SHRED, CAT_EXPLOSION, CAT_RADIATION, CAT_DISTORTION = range(6)
DCAT_FIERY, DCAT_IMMOLATION, DCAT_SUPERSTRUCTURE, DCAT_MAGAZINE, DCAT_RENT = range(6, 11)

# a unit: units[unit][field]
U_SIDE = 0  # 0 side A, 1 side B
U_COUNT = 1  # ships in the group
U_NSYS = 2  # weapon systems of its design
U_BG = 3  # its battlegroup's place among its side's (they activate in this order)
U_X = 4  # where it stands along its side's line, in half inches from the line's middle (B4)
NU = 5

A_WINS, B_WINS, BOTH_LOST, HARMLESS, CAP = 0, 1, 2, 3, 4

# how a ship was lost (a battle's per-ship fates, from the core's FIRST_LOST; B9): by the
# enemy's fire, by an explosion, by its own damage (fire, crippling, core leak, damage control),
# by orbital decay into atmosphere, or removed by a space-time rent
F_FIRE, F_BLAST, F_OWN, F_DECAY, F_RENT = 3, 4, 5, 6, 7
SURVIVED, CRIPPLED = 0, 1  # the core's fates (core/pattern.py), as the compiled rules read them


ROWS = 9  # rows of a crippling table


class Params(NamedTuple):
    """One fight's terms and every group, as numbers (setup.py). Every figure lives in one flat
    list, `data`, so that the compiled rules pass one array, not ten, from call to call: the
    units' figures (units x NT), weapon lines (units x units x lmax x NL: a line read against
    each target unit, R8's Lock and Calibre depend on it), weapon systems (units x units x smax
    x NY), the crippling tables' extra Hull and Orbital Decay (2 x ROWS each), the units
    (units x NU), and last the ships' state at the start (units x g x NF) followed by their lost
    weapon systems (units x g x smax), which a fight copies as its own state."""

    data: list[int]
    units: int  # groups in the fight, side A's first
    g: int  # places a unit holds in the ship state (the largest group)
    lmax: int
    smax: int
    bgs: int  # battlegroups of the side with the most
    o_lines: int  # where each part starts in `data`
    o_systems: int
    o_extra: int
    o_decay: int
    o_units: int
    o_ships: int
    o_lost: int  # where the lost systems start in a fight's own state (units x g x NF)
    enemy_inches: int  # between the two sides' lines (R2, B4)
    mate_inches: int  # between group mates (R6)
    group_inches: int  # along a side's line, between groups of one battlegroup (B4)
    bg_inches: int  # along a side's line, between battlegroups (B4)
    cap: int
