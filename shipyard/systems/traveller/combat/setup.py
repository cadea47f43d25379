"""From two designs and the table's terms to the numbers the fight rules read (rules.Params)
and the words only the narrator reads (Told)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any, NamedTuple

from shipyard.api import Terms, UserError, Value
from shipyard.systems.traveller.combat import odds
from shipyard.systems.traveller.combat import rules as r
from shipyard.systems.traveller.construction import Ship
from shipyard.systems.traveller.models import (
    BANDS,
    COUNTERMEASURES,
    TravellerCatalog,
    WeaponEntry,
)

MAX_SALVOS = 12  # salvos in flight a side: Distant's flight is 10 rounds
# a ship's might in tenths of a Hull point a turn (TRV-R50), bounded so that a side's sum over
# its ships stays inside int64 (the damage figures reach 2.4 × 10¹², docs/limits.md)
MAX_MIGHT = 10**13
NO_SENSORS_DM = -4  # TRV-R17: a ship without a sensor suite scans as with basic sensors
W_FIELDS = ("kind", "copies", "dice", "dd", "per_die", "multiple", "dm", "reach", "ap",
            "radiation", "ion", "laser", "pd", "pd_dm", "fixed", "mixed")
SKILLS = ("pilot", "gunnery", "sensors", "tactics", "leadership", "engineer", "pilot_skill")
EFFECTS = {"none": r.EF_NONE, "sensors": r.EF_SENSORS, "thrust": r.EF_THRUST,
           "attack": r.EF_ATTACK, "armour": r.EF_ARMOUR, "damage": r.EF_DAMAGE,
           "crew": r.EF_CREW}
RANGE_WORDS = {"adjacent": 0, "close": 1, "short": 2, "medium": 3, "long": 4, "very long": 5,
               "distant": 6}
STARTS = {"random": r.START_RANDOM, "planet": r.START_PLANET,
          **{band: i for i, band in enumerate(BANDS)}}


class Weapon(NamedTuple):
    """One weapon entry of a side: identical weapons of one mount, `copies` such mounts."""

    label: str
    kind: int
    copies: int
    dice: int
    dd: int
    per_die: int
    multiple: int
    dm: int
    reach: int
    ap: int
    radiation: int
    ion: int
    laser: int
    pd: int
    pd_dm: int
    fixed: int  # the pilot's (TRV-R16)
    mixed: int  # its mount also holds missiles: its gunner may launch the salvo instead


class Side(NamedTuple):
    name: str
    hull: int
    armour: int
    thrust: int
    tl: int
    sensor_dm: int
    ecm_dm: int
    shielded: int
    weapons: tuple[Weapon, ...]
    salvo: int
    missile_dice: int
    missile_dd: int
    launcher: int  # r.LAUNCH_*: whose action the salvo is
    stealth: int  # the DM to the enemy's checks to find it
    stock: int
    sands: int
    skills: tuple[int, ...]
    boarders: int = 1  # 1: it has people to send across and a way out for them (TRV-R22)


class Told(NamedTuple):
    """What only the narrator reads: names and labels."""

    names: tuple[str, ...]  # a ship's, side A's first
    weapons: tuple[tuple[str, ...], ...]
    bands: tuple[str, ...]
    locations: tuple[str, ...]
    sides: tuple[int, ...]  # each ship's side


def reach(weapon: WeaponEntry) -> int:
    return RANGE_WORDS.get(weapon.range.strip().lower(), -1)


def trait_value(traits: str, name: str) -> int:
    """`AP 4` -> 4, `AP ∞` -> 1000 (armour ignored), a bare trait -> 1, absent -> 0."""
    for part in traits.split(","):
        words = part.strip().split()
        if words and words[0].lower() == name.lower():
            if len(words) == 1:
                return 1
            return 1000 if words[1] == "∞" else int(words[1])
    return 0


def point_defence(traits: str) -> int:
    """1 for a weapon with the Point Defence trait: the seed, "Only weapons with the Point
    Defense trait may be used" (TRV-R28); the book's and the data's spelling both count."""
    names = {part.strip().lower() for part in traits.split(",")}
    return 1 if names & {"point defence", "point defense"} else 0


