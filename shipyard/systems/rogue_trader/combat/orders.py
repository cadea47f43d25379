"""The default captain's decisions, as rule functions (compiled with the fight).

With `tactic: gunnery` she brings her strongest arc to bear where the enemy brings the least,
closing or opening the range as her guns want, foreseeing the two places the enemy can move to
(the seed sends a ship straight on, at full or half Speed, before it turns). When her guns
cannot decide the fight (her best volley would need more than BOARD_AFTER_VOLLEYS turns to
cripple the enemy, or to put CRIPPLED_MARK past a Crippled enemy's armour) she closes and
boards. Alongside with no gun bearing, she boards if her boarders are the better. With `ram` or
`board` she closes, bow on, and rams or boards when she can, shooting meanwhile. These are a
captain's choices, not rules: captain.py lets a user's own captain make them instead.

A gun's worth is its Strength times twice its mean damage, doubled for a lance (it ignores
armour): whole numbers, so every comparison is exact and the same compiled or not.
"""

from __future__ import annotations

from shipyard.systems.rogue_trader.combat.geometry import (
    AFT,
    DXP,
    DXQ,
    DYP,
    DYQ,
    FIXED,
    FORE,
    PORT,
    STARBOARD,
    apart,
    arc_bits,
    dist4,
    fixed,
    half_up,
    sign2,
    within,
)
from shipyard.systems.rogue_trader.combat.rules import step_bonus
from shipyard.systems.rogue_trader.combat.ship import (
    BOARDER,
    CANNOT_TURN,
    CREW,
    FACING,
    G_ARCS,
    G_KIND,
    G_MIN,
    G_REACH,
    G_STRENGTH,
    G_VALUE,
    GUN_BAY,
    GUN_FIELDS,
    GUN_TORPEDO,
    HULL,
    LOCK,
    M_BOARDING,
    M_COMMAND,
    M_GUNS,
    M_WORTH,
    M_WORTH_CRIPPLED,
    MORALE,
    OUT,
    S_COMMAND,
    S_HELM,
    S_PARTS,
    S_TACTIC,
    S_TURN,
    S_WORTH,
    STAT_FIELDS,
    TACTIC_BOARD,
    TACTIC_GUNNERY,
    TACTIC_RAM,
    TARGET,
    XP,
    XQ,
    YP,
    YQ,
    Params,
    State,
    between,
    manoeuvrability,
    mod,
    ship,
    side_of,
    speed,
    states,
    torpedoes,
    turrets,
)

BOARD_AFTER_VOLLEYS = 8  # a captain's policy: guns that cannot end a fight leave it to boarders
CRIPPLED_MARK = 10  # damage a volley should do to a Crippled enemy: a critical of 10 or more
OUTMATCHED_BY = 20  # how far the enemy's boarders must outmatch hers before she breaks free
BOARDERS_BETTER_BY = 20  # how far hers must outmatch the enemy's to welcome his boarding too
BOARDER_LEAVES_BELOW = 50  # Morale: a boarder this shaken, and outmatched, tries to get away
HELM_CHANCE = 30  # the break-free target she needs to think it worth trying
SHOOT, RAM, BOARD = 0, 1, 2
# hot, and handed arrays: compiled into their callers (a call that is not inlined counts a
# reference in and out of every array it is handed)
INLINE = ("arc_power", "near_at", "armoury", "scaled", "volley", "tactic_for", "favours", "judge",
          "memo_slot", "situation", "eager", "manoeuvre", "action")
# a place in the pool (Params.at_pool): doubled x and y as (p, q) each, then both roughly
SPOT = 6
# the memo of manoeuvres (p.memo): slots of three key words and the choice (never 0: a turn is
# 8 + t with t ≥ −7, so 0 marks an empty slot); look so far past a taken slot
MEMO_SLOTS = 1 << 15
MEMO_FIELDS = 4
MEMO_PROBES = 8
MEMO_OFFSET = 1 << 14  # doubled offsets from −2¹⁴ to 2¹⁴ − 1 (8,192 VU) are remembered
# the slot's hash multiplies the key words in (odd constants below 2⁶³, so compiled int64
# products wrap to the same low 63 bits Python's exact ones keep): every bit of every word
# reaches the bits that pick a slot. A fold of shifted words let the bits the slot is picked
# from miss whole fields (a duel's ship numbers; tactic, judgement and turns), crowding a
# 100,000-duel series' situations into a fifth of the slots and searching ~1.5× as often
MEMO_MIX0, MEMO_MIX1, MEMO_MIX2 = 0x1E3779B97F4A7C15, 0x3F58476D1CE4E5B9, 0x14D049BB133111EB
MEMO_BITS = (1 << 63) - 1


