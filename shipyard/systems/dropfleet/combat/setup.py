"""A battle's two sides (a duel's: one group each) and its terms, read into the numbers the rules
take (state.Params) and the words only the narrator needs (Told). Every reading here is a
ruling (RULINGS.md R1-R21, B1-B9)."""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.api import BattleSide, Dice, Terms, UserError
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.commander import raise_shields
from shipyard.systems.dropfleet.combat.volley import mean, volley
from shipyard.systems.dropfleet.damage import catastrophic, crippled_at
from shipyard.systems.dropfleet.models import DropfleetCatalog, WeaponLine
from shipyard.systems.dropfleet.options import (
    BAND_INCHES,
    DEFAULT_BAND,
    DEFAULT_CAP,
    DEFAULT_GEOMETRY,
    DEFAULT_LAYER,
    MATE_INCHES,
)
from shipyard.systems.dropfleet.ship import Ship

# R3: the arcs that bear in each geometry
FORWARD = frozenset({"F", "F(N)", "F/S", "F/S(L)", "F/S(R)", "F/S/R"})
REAR = frozenset({"F/S/R"})
SIDE = {"L": frozenset({"F/S", "F/S/R", "S(L)", "F/S(L)"}),
        "R": frozenset({"F/S", "F/S/R", "S(R)", "F/S(R)"})}
LAYER_INDEX = {"high": s.HIGH, "low": s.LOW, "atmosphere": s.ATMOSPHERE}
CALIBRE = {"light": "L", "destroyer": "L", "medium": "M", "heavy": "H", "super-heavy": "S",
           "dreadnought": "S"}
VALUE_SCALE = 1000  # expected Hull x1000: the commander compares whole numbers


@dataclass(frozen=True)
class System:
    """A weapon system as the duel fires it: its lines (Linked lines together, R4)."""

    lines: tuple[WeaponLine, ...]
    alt: int


@dataclass(frozen=True)
class Told:
    """What only the narrator reads."""

    sides: tuple[str, str]  # the sides' names (a fleet's, or a duel's group's)
    dread: tuple[int, ...]  # by unit: 1 when its crippling table is the Dreadnought's
    ships: tuple[str, ...]  # by ship index (unit * g + place)
    systems: tuple[tuple[str, ...], ...]  # by unit
    lines: tuple[tuple[str, ...], ...]  # by unit
    line_rules: tuple[tuple[str, ...], ...]  # by unit
    crippling: tuple[tuple[str, ...], tuple[str, ...]]  # [dreadnought][row]
    catastrophic: tuple[str, ...]  # by row code
    g: int
    battle: bool = False  # a battle of fleets (a duel: of two groups)
    battlegroups: tuple[tuple[str, ...], ...] = ()  # by side: its battlegroups' names (B1)
    groups: tuple[str, ...] = ()  # by unit: its design's name (with a mirror match's tag)


def weapon_systems(ship: Ship) -> list[System]:
    """R4: Linked lines of one number are one system; each line of an Alt group is a system
    of its own that shares the group (a Dreadnought fires two systems, not two of a group)."""
    out: list[System] = []
    linked: dict[int, int] = {}
    for mounted in ship.weapons:
        line = mounted.line
        link = line.rule("Linked")
        alt = line.rule("Alt")
        if link is not None:
            key = link.number
            if key in linked:
                system = out[linked[key]]
                out[linked[key]] = System((*system.lines, line), system.alt)
                continue
            linked[key] = len(out)
        out.append(System((line,), alt.number if alt is not None else 0))
    return out


def amount(value: int | Dice | str) -> tuple[int, int, int]:
    """(N, sides, bonus): a number is (N, 0, 0). Distortion's `hits` is 1 a hit (R8)."""
    if isinstance(value, Dice):
        return value.count, value.sides, value.bonus
    if value == "hits":
        return 1, 0, 0
    return int(value), 0, 0


