"""Pilots: who decides what a craft does each dphase. Replace the default with your own.

A pilot is any object with these five methods (subclass `Pilot` and override what you like);
each gets the `Situation` at its dphase and answers with orders the fight checks against the
rules:

    power(s)  -> {row: cunits}     dPhase 1: power for sheet rows (drives, beams, screens,
                                   sensors, launch tubes); at most the supply
    thrust(s) -> {row: G}          dPhase 2: G fired from each drive, within its powered G
    turn(s)   -> int               dPhase 3: half hex-sides (30°), -2..2, + is clockwise
    fire(s)   -> [row, ...]        dPhase 4: beams to fire at s.foe; each must bear and be in
                                   range; or {row: enemy, ...}: each beam at its own enemy
                                   (one of s.enemies), "each beam ... chooses its target"
    launch(s) -> {row: count}      dPhase 6: missiles from each missile row
    target(s) -> Craft             each dturn: the enemy the craft steers, fires and launches
                                   at (one of s.enemies; the default: the nearest, RULINGS C2)

`s.enemies` are the enemies in the battle the craft's side knows of (RULINGS C7).

Rows are indices into `s.me.spec.rows` (the sheet, in order). Load your own with
`shipyard duel A B --pilot-a my_pilots.py:Cautious`; a replaced pilot flies uncompiled. In a
battle a side's pilot flies each of its craft (a new one a craft): `s.me.name` names the asking
craft and `s.enemies` the enemies still in the battle it may choose.

The default pilot's decisions are fight rules (fight.py: plan, burn, wanted_change, facing_wish,
launch_wish), compiled with the rest; `Pilot`'s methods return what they decide, and
`PilotAsker` puts a user's answers to the questions the rules `ask`.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, NoReturn

from shipyard.api import consult, refuse
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat import geometry
from shipyard.systems.smallcraft.combat.craft import BeamRow, Spec
from shipyard.systems.smallcraft.combat.table import Params

POWERED = (f.K_DRIVE, f.K_BEAM, f.K_SCREENS, f.K_SENSORS, f.K_TUBES)


class Craft:
    """One craft as a pilot sees it, read from the fight's state as it stands."""

    def __init__(self, p: Params, t: list[int], st: list[int], spec: Spec, side: int) -> None:
        self.p, self.t, self.st, self.spec, self.side = p, t, st, spec, side
        self.name = spec.name

    def _rows(self, segment: int, stride: int, count: int) -> list[int]:
        at = self.t[segment] + self.side * stride
        return [int(v) for v in self.st[at:at + count]]

    def _at(self, field: int) -> int:
        return int(self.st[self.side * f.NS + field])

    @property
    def alive(self) -> list[int]:
        """Surviving boxes of each sheet row (a turret's mount counted in its row)."""
        return self._rows(f.S_ALIVE, self.p.row_stride, len(self.spec.rows))

    @property
    def boxes(self) -> SimpleNamespace:
        return SimpleNamespace(alive=self.alive, left=self._at(f.LEFT),
                               count=self.spec.box_count)

    @property
    def power(self) -> list[int]:
        return self._rows(f.S_POWER, self.p.row_stride, len(self.spec.rows))

    @property
    def mounts(self) -> list[int]:
        return self._rows(f.S_MOUNTS, self.p.beam_stride, len(self.spec.beams))

    @property
    def missiles(self) -> list[int]:
        return self._rows(f.S_MISSILES, self.p.missile_stride, len(self.spec.missiles))

    @property
    def pos(self) -> tuple[int, int, int, int]:
        return self._at(f.PA), self._at(f.PB), self._at(f.PC), self._at(f.PD)

    @property
    def vel(self) -> tuple[int, int, int, int]:
        return self._at(f.VA), self._at(f.VB), self._at(f.VC), self._at(f.VD)

    @property
    def facing(self) -> int:
        return self._at(f.FACING)

    def hex(self) -> tuple[int, int]:
        return self._at(f.HQ), self._at(f.HR)

    def vector_to(self, foe: Craft) -> tuple[int, int]:
        (q, r), (fq, fr) = self.hex(), foe.hex()
        return fq - q, fr - r

    def range_to(self, foe: Craft) -> int:
        return geometry.hex_distance(*self.vector_to(foe))

    def beam_at(self, row: int) -> BeamRow:
        for beam in self.spec.beams:
            if beam.row == row:
                return beam
        raise KeyError(row)

    def _beam(self, beam: BeamRow) -> int:
        return self.spec.beams.index(beam)

    def dhits(self, beam: BeamRow) -> int:
        return f.beam_dhits(self.st, self.side, self._beam(beam))

    def bears(self, beam: BeamRow, foe: Craft) -> bool:
        return f.bears(self.st, self.side, self._beam(beam), *self.vector_to(foe))

    def can_fire(self, beam: BeamRow, foe: Craft) -> bool:
        return f.can_fire(self.st, self.side, self._beam(beam), foe.side)

    def drive_g(self, row: int) -> int:
        """G the drive on sheet row `row` gives now, as it is powered."""
        drive = [d.row for d in self.spec.drives].index(row)
        return f.drive_g(self.st, self.side, drive)

    def screens(self) -> int:
        return f.powered(self.st, self.side, f.K_SCREENS)

    def detection(self) -> int:
        return f.detection(self.st, self.side)

    def supply(self) -> int:
        return f.supply(self.st, self.side)

    def tubes_ready(self) -> int:
        return f.tubes_ready(self.st, self.side)

    def armed(self) -> bool:
        return f.armed(self.st, self.side)

    def mobile(self) -> bool:
        return f.mobile(self.st, self.side)