def rough(p: int, q: int) -> int:
    """A doubled coordinate p + q·√2 in 1/1024ths, roughly (for a first look only)."""
    return p * 1024 + q * 1448


def armoury(p: Params, s: State, side: int) -> tuple[int, int]:
    """What her working, loaded guns are worth together, and which they are (bit 1 + part
    each; bit 0: she is Crippled), as `changed` last weighed them: the worth scales her
    volley, the bits are her part of the remembered manoeuvres' key (`situation`)."""
    if s[ship(side) + HULL] <= 0:
        return mod(p, s, side, M_WORTH_CRIPPLED), mod(p, s, side, M_GUNS) | 1
    return mod(p, s, side, M_WORTH), mod(p, s, side, M_GUNS)


def scaled(p: Params, side: int, enemy: int, worth: int) -> int:
    """Her best volley now, in thousandths of Hull Integrity, her guns being worth `worth`:
    reckoned exactly, as `odds` does, when the fight was prepared (against the undamaged
    enemy), scaled by what her guns are still worth."""
    if p.data[p.o_stat + side * STAT_FIELDS + S_WORTH] <= 0:
        return 0
    return (
        p.data[p.o_volley + side * p.ships + enemy]
        * worth
        // p.data[p.o_stat + side * STAT_FIELDS + S_WORTH]
    )


def volley(p: Params, s: State, side: int) -> int:
    """Her best volley now, in thousandths of Hull Integrity (`scaled`)."""
    return scaled(p, side, enemy_of(s, side), armoury(p, s, side)[0])


def tactic_for(p: Params, s: State, side: int, mine: int) -> int:
    """Her tactic, her best volley now being `mine`."""
    locked = s[ship(enemy_of(s, side)) + LOCK]
    if locked >= 0 and locked != side:
        return TACTIC_GUNNERY  # D4: an enemy locked with another may only be fired on (B4)
    chosen = p.data[p.o_stat + side * STAT_FIELDS + S_TACTIC]
    if chosen != TACTIC_GUNNERY:
        return chosen
    # a Crippled enemy is finished by critical hits: guns that put enough past her armour do
    # it, else her crew is taken (even outmatched: a lost boarding action ends a fight that
    # guns never would)
    mark = max(s[ship(enemy_of(s, side)) + HULL], CRIPPLED_MARK)
    if mine * BOARD_AFTER_VOLLEYS >= mark * 1000:
        return TACTIC_GUNNERY
    return TACTIC_BOARD


def tactic(p: Params, s: State, side: int) -> int:
    return tactic_for(p, s, side, volley(p, s, side))


def favours(s: State, side: int, mine: int, theirs: int) -> bool:
    """The exchange of fire favours her, her best volley being `mine` and the enemy's
    `theirs`: her volleys would take the enemy's Hull Integrity no later than the enemy's
    would take hers (enemy Hull × enemy volley ≤ her Hull × her volley, the turns each needs
    cross-multiplied, exactly)."""
    return s[ship(enemy_of(s, side)) + HULL] * theirs <= s[ship(side) + HULL] * mine


def favoured(p: Params, s: State, side: int) -> bool:
    return favours(s, side, volley(p, s, side), reply_volley(p, s, side))


def reply_volley(p: Params, s: State, side: int) -> int:
    """The best volley of the enemy she engages, against her (`scaled`)."""
    enemy = enemy_of(s, side)
    return scaled(p, enemy, side, armoury(p, s, enemy)[0])


