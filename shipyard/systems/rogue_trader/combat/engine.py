"""The narrated reference engine: two ships, Strategic Round by Strategic Round, as the seed runs
them (initiative, a Manoeuvre Action then a Shooting Action each, void shields, armour, Hull
Integrity, crew and morale, turrets, crippling, critical hits, ramming and boarding)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shipyard.api import Check, Dice, Fight, Log, Modifier, Outcome, Roll, Roller
from shipyard.systems.rogue_trader.combat import rules
from shipyard.systems.rogue_trader.combat.captain import Captain, Situation
from shipyard.systems.rogue_trader.combat.geometry import (
    EPSILON,
    bearing,
    bears,
    clock,
    distance,
    move,
)
from shipyard.systems.rogue_trader.combat.spec import Gun, Part, half_up
from shipyard.systems.rogue_trader.combat.state import Ship
from shipyard.systems.rogue_trader.combat.terms import Setup

NOT_CHOSEN = ("bridge", "plasma-drive", "warp-engine")  # Holed, Internal Damage, Fire!
_ACTION_WORDS = {"shoot": "shoot", "ram": "ram (her Shooting Action given up)",
                 "board": "board (her Shooting Action given up)"}


def _turn_words(turn: int) -> str:
    if turn == 0:
        return "hold her heading"
    return f"turn {abs(turn) * 45}° to {'port' if turn > 0 else 'starboard'}"


@dataclass(frozen=True)
class Test:
    success: bool
    degrees: int  # of success or of failure: one per full 10 points (R14)
    check: Check

    @property
    def standing(self) -> int:
        """Its place in an opposed test (R14)."""
        return rules.standing(self.check.target, self.check.rolled)

    def words(self) -> str:
        c = self.check
        outcome = (f"{'success' if self.success else 'failure'}, {self.degrees} "
                   f"degree{'s' * (self.degrees != 1)}")
        return f"{target_words(c)}, d100 rolled {c.rolled}: {outcome}"


def target_words(check: Check) -> str:
    """"Command 40 +10 more Crew Population −20 failed to break free = 30": every modifier."""
    mods = "".join(f" {m.value:+d} {m.label}" for m in check.modifiers if m.value)
    return f"{check.what} {check.base}{mods} = {check.target}" if mods else (
        f"{check.what} {check.base}")


class RogueTraderFight(Fight):
    def __init__(self, setup: Setup, roller: Roller, log: Log) -> None:
        self.setup = setup
        self.catalog = setup.catalog
        self.table = setup.catalog.combat
        self.roller = roller
        self.log = log
        (pos_a, face_a), (pos_b, face_b) = setup.start()
        penalty = (self.table.crippled_manoeuvrability, self.table.crippled_detection)
        self.ships = (Ship.fresh(setup.specs[0], 0, pos_a, face_a, penalty),
                      Ship.fresh(setup.specs[1], 1, pos_b, face_b, penalty))
        for ship, surprised, simple in zip(self.ships, setup.switches.surprised,
                                           setup.switches.simple_destruction, strict=True):
            ship.surprised, ship.simple_destruction = surprised, simple
        self.captains = tuple((factory or Captain)() for factory in setup.captains)
        self.order: tuple[int, ...] = (0, 1)
        self.round = 0
        self.locked_by: int | None = None  # the side that boarded
        self.break_free_failed = [False, False]

    # --- dice -------------------------------------------------------------------------------

    def d(self, sides: int) -> int:
        return self.roller.d(sides)

    def roll(self, dice: Dice) -> tuple[int, list[int]]:
        faces = [self.d(dice.sides) for _ in range(dice.count)]
        return sum(faces) + dice.bonus, faces

    def test(self, what: str, base: int, modifiers: list[tuple[str, int]]) -> Test:
        rolled = self.d(100)
        check = Check(what, base, tuple(Modifier(label, value) for label, value in modifiers
                                        if value), "d100", rolled, unit="")
        return Test(rolled <= check.target, rules.degrees(check.target, rolled), check)

    def dice(self, dice: Dice, meaning: str) -> tuple[int, list[Check | Roll]]:
        """Roll `dice`, each die recorded for the log: (total, rolls)."""
        faces = [self.d(dice.sides) for _ in range(dice.count)]
        total = sum(faces) + dice.bonus
        label = f" ({dice}{'' if dice.count == 1 and not dice.bonus else f' = {total}'})"
        return total, [Roll(f"d{dice.sides}", face, meaning + label) for face in faces]

    def say(self, phase: str, text: str, rolls: Sequence[Check | Roll] | None = None,
            depth: int = 0) -> None:
        if self.log:
            self.log.add(self.round, phase, text, rolls or (), depth)

    # --- the fight --------------------------------------------------------------------------

    def damage(self) -> tuple[int, int]:
        return self.ships[1].damage_taken, self.ships[0].damage_taken

    def play_round(self, number: int) -> Outcome | None:
        self.round = number
        if number == 1:
            self._initiative()
        if self.locked_by is not None:
            self._boarding_round()
            if (over := self._over()) is not None:
                return over
            if self.locked_by is not None:
                return None
        for side in self.order:
            if self.locked_by is not None:
                break  # a boarding action began this round: the exchange starts next round
            self._turn(self.ships[side])
            if (over := self._over()) is not None:
                return over
        return None

    def _initiative(self) -> None:
        scores = []
        for ship in self.ships:
            bonus = rules.detection_bonus(ship.detection)
            rolled = self.d(10)
            scores.append(rolled + bonus)
            self.say("initiative", f"{ship.name}: 1d10 rolled {rolled} + Detection bonus "
                     f"{bonus} = {rolled + bonus}",
                     [Roll("d10", rolled, "initiative")], 1)
        a, b = self.ships
        tries = 0
        if scores[0] == scores[1] and a.detection != b.detection:
            self.say("initiative", f"tied at {scores[0]}: the higher Detection goes first "
                     f"({a.name} {a.detection}, {b.name} {b.detection}; R16)", depth=1)
        while scores[0] == scores[1] and a.detection == b.detection and tries < 100:
            tries += 1  # R16: a fresh roll between the tied ships
            scores = [self.d(10), self.d(10)]
            self.say("initiative", f"tied at Detection {a.detection} too: 1d10 rolled again, "
                     f"{scores[0]} and {scores[1]} (R16)",
                     [Roll("d10", scores[0], f"{a.name}'s initiative again"),
                      Roll("d10", scores[1], f"{b.name}'s initiative again")], 1)
        first = 0 if (scores[0], a.detection) >= (scores[1], b.detection) else 1
        self.order = (first, 1 - first)
        self.say("initiative", f"{self.ships[first].name} acts first")

    def _over(self) -> Outcome | None:
        out = [s for s in self.ships if s.out is not None]
        if not out:
            return None
        if len(out) == 2:
            text = f"no winner: {out[0].out_text}; {out[1].out_text}"
            outcome = Outcome(None, "both-lost", text)
        else:
            loser = out[0]
            winner = self.ships[1 - loser.side]
            outcome = Outcome(winner.side, loser.out or "out",
                              f"{winner.name} wins: {loser.out_text}")
        self.say("end", outcome.text)
        return outcome

    def situation(self, ship: Ship) -> Situation:
        return Situation(self.round, ship, self.ships[1 - ship.side], self.table.contact_range,
                         self.locked_by is not None, self.table.break_free_test, self.catalog,
                         boarder=self.locked_by == ship.side)

    # --- a Strategic Turn -------------------------------------------------------------------

    def _turn(self, ship: Ship) -> None:
        enemy = self.ships[1 - ship.side]
        if self.log:
            self.say("turn", f"{ship.name}'s turn (Hull Integrity {ship.hull_integrity}, Crew "
                     f"Population {ship.crew_population}, Morale {ship.morale})")
        self._fires(ship)
        if ship.out is not None:
            return
        # the seed: every Action is chosen at the beginning of the turn, before any is made
        captain = self.captains[ship.side]
        situation = self.situation(ship)
        speed_word, turn = captain.manoeuvre(situation)
        speed_word = "half" if speed_word == "half" else "full"
        limit = 0 if ship.cannot_turn else ship.spec.turn_steps
        turn = max(-limit, min(limit, int(turn)))
        situation.plan = (speed_word, turn)
        action = captain.action(situation)
        action = action if action in ("ram", "board") else "shoot"
        if self.log:
            self.say("orders", f"{ship.name}'s orders: {speed_word} speed, "
                     f"{_turn_words(turn)}, then {_ACTION_WORDS[action]}", depth=1)
        self._manoeuvre(ship, enemy, speed_word, turn)
        gap = distance(ship.position, enemy.position)
        contact = gap <= self.table.contact_range + EPSILON
        ahead = "fore" in bears(ship.position, ship.facing, enemy.position)
        if action == "ram" and contact and ahead:
            self._ram(ship, enemy)
        elif action == "board" and contact:
            self._board(ship, enemy)
        elif action in ("ram", "board"):  # R23: the order stands, and cannot be carried out
            why = "not within 1 VU" if not contact else "not off her bow"
            self.say("shooting", f"{ship.name} cannot {action} ({enemy.name} is {why} after "
                     "her manoeuvre): the Shooting Action she gave up for it is lost", depth=1)
        else:
            self._shoot(ship, enemy)

    def _manoeuvre(self, ship: Ship, enemy: Ship, speed_word: str, turn: int) -> None:
        vu = ship.speed if speed_word != "half" else half_up(ship.speed)
        ship.position = move(ship.position, ship.facing, vu)
        ship.facing = (ship.facing + turn) % 8
        if self.log:
            turned = ("holds her heading" if turn == 0 else
                      f"turns {abs(turn) * 45}° to {'port' if turn > 0 else 'starboard'}")
            gap = distance(ship.position, enemy.position)
            where = (f"{enemy.name} is {gap:.1f} VU off her "
                     f"{bearing(ship.position, ship.facing, enemy.position)}" if gap > EPSILON
                     else f"{enemy.name} is alongside, 0 VU: every arc bears (R22)")
            self.say("manoeuvre", f"{ship.name} moves {vu} VU ({speed_word} speed) and "
                     f"{turned} (heading {clock(ship.facing)}); {where}", depth=1)

    # --- shooting ---------------------------------------------------------------------------

    def _bearing_guns(self, ship: Ship, enemy: Ship) -> list[Part]:
        gap = distance(ship.position, enemy.position)
        arcs = bears(ship.position, ship.facing, enemy.position)
        out = []
        for part in ship.spec.guns:
            gun = part.gun
            assert gun is not None
            if (ship.working(part) and any(arc in gun.arcs for arc in arcs)
                    and ship.torpedoes.get(part.index, 1) > 0
                    and gun.min_range - EPSILON <= gap <= gun.reach + EPSILON):
                out.append(part)
        return out

    def _gunnery(self, ship: Ship, enemy: Ship, extra: list[tuple[str, int]]) -> list[
            tuple[str, int]]:
        mods = [("ship", ship.modifier("ballistic_skill")), *extra]
        if enemy.surprised and self.round == 1:
            mods.append(("Surprised target", self.table.surprise_bonus))
        mods += self._blind(ship)
        return mods

    def _blind(self, ship: Ship) -> list[tuple[str, int]]:
        """Sensors Damaged: −30 to all shooting tests, turrets' included (the seed says all);
        an augur array that does not work leaves her as blind (R18)."""
        if ship.sensors_damaged:
            return [("sensors damaged", self.table.sensors_damaged)]
        if not ship.augurs_working:
            return [("augur array out", self.table.sensors_damaged)]
        return []

    def _shoot(self, ship: Ship, enemy: Ship) -> None:
        guns = self._bearing_guns(ship, enemy)
        if not guns:
            if self.log:
                self.say("shooting", f"{ship.name}: no weapon bears on {enemy.name}", depth=1)
            return
        shots: list[rules.Shot] = []
        for part in guns:
            gun = part.gun
            assert gun is not None
            ship.known.add(part.index)  # the seed: a component used against you is known
            cap = ship.strength(part)
            if gun.ordnance:
                cap = self._launch(ship, enemy, part, cap)
                if cap == 0:
                    continue
            t = self.test("Ballistic Skill", ship.spec.crew.gunnery,
                          self._gunnery(ship, enemy, [("weapon", gun.to_hit)]))
            n = rules.hits(t.check.target, t.check.rolled, cap, gun.step)
            crit_met = gun.crit is not None and t.success and t.degrees >= gun.crit
            shots.append(rules.Shot(part.index, gun, n, crit_met))
            if self.log:
                self.say("shooting", f"{ship.name} fires {part.name}: {t.words()}; "
                         f"{n} hit{'s' * (n != 1)}" + (" (Crit Rating met)" if crit_met else ""),
                         [t.check], 1)
        self._resolve(ship, enemy, shots)

    def _launch(self, ship: Ship, enemy: Ship, part: Part, strength: int) -> int:
        """Torpedoes or attack craft: the salvo, less what the turrets shoot down first."""
        gun = part.gun
        assert gun is not None
        count = strength
        if part.index in ship.torpedoes:
            count = min(count, ship.torpedoes[part.index])
            ship.torpedoes[part.index] -= count
        what = "torpedoes" if gun.kind == "torpedo-tubes" else "squadrons"
        self.say("shooting", f"{ship.name} launches {count} {what} from {part.name}", depth=1)
        if enemy.turrets < 1:
            return count
        t = self.test("turrets, crew rating", enemy.spec.crew.rating,
                      [("Turret Rating", self.table.turret_bonus_per_point * enemy.turrets),
                       *self._blind(enemy)])
        down = rules.hits(t.check.target, t.check.rolled, count, 2)
        self.say("shooting", f"{enemy.name}'s turrets: {t.words()}; {down} {what} shot down",
                 [t.check], 2)
        return count - down

    def _resolve(self, ship: Ship, enemy: Ship, shots: list[rules.Shot]) -> None:
        landed = [s.hits for s in shots]
        stopped = self._shields(ship, enemy, shots, landed)
        armoured = unarmoured = 0
        torpedoes: list[int] = []
        rolls: list[Check | Roll] = []
        bonus = ship.modifier("macrobattery_damage")
        for shot, count in zip(shots, landed, strict=True):
            for _ in range(count):
                value, faces = self.roll(shot.gun.damage)
                munitorum = shot.gun.kind == "macrobattery" and shot.part >= 0 and bonus
                if munitorum:  # not debris
                    value += bonus
                rolls.append(Roll(str(shot.gun.damage), sum(faces), f"{value} damage" + (
                    f" (faces {'+'.join(map(str, faces))}{shot.gun.damage.bonus:+d}"
                    f"{f' {bonus:+d} macrobattery damage' if munitorum else ''})"
                    if len(faces) > 1 or munitorum else "")))
                if shot.gun.ignores_armour:
                    unarmoured += value
                elif shot.gun.kind == "torpedo-tubes":
                    torpedoes.append(value)
                else:
                    armoured += value
        total_hits = sum(landed)
        if total_hits == 0:
            self.say("damage", f"no hit reaches {enemy.name}" + (
                f" ({stopped} stopped by void shields)" if stopped else ""), depth=1)
        else:
            through = rules.through_armour(armoured, unarmoured, enemy.armour, torpedoes)
            if self.log:
                parts = ([f"{armoured} damage against Armour {enemy.armour}"] if armoured else [])
                parts += [f"{unarmoured} lance damage past the armour"] if unarmoured else []
                parts += [f"torpedo {value} against Armour {enemy.armour}"
                          for value in torpedoes]
                self.say("damage", f"{total_hits} hit{'s' * (total_hits != 1)} "
                         f"land{'s' * (total_hits == 1)} on {enemy.name}: {' + '.join(parts)} = "
                         f"{through} Hull Integrity", rolls, 1)
            self.hurt(enemy, through, ship)
        for shot, count in zip(shots, landed, strict=True):
            if shot.crit_met and count > 0 and enemy.out is None:
                value = self.d(5)
                self.say("critical", f"{shot.gun.kind} Crit Rating met: 1d5 rolled {value}",
                         [Roll("d5", value, "critical hit")], 1)
                self.critical(enemy, value, ship)

    def _shields(self, ship: Ship, enemy: Ship, shots: list[rules.Shot],
                 landed: list[int]) -> int:
        """Void shields cancel the hits the attacker gives up, one per shield (R18: only working
        shields); a shield that stops a hit is known to the attacker."""
        charges = [(p.index, p.shield_fails_on) for p in enemy.spec.parts
                   if p.void_shields and enemy.working(p) for _ in range(p.void_shields)]
        stopped = 0
        order = rules.shield_order(shots)
        if shots and shots[0].part >= 0:  # not debris: the attacker chooses
            chosen = list(self.captains[ship.side].shields_take(self.situation(ship), shots))
            if sorted(chosen) == sorted(order):
                order = chosen
        for (shot_index, _), (part_index, fails_on) in zip(order, charges, strict=False):
            enemy.known.add(part_index)
            if fails_on is not None:
                flicker = self.d(10)
                if flicker <= fails_on:
                    self.say("shooting", f"the void shield flickers (d10 rolled {flicker}): the "
                             "hit goes through", [Roll("d10", flicker, "shield flicker")], 2)
                    continue
            landed[shot_index] -= 1
            stopped += 1
        if charges and any(s.hits for s in shots if s.gun.shielded) and self.log:
            self.say("shooting", f"{enemy.name}'s void shields ({len(charges)}) stop {stopped} "
                     "hit" + "s" * (stopped != 1), depth=1)
        return stopped

    # --- damage and criticals ---------------------------------------------------------------

    def hurt(self, ship: Ship, amount: int, by: Ship | None) -> None:
        """Damage past Armour: Hull Integrity, with Crew Population and Morale for every point
        lost; past 0 it is a critical hit of that value (seed, R2)."""
        if amount <= 0:
            self.say("damage", f"{ship.name}'s armour holds", depth=2)
            return
        was_crippled = ship.crippled
        lost = ship.lose("hull_integrity", amount)
        ship.damage_taken += lost
        crew = ship.lose("crew_population", lost)
        morale = ship.lose("morale", lost)
        if lost:
            self.say("damage", f"{ship.name} loses {lost} Hull Integrity ({ship.hull_integrity} "
                     f"left), {crew} Crew Population, {morale} Morale", depth=2)
        if ship.crippled and not was_crippled:
            self.say("damage", f"{ship.name} is Crippled", depth=2)
        excess = amount - lost
        if excess > 0 and ship.out is None:
            self.say("critical", f"{excess} damage past Hull Integrity: a critical hit of "
                     f"{excess}", depth=2)
            self.critical(ship, excess, by)
        self._check_crew(ship)

    def _check_crew(self, ship: Ship) -> None:
        if ship.crew_population <= 0 and ship.out is None:
            self.knock_out(ship, "crew-lost", f"{ship.name} has no crew left")

    def knock_out(self, ship: Ship, code: str, text: str) -> None:
        if ship.out is None:
            ship.out, ship.out_text = code, text
            self.say("end", text, depth=1)

    def critical(self, ship: Ship, value: int, by: Ship | None) -> None:
        from shipyard.systems.rogue_trader.combat.criticals import strike

        strike(self, ship, value, by)

    # --- fires ------------------------------------------------------------------------------

    def _fires(self, ship: Ship) -> None:
        for part in ship.burning():
            t = self.test("fire fighting, crew rating", ship.spec.crew.rating,
                          [("difficulty", self.table.fire_test),
                           ("fire suppression", ship.modifier("fire_fighting"))])
            if t.success:
                ship.states[part.index].discard("on fire")
                self.say("fire", f"fire in {part.name}: {t.words()}; put out", [t.check], 1)
                continue
            crew, crew_rolls = self.dice(self.table.fire_crew_loss,
                                         "Crew Population lost to the fire")
            morale, morale_rolls = self.dice(self.table.fire_morale_loss,
                                             "Morale lost to the fire")
            lost_crew = ship.lose("crew_population", crew)
            lost_morale = ship.lose("morale", morale)
            self.say("fire", f"fire in {part.name}: {t.words()}; it burns on, "
                     f"{self.table.fire_crew_loss} rolled {crew}: {lost_crew} Crew Population, "
                     f"{self.table.fire_morale_loss} rolled {morale}: {lost_morale} Morale lost",
                     [t.check, *crew_rolls, *morale_rolls], 1)
            self._check_crew(ship)
            if ship.out is not None:
                return

    # --- ramming and boarding ---------------------------------------------------------------

    def helm(self, ship: Ship, difficulty: int) -> Test:
        return self.test("Operate (Voidship)", ship.spec.crew.helm,
                         [("Manoeuvrability", ship.manoeuvrability), ("difficulty", difficulty)])

    def _ram(self, ship: Ship, enemy: Ship) -> None:
        t = self.helm(ship, self.table.ram_test)
        if not t.success:
            self.say("ramming", f"{ship.name} tries to ram {enemy.name}: {t.words()}; she misses",
                     [t.check], 1)
            return
        dealt = ship.prow_armour
        rolls: list[Check | Roll] = [t.check]
        for dice in ship.spec.ram:
            value, rolled = self.dice(dice, "ramming damage")
            dealt += value
            rolls += rolled
        taken_roll, rolled = self.dice(Dice(1, 5), "the rammer's own damage")
        rolls += rolled
        taken = enemy.armour + taken_roll
        self.say("ramming", f"{ship.name} rams {enemy.name}: {t.words()}; "
                 f"{'+'.join(str(d) for d in ship.spec.ram)} + prow armour {ship.prow_armour} = "
                 f"{dealt} damage, past void shields and Armour (R13); she takes "
                 f"{enemy.name}'s Armour {enemy.armour} + 1d5 ({taken_roll}) = {taken} against "
                 f"her prow armour {ship.prow_armour}", rolls, 1)
        self.hurt(enemy, dealt, ship)
        if ship.out is None:
            self.hurt(ship, taken - ship.prow_armour, enemy)

    def _board(self, ship: Ship, enemy: Ship) -> None:
        t = self.helm(ship, self.table.board_test)
        if t.success:
            self.locked_by = ship.side
            self.say("boarding", f"{ship.name} crashes into {enemy.name}: {t.words()}; the "
                     "ships are locked in a boarding action", [t.check], 1)
        else:
            self.say("boarding", f"{ship.name} fails to board {enemy.name}: {t.words()}",
                     [t.check], 1)

    def command_modifiers(self, ship: Ship, enemy: Ship) -> list[tuple[str, int]]:
        table = self.table
        mods = [
            ("ship", ship.modifier("command")),
            ("more Crew Population", rules.step_bonus(
                ship.crew_population, enemy.crew_population, table.boarding_crew_step,
                table.boarding_bonus_per_step)),
            ("more Hull Integrity", rules.step_bonus(  # R4
                ship.hull_integrity, enemy.hull_integrity, table.boarding_hull_step,
                table.boarding_bonus_per_step)),
            ("Turret Rating", table.boarding_bonus_per_turret * ship.turrets),
            ("boarding", ship.modifier("boarding")),
        ]
        if ship.side != self.locked_by:
            mods.append(("defending", ship.modifier("boarding_defence")))
        if self.break_free_failed[ship.side]:
            mods.append(("failed to break free", table.break_free_penalty))
        return mods

    def _boarding_round(self) -> None:
        boarder = self.locked_by
        assert boarder is not None
        for side in self.order:
            ship = self.ships[side]
            self._fires(ship)
            if ship.out is not None:
                return
        for side in self.order:  # R20: either locked ship may try, at the start of its turn
            ship = self.ships[side]
            if not self.captains[side].break_free(self.situation(ship)):
                continue
            t = self.helm(ship, self.table.break_free_test)
            if t.success:
                self.say("boarding", f"{ship.name} tears free: {t.words()}", [t.check])
                self.locked_by = None
                self.break_free_failed = [False, False]
                return
            self.break_free_failed[side] = True
            self.say("boarding", f"{ship.name} fails to break free: {t.words()}", [t.check], 1)
        a, b = self.ships
        tests = [self.test("Command", s.spec.crew.command, self.command_modifiers(s, o))
                 for s, o in ((a, b), (b, a))]
        self.break_free_failed = [False, False]
        winner, margin = rules.opposed(tests[0].standing, tests[1].standing)
        self.say("boarding", f"opposed Command: {a.name} {tests[0].words()}; {b.name} "
                 f"{tests[1].words()}", [tests[0].check, tests[1].check])
        if winner is None:
            self.say("boarding", "neither side gains ground", depth=1)
            return
        win, lose = self.ships[winner], self.ships[1 - winner]
        blow = self.captains[win.side].boarding_blow(self.situation(win))
        degrees = f"{margin} degree{'s' * (margin != 1)}"
        if blow == "hull":  # charges set: 1 Hull Integrity a degree, with crew and morale
            self.say("boarding", f"{win.name} wins by {degrees}: her boarders set charges",
                     depth=1)
            self.hurt(lose, margin, win)
        else:
            crew = morale = 0
            rolls: list[Check | Roll] = []
            for n in range(1, margin + 1):  # each degree: 1d5 Crew Population and 1d5 Morale
                c, m = self.d(5), self.d(5)
                crew, morale = crew + c, morale + m
                rolls += [Roll("d5", c, f"degree {n}: Crew Population"),
                          Roll("d5", m, f"degree {n}: Morale")]
            lost_crew = lose.lose("crew_population", crew)
            lost_morale = lose.lose("morale", morale)
            self.say("boarding", f"{win.name} wins by {degrees}: {margin}d5 Crew Population "
                     f"rolled {crew}, {margin}d5 Morale rolled {morale}; {lose.name} loses "
                     f"{lost_crew} Crew Population and {lost_morale} Morale", rolls, depth=1)
        self._check_crew(lose)
        if lose.out is not None:
            return
        rolled = self.d(100)
        check = Check("Morale", lose.morale, (), "d100", rolled, unit="")
        if rolled <= lose.morale:
            self.say("boarding", f"{lose.name}'s crew fights on (Morale {lose.morale}, rolled "
                     f"{rolled})", [check], 1)
        else:
            self.say("boarding", f"{lose.name}'s crew routs (Morale {lose.morale}, rolled "
                     f"{rolled})", [check], 1)
            self.knock_out(lose, "surrendered", f"{lose.name} surrenders to {win.name}'s "
                           "boarders")

    # --- explosions reach the other ship ----------------------------------------------------

    def blast(self, source: Ship, kind: str) -> None:
        other = self.ships[1 - source.side]
        if other.out is not None:
            return
        gap = distance(source.position, other.position)
        if kind == "plasma":
            reach, rolls = self.dice(Dice(1, 10), "the blast's reach in VU")
            if gap > reach + EPSILON:
                self.say("critical", f"the blast reaches 1d10 = {reach} VU; {other.name} is "
                         f"{gap:.1f} VU away", rolls, depth=2)
                return
            self.say("critical", f"the blast reaches 1d10 = {reach} VU; {other.name} is "
                     f"{gap:.1f} VU away", rolls, depth=2)
            t = self.helm(other, -20)
            if t.success:
                self.say("critical", f"{other.name} evades the flaming debris: {t.words()}",
                         [t.check], 2)
                return
            count, rolls = self.dice(Dice(1, 5), "debris hits")
            shots = [rules.Shot(-1, _DEBRIS, count, False)]
            self.say("critical", f"{other.name} is struck by the debris: {t.words()}; 1d5 = "
                     f"{count} macrobattery hits", [t.check, *rolls], 2)
            self._resolve(source, other, shots)
            return
        reach, rolls = self.dice(Dice(2, 10), "the chaos-storm's reach in VU")
        self.say("critical", f"the chaos-storm reaches 2d10 = {reach} VU; {other.name} is "
                 f"{gap:.1f} VU away", rolls, depth=2)
        if gap <= reach + EPSILON:
            t = self.helm(other, -20)
            if t.success:
                self.say("critical", f"{other.name} escapes the chaos-storm: {t.words()}",
                         [t.check], 2)
            else:
                value, rolls = self.dice(Dice(1, 10), "the chaos-storm's lance strike")
                self.say("critical", f"{other.name} is struck by the chaos-storm: {t.words()}; "
                         f"a lance strike of 1d10 = {value}", [t.check, *rolls], 2)
                self.hurt(other, value, None)
        rift, rolls = self.dice(Dice(1, 5), "the rift's reach in VU")
        self.say("critical", f"the rift reaches 1d5 = {rift} VU", rolls, depth=2)
        if other.out is None and gap <= rift + EPSILON:
            t = self.helm(other, 0)
            if not t.success:
                self.knock_out(other, "warp", f"{other.name} is dragged into the warp: "
                               f"{t.words()}")



# a plasma drive's debris: macrobattery hits of 1d10+4 that shields and armour stop as usual
_DEBRIS = Gun("macrobattery", "", (), 5, Dice(1, 10, 4), None, 0, 0, 1, 0, None)
