"""The terms of a fight: what the seed leaves to the table, resolved from the catalog's combat
table, the designs' `combat:` sections and the command line (which wins)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from shipyard.api import Value
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat.craft import Spec
from shipyard.systems.smallcraft.combat.geometry import UNIT_A, UNIT_B, UNIT_C, UNIT_D
from shipyard.systems.smallcraft.models import CombatTable, SmallcraftDesign


class Crew(NamedTuple):
    gunnery: int
    pilot_fires: bool
    quickness: int
    computer: int  # the skill of the computer that aims a turret when no gunner does
    piloting: int = 50  # the pilot's skill at flying: it can confuse a missile (RULINGS M3)


class Aim(NamedTuple):
    """Who aims a beam, and at what skill before the target's movement and range."""

    who: str
    skill: int
    modifiers: tuple[tuple[str, int], ...]


def aim(crew: Crew, table: CombatTable, turret: bool) -> Aim:
    """Rule 7 and dPhase 4: a gunner aims every beam; with none, the computer aims a turret (at
    its own skill, no penalty) and the busy pilot a fixed beam (at a penalty)."""
    if not crew.pilot_fires:
        return Aim("gunnery", crew.gunnery, ())
    if turret:
        return Aim("computer gunnery", crew.computer, ())
    return Aim("gunnery", crew.gunnery, (("pilot firing", -table.pilot_gunner_penalty),))


class Switches(NamedTuple):
    transverse: bool
    range_penalty: bool
    quickness_die: bool
    gunner_quickness: bool
    literal_missile_screens: bool
    strict_remainder: bool

    def named(self, die: int) -> list[str]:
        """The seed's optional rules in force: what the header of a fight says is on (the
        quickness die is on unless switched off)."""
        on = [(f"quickness-die (d{die} added to each Quickness)", self.quickness_die),
              ("gunner-quickness", self.gunner_quickness), ("transverse", self.transverse),
              ("range-penalty", self.range_penalty)]
        return [name for name, flag in on if flag]

    def readings(self) -> list[str]:
        """How the rulings R6 and R12 read the text: what the header of a fight says."""
        return [f"missile-screens={'literal' if self.literal_missile_screens else 'as-beams'}",
                f"screens-remainder={'below' if self.strict_remainder else 'at-or-under'}"]


class Setup(NamedTuple):
    """Everything a smallcraft fight needs, fixed before the first dturn."""

    specs: tuple[Spec, ...]  # every craft: side A's in fleet order, then side B's
    crews: tuple[Crew, ...]
    switches: Switches
    table: CombatTable
    beam_range: int
    range: int
    geometry: str
    pilots: tuple[Any, ...]  # a pilot factory per craft; None: the default pilot
    sides: tuple[int, ...] = (0, 1)  # each craft's side: 0 A, 1 B


def hex_ring(radius: int) -> list[tuple[int, int]]:
    """The hexes at `radius` from the origin, clockwise from straight up."""
    if radius == 0:
        return [(0, 0)]
    steps = [(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0)]  # 4, 6, 8, 10, 12, 2 o'clock
    q, r = 0, radius
    out = []
    for dq, dr in steps:
        for _ in range(radius):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def switches(table: CombatTable, given: Mapping[str, Value]) -> Switches:
    """The optional rules in force: the catalog's choices, then the command line's."""
    values = {**table.rules, **given}
    return Switches(
        transverse=values.get("transverse", "off") == "on",
        range_penalty=values.get("range-penalty", "off") == "on",
        quickness_die=values.get("quickness-die", "on") == "on",
        gunner_quickness=values.get("gunner-quickness", "off") == "on",
        literal_missile_screens=values.get("missile-screens", "literal") == "literal",
        strict_remainder=values.get("screens-remainder", "at-or-under") == "below",
    )


def crew(design: SmallcraftDesign, table: CombatTable, given: Mapping[str, Value],
         where: tuple[str | None, int | None] = (None, None)) -> Crew:
    """The crew a fight gives the craft; `where` is the design's file and the line of its
    `combat.pilot_is_gunner`, for a separate gunner the design asks for and cannot have."""
    from shipyard.api import UserError
    from shipyard.systems.smallcraft.models import Crew as CrewRow

    fixed = design.combat.model_fields_set
    computer = design.combat.computer if "computer" in fixed else table.computer_gunnery
    gunnery = design.combat.gunnery if "gunnery" in fixed else table.gunnery
    pilot_fires = (design.combat.pilot_is_gunner if "pilot_is_gunner" in fixed
                   else table.pilot_is_gunner)
    quickness = design.combat.quickness if "quickness" in fixed else table.quickness
    piloting = design.combat.piloting if "piloting" in fixed else table.piloting
    if "gunner" in given:
        pilot_fires = given["gunner"] == "pilot"
    people = sum(c.people for c in design.components if isinstance(c, CrewRow))
    if not pilot_fires and people < 2:
        carries = f"{design.name} carries {people} {'person' if people == 1 else 'people'}"
        if "gunner" in given:
            raise UserError.single("cli.crew", f"gunner=crew: {carries}, so its pilot is its "
                                   "gunner; give gunner=pilot")
        raise UserError.single("cli.crew", f"combat.pilot_is_gunner: false, but {carries}, so "
                               "its pilot is its gunner; set it true (or --crew-a/b "
                               "gunner=pilot)", *where)
    return Crew(int(given.get("gunnery", gunnery)), pilot_fires,
                int(given.get("quickness", quickness)), int(given.get("computer", computer)),
                int(given.get("piloting", piloting)))