class Situation:
    """What a pilot knows: its own craft, its foe (the enemy the default commander has it steer
    against this dturn: the nearest, RULINGS C2), every enemy still in the battle, the dturn,
    the range in dhexes and the clock direction of the foe. In a duel the foe is the one
    enemy."""

    def __init__(self, dturn: int, me: Craft, foe: Craft,
                 enemies: tuple[Craft, ...] = ()) -> None:
        self.dturn, self.me, self.foe = dturn, me, foe
        self.enemies = enemies or (foe,)
        dq, dr = me.vector_to(foe)
        self.range = geometry.hex_distance(dq, dr)
        self.bearing = geometry.bearing(dq, dr, me.facing)

    def bears(self, beam_row: int) -> bool:
        """Whether a beam bears on the foe after this dturn's turn (dPhase 4)."""
        return self.me.bears(self.me.beam_at(beam_row), self.foe)


class Pilot:
    """The default pilot (RULINGS, "The default pilot"): closes to its standoff range and moves
    across the foe's line of fire, turns its drive where it must burn (out of beam reach or
    with the range opening) and its best beam on the foe otherwise, fires whatever bears, and
    keeps its missiles for a shot that can land; with no weapon left it flees. Each method
    returns what the compiled rules decide (fight.py: plan, facing_wish, launch_wish)."""

    def power(self, s: Situation) -> dict[int, int]:
        # the rules planned this dturn's power before asking: it stands in the state
        return {r: n for r, n in enumerate(s.me.power) if n}

    def thrust(self, s: Situation) -> dict[int, int]:
        me = s.me
        planned = me._rows(f.S_THRUST, me.p.drive_stride, len(me.spec.drives))
        return {d.row: min(g, me.drive_g(d.row))
                for d, g in zip(me.spec.drives, planned, strict=True) if g}

    def turn(self, s: Situation) -> int:
        return f.turn_wish(s.me.st, s.me.side)

    def fire(self, s: Situation) -> list[int]:
        return [b.row for b in s.me.spec.beams if s.me.can_fire(b, s.foe)]

    def target(self, s: Situation) -> Craft:
        return s.foe  # the default commander's choice, offered as the foe (RULINGS C2)

    def launch(self, s: Situation) -> dict[int, int]:
        me = s.me
        room = me.tubes_ready()
        out = {}
        for i, m in enumerate(me.spec.missiles):
            n = f.launch_wish(me.st, me.side, i, room, 0)
            room -= n
            if n:
                out[m.row] = n
        return out


# what each of a pilot's methods answers (the module's note), checked before its orders are
ANSWERS: dict[str, Any] = {
    "power": dict[int, int], "thrust": dict[int, int], "turn": int,
    "fire": list[int] | dict[int, str | Craft], "launch": dict[int, int],
    "target": str | Craft,
}