def side_of(ship: Ship, catalog: TravellerCatalog, name: str,
            crew: Mapping[str, Value]) -> Side:
    combat = catalog.combat
    weapons: list[Weapon] = []
    salvo = stock = sands = 0
    missile_dice, missile_dd = 4, 1
    launchers: set[int] = set()
    parts = {p.part for p in ship.design.parts}
    for ln in ship.lines:
        if ln.ordnance is not None:
            kind, rounds = ln.ordnance
            if kind == "missile":
                stock += rounds
            elif kind == "sand":
                sands += rounds
        if not ln.weapons or ln.section != "Weapons":
            continue
        copies = ln.quantity or 1
        fixed = 1 if ln.kind == "fixed_mount" else 0
        kinds = [catalog.weapon(wid) for wid in ln.weapons]
        mixed = 1 if any(w is not None and w.ordnance == "missile" for w in kinds) else 0
        gun = any(w is not None and w.ordnance is None and w.dice is not None
                  and w.effect != "intercept" for w in kinds)
        if mixed:
            launchers.add(r.LAUNCH_FREE if not gun else
                          r.LAUNCH_PILOT if fixed else r.LAUNCH_GUNNER)
        for wid, n in Counter(ln.weapons).items():
            w = catalog.weapon(wid)
            if w is None:
                continue
            magazine = (w.firmpoint_magazine if fixed else w.magazine) or 0
            if w.ordnance == "missile":
                salvo += (w.salvo or 1) * n * copies
                stock += magazine * n * copies
                if w.dice is not None:
                    missile_dice = w.dice.count
                    missile_dd = 10 if w.destructive else 1
                continue
            if w.ordnance == "sand":
                sands += magazine * n * copies
                continue
            if w.dice is None:
                continue  # the repulsor's Special effect is not simulated (TRV-R29)
            label = w.name + (f" ×{n}" if n > 1 else "") + (
                f" ({ln.multiple} multiples)" if ln.multiple > 1 else "")
            if w.effect == "intercept":
                weapons.append(Weapon(label, r.BATTERY, copies, w.dice.count, 1, 0, 1, 0, -1,
                                      0, 0, 0, 0, 1, w.dice.count, 0, 0))
                continue
            weapons.append(Weapon(
                label, r.DIRECT, copies, w.dice.count * ln.multiple, 10 if w.destructive else 1,
                n - 1,
                w.multiple, combat.weapon_dm.get(wid, 0), reach(w),
                trait_value(w.traits, "AP"), trait_value(w.traits, "Radiation"),
                trait_value(w.traits, "Ion"), 1 if "laser" in wid else 0,
                point_defence(w.traits), n - 1, fixed, mixed))
    skills = tuple(int(crew.get(k, getattr(combat.crew, k))) for k in SKILLS)
    ecm = combat.countermeasures_dm if parts & COUNTERMEASURES else 0
    stealth = min((e.detect_dm for p in parts if (e := catalog.part(p)) is not None
                   and e.detect_dm is not None), default=0)
    # the pilot fires one fixed mount a turn: the hardest-hitting first (a stable sort)
    weapons.sort(key=lambda w: -hardest(w) if w.fixed else 0)
    launcher = r.LAUNCH_FREE if r.LAUNCH_FREE in launchers or not launchers else (
        r.LAUNCH_GUNNER if r.LAUNCH_GUNNER in launchers else r.LAUNCH_PILOT)
    return Side(name, ship.hull_points, ship.armour, ship.thrust, ship.design.tl,
                NO_SENSORS_DM if ship.sensor_dm is None else ship.sensor_dm, ecm,
                1 if "radiation_shielding" in parts else 0, tuple(weapons), salvo,
                missile_dice, missile_dd, launcher, stealth, stock, sands, skills,
                1 if parts & set(combat.boarding.exits) and parts & set(combat.boarding.berths)
                else 0)


def hardest(w: Weapon) -> int:
    """A direct weapon's best damage before Effect and armour: the pilot's pick among fixed
    mounts."""
    return (w.dice * 6 * w.dd + w.per_die * w.dice) * w.multiple


def harms(w: Weapon, armour: int) -> int:
    """1 when the weapon's best hit gets through the armour (the rules skip those that
    cannot)."""
    most = w.dice * 6 * w.dd + w.per_die * w.dice + 12 + 6 + 6 - max(0, armour - w.ap)
    return 1 if w.kind == r.DIRECT and most > 0 else 0