class Params(NamedTuple):
    """Both craft and the terms of the fight, by name: what `pack` lays out for fight.py, and what
    the narrator and a user's pilot read. A per-craft table holds both craft one after the
    other, side · its stride + i, each padded to the larger; `*0` fields are the state's parts
    as a fight starts."""

    cap: int
    geometry: int  # 0 head-on, 1 pursuit, 2 crossing, 3 random
    start_range: int
    ring_q: list[int]  # the hexes at start_range, for the random geometry
    ring_r: list[int]
    transverse: int  # the seed's optional rules, and R6 read literally
    range_rule: int
    quickness_die: int  # 0: off; else the die's sides
    tie_die: int  # the die craft tied on initiative roll again (the table's, at least a d2)
    stalemate_after: int  # quiet dturns in a row that end a fight as a stalemate (0: never)
    gunner_quickness: int
    literal_screens: int
    movement_penalty: int
    pilot_penalty: int
    range_penalty: int
    range_beyond: int
    gunner_quickness_penalty: int
    screens_ratio: int
    reach: int
    detection: int
    per_sensor: int
    per_cbloc: int  # cunits a power cbloc yields
    standoff: float  # the default pilot's wishes
    closing_gain: float
    max_closing: float
    horizon: int
    strict_remainder: int  # R12: 1 when only a d6 below the remainder adds one
    evasion: float  # the default pilot's own speed across the line of fire, within reach
    n_craft: int
    side: list[int]  # each craft's side
    step_q: list[int]  # the hex step toward each clock direction (a corner's spans 2 dhexes)
    step_r: list[int]
    spacing: int  # dhexes between craft abreast in a side's formation
    quickness: list[int]
    piloting: list[int]
    gunnery: list[int]
    computer: list[int]
    pilot_fires: list[int]
    rows: list[int]  # sheet rows of each craft
    kind: list[int]
    boxes: list[int]
    last_box: list[int]
    box_count: list[int]
    owner: list[int]  # box number -> row
    armor: list[int]  # armor boxes in sheet order
    armor_count: list[int]
    drives: list[int]
    drive_row: list[int]
    drive_push: list[int]  # clock steps from the facing; −1: top or bottom
    beams: list[int]
    beam_row: list[int]
    beam_aim: list[int]  # clock steps from the facing; −1: up or down
    beam_turret: list[int]
    main_beams: list[int]
    main_beam: list[int]  # beams that act in 2D, most dhits first
    missile_kinds: list[int]
    missile_row: list[int]
    missile_move: list[int]
    missile_damage: list[int]
    missile_per_cbloc: list[int]
    beam_of_row: list[int]  # −1 when the row is no beam
    missile_of_row: list[int]
    g_of: list[int]  # G from n working drive cblocs
    cost_of: list[int]  # cblocs (and cunits) for g G
    push_away: list[int]  # the push of the strongest 2D drive (0 with none)
    by_kind: list[int]  # sheet rows by kind, in sheet order within a kind (row_stride a craft)
    kind_start: list[int]  # where each kind's rows start in by_kind, and the end (N_KINDS + 1)
    row_stride: int
    box_stride: int
    drive_stride: int
    beam_stride: int
    missile_stride: int
    armor_stride: int
    g_stride: int
    cost_stride: int
    alive0: list[int]
    mounts0: list[int]
    missiles0: list[int]
    rows0: list[int]
    boxes0: list[int]
    drives0: list[int]
    craft0: list[int]
    flights0: list[int]
    order0: list[int]
    worder0: list[int]
    group0: list[int]


KINDS = {"drive": f.K_DRIVE, "beam": f.K_BEAM, "screens": f.K_SCREENS, "sensors": f.K_SENSORS,
         "launch_tubes": f.K_TUBES, "power": f.K_POWER, "crew": f.K_CREW, "armor": f.K_ARMOR,
         "missiles": f.K_MISSILES}
