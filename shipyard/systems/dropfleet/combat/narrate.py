"""A duel's recorded events (tuples of ints, rules.py) in words, with every die as a Check or
Roll. Reads only the events and `Told`: no rule is applied here."""

from __future__ import annotations

import math

from shipyard.api import Check, Event, Prepared, Roll
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.setup import Told

LAYERS = ("high orbit", "low orbit", "atmosphere")
SECTIONS = ("Subsystems", "Hull", "Core Systems")
CAUSES = {s.C_FIRE: "", s.C_CRIPPLING: " (crippling damage, no saves)",
          s.C_BLAST: " (catastrophic damage)", s.C_BURNING: " (burning, no saves)",
          s.C_REPAIR: " (damage control rolled a 1, no saves)",
          s.C_LEAK: " (primary core leak, no saves)"}
EFFECTS = {s.E_FIRE: "fire", s.E_ACF: "containment failure", s.E_DECAY: "orbital decay"}
REPAIRS = {s.DC_HURT: "not repaired, and 1 Hull damage", s.DC_NOT_YET: "not repaired yet",
           s.DC_REPAIRED: "repaired"}


def _need(value: int) -> str:
    return "no save" if value >= 7 else f"{value}+"


def _n(count: int, what: str) -> str:
    plural = "attack dice" if what == "attack die" else \
        f"{what}es" if what.endswith("s") else f"{what}s"
    return f"{count} {what if count == 1 else plural}"


def _inches(far: int) -> str:
    """A distance given as rules.apart measures it (twice the inches, squared), in inches to
    a tenth: 13 reads 1.8\"."""
    return f"{math.sqrt(far) / 2:.1f}\"".replace(".0\"", "\"")