def enemy_moves(p: Params, s: State, enemy: int) -> tuple[int, int]:
    """What the enemy can do with her next manoeuvre, as the captain foresees it: (her full
    Speed, the most she can turn). A ship locked in a boarding action takes no Manoeuvre
    Action (R20, B4): she lies where she is, (0, 0)."""
    them = ship(enemy)
    if s[them + LOCK] >= 0:
        return 0, 0
    limit = 0 if s[them + CANNOT_TURN] else p.data[p.o_stat + enemy * STAT_FIELDS + S_TURN]
    return speed(p, s, enemy), limit


def can_succeed(p: Params, s: State, side: int, difficulty: int) -> bool:
    """Whether her helm test at `difficulty` (a ram's or a boarding's) has a target of 1 or
    more: a d100 roll of 1 can pass it. A hopeless test is not worth the Shooting Action."""
    return (p.data[p.o_stat + side * STAT_FIELDS + S_HELM] + manoeuvrability(p, s, side)
            + difficulty >= 1)


def enemy_of(s: State, side: int) -> int:
    """The enemy she engages: her captain's choice this turn (TARGET), or the ship she is
    locked with in a boarding action."""
    return s[ship(side) + TARGET]


def choose_target(p: Params, s: State, side: int) -> int:
    """The enemy the default captain engages this turn (D4): the one she is locked with in a
    boarding action; else the nearest enemy still in the fight, her last choice first among
    the nearest, then the one with the least Hull Integrity left, then the battle's order. The
    nearest is the one she can bring her guns, ram or boarders to soonest, and keeping her
    choice while no other is nearer keeps her from turning between two."""
    if s[ship(side) + LOCK] >= 0:
        return s[ship(side) + LOCK]
    last = s[ship(side) + TARGET]
    best = -1
    best_p = 0
    best_q = 0
    for other in range(p.ships):
        if s[ship(other) + OUT] or side_of(p, other) == side_of(p, side):
            continue
        up, uq, vp, vq = between(s, side, other)
        dp, dq = dist4(up, uq, vp, vq)
        if best >= 0:
            nearer = sign2(best_p - dp, best_q - dq)
            if nearer < 0:
                continue
            if nearer == 0:
                if best == last:
                    continue
                if other != last and s[ship(other) + HULL] >= s[ship(best) + HULL]:
                    continue
        best = other
        best_p = dp
        best_q = dq
    return last if best < 0 else best


def judge(p: Params, s: State, side: int) -> tuple[int, bool, int]:
    """What she reckons once a turn, before she decides (her manoeuvre and her action read
    it): her tactic; the one judgement of hers the search reads beyond the ships (D1 for a
    gunner, D3 else); both sides' guns as the memo's key reads them (`situation`)."""
    worth, mine = armoury(p, s, side)
    enemy = enemy_of(s, side)
    their_worth, theirs = armoury(p, s, enemy)
    own = scaled(p, side, enemy, worth)
    chosen = tactic_for(p, s, side, own)
    if chosen == TACTIC_GUNNERY:
        flag = favours(s, side, own, scaled(p, enemy, side, their_worth))
    else:
        flag = chosen == TACTIC_BOARD and eager(p, s, side)
    return chosen, flag, mine | theirs << 31


def eager(p: Params, s: State, side: int) -> bool:
    """Her boarders outmatch the enemy's by BOARDERS_BETTER_BY or more: a boarding action,
    whoever starts it, is hers to win."""
    return boarders(p, s, side) - boarders(p, s, enemy_of(s, side)) >= BOARDERS_BETTER_BY


def load(p: Params, s: State, side: int) -> None:
    """Her working, loaded guns as the captain weighs them, once a decision: (arcs, least
    range and range as 4·VU², worth) each, in the state from p.at_guns."""
    base = p.at_guns + side * (1 + 4 * p.width)
    count = 0
    guns = p.data
    out = s
    found = states(p, side)
    loaded = torpedoes(p, side)
    crippled = s[ship(side) + HULL] <= 0
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        g = p.o_gun + (side * p.width + part) * GUN_FIELDS
        if guns[g + G_KIND] != 0 and s[found + part] == 0 and s[loaded + part] != 0:
            r = base + 1 + 4 * count
            out[r] = guns[g + G_ARCS]
            out[r + 1] = 4 * guns[g + G_MIN] * guns[g + G_MIN]
            out[r + 2] = 4 * guns[g + G_REACH] * guns[g + G_REACH]
            power = half_up(guns[g + G_STRENGTH]) if crippled else guns[g + G_STRENGTH]
            out[r + 3] = power * guns[g + G_VALUE]
            count += 1
    out[base] = count


