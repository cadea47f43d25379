"""The narrated engine: the reference for smallcraft's combat procedure.

One dturn is the seed's six dphases, each acted in order of the pilots' reaction (Quickness
plus a seeded d10, rolled each dturn; a tie is rolled again):

1. power: each pilot shares its supply (6 cunits a power cbloc, R3) among its components;
   an under-powered component works at the power it gets.
2. movement: drives fire along the craft's facing; velocity is a vector that stays as it is
   unless drives change it; then every craft moves by its velocity.
3. facing: up to 60° (two half hex-sides) around.
4. beams: each beam that bears (its arc swept through the turn) within 15 dhexes may fire:
   a percentile roll under the gunner's skill, −5% per dhex/dturn the target moves.
5. missiles in flight move at their rate toward their target and strike what they reach;
   all that strike one target are one salvo (R6).
6. missiles launch, appearing one dhex from the craft toward the target.

A craft out of the fight (R8) ends it at once; at the end of each dturn the engine checks for
an escape beyond detection range, two craft that can no longer harm each other, and a craft
disarmed and unable to move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn

from shipyard.api import Check, Fight, Log, Modifier, Outcome, Roll, Roller, UserError
from shipyard.systems.smallcraft.combat import hexes, tactics
from shipyard.systems.smallcraft.combat import table as tables
from shipyard.systems.smallcraft.combat.craft import BeamRow, Spec
from shipyard.systems.smallcraft.combat.damage import Boxes, Hit, Screening, screen, screen_literal
from shipyard.systems.smallcraft.combat.pilot import Pilot, Situation
from shipyard.systems.smallcraft.combat.table import Crew, Setup, Start
from shipyard.systems.smallcraft.combat.xp import SCALAR as X
from shipyard.systems.smallcraft.rules import count as count_of

POWERED = ("drive", "beam", "screens", "sensors", "launch_tubes")


class Craft:
    """One craft's state in a fight: its sheet, motion, power and what it has dealt."""

    def __init__(self, spec: Spec, crew: Crew, side: int, start: Start, setup: Setup) -> None:
        self.spec = spec
        self.crew = crew
        self.side = side
        self.name = spec.name
        self.setup = setup
        self.params = setup.table.pilot
        self.boxes = Boxes(spec)
        self.mounts = [1 if b.turret else 0 for b in spec.beams]
        self.missiles = [spec.rows[m.row].boxes * m.per_cbloc for m in spec.missiles]
        self.pos: hexes.Vec = start.position
        self.pos_before: hexes.Vec = start.position  # where this dturn's movement began
        self.vel: hexes.Vec = hexes.ZERO
        self.facing = start.facing
        self.facing_before = start.facing
        self.turned = 0
        self.power = [0] * len(spec.rows)
        self.launched = 0  # missiles launched this dturn
        self.dealt = 0  # boxes destroyed on the foe

    # --- what the craft is and can do now ---

    def kin(self) -> tactics.Kin:
        return tactics.Kin(*self.pos, *self.vel, self.facing)

    def hex(self) -> tuple[int, int]:
        q, r = self.kin().hex(X)
        return int(q), int(r)

    def where(self) -> str:
        return hexes.map_label(*self.hex())

    def beam_at(self, row: int) -> BeamRow:
        for beam in self.spec.beams:
            if beam.row == row:
                return beam
        raise KeyError(row)

    def mount(self, beam: BeamRow) -> int:
        return self.mounts[self.spec.beams.index(beam)]

    def dhits(self, beam: BeamRow) -> int:
        return int(tactics.beam_dhits(X, self.spec, beam, self.boxes.alive, self.mount(beam),
                                      self.power[beam.row]))

    def vector_to(self, foe: Craft) -> tuple[int, int]:
        (q, r), (fq, fr) = self.hex(), foe.hex()
        return fq - q, fr - r

    def range_to(self, foe: Craft) -> int:
        return int(hexes.hex_distance(X, *self.vector_to(foe)))

    def bears(self, beam: BeamRow, foe: Craft) -> bool:
        if beam.aim is None:
            return False
        return bool(tactics.bears(X, beam, self.facing_before, self.turned, self.mount(beam),
                                  *self.vector_to(foe)))

    def can_fire(self, beam: BeamRow, foe: Craft) -> bool:
        return (self.dhits(beam) > 0 and self.range_to(foe) <= self.setup.beam_range
                and self.bears(beam, foe))

    def screens(self) -> int:
        return int(tactics.sum_rows(X, self.spec.screens, self.boxes.alive, self.power))

    def detection(self) -> int:
        return int(tactics.detection(X, self.spec, self.boxes.alive, self.power))

    def supply(self) -> int:
        return int(tactics.supply(self.spec, self.boxes.alive))

    def tubes_ready(self) -> int:
        ready = tactics.sum_rows(X, self.spec.tubes, self.boxes.alive, self.power)
        return max(0, int(ready) - self.launched)

    def armed(self) -> bool:
        return bool(tactics.armed(X, self.spec, self.boxes.alive, self.mounts, self.missiles))

    def mobile(self) -> bool:
        return bool(tactics.mobile(X, self.spec, self.boxes.alive))

    def knocked_out(self) -> tuple[str, str] | None:
        """R8, at once: destroyed, or out of action with its crew all gone."""
        alive = self.boxes.alive
        if self.boxes.left == 0:
            return "destroyed", f"{self.name} is destroyed: every box is gone"
        if self.spec.crew and all(alive[r] == 0 for r in self.spec.crew):
            return "crew-lost", f"{self.name} is out of action: its crew boxes are all gone"
        return None

    def powerless(self) -> bool:
        """R8, at the end of the dturn: its power boxes all gone (power lost takes effect next
        dturn, so this dturn's allocation still serves it)."""
        return bool(self.spec.power) and all(self.boxes.alive[r] == 0 for r in self.spec.power)


