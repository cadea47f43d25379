"""A fight's recorded events in words: every test with its target, each modifier and the roll,
and every die, as the log and `--json` show them (fight.py records the numbers)."""

from __future__ import annotations

import math
from typing import Any

from shipyard.api import Check, Event, Modifier, Prepared, Roll
from shipyard.systems.rogue_trader.combat import fight as f
from shipyard.systems.rogue_trader.combat import ship as sh
from shipyard.systems.rogue_trader.combat.ends import ENDS
from shipyard.systems.rogue_trader.combat.geometry import AFT, ALL_ARCS, FORE, PORT, arc_bits

TESTS = {
    f.TEST_GUNNERY: ("Ballistic Skill", ("ship", "weapon", "Surprised target",
                                         "sensors damaged", "augur array out")),
    f.TEST_TURRETS: ("turrets, crew rating", ("Turret Rating", "sensors damaged",
                                              "augur array out")),
    f.TEST_FIRE: ("fire fighting, crew rating", ("difficulty", "fire suppression")),
    f.TEST_HELM: ("Operate (Voidship)", ("Manoeuvrability", "difficulty")),
    f.TEST_COMMAND: ("Command", ("ship", "more Crew Population", "more Hull Integrity",
                                 "Turret Rating", "boarding", "defending",
                                 "failed to break free")),
}
ACTIONS = {f.SHOOT: "shoot", f.RAM: "ram (her Shooting Action given up)",
           f.BOARD: "board (her Shooting Action given up)"}
STATE_WORDS = {sh.DAMAGED: "damaged", sh.DEPRESSURISED: "depressurised", sh.ON_FIRE: "on fire",
               sh.UNPOWERED: "unpowered", sh.DESTROYED: "destroyed"}


def check(event: tuple[int, ...]) -> Check:
    what, labels = TESTS[event[2]]
    mods = tuple(Modifier(label, value) for label, value in zip(labels, event[5:], strict=False)
                 if value)
    return Check(what, event[3], mods, "d100", event[4], unit="")


def words(c: Check) -> str:
    """"Command 40 +10 more Crew Population −20 failed to break free = 30, d100 rolled 84:
    failure, 4 degrees": every modifier."""
    mods = "".join(f" {m.value:+d} {m.label}" for m in c.modifiers if m.value)
    target = f"{c.what} {c.base}{mods} = {c.target}" if mods else f"{c.what} {c.base}"
    n = abs(c.target - c.rolled) // 10
    outcome = f"{'success' if c.success else 'failure'}, {n} degree{'s' * (n != 1)}"
    return f"{target}, d100 rolled {c.rolled}: {outcome}"


def arc_name(bits: int) -> str:
    return {FORE: "fore", PORT: "port", AFT: "aft"}.get(bits, "starboard")


def gap(up: int, uq: int, vp: int, vq: int) -> float:
    root = math.sqrt(2)
    return math.hypot((up + uq * root) / 2, (vp + vq * root) / 2)


def dice_text(count: int, sides: int, bonus: int) -> str:
    return f"{count}d{sides}" + (f"{bonus:+d}" if bonus else "")


def dice_label(count: int, sides: int, bonus: int, total: int) -> str:
    return f" ({dice_text(count, sides, bonus)}{'' if count == 1 and not bonus else f' = {total}'})"


# the endings a game master calls (R25-R27): no winner
DECLARED = {
    f.DISENGAGED: "no winner: the ships have been beyond every weapon's reach of each other, "
                  "and none has attacked another, for {disengaged} Strategic Rounds; the GM "
                  "calls them disengaged (R25)",
    f.STALEMATE: "no winner: {stalemate} Strategic Rounds without loss of Hull Integrity, Crew "
                 "Population or Morale and without a boarding action; the GM calls a stalemate "
                 "(R26)",
    f.HARMLESS: "no winner: neither ship can harm the other from anywhere either can reach "
                "(R27)",
}


def turn_words(turn: int) -> str:
    return "hold her heading" if turn == 0 else (
        f"turn {abs(turn) * 45}° to {'port' if turn > 0 else 'starboard'}")