def arc_power(guns: list[int], base: int, dp: int, dq: int) -> tuple[int, int, int, int]:
    """Worth of her guns (as `load` found them) in range of (dp, dq), by the arc the target is
    in: fore, port, starboard, aft."""
    fore = 0
    port = 0
    starboard = 0
    aft = 0
    for i in range(guns[base]):
        r = base + 1 + 4 * i
        low = guns[r + 1]
        high = guns[r + 2]
        if dq == 0:
            if dp < low or dp > high:
                continue
        elif sign2(dp - low, dq) < 0 or sign2(high - dp, -dq) < 0:
            continue
        bits = guns[r]
        value = guns[r + 3]
        if bits & FORE:
            fore += value
        if bits & PORT:
            port += value
        if bits & STARBOARD:
            starboard += value
        if bits & AFT:
            aft += value
    return fore, port, starboard, aft


def bearing(power: tuple[int, int, int, int], bits: int) -> int:
    """The most the arcs `bits` bring to bear."""
    best = 0
    if bits & FORE:
        best = max(best, power[0])
    if bits & PORT:
        best = max(best, power[1])
    if bits & STARBOARD:
        best = max(best, power[2])
    if bits & AFT:
        best = max(best, power[3])
    return best


def moved(xp: int, xq: int, yp: int, yq: int, facing: int, vu: int) -> tuple[int, int, int, int]:
    f = facing % 8
    return xp + vu * DXP[f], xq + vu * DXQ[f], yp + vu * DYP[f], yq + vu * DYQ[f]


def standoff(p: Params, s: State, side: int) -> int:
    """The range at which every gun reaches (ordnance apart)."""
    least = -1
    guns = p.data
    found = states(p, side)
    for part in range(p.data[p.o_stat + side * STAT_FIELDS + S_PARTS]):
        kind = guns[p.o_gun + (side * p.width + part) * GUN_FIELDS + G_KIND]
        if kind != 0 and kind != GUN_TORPEDO and kind != GUN_BAY and s[found + part] == 0:
            reach = guns[p.o_gun + (side * p.width + part) * GUN_FIELDS + G_REACH]
            least = reach if least < 0 else min(least, reach)
    return max(1, least - 1) if least >= 0 else 0


def reply(
    guns: list[int],
    base: int,
    at: tuple[int, int, int, int],
    facing: int,
    limit: int,
    target: tuple[int, int, int, int],
) -> int:
    """The most a ship at `at` can bring to bear on `target` after a turn of up to `limit`."""
    up = target[0] - at[0]
    uq = target[1] - at[1]
    vp = target[2] - at[2]
    vq = target[3] - at[3]
    dp, dq = dist4(up, uq, vp, vq)
    power = arc_power(guns, base, dp, dq)
    best = 0
    for t in range(-limit, limit + 1):
        best = max(best, bearing(power, arc_bits(up, uq, vp, vq, (facing + t) % 8)))
    return best


def next_turn(
    guns: list[int],
    base: int,
    at: tuple[int, int, int, int],
    facing: int,
    target: tuple[int, int, int, int],
    low: int,
    high: int,
    limit: int,
) -> int:
    """The most her guns could bring to bear next turn, were the target to stay put."""
    best = 0
    for k in range(2):
        vu = low if k == 0 else high
        if k == 1 and high == low:
            break
        there = moved(at[0], at[1], at[2], at[3], facing, vu)
        up = target[0] - there[0]
        uq = target[1] - there[1]
        vp = target[2] - there[2]
        vq = target[3] - there[3]
        dp, dq = dist4(up, uq, vp, vq)
        power = arc_power(guns, base, dp, dq)
        top = max(max(power[0], power[1]), max(power[2], power[3]))
        if top <= best:  # no turn from here does better
            continue
        if up == 0 and uq == 0 and vp == 0 and vq == 0:  # R22: alongside, every arc bears
            best = top
            continue
        for t in range(-limit, limit + 1):
            best = max(best, bearing(power, arc_bits(up, uq, vp, vq, (facing + t) % 8)))
    return best


