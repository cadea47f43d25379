"""A smallcraft fight in words: the events fight.py recorded, told as a referee tells them, every
roll with its target number and the modifiers that made it."""

from __future__ import annotations

from typing import NamedTuple

from shipyard.api import Check, Event, Modifier, Roll
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat.craft import Spec
from shipyard.systems.smallcraft.combat.table import Params, Setup
from shipyard.systems.smallcraft.rules import count

SIDE_NAME = {0: "top", 2: "top-right", 4: "bottom-right", 6: "bottom", 8: "bottom-left",
             10: "top-left"}
_AXIAL_STEPS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))  # 12, 2, 4, 6, 8, 10


class Told(NamedTuple):
    """What only the narrator reads: the sheets' words and the terms."""

    specs: tuple[Spec, ...]  # every craft, side A's then side B's
    setup: Setup
    figures: Params


def clock(k: int) -> str:
    return f"{(k % 12) or 12} o'clock"


def map_label(q: int, r: int) -> str:
    """A hex as a printed map numbers it: column, then row (rows run up the map)."""
    return f"hex {q},{r + (q - (q & 1)) // 2}"


def legs(a: int, b: int, c: int, d: int) -> list[tuple[int, int]]:
    """A velocity as the seed's legs ("3 top, 1 top-right"): at most two adjacent hex-side
    directions and two adjacent corner directions, each with its count, simplest form."""
    return _two(b, (c - b) // 2, 0) + _two((a - d) // 2, d, 1)


def _two(q: int, r: int, offset: int) -> list[tuple[int, int]]:
    if q == 0 and r == 0:
        return []
    for i in range(6):
        (q1, r1), (q2, r2) = _AXIAL_STEPS[i], _AXIAL_STEPS[(i + 1) % 6]
        det = q1 * r2 - q2 * r1  # ±1 for neighbouring steps, so 1/det == det
        m = (q * r2 - q2 * r) * det
        n = (q1 * r - q * r1) * det
        if m >= 0 and n >= 0:
            out = [(m, 2 * i + offset)] if m else []
            return out + ([(n, (2 * i + 2 + offset) % 12)] if n else [])
    raise AssertionError(f"no decomposition of {(q, r)}")  # pragma: no cover


def describe_velocity(a: int, b: int, c: int, d: int) -> str:
    """ "3 top, 1 top-left", or "2 toward 1 o'clock" along a hex corner."""
    parts = legs(a, b, c, d)
    if not parts:
        return "at rest"
    return ", ".join(f"{n} {SIDE_NAME[k]}" if k in SIDE_NAME else f"{n} toward {clock(k)}"
                     for n, k in parts)


def missiles(n: int) -> str:
    return f"{n} missile{'s' * (n != 1)}"


def outcome(told: Told, p: Params, end: int, details: tuple[int, ...]) -> str:
    """The end of the fight in the game's words; `details` as fight.ended recorded them (empty:
    the fight was not told, and the sentence says less)."""
    names = [s.name for s in told.specs]
    two = len(names) == 2
    if end == f.STALEMATE:
        quiet = details[0] if details else told.setup.table.stalemate_after
        return (f"no winner: a stalemate, {quiet} dturns with no box lost, no missile in flight "
                "and no shot with any chance of a hit (every target too fast to hit, C8)")
    if end < 8 or end >= f.WON_ESCAPED:
        loser = (names[details[0]] if details else names[1 - end % 2] if two
                 else f"side {'BA'[end % 2]}'s last craft")
        if end >= f.WON_ESCAPED:
            return (f"{loser} escaped, the last of its side still in the battle: side "
                    f"{'AB'[end - f.WON_ESCAPED]} holds the field")
        return (f"{loser} is destroyed: every box is gone",
                f"{loser} is out of action: its crew boxes are all gone",
                f"{loser} is out of action: its power boxes are all gone (power lost takes "
                "effect next dturn)",
                f"{loser} is out of the fight: disarmed (no weapon with the power to fire it) "
                "and immobile (no drive with the power to fire it)")[end // 2]
    if end == f.CAP:
        return f"a draw: no decision after {p.cap} dturns, the cap"
    if end == f.BOTH_LOST and details and details[0] == 1:  # the last after the other had gone
        last, why = details[1:3]
        return (f"no winner: both {'craft' if two else 'sides'} are lost, the last "
                f"{'by' if why < f.POWER_LOST else 'with'} missiles already in flight (C4): "
                + out_text(names, last, why, ()))
    if end == f.BOTH_LOST and details and details[1] == f.DISABLED:
        return ("both craft are out of the fight together: disarmed and immobile" if two else
                "both sides' last craft are out of the fight together: disarmed and immobile")
    if end == f.BOTH_LOST:
        return ("both craft are out of action: their power boxes are all gone" if two else
                "both sides' last craft are out of action together: their power boxes are all "
                "gone")
    if end == f.HARMLESS:
        return ("neither craft can harm the other: no weapon with the power to fire it, no "
                "missiles in flight" if two else "neither side can harm the other: no weapon "
                "with the power to fire it, no missiles in flight")
    if end == f.LOST_CONTACT:
        if not details:
            return "the craft have lost each other, beyond both detection ranges"
        apart, seen_a, seen_b = details[:3]
        if not two:
            return ("the sides have lost each other: no craft sees an enemy or is seen by one, "
                    "beyond every detection range")
        return (f"the craft have lost each other: {count(apart, 'dhex')} apart, beyond both "
                f"detection ranges ({seen_a} and {seen_b})")
    if not details:
        return "one craft ran beyond the other's detection range and escaped"
    runner, apart, enemy, seen = details[:4]
    return (f"{names[runner]} escaped: it opened the range to {count(apart, 'dhex')} from "
            f"{names[enemy]}, beyond {names[enemy]}'s detection range of {seen}"
            + ("" if two else "; its side all escaped without loss"))


def out_text(names: list[str], c: int, why: int, details: tuple[int, ...]) -> str:
    """A craft leaves a battle that goes on (R8, RULINGS C4)."""
    name = names[c]
    if why == f.OUT_ESCAPED:
        apart, enemy, seen = details[:3]
        return (f"{name} escapes: it opened the range to {count(apart, 'dhex')} from "
                f"{names[enemy]}, its nearest enemy, beyond every enemy's detection "
                f"range ({names[enemy]}'s is {seen})")
    if why == f.OUT_LOST_CONTACT:
        return (f"{name} has lost contact and leaves the battle: {count(details[0], 'dhex')} "
                "from its nearest enemy, beyond every enemy's detection range and every "
                "enemy beyond its own")
    return (f"{name} is destroyed: every box is gone",
            f"{name} is out of action: its crew boxes are all gone",
            f"{name} is out of action: its power boxes are all gone (power lost takes "
            "effect next dturn)",
            f"{name} is out of the fight: disarmed (no weapon with the power to fire it) "
            "and immobile (no drive with the power to fire it)")[why]


def narrate(told: Told, events: list[tuple[int, ...]], end: int) -> tuple[list[Event], str]:
    p = told.figures
    teller = _Teller(told, p)
    for event in events:
        teller.tell(event)
    return teller.out, outcome(told, p, end, teller.details)


class _Teller:
    def __init__(self, told: Told, p: Params) -> None:
        self.told = told
        self.p = p
        self.specs = told.specs
        self.names = [s.name for s in told.specs]
        self.out: list[Event] = []
        self.round = 0
        self.rolls: list[Check | Roll] = []  # the initiative's dice, a hit's rerolls
        n = len(self.names)
        self.power: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.shown: list[list[tuple[int, int]] | None] = [None] * n
        self.thrust: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.details: tuple[int, ...] = ()
        self.places: list[tuple[int, int, int, int]] = []  # (craft, q, r, facing) since a move
        self.ranks: list[tuple[int, int]] = []  # (craft, score) in the order of the dphases

    def say(self, phase: str, text: str, rolls: list[Check | Roll] | None = None,
            depth: int = 0) -> None:
        self.out.append(Event(self.round, phase, text, tuple(rolls or ()), depth))

    def tell(self, e: tuple[int, ...]) -> None:
        code, side = e[0], e[1]
        name = self.names[side] if side >= 0 else ""
        table = self.told.setup.table
        if code == f.EV_PLACE:
            self.places.append((side, e[2], e[3], e[4]))
        elif code == f.EV_START:
            placed, self.places = self.places, []
            where = "; ".join(f"{self.names[c]} at {map_label(q, r)} facing {clock(k)}"
                              for c, q, r, k in placed)
            if len(self.names) == 2:
                self.say("start", f"{where}; {count(e[2], 'dhex')} apart, both at rest")
            else:
                self.say("start", f"{where}; the sides' leaders {count(e[2], 'dhex')} apart, "
                         "all at rest")
        elif code == f.EV_DTURN:
            self.round = e[2]
        elif code == f.EV_ROLL_ORDER:
            self.rolls.append(Roll(f"d{self.p.quickness_die}", e[2], name))
        elif code == f.EV_RANK:
            self.ranks.append((side, e[2]))
        elif code == f.EV_ORDER:
            ranks, self.ranks = self.ranks, []
            if self.p.quickness_die == 0:  # no die: only ties were rolled, with the tie die
                self.rolls = [r._replace(die=f"d{self.p.tie_die}") for r in self.rolls
                              if isinstance(r, Roll)]
                text, tie = self._ranks(ranks, 0), ""
            elif e[2] == 2:  # two craft: a tie's new rolls stand as their scores, as in a duel
                text = ", ".join(f"{self.names[s]} {self.p.quickness[s]}+"
                                 f"{score - self.p.quickness[s]} = {score}"
                                 for s, score in ranks)
                tie = " (a tie rolled again)" if len(self.rolls) > 2 else ""
            else:
                text, tie = self._ranks(ranks, e[2]), ""
            self.say("order", f"initiative: {text}{tie}", self.rolls)
            self.rolls = []
        elif code == f.EV_WEAPON_RANK:
            self.ranks.append((side, e[2]))
        elif code == f.EV_WEAPON_ORDER:
            ranks, self.ranks = self.ranks, []
            text = ", ".join(f"{self.names[s]} {score}" for s, score in ranks)
            self.say("order", f"weapon dphases: {text} "
                     f"(pilots who fire −{table.gunner_quickness_penalty})")
        elif code == f.EV_POWER_ROW:
            self.power[side].append((e[2], e[3]))
        elif code == f.EV_POWER:
            given, self.power[side] = self.power[side], []
            if given != self.shown[side]:
                self.shown[side] = given
                rows = self.specs[side].rows
                words = ", ".join(f"{rows[r].label} {n}" for r, n in given)
                self.say("power", f"{name} powers {words or 'nothing'} ({e[2]} of {e[3]} "
                         "cunits)")
        elif code == f.EV_THRUST:
            self.thrust[side].append((e[2], e[3]))
        elif code == f.EV_VELOCITY:
            fired, self.thrust[side] = self.thrust[side], []
            drives = self.specs[side].drives
            how = ("fires " + ", ".join(f"{drives[d].label} at {g}G" for d, g in fired)
                   if fired else "fires no drive")
            self.say("move", f"{name} {how}: velocity {describe_velocity(*e[2:6])}")
        elif code == f.EV_MOVE:
            placed, self.places = self.places, []
            where = ", ".join(f"{self.names[c]} to {map_label(q, r)}" for c, q, r, _ in placed)
            far = f": {count(e[2], 'dhex')} apart" if len(self.names) == 2 else ""
            self.say("move", f"{where}{far}", depth=1)
        elif code == f.EV_TURN:
            way = "clockwise" if e[2] > 0 else "counterclockwise"
            self.say("turn", f"{name} turns {30 * abs(e[2])}° {way} to face {clock(e[3])}")
        elif code == f.EV_SHOT:
            self._shot(side, e)
        elif code == f.EV_HOLD:
            self.say("beams", f"{name}: no beam bears on {self.names[e[4]]} "
                     f"({clock(e[2])}, {count(e[3], 'dhex')})")
        elif code == f.EV_SCREEN:
            self._screens(side, e)
        elif code == f.EV_REROLL:
            self.rolls.append(Roll(f"d{self.p.box_count[side]}", e[2],
                                   "already destroyed, reroll"))
        elif code == f.EV_HIT:
            self._hit(side, e)
        elif code == f.EV_SPENT:
            self.say("missiles", f"{missiles(e[2])} of {name} {'is' if e[2] == 1 else 'are'} "
                     f"spent at {map_label(e[3], e[4])}: {e[5]} dhexes flown, the "
                     f"{self.p.reach}-dhex reach of craft weaponry")
        elif code == f.EV_FLY:
            self.say("missiles", f"{missiles(e[2])} of {name} fl{'ies' if e[2] == 1 else 'y'} "
                     f"to {map_label(e[3], e[4])}, {count(e[5], 'dhex')} from "
                     f"{self.names[e[6]]}")
        elif code == f.EV_SALVO:
            who = name or "several craft"
            self.say("missiles", f"a salvo of {missiles(e[2])} from {who} reaches "
                     f"{self.names[e[3]]}")
        elif code == f.EV_THROUGH:
            self.say("damage", f"{count(e[2], 'dhit')} from the missiles through", depth=1)
        elif code == f.EV_LAUNCH:
            m = self.specs[side].missiles[e[2]]
            self.say("launch", f"{name} launches {missiles(e[3])} (move {m.move}, damage "
                     f"{m.damage}) at {self.names[e[7]]}, appearing at "
                     f"{map_label(e[4], e[5])}; {e[6]} left")
        elif code == f.EV_FOLLOW:
            self._follow(side, e)
        elif code == f.EV_EVADE:
            t, owner, n, skill, speed, speed_mod, move, move_mod, rolled = e[1:10]
            check = Check("piloting", skill, (Modifier(f"own speed {speed}", speed_mod),
                                              Modifier(f"missile move {move}", move_mod)),
                          "d100", rolled)
            self.say("missiles", f"{self.names[t]} flies to confuse {missiles(n)} of "
                     f"{self.names[owner]} (M3): {check.describe()}", [check])
        elif code == f.EV_OUT:
            self.say("out", out_text(self.names, side, e[2], e[3:]))
        elif code == f.EV_RUN_TIE:
            runner, ties, rolled, opened = e[1:5]
            self.say("out", f"{ties} craft of both sides ran, each opening the range "
                     f"{count(opened, 'dhex')} by its own movement: d{ties} rolled {rolled}: "
                     f"{self.names[runner]}'s side escapes (R8)",
                     [Roll(f"d{ties}", rolled, self.names[runner])])
        elif code == f.EV_GONE_FIRST:
            self.say("missiles", f"missiles of craft out of the battle, both sides': d2 rolled "
                     f"{side + 1}: side {'AB'[side]}'s move first (C5)",
                     [Roll("d2", side + 1, f"side {'AB'[side]}'s first")])
        elif code == f.EV_OWED:
            gone = (f"{self.names[side]} is out" if len(self.names) == 2 else
                    f"side {'AB'[side]} has no craft left in the battle")
            self.say("out", f"{gone}, but its missiles are still in flight: they land before "
                     "the battle is decided (C4)")
        elif code == f.EV_END:
            self.details = e[3:]
            if e[2] == f.CAP:
                self.details = ()
            self.say("end", outcome(self.told, self.p, e[2], self.details))

    def _follow(self, owner: int, e: tuple[int, ...]) -> None:
        """A flight follows another craft (RULINGS M1-M3), or loses every craft."""
        n, old, new, sides, rolled, why = e[2:8]
        what = f"{missiles(n)} of {self.names[owner]}"
        one = n == 1  # "1 missile ... sees", "2 missiles ... see"
        they, them, s = ("it", "it", "s") if one else ("they", "them", "")
        now = (f"{'is' if one else 'are'} lost: {they} see{s} no craft to follow" if new < 0
               else f"now follow{s} {self.names[new]}"
               + (f", {'its' if one else 'their'} own firer" if new == owner else ""))
        if why == f.FOLLOW_LOST:
            self.say("missiles", f"{what} {'has' if one else 'have'} lost {self.names[old]}: "
                     f"{now}")
        elif why == f.FOLLOW_CONFUSED and new < 0:
            self.say("missiles", f"confused, {they} {'is' if one else 'are'} lost: {they} "
                     f"see{s} no other craft in front of {them}", depth=1)
        elif why == f.FOLLOW_CONFUSED and sides > 1:
            roll = Roll(f"d{sides}", rolled, self.names[new])
            self.say("missiles", f"confused, {they} see{s} {sides} craft as near in front of "
                     f"{them}: d{sides} rolled {rolled}: {they} {now}", [roll], depth=1)
        elif why == f.FOLLOW_CONFUSED:
            self.say("missiles", f"confused, {they} {now}, the nearest craft in front of {them}",
                     depth=1)
        else:
            roll = Roll(f"d{sides}", rolled, self.names[new])
            self.say("missiles", f"{what} see{s} {sides - 1} more craft as likely as "
                     f"{self.names[old]} in front of {them} (M2): d{sides} rolled {rolled}: "
                     f"{they} follow{s} {self.names[new]}", [roll])

    def _ranks(self, ranks: list[tuple[int, int]], m: int) -> str:
        """Several craft in the order of the dphases, each with its first score (its Quickness
        alone with the die off: m is 0); craft that tied with the tie's new rolls, which order
        them among themselves only (RULINGS C3)."""
        first: dict[str, int] = {}
        again: dict[str, list[int]] = {}
        for n, roll in enumerate(r for r in self.rolls if isinstance(r, Roll)):
            if n < m:
                first[roll.meaning] = roll.rolled
            else:
                again.setdefault(roll.meaning, []).append(roll.rolled)
        out = []
        for s, _ in ranks:
            name, q = self.names[s], self.p.quickness[s]
            rolled = first.get(name, 0)
            tied = again.get(name)
            if m == 0:
                out.append(f"{name} {q}" + (
                    f" (tied: rolled d{self.p.tie_die} {', '.join(map(str, tied))})"
                    if tied else ""))
                continue
            out.append(f"{name} {q}+{rolled} = {q + rolled}" + (
                f" (tied: rolled again {', '.join(map(str, tied))})" if tied else ""))
        return ", ".join(out)

    def _shot(self, side: int, e: tuple[int, ...]) -> None:
        i, dhits, apart, who, skill, penalty, moving, moving_mod, range_mod, rolled = e[2:12]
        mods = [Modifier("pilot firing", penalty)] if penalty else []
        what = "moving across" if self.p.transverse else "moving"
        mods.append(Modifier(f"target {what} {moving}", moving_mod))
        if self.p.range_rule:
            mods.append(Modifier(f"range {apart}", range_mod))
        check = Check("computer gunnery" if who == f.AIM_COMPUTER else "gunnery", skill,
                      tuple(mods), "d100", rolled)
        beam = self.specs[side].beams[i]
        self.say("beams", f"{self.names[side]} fires {beam.label} ({count(dhits, 'dhit')}) at "
                 f"{self.names[e[12]]}, {count(apart, 'dhex')}: {check.describe()}", [check])

    def _screens(self, target: int, e: tuple[int, ...]) -> None:
        incoming, stopped, base, remainder, rolled, strength, unit = e[2:9]
        ratio = self.p.screens_ratio
        through = incoming - stopped
        literal = unit == f.UNIT_MISSILE and self.p.literal_screens
        noun = "missile" if unit == f.UNIT_MISSILE else "dhit"
        if strength == 0:
            self.say("damage", f"{self.names[target]} has no screens up: "
                     f"{count(through, noun)} through", depth=1)
            return
        top = remainder - self.p.strict_remainder  # the highest d6 face that adds one
        how = f"{incoming} ÷ {ratio} = {base}"
        rolls: list[Check | Roll] = []
        extra = 0
        if rolled:
            extra = 1 if rolled <= top else 0
            test = "<" if self.p.strict_remainder else "≤"
            failed = "≥" if self.p.strict_remainder else ">"
            how += (f", remainder {remainder}: d{ratio} rolled {rolled}"
                    f" {test if extra else failed} {remainder}, +{extra}")
            rolls.append(Roll(f"d{ratio}", rolled, f"+{extra}"))
        if literal:
            most = f", at most {strength}" if incoming - base - extra > strength else ""
            self.say("damage", f"screens {strength}: one missile in {ratio} penetrates ({how}), "
                     f"the rest are repelled{most}: {stopped} repelled, "
                     f"{count(through, noun)} through", rolls, depth=1)
            return
        if base + extra > strength:
            how += f", at most {strength}"
        self.say("damage", f"screens {strength}: {how}; {stopped} stopped, "
                 f"{count(through, noun)} through", rolls, depth=1)

    def _hit(self, target: int, e: tuple[int, ...]) -> None:
        n, box, row_index, by_armor, alive, extra = e[2:8]
        spec = self.specs[target]
        row = spec.rows[row_index]
        effect = self._effect(spec, row_index, alive, extra)
        rerolls, self.rolls = self.rolls, []
        if by_armor:
            self.say("damage", f"dhit {n}: armor, box {box}; {effect}", depth=2)
            return
        die = f"d{spec.box_count}"
        shown = ", ".join(str(r.rolled) for r in rerolls)
        again = f" (rolled {shown}: destroyed, rolled again)" if shown else ""
        rolls = [*rerolls, Roll(die, box, f"box {box}, {row.label}")]
        self.say("damage", f"dhit {n}: {die} rolled {box}{again}: box {box}, {row.label}; "
                 f"{effect}", rolls, depth=2)

    def _effect(self, spec: Spec, index: int, alive: int, extra: int) -> str:
        """Damage Effects: what losing this box does."""
        row = spec.rows[index]
        left = f"{alive} of {row.boxes} left"
        match row.kind:
            case "drive":
                return f"{left}, {spec.g_of[alive]}G"
            case "beam":
                if extra < 0:
                    return "the turret mount: the beam now fires fixed along its aim (R5)"
                return f"{count(extra, 'dhit')} left"
            case "power":
                return f"{left}, supply {alive * spec.power_per_cbloc} cunits from next dturn"
            case "crew":
                return left + (": no crew left" if alive == 0 else "")
            case "sensors":
                return f"range {count(alive, 'dhex')}"
            case "missiles":
                return f"{extra} missiles left"
            case "launch_tubes":
                return f"{alive} tube{'s' if alive != 1 else ''} left"
            case "jump_drive":
                return "the jump drive is dead"
            case "atmosphere":
                lost = row.boxes - alive
                return left + (", hampered" if 10 * lost <= row.boxes else ", useless")
        return left
