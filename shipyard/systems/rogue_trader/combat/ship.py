"""A ship in a fight as numbers: what never changes (`Params`, made once by prepare.py) and what
the fight changes (`State`: one flat int array, both ships and both sides' components), with
every value the rules read (Speed, Manoeuvrability, Armour, ...) computed from the working
components, so a struck component loses its effect at once (R18)."""

from __future__ import annotations

from typing import NamedTuple

from shipyard.systems.rogue_trader.combat.geometry import beyond, half_up, within

# a ship's changing numbers (from ship(side) in the state)
HULL, CREW, MORALE, TAKEN, OUT, SENSORS, THRUSTERS, CANNOT_TURN = 0, 1, 2, 3, 4, 5, 6, 7
ENGINES_HALVED, ENGINES_WRECKED, FACING, XP, XQ, YP, YQ, BFF = 8, 9, 10, 11, 12, 13, 14, 15
SHIP_FIELDS = 16
# why a ship is out (R15); also the reason of a fight's end code
OUT_CREW, OUT_HULKED, OUT_EXPLODED, OUT_WARP, OUT_SURRENDERED = 1, 2, 3, 4, 5
# a component's state, as bits: any of them and it does not work (R18)
DAMAGED, DEPRESSURISED, ON_FIRE, UNPOWERED, DESTROYED = 1, 2, 4, 8, 16

# a side's fixed numbers (Params.stat, STAT_FIELDS a side)
S_SPEED, S_MAN, S_DETECTION, S_ARMOUR, S_TURRETS, S_TURN, S_RATING, S_GUNNERY = range(8)
S_HELM, S_COMMAND, S_TACTIC, S_SURPRISED, S_SIMPLE, S_PARTS, S_VOLLEY, S_WORTH = range(8, 16)
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
# rows of the state from PARTS (`width` numbers each): each side's component states, what the
# enemy knows of them, torpedoes left (−1: no limit), scratch; the order of the shots given to
# the shields; the burning parts
P_STATES, P_KNOWN, P_TORPEDOES, P_SCRATCH, P_ORDER, P_BURNING = 0, 2, 4, 6, 8, 9
PART_ROWS = 10
# the fight's own numbers, after both ships in the state: CALM rounds without loss or boarding
# action, TRACKS both ships' Hull Integrity, Crew Population and Morale summed when last
# counted, APART rounds beyond every weapon's reach (the declared endings, R25-R27)
MISC = 2 * SHIP_FIELDS
ROUND, LOCKED, ORDER, PENDING_BLAST = MISC, MISC + 1, MISC + 2, MISC + 4
CALM, TRACKS, APART = MISC + 5, MISC + 6, MISC + 7
MISC_FIELDS = 8
# each side's modifiers summed over her working components (M_...), then whether her plasma
# drive and her augur arrays all work (1) or not (0): kept current by `changed` whenever a
# component's state changes, so the rules read a sum instead of adding it up again (R18)
MODS = MISC + MISC_FIELDS
M_DRIVES, M_AUGURS = MODIFIERS, MODIFIERS + 1
MOD_FIELDS = MODIFIERS + 2
PARTS = MODS + 2 * MOD_FIELDS  # then PART_ROWS rows of `width` numbers, then the scratch areas
# compiled into their callers: a call handing the state pays a reference count per array
INLINE = ("ship", "row", "states", "known", "torpedoes", "scratch", "working", "armed", "strength",
          "in_reach", "gun_bears", "mod", "augurs_working", "speed", "offset")


class Params(NamedTuple):
    """What never changes in a fight: both ships' figures and the table's numbers, all in one
    array (`data`) at the offsets `o_...`: a compiled call pays a reference count for every
    array it is handed, so the rules hand one. Tables run side by side, part by part."""

    cap: int
    contact: int
    disengaged_after: int  # rounds beyond every weapon's reach before the GM calls it (R25)
    stalemate_after: int  # rounds without loss or boarding action before she does (R26)
    width: int  # parts a side (the larger ship's count)
    rams: int  # ramming dice a side
    hits: int  # room for every hit or shield of an attack (and the captain's places)
    data: list[int]
    o_stat: int  # [side · STAT_FIELDS + S_...]
    o_kind: int  # [side · width + part]
    o_shields: int  # void shields a part gives
    o_fails_on: int  # a hit goes through on d10 ≤ this; −1 never
    o_mods: int  # [(side · width + part) · MODIFIERS + M_...]
    o_gun: int  # [(side · width + part) · GUN_FIELDS + G_...]
    o_ram: int  # [(side · rams + k) · 3]: ramming dice (count, sides, bonus)
    o_chart: int  # the Critical Hit chart's result for 1..11
    o_bridge: int  # [side] the bridge's part, −1 none
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
# reference count in and out): both ships' numbers (SHIP_FIELDS each, from 0), the fight's own
# (MISC), rows of one number a component (PARTS), then the scratch areas (Params.at_...).
State = list[int]


def new_state(p: Params) -> State:
    return p.data[p.o_start : p.o_start + p.size].copy()


def tracks(s: State) -> int:
    """Both ships' Hull Integrity, Crew Population and Morale, summed: any loss changes it."""
    b = SHIP_FIELDS
    return s[HULL] + s[CREW] + s[MORALE] + s[b + HULL] + s[b + CREW] + s[b + MORALE]


def ship(side: int) -> int:
    """Where the numbers of the ship of `side` begin in the state."""
    return side * SHIP_FIELDS


def row(p: Params, which: int) -> int:
    """Where row `which` (P_...) of the per-component numbers begins in the state."""
    return PARTS + which * p.width


def states(p: Params, side: int) -> int:
    return row(p, P_STATES + side)


def known(p: Params, side: int) -> int:
    return row(p, P_KNOWN + side)


def torpedoes(p: Params, side: int) -> int:
    return row(p, P_TORPEDOES + side)


def scratch(p: Params, side: int) -> int:
    return row(p, P_SCRATCH + side)


def working(p: Params, s: State, side: int, part: int) -> bool:
    return s[states(p, side) + part] == 0


def mod(p: Params, s: State, side: int, which: int) -> int:
    """A modifier summed over the working components (R18), as `changed` last summed it."""
    return s[MODS + side * MOD_FIELDS + which]


def changed(p: Params, s: State, side: int) -> None:
    """Sum her modifiers again after a component of hers changed state (every rule that
    changes one calls this at once, before anything reads a modifier)."""
    found = states(p, side)
    data = p.data
    out = MODS + side * MOD_FIELDS
    for which in range(MOD_FIELDS):
        s[out + which] = 0
    s[out + M_DRIVES] = 1
    s[out + M_AUGURS] = 1
    for part in range(data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        kind = data[p.o_kind + side * p.width + part]
        if s[found + part] != 0:
            if kind == K_DRIVE:
                s[out + M_DRIVES] = 0
            elif kind == K_AUGUR:
                s[out + M_AUGURS] = 0
            continue
        at = p.o_mods + (side * p.width + part) * MODIFIERS
        for which in range(MODIFIERS):
            s[out + which] += data[at + which]


def augurs_working(p: Params, s: State, side: int) -> bool:
    """Without a working augur array she is as blind as with Sensors Damaged (R18)."""
    return s[MODS + side * MOD_FIELDS + M_AUGURS] == 1


def speed(p: Params, s: State, side: int) -> int:
    if s[MODS + side * MOD_FIELDS + M_DRIVES] == 0:
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
    """Where the enemy lies from the ship of `side`, doubled (geometry.py)."""
    me = ship(side)
    them = ship(1 - side)
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
