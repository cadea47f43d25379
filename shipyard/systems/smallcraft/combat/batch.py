"""The batch engine: many smallcraft fights at once, one NumPy array element per fight.

Same rules, same default pilot: movement, arcs and the pilot's decisions come from the very
functions the narrated engine calls (tactics.py, hexes.py), here fed arrays instead of numbers.
What differs is bookkeeping only, and it is equal in distribution:

* a sheet is kept as surviving boxes per row, not box by box; "roll d(hull), reroll a destroyed
  box" is a uniform pick among the surviving boxes, which is what the reroll amounts to;
* dice come from NumPy's generator, not `random.Random`, so a series is the same for the same
  seed on the same installation, while each narrated fight replays anywhere.

A turret's mount is its own column here (it is one box of its sheet row); the missiles one
craft launches from one row in one dturn fly as one slot of arrays. Tests check that both
engines fly the same and give the same win rates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from shipyard.api import Columns, Progress
from shipyard.systems.smallcraft.combat import hexes, tactics
from shipyard.systems.smallcraft.combat import table as tables
from shipyard.systems.smallcraft.combat.craft import Spec
from shipyard.systems.smallcraft.combat.table import Setup

CHUNK = 100_000  # fights per pass: large enough to amortise NumPy's per-call cost
REROLLS = 1  # d(hull) rolls before picking among the surviving boxes directly
REASONS = ("", "destroyed", "crew-lost", "power-lost", "disabled", "escaped",
           "lost-contact", "harmless", "cap", "both-lost")
CODE = {name: i for i, name in enumerate(REASONS)}


class Numpy:
    """The array namespace of xp.py, for NumPy arrays."""

    pi = float(np.pi)
    minimum = staticmethod(np.minimum)
    maximum = staticmethod(np.maximum)
    sqrt = staticmethod(np.sqrt)
    atan2 = staticmethod(np.arctan2)
    abs = staticmethod(np.abs)
    sign = staticmethod(np.sign)
    not_ = staticmethod(np.logical_not)

    def __init__(self) -> None:
        self._tables: dict[int, tuple[Any, np.ndarray]] = {}

    @staticmethod
    def floor(x: Any) -> Any:
        return np.floor(x).astype(np.int64)

    @staticmethod
    def int_(x: Any) -> Any:
        return np.asarray(x).astype(np.int64)

    @staticmethod
    def where(condition: Any, yes: Any, no: Any) -> Any:
        # np.where costs ~4 ns an element on a mixed mask (branch misses), ~0 to test the
        # mask: most masks here are all one way (every craft armed, every range non-zero)
        if isinstance(condition, np.ndarray):
            if condition.all():
                pick = yes
            elif not condition.any():
                pick = no
            else:
                return np.where(condition, yes, no)
            kind = np.result_type(yes, no)
            if isinstance(pick, np.ndarray) and pick.shape == condition.shape:
                return pick.astype(kind, copy=False)
            return np.full(condition.shape, pick, dtype=kind)
        return np.where(condition, yes, no)

    @staticmethod
    def wrap(x: Any, n: Any) -> Any:
        # x % n for -n <= x < 2n, exactly (x - n and x + n are what a float modulo computes
        # there, and x + 0.0 turns -0.0 into 0.0 as it does): a modulo costs ~17 ns an
        # element on floats and ~4 on integers, this ~1
        return x + n * (x < 0) - n * (x >= n)

    def take(self, table: Any, index: Any) -> Any:
        cached = self._tables.get(id(table))
        if cached is None or cached[0] is not table:
            cached = (table, np.asarray(table))
            self._tables[id(table)] = cached
        return np.take(cached[1], index)


NP = Numpy()


class Dice:
    """NumPy's generator, counting every uniform number drawn."""

    def __init__(self, seed: int, chunk: int) -> None:
        self.rng = np.random.default_rng([seed, chunk])
        self.draws = 0

    def d(self, sides: Any, n: int) -> Any:
        self.draws += n
        return (self.rng.random(n) * sides).astype(np.int64) + 1


@dataclass
class Slot:
    """The missiles one craft launched from one missile row in one dturn, in every fight."""

    row: int  # index into spec.missiles
    count: np.ndarray  # missiles still flying in each fight (0: none there)
    q: np.ndarray
    r: np.ndarray
    flown: int = 1  # dhexes from the launcher, the same in every fight: it appears 1 dhex out


