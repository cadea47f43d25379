"""A ship in a fight as numbers: what never changes (`Params`, made once by prepare.py) and what
the fight changes (`State`: one flat int array, both ships and both sides' components), with
every value the rules read (Speed, Manoeuvrability, Armour, ...) computed from the working
components, so a struck component loses its effect at once (R18)."""

from __future__ import annotations

from typing import NamedTuple

from shipyard.systems.rogue_trader.combat.geometry import beyond, half_up, within

# a ship's changing numbers (from ship(i) in the state): her tracks, Hull Integrity lost, why
# she is out, critical results, where she is, whether she failed to break free (BFF), the ship
# she is locked with in a boarding action (LOCK, −1 none) and whether she boarded (BOARDER),
# the enemy her captain has chosen (TARGET), and the drive blast she is yet to give (BLAST)
HULL, CREW, MORALE, TAKEN, OUT, SENSORS, THRUSTERS, CANNOT_TURN = 0, 1, 2, 3, 4, 5, 6, 7
ENGINES_HALVED, ENGINES_WRECKED, FACING, XP, XQ, YP, YQ, BFF = 8, 9, 10, 11, 12, 13, 14, 15
LOCK, BOARDER, TARGET, BLAST, SINCE = 16, 17, 18, 19, 20  # SINCE: the round her lock began
SHIP_FIELDS = 21
MAX_SHIPS = 32  # ships in a battle, both sides (the initiative order's room in the state)
# why a ship is out (R15); also the reason of a fight's end code
OUT_CREW, OUT_HULKED, OUT_EXPLODED, OUT_WARP, OUT_SURRENDERED = 1, 2, 3, 4, 5
# a component's state, as bits: any of them and it does not work (R18)
DAMAGED, DEPRESSURISED, ON_FIRE, UNPOWERED, DESTROYED = 1, 2, 4, 8, 16

# a side's fixed numbers (Params.stat, STAT_FIELDS a side)
S_SPEED, S_MAN, S_DETECTION, S_ARMOUR, S_TURRETS, S_TURN, S_RATING, S_GUNNERY = range(8)
S_HELM, S_COMMAND, S_TACTIC, S_SURPRISED, S_SIMPLE, S_PARTS, S_WORTH = range(8, 15)
S_SIDE = 15  # her side: 0 (A) or 1 (B)
STAT_FIELDS = 16
TACTIC_GUNNERY, TACTIC_RAM, TACTIC_BOARD = 0, 1, 2
# component kinds (Params.kind)
K_OTHER, K_DRIVE, K_WARP, K_BRIDGE, K_AUGUR = 0, 1, 2, 3, 4
# a component's modifiers (Params.mods)
M_SPEED, M_MAN, M_DETECTION, M_ARMOUR, M_PROW, M_TURRETS, M_HULL, M_CREW = range(8)
M_BS, M_COMMAND, M_BOARDING, M_BOARDING_DEFENCE, M_MACRO_DAMAGE, M_FIRE_FIGHTING = range(8, 14)
M_MORALE = 14
MODIFIERS = 15
# a weapon (Params.gun): its kind (0: not a weapon), arcs, Strength, Damage dice, ...
G_KIND, G_ARCS, G_STRENGTH, G_COUNT, G_SIDES, G_BONUS, G_CRIT, G_REACH = range(8)
G_MIN, G_STEP, G_TO_HIT, G_CAPACITY, G_VALUE = range(8, 13)
GUN_FIELDS = 13
GUN_MACRO, GUN_LANCE, GUN_TORPEDO, GUN_BAY, GUN_NOVA = 1, 2, 3, 4, 5
# one weapon's attack in the shots area (Params.at_shots; its gun's figures copied, so debris
# is an attack too)
SH_PART, SH_HITS, SH_LANDED, SH_CRIT, SH_KIND, SH_COUNT, SH_SIDES, SH_BONUS, SH_VALUE = range(9)
SHOT_FIELDS = 9
# rows of the state from Params.at_parts (`width` numbers each, row(p, ...)): each ship's
# component states; what each ship knows of each other's components (known(p, owner, knower));
# torpedoes left (−1: no limit); scratch; the order of the shots given to the shields; the
# burning parts; the enemy each of the shooter's weapons fires at (P_AIM)
P_STATES, P_KNOWN, P_TORPEDOES, P_SCRATCH, P_ORDER, P_BURNING, P_AIM = 0, 1, 2, 3, 4, 5, 6
# the fight's own numbers, first in the state: the ROUND; CALM rounds without loss or boarding
# action, TRACKS every ship's Hull Integrity, Crew Population and Morale summed when last
# counted, APART rounds beyond every weapon's reach with no attack made (the declared
# endings, R25-R27); the OUT code of each side's last ship out of the fight (LAST_OUT + side);
# FOUGHT, whether any ship attacked an enemy this round (fired, launched, rammed or tried to
# board: R25's "neither is fighting"); the initiative ORDER (MAX_SHIPS ships)
ROUND, CALM, TRACKS, APART, LAST_OUT, FOUGHT = 0, 1, 2, 3, 4, 6
ORDER = 8
MISC_FIELDS = ORDER + MAX_SHIPS
# each ship's modifiers summed over her working components (M_...), then whether her plasma
# drive and her augur arrays all work (1) or not (0); her working, loaded weapons: what they
# are worth (Strength × worth, whole and halved for a Crippled ship), which they are (bit
# 1 + part each, parts 0-61: the memo's key, off past 30 parts), how many and the farthest
# any reaches (VU); and how many of her components burn:
# from Params.at_mods, kept current by `changed` whenever a component's state changes or a
# torpedo tube runs dry, so the rules read a sum instead of adding it up again (R18)
M_DRIVES, M_AUGURS = MODIFIERS, MODIFIERS + 1
M_WORTH, M_WORTH_CRIPPLED, M_GUNS, M_LOADED, M_REACH = range(MODIFIERS + 2, MODIFIERS + 7)
M_BURNING = MODIFIERS + 7
MOD_FIELDS = MODIFIERS + 8
# compiled into their callers: a call handing the state pays a reference count per array
INLINE = ("ship", "row", "states", "known", "torpedoes", "scratch", "working", "armed", "strength",
          "in_reach", "gun_bears", "mod", "augurs_working", "speed", "offset", "between",
          "side_of", "in_fight")


