"""A traveller fight's recorded events (tuples of ints, rules.py) in words, with each check's
dice and DMs kept as `Check`s for JSON."""

from __future__ import annotations

from shipyard.api import Check, Event, Modifier, Prepared, Roll
from shipyard.systems.traveller.combat import rules as r
from shipyard.systems.traveller.combat.setup import Told

ENDS = {
    r.A_WINS: "{a} destroys {b}",
    r.B_WINS: "{b} destroys {a}",
    r.A_BOARDS: "{a}'s boarders take {b} (TRV-R22)",
    r.B_BOARDS: "{b}'s boarders take {a} (TRV-R22)",
    r.CAP: "a draw: no decision after {cap} turns, the cap",
    r.HARMLESS: "no winner: neither ship can harm the other",
    r.LOST_CONTACT: "no winner: neither ship found the other in ten scans (TRV-R17)",
    r.FLED: "no winner: a ship breaks off and escapes (TRV-R50)",
    r.BOTH_LOST: "no winner: both ships are lost, the last by missiles already in flight "
                 "(TRV-R40)",
    r.A_OUTLASTS: "{a} wins: the last ship of {b} escapes after its side's losses (TRV-R50)",
    r.B_OUTLASTS: "{b} wins: the last ship of {a} escapes after its side's losses (TRV-R50)",
}


BATTLE_ENDS = {
    r.HARMLESS: "no winner: no ship left can harm an enemy (TRV-R48)",
    r.LOST_CONTACT: "no winner: neither side found the other in ten scans (TRV-R17, TRV-R44)",
    r.BOTH_LOST: "no winner: both sides are lost, the last ships by missiles already in flight "
                 "(TRV-R40)",
}


def signed(v: int) -> str:
    return f"+{v}" if v >= 0 else f"−{-v}"


def check(what: str, roll: int, target: int, dms: list[tuple[str, int]]) -> Check:
    """2D + DMs against `target`, as the kit's Check (the DMs lower the target)."""
    mods = tuple(Modifier(label, -value) for label, value in dms if value)
    total = roll + sum(v for _, v in dms)
    return Check(what, target, mods, "2D", roll, unit="", roll_under=False,
                 margin=total - target)


def sentence(roll: int, target: int, dms: list[tuple[str, int]]) -> str:
    """"2D 7 +2 Gunnery +4 beam = 13 vs 8+, Effect +5"."""
    parts = "".join(f" {signed(v)} {label}" for label, v in dms if v)
    total = roll + sum(v for _, v in dms)
    return f"2D {roll}{parts} = {number(total)} vs {target}+, Effect {signed(total - target)}"


def number(v: int) -> str:
    """A total as printed: a true minus sign, like every other figure."""
    return f"−{-v}" if v < 0 else str(v)


def result(raw: int, damage: int, unit: str) -> str:
    """The end of a damage sum: what it comes to, or no damage when armour (or sand) stops it."""
    return f"= {damage} {unit}" if raw > 0 else f"= {number(raw)}: no damage"