def near(a: tuple[int, int, int, int], b: tuple[int, int, int, int], reach: int) -> bool:
    dp, dq = dist4(b[0] - a[0], b[1] - a[1], b[2] - a[2], b[3] - a[3])
    return within(dp, dq, reach)


def off_keep(a: tuple[int, int, int, int], b: tuple[int, int, int, int], keep: int) -> int:
    """How far the range from a to b is from `keep`, in squares (the captain's estimate)."""
    dp, dq = dist4(b[0] - a[0], b[1] - a[1], b[2] - a[2], b[3] - a[3])
    return abs(fixed(dp, dq) - 4 * keep * keep * FIXED)


def manoeuvre(p: Params, s: State, side: int, chosen: int, flag: bool, guns: int) -> int:
    """Her manoeuvre, as 16 · (1 for half Speed) + 8 + her turn in 45° steps (+ to port), her
    judgement being (chosen, flag, guns) (`judge`): the search's choice, remembered in p.memo
    under everything the search reads (`situation`), so the same situation met again in a
    series costs a look-up, not a search."""
    k0, k1, k2 = situation(p, s, side, chosen, flag, guns)
    memo = p.data
    slots = p.memo_slots
    if k0 < 0 or slots == 0:
        return search(p, s, side, chosen, flag)
    h = memo_slot(k0, k1, k2)
    for probe in range(MEMO_PROBES):
        at = p.o_memo + ((h + probe) % slots) * MEMO_FIELDS
        if memo[at + 3] == 0:  # an empty slot: this situation is new
            choice = search(p, s, side, chosen, flag)
            memo[at] = k0
            memo[at + 1] = k1
            memo[at + 2] = k2
            memo[at + 3] = choice
            return choice
        if memo[at] == k0 and memo[at + 1] == k1 and memo[at + 2] == k2:
            return memo[at + 3]
    return search(p, s, side, chosen, flag)  # a crowded neighbourhood: search, unremembered


def memo_slot(k0: int, k1: int, k2: int) -> int:
    """Where the memo's look for situation (k0, k1, k2) begins (before `% slots`): the words
    multiplied in turn (MEMO_MIX...), the high bits kept."""
    x = (k0 * MEMO_MIX0) & MEMO_BITS
    x = ((x ^ k1) * MEMO_MIX1) & MEMO_BITS
    x = ((x ^ k2) * MEMO_MIX2) & MEMO_BITS
    return x >> 31


def situation(
    p: Params, s: State, side: int, chosen: int, flag: bool, guns: int
) -> tuple[int, int, int]:
    """Everything the search reads, as three whole numbers: where the enemy lies from her
    (doubled, 15 bits each); her ship and her enemy's, both facings, full Speeds and turns,
    her tactic and judgement; each ship Crippled or not and which of its weapons are working
    and loaded (`guns`, from `judge`: all the search reads of her guns, the rest being fixed
    for the fight). (−1, 0, 0) when a number is too large to pack: the search then runs
    unremembered."""
    me = ship(side)
    enemy = enemy_of(s, side)
    them = ship(enemy)
    k0 = 0
    for i in range(4):
        d = s[them + XP + i] - s[me + XP + i]
        if d < -MEMO_OFFSET or d >= MEMO_OFFSET:
            return -1, 0, 0
        k0 |= (d + MEMO_OFFSET) << (15 * i)
    mine = speed(p, s, side)
    theirs, their_limit = enemy_moves(p, s, enemy)
    if mine >= 128 or theirs >= 128 or p.width > 30:
        return -1, 0, 0
    limit = 0 if s[me + CANNOT_TURN] else p.data[p.o_stat + side * STAT_FIELDS + S_TURN]
    # her ship and her enemy's in the lowest bits, which pick the memo's slot (as the duel's
    # side did): high up, both ships' situations fell into the same slots and crowded them
    k1 = (
        side
        | enemy << 5
        | s[me + FACING] << 10
        | s[them + FACING] << 13
        | mine << 16
        | theirs << 23
        | min(limit, 7) << 30
        | min(their_limit, 7) << 33
        | chosen << 36
        | (1 if flag else 0) << 38
    )
    return k0, k1, guns