class Narrator:
    def __init__(self, prepared: Prepared) -> None:
        self.told = prepared.told
        self.params: sh.Params = prepared.state
        self.sides = prepared.names  # a duel's: the two ships; a battle's: the two sides
        self.names = [spec.name for spec in self.told.specs]  # every ship's
        self.cap = prepared.cap
        n = len(self.names)
        self.battle = n > 2
        self.team = [self.params.data[self.params.o_stat + i * sh.STAT_FIELDS + sh.S_SIDE]
                     for i in range(n)]
        # the ship each engages (the rules tell it: EV_TARGET, a boarding action)
        self.engaged = [next(j for j in range(n) if self.team[j] != self.team[i])
                        for i in range(n)]
        self.last_out: dict[int, str] = {}  # each side's last ship out, in words
        self.blast = ""  # a blast's reach, said with the first ship it is measured to
        self.blast_rolls: list[Check | Roll] = []
        self.out: dict[int, str] = {}
        self.pending: dict[int, str] = {}
        self.events: list[Event] = []
        self.round = 0
        self.tests: list[Check] = []
        self.again: list[tuple[int, int]] = []
        self.order: list[int] = []
        self.announced: set[int] = set()  # ships whose captain's enemy has been said
        self.faces: list[int] = []
        self.rolls: list[Check | Roll] = []
        self.torpedoes: list[int] = []
        self.shots: list[int] = []
        self.closed = True
        self.text = ""

    def say(self, phase: str, text: str, rolls: list[Check | Roll] | None = None,
            depth: int = 0) -> None:
        self.events.append(Event(self.round, phase, text, tuple(rolls or ()), depth))

    def test(self) -> tuple[Check, str]:
        c = self.tests.pop(0)
        return c, words(c)

    def part(self, side: int, index: int) -> Any:
        return self.told.specs[side].parts[index]

    def tell(self, e: tuple[int, ...]) -> None:
        code = e[0]
        side = e[1]
        name = self.names[side] if side >= 0 else ""
        other = self.names[self.engaged[side]] if side >= 0 else ""
        handler = getattr(self, f"on_{CODES[code]}", None)
        if handler is not None:
            handler(e, name, other)

    # --- the round and initiative ---

    def on_round(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.round = e[2]

    def on_test(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.tests.append(check(e))

    def on_face(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.faces.append(e[2])

    def on_init(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("initiative", f"{name}: 1d10 rolled {e[2]} + Detection bonus {e[3]} = "
                 f"{e[2] + e[3]}", [Roll("d10", e[2], "initiative")], 1)

    def on_init_detection(self, e: tuple[int, ...], name: str, other: str) -> None:
        b = self.names[e[4]]
        self.say("initiative", f"tied at {e[2]}: the higher Detection goes first ({name} "
                 f"{e[3]}, {b} {e[5]}; R16)", depth=1)

    def on_init_again(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.again.append((e[1], e[2]))
        if len(self.again) < e[5]:
            return  # the tied ships roll together: one line once all have rolled
        rolled, self.again = self.again, []
        faces = [str(face) for _, face in rolled]
        said = ", ".join(faces[:-1]) + f" and {faces[-1]}"
        self.say("initiative", f"tied at Detection {e[3]} too: 1d10 rolled again, {said} "
                 "(R16)", [Roll("d10", face, f"{self.names[i]}'s initiative again")
                           for i, face in rolled], 1)

    def on_first(self, e: tuple[int, ...], name: str, other: str) -> None:
        if not self.battle:
            self.say("initiative", f"{name} acts first")
            return
        order, self.order = self.order, []
        self.say("initiative", "the initiative order: " + ", ".join(self.names[i] for i in order))

    def on_order(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.order.append(e[1])

    def on_target(self, e: tuple[int, ...], name: str, other: str) -> None:
        """The enemy her captain engages (said when it changes), or (e[3]) the enemy her
        guns that do not bear on him fire at instead (B2)."""
        changed = self.engaged[e[1]] != e[2] or (not e[3] and e[1] not in self.announced)
        self.engaged[e[1]] = e[2]
        if not e[3]:
            self.announced.add(e[1])
        if e[3]:
            self.say("shooting", f"her guns that do not bear on {other} fire at "
                     f"{self.names[e[2]]} (B2)", depth=1)
        elif self.battle and changed:
            self.say("orders", f"{name} engages {self.names[e[2]]}", depth=1)

    def on_end(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.text = self.outcome(e[2])
        self.say("end", self.text)

    def outcome(self, end: int) -> str:
        if end == f.CAP:
            return f"a draw: no decision after {self.cap} Strategic Rounds, the cap"
        if end in DECLARED:
            return DECLARED[end].format(disengaged=self.params.disengaged_after,
                                        stalemate=self.params.stalemate_after)
        if end == f.BOTH_LOST:
            return f"no winner: {self.last_out.get(0, '')}; {self.last_out.get(1, '')}"
        winner = end // 10
        loser = 1 - winner
        return f"{self.sides[winner]} wins: {self.last_out.get(loser, '')}"

    # --- a turn ---

    def on_turn(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("turn", f"{name}'s turn (Hull Integrity {e[2]}, Crew Population {e[3]}, "
                 f"Morale {e[4]})")

    def on_orders(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("orders", f"{name}'s orders: {'half' if e[2] else 'full'} speed, "
                 f"{turn_words(e[3])}, then {ACTIONS[e[4]]}", depth=1)

    def on_move(self, e: tuple[int, ...], name: str, other: str) -> None:
        vu, half, turn, facing = e[2], e[3], e[4], e[5]
        turned = ("holds her heading" if turn == 0 else
                  f"turns {abs(turn) * 45}° to {'port' if turn > 0 else 'starboard'}")
        bits = arc_bits(e[6], e[7], e[8], e[9], facing)
        where = (f"{other} is alongside, 0 VU: every arc bears (R22)" if bits == ALL_ARCS else
                 f"{other} is {gap(*e[6:10]):.1f} VU off her {arc_name(bits)}")
        self.say("manoeuvre", f"{name} moves {vu} VU ({'half' if half else 'full'} speed) and "
                 f"{turned} (heading {facing * 45}°); {where}", depth=1)

    def on_cannot(self, e: tuple[int, ...], name: str, other: str) -> None:
        what = "ram" if e[2] == f.RAM else "board"
        why = ("locked in a boarding action with another (B4)" if e[3] == 2 else
               "not within 1 VU" if not e[3] else "not off her bow")
        self.say("shooting", f"{name} cannot {what} ({other} is {why} after her manoeuvre): "
                 "the Shooting Action she gave up for it is lost", depth=1)

    # --- shooting ---

    def on_no_gun(self, e: tuple[int, ...], name: str, other: str) -> None:
        whom = "any enemy" if self.battle else other
        self.say("shooting", f"{name}: no weapon bears on {whom}", depth=1)

    def ordnance(self, side: int, index: int) -> str:
        gun = self.part(side, index).gun
        return "torpedoes" if gun.kind == "torpedo-tubes" else "squadrons"

    def on_launch(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("shooting", f"{name} launches {e[3]} {self.ordnance(e[1], e[2])} from "
                 f"{self.part(e[1], e[2]).name}", depth=1)

    def on_turrets(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        self.say("shooting", f"{name}'s turrets: {said}; {e[3]} "
                 f"{self.ordnance(e[4], e[2])} shot down", [c], 2)

    def on_fire(self, e: tuple[int, ...], name: str, other: str) -> None:
        if self.closed:
            self.shots, self.closed = [], False
        self.shots.append(e[2])
        c, said = self.test()
        self.say("shooting", f"{name} fires {self.part(e[1], e[2]).name}: {said}; {e[3]} "
                 f"hit{'s' * (e[3] != 1)}" + (" (Crit Rating met)" if e[4] else ""), [c], 1)

    def on_debris(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.shots, self.closed = [-1], False
        c, said = self.test()
        self.say("critical", f"{name} is struck by the debris: {said}; 1d5 = {e[2]} "
                 "macrobattery hits", [c, Roll("d5", e[2], "debris hits (1d5)")], 2)

    def on_flicker(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("shooting", f"the void shield flickers (d10 rolled {e[2]}): the hit goes "
                 "through", [Roll("d10", e[2], "shield flicker")], 2)

    def on_shields(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("shooting", f"{name}'s void shields ({e[2]}) stop {e[3]} hit"
                 + "s" * (e[3] != 1), depth=1)

    def on_damage_roll(self, e: tuple[int, ...], name: str, other: str) -> None:
        index = self.shots[e[2]]
        if index < 0:
            count, sides, bonus, kind = 1, 10, 4, "macrobattery"
        else:
            gun = self.part(e[1], index).gun
            count, sides, bonus, kind = (gun.damage.count, gun.damage.sides, gun.damage.bonus,
                                         gun.kind)
        faces, self.faces = self.faces, []
        value, extra = e[3], e[4]
        die = dice_text(count, sides, bonus)
        detail = ""
        if len(faces) > 1 or extra:
            detail = (f" (faces {'+'.join(map(str, faces))}{bonus:+d}"
                      f"{f' {extra:+d} macrobattery damage' if extra else ''})")
        self.rolls.append(Roll(die, sum(faces), f"{value} damage{detail}"))
        if kind == "torpedo-tubes":
            self.torpedoes.append(value)

    def on_no_hit(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.closed = True
        self.rolls, self.torpedoes = [], []
        self.say("damage", f"no hit reaches {name}" + (
            f" ({e[2]} stopped by void shields)" if e[2] else ""), depth=1)

    def on_damage(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.closed = True
        landed, armoured, unarmoured, armour, through = e[2:7]
        parts = [f"{armoured} damage against Armour {armour}"] if armoured else []
        parts += [f"{unarmoured} lance damage past the armour"] if unarmoured else []
        parts += [f"torpedo {value} against Armour {armour}" for value in self.torpedoes]
        self.say("damage", f"{landed} hit{'s' * (landed != 1)} land{'s' * (landed == 1)} on "
                 f"{name}: {' + '.join(parts)} = {through} Hull Integrity", self.rolls, 1)
        self.rolls, self.torpedoes = [], []

    def on_crit_rating(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"{self.part(e[1], e[2]).gun.kind} Crit Rating met: 1d5 rolled "
                 f"{e[3]}", [Roll("d5", e[3], "critical hit")], 1)

    # --- damage, criticals and explosions ---

    def on_holds(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("damage", f"{name}'s armour holds", depth=2)

    def on_loses(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("damage", f"{name} loses {e[2]} Hull Integrity ({e[3]} left), {e[4]} Crew "
                 f"Population, {e[5]} Morale", depth=2)

    def on_crippled(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("damage", f"{name} is Crippled", depth=2)

    def on_past(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"{e[2]} damage past Hull Integrity: a critical hit of {e[2]}",
                 depth=2)

    def on_out(self, e: tuple[int, ...], name: str, other: str) -> None:
        text = (f"{name} has no crew left" if e[2] == sh.OUT_CREW
                else self.pending.get(e[1], name))
        self.out[e[1]] = text
        self.last_out[self.team[e[1]]] = text
        self.say("end", text, depth=1)

    def on_simple_hulk(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.pending[e[1]] = (f"{name} drifts away, a shattered hulk (simplified destruction, "
                              f"critical {e[2]})")

    def on_simple_blows(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"{name} explodes (simplified destruction, critical {e[2]}): a "
                 "Plasma Drive Explosion", depth=2)

    def on_critical(self, e: tuple[int, ...], name: str, other: str) -> None:
        entry = self.told.catalog.critical(e[2])
        self.say("critical", f"{name} suffers {entry.name} ({e[2]}"
                 f"{', read as 11' if e[2] > 11 else ''})", depth=2)

    def on_no_choice(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", "the attacker knows of no component to choose: no effect",
                 depth=3)

    def on_state(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"{self.part(e[1], e[2]).name} is {STATE_WORDS[e[3]]}", depth=3)

    def on_sensors(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"{e[2]} to all her shooting tests", depth=3)

    def on_thrusters(self, e: tuple[int, ...], name: str, other: str) -> None:
        text = f"Manoeuvrability {e[3]}" if e[2] <= 7 else "she cannot turn"
        self.say("critical", f"1d10 rolled {e[2]}: {text}", [Roll("d10", e[2], text)], 3)

    def on_engines(self, e: tuple[int, ...], name: str, other: str) -> None:
        text = "Speed halved" if e[2] <= 7 else "drives wrecked, Speed 1"
        self.say("critical", f"1d10 rolled {e[2]}: {text}", [Roll("d10", e[2], text)], 3)

    def on_unpowered(self, e: tuple[int, ...], name: str, other: str) -> None:
        part = self.part(e[1], e[2]).name
        rolled = e[3]
        if rolled > 0:  # Surly Techsprites
            meaning = f"{part}: {'unpowered' if rolled >= 4 else 'keeps her power'} (4 or higher)"
        else:  # Space Hulk
            rolled = -rolled
            meaning = f"{part}: " + ("untouched but unpowered" if rolled <= 2 else
                                     "depressurised and damaged" if rolled <= 8 else "destroyed")
        self.rolls.append(Roll("d10", rolled, meaning))

    def on_techsprites(self, e: tuple[int, ...], name: str, other: str) -> None:
        rolls, self.rolls = self.rolls, []
        unpowered = [r.meaning.rsplit(": ", 1)[0] for r in rolls
                     if isinstance(r, Roll) and r.rolled >= 4]
        self.say("critical", f"unpowered: {', '.join(unpowered) or 'nothing'}; 1d5 rolled "
                 f"{e[2]}: Morale -{e[3]}", [*rolls, Roll("d5", e[2], "Morale lost")], 3)

    def on_space_hulk(self, e: tuple[int, ...], name: str, other: str) -> None:
        rolls, self.rolls = self.rolls, []
        self.say("critical", "every component rolls 1d10 (1-2 unpowered, 3-8 depressurised and "
                 f"damaged, 9-10 destroyed; R3); Crew Population 1d10 rolled {e[2]}",
                 [*rolls, Roll("d10", e[2], "Crew Population left")], 3)
        self.pending[e[1]] = (f"{name} is a drifting, burning space hulk (Crew Population "
                              f"{e[3]})")

    def on_decapitation(self, e: tuple[int, ...], name: str, other: str) -> None:
        total = e[2] + e[3]
        effects = []
        if e[4] and total >= 12:
            effects.append("the bridge is depressurised")
        if e[4] and total >= 16:
            effects.append("and damaged")
        self.say("critical", f"shrapnel 2d10 rolled {e[2]}+{e[3]} = {total}: "
                 f"{' '.join(effects) or 'the bridge holds'}",
                 [Roll("d10", face, "shrapnel (2d10)") for face in e[2:4]], 3)

    def on_breach(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"1d5 rolled {e[2]} components; the attacker knows of {e[3]} she "
                 "may choose", [Roll("d5", e[2], "components breached")], 3)

    def on_breached(self, e: tuple[int, ...], name: str, other: str) -> None:
        part = self.part(e[1], e[2]).name
        text = (f"{part}: d10 rolled {e[3]}, damaged and depressurised" if e[3] <= 7 else
                f"{part}: d10 rolled {e[3]}, destroyed with her crew")
        self.say("critical", text, [Roll("d10", e[3], text)], 3)

    def on_halved(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"Crew Population and Morale halved: {e[2]} and {e[3]}", depth=3)

    def on_catastrophic(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"1d10 rolled {e[2]}", [Roll("d10", e[2], "catastrophic")], 3)

    def on_explodes(self, e: tuple[int, ...], name: str, other: str) -> None:
        what = "plasma drive" if e[2] == f.BLAST_PLASMA else "warp drive"
        self.pending[e[1]] = f"{name}'s {what} explodes"

    def on_blast(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.blast = f"the blast reaches 1d10 = {e[2]} VU"
        self.blast_rolls = [Roll("d10", e[2], "the blast's reach in VU (1d10)")]

    def on_reaches(self, e: tuple[int, ...], name: str, other: str) -> None:
        """How far a ship lies from an explosion: said with its reach the first time."""
        said = f"{name} is {gap(*e[3:7]):.1f} VU away"
        if self.blast:
            self.say("critical", f"{self.blast}; {said}", self.blast_rolls, depth=2)
            self.blast, self.blast_rolls = "", []
        else:
            self.say("critical", said, depth=2)

    def on_evades(self, e: tuple[int, ...], name: str, other: str) -> None:
        if e[2]:
            c, said = self.test()
            self.say("critical", f"{name} evades the flaming debris: {said}", [c], 2)

    def on_storm(self, e: tuple[int, ...], name: str, other: str) -> None:
        reach = e[2] + e[3]
        label = f"the chaos-storm's reach in VU (2d10 = {reach})"
        self.blast = f"the chaos-storm reaches 2d10 = {reach} VU"
        self.blast_rolls = [Roll("d10", e[2], label), Roll("d10", e[3], label)]

    def on_escapes(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        what = "holds clear of the warp rift" if e[2] else "escapes the chaos-storm"
        self.say("critical", f"{name} {what}: {said}", [c], 2)

    def on_storm_strikes(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        self.say("critical", f"{name} is struck by the chaos-storm: {said}; a lance strike of "
                 f"1d10 = {e[2]}", [c, Roll("d10", e[2], "the chaos-storm's lance strike "
                                          "(1d10)")], 2)

    def on_rift(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("critical", f"the rift reaches 1d5 = {e[2]} VU",
                 [Roll("d5", e[2], "the rift's reach in VU (1d5)")], depth=2)

    def on_dragged(self, e: tuple[int, ...], name: str, other: str) -> None:
        _, said = self.test()
        self.pending[e[1]] = f"{name} is dragged into the warp: {said}"

    # --- fires, ramming and boarding ---

    def on_fire_out(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        self.say("fire", f"fire in {self.part(e[1], e[2]).name}: {said}; put out", [c], 1)

    def on_fire_burns(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        p = self.params
        crew_dice = p.data[p.o_fire_crew:p.o_fire_crew + 3]
        morale_dice = p.data[p.o_fire_morale:p.o_fire_morale + 3]
        faces, self.faces = self.faces, []
        crew_faces, morale_faces = faces[:crew_dice[0]], faces[crew_dice[0]:]
        crew_label = "Crew Population lost to the fire" + dice_label(
            crew_dice[0], crew_dice[1], crew_dice[2], e[3])
        morale_label = "Morale lost to the fire" + dice_label(
            morale_dice[0], morale_dice[1], morale_dice[2], e[5])
        rolls: list[Check | Roll] = [c]
        rolls += [Roll(f"d{crew_dice[1]}", face, crew_label) for face in crew_faces]
        rolls += [Roll(f"d{morale_dice[1]}", face, morale_label) for face in morale_faces]
        crew_text = dice_text(crew_dice[0], crew_dice[1], crew_dice[2])
        morale_text = dice_text(morale_dice[0], morale_dice[1], morale_dice[2])
        self.say("fire", f"fire in {self.part(e[1], e[2]).name}: {said}; it burns on, "
                 f"{crew_text} rolled {e[3]}: {e[4]} Crew Population, {morale_text} rolled "
                 f"{e[5]}: {e[6]} Morale lost", rolls, 1)

    def on_ram_miss(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        self.say("ramming", f"{name} tries to ram {other}: {said}; she misses", [c], 1)

    def on_ram(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        dealt, prow, taken_roll, armour = e[2:6]
        faces, self.faces = self.faces, []
        dice = self.told.specs[e[1]].ram
        rolls: list[Check | Roll] = [c]
        at = 0
        for d in dice:
            mine = faces[at:at + d.count]
            at += d.count
            label = "ramming damage" + dice_label(d.count, d.sides, d.bonus, sum(mine) + d.bonus)
            rolls += [Roll(f"d{d.sides}", face, label) for face in mine]
        rolls.append(Roll("d5", taken_roll, "the rammer's own damage (1d5)"))
        self.say("ramming", f"{name} rams {other}: {said}; {'+'.join(str(d) for d in dice)} + "
                 f"prow armour {prow} = {dealt} damage, past void shields and Armour (R13); she "
                 f"takes {other}'s Armour {armour} + 1d5 ({taken_roll}) = {armour + taken_roll} "
                 f"against her prow armour {prow}", rolls, 1)

    def on_board(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        other = self.names[e[3]]
        if e[2]:
            self.engaged[e[1]], self.engaged[e[3]] = e[3], e[1]
        if e[2]:
            self.say("boarding", f"{name} crashes into {other}: {said}; the ships are locked "
                     "in a boarding action", [c], 1)
        else:
            self.say("boarding", f"{name} fails to board {other}: {said}", [c], 1)

    def on_break_free(self, e: tuple[int, ...], name: str, other: str) -> None:
        c, said = self.test()
        if e[2]:
            self.say("boarding", f"{name} tears free: {said}", [c])
        else:
            self.say("boarding", f"{name} fails to break free: {said}", [c], 1)

    def on_command(self, e: tuple[int, ...], name: str, other: str) -> None:
        a, said_a = self.test()
        b, said_b = self.test()
        self.say("boarding", f"opposed Command: {self.names[e[1]]} {said_a}; "
                 f"{self.names[e[2]]} {said_b}", [a, b])

    def on_no_ground(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("boarding", "neither side gains ground", depth=1)

    def on_charges(self, e: tuple[int, ...], name: str, other: str) -> None:
        self.say("boarding", f"{name} wins by {e[2]} degree{'s' * (e[2] != 1)}: her boarders "
                 "set charges", depth=1)

    def on_cut(self, e: tuple[int, ...], name: str, other: str) -> None:
        margin, crew, morale, lost_crew, lost_morale = e[2:7]
        faces, self.faces = self.faces, []
        rolls: list[Check | Roll] = []
        for n in range(margin):
            rolls += [Roll("d5", faces[2 * n], f"degree {n + 1}: Crew Population"),
                      Roll("d5", faces[2 * n + 1], f"degree {n + 1}: Morale")]
        self.say("boarding", f"{name} wins by {margin} degree{'s' * (margin != 1)}: {margin}d5 "
                 f"Crew Population rolled {crew}, {margin}d5 Morale rolled {morale}; {other} "
                 f"loses {lost_crew} Crew Population and {lost_morale} Morale", rolls, depth=1)

    def on_morale(self, e: tuple[int, ...], name: str, other: str) -> None:
        morale, rolled, holds = e[2:5]
        c = Check("Morale", morale, (), "d100", rolled, unit="")
        word = "fights on" if holds else "routs"
        self.say("boarding", f"{name}'s crew {word} (Morale {morale}, rolled {rolled})", [c], 1)
        if not holds:
            self.pending[e[1]] = f"{name} surrenders to {other}'s boarders"


CODES = {value: name[3:].lower() for name, value in vars(f).items()
         if name.startswith("EV_") and isinstance(value, int)}


def narrate(prepared: Prepared, events: list[tuple[int, ...]], end: int,
            rounds: int) -> tuple[list[Event], str]:
    narrator = Narrator(prepared)
    for event in events:
        narrator.tell(event)
    if not events:  # not told: the outcome in brief
        reason = _reasons().get(end, "")
        if end == f.CAP or end in DECLARED:
            return [], narrator.outcome(end)
        if end == f.BOTH_LOST:
            return [], ("no winner: both sides are out" if narrator.battle
                        else "no winner: both ships are out")
        return [], f"{prepared.names[end // 10]} wins ({reason})"
    return narrator.events, narrator.text


def _reasons() -> dict[int, str]:
    return {code: why for code, (_, why) in ENDS.items()}