class Params(NamedTuple):
    """What never changes in a fight: both ships' figures and the table's numbers, all in one
    array (`data`) at the offsets `o_...`: a compiled call pays a reference count for every
    array it is handed, so the rules hand one. Tables run side by side, part by part."""

    cap: int
    ships: int  # in the battle, both sides (a duel: 2)
    contact: int
    disengaged_after: int  # rounds beyond every weapon's reach before the GM calls it (R25)
    stalemate_after: int  # rounds without loss or boarding action before she does (R26)
    width: int  # parts a side (the larger ship's count)
    rams: int  # ramming dice a side
    hits: int  # room for every hit or shield of an attack (and the captain's places)
    data: list[int]
    o_stat: int  # [ship · STAT_FIELDS + S_...]
    o_kind: int  # [ship · width + part]
    o_shields: int  # void shields a part gives
    o_fails_on: int  # a hit goes through on d10 ≤ this; −1 never
    o_mods: int  # [(side · width + part) · MODIFIERS + M_...]
    o_gun: int  # [(side · width + part) · GUN_FIELDS + G_...]
    o_ram: int  # [(side · rams + k) · 3]: ramming dice (count, sides, bonus)
    o_chart: int  # the Critical Hit chart's result for 1..11
    o_volley: int  # [ship · ships + enemy]: her best volley on that enemy, in thousandths of
    # Hull Integrity (the default captain's estimate, orders.scaled)
    o_bridge: int  # [ship] the bridge's part, −1 none
    o_fire_crew: int  # R11's dice (count, sides, bonus)
    o_fire_morale: int
    # the default captain's manoeuvres, remembered (orders.manoeuvre): the one part of `data`
    # that fills as fights are played, a cache of a pure function, so it changes no fight
    # (kept in `data`: every array a compiled call is handed costs it a reference count)
    o_memo: int
    memo_slots: int  # 0: nothing remembered, every manoeuvre searched
    o_start: int  # the state as a fight starts (`size` numbers)
    size: int
    # where the state's scratch areas begin (after PARTS): the shots of an attack
    # (SHOT_FIELDS each), the hits the shields may take (and the captain's places), the void
    # shields' charges, the captain's view of both sides' guns (orders.load)
    at_mods: int  # each ship's modifiers (MOD_FIELDS each)
    at_parts: int  # the rows of one number a component (P_...)
    at_shots: int
    at_pool: int
    at_charges: int
    at_guns: int
    surprise_bonus: int
    sensors_damaged: int
    turret_bonus: int
    simplified_hulk_below: int
    thrusters_damaged: int
    fire_test: int
    ram_test: int
    board_test: int
    break_free_test: int
    break_free_penalty: int
    boarding_crew_step: int
    boarding_hull_step: int
    boarding_per_step: int
    boarding_per_turret: int
    crippled_man: int
    crippled_detection: int