def search(p: Params, s: State, side: int, chosen: int, flag: bool) -> int:
    """Her manoeuvre, searched: what the default captain weighs (module docstring)."""
    me = ship(side)
    pool = p.at_pool  # where the places are kept in the state
    enemy = enemy_of(s, side)
    them = ship(enemy)
    gunnery = chosen == TACTIC_GUNNERY
    load(p, s, side)
    load(p, s, enemy)
    mine = p.at_guns + side * (1 + 4 * p.width)  # where each side's guns are (load)
    theirs = p.at_guns + enemy * (1 + 4 * p.width)
    full = speed(p, s, side)
    half = half_up(full)
    limit = 0 if s[me + CANNOT_TURN] else p.data[p.o_stat + side * STAT_FIELDS + S_TURN]
    keep = standoff(p, s, side) if gunnery else 0
    # a boarder whose boarders are much the better also counts the enemy's next move bringing
    # him into contact: his boarding action is hers to win
    welcome = chosen == TACTIC_BOARD and flag
    here = (s[me + XP], s[me + XQ], s[me + YP], s[me + YQ])
    target = (s[them + XP], s[them + XQ], s[them + YP], s[them + YQ])
    # where the enemy can be when she next moves: straight on, at full or half Speed (a ship
    # locked in a boarding action lies where she is)
    their_full, their_limit = enemy_moves(p, s, enemy)
    their_half = half_up(their_full)
    next0 = moved(target[0], target[1], target[2], target[3], s[them + FACING], their_half)
    next1 = moved(target[0], target[1], target[2], target[3], s[them + FACING], their_full)
    places = 1 if their_half == their_full else 2
    # and where it can be the turn after, for a captain who means to close with it (each place
    # once: pool holds them, four numbers each)
    later = 0
    if not gunnery:
        for i in range(places):
            there = next0 if i == 0 else next1
            for t in range(-their_limit, their_limit + 1):
                for k in range(places):
                    v = their_half if k == 0 else their_full
                    spot = moved(there[0], there[1], there[2], there[3], s[them + FACING] + t, v)
                    seen = False
                    for j in range(later):
                        if (
                            s[pool + SPOT * j] == spot[0]
                            and s[pool + SPOT * j + 1] == spot[1]
                            and s[pool + SPOT * j + 2] == spot[2]
                            and s[pool + SPOT * j + 3] == spot[3]
                        ):
                            seen = True
                    if not seen:
                        s[pool + SPOT * later] = spot[0]
                        s[pool + SPOT * later + 1] = spot[1]
                        s[pool + SPOT * later + 2] = spot[2]
                        s[pool + SPOT * later + 3] = spot[3]
                        s[pool + SPOT * later + 4] = rough(spot[0], spot[1])
                        s[pool + SPOT * later + 5] = rough(spot[2], spot[3])
                        later += 1
    # where each speed takes her, and the enemy's reply there, whatever her turn
    at_full = moved(here[0], here[1], here[2], here[3], s[me + FACING], full)
    at_half = moved(here[0], here[1], here[2], here[3], s[me + FACING], half)
    threat_full = 0
    threat_half = 0
    # a gunner the exchange favours presses: the enemy's reply is the price of her own volleys,
    # and one who shies from it stands off beyond her own guns' reach
    if gunnery and not flag:
        for i in range(places):
            there = next0 if i == 0 else next1
            threat_full = max(
                threat_full, reply(s, theirs, there, s[them + FACING], their_limit, at_full)
            )
            threat_half = max(
                threat_half, reply(s, theirs, there, s[them + FACING], their_limit, at_half)
            )
    best = (0, 0, 0, 0, 0, 0, 0)
    choice = 8
    order = 0
    for w in range(2):
        if w == 1 and half == full:
            continue
        at = at_full if w == 0 else at_half
        threat = threat_full if w == 0 else threat_half
        up = target[0] - at[0]
        uq = target[1] - at[1]
        vp = target[2] - at[2]
        vq = target[3] - at[3]
        dp, dq = dist4(up, uq, vp, vq)
        power = arc_power(s, mine, dp, dq)
        for t in range(-limit, limit + 1):
            facing = (s[me + FACING] + t) % 8
            bits = arc_bits(up, uq, vp, vq, facing)
            fire = bearing(power, bits)
            # the turn decides where next turn's move goes: how near the range she wants it
            # can bring her to where the enemy will be (without this, a ship that nothing
            # bears from turns any way and circles for ever)
            after0 = moved(at[0], at[1], at[2], at[3], facing, half)
            after1 = moved(at[0], at[1], at[2], at[3], facing, full)
            ahead = off_keep(after0, next0, keep)
            ahead = min(ahead, off_keep(after1, next0, keep))
            if places == 2:
                ahead = min(ahead, off_keep(after0, next1, keep))
                ahead = min(ahead, off_keep(after1, next1, keep))
            if gunnery:
                # what bears now, what could bear next turn on the enemy where it goes, what
                # the enemy can bring to bear on her meanwhile: one turn of foresight
                coming = next_turn(s, mine, at, facing, next0, half, full, limit)
                if places == 2:
                    coming += next_turn(s, mine, at, facing, next1, half, full, limit)
                score = (
                    8 * places * fire + 4 * coming - places * threat,
                    -ahead,
                    0,
                    0,
                    0,
                    0,
                    -order,
                )
            else:
                ready = (
                    1
                    if within(dp, dq, p.contact) and (chosen == TACTIC_BOARD or bits & FORE)
                    else 0
                )
                # how many of the enemy's places she could close with next turn, and the turn
                # after (contact within 1 VU is a narrow mark for ships that move in strides)
                soon = 0
                for i in range(places):
                    there = next0 if i == 0 else next1
                    if (
                        near(after0, there, p.contact)
                        or near(after1, there, p.contact)
                        or (welcome and near(at, there, p.contact))
                    ):
                        soon += 1
                # where a move the turn after next takes her, from either place next turn
                # leaves her (after the enemy's places in pool, four numbers each)
                spots = later
                for i in range(2):
                    start = after0 if i == 0 else after1
                    for turned in range(-limit, limit + 1):
                        for k in range(2):
                            if k == 1 and half == full:
                                continue
                            spot = moved(
                                start[0],
                                start[1],
                                start[2],
                                start[3],
                                facing + turned,
                                half if k == 0 else full,
                            )
                            s[pool + SPOT * spots] = spot[0]
                            s[pool + SPOT * spots + 1] = spot[1]
                            s[pool + SPOT * spots + 2] = spot[2]
                            s[pool + SPOT * spots + 3] = spot[3]
                            s[pool + SPOT * spots + 4] = rough(spot[0], spot[1])
                            s[pool + SPOT * spots + 5] = rough(spot[2], spot[3])
                            spots += 1
                then = 0
                slack = (p.contact + 1) * 2048  # the rough look's reach, generously
                for j in range(later):
                    jx = s[pool + SPOT * j + 4]
                    jy = s[pool + SPOT * j + 5]
                    for i in range(later, spots):
                        if (
                            abs(s[pool + SPOT * i + 4] - jx) <= slack
                            and abs(s[pool + SPOT * i + 5] - jy) <= slack
                            and near_at(s, pool, i, j, p.contact)
                        ):
                            then += 1
                            break
                score = (ready, soon, then, -ahead, 1 if bits & FORE else 0, fire, -order)
            if order == 0 or score > best:
                best = score
                choice = 16 * w + 8 + t
            order += 1
    return choice