GEOMETRIES = ("head-on", "pursuit", "crossing", "random")
# the hex (q, r) step toward each clock direction from 12: a hex side's neighbour, or across a
# corner the hex 2 dhexes off (the formation's line abreast runs along one of them)
STEPS = ((0, 1), (1, 1), (1, 0), (2, -1), (1, -1), (1, -2), (0, -1), (-1, -1), (-1, 0), (-2, 1),
         (-1, 1), (-1, 2))


def params(setup: Setup, cap: int) -> Params:
    """The fight's numbers: every craft padded to the same shapes (fight.py reads them)."""
    specs = setup.specs
    n_rows = max(len(s.rows) for s in specs)
    n_boxes = max(s.box_count for s in specs) + 1  # box numbers from 1
    n_drives = max(1, *(len(s.drives) for s in specs))
    n_beams = max(1, *(len(s.beams) for s in specs))
    n_missiles = max(1, *(len(s.missiles) for s in specs))
    n_g = max(len(s.g_of) for s in specs)
    n_cost = max(len(s.cost_of) for s in specs)
    n_armor = max(1, *(sum(s.rows[r].boxes for r in s.armor) for s in specs))

    def each(values: Callable[[Spec], Sequence[int]], width: int) -> list[int]:
        """A per-craft table, every craft one after the other, each padded to `width` with its
        last value (or 0)."""
        out: list[int] = []
        for spec in specs:
            row = list(values(spec))
            out += row + [row[-1] if row else 0] * (width - len(row))
        return out

    def main(spec: Spec) -> list[int]:
        return [spec.beams.index(b) for b in spec.main_beams()]

    def lookup(spec: Spec, rows: Sequence[int]) -> list[int]:
        return [rows.index(r) if r in rows else -1 for r in range(len(spec.rows))]

    def kind(spec: Spec, r: int) -> int:
        return KINDS.get(spec.rows[r].kind, f.K_OTHER)

    strongest = [s.strongest_drive() for s in specs]
    n = len(specs)
    craft0 = [0] * (n * f.NS)
    for side, spec in enumerate(specs):
        at = side * f.NS - f.CRAFT  # craft0 is the craft's part of the array
        craft0[at + f.LEFT] = spec.box_count
        for field, rows in ((f.POWER_BOXES, spec.power), (f.CREW_BOXES, spec.crew),
                            (f.TUBE_BOXES, spec.tubes)):
            craft0[at + field] = sum(spec.rows[r].boxes for r in rows)
        craft0[at + f.HAS_POWER] = int(bool(spec.power))
        craft0[at + f.HAS_CREW] = int(bool(spec.crew))
        craft0[at + f.ARMED] = -1
        craft0[at + f.TARGET] = -1
    alive = each(lambda s: [r.boxes for r in s.rows], n_rows)
    missiles = each(lambda s: [s.rows[m.row].boxes * m.per_cbloc for m in s.missiles],
                    n_missiles)
    ring = hex_ring(setup.range) if setup.geometry == "random" else [(0, setup.range)]
    table, crews, sw = setup.table, setup.crews, setup.switches
    pilot = table.pilot
    return Params(
        cap=cap, geometry=GEOMETRIES.index(setup.geometry), start_range=setup.range,
        n_craft=n, side=list(setup.sides), step_q=[q for q, _ in STEPS],
        step_r=[r for _, r in STEPS], spacing=table.formation_spacing,
        ring_q=[q for q, _ in ring], ring_r=[r for _, r in ring],
        transverse=int(sw.transverse), range_rule=int(sw.range_penalty),
        quickness_die=table.quickness_die if sw.quickness_die else 0,
        tie_die=max(table.quickness_die, 2),
        stalemate_after=table.stalemate_after,
        gunner_quickness=int(sw.gunner_quickness), literal_screens=int(sw.literal_missile_screens),
        movement_penalty=table.movement_penalty, pilot_penalty=table.pilot_gunner_penalty,
        range_penalty=table.range_penalty, range_beyond=table.range_penalty_beyond,
        gunner_quickness_penalty=table.gunner_quickness_penalty,
        screens_ratio=table.screens_ratio, reach=setup.beam_range,
        detection=specs[0].detection, per_sensor=specs[0].per_sensor,
        per_cbloc=specs[0].power_per_cbloc,
        standoff=float(pilot.standoff), closing_gain=float(pilot.closing_gain),
        max_closing=float(pilot.max_closing), horizon=pilot.missile_horizon,
        strict_remainder=int(sw.strict_remainder), evasion=float(pilot.evasion),
        quickness=[c.quickness for c in crews], piloting=[c.piloting for c in crews],
        gunnery=[c.gunnery for c in crews],
        computer=[c.computer for c in crews], pilot_fires=[int(c.pilot_fires) for c in crews],
        rows=[len(s.rows) for s in specs],
        kind=each(lambda s: [KINDS.get(r.kind, f.K_OTHER) for r in s.rows], n_rows),
        boxes=alive, last_box=each(lambda s: [r.last for r in s.rows], n_rows),
        box_count=[s.box_count for s in specs],
        owner=each(lambda s: [0, *s.row_of_box()[1:]], n_boxes),
        armor=each(lambda s: [b for r in s.armor
                              for b in range(s.rows[r].first, s.rows[r].last + 1)], n_armor),
        armor_count=[sum(s.rows[r].boxes for r in s.armor) for s in specs],
        drives=[len(s.drives) for s in specs],
        drive_row=each(lambda s: [d.row for d in s.drives], n_drives),
        drive_push=each(lambda s: [-1 if d.push is None else d.push for d in s.drives],
                        n_drives),
        beams=[len(s.beams) for s in specs],
        beam_row=each(lambda s: [b.row for b in s.beams], n_beams),
        beam_aim=each(lambda s: [-1 if b.aim is None else b.aim for b in s.beams], n_beams),
        beam_turret=each(lambda s: [int(b.turret) for b in s.beams], n_beams),
        main_beams=[len(main(s)) for s in specs], main_beam=each(main, n_beams),
        missile_kinds=[len(s.missiles) for s in specs],
        missile_row=each(lambda s: [m.row for m in s.missiles], n_missiles),
        missile_move=each(lambda s: [m.move for m in s.missiles], n_missiles),
        missile_damage=each(lambda s: [m.damage for m in s.missiles], n_missiles),
        missile_per_cbloc=each(lambda s: [m.per_cbloc for m in s.missiles], n_missiles),
        beam_of_row=each(lambda s: lookup(s, [b.row for b in s.beams]), n_rows),
        missile_of_row=each(lambda s: lookup(s, [m.row for m in s.missiles]), n_rows),
        g_of=each(lambda s: s.g_of, n_g), cost_of=each(lambda s: s.cost_of, n_cost),
        push_away=[(d.push or 0) if d is not None else 0 for d in strongest],
        by_kind=each(lambda s: sorted(range(len(s.rows)), key=lambda r: (kind(s, r), r)),
                     n_rows),
        kind_start=each(lambda s: [sum(1 for r in range(len(s.rows)) if kind(s, r) < k)
                                   for k in range(f.N_KINDS + 1)], f.N_KINDS + 1),
        row_stride=n_rows, box_stride=n_boxes, drive_stride=n_drives, beam_stride=n_beams,
        missile_stride=n_missiles, armor_stride=n_armor, g_stride=n_g, cost_stride=n_cost,
        alive0=alive,
        mounts0=(each(lambda s: [int(b.turret) for b in s.beams], n_beams)),
        missiles0=missiles, rows0=[0] * (n * n_rows), boxes0=[0] * (n * n_boxes),
        drives0=[0] * (n * n_drives), craft0=craft0,
        flights0=[0] * (f.FW * max(1, sum(missiles))),
        order0=[0] * n, worder0=[0] * n, group0=[0] * n,
    )