@dataclass
class Side:
    """One craft in every fight of a pass."""

    spec: Spec
    boxes: np.ndarray  # (columns, fights) surviving boxes: each column's counts contiguous
    column: list[int]  # sheet row -> its column (a turret's weapon boxes)
    mount_column: dict[int, int]  # beam index -> the column of its turret mount
    pos: list[np.ndarray]  # a, b, c, d: whole numbers, kept as floats (exact below 2**53)
    vel: list[np.ndarray]  # so that the float views need no conversion each dturn
    facing: np.ndarray
    facing_before: np.ndarray
    turned: np.ndarray
    power: list[Any]
    left: np.ndarray  # boxes left in all
    dealt: np.ndarray
    owner: np.ndarray  # box number - 1 -> its column
    size: np.ndarray  # boxes each column starts with
    missiles: list[np.ndarray]  # missiles left in each missile row
    flights: list[Slot]  # its missiles in flight, in the order they were launched
    moved: tactics.Kin | None = None  # where the last dturn's movement left it, if still so
    before: list[np.ndarray] | None = None  # a, b, c, d where this dturn's movement began

    @property
    def armor(self) -> np.ndarray | None:
        cols = [self.column[r] for r in self.spec.armor]
        return np.asarray(cols, dtype=np.int64) if cols else None

    def alive(self) -> list[Any]:
        """Surviving boxes per sheet row, a turret's mount included (as tactics.py wants)."""
        rows: list[Any] = [self.boxes[self.column[r]] for r in range(len(self.spec.rows))]
        for i, col in self.mount_column.items():
            row = self.spec.beams[i].row
            rows[row] = rows[row] + self.boxes[col]
        return rows

    def mounts(self) -> list[Any]:
        return [self.boxes[self.mount_column[i]] if i in self.mount_column else 0
                for i in range(len(self.spec.beams))]

    def kin(self) -> tactics.Kin:
        (a, b, c, d), (va, vb, vc, vd) = self.pos, self.vel
        kin = tactics.Kin(a, b, c, d, va, vb, vc, vd, self.facing)
        if self.moved is not None:
            # nothing has moved it since: its hex, speed and float views stand (they do not
            # depend on its facing, which the turn changed), and need not be worked out again
            kin._cache.update(self.moved._cache)
        return kin

    def keep(self, mask: np.ndarray) -> None:
        self.moved = None
        self.boxes = np.compress(mask, self.boxes, axis=1)  # stays C-contiguous (_inflict)
        self.pos = [v[mask] for v in self.pos]
        self.before = None if self.before is None else [v[mask] for v in self.before]
        self.vel = [v[mask] for v in self.vel]
        for name in ("facing", "facing_before", "turned", "left", "dealt"):
            setattr(self, name, getattr(self, name)[mask])
        self.power = [p[mask] if isinstance(p, np.ndarray) else p for p in self.power]
        self.missiles = [m[mask] for m in self.missiles]
        self.flights = [Slot(f.row, f.count[mask], f.q[mask], f.r[mask], f.flown)
                        for f in self.flights
                        if f.count[mask].any()]

    def flying(self) -> Any:
        """Fights where this craft has missiles in flight."""
        out: Any = False
        for f in self.flights:
            out = out | (f.count > 0)
        return out


def _side(spec: Spec, n: int, start: Any) -> Side:
    columns: list[int] = []
    counts: list[int] = []
    mount_column: dict[int, int] = {}
    turrets = {b.row: i for i, b in enumerate(spec.beams) if b.turret}
    for row in spec.rows:
        columns.append(len(counts))
        counts.append(row.boxes - (1 if row.index in turrets else 0))
    for i in turrets.values():
        mount_column[i] = len(counts)
        counts.append(1)
    owner = []
    for row in spec.rows:
        owner += [columns[row.index]] * row.boxes
        if row.index in turrets:
            owner[-1] = mount_column[turrets[row.index]]  # a turret's last box is its mount
    boxes = np.repeat(np.asarray(counts, dtype=np.int32)[:, None], n, axis=1)
    pos = [np.asarray(start[k], dtype=np.float64).copy() for k in range(4)]
    zero = np.zeros(n, dtype=np.int64)
    still = np.zeros(n, dtype=np.float64)
    return Side(spec, boxes, columns, mount_column, pos, [still.copy() for _ in range(4)],
                start[4].copy(), start[4].copy(), zero.copy(), [0] * len(spec.rows),
                np.full(n, spec.box_count, dtype=np.int64), zero.copy(),
                np.asarray(owner, dtype=np.int64), np.asarray(counts, dtype=np.float64),
                [np.full(n, spec.rows[m.row].boxes * m.per_cbloc, dtype=np.int64)
                 for m in spec.missiles], [])