def line_row(line: WeaponLine, target: Ship, bears: frozenset[str], band: str) -> list[int]:
    """One weapon line against one target, read as numbers (R2, R3, R8)."""
    row = [0] * s.NL
    row[s.L_LOCK] = target.armour if line.lock == "armour" else int(line.lock)
    row[s.L_ATT_N], row[s.L_ATT_S], row[s.L_ATT_B] = amount(line.attack)
    row[s.L_DMG_N], row[s.L_DMG_S], row[s.L_DMG_B] = amount(line.damage)
    calibre = line.rule("Calibre")
    crit_on = 6
    if line.rule("Particle") is not None:
        crit_on = 0
    elif calibre is not None and CALIBRE[target.ship_class] in (calibre.param or "").split("&"):
        crit_on = 5
    row[s.L_CRIT_ON] = crit_on
    close_action = line.rule("Close Action") is not None
    row[s.L_CA] = int(close_action)
    row[s.L_SCALD] = int(line.rule("Scald") is not None)
    burn = line.rule("Burnthrough")
    row[s.L_BURN] = burn.number if burn is not None else 0
    fusillade = line.rule("Fusillade")
    row[s.L_EXTRA] = fusillade.number if fusillade is not None and band == "close" else 0
    row[s.L_MOUNTS] = line.count
    # R19: a Bombardment line aims at sectors on the ground, which a duel does not have
    ground = line.rule("Bombardment") is not None
    row[s.L_BEARS] = int(line.arc in bears and (band == "close" or not close_action)
                         and not ground)
    return row


def fixed(ship: Ship, catalog: DropfleetCatalog) -> list[int]:
    """A side's fixed figures (state.T_*)."""
    stat = [0] * s.NT
    t = catalog.damage.thresholds
    stat[s.T_HULL] = ship.hull
    stat[s.T_ARMOUR] = ship.armour
    stat[s.T_PASSIVE] = ship.passive or 0
    stat[s.T_PD] = ship.point_defence
    raisable = ship.passive is not None and ship.shields_up_signature is not None
    stat[s.T_PD_UP] = 0 if raisable else ship.point_defence  # D3: shields up, PD 0
    stat[s.T_SHIELDS] = int(raisable)
    at = [*crippled_at(ship.hull, ship.dreadnought, t), -1, -1]
    stat[s.T_CRIP1], stat[s.T_CRIP2] = at[0], at[1]
    stat[s.T_DREAD] = int(ship.dreadnought)
    cat = catastrophic(ship.hull, t)
    if cat is not None:
        radius, bonus = cat
        stat[s.T_RADIUS] = int(radius.strip('"').upper().removeprefix("D"))
        stat[s.T_CAT_BONUS] = bonus
    stat[s.T_ATMOS] = int(ship.has("Atmospheric"))
    stat[s.T_ABLATIVE] = int(ship.has("Ablative Armour"))
    stat[s.T_SYSTEMS] = 2 if ship.dreadnought else 1
    return stat


def needs(stat: list[int], shields: int, scald: int) -> tuple[int, int]:
    """(normal, critical) save needs of a fresh ship (rules.save_needs at full Hull)."""
    armour = stat[s.T_ARMOUR]
    if stat[s.T_ABLATIVE]:
        armour = max(2, armour - 2)
    passive = 7
    if stat[s.T_PASSIVE] and (stat[s.T_SHIELDS] == 0 or shields):
        passive = stat[s.T_PASSIVE] + scald
    return min(7, armour + scald, passive), min(7, passive)


def expected(rows: list[list[int]], target: list[int], shields: int, scald: int) -> float:
    pd = target[s.T_PD_UP] if (target[s.T_SHIELDS] and shields) else target[s.T_PD]
    normal, crit = needs(target, shields, scald)
    return mean(volley(rows, pd, normal, crit)[2])


@dataclass
class Side:
    """One group (a unit of the rules) as armed against one enemy group at a time."""

    ship: Ship
    name: str
    count: int
    stat: list[int]
    systems: list[System]
    rows: list[list[list[int]]]  # per system, its lines' rows (against the enemy last armed)
    side: int = 0  # 0 side A, 1 side B
    bg: int = 0  # its battlegroup's place among its side's


