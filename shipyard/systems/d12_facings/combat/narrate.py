"""The narrated duel or battle: the rules' recorded events (rules.py, EV_*) in words.

Nothing here decides anything, so a narrated fight and a silent one are the same fight. A battle
names the enemy of each move, plan and shot; in both, the damage of a hit is headed with the ship
and gun it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping

from shipyard.api import Check, Event, Modifier, Roll
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.setup import FACING_NAMES, RANGE_NAMES, Setup

Said = tuple[str, str, list[Check | Roll], int]  # phase, text, checks, depth


def _die(first: int, second: int) -> str:
    if second:
        return f"d12 {first}, under the total: again {second}, {first + second}"
    natural = " (a natural 12)" if first == 12 else " (a natural 1)" if first == 1 else ""
    return f"d12 {first}{natural}"


def words(setup: Setup, event: tuple[int, ...], guns: Mapping[int, str] | None = None
          ) -> Said | None:
    """(phase, text, checks, depth) for one recorded event; `guns` names each ship's gun of
    the exchange, for the line that heads where its hit lands."""
    code, side = event[0], event[1]
    ships = setup.ships
    name = ships[side].name if side >= 0 else ""
    if code == r.EV_SHIELDS:
        return "shields", f"{name} raises {event[2]} shield points", [], 0
    if code == r.EV_PILOTING:
        total, first, second = event[2:5]
        return "range", f"{name} piloting: total {total}, {_die(first, second)}", [], 1
    if code == r.EV_ORDER:
        if side < 0:
            if setup.duel:
                return "range", "equal results: nobody beat anybody, nobody moves", [], 1
            return _tie(setup, [event[3], event[4]])
        if event[2] <= 0:  # R4: a natural 12 ranks first whatever the other's sum
            return "range", f"{name} wins the range step with a natural 12", [], 1
        if setup.duel:
            return "range", f"{name} wins the range step by {event[2]}", [], 1
        return "range", f"{name} has the highest result, by {event[2]}", [], 1
    if code == r.EV_MOVE:
        before, after, tailer, enemy = event[2:6]
        tail = f": {ships[tailer].name} is tailing" if tailer >= 0 else ""
        to = "" if setup.duel else f" to {ships[enemy].name}"
        return "range", (f"{name} moves the range{to} {RANGE_NAMES[before]} → "
                         f"{RANGE_NAMES[after]}{tail}"), [], 0
    if code == r.EV_HOLD:
        if side < 0:
            if setup.duel:
                return "range", f"the range holds at {RANGE_NAMES[event[2]]}", [], 0
            return "range", "every range holds", [], 0
        to = "" if setup.duel else f" to {ships[event[3]].name}"
        return "range", f"{name} holds the range{to} at {RANGE_NAMES[event[2]]}", [], 1
    if code == r.EV_REPLAN:  # R16: after an exchange that stopped a system or its target
        if not event[2]:
            return "plan", f"{name} plans again: nothing left to fire this turn", [], 1
        if event[3]:  # R30: its target left the battle or its reach
            return "plan", (f"{name} plans again for a new target with the guns and hands "
                            "left:"), [], 1
        return "plan", f"{name} plans again with the guns and hands left:", [], 1
    if code == r.EV_PLAN:
        gun, total, target = event[2:5]
        at = "" if setup.duel else f" at {ships[target].name}"
        return "plan", (f"{name}: {ships[side].labels[gun]} to fire{at}, to-hit total "
                        f"{total}"), [], 1
    if code == r.EV_SHOT:
        return _shot(setup, side, event)
    if code == r.EV_ABSORB:
        # every hit's damage is headed with whose hit it is: an exchange's two shots are told
        # before either lands, so an unheaded line read as the second shot's
        shields, armour, attacker = event[2:5]
        weapon = (guns or {}).get(attacker)
        by = ships[attacker].name + (f"'s {weapon}" if weapon else "")
        return "damage", (f"{name}, hit by {by}: shields take {shields}, outer armour "
                          f"{armour}"), [], 1
    if code == r.EV_SYSTEM:
        system, taken, left, by_attacker = event[2:6]
        who = "the attacker" if by_attacker else "the defender"
        facing = FACING_NAMES[ships[side].facing[system]]
        return "damage", (f"{name}'s {ships[side].labels[system]} ({facing}) takes {taken}, "
                          f"{left} hp left (chosen by {who})"), [], 1
    if code == r.EV_STOPPED:
        return "damage", f"{name}'s {ships[side].labels[event[2]]} stops working", [], 1
    if code == r.EV_LOST:
        return "damage", f"{name}'s {ships[side].labels[event[2]]} is destroyed", [], 1
    if code == r.EV_CORE:
        return "damage", f"{event[2]} damage finds {name}'s core empty", [], 1
    if code == r.EV_DESTROYED:
        return "end", f"{name} is destroyed", [], 0
    if code == r.EV_ESCAPED:
        if setup.duel:
            return "end", f"{name} escapes", [], 0
        return "end", f"{name} is at escaped from every enemy: it leaves the battle (R28)", \
            [], 0
    if code == r.EV_WASTED:
        return "damage", (f"{name}'s hit finds {ships[event[2]].name} already destroyed in "
                          "this exchange (R31)"), [], 1
    if code == r.EV_PASS:
        return "fire", "everyone passes: back to the range step", [], 1
    return None


def _tie(setup: Setup, tied: list[int]) -> Said:
    """The ships with equal highest results (R27), every one of them named."""
    names = [setup.ships[s].name for s in tied]
    sides = {s < setup.first_b for s in tied}
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    if len(tied) == 2:
        beat = ": neither moves against the other (R27)"
    else:
        beat = ": none moves against an enemy among them (R27)"
    return "range", f"{listed} have equal highest results" + (
        beat if len(sides) == 2 else ""), [], 1


def _shot(setup: Setup, side: int, event: tuple[int, ...]) -> Said:
    gun, total, needed, first, second, after, steps, dealt, aim = event[2:11]
    ship, target = setup.ships[side], setup.ships[aim]
    base = needed - target.defence
    rolled = first + second + after + steps
    mods = (Modifier(f"{target.name}'s defence", target.defence),)
    # a natural 1 or 12 decides alone (R3): a die that decides, not a check of the sum
    check: Check | Roll = (
        Roll("d12", first, "a natural 12: hits" if first == 12 else "a natural 1: misses")
        if first in (1, 12) else Check("to hit", base, mods, "d12", rolled, "", False))
    extra = (f", after-roll edge +{after}" if after else "") + (
        f", sustain {steps} (−{steps * ship.sustain[gun]} damage)" if steps else "")
    verdict = f"hits for {dealt}" if dealt else "misses"
    at = "" if setup.duel else f" at {target.name}"
    return "fire", (f"{ship.name} fires {ship.labels[gun]}{at} (total {total}, needs {needed}): "
                    f"{_die(first, second)}{extra}: {verdict}"), [check], 0


def narrate(setup: Setup, events: list[tuple[int, ...]], end: int, rounds: int
            ) -> tuple[list[Event], str]:
    """The log of a told fight, turn by turn, and the outcome's sentence."""
    told: list[Event] = []
    turn = 0
    guns: dict[int, str] = {}  # each ship's gun of its latest shot
    for k, event in enumerate(events):
        if event[0] == r.EV_TURN:
            turn = event[2]
            continue
        if event[0] == r.EV_TIED:
            continue  # told with the EV_ORDER before it
        if event[0] == r.EV_SHOT:
            guns[event[1]] = setup.ships[event[1]].labels[event[2]]
        said = words(setup, event, guns)
        if event[0] == r.EV_ORDER and event[1] < 0 and not setup.duel:
            tied = [event[3], event[4]]
            for later in events[k + 1:]:
                if later[0] != r.EV_TIED:
                    break
                tied.append(later[2])
            said = _tie(setup, tied)
        if said is not None:
            phase, text, checks, depth = said
            told.append(Event(turn, phase, text, tuple(checks), depth))
    names = [s.name for s in setup.ships]
    if setup.duel:
        if end in (r.A_WINS, r.B_WINS):
            return told, f"{names[1 if end == r.A_WINS else 0]} is destroyed"
        if end in (r.A_ESCAPES, r.B_ESCAPES):
            return told, f"{names[end - r.A_ESCAPES]} escaped: no winner (R17)"
        if end == r.BOTH_LOST:
            return told, "both ships destroyed in the same exchange of fire"
    elif end in (r.A_WINS, r.B_WINS, r.A_WINS_ESCAPED, r.B_WINS_ESCAPED):
        loser = "B" if end in (r.A_WINS, r.A_WINS_ESCAPED) else "A"
        last = [names[e[1]] for e in events if e[0] in (r.EV_DESTROYED, r.EV_ESCAPED)]
        ship = f"{last[-1]}, " if last else ""
        if end in (r.A_WINS, r.B_WINS):
            return told, f"{ship}side {loser}'s last ship in the battle, is destroyed"
        return told, (f"{ship}side {loser}'s last ship in the battle, escaped after side "
                      f"{loser} lost a ship (R28)")
    elif end in (r.A_ESCAPES, r.B_ESCAPES):
        return told, (f"side {'AB'[end - r.A_ESCAPES]}'s ships all escaped, none lost: no "
                      "winner (R28)")
    elif end == r.BOTH_LOST:
        return told, "the last ships of both sides destroyed in the same exchange of fire"
    text = f"a draw: no decision after {rounds} turns, the cap"
    if events:
        told.append(Event(rounds, "end", text))
    return told, text