def run(setup: Setup, runs: int, seed: int, cap: int,
        progress: Progress | None = None) -> Columns:
    out = Columns(engine="batch")
    for chunk, first in enumerate(range(0, runs, CHUNK)):
        n = min(CHUNK, runs - first)
        out.extend(_pass(setup, n, seed, chunk, cap, progress))
    return out


def _starts(setup: Setup, n: int, dice: Dice) -> tuple[Any, Any]:
    if setup.geometry != "random":
        a, b = setup.start(lambda sides: 1)
        return ([np.full(n, v, dtype=np.int64) for v in (*a.position, a.facing)],
                [np.full(n, v, dtype=np.int64) for v in (*b.position, b.facing)])
    from shipyard.systems.smallcraft.combat.table import hex_ring

    ring = np.asarray(hex_ring(setup.range), dtype=np.int64)
    pick = dice.d(len(ring), n) - 1
    q, r = ring[pick, 0], ring[pick, 1]
    zero = np.zeros(n, dtype=np.int64)
    fa, fb = dice.d(12, n) - 1, dice.d(12, n) - 1
    return [zero, zero, zero, zero, fa], [zero, q, q + 2 * r, zero, fb]


class _Pass:
    """One pass of n fights, stepped a dturn at a time over the fights still going."""

    def __init__(self, setup: Setup, n: int, seed: int, chunk: int) -> None:
        self.setup = setup
        self.table = setup.table
        self.dice = Dice(seed, chunk)
        start_a, start_b = _starts(setup, n, self.dice)
        self.sides = [_side(setup.specs[0], n, start_a), _side(setup.specs[1], n, start_b)]
        self.index = np.arange(n)  # which fight each array element is
        self.winner = np.full(n, -1, dtype=np.int64)
        self.reason = np.zeros(n, dtype=np.int64)
        self.rounds = np.zeros(n, dtype=np.int64)
        self.dealt = np.zeros((n, 2), dtype=np.int64)
        self.ended = np.zeros(n, dtype=bool)  # over, not yet dropped from the arrays
        self.dropped = 0  # of those, how many already counted as ended
        self.over = self.ended

    # --- the dturn ---

    def dturn(self, number: int) -> None:
        sides = self.sides
        m = len(self.index)
        self.over = self.ended.copy()
        self.number = number
        a_first = self._initiative(m)
        alive = [s.alive() for s in sides]
        mounts = [s.mounts() for s in sides]
        missiles = [s.missiles for s in sides]
        kins = [s.kin() for s in sides]
        armed = [tactics.armed(NP, s.spec, alive[i], mounts[i], missiles[i])
                 for i, s in enumerate(sides)]
        for i, s in enumerate(sides):  # dPhase 1 and 2: power, then the burn
            plan = tactics.plan(NP, s.spec, self.table.pilot, kins[i], kins[1 - i], alive[i],
                                mounts[i], missiles[i], armed[i], armed[1 - i])
            s.power = plan.power
            for drive, g in zip(s.spec.drives, plan.thrust, strict=True):
                if drive.push is None or not np.any(g):
                    continue
                for j in range(4):
                    s.vel[j] = s.vel[j] + g * NP.take(hexes.ROTATED_UNIT[j][drive.push],
                                                      s.facing)
        for s in sides:
            s.moved = None
            s.before = list(s.pos)
            for j in range(4):
                s.pos[j] = s.pos[j] + s.vel[j]
        kins = self.kins = [s.kin() for s in sides]
        for s, kin in zip(sides, kins, strict=True):
            s.moved = kin
        (qa, ra), (qb, rb) = kins[0].hex(NP), kins[1].hex(NP)
        self.apart = ((qb - qa, rb - ra), (qa - qb, ra - rb))  # each craft to its foe
        ahead = hexes.sector(NP, *self.apart[0])
        # the foe sees the opposite way: half a turn on, in whole half-steps, exactly
        self.toward = [ahead, NP.wrap(ahead + 24, 48)]
        for i, s in enumerate(sides):  # dPhase 3
            s.turned = tactics.turn(NP, s.spec, kins[i], kins[1 - i], alive[i], mounts[i],
                                    armed[i], self.toward[i])
            s.facing_before = s.facing
            s.facing = NP.wrap(s.facing + s.turned, 12)
        weapons_a_first = self._weapon_order(a_first)
        self.aim: list[Any] = [0, 0]
        sights = [self._sights(0), self._sights(1)]
        for slot in (0, 1):  # dPhase 4, in order of the gunners
            for i in (0, 1):
                turn = weapons_a_first if (i == 0) == (slot == 0) else ~weapons_a_first
                self._beams(i, turn, sights[i])
        if sides[0].flights or sides[1].flights:
            self._missiles_fly(weapons_a_first)  # dPhase 5
        for i in (0, 1):
            self._launch(i)  # dPhase 6
        self._end_of_dturn()

    def _initiative(self, m: int) -> Any:
        crews = self.setup.crews
        if not self.setup.switches.quickness_die:
            self.scores = (np.full(m, crews[0].quickness), np.full(m, crews[1].quickness))
            return np.full(m, crews[0].quickness >= crews[1].quickness)
        die = self.table.quickness_die
        sa = crews[0].quickness + self.dice.d(die, m)
        sb = crews[1].quickness + self.dice.d(die, m)
        tie = np.flatnonzero(sa == sb) if die > 1 else np.zeros(0, dtype=np.int64)
        while len(tie):
            sa[tie] = crews[0].quickness + self.dice.d(die, len(tie))
            sb[tie] = crews[1].quickness + self.dice.d(die, len(tie))
            tie = tie[sa[tie] == sb[tie]]
        self.scores = (sa, sb)
        return sa >= sb

    def _weapon_order(self, a_first: Any) -> Any:
        if not self.setup.switches.gunner_quickness:
            return a_first
        penalty = self.table.gunner_quickness_penalty
        crews = self.setup.crews
        wa = self.scores[0] - (penalty if crews[0].pilot_fires else 0)
        wb = self.scores[1] - (penalty if crews[1].pilot_fires else 0)
        return np.where(wa == wb, a_first, wa > wb)

    # dPhase 4
    def _sights(self, i: int) -> list[tuple[int, Any]]:
        """For each beam of craft i: where it could fire this dturn (in range, bearing) and the
        gunner's target number there. Neither changes within dPhase 4."""
        shooter = self.sides[i]
        dq, dr = self.apart[i]
        distance = hexes.hex_distance(NP, dq, dr)
        crew = self.setup.crews[i]
        moving = tactics.target_moving(NP, self.setup.switches.transverse, self.kins[1 - i],
                                       dq, dr)
        penalty = self.table.movement_penalty * moving
        if self.setup.switches.range_penalty:
            beyond = np.maximum(0, distance - self.table.range_penalty_beyond)
            penalty = penalty + self.table.range_penalty * beyond
        in_range = distance <= self.setup.beam_range
        mounts = shooter.mounts()
        out = []
        self.aim[i] = {}
        for b, beam in enumerate(shooter.spec.beams):
            if beam.aim is None or not in_range.any():
                continue
            who = tables.aim(crew, self.table, beam.turret)
            aim = who.skill + sum(value for _, value in who.modifiers) - penalty
            self.aim[i][b] = aim
            can = in_range & (aim > 0) & tactics.bears(  # aim <= 0 never hits
                NP, beam, shooter.facing_before, shooter.turned, mounts[b], dq, dr,
                self.toward[i])
            out.append((b, can))
        return out

    def _beams(self, i: int, turn: Any, sights: list[tuple[int, Any]]) -> None:
        shooter, target = self.sides[i], self.sides[1 - i]
        spec = shooter.spec
        for b, can in sights:
            aim = self.aim[i][b]
            beam = spec.beams[b]
            who = np.flatnonzero(turn & can & ~self.over)
            if not len(who):
                continue
            alive = shooter.boxes[shooter.column[beam.row], who]
            mount = shooter.boxes[shooter.mount_column[b], who] if beam.turret else 0
            dhits = tactics.beam_dhits(NP, spec, beam, {beam.row: alive + mount}, mount,
                                       shooter.power[beam.row][who])
            who, dhits = who[dhits > 0], dhits[dhits > 0]
            rolled = self.dice.d(100, len(who))
            hits = rolled <= (aim[who] if np.ndim(aim) else aim)
            hit = who[hits]
            if not len(hit):
                continue
            through = self._screen(target, hit, dhits[hits])
            self._inflict(shooter, target, hit, through)
            self._knocked_out(i, hit)

    def _strength(self, target: Side, who: Any) -> Any:
        power = target.power
        strength: Any = 0
        for row in target.spec.screens:
            strength = strength + np.minimum(target.boxes[target.column[row], who],
                                             power[row][who] if isinstance(power[row], np.ndarray)
                                             else power[row])
        return strength

    def _screen(self, target: Side, who: Any, dhits: Any) -> Any:
        strength = self._strength(target, who)
        ratio = self.table.screens_ratio
        base, remainder = np.divmod(dhits, ratio)
        stopped = base
        roll = np.flatnonzero((strength > 0) & (remainder > 1) & (base < strength))
        if len(roll):
            extra = self.dice.d(ratio, len(roll)) < remainder[roll]
            stopped = stopped.copy()
            stopped[roll] += extra
        return dhits - np.minimum(stopped, strength)

    def _inflict(self, shooter: Side, target: Side, who: Any, dhits: Any) -> None:
        """Steps 2-4 of Inflicting Damage for each fight in `who`: an armor box, then a box
        by a d(hull) roll, rolled again on a box already destroyed, until the dhits are spent.

        Boxes are counted per column, so "is the rolled box destroyed?" is asked of the
        column it falls in: with k of its n boxes left, it survives with chance k/n."""
        dhits = np.minimum(dhits, target.left[who])  # each dhit takes a box while any is left
        target.left[who] -= dhits
        shooter.dealt[who] += dhits
        # only the boxes hit are read and written, through a flat view of the sheets (a volley
        # reaches part of the fights: copying whole sheets cost more than the dice), and the
        # fights with dhits left are carried as compact arrays, dropped as they are spent
        boxes = target.boxes
        m = boxes.shape[1]
        flat = boxes.reshape(-1)
        armor = target.armor
        cell_of_box = target.owner * m  # box number - 1 -> its column's offset in `flat`
        size_of_box = target.size[target.owner]
        boxes_n = len(target.owner)
        going = dhits > 0
        fights, dhits = who[going], dhits[going]
        rng = self.dice.rng
        while len(fights):
            if armor is not None:
                if len(armor) == 1:
                    row = boxes[armor[0]]  # a view: writes reach the sheets
                    left = row[fights]
                    has = left > 0
                    row[fights] = left - has
                else:
                    have = boxes[armor[:, None], fights] > 0
                    has = have.any(axis=0)
                    took = np.flatnonzero(has)
                    boxes[armor[np.argmax(have[:, took], axis=0)], fights[took]] -= 1
                dhits = dhits - has
                going = dhits > 0
                fights, dhits = fights[going], dhits[going]
                if not len(fights):
                    break
            k = len(fights)
            for _ in range(REROLLS):
                u = rng.random(2 * k)  # as two draws of k: the box, then whether it is whole
                self.dice.draws += 2 * k
                box = (u[:k] * boxes_n).astype(np.intp)
                cell = cell_of_box[box] + fights
                left = flat[cell]
                whole = u[k:] * size_of_box[box] < left
                flat[cell] = left - whole
                dhits = dhits - whole
                missed = ~whole
                if not missed.any():
                    break
            if missed.any():  # a sheet mostly destroyed: pick among the survivors directly
                at = np.flatnonzero(missed)
                hit = fights[at]
                # boxes left on the sheet: `left` already counts every dhit of this volley
                survivors = target.left[hit] + dhits[at]
                pick = (rng.random(len(at)) * survivors).astype(boxes.dtype)
                self.dice.draws += len(at)
                # the column where the running count passes `pick`, in the sheets' own dtype
                # (int32: half the traffic of int64, and no conversions)
                col = np.zeros(len(at), dtype=boxes.dtype)
                run = np.zeros(len(at), dtype=boxes.dtype)
                for c in range(len(boxes) - 1):
                    run += boxes[c].take(hit)
                    col += run <= pick
                flat[col * m + hit] -= 1
                dhits[at] -= 1
            going = dhits > 0
            fights, dhits = fights[going], dhits[going]
        for i, mr in enumerate(target.spec.missiles):  # a lost missile cbloc takes its missiles
            kept = boxes[target.column[mr.row], who] * mr.per_cbloc
            target.missiles[i][who] = np.minimum(target.missiles[i][who], kept)

    # dPhase 5
    def _missiles_fly(self, weapons_a_first: Any) -> None:
        strikes: list[list[tuple[Slot, Any]]] = [[], []]
        for i, s in enumerate(self.sides):
            tq, tr = self.kins[1 - i].hex(NP)
            for slot in s.flights:
                live = (slot.count > 0) & ~self.over
                if not live.any():
                    continue
                # every missile of a slot has flown as far: one step for them all
                step = int(tactics.missile_step(NP, s.spec.missiles[slot.row].move, slot.flown,
                                                self.setup.beam_range))
                strike = live & (hexes.hex_distance(NP, tq - slot.q, tr - slot.r) <= step)
                fly = live & ~strike
                if fly.any():
                    q, r = hexes.toward(NP, slot.q, slot.r, tq, tr, step)
                    slot.q, slot.r = np.where(fly, q, slot.q), np.where(fly, r, slot.r)
                slot.flown += step
                strikes[i].append((slot, strike))
        for order in (0, 1):  # salvos land in the order of the craft that launched them
            for i in (0, 1):
                turn = weapons_a_first if (i == 0) == (order == 0) else ~weapons_a_first
                self._salvo(i, turn & ~self.over, strikes[i])
        for i, s in enumerate(self.sides):
            for slot, strike in strikes[i]:
                slot.count = np.where(strike, 0, slot.count)
                if slot.flown >= self.setup.beam_range:  # spent: the reach of craft weaponry
                    slot.count = np.zeros_like(slot.count)
            s.flights = [f for f in s.flights if f.count.any()]

    def _salvo(self, i: int, turn: Any, strikes: list[tuple[Slot, Any]]) -> None:
        """All of craft i's missiles that reach its foe this dphase: one salvo (R6)."""
        owner, target = self.sides[i], self.sides[1 - i]
        parts = [(slot, np.where(reach & turn, slot.count, 0)) for slot, reach in strikes]
        total: Any = 0
        for _, n in parts:
            total = total + n
        who = np.flatnonzero(np.asarray(total) > 0)
        if not len(who):
            return
        count = total[who]
        strength = self._strength(target, who)
        ratio = self.table.screens_ratio
        base, rem = np.divmod(count, ratio)
        literal = self.setup.switches.literal_missile_screens
        roll = rem > 1 if literal else (strength > 0) & (rem > 1) & (base < strength)
        extra = np.zeros(len(who), dtype=np.int64)
        rolled = np.flatnonzero(roll)
        if len(rolled):
            extra[rolled] = self.dice.d(ratio, len(rolled)) < rem[rolled]
        if literal:  # one in six penetrates; the screens repel the rest, up to their strength
            stopped = np.minimum(count - (base + extra), strength)
        else:
            stopped = np.minimum(base + extra, strength)
        dhits: Any = 0
        for slot, n in parts:  # screens stop missiles in the order they arrive
            arrived = n[who]
            lost = np.minimum(stopped, arrived)
            stopped = stopped - lost
            dhits = dhits + (arrived - lost) * owner.spec.missiles[slot.row].damage
        self._inflict(owner, target, who, dhits)
        self._knocked_out(i, who)

    # dPhase 6
    def _launch(self, i: int) -> None:
        s = self.sides[i]
        if not s.spec.missiles or not s.spec.tubes:
            return
        ready = tactics.sum_rows(NP, s.spec.tubes, s.alive(), s.power)
        counts = tactics.launches(NP, s.spec, self.table.pilot, self.kins[i], self.kins[1 - i],
                                  s.missiles, ready)
        q, r = hexes.launch_hex(NP, *self.kins[i].hex(NP), *self.kins[1 - i].hex(NP))
        for m, n in enumerate(counts):
            n = np.where(self.over, 0, n)
            if not n.any():
                continue
            s.missiles[m] = s.missiles[m] - n
            s.flights.append(Slot(m, n.astype(np.int64), np.asarray(q).copy(),
                                  np.asarray(r).copy()))

    def _knocked_out(self, shooter: int, who: Any) -> None:
        target = self.sides[1 - shooter]
        spec = target.spec
        who = who[~self.over[who]]
        reason = np.zeros(len(who), dtype=np.int64)
        crew_gone = _all_gone(target, spec.crew, who)  # power lost counts at the dturn's end
        reason = np.where(crew_gone, CODE["crew-lost"], reason)
        reason = np.where(target.left[who] == 0, CODE["destroyed"], reason)
        done = reason > 0
        self._finish(who[done], shooter, reason[done])

    def _finish(self, who: Any, winner: Any, reason: Any) -> None:
        fights = self.index[who]
        self.winner[fights] = winner
        self.reason[fights] = reason
        self.rounds[fights] = self.number
        self.over[who] = True
        self.ended[who] = True
        for k, s in enumerate(self.sides):
            self.dealt[fights, k] = s.dealt[who]

    # the end of the dturn: R8
    def _end_of_dturn(self) -> None:
        going = ~self.over
        every = np.arange(len(going))
        powerless = [_all_gone(s, s.spec.power, every) for s in self.sides]
        both = going & powerless[0] & powerless[1]
        self._finish(np.flatnonzero(both), -1, CODE["both-lost"])
        going &= ~both
        for k in (0, 1):
            gone = going & powerless[k]
            self._finish(np.flatnonzero(gone), 1 - k, CODE["power-lost"])
            going &= ~gone
        distance = hexes.hex_distance(NP, *self.apart[0])
        alive = [s.alive() for s in self.sides]
        seen_by = [tactics.detection(NP, s.spec, alive[k], s.power)
                   for k, s in enumerate(self.sides)]
        lost = going & (distance > seen_by[0]) & (distance > seen_by[1])
        self._finish(np.flatnonzero(lost), -1, CODE["lost-contact"])
        going &= ~lost
        gone = going & ((distance > seen_by[0]) | (distance > seen_by[1]))
        self._finish(np.flatnonzero(gone), -1, CODE["escaped"])
        going &= ~gone
        armed = [np.broadcast_to(tactics.armed(NP, s.spec, alive[k], s.mounts(), s.missiles),
                                 going.shape) for k, s in enumerate(self.sides)]
        threat = [armed[k] | s.flying() for k, s in enumerate(self.sides)]
        harmless = going & ~threat[0] & ~threat[1]
        self._finish(np.flatnonzero(harmless), -1, CODE["harmless"])
        going &= ~harmless
        for k in (0, 1):
            stuck = going & ~armed[k] & threat[1 - k]
            if not stuck.any():  # the rule case: mobility is worked out only when it counts
                continue
            stuck &= ~np.broadcast_to(tactics.mobile(NP, self.sides[k].spec, alive[k]),
                                      going.shape)
            self._finish(np.flatnonzero(stuck), 1 - k, CODE["disabled"])
            going &= ~stuck

    def compact(self) -> int:
        """Drop the fights that ended, once they are a fair share of the arrays (a fight
        that ended is still computed, and ignored, until then); returns how many ended."""
        ended = int(self.ended.sum()) - self.dropped
        self.dropped += ended
        if self.dropped * 5 >= len(self.index):
            keep = ~self.ended
            for s in self.sides:
                s.keep(keep)
            self.index = self.index[keep]
            self.ended = self.ended[keep]
            self.dropped = 0
        return ended