@dataclass
class Flight:
    """Missiles launched together, flying together."""

    owner: int  # side
    row: int  # index into spec.missiles
    count: int
    q: int
    r: int
    move: int
    damage: int
    flown: int = 1  # dhexes from the launcher: it appears one dhex away


class SmallcraftFight(Fight):
    def __init__(self, setup: Setup, roller: Roller, log: Log) -> None:
        self.setup = setup
        self.roller = roller
        self.log = log
        self.switches = setup.switches
        self.table = setup.table
        starts = setup.start(roller.d)
        self.craft = [Craft(setup.specs[i], setup.crews[i], i, starts[i], setup)
                      for i in (0, 1)]
        self.pilots: list[Any] = [(factory or Pilot)() for factory in setup.pilots]
        self.flights: list[Flight] = []
        self.number = 0
        self._shown_power: list[list[int] | None] = [None, None]
        if log:
            a, b = self.craft
            log.add(0, "start", f"{a.name} at {a.where()} facing {hexes.clock(a.facing)}; "
                    f"{b.name} at {b.where()} facing {hexes.clock(b.facing)}; "
                    f"{count_of(a.range_to(b), 'dhex')} apart, both at rest")

    def damage(self) -> tuple[int, int]:
        return self.craft[0].dealt, self.craft[1].dealt

    def foe(self, c: Craft) -> Craft:
        return self.craft[1 - c.side]

    def situation(self, c: Craft) -> Situation:
        foe = self.foe(c)
        dq, dr = c.vector_to(foe)
        return Situation(self.number, c, foe, int(hexes.hex_distance(X, dq, dr)),
                         int(hexes.bearing(X, dq, dr, c.facing)))

    def say(self, phase: str, text: str, rolls: list[Check | Roll] | None = None,
            depth: int = 0) -> None:
        self.log.add(self.number, phase, text, rolls or (), depth)

    # --- the dturn ---

    def play_round(self, number: int) -> Outcome | None:
        self.number = number
        order = self._initiative()
        for c in order:
            self._power(c)
        for c in order:
            self._thrust(c)
        self._move()
        for c in order:
            self._turn(c)
        weapons = self._weapon_order(order)
        for c in weapons:
            done = self._beams(c)
            if done:
                return done
        done = self._missiles_fly(weapons)
        if done:
            return done
        for c in weapons:
            self._launch(c)
        return self._end_of_dturn()

    def _initiative(self) -> list[Craft]:
        a, b = self.craft
        self._scores = [a.crew.quickness, b.crew.quickness]
        if not self.switches.quickness_die:
            return [a, b] if self._scores[0] >= self._scores[1] else [b, a]
        die = self.table.quickness_die
        rolls: list[Check | Roll] = []
        while True:
            ra, rb = self.roller.d(die), self.roller.d(die)
            rolls += [Roll(f"d{die}", ra, a.name), Roll(f"d{die}", rb, b.name)]
            sa, sb = a.crew.quickness + ra, b.crew.quickness + rb
            if sa != sb or die == 1:
                break
        self._scores = [sa, sb]
        order = [a, b] if sa >= sb else [b, a]
        if self.log:
            text = ", ".join(f"{c.name} {c.crew.quickness}+"
                             f"{self._scores[c.side] - c.crew.quickness} = "
                             f"{self._scores[c.side]}" for c in order)
            tie = " (a tie rolled again)" if len(rolls) > 2 else ""
            self.say("order", f"initiative: {text}{tie}", rolls)
        return order

    def _weapon_order(self, order: list[Craft]) -> list[Craft]:
        """Optional rule 2 of the phases: weapon dphases by the gunner's Quickness; a pilot who
        also fires takes a penalty."""
        if not self.switches.gunner_quickness:
            return order
        penalty = self.table.gunner_quickness_penalty
        score = {c.side: self._scores[c.side] - (penalty if c.crew.pilot_fires else 0)
                 for c in order}
        weapons = sorted(order, key=lambda c: -score[c.side])  # stable: ties keep the order
        if self.log and weapons != order:
            self.say("order", "weapon dphases: " + ", ".join(
                f"{c.name} {score[c.side]}" for c in weapons) + " (pilots who fire "
                f"−{penalty})")
        return weapons

    # dPhase 1
    def _power(self, c: Craft) -> None:
        orders = self.pilots[c.side].power(self.situation(c))
        power = [0] * len(c.spec.rows)
        for row, cunits in orders.items():
            kind = c.spec.rows[row].kind if 0 <= row < len(c.spec.rows) else None
            if kind not in POWERED:
                self._refuse(c, f"power for row {row}: only drives, beams, screens, sensors "
                             "and launch tubes draw power")
            if not 0 <= cunits <= c.boxes.alive[row]:
                self._refuse(c, f"{cunits} cunits for {c.spec.rows[row].label}: it takes "
                             f"0..{c.boxes.alive[row]} (its surviving cblocs)")
            power[row] = int(cunits)
        supply = c.supply()
        if sum(power) > supply:
            self._refuse(c, f"allocated {sum(power)} cunits of a {supply}-cunit supply")
        c.power = power
        c.launched = 0
        if self.log and power != self._shown_power[c.side]:
            self._shown_power[c.side] = power
            given = ", ".join(f"{c.spec.rows[r].label} {p}" for r, p in enumerate(power) if p)
            self.say("power", f"{c.name} powers {given or 'nothing'} "
                     f"({sum(power)} of {supply} cunits)")

    # dPhase 2
    def _thrust(self, c: Craft) -> None:
        orders = self.pilots[c.side].thrust(self.situation(c))
        fired = []
        for drive in c.spec.drives:
            g = int(orders.get(drive.row, 0))
            if not g:
                continue
            most = int(tactics.drive_g(X, c.spec, drive.row, c.boxes.alive, c.power[drive.row]))
            if drive.push is None:
                self._refuse(c, f"{drive.label} does nothing in 2D")
            if not 0 <= g <= most:
                self._refuse(c, f"{g}G from {drive.label}: it gives 0..{most}G now")
            k = (c.facing + drive.push) % 12
            c.vel = hexes.add(c.vel, hexes.thrust(k, g))
            fired.append(f"{drive.label} at {g}G")
        unknown = set(orders) - {d.row for d in c.spec.drives}
        if unknown:
            self._refuse(c, f"thrust for rows {sorted(unknown)}, which are not drives")
        if self.log:
            how = "fires " + ", ".join(fired) if fired else "fires no drive"
            self.say("move", f"{c.name} {how}: velocity {hexes.describe_velocity(c.vel)}")

    def _move(self) -> None:
        for c in self.craft:
            c.pos_before = c.pos
            c.pos = hexes.add(c.pos, c.vel)
        if self.log:
            a, b = self.craft
            self.say("move", f"{a.name} to {a.where()}, {b.name} to {b.where()}: "
                     f"{count_of(a.range_to(b), 'dhex')} apart", depth=1)

    # dPhase 3
    def _turn(self, c: Craft) -> None:
        delta = int(self.pilots[c.side].turn(self.situation(c)))
        if not -2 <= delta <= 2:
            self._refuse(c, f"a turn of {delta} half hex-sides: the most is 2 (60°) either way")
        c.facing_before = c.facing
        c.turned = delta
        c.facing = (c.facing + delta) % 12
        if self.log and delta:
            way = "clockwise" if delta > 0 else "counterclockwise"
            self.say("turn", f"{c.name} turns {30 * abs(delta)}° {way} to face "
                     f"{hexes.clock(c.facing)}")

    # dPhase 4
    def _beams(self, c: Craft) -> Outcome | None:
        foe = self.foe(c)
        rows = list(self.pilots[c.side].fire(self.situation(c)))
        if len(set(rows)) != len(rows):
            self._refuse(c, "a beam fires once a dturn")
        for row in rows:
            try:
                beam = c.beam_at(row)
            except KeyError:
                self._refuse(c, f"row {row} is not a beam")
            if not c.can_fire(beam, foe):
                self._refuse(c, f"{beam.label} cannot fire at {foe.name}: it must bear, "
                             f"be within {self.setup.beam_range} dhexes and have power")
            self._shoot(c, beam, foe)
            done = self._check_out(foe, c)
            if done:
                return done
        if self.log and not rows:
            self._say_holds_fire(c, foe)
        return None

    def _say_holds_fire(self, c: Craft, foe: Craft) -> None:
        distance = c.range_to(foe)
        if distance > self.setup.beam_range or not any(c.dhits(b) for b in c.spec.beams
                                                       if b.aim is not None):
            return
        bearing = hexes.bearing(X, *c.vector_to(foe), c.facing)
        self.say("beams", f"{c.name}: no beam bears on {foe.name} "
                 f"({hexes.clock(int(bearing))}, {count_of(distance, 'dhex')})")

    def _shoot(self, c: Craft, beam: BeamRow, foe: Craft) -> None:
        dq, dr = c.vector_to(foe)
        distance = int(hexes.hex_distance(X, dq, dr))
        moving = int(tactics.target_moving(X, self.switches.transverse, foe.kin(), dq, dr))
        aim = tables.aim(c.crew, self.table, beam.turret)
        mods = [Modifier(name, value) for name, value in aim.modifiers]
        what = "moving across" if self.switches.transverse else "moving"
        mods.append(Modifier(f"target {what} {moving}", -self.table.movement_penalty * moving))
        if self.switches.range_penalty:
            beyond = max(0, distance - self.table.range_penalty_beyond)
            mods.append(Modifier(f"range {distance}", -self.table.range_penalty * beyond))
        rolled = self.roller.d(100)
        check = Check(aim.who, aim.skill, tuple(mods), "d100", rolled)
        dhits = c.dhits(beam)
        if self.log:
            self.say("beams", f"{c.name} fires {beam.label} ({count_of(dhits, 'dhit')}) at "
                     f"{foe.name}, {count_of(distance, 'dhex')}: {check.describe()}", [check])
        if check.success:
            screening = screen(self.roller, dhits, foe.screens(), self.table.screens_ratio)
            if self.log:
                self._say_screens(foe, screening, "dhit")
            self._inflict(c, foe, screening.through)

    def _say_screens(self, foe: Craft, s: Screening, unit: str) -> None:
        if s.strength == 0:
            self.say("damage", f"{foe.name} has no screens up: {count_of(s.through, unit)} through",
                     depth=1)
            return
        ratio = self.table.screens_ratio
        how = f"{s.incoming} ÷ {ratio} = {s.base}"
        rolls: list[Check | Roll] = []
        if s.rolled is not None:
            extra = s.rolled < s.remainder
            how += (f", remainder {s.remainder}: d{ratio} rolled {s.rolled}"
                    f"{' < ' if extra else ' ≥ '}{s.remainder}, {'+1' if extra else '+0'}")
            rolls.append(Roll(f"d{ratio}", s.rolled, "+1" if extra else "+0"))
        if s.base + (s.rolled is not None and s.rolled < s.remainder) > s.strength:
            how += f", at most {s.strength}"
        self.say("damage", f"screens {s.strength}: {how}; {s.stopped} stopped, "
                 f"{count_of(s.through, unit)} through", rolls, depth=1)

    def _say_salvo(self, foe: Craft, s: Screening, literal: bool) -> None:
        if not literal:
            self._say_screens(foe, s, "missile")
            return
        ratio = self.table.screens_ratio
        rolls: list[Check | Roll] = []
        how = f"one in {ratio} penetrates: {s.incoming} ÷ {ratio} = {s.base}"
        if s.rolled is not None:
            extra = s.rolled < s.remainder
            how += f", d{ratio} rolled {s.rolled}: {'+1' if extra else '+0'}"
            rolls.append(Roll(f"d{ratio}", s.rolled, "+1" if extra else "+0"))
        self.say("damage", f"screens {s.strength} (R6 literal): {how}; {s.stopped} repelled, "
                 f"{count_of(s.through, 'missile')} through", rolls, depth=1)

    def _inflict(self, c: Craft, foe: Craft, dhits: int) -> None:
        for n, hit in enumerate(foe.boxes.inflict(self.roller, dhits), 1):
            c.dealt += 1
            effect = self._effect(foe, hit)
            if not self.log:
                continue
            if hit.by_armor:
                self.say("damage", f"dhit {n}: armor, box {hit.box}; {effect}", depth=2)
            else:
                rolls = foe.boxes.rolls_of(hit)
                shown = ", ".join(str(r) for r in hit.rolls[:-1])
                again = f" (rolled {shown}: destroyed, rolled again)" if shown else ""
                self.say("damage", f"dhit {n}: d{foe.boxes.count} rolled {hit.box}{again}: "
                         f"box {hit.box}, {foe.spec.rows[hit.row].label}; {effect}",
                         list(rolls), depth=2)

    def _effect(self, c: Craft, hit: Hit) -> str:
        """Damage Effects: what losing this box does (and keeping the craft's state true)."""
        spec = c.spec
        row = spec.rows[hit.row]
        alive = c.boxes.alive[hit.row]
        left = f"{alive} of {row.boxes} left"
        match row.kind:
            case "drive":
                return f"{left}, {spec.g_of[alive]}G"
            case "beam":
                beam = c.beam_at(hit.row)
                i = spec.beams.index(beam)
                if beam.turret and hit.box == row.last:
                    c.mounts[i] = 0
                    return "the turret mount: the beam now fires fixed along its aim (R5)"
                left_dhits = int(tactics.weapon_boxes(spec, beam, c.boxes.alive, c.mounts[i]))
                return f"{count_of(left_dhits, 'dhit')} left"
            case "power":
                return f"{left}, supply {alive * spec.power_per_cbloc} cunits from next dturn"
            case "crew":
                return left + (": no crew left" if alive == 0 else "")
            case "sensors":
                return f"range {count_of(alive, 'dhex')}"
            case "missiles":
                i = next(j for j, m in enumerate(spec.missiles) if m.row == hit.row)
                c.missiles[i] = min(c.missiles[i], alive * spec.missiles[i].per_cbloc)
                return f"{c.missiles[i]} missiles left"
            case "launch_tubes":
                return f"{alive} tube{'s' if alive != 1 else ''} left"
            case "jump_drive":
                return "the jump drive is dead"
            case "atmosphere":
                lost = row.boxes - alive
                return left + (", hampered" if 10 * lost <= row.boxes else ", useless")
        return left

    def _check_out(self, target: Craft, by: Craft) -> Outcome | None:
        out = target.knocked_out()
        if out is None:
            return None
        reason, text = out
        self.say("end", text)
        return Outcome(by.side, reason, text)

    # dPhase 5
    def _missiles_fly(self, weapons: list[Craft]) -> Outcome | None:
        if not self.flights:
            return None
        order = {c.side: i for i, c in enumerate(weapons)}
        self.flights.sort(key=lambda f: order[f.owner])
        striking: dict[int, list[Flight]] = {0: [], 1: []}
        flying = []
        for f in self.flights:
            target = self.craft[1 - f.owner]
            tq, tr = target.hex()
            distance = int(hexes.hex_distance(X, tq - f.q, tr - f.r))
            step = int(tactics.missile_step(X, f.move, f.flown, self.setup.beam_range))
            if distance <= step:
                striking[target.side].append(f)
                continue
            q, r = hexes.toward(X, f.q, f.r, tq, tr, step)
            f.q, f.r, f.flown = int(q), int(r), f.flown + step
            owner = self.craft[f.owner].name
            missiles = f"{f.count} missile{'s' * (f.count != 1)}"
            if f.flown >= self.setup.beam_range:  # the reach of craft weaponry, flown
                if self.log:
                    self.say("missiles", f"{missiles} of {owner} are spent at "
                             f"{hexes.map_label(f.q, f.r)}: {f.flown} dhexes flown, the "
                             f"{self.setup.beam_range}-dhex reach of craft weaponry")
                continue
            flying.append(f)
            if self.log:
                left = count_of(int(hexes.hex_distance(X, tq - f.q, tr - f.r)), 'dhex')
                self.say("missiles", f"{missiles} of {owner} fly to "
                         f"{hexes.map_label(f.q, f.r)}, {left} from {target.name}")
        self.flights = flying
        for c in weapons:  # salvos land in the order of the craft that launched them
            target = self.foe(c)
            salvo = striking[target.side]
            if not salvo:
                continue
            done = self._salvo(c, target, salvo)
            if done:
                return done
        return None

    def _salvo(self, c: Craft, target: Craft, salvo: list[Flight]) -> Outcome | None:
        count = sum(f.count for f in salvo)
        literal = self.switches.literal_missile_screens
        screening = (screen_literal if literal else screen)(
            self.roller, count, target.screens(), self.table.screens_ratio)
        stopped = screening.stopped
        dhits = 0
        for f in salvo:  # screens stop missiles in the order they arrive
            lost = min(stopped, f.count)
            stopped -= lost
            dhits += (f.count - lost) * f.damage
        if self.log:
            self.say("missiles", f"a salvo of {count} missile{'s' * (count != 1)} from "
                     f"{c.name} reaches {target.name}")
            self._say_salvo(target, screening, literal)
            self.say("damage", f"{count_of(dhits, 'dhit')} from the missiles through", depth=1)
        self._inflict(c, target, dhits)
        return self._check_out(target, c)

    # dPhase 6
    def _launch(self, c: Craft) -> None:
        foe = self.foe(c)
        orders = self.pilots[c.side].launch(self.situation(c))
        total = sum(orders.values())
        if total and c.range_to(foe) > self.setup.beam_range:
            self._refuse(c, f"missiles at {foe.name}, {c.range_to(foe)} dhexes off: craft "
                         f"weaponry reaches {self.setup.beam_range} dhexes")
        if total and total > c.tubes_ready():
            self._refuse(c, f"{total} missiles at once: {c.tubes_ready()} tubes are powered "
                         "and ready")
        for i, m in enumerate(c.spec.missiles):
            n = int(orders.get(m.row, 0))
            if not n:
                continue
            if not 0 < n <= c.missiles[i]:
                self._refuse(c, f"{n} missiles from {m.label}: {c.missiles[i]} left")
            c.missiles[i] -= n
            c.launched += n
            q, r = self._launch_hex(c, foe)
            self.flights.append(Flight(c.side, i, n, q, r, m.move, m.damage))
            if self.log:
                self.say("launch", f"{c.name} launches {n} missile{'s' * (n != 1)} (move "
                         f"{m.move}, damage {m.damage}) at {foe.name}, appearing at "
                         f"{hexes.map_label(q, r)}; {c.missiles[i]} left")
        unknown = set(orders) - {m.row for m in c.spec.missiles}
        if unknown:
            self._refuse(c, f"launch from rows {sorted(unknown)}, which hold no missiles")

    def _launch_hex(self, c: Craft, foe: Craft) -> tuple[int, int]:
        """One dhex from the craft, in the hex-side direction nearest the foe."""
        q, r = hexes.launch_hex(X, *c.hex(), *foe.hex())
        return int(q), int(r)

    # the end of the dturn: R8
    def _end_of_dturn(self) -> Outcome | None:
        a, b = self.craft
        powerless = [c.powerless() for c in (a, b)]
        if all(powerless):
            return self._end(None, "both-lost", "both craft are out of action: their power "
                             "boxes are all gone")
        for c in (a, b):
            if powerless[c.side]:
                return self._end(1 - c.side, "power-lost", f"{c.name} is out of action: its "
                                 "power boxes are all gone (power lost takes effect next dturn)")
        distance = a.range_to(b)
        seen_by_a, seen_by_b = a.detection(), b.detection()
        if distance > seen_by_a and distance > seen_by_b:
            return self._end(None, "lost-contact", f"the craft have lost each other: "
                             f"{count_of(distance, 'dhex')} apart, beyond both detection "
                             f"ranges ({seen_by_a} and {seen_by_b})")
        if distance > seen_by_a or distance > seen_by_b:
            runner = self.craft[int(tactics.broke_contact(
                X, a.kin(), b.kin(), tactics.Kin(*a.pos_before, *a.vel, a.facing),
                tactics.Kin(*b.pos_before, *b.vel, b.facing), distance > seen_by_b))]
            foe = self.foe(runner)
            blind = a if distance > seen_by_a else b
            whose = "its own" if blind is runner else f"{foe.name}'s"
            return self._end(None, "escaped", f"{runner.name} escaped: it opened the range to "
                             f"{count_of(distance, 'dhex')} from {foe.name}, beyond {whose} "
                             f"detection range of {blind.detection()}")
        threat = [c.armed() or any(f.owner == c.side for f in self.flights) for c in (a, b)]
        if not any(threat):
            return self._end(None, "harmless", "neither craft can harm the other: no weapon "
                             "with the power to fire it, no missiles in flight")
        for c in (a, b):
            if not c.armed() and not c.mobile() and threat[1 - c.side]:
                return self._end(1 - c.side, "disabled",
                                 f"{c.name} is out of the fight: disarmed (no weapon with the "
                                 "power to fire it) and immobile (no drive with the power to "
                                 "fire it)")
        return None

    def _end(self, winner: int | None, reason: str, text: str) -> Outcome:
        self.say("end", text)
        return Outcome(winner, reason, text)

    def _refuse(self, c: Craft, message: str) -> NoReturn:
        raise UserError.single("pilot.order", f"the pilot of {c.name}, dturn {self.number}: "
                               f"{message}")