@cache
def attack_mean(dm: int, dice: int, dd: int, per_die: int, armour: int, multiple: int
                ) -> Fraction:
    """One attack's expected damage, exactly (kept: a battle's pairings ask the same ones)."""
    return odds.mean(odds.attack(dm, dice, dd, per_die, armour, multiple))


@cache
def salvo_mean(missiles: int, tl_dm: int, dice: int, dd: int, armour: int) -> Fraction:
    return odds.mean(odds.salvo(missiles, tl_dm, dice, dd, armour))


def expected(me: Side, them: Side, band: int, dms: tuple[int, ...]) -> Fraction:
    """What `me` is expected to deal in a turn at `band`, its defences aside: every turret or
    bay weapon that reaches, the pilot's best fixed mount that reaches, and a salvo when one
    may be launched (a launcher's given-up shot aside)."""
    total = Fraction(0)
    pilot = Fraction(0)
    for w in me.weapons:
        if w.kind != r.DIRECT or w.reach < band:
            continue
        dm = me.skills[r.GUNNERY] + dms[band] + w.dm
        armour = max(0, them.armour - w.ap)
        mean = attack_mean(dm, w.dice, w.dd, w.per_die, armour, w.multiple)
        if w.fixed:
            pilot = max(pilot, mean)
        else:
            total += w.copies * mean
    total += pilot
    if me.salvo and me.stock and band >= r.SHORT:
        tl_dm = min(6, max(1, me.tl - them.tl))
        total += salvo_mean(min(me.salvo, 30), tl_dm, me.missile_dice, me.missile_dd,
                            them.armour)
    return total


def wanted(me: Side, them: Side, dms: tuple[int, ...]) -> tuple[int, Fraction]:
    """The default captain's band (TRV-R25): where its expected damage most exceeds the
    enemy's. On a tie a ship that can hurt its enemy steers for the band where its own expected
    damage is highest (the shorter on a further tie: identical ships close in rather than both
    run to Distant); one that cannot, the longer band. With the most it is expected to deal a
    turn at any band (its might, TRV-R50)."""
    mine = [expected(me, them, band, dms) for band in range(r.DISTANT + 1)]
    score = [m - expected(them, me, band, dms) for band, m in enumerate(mine)]
    if any(m > 0 for m in mine):
        return max(range(r.DISTANT + 1),
                   key=lambda band: (score[band], mine[band], -band)), max(mine)
    return max(range(r.DISTANT + 1), key=lambda band: (score[band], band)), max(mine)