def _all_gone(side: Side, rows: tuple[int, ...], who: Any) -> Any:
    if not rows:
        return np.zeros(len(who), dtype=bool)
    total = side.boxes[side.column[rows[0]], who]
    for row in rows[1:]:
        total = total + side.boxes[side.column[row], who]
    return total == 0


def _pass(setup: Setup, n: int, seed: int, chunk: int, cap: int,
          progress: Progress | None) -> Columns:
    fight = _Pass(setup, n, seed, chunk)
    for number in range(1, cap + 1):
        if fight.ended.all():
            break
        fight.dturn(number)
        ended = fight.compact()
        if progress is not None and ended:
            progress(ended)
    going = ~fight.ended
    left = fight.index[going]
    if len(left):
        for k, s in enumerate(fight.sides):
            fight.dealt[left, k] = s.dealt[going]
        fight.reason[left] = CODE["cap"]
        fight.rounds[left] = cap
        if progress is not None:
            progress(len(left))
    return Columns(
        winner=fight.winner.tolist(), reason=[REASONS[c] for c in fight.reason.tolist()],
        rounds=fight.rounds.tolist(), damage_a=fight.dealt[:, 0].tolist(),
        damage_b=fight.dealt[:, 1].tolist(), draws=fight.dice.draws, engine="batch",
    )