def arm(side: Side, target: Ship, bears: frozenset[str], band: str) -> None:
    side.rows = [[line_row(line, target, bears, band) for line in system.lines]
                 for system in side.systems]


def best_side(side: Side, enemy: Side, band: str) -> str:
    """R3 broadside: the side (port or starboard) whose best system does the most."""
    scores = []
    for key in ("L", "R"):
        arm(side, enemy.ship, SIDE[key], band)
        scores.append(max((expected(rows, enemy.stat, 0, _scald(rows)) for rows in side.rows),
                          default=0.0))
    return "L" if scores[0] >= scores[1] else "R"


def _scald(rows: list[list[int]]) -> int:
    return int(any(r[s.L_SCALD] for r in rows))


def bearing(geometry: str, index: int, side: Side, enemy: Side, band: str) -> frozenset[str]:
    if geometry == "broadside":
        return SIDE[best_side(side, enemy, band)]
    if geometry == "pursuit" and index == 1:
        return REAR
    return FORWARD


def units_of(sides: tuple[BattleSide, BattleSide], catalog: DropfleetCatalog) -> list[Side]:
    """B1: every fleet entry is one group of its design (`count` x the design's `group:`
    ships), a unit of the rules, in fleet order, side A's first; its battlegroup is the place
    of its fleet group among its side's."""
    out: list[Side] = []
    for index, side in enumerate(sides):
        groups: list[str] = []
        tag = f" ({side.tag})" if side.tag else ""
        for entrant in side.entrants:
            if entrant.group not in groups:
                groups.append(entrant.group)
            design = entrant.design
            out.append(Side(design.built, design.model.name + tag,
                            entrant.count * entrant.ships, fixed(design.built, catalog),
                            weapon_systems(design.built), [], index,
                            groups.index(entrant.group)))
    return out


def setup(sides: tuple[BattleSide, BattleSide], terms: Terms, battle: bool
          ) -> tuple[s.Params, Told, list[str]]:
    """A battle's sides (a duel's: one group each) as the rules' numbers, the narrator's words
    and the terms in force (R1-R21, B1-B9)."""
    catalog: DropfleetCatalog = sides[0].entrants[0].design.catalog
    band = terms.word("range", DEFAULT_BAND)
    geometry = terms.word("geometry", DEFAULT_GEOMETRY)
    layer = str(terms.rules.get("layer", DEFAULT_LAYER))
    cap = terms.whole("cap", catalog.combat.battle_cap if battle else DEFAULT_CAP)
    units = units_of(sides, catalog)
    if layer == "atmosphere":
        for unit in units:
            if not unit.stat[s.T_ATMOS]:
                raise UserError.single(
                    "cli.rule", f"--rule layer=atmosphere: {unit.ship.name} lacks the "
                    "Atmospheric rule, and a ship without it that enters atmosphere is "
                    "destroyed (the damage rules; R7); give layer=high or layer=low")
    # B3: each pair of enemy groups stands as the geometry says, as two groups of a duel do
    rows: list[list[list[list[list[int]]]]] = []
    values: list[list[list[tuple[int, int]]]] = []
    for unit in units:
        rows.append([])
        values.append([])
        for enemy in units:
            if enemy.side == unit.side:
                rows[-1].append([])
                values[-1].append([])
                continue
            arm(unit, enemy.ship, bearing(geometry, unit.side, unit, enemy, band), band)
            rows[-1].append(unit.rows)
            values[-1].append(worths(unit, enemy))
    inches = (BAND_INCHES[band], MATE_INCHES, catalog.combat.group_inches,
              catalog.combat.battlegroup_inches)
    params = pack_units([u.stat for u in units], [u.count for u in units],
                        [u.side for u in units], [u.bg for u in units], rows,
                        [[x.alt for x in u.systems] for u in units], values, LAYER_INDEX[layer],
                        inches, cap, *tables(catalog))
    g = params.g
    d = catalog.damage
    names: list[str] = []
    for side in sides:
        shipnames = iter(side.ship_names())
        for entrant in side.entrants:
            n = entrant.count * entrant.ships
            names += [next(shipnames) for _ in range(n)] + [""] * (g - n)
    told = Told(
        sides=(sides[0].name, sides[1].name),
        dread=tuple(u.stat[s.T_DREAD] for u in units),
        ships=tuple(names),
        systems=tuple(tuple(_system_name(x) for x in u.systems) for u in units),
        lines=tuple(tuple(ln.name for x in u.systems for ln in x.lines) for u in units),
        line_rules=tuple(tuple(_rules(ln) for x in u.systems for ln in x.lines)
                         for u in units),
        crippling=(tuple(r.name for r in d.crippling),
                   tuple(r.name for r in d.dreadnought_crippling)),
        catastrophic=_catastrophic_names(catalog),
        g=g, battle=battle,
        battlegroups=tuple(tuple(dict.fromkeys(e.group or side.name for e in side.entrants))
                           for side in sides),
        groups=tuple(u.name for u in units))
    notes = [f"range band {band} ({BAND_INCHES[band]}\"), {geometry}, {layer} orbit"
             if layer != "atmosphere" else f"range band {band} ({BAND_INCHES[band]}\"), "
             f"{geometry}, in atmosphere"]
    if battle:
        notes.append(f"every enemy group in {band} range to fire at (B3); each side in line, "
                     f"group mates {MATE_INCHES}\", groups of a battlegroup "
                     f"{catalog.combat.group_inches}\", battlegroups "
                     f"{catalog.combat.battlegroup_inches}\" apart, the lines "
                     f"{BAND_INCHES[band]}\" apart, first group across from first (B4); "
                     f"{cap} turns at most (B8)")
    start = params.data[params.o_ships:]
    for u, unit in enumerate(units):
        mine = terms.pilots[unit.side]
        if mine and not any(x.side == unit.side for x in units[:u]):
            notes.append(f"{sides[unit.side].name}: commanded by {mine}, uncompiled (R21, B10)")
        if unit.stat[s.T_SHIELDS] and not mine:
            raised = raise_shields(params, start, u)
            notes.append(f"{unit.name}: shields chosen with each battlegroup's orders by the "
                         f"default commander (R9); before turn 1 "
                         f"{'raised' if raised else 'down'}")
    return params, told, notes