def near_at(spots: list[int], base: int, i: int, j: int, reach: int) -> bool:
    """Spots i and j of `spots` from `base` (SPOT numbers each) within `reach` VU."""
    a = base + SPOT * i
    b = base + SPOT * j
    if apart(spots[a], spots[a + 1], spots[b], spots[b + 1], reach) or apart(
        spots[a + 2], spots[a + 3], spots[b + 2], spots[b + 3], reach
    ):
        return False
    dp, dq = dist4(
        spots[b] - spots[a],
        spots[b + 1] - spots[a + 1],
        spots[b + 2] - spots[a + 2],
        spots[b + 3] - spots[a + 3],
    )
    return within(dp, dq, reach)


def boarders(p: Params, s: State, side: int) -> int:
    """Her Command target in a boarding action against the enemy she engages now (the seed;
    R4)."""
    me = ship(side)
    them = ship(enemy_of(s, side))
    return (
        p.data[p.o_stat + side * STAT_FIELDS + S_COMMAND]
        + mod(p, s, side, M_COMMAND)
        + p.boarding_per_turret * turrets(p, s, side)
        + mod(p, s, side, M_BOARDING)
        + step_bonus(s[me + CREW], s[them + CREW], p.boarding_crew_step, p.boarding_per_step)
        + step_bonus(s[me + HULL], s[them + HULL], p.boarding_hull_step, p.boarding_per_step)
    )