# What a fight changes, in one array (every array a compiled call is handed costs it a
# reference count in and out): the fight's own numbers (MISC_FIELDS, from 0), every ship's
# (SHIP_FIELDS each), her modifiers (Params.at_mods), rows of one number a component
# (Params.at_parts), then the scratch areas (Params.at_...).
State = list[int]


def new_state(p: Params) -> State:
    return p.data[p.o_start : p.o_start + p.size].copy()


def restart(p: Params, s: State) -> None:
    """The state as a fight starts, on a state a fight has used: all but the scratch areas
    (from Params.at_shots), which every rule writes before it reads them, so a series does
    not make or copy them afresh for every fight."""
    s[:p.at_shots] = p.data[p.o_start:p.o_start + p.at_shots]


def tracks(p: Params, s: State) -> int:
    """Every ship's Hull Integrity, Crew Population and Morale, summed: any loss changes it."""
    total = 0
    for i in range(p.ships):
        total += s[ship(i) + HULL] + s[ship(i) + CREW] + s[ship(i) + MORALE]
    return total


def ship(side: int) -> int:
    """Where the numbers of ship `side` (0, 1, ... in the battle's order) begin in the state."""
    return MISC_FIELDS + side * SHIP_FIELDS


def row(p: Params, which: int) -> int:
    """Where row `which` of the per-component numbers begins in the state."""
    return p.at_parts + which * p.width


def states(p: Params, side: int) -> int:
    return row(p, P_STATES * p.ships + side)


def known(p: Params, side: int, knower: int) -> int:
    """Which of ship `side`'s components ship `knower` knows of (the seed: per pair)."""
    return row(p, P_KNOWN * p.ships + side * p.ships + knower)


def torpedoes(p: Params, side: int) -> int:
    return row(p, (P_TORPEDOES + p.ships - 1) * p.ships + side)


def scratch(p: Params, side: int) -> int:
    return row(p, (P_SCRATCH + p.ships - 1) * p.ships + side)


def shared_row(p: Params, which: int) -> int:
    """The rows after every ship's: P_ORDER, P_BURNING, P_AIM."""
    return row(p, (P_SCRATCH + p.ships) * p.ships + which - P_ORDER)


def rows(ships: int) -> int:
    """How many rows of one number a component a battle of `ships` ships has."""
    return (P_SCRATCH + ships) * ships + 3


def working(p: Params, s: State, side: int, part: int) -> bool:
    return s[states(p, side) + part] == 0


def mod(p: Params, s: State, side: int, which: int) -> int:
    """A modifier summed over the working components (R18), as `changed` last summed it."""
    return s[p.at_mods + side * MOD_FIELDS + which]