SEGMENTS = (("alive0", f.S_ALIVE), ("boxes0", f.S_DESTROYED), ("rows0", f.S_POWER),
            ("mounts0", f.S_MOUNTS), ("missiles0", f.S_MISSILES), ("drives0", f.S_THRUST),
            ("flights0", f.S_FLIGHTS), ("order0", f.S_ORDER), ("worder0", f.S_WORDER),
            ("group0", f.S_GROUP))
FLOATS = ("standoff", "closing_gain", "max_closing", "evasion")


def pack(p: Params) -> f.Fight:
    """`p` as fight.py reads it: one array, the stream's place, the header, both craft's
    numbers and the flight count at fixed places, then every per-craft table and the state's
    parts."""
    a = [0] * (f.CRAFT + p.n_craft * f.NS)
    for name, value in p._asdict().items():
        if name.endswith("0"):
            continue
        if isinstance(value, list):
            a[getattr(f, "T_" + name.upper())] = len(a)
            a += value
        elif name in FLOATS:
            a[getattr(f, name.upper())] = round(value * 1000)
        else:
            a[f.DTURN_CAP if name == "cap" else getattr(f, name.upper())] = int(value)
    a[f.RING_SIZE] = len(p.ring_q)
    a[f.CRAFT:f.CRAFT + len(p.craft0)] = p.craft0
    for at, unit in ((f.U_A, UNIT_A), (f.U_B, UNIT_B), (f.U_C, UNIT_C), (f.U_D, UNIT_D)):
        a[at:at + 12] = unit
    for name, at in SEGMENTS:
        a[at] = len(a)
        a += getattr(p, name)
    return f.Fight(a)