def _of(name: str) -> str:
    """The possessive: "Jade Frigates'", "Berlin Cruiser's"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _repair(told: Told, dread: int, e: tuple[int, ...]) -> str:
    """What one damage-control die did (S8: a containment failure needs two successes)."""
    effect = e[2]
    what = EFFECTS.get(effect, "")
    if effect == s.E_INERT:
        what = f"{told.crippling[dread][e[6]]} (no effect in a duel, R16)"
    outcome = REPAIRS[e[4]]
    if effect == s.E_ACF and e[4] == s.DC_REPAIRED and e[5] % 2 == 1:
        outcome = "one success of the two it needs: not repaired yet"
    return f"damage control on {what}: {outcome}"


def _check(what: str, need: int, rolled: int) -> Check:
    return Check(what, need, (), "D6", rolled, unit="+", roll_under=False)


def narrate(prepared: Prepared, events: list[tuple[int, ...]], end: int,
            rounds: int) -> tuple[list[Event], str]:
    told: Told = prepared.told
    names = told.ships
    out: list[Event] = []
    turn = 0
    dice: list[tuple[int, int, int]] = []  # (what, die, success) since the last summary

    def side_of(k: int) -> int:  # the ship's unit (a group), whose words `told` keeps
        return k // told.g

    def add(phase: str, text: str, rolls: tuple[Check | Roll, ...] = (), depth: int = 0) -> None:
        out.append(Event(turn, phase, text, rolls, depth))

    def taken(*what: int) -> list[tuple[int, int, int]]:
        got = [d for d in dice if d[0] in what]
        dice[:] = [d for d in dice if d[0] not in what]
        return got

    for e in events:
        code = e[0]
        if code == s.EV_ROLL:
            dice.append((e[1], e[2], e[3]))
        elif code == s.EV_SHIELDS:
            up = "raises its shields" if e[2] else "lowers its shields"
            add("shields", f"{names[e[1]]} {up}", depth=1)
        elif code == s.EV_TURN:
            turn = e[1]
            first = prepared.names[e[2]]
            add("initiative", f"turn {turn}: {first} activates first",
                (Roll("D6", e[3], prepared.names[0]), Roll("D6", e[4], prepared.names[1])))
        elif code == s.EV_FIRE:
            side = side_of(e[1])
            add("fire", f"{names[e[1]]} fires {told.systems[side][e[2]]} at {names[e[3]]}")
        elif code == s.EV_LINE:
            side = side_of(e[1])
            line = told.lines[side][e[2]]
            rules = told.line_rules[side][e[2]]
            attack = taken(s.R_ATTACK)
            damage = taken(s.R_DAMAGE)
            rolls: list[Check | Roll] = [_check("attack" if ok < 2 else "attack, critical",
                                                e[8], d) for _, d, ok in attack]
            rolls += [Roll("D", d, "damage") for _, d, _ in damage]
            crits = f" ({e[5]} critical)" if e[5] else ""
            more = len(attack) - e[3]  # Burnthrough's dice, one a hit (R8)
            burnt = f" and {more} more for Burnthrough" if more > 0 else ""
            add("fire", f"{line}{f' [{rules}]' if rules else ''}: {_n(e[3], 'attack die')}"
                f"{burnt}, "
                f"{_n(e[4], 'hit')}{crits}: {e[6]} damage, {e[7]} critical", tuple(rolls), 1)
        elif code == s.EV_PD:
            pd_dice = taken(s.R_PD)
            add("point defence", f"{_of(names[e[1]])} Point Defence {e[2]}: "
                f"{_n(e[3], 'success')} stop{'s' if e[3] == 1 else ''} {e[4]} damage and "
                f"{e[5]} critical",
                tuple(_check("point defence", 5, d) for _, d, _ in pd_dice), 1)
        elif code == s.EV_SAVES:
            saves = taken(s.R_SAVE)
            passives = taken(s.R_CRIT_SAVE)
            rolls = [_check("save", e[3], d) for _, d, _ in saves]
            rolls += [_check("passive save", e[6], d) for _, d, _ in passives]
            text = f"{names[e[1]]} saves: {e[2]} damage at {_need(e[3])}, {e[4]} saved"
            if e[5]:
                text += f"; {e[5]} critical at {_need(e[6])}, {e[7]} saved"
            add("saves", text, tuple(rolls), 1)
        elif code == s.EV_HULL:
            add("damage", f"{names[e[1]]} loses {e[2]} Hull ({e[3]} left)"
                f"{CAUSES.get(e[4], '')}", depth=1)
        elif code == s.EV_CRIPPLED:
            add("damage", f"{names[e[1]]} is crippled (threshold {e[2]}): crippling damage "
                "at the end of the activation or step", depth=1)
        elif code == s.EV_CRIPPLING:
            result = told.crippling[e[2]][e[5]]
            add("crippling", f"{names[e[1]]} crippling damage: {SECTIONS[(e[3] - 1) // 2]}, "
                f"{result}" + (f", {e[6]} extra Hull damage" if e[6] else ""),
                (Roll("D6", e[3], SECTIONS[(e[3] - 1) // 2]), Roll("D6", e[4], result)))
        elif code == s.EV_DESTROYED:
            why = {s.D_HULL: "destroyed", s.D_DECAY: "destroyed: it decays into atmosphere",
                   s.D_RENT: "removed by the space-time rent"}[e[2]]
            add("destroyed", f"{names[e[1]]} is {why}")
        elif code == s.EV_CATASTROPHIC:
            row = told.catastrophic[e[4]]
            bonus = f" +{e[3]}" if e[3] else ""
            reach = f", reaching {e[5]}\"" if e[5] else ""
            add("catastrophic", f"{names[e[1]]} catastrophic damage: {row}{reach}",
                (Roll("D6", e[2], f"{e[2]}{bonus}: {row}"),), 1)
        elif code == s.EV_BLAST:
            add("catastrophic", f"{names[e[1]]}, {_inches(e[4])} away, is caught by "
                f"{_of(names[e[2]])} {told.catastrophic[e[3]]}", depth=1)
        elif code == s.EV_REPAIR:
            add("damage control", f"{names[e[1]]} {_repair(told, told.dread[side_of(e[1])], e)}",
                (Roll("D6", e[3], REPAIRS[e[4]]),), 1)
        elif code == s.EV_IGNITED:
            add("catastrophic", f"{names[e[1]]} catches {_n(e[2], 'fire')} (each 1 Hull "
                "damage every Roundup until repaired, S9)", depth=1)
        elif code == s.EV_DECAY:
            add("orbital decay", f"{names[e[1]]} decays to {LAYERS[e[2]]}", depth=1)
        elif code == s.EV_SYSTEM_LOST:
            add("crippling", f"{names[e[1]]} loses {told.systems[side_of(e[1])][e[2]]}",
                depth=1)
        elif code == s.EV_NOTHING:
            add("fire", f"{names[e[1]]} has no weapon system that bears")
        elif code == s.EV_OFFLINE:
            add("fire", f"{_of(names[e[1]])} weapons are offline: it fires nothing")
        elif code == s.EV_ROUNDUP:
            turn = e[1]
            add("roundup", f"roundup of turn {turn}")
    return out, sentence(prepared, end, rounds)


def sentence(prepared: Prepared, end: int, rounds: int) -> str:
    a, b = prepared.names
    turns = f"{rounds} turn{'s' if rounds != 1 else ''}"
    told: Told = prepared.told
    what = "sides" if told.battle else "groups"
    if end == s.A_WINS:
        return f"{a} wins: {b} destroyed in {turns}"
    if end == s.B_WINS:
        return f"{b} wins: {a} destroyed in {turns}"
    if end == s.BOTH_LOST:
        return f"no winner: both {what} lost in {turns}"
    if end == s.HARMLESS:
        if told.battle or rounds > 1:
            return (f"no winner: after {turns} no ship left has a weapon system that bears "
                    "on an enemy still in the fight (B7)")
        return "no winner: neither group has a weapon system that bears (R2, R3)"
    return f"a draw: both {what} still fighting after {turns}, the cap"