def changed(p: Params, s: State, side: int) -> None:
    """Sum her modifiers and weigh her weapons again after a component of hers changed state
    or a torpedo tube of hers ran dry (every rule that changes one calls this at once, before
    anything reads a modifier or her weapons)."""
    found = states(p, side)
    data = p.data
    out = p.at_mods + side * MOD_FIELDS
    for which in range(MOD_FIELDS):
        s[out + which] = 0
    s[out + M_DRIVES] = 1
    s[out + M_AUGURS] = 1
    loaded = torpedoes(p, side)
    for part in range(data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        kind = data[p.o_kind + side * p.width + part]
        if s[found + part] & ON_FIRE:
            s[out + M_BURNING] += 1
        if s[found + part] != 0:
            if kind == K_DRIVE:
                s[out + M_DRIVES] = 0
            elif kind == K_AUGUR:
                s[out + M_AUGURS] = 0
            continue
        g = p.o_gun + (side * p.width + part) * GUN_FIELDS
        if data[g + G_KIND] != 0 and s[loaded + part] != 0:
            s[out + M_WORTH] += data[g + G_STRENGTH] * data[g + G_VALUE]
            s[out + M_WORTH_CRIPPLED] += half_up(data[g + G_STRENGTH]) * data[g + G_VALUE]
            s[out + M_GUNS] |= 2 << part if part < 62 else 0
            s[out + M_LOADED] += 1
            s[out + M_REACH] = max(s[out + M_REACH], data[g + G_REACH])
        at = p.o_mods + (side * p.width + part) * MODIFIERS
        for which in range(MODIFIERS):
            s[out + which] += data[at + which]


def augurs_working(p: Params, s: State, side: int) -> bool:
    """Without a working augur array she is as blind as with Sensors Damaged (R18)."""
    return s[p.at_mods + side * MOD_FIELDS + M_AUGURS] == 1


def speed(p: Params, s: State, side: int) -> int:
    if s[p.at_mods + side * MOD_FIELDS + M_DRIVES] == 0:
        return 0  # R18: she drifts where she lies, turning on her thrusters
    me = ship(side)
    value = max(0, p.data[p.o_stat + side * STAT_FIELDS + S_SPEED] + mod(p, s, side, M_SPEED))
    if s[me + HULL] <= 0:
        value = half_up(value)
    for _ in range(s[me + ENGINES_HALVED]):
        value = half_up(value)
    return min(value, 1) if s[me + ENGINES_WRECKED] else value


def manoeuvrability(p: Params, s: State, side: int) -> int:
    me = ship(side)
    value = p.data[p.o_stat + side * STAT_FIELDS + S_MAN] + mod(p, s, side, M_MAN)
    value -= s[me + THRUSTERS]
    return value + (p.crippled_man if s[me + HULL] <= 0 else 0)


def detection(p: Params, s: State, side: int) -> int:
    value = p.data[p.o_stat + side * STAT_FIELDS + S_DETECTION] + mod(p, s, side, M_DETECTION)
    return value + (p.crippled_detection if s[ship(side) + HULL] <= 0 else 0)


def armour(p: Params, s: State, side: int) -> int:
    return p.data[p.o_stat + side * STAT_FIELDS + S_ARMOUR] + mod(p, s, side, M_ARMOUR)


def prow_armour(p: Params, s: State, side: int) -> int:
    return armour(p, s, side) + mod(p, s, side, M_PROW)


def turrets(p: Params, s: State, side: int) -> int:
    return p.data[p.o_stat + side * STAT_FIELDS + S_TURRETS] + mod(p, s, side, M_TURRETS)


def ballistic_skill(p: Params, s: State, side: int) -> int:
    return p.data[p.o_stat + side * STAT_FIELDS + S_GUNNERY] + mod(p, s, side, M_BS)


def strength(p: Params, s: State, side: int, part: int) -> int:
    value = p.data[p.o_gun + (side * p.width + part) * GUN_FIELDS + G_STRENGTH]
    return half_up(value) if s[ship(side) + HULL] <= 0 else value


def offset(s: State, side: int) -> tuple[int, int, int, int]:
    """Where her chosen enemy (TARGET) lies from ship `side`, doubled (geometry.py)."""
    return between(s, side, s[ship(side) + TARGET])


def between(s: State, side: int, other: int) -> tuple[int, int, int, int]:
    """Where ship `other` lies from ship `side`, doubled (geometry.py)."""
    me = ship(side)
    them = ship(other)
    return (s[them + XP] - s[me + XP], s[them + XQ] - s[me + XQ], s[them + YP] - s[me + YP],
            s[them + YQ] - s[me + YQ])


def armed(p: Params, s: State, side: int, part: int) -> bool:
    """A weapon that works and has ammunition left."""
    return (
        p.data[p.o_gun + (side * p.width + part) * GUN_FIELDS + G_KIND] != 0
        and s[states(p, side) + part] == 0
        and s[torpedoes(p, side) + part] != 0
    )


def in_reach(p: Params, side: int, part: int, dp: int, dq: int) -> bool:
    g = (side * p.width + part) * GUN_FIELDS
    return beyond(dp, dq, p.data[p.o_gun + g + G_MIN]) and within(
        dp, dq, p.data[p.o_gun + g + G_REACH]
    )


def gun_bears(p: Params, s: State, side: int, part: int, bits: int, dp: int, dq: int) -> bool:
    """The weapon can fire on a target in the arcs `bits` at squared distance (dp, dq)."""
    return (
        armed(p, s, side, part)
        and (p.data[p.o_gun + (side * p.width + part) * GUN_FIELDS + G_ARCS] & bits) != 0
        and in_reach(p, side, part, dp, dq)
    )


def side_of(p: Params, i: int) -> int:
    """The side (0: A, 1: B) of ship i."""
    return p.data[p.o_stat + i * STAT_FIELDS + S_SIDE]


def in_fight(s: State, i: int) -> bool:
    return s[ship(i) + OUT] == 0