def prepare_ships(catalog: TravellerCatalog, designs: list[Any], ships: list[Side],
                  of_side: list[int], terms: Terms) -> tuple[r.Params, Told, tuple[str, ...]]:
    """The rules' numbers for ships (side A's first, in fleet order) on sides `of_side`."""
    combat = catalog.combat
    n = len(ships)
    dms = tuple(band.dm for band in combat.bands)
    for design, side in zip(designs, ships, strict=True):
        if side.hull <= 0:  # at the design's hull, where its Hull points come from
            raise UserError.single("fight.hull", f"{side.name} has no Hull points to fight "
                                   "with", design.file, design.line_of(("hull",)))
    maxw = max(1, *(len(s.weapons) for s in ships))
    block = r.AIM + maxw + r.SLOT * MAX_SALVOS + maxw
    foes = [[j for j in range(n) if of_side[j] != of_side[i]] for i in range(n)]
    state0 = [0] * (n * block + 3 * n * n + n + 2 + n)
    for i, s in enumerate(ships):
        state0[i * block + r.HULL] = s.hull
        state0[i * block + r.STOCK] = s.stock
        state0[i * block + r.SANDS] = s.sands
        state0[i * block + r.TARGET] = state0[i * block + r.AT] = foes[i][0]
        state0[i * block + r.SIDE] = of_side[i]
        for w in range(maxw):
            state0[i * block + r.AIM + maxw + r.SLOT * MAX_SALVOS + w] = -1
    for k in range(n):
        state0[n * block + 3 * n * n + k] = k
    locs = [loc for loc in catalog.critical_locations if loc.roll.isdigit()]
    crit_loc = [0] * 13
    for i, loc in enumerate(locs):
        crit_loc[int(loc.roll)] = i
    ids = [loc.id for loc in locs]

    harm = [0] * (n * maxw * n)
    for i, s in enumerate(ships):
        for w, weapon in enumerate(s.weapons):
            for j in foes[i]:
                harm[(i * maxw + w) * n + j] = harms(weapon, ships[j].armour)
    want = [0] * (n * n)
    might = [0] * n
    known: dict[tuple[int, int, int, int], tuple[int, int]] = {}  # copies of a design: the same
    for i in range(n):
        for j in foes[i]:
            pairing = (id(designs[i]), of_side[i], id(designs[j]), of_side[j])
            if pairing not in known:
                band, most = wanted(ships[i], ships[j], dms)
                known[pairing] = band, int(most * 10)
            want[i * n + j] = known[pairing][0]
            might[i] = max(might[i], min(MAX_MIGHT, known[pairing][1]))
    w_flat: list[int] = []
    for s in ships:
        for field in W_FIELDS:
            row = [getattr(w, field) for w in s.weapons]
            w_flat += row + [0] * (maxw - len(row))
    sd: list[int] = []
    for i, s in enumerate(ships):
        sd += [s.hull, s.armour, s.thrust, s.tl, s.sensor_dm, s.ecm_dm, s.shielded, of_side[i],
               s.salvo, s.missile_dice, s.missile_dd,
               s.launcher, s.stealth, len(s.weapons), s.boarders]
    for i in range(n):
        state0[i * block + r.WANTED] = want[i * n + foes[i][0]]  # until a manoeuvre step asks
    tables = ([band.thrust for band in combat.bands], list(dms),
              [band.flight for band in combat.bands], crit_loc,
              [EFFECTS[loc.effect] for loc in locs])
    tab: list[int] = []
    for row in tables:
        tab += row + [0] * (r.TAB_WIDTH - len(row))
    where = str(terms.values.get("range", terms.values.get("geometry", combat.start)))
    start = STARTS[where]
    skills = [k for s in ships for k in s.skills]
    skill_at = len(sd)
    w_at = skill_at + len(skills)
    tab_at = w_at + len(w_flat)
    want_at = tab_at + len(tab)
    params = r.Params(
        cap=terms.whole("cap", combat.cap), start=start, n=n, block=block, maxw=maxw,
        maxs=MAX_SALVOS, nloc=len(locs), burn_max=combat.policy.burn_max,
        inspire_from=combat.policy.inspire_from,
        overcharge_from=combat.policy.overcharge_from, board=int(combat.policy.board),
        crew_loc=ids.index("crew"), power_loc=ids.index("power_plant"),
        sd_at=0, skill_at=skill_at, w_at=w_at, tab_at=tab_at, want_at=want_at,
        harm_at=want_at + len(want), might_at=want_at + len(want) + len(harm),
        flee_ratio=combat.policy.flee_ratio, state_at=want_at + len(want) + len(harm) + n,
        size=len(state0), data=sd + skills + w_flat + tab + want + harm + might + state0)
    told = Told(tuple(s.name for s in ships), tuple(tuple(w.label for w in s.weapons)
                                                    for s in ships),
                tuple(band.name for band in combat.bands), tuple(loc.name for loc in locs),
                tuple(of_side))
    start_words = {"random": "Very Long (a random encounter)",
                   "planet": "near a planet: Medium on 1-2 of a d6, else Long"}
    crews = "; ".join(f"{s.name} {'/'.join(f'{v:+d}' for v in s.skills)}" for s in ships)
    if n == 2:
        steer = "default crews steer for " + ", ".join(
            f"{s.name} {combat.bands[want[i * n + foes[i][0]]].name}"
            for i, s in enumerate(ships)) + ", or break off for Distant when outmatched (TRV-R50)"
    else:
        steer = ("default captains target the nearest enemy, then the one with the fewest "
                 "Hull points left (TRV-R47), and steer for the band each pairing wants, or "
                 "break off for Distant when outmatched (TRV-R50)")
    notes = (f"start: {start_words.get(where, where)}",
             "crews (pilot, gunnery, sensors, tactics, leadership, engineer, Pilot skill): "
             + crews, steer)
    return params, told, notes