class PilotAsker:
    """Answers the rules' questions with a user's own pilot, one side or both: asks its method
    once a dphase, checks the orders against the rules, and hands them out row by row."""

    def __init__(self, p: Params, t: list[int], specs: tuple[Spec, ...],
                 factories: tuple[Callable[[], Any] | None, ...]) -> None:
        self.p, self.t, self.specs, self.factories = p, t, specs, factories
        self.pilots: list[Any] = [None] * len(specs)
        self.orders: dict[tuple[int, int, int], Any] = {}
        self.st: list[int] = []

    def __call__(self, side: int, question: int, facts: tuple[Any, ...], default: int) -> int:
        factory = self.factories[side]
        if factory is None:
            return default
        if question == f.Q_AIM:  # each beam at its own enemy, when the pilot named one
            orders = self.orders.get((side, f.Q_FIRE, facts[1]))
            if isinstance(orders, dict):
                return int(orders[self.specs[side].beams[facts[0]].row].side)
            return default  # else the craft's target (the orders were checked against it)
        if question == f.Q_TARGET:
            return self._target(side, facts[1], default)
        if question == f.Q_BEGIN:
            self.st = facts[2]  # the fight's state, read as it changes
            self.pilots[side] = self._call(side, 0, factory)
            self.orders.clear()
            return default
        index, dturn = facts
        key = (side, question, dturn)
        if key not in self.orders:
            self.orders[key] = self._ask(side, question, dturn, self.st)
        orders = self.orders[key]
        spec = self.specs[side]
        if question == f.Q_POWER:
            return int(orders.get(index, 0))
        if question == f.Q_THRUST:
            return int(orders.get(spec.drives[index].row, 0))
        if question == f.Q_FIRE:
            return int(spec.beams[index].row in orders)
        if question == f.Q_LAUNCH:
            return int(orders.get(spec.missiles[index].row, 0))
        return int(orders)

    def _target(self, side: int, dturn: int, default: int) -> int:
        """The craft's pilot picks its target among the enemies in the battle (the default
        commander's choice offered as `s.foe`); before the fight begins, the default."""
        pilot = self.pilots[side]
        if pilot is None or not hasattr(pilot, "target"):
            return default
        s = self._situation(side, dturn, self.st, default)
        chosen = self._call(side, dturn, pilot.target, s)
        enemies = {e.name: e.side for e in s.enemies}
        name = getattr(chosen, "name", chosen)
        if name not in enemies:
            refuse = _Refuse(s.me.name, dturn, pilot.target)
            refuse(f"target {name!r}: choose one of the enemies its side knows of, "
                   f"{', '.join(enemies)}")
        return enemies[name]

    def _situation(self, side: int, dturn: int, st: list[int], target: int) -> Situation:
        me = Craft(self.p, self.t, st, self.specs[side], side)
        sides = self.p.side
        enemies = tuple(Craft(self.p, self.t, st, self.specs[c], c)
                        for c in range(len(self.specs))
                        if sides[c] != sides[side] and st[c * f.NS + f.FATE] == f.IN_FIGHT
                        and f.known(st, side, c))
        return Situation(dturn, me, Craft(self.p, self.t, st, self.specs[target], target),
                         enemies)

    def _call(self, side: int, dturn: int, method: Callable[..., Any], *args: Any) -> Any:
        """The user's method asked through the core's one adapter: its answer of the type
        the method answers (ANSWERS), or one line at the user's FILE:LINE."""
        return consult(method, *args, answer=ANSWERS.get(getattr(method, "__name__", ""), Any),
                       who=f"the pilot of {self.specs[side].name}, dturn {dturn}")

    def _ask(self, side: int, question: int, dturn: int, st: list[int]) -> Any:
        s = self._situation(side, dturn, st, int(st[side * f.NS + f.TARGET]))
        me = s.me
        pilot = self.pilots[side]
        name = ("power", "thrust", "turn", "fire", "launch")[question - f.Q_POWER]
        method = getattr(pilot, name)
        orders = self._call(side, dturn, method, s)
        check = getattr(self, f"_check_{name}")
        checked = check(me, s, orders, _Refuse(me.name, dturn, method))
        return orders if checked is None else checked

    def _check_power(self, me: Craft, s: Situation, orders: Any, refuse: _Refuse) -> None:
        p, side = self.p, me.side
        for row, cunits in orders.items():
            if not (isinstance(row, int) and 0 <= row < len(me.spec.rows)
                    and p.kind[side * p.row_stride + row] in POWERED):
                refuse(f"power for row {row}: only drives, beams, screens, sensors and launch "
                       "tubes draw power")
            if not 0 <= cunits <= me.alive[row]:
                refuse(f"{cunits} cunits for {me.spec.rows[row].label}: it takes "
                       f"0..{me.alive[row]} (its surviving cblocs)")
        if sum(orders.values()) > me.supply():
            refuse(f"allocated {sum(orders.values())} cunits of a {me.supply()}-cunit supply")

    def _check_thrust(self, me: Craft, s: Situation, orders: Any, refuse: _Refuse) -> None:
        drives = {d.row: d for d in me.spec.drives}
        unknown = sorted(set(orders) - set(drives))
        if unknown:
            refuse(f"thrust for rows {unknown}, which are not drives")
        for row, g in orders.items():
            if not g:
                continue
            if drives[row].push is None:
                refuse(f"{drives[row].label} does nothing in 2D")
            most = me.drive_g(row)
            if not 0 <= g <= most:
                refuse(f"{g}G from {drives[row].label}: it gives 0..{most}G now")

    def _check_turn(self, me: Craft, s: Situation, delta: Any, refuse: _Refuse) -> None:
        if not (isinstance(delta, int) and -2 <= delta <= 2):
            refuse(f"a turn of {delta} half hex-sides: the most is 2 (60°) either way")

    def _check_fire(self, me: Craft, s: Situation, rows: Any, refuse: _Refuse) -> Any:
        """A list of rows fires at s.foe; a dict names each beam's enemy (returned with the
        names turned into the enemies, so a pilot may name an enemy or hand it over)."""
        if isinstance(rows, dict):
            enemies = {e.name: e for e in s.enemies}
            chosen = {}
            for row, enemy in rows.items():
                name = getattr(enemy, "name", enemy)
                if name not in enemies:
                    refuse(f"row {row} at {name!r}: choose one of the enemies its side knows "
                           f"of, {', '.join(enemies)}")
                chosen[row] = enemies[name]
            pairs = list(chosen.items())
        else:
            if len(set(rows)) != len(rows):
                refuse("a beam fires once a dturn")
            pairs = [(row, s.foe) for row in rows]
        for row, enemy in pairs:
            try:
                beam = me.beam_at(row)
            except KeyError:
                refuse(f"row {row} is not a beam")
            if not me.can_fire(beam, enemy):
                refuse(f"{beam.label} cannot fire at {enemy.name}: it must bear, be within "
                       f"{self.p.reach} dhexes and have power")
        return chosen if isinstance(rows, dict) else rows

    def _check_launch(self, me: Craft, s: Situation, orders: Any, refuse: _Refuse) -> None:
        rows = [m.row for m in me.spec.missiles]
        unknown = sorted(set(orders) - set(rows))
        if unknown:
            refuse(f"launch from rows {unknown}, which hold no missiles")
        total = sum(orders.values())
        if total and s.range > self.p.reach:
            refuse(f"missiles at {s.foe.name}, {s.range} dhexes off: craft weaponry reaches "
                   f"{self.p.reach} dhexes")
        if total and total > me.tubes_ready():
            refuse(f"{total} missiles at once: {me.tubes_ready()} tubes are powered and ready")
        for row, n in orders.items():
            left = me.missiles[rows.index(row)]
            if n and not 0 < n <= left:
                refuse(f"{n} missiles from {me.spec.rows[row].label}: {left} left")


class _Refuse:
    """An order the rules cannot carry out: one line at the user's method that gave it."""

    def __init__(self, name: str, dturn: int, method: Any = None) -> None:
        self.name, self.dturn, self.method = name, dturn, method

    def __call__(self, message: str) -> NoReturn:
        raise refuse(self.method, f"the pilot of {self.name}, dturn {self.dturn}", message)
