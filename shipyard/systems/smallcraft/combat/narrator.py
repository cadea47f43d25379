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

    specs: tuple[Spec, Spec]
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
    if end < 8:
        loser = names[1 - end % 2]
        return (f"{loser} is destroyed: every box is gone",
                f"{loser} is out of action: its crew boxes are all gone",
                f"{loser} is out of action: its power boxes are all gone (power lost takes "
                "effect next dturn)",
                f"{loser} is out of the fight: disarmed (no weapon with the power to fire it) "
                "and immobile (no drive with the power to fire it)")[end // 2]
    if end == f.CAP:
        return f"a draw: no decision after {p.cap} dturns, the cap"
    if end == f.BOTH_LOST:
        return "both craft are out of action: their power boxes are all gone"
    if end == f.HARMLESS:
        return ("neither craft can harm the other: no weapon with the power to fire it, no "
                "missiles in flight")
    if end == f.LOST_CONTACT:
        if not details:
            return "the craft have lost each other, beyond both detection ranges"
        apart, seen_a, seen_b = details[:3]
        return (f"the craft have lost each other: {count(apart, 'dhex')} apart, beyond both "
                f"detection ranges ({seen_a} and {seen_b})")
    if not details:
        return "one craft ran beyond the other's detection range and escaped"
    runner, apart, _, seen = details[:4]
    return (f"{names[runner]} escaped: it opened the range to {count(apart, 'dhex')} from "
            f"{names[1 - runner]}, beyond {names[1 - runner]}'s detection range of {seen}")


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
        self.power: list[list[tuple[int, int]]] = [[], []]
        self.shown: list[list[tuple[int, int]] | None] = [None, None]
        self.thrust: list[list[tuple[int, int]]] = [[], []]
        self.details: tuple[int, ...] = ()

    def say(self, phase: str, text: str, rolls: list[Check | Roll] | None = None,
            depth: int = 0) -> None:
        self.out.append(Event(self.round, phase, text, tuple(rolls or ()), depth))

    def tell(self, e: tuple[int, ...]) -> None:
        code, side = e[0], e[1]
        name = self.names[side] if side >= 0 else ""
        table = self.told.setup.table
        if code == f.EV_START:
            qa, ra, fa, qb, rb, fb, apart = e[2:9]
            self.say("start", f"{self.names[0]} at {map_label(qa, ra)} facing {clock(fa)}; "
                     f"{self.names[1]} at {map_label(qb, rb)} facing {clock(fb)}; "
                     f"{count(apart, 'dhex')} apart, both at rest")
        elif code == f.EV_DTURN:
            self.round = e[2]
        elif code == f.EV_ROLL_ORDER:
            die = f"d{self.p.quickness_die}"
            self.rolls += [Roll(die, e[2], self.names[0]), Roll(die, e[3], self.names[1])]
        elif code == f.EV_ORDER:
            scores = e[2], e[3]
            order = (0, 1) if scores[0] >= scores[1] else (1, 0)
            text = ", ".join(f"{self.names[s]} {self.p.quickness[s]}+"
                             f"{scores[s] - self.p.quickness[s]} = {scores[s]}" for s in order)
            tie = " (a tie rolled again)" if len(self.rolls) > 2 else ""
            self.say("order", f"initiative: {text}{tie}", self.rolls)
            self.rolls = []
        elif code == f.EV_WEAPON_ORDER:
            self.say("order", f"weapon dphases: {name} {e[2]}, {self.names[1 - side]} {e[3]} "
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
            qa, ra, qb, rb, apart = e[2:7]
            self.say("move", f"{self.names[0]} to {map_label(qa, ra)}, {self.names[1]} to "
                     f"{map_label(qb, rb)}: {count(apart, 'dhex')} apart", depth=1)
        elif code == f.EV_TURN:
            way = "clockwise" if e[2] > 0 else "counterclockwise"
            self.say("turn", f"{name} turns {30 * abs(e[2])}° {way} to face {clock(e[3])}")
        elif code == f.EV_SHOT:
            self._shot(side, e)
        elif code == f.EV_HOLD:
            self.say("beams", f"{name}: no beam bears on {self.names[1 - side]} "
                     f"({clock(e[2])}, {count(e[3], 'dhex')})")
        elif code == f.EV_SCREEN:
            self._screens(side, e)
        elif code == f.EV_REROLL:
            self.rolls.append(Roll(f"d{self.p.box_count[side]}", e[2],
                                   "already destroyed, reroll"))
        elif code == f.EV_HIT:
            self._hit(side, e)
        elif code == f.EV_SPENT:
            self.say("missiles", f"{missiles(e[2])} of {name} are spent at "
                     f"{map_label(e[3], e[4])}: {e[5]} dhexes flown, the {self.p.reach}-dhex "
                     "reach of craft weaponry")
        elif code == f.EV_FLY:
            self.say("missiles", f"{missiles(e[2])} of {name} fly to {map_label(e[3], e[4])}, "
                     f"{count(e[5], 'dhex')} from {self.names[1 - side]}")
        elif code == f.EV_SALVO:
            self.say("missiles", f"a salvo of {missiles(e[2])} from {name} reaches "
                     f"{self.names[1 - side]}")
        elif code == f.EV_THROUGH:
            self.say("damage", f"{count(e[2], 'dhit')} from the missiles through", depth=1)
        elif code == f.EV_LAUNCH:
            m = self.specs[side].missiles[e[2]]
            self.say("launch", f"{name} launches {missiles(e[3])} (move {m.move}, damage "
                     f"{m.damage}) at {self.names[1 - side]}, appearing at "
                     f"{map_label(e[4], e[5])}; {e[6]} left")
        elif code == f.EV_END:
            self.details = e[3:]
            if e[2] < 8 or e[2] == f.CAP:
                self.details = ()
            self.say("end", outcome(self.told, self.p, e[2], self.details))

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
                 f"{self.names[1 - side]}, {count(apart, 'dhex')}: {check.describe()}", [check])

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