def tables(catalog: DropfleetCatalog) -> tuple[list[int], list[int]]:
    """The crippling tables' extra Hull and Orbital Decay, row by row (normal, Dreadnought)."""
    d = catalog.damage
    rows = d.crippling + d.dreadnought_crippling
    return [r.extra_hull for r in rows], [int(r.orbital_decay) for r in rows]


def packed(sides: list[Side], catalog: DropfleetCatalog, layer: int, enemy_inches: int,
           cap: int) -> s.Params:
    """Two armed groups, one a side (the odds' shields): each system's worth against the other
    with its shields raised and down (R9, R10; a fresh enemy, expected Hull x1000)."""
    return pack_units([side.stat for side in sides], [side.count for side in sides], [0, 1],
                      [0, 0], [[[], sides[0].rows], [sides[1].rows, []]],
                      [[x.alt for x in side.systems] for side in sides],
                      [[[], worths(sides[0], sides[1])], [worths(sides[1], sides[0]), []]],
                      layer, (enemy_inches, MATE_INCHES, MATE_INCHES, MATE_INCHES), cap,
                      *tables(catalog))


def worths(side: Side, enemy: Side) -> list[tuple[int, int]]:
    """Each of the side's systems, as armed against the enemy: its worth (shields down, up)."""
    worth = []
    for rows in side.rows:
        pair = []
        for up in (0, 1):
            e = expected(rows, enemy.stat, up, _scald(rows))
            pair.append(max(1, round(VALUE_SCALE * e)) if e > 0 else 0)
        worth.append((pair[0], pair[1]))
    return worth