class Narrator:
    def __init__(self, prepared: Prepared) -> None:
        self.told: Told = prepared.told
        self.sides = prepared.names
        self.out: list[Event] = []
        self.round = 0
        self.last = 0  # the code of the event told before
        self.many = len(self.told.names) > 2  # a battle names each action's enemy

    def name(self, side: int) -> str:
        return self.told.names[side]

    def at(self, target: int) -> str:
        """" at Corsair 2 (B)" in a battle of more than two ships; nothing in a duel."""
        return f" at {self.name(target)}" if self.many else ""

    def add(self, phase: str, text: str, rolls: tuple[Check | Roll, ...] = (),
            depth: int = 0) -> None:
        self.out.append(Event(self.round, phase, text, rolls, depth))

    def tell(self, e: tuple[int, ...]) -> None:
        code, side = e[0], e[1]
        last, self.last = self.last, code
        who = self.name(side) if side >= 0 else ""
        bands = self.told.bands
        if code == r.EV_RANGE:
            old, new, progress = e[2], e[3], e[4]
            ships = f" {self.name(e[5])} – {self.name(e[6])}" if self.many and e[5] >= 0 else ""
            if self.round == 0 and old == new and e[5] < 0:
                self.add("range", f"the ships start at {bands[new]} range")
            elif old != new:
                self.add("range", f"range{ships} {bands[old]} → {bands[new]}")
            elif progress:
                self.add("range", f"range{ships} stays {bands[new]} (thrust banked toward the "
                         f"next band: {signed(progress)})", depth=1)
        elif code == r.EV_SCAN:
            dms = [("Sensors", e[4]), ("stealth", e[6])]
            ok = "finds" if e[5] else "does not find"
            self.add("scan", f"{who} {ok} the enemy (try {e[2]}): {sentence(e[3], 8, dms)}",
                     (check("scan", e[3], 8, dms),), depth=1)
        elif code == r.EV_FREE:
            found = self.sides[e[2]] if self.many else who
            self.add("scan", f"{found} found the enemy first: a free round of actions")
        elif code == r.EV_INIT:
            if last != r.EV_INIT:
                self.round += 1
            tactics = e[4] + e[5] - 8
            dms = [("Pilot skill", e[3]), ("Tactics Effect", tactics), ("Thrust", e[6]),
                   ("Inspire", e[7]), ("burned", -e[8])]
            total = e[9]
            parts = "".join(f" {signed(v)} {label}" for label, v in dms if v)
            self.add("init", f"{who} initiative 2D {e[2]}{parts} = {number(total)}: {e[10]} "
                     f"reaction{'s' * (e[10] != 1)} (Tactics 2D {e[4]} {signed(e[5])})",
                     (Roll("2D", e[2], "initiative"),
                      check("tactics", e[4], 8, [("Tactics", e[5])])))
        elif code == r.EV_TIE:
            self.add("init", f"{who} ties at initiative {number(e[3])} and thrust: rolls again, "
                     f"2D {e[2]} (the tied ships act highest first, TRV-R21)",
                     (Roll("2D", e[2], "initiative tie"),), 1)
        elif code == r.EV_IN_FLIGHT:
            self.round = e[2]
            self.add("missiles", "a side has gone, but salvos are still in flight: they land "
                     "before the battle is decided (TRV-R40)")
        elif code == r.EV_OVERCHARGE:
            dms = [("Engineer", e[3])]
            hits = f"; the M-drive takes {e[6]} hit{'s' * (e[6] != 1)}" if e[6] else ""
            self.add("manoeuvre", f"{who} overcharges: {sentence(e[2], 8, dms)}: thrust "
                     f"{e[5]}{hits}", (check("overcharge", e[2], 8, dms),), 1)
        elif code == r.EV_MANOEUVRE:
            dms = [("Pilot", e[3])]
            way = "toward" if e[5] > 0 else "away"
            did = f"applies {abs(e[5])} thrust {way}" if e[4] and e[5] else (
                "applies no thrust" if e[4] else "fails to manoeuvre")
            self.add("manoeuvre", f"{who} steers for {bands[e[6]]}: {sentence(e[2], 6, dms)}: "
                     f"{did}", (check("manoeuvre", e[2], 6, dms),))
        elif code == r.EV_BOARD:
            ok = "board" if e[6] else "are beaten off"
            self.add("manoeuvre", f"{who} attempts boarding{self.at(e[7])}: Pilot 2D {e[2]} "
                     f"{signed(e[3])} against 2D {e[4]} {signed(e[5])}: the boarders {ok}",
                     (Roll("2D", e[2], "boarding"), Roll("2D", e[4], "repelling")))
        elif code == r.EV_LINEUP:
            dms = [("Pilot", e[3])]
            self.add("manoeuvre", f"{who} lines up a shot{self.at(e[5])} (1 thrust): "
                     f"{sentence(e[2], 8, dms)} chained to a gunner",
                     (check("line up", e[2], 8, dms),), 1)
        elif code == r.EV_INSPIRE:
            dms = [("Leadership", e[3])]
            self.add("attack", f"{who}'s captain inspires the crew: {sentence(e[2], 8, dms)} "
                     "for next turn's initiative", (check("inspire", e[2], 8, dms),), 1)
        elif code == r.EV_JAM:
            dms = [("Sensors", e[3])]
            jammed = f"{self.name(e[5])}'s" if self.many else "the enemy's"
            self.add("attack", f"{who} jams {jammed} sensors: {sentence(e[2], 8, dms)}",
                     (check("jam sensors", e[2], 8, dms),), 1)
        elif code == r.EV_SOLUTION:
            dms = [("Sensors", e[3])]
            self.add("attack", f"{who} finds a targeting solution{self.at(e[5])}: "
                     f"{sentence(e[2], 8, dms)} chained to a gunner",
                     (check("targeting", e[2], 8, dms),), 1)
        elif code == r.EV_REPAIR:
            where = "the M-drive" if e[5] < 0 else self.told.locations[e[5]]
            dms = [("Engineer", e[3])]
            done = f"repaired (level {e[6]})" if e[4] else "not repaired"
            self.add("attack", f"{who}'s engineer works on {where}: {sentence(e[2], 8, dms)}: "
                     f"{done}", (check("repair", e[2], 8, dms),), 1)
        elif code == r.EV_AIM:
            self.add("attack", f"{who} aims {self.told.weapons[side][e[2]]}{self.at(e[4])} "
                     f"(out of range): {signed(e[3])}", depth=1)
        elif code == r.EV_FIRE:
            label = self.told.weapons[side][e[2]]
            copy = f" #{e[3] + 1}" if e[3] else ""
            dms = [("skill", e[5]), ("range", e[6]), ("weapon", e[7]), ("aim", e[8]),
                   ("chained", e[9]), ("criticals", -e[10])]
            dodged = e[11] - (e[4] + sum(v for _, v in dms) - 8)
            if dodged:
                dms.append(("dodge", dodged))
            word = "hits" if e[11] >= 0 else "misses"
            self.add("attack", f"{who} fires {label}{copy}{self.at(e[12])}: "
                     f"{sentence(e[4], 8, dms)}: {word}",
                     (check("attack", e[4], 8, dms),))
        elif code == r.EV_DODGE:
            dms = [("Pilot", e[3])]
            bought = " (a reaction bought with initiative)" if e[5] else ""
            self.add("react", f"{who} dodges{bought}: {sentence(e[2], 10, dms)}",
                     (check("dodge", e[2], 10, dms),), 1)
        elif code == r.EV_SAND:
            dms = [("Gunnery", e[3])]
            cut = f"−{e[5]} damage" if e[4] else "no cover"
            self.add("react", f"{who} fires sand: {sentence(e[2], 8, dms)}: {cut}",
                     (check("sand", e[2], 8, dms),), 1)
        elif code == r.EV_DAMAGE:
            label = self.told.weapons[side][e[2]]
            raw = e[3] + e[4] + e[5] - e[6] - e[7]
            sums = (f"{e[3]}" + (f" +{e[4]} mount" if e[4] else "") + f" {signed(e[5])} Effect"
                    + (f" −{e[6]} sand" if e[6] else "") + f" −{e[7]} armour")
            if e[8] > 1 and raw > 0:
                sums = f"({sums}) ×{e[8]}"
            if e[11]:
                told = (f"{result(raw, e[9], 'damage')} to the power plant (Ion: no Hull "
                        f"damage); {self.name(e[12])} Hull {max(0, e[10])}")
            else:
                told = f"{result(raw, e[9], 'damage')}; {self.name(e[12])} Hull " \
                       f"{max(0, e[10])}"
            self.add("damage", f"{label}: {sums} {told}",
                     (Roll("damage dice", e[3], "damage"),), 1)
        elif code == r.EV_LAUNCH:
            dms = [("Gunnery", e[3]), ("criticals", -e[4])]
            if e[5]:
                self.add("attack", f"{who} launches a salvo of {e[5]} missile"
                         f"{'s' * (e[5] != 1)}{self.at(e[8])}: {sentence(e[2], 2, dms)}; "
                         f"{e[6]} round"
                         f"{'s' * (e[6] != 1)} of flight, {e[7]} left",
                         (check("launch", e[2], 2, dms),))
            else:
                self.add("attack", f"{who}'s salvo fails to launch: {sentence(e[2], 2, dms)}",
                         (check("launch", e[2], 2, dms),))
        elif code == r.EV_ARRIVE:
            self.add("missiles", f"{who}'s salvo of {e[2]} missile{'s' * (e[2] != 1)} "
                     f"arrives{self.at(e[3])}")
        elif code == r.EV_LOST_SALVO:
            self.add("missiles", f"{who}'s salvo of {e[2]} missile{'s' * (e[2] != 1)} at "
                     f"{self.name(e[3])} is lost: its target has left the battle (TRV-R40)")
        elif code == r.EV_FLEE:
            ours, theirs = turns(e[5], e[4]), turns(e[3], e[6])
            if e[2]:
                self.add("manoeuvre", f"{who} is outmatched and breaks off for Distant (TRV-R50): "
                         f"the enemy would destroy its side in {theirs}, it needs {ours}")
            else:
                self.add("manoeuvre", f"{who} turns back to fight (TRV-R50): the enemy would "
                         f"destroy its side in {theirs}, it needs {ours}")
        elif code == r.EV_ESCAPE:
            self.add("range", f"{who} is at Distant from every enemy and none is closing: it "
                     "escapes (TRV-R50)")
        elif code == r.EV_ECM:
            dms = [("Sensors", e[3])]
            self.add("react", f"{who} jams the salvo (ECM): {sentence(e[2], 10, dms)}: "
                     f"{e[5]} removed, {e[6]} left", (check("ECM", e[2], 10, dms),), 1)
        elif code == r.EV_PD:
            label = self.told.weapons[side][e[2]]
            dms = [("Gunnery and battery", e[4])]
            self.add("react", f"{who} point defence ({label}): {sentence(e[3], 8, dms)}: "
                     f"{e[6]} destroyed, {e[7]} left", (check("point defence", e[3], 8, dms),),
                     1)
        elif code == r.EV_SALVO:
            dms = [("missiles", e[4]), ("TL", e[5]), ("dodge", -e[6])]
            word = "hits" if e[7] >= 0 else "misses"
            self.add("missiles", f"{who}'s {e[2]} missile{'s' * (e[2] != 1)}: "
                     f"{sentence(e[3], 8, dms)}: {word}", (check("missiles", e[3], 8, dms),), 1)
        elif code == r.EV_MISSILE_DAMAGE:
            raw = e[2] * e[3] - e[4]
            self.add("damage", f"one missile {e[2]} × Effect {e[3]} −{e[4]} armour "
                     f"{result(raw, e[5], 'damage')}; {self.name(e[7])} Hull {max(0, e[6])}",
                     (Roll("damage dice", e[2], "one missile's damage"),), 1)
        elif code == r.EV_CRIT:
            where = self.told.locations[e[3]]
            roll = f"2D {e[2]}: " if e[2] else ""
            extra = f", {e[6]} more damage (Hull {max(0, e[7])})" if e[6] else ""
            self.add("damage", f"{who} critical hit: {roll}{where}, severity {e[4]} → level "
                     f"{e[5]}{extra}", (Roll("2D", e[2], where),) if e[2] else (), 2)
        elif code == r.EV_RADIATION:
            self.add("damage", f"{who} is unshielded: the Radiation trait reaches its crew",
                     depth=2)
        elif code == r.EV_ION:
            self.add("damage", f"ion: {e[2]} damage to {who}'s power, no Hull damage", depth=2)
        elif code == r.EV_BURN:
            self.add("react", f"{who} burns initiative for an extra reaction "
                     f"({e[2]} this turn: −{2 * e[2]} next turn)", depth=1)


def turns(hull: int, might: int) -> str:
    """Turns to destroy `hull` at `might` tenths of a Hull point a turn, as TRV-R50 counts
    them (whole turns, rounded up)."""
    if might <= 0:
        return "never"
    n = (hull * 10 + might - 1) // might
    return f"{n} turn{'s' * (n != 1)} ({hull} Hull at {might / 10:g} a turn)"


def narrate(prepared: Prepared, events: list[tuple[int, ...]], end: int,
            rounds: int) -> tuple[list[Event], str]:
    told: Told = prepared.told
    text = ENDS[end].format(a=prepared.names[0], b=prepared.names[1], cap=prepared.cap)
    if len(told.names) > 2 and end in BATTLE_ENDS:
        text = BATTLE_ENDS[end]
    if end == r.FLED:
        fled = [e[1] for e in events if e[0] == r.EV_ESCAPE]
        who = told.names[fled[-1]] if fled else "a ship"
        text = f"no winner: {who} breaks off and escapes (TRV-R50)" if len(told.names) == 2 \
            else f"no winner: {who}, the last of its side in the battle, escapes (TRV-R50)"
    teller = Narrator(prepared)
    for event in events:
        teller.tell(event)
    if events:
        teller.add("end", text)
    return teller.out, text