def action(p: Params, s: State, side: int, half: int, turned: int, chosen: int) -> int:
    """Her Shooting Action, ordered with her manoeuvre before she moves (R23), her tactic
    being `chosen` (`judge`): she knows where the manoeuvre leaves her, so she rams or boards
    only when she will be in reach."""
    me = ship(side)
    them = ship(enemy_of(s, side))
    if s[them + LOCK] >= 0:
        return SHOOT  # B4: a ship locked with another is neither rammed nor boarded
    vu = half_up(speed(p, s, side)) if half else speed(p, s, side)
    at = moved(s[me + XP], s[me + XQ], s[me + YP], s[me + YQ], s[me + FACING], vu)
    facing = (s[me + FACING] + turned) % 8
    up = s[them + XP] - at[0]
    uq = s[them + XQ] - at[1]
    vp = s[them + YP] - at[2]
    vq = s[them + YQ] - at[3]
    dp, dq = dist4(up, uq, vp, vq)
    if not within(dp, dq, p.contact):
        return SHOOT  # out of reach of the enemy: no ram, no boarding, whatever her tactic
    bits = arc_bits(up, uq, vp, vq, facing)
    if chosen == TACTIC_GUNNERY:
        # alongside with no gun bearing, a captain whose boarders are the better sends them
        load(p, s, side)
        if (
            bearing(arc_power(s, p.at_guns + side * (1 + 4 * p.width), dp, dq), bits) == 0
            and boarders(p, s, side) >= boarders(p, s, enemy_of(s, side))
            and can_succeed(p, s, side, p.board_test)
        ):
            return BOARD
        return SHOOT
    # a ram or a boarding whose helm test cannot succeed gives up her shots for nothing
    if chosen == TACTIC_BOARD and can_succeed(p, s, side, p.board_test):
        return chosen
    if chosen == TACTIC_RAM and bits & FORE and can_succeed(p, s, side, p.ram_test):
        return chosen
    return SHOOT


def break_free(p: Params, s: State, side: int) -> int:
    """Try to break free when the enemy's boarders outmatch hers and the helm has a fair chance
    (a failed attempt costs −20 on the next Command test). The boarder tries too: a boarding
    action going against her is one to get out of (R20)."""
    if tactic(p, s, side) == TACTIC_BOARD:
        return 0  # her plan is this boarding action: breaking free of it undoes her own plan
    margin = boarders(p, s, enemy_of(s, side)) - boarders(p, s, side)
    # a close fight is worth staying in (and breaking free only to be boarded again settles
    # nothing)
    losing = margin >= OUTMATCHED_BY
    if s[ship(side) + BOARDER] == 1:  # she chose this fight: she leaves it when it goes ill
        losing = losing and s[ship(side) + MORALE] < BOARDER_LEAVES_BELOW
    chance = (
        p.data[p.o_stat + side * STAT_FIELDS + S_HELM]
        + manoeuvrability(p, s, side)
        + p.break_free_test
    )
    return 1 if losing and chance >= HELM_CHANCE else 0