def pack_units(stats: list[list[int]], counts: list[int], unit_sides: list[int],
               bgs: list[int],
               rows: list[list[list[list[list[int]]]]], alts: list[list[int]],
               values: list[list[list[tuple[int, int]]]], layer: int,
               inches: tuple[int, int, int, int], cap: int, extra: list[int],
               decay: list[int]) -> s.Params:
    """Every unit's figures (state.T_*), group size, side and battlegroup; its weapon systems
    against each target unit (`rows[unit][target]`: each system a list of line rows, state.L_*;
    empty against its own side), Alt groups and worth (shields down, up); the distances (enemy,
    mates, groups of a battlegroup, battlegroups) - laid out in one flat list (state.Params)."""
    units = len(stats)
    g = max(counts)
    lmax = max(1, *(sum(len(system) for system in against) for unit in rows
                    for against in unit))
    smax = max(1, *(len(a) for a in alts))
    lines = [0] * (units * units * lmax * s.NL)
    systems = [0] * (units * units * smax * s.NY)
    for u in range(units):
        for t in range(units):
            if unit_sides[u] == unit_sides[t]:
                continue
            at = 0
            for j, system in enumerate(rows[u][t]):
                base = ((u * units + t) * smax + j) * s.NY
                scald = int(any(r[s.L_SCALD] for r in system))
                down, up = values[u][t][j]
                systems[base:base + s.NY] = [at, len(system), alts[u][j], down, up, scald]
                for row in system:
                    start = ((u * units + t) * lmax + at) * s.NL
                    lines[start:start + s.NL] = row
                    at += 1
    table = []
    enemy, mate, group, bg = inches
    along = line_up(unit_sides, bgs, group, bg)
    for u in range(units):
        table += [unit_sides[u], counts[u], len(alts[u]), bgs[u], along[u]]
    ships = [0] * (units * g * s.NF)
    for u, n in enumerate(counts):
        for place in range(n):
            base = (u * g + place) * s.NF
            ships[base + s.S_HULL] = stats[u][s.T_HULL]
            ships[base + s.S_ALIVE] = 1
            ships[base + s.S_LAYER] = layer
    head = [x for stat in stats for x in stat]
    o_lines = len(head)
    o_systems = o_lines + len(lines)
    o_extra = o_systems + len(systems)
    o_decay = o_extra + len(extra)
    o_units = o_decay + len(decay)
    o_ships = o_units + len(table)
    return s.Params(
        data=head + lines + systems + extra + decay + table + ships + [0] * (units * g * smax),
        units=units, g=g, lmax=lmax, smax=smax, bgs=max(bgs) + 1, o_lines=o_lines,
        o_systems=o_systems, o_extra=o_extra, o_decay=o_decay, o_units=o_units,
        o_ships=o_ships, o_lost=len(ships), enemy_inches=enemy, mate_inches=mate,
        group_inches=group, bg_inches=bg, cap=cap)


def line_up(unit_sides: list[int], bgs: list[int], group: int, bg: int) -> list[int]:
    """Where each unit stands along its side's line (B4), in half inches from the line's
    middle: a side's groups in fleet order, `group` inches apart within a battlegroup and `bg`
    between battlegroups, each side's line centred on the other's, so its first group stands
    across from the enemy's first."""
    along = [0] * len(unit_sides)
    for side in (0, 1):
        mine = [u for u, each in enumerate(unit_sides) if each == side]
        at = 0
        for k, u in enumerate(mine):
            if k:
                at += group if bgs[u] == bgs[mine[k - 1]] else bg
            along[u] = 2 * at
        for u in mine:
            along[u] -= at  # half the line's length, in half inches: the middle at 0
    return along


def _system_name(system: System) -> str:
    return " + ".join(line.name for line in system.lines)


def _rules(line: WeaponLine) -> str:
    return ", ".join(str(r) for r in line.rules)


def _catastrophic_names(catalog: DropfleetCatalog) -> tuple[str, ...]:
    """Names by row code: the normal table's six rows (1-2, 3, 4, 5, 6, 7+), then the
    Dreadnought table's five (2-3, 4, 5, 6, 7+)."""
    d = catalog.damage
    normal = [r.name for r in d.catastrophic]  # 1-2, 3, 4, 5, 6, 7+
    return tuple(normal + [r.name for r in d.dreadnought_catastrophic])
