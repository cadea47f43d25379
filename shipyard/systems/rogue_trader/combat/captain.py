"""Captains: who decides what a ship does in its Strategic Turn. Replace the default with your own.

A captain is any object with these methods (subclass `Captain` and override what you like); each
gets the `Situation` at the start of its decision and answers with orders the engine checks:

    manoeuvre(s) -> (speed, turn)   speed "full" or "half"; turn in 45° steps, + to port,
                                    within the hull class's turn (seed, Manoeuvre Actions)
    action(s)    -> str             "shoot", "ram" or "board", asked right after manoeuvre(s)
                                    at the start of the turn, before the ship moves (the seed:
                                    every Action is chosen at the beginning of the turn);
                                    `s.plan` is the manoeuvre just ordered and `s.after()`
                                    where it leaves the ship. Ram and board need the enemy
                                    within 1 VU after the move, ram also ahead; an order the
                                    move does not make possible is lost with the Shooting
                                    Action it gave up (R23)
    break_free(s) -> bool           at the start of a round locked in a boarding action (either
                                    locked ship may try: R20; `s.boarder` says if she began it)
    shields_take(s, shots) -> list  which of her hits the enemy's void shields take, in order
    boarding_blow(s) -> str         having won a boarding exchange, for each degree: "crew"
                                    (1d5 Crew Population and 1d5 Morale) or "hull" (1 Hull
                                    Integrity, with its Crew Population and Morale)

Load your own with `shipyard duel A B --pilot-a my_captains.py:Cautious`; a replaced captain
fights on the narrated (reference) engine.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NamedTuple

from shipyard.systems.rogue_trader.combat.geometry import (
    DIRECTIONS,
    EPSILON,
    Vec,
    bears,
    distance,
    move,
)
from shipyard.systems.rogue_trader.combat.rules import Shot, shield_order, step_bonus
from shipyard.systems.rogue_trader.combat.spec import half_up

if TYPE_CHECKING:
    from shipyard.systems.rogue_trader.combat.state import Ship
    from shipyard.systems.rogue_trader.models import RogueTraderCatalog


@dataclass
class Situation:
    round: int
    me: Ship
    enemy: Ship
    contact_range: int
    locked: bool = False
    break_free: int = -20  # the test's difficulty
    catalog: RogueTraderCatalog | None = None  # for the captain's own reckoning of a volley
    plan: tuple[str, int] | None = None  # the manoeuvre ordered this turn (for action())
    boarder: bool = False  # locked in a boarding action she started

    @property
    def range(self) -> float:
        return distance(self.me.position, self.enemy.position)

    def after(self) -> tuple[Vec, int]:
        """Where the ordered manoeuvre leaves her: (position, facing)."""
        word, turn = self.plan or ("full", 0)
        speed = self.me.speed
        vu = speed if word != "half" else half_up(speed)
        return move(self.me.position, self.me.facing, vu), (self.me.facing + turn) % 8

    def options(self) -> list[tuple[str, int, int]]:
        """(speed word, VU, turn steps) the rules allow this turn."""
        speed = self.me.speed
        half = -(-speed // 2)
        limit = 0 if self.me.cannot_turn else self.me.spec.turn_steps
        out = []
        for word, vu in (("full", speed), ("half", half)):
            if word == "half" and half == speed:
                continue
            out += [(word, vu, t) for t in range(-limit, limit + 1)]
        return out


ARC_BITS = {"fore": 1, "port": 2, "starboard": 4, "aft": 8}
Battery = tuple[tuple[int, float, float, float], ...]


def battery(ship: Ship) -> Battery:
    """Each working gun with ammunition left: (arc bits, least range, range, worth of a volley)."""
    states, torpedoes, crippled = ship.states, ship.torpedoes, ship.crippled
    out = []
    for part in ship.spec.guns:
        gun = part.gun
        assert gun is not None
        if not states[part.index] and torpedoes.get(part.index, 1) > 0:
            strength = half_up(gun.strength) if crippled else gun.strength  # Ship.strength
            out.append((_arc_bits(gun.arcs), gun.min_range - EPSILON, gun.reach + EPSILON,
                        strength * gun.value))
    return tuple(out)


@cache
def _arc_bits(arcs: tuple[str, ...]) -> int:
    return sum(ARC_BITS[a] for a in arcs)


def arc_power(guns: Battery, reach: float) -> tuple[float, float, float, float]:
    """Worth of the guns in range, by the arc the target is in: fore, port, starboard, aft."""
    fore = port = starboard = aft = 0.0
    for bits, low, high, worth in guns:
        if low <= reach <= high:
            if bits & 1:
                fore += worth
            if bits & 2:
                port += worth
            if bits & 4:
                starboard += worth
            if bits & 8:
                aft += worth
    return fore, port, starboard, aft


Power = tuple[float, float, float, float]


class PowerByRange(NamedTuple):
    """`arc_power` of one battery at every range, worked out once: which guns are in range
    changes only at their least ranges and ranges (the marks), so between two marks it is the
    same all along, and at a mark it is what `arc_power` gives there."""

    marks: list[float]  # sorted
    at_mark: tuple[Power, ...]
    between: tuple[Power, ...]  # between[i]: below marks[i] and above marks[i - 1]
    mark_tops: tuple[float, ...]  # the strongest arc of each, for the search's pruning
    between_tops: tuple[float, ...]

    def at(self, reach: float) -> Power:
        i = bisect_left(self.marks, reach)
        if i < len(self.marks) and self.marks[i] == reach:
            return self.at_mark[i]
        return self.between[i]


@lru_cache(maxsize=256)  # a battery changes only when its ship is hurt or spends torpedoes
def power_by_range(guns: Battery) -> PowerByRange:
    marks = sorted({edge for _, low, high, _ in guns for edge in (low, high)})
    # a range strictly inside each stretch (none lies between two neighbouring floats, and
    # then no range can land in that stretch)
    inside = ([marks[0] - 1.0, *((a + b) / 2 for a, b in pairwise(marks)), marks[-1] + 1.0]
              if marks else [0.0])
    at_mark = tuple(arc_power(guns, m) for m in marks)
    between = tuple(arc_power(guns, r) for r in inside)
    return PowerByRange(marks, at_mark, between, tuple(map(max, at_mark)),
                        tuple(map(max, between)))


_ARC_INDEX = {"fore": 0, "port": 1, "starboard": 2, "aft": 3}


def firepower(guns: PowerByRange, position: Vec, facing: int, target: Vec) -> float:
    """What the guns that bear on `target` from `position` are worth, roughly."""
    gap = distance(position, target)
    power = guns.at(gap)
    return max(power[_ARC_INDEX[arc]] for arc in bears(position, facing, target))


def _next_turn(guns: PowerByRange, position: Vec, facing: int, target: Vec,
               speeds: tuple[int, ...], turns: tuple[int, ...]) -> float:
    """The most the guns could bring to bear next turn, were the target to stay put.

    The captain's inner loop: `move`, `distance`, `bearing` and `PowerByRange.at` written out,
    with the very same arithmetic (so the same decisions), for speed."""
    marks, at_mark, between, mark_tops, between_tops = guns
    count = len(marks)
    best = 0.0
    fx, fy = DIRECTIONS[facing]
    axes = _axes(facing, turns)
    for vu in speeds:
        dx = target[0] - (position[0] + fx * vu)
        dy = target[1] - (position[1] + fy * vu)
        reach = math.sqrt(dx * dx + dy * dy)
        i = bisect_left(marks, reach)
        power, top = (at_mark[i], mark_tops[i]) if i < count and marks[i] == reach else (
            between[i], between_tops[i])
        if top <= best:  # no turn from here does better
            continue
        if reach <= EPSILON:  # R22: alongside, every arc bears
            best = top
            continue
        for ax, ay, lx, ly in axes:
            ahead = dx * ax + dy * ay
            side = dx * lx + dy * ly
            edge = abs(side) - EPSILON
            if ahead >= edge:
                value = power[0]
            elif -ahead >= edge:
                value = power[3]
            else:
                value = power[1] if side > 0 else power[2]
            if value > best:
                best = value
    return best


@cache
def _axes(facing: int, turns: tuple[int, ...]) -> tuple[tuple[float, float, float, float], ...]:
    """Ahead and to port, (ax, ay, lx, ly), for each facing a turn from `facing` gives."""
    return tuple((*DIRECTIONS[(facing + turn) % 8], *DIRECTIONS[(facing + turn + 2) % 8])
                 for turn in turns)


def _near(a: Vec, b: Vec, reach: float) -> bool:
    dx, dy = a[0] - b[0], a[1] - b[1]
    return dx * dx + dy * dy <= reach * reach


def _reply(guns: PowerByRange, position: Vec, facing: int, limit: int, target: Vec) -> float:
    """The most a ship at `position` can bring to bear on `target` after a turn of up to
    `limit` steps from `facing`."""
    power = guns.at(distance(position, target))
    return max(max(power[_ARC_INDEX[arc]] for arc in bears(position, (facing + t) % 8, target))
               for t in range(-limit, limit + 1))


def standoff(ship: Ship) -> float:
    """The range at which every gun reaches (ordnance apart)."""
    reaches = [p.gun.reach for p in ship.spec.guns
               if p.gun is not None and not p.gun.ordnance and ship.working(p)]
    return max(1.0, min(reaches) - 1.0) if reaches else 0.0


# A gunnery captain whose best volley would need more than this many Strategic Turns, on
# average, to cripple the enemy closes and boards instead (a captain's policy, not a rule):
# a fight of guns that cannot decide it is a fight a referee's captain takes to the boarders.
BOARD_AFTER_VOLLEYS = 8
OUTMATCHED_BY = 20  # a captain's policy: how far the enemy's boarders must outmatch hers
BOARDER_LEAVES_BELOW = 50  # Morale: a boarder this shaken, and outmatched, tries to get away
CRIPPLED_MARK = 10  # damage a volley should do to a Crippled enemy: a critical of 10 or more


def _bearing_worth(me: Ship, position: Vec, facing: int, target: Vec) -> float:
    return max(power_by_range(battery(me)).at(distance(position, target))[_ARC_INDEX[arc]]
               for arc in bears(position, facing, target))


_VOLLEYS: dict[tuple[Any, ...], float] = {}


def _best_volley(me: Ship, enemy: Ship, catalog: RogueTraderCatalog) -> float:
    """The mean Hull Integrity the best arc's volley takes off `enemy` (exact: odds.py), at
    1 VU and at her standoff range."""
    from shipyard.systems.rogue_trader.combat.odds import ARCS, bearing_guns, volley_dist

    best = 0.0
    for reach in sorted({1, int(standoff(me)) or 1}):
        for arc in ARCS:
            guns = [p for p in bearing_guns(me, arc, reach) if me.working(p)
                    and me.torpedoes.get(p.index, 1) > 0]
            if guns:
                dist, _ = volley_dist(me, enemy, guns, 0, catalog)
                best = max(best, math.fsum(k * v for k, v in dist.items()))
    return best


def best_volley(me: Ship, enemy: Ship, catalog: RogueTraderCatalog) -> float:
    key = (me.spec.name, me.spec.hull, battery(me), me.ballistic_skill,
           me.modifier("macrobattery_damage"), enemy.spec.name, enemy.spec.hull, enemy.armour,
           enemy.turrets, enemy.spec.crew.rating,
           tuple((p.void_shields, p.shield_fails_on) for p in enemy.spec.parts
                 if p.void_shields and enemy.working(p)))
    found = _VOLLEYS.get(key)
    if found is None:
        if len(_VOLLEYS) > 4096:
            _VOLLEYS.clear()
        found = _VOLLEYS[key] = _best_volley(me, enemy, catalog)
    return found


def boarders(me: Ship, enemy: Ship, catalog: RogueTraderCatalog) -> int:
    """Her Command target in a boarding action against `enemy` now (the seed's bonuses; R4)."""
    table = catalog.combat
    per = table.boarding_bonus_per_step
    return (me.command + table.boarding_bonus_per_turret * me.turrets
            + me.modifier("boarding")
            + step_bonus(me.crew_population, enemy.crew_population, table.boarding_crew_step, per)
            + step_bonus(me.hull_integrity, enemy.hull_integrity, table.boarding_hull_step, per))


class Captain:
    """The default captain.

    With `tactic: gunnery` it brings its strongest arc to bear where the enemy brings the
    least, closing or opening the range as its guns want, and foreseeing the two places the
    enemy can move to. When its guns cannot decide the fight (its best volley would need more
    than BOARD_AFTER_VOLLEYS turns to cripple the enemy, or to put CRIPPLED_MARK past a
    Crippled enemy's armour) it closes and boards. Alongside with no gun bearing, it boards
    if its boarders are the better. With `ram` or `board` it closes, bow on, and rams or
    boards when it can, shooting meanwhile."""

    def tactic(self, s: Situation) -> str:
        tactic = s.me.spec.crew.tactic
        if tactic != "gunnery" or s.catalog is None:
            return tactic
        volley = best_volley(s.me, s.enemy, s.catalog)
        # a Crippled enemy is finished by critical hits: guns that put enough past her armour
        # do it, else her crew is taken
        if volley * BOARD_AFTER_VOLLEYS >= max(s.enemy.hull_integrity, CRIPPLED_MARK):
            return "gunnery"
        # the guns cannot do it: her boarders will (even outmatched: a lost boarding action
        # ends a fight that guns never would, and ramming needs her bow on as well)
        return "board"

    def manoeuvre(self, s: Situation) -> tuple[str, int]:
        me, enemy = s.me, s.enemy
        tactic = self.tactic(s)
        best: tuple[Any, ...] | None = None
        choice = ("full", 0)
        options = s.options()
        speeds = tuple(sorted({vu for _, vu, _ in options}))
        turns = tuple(sorted({t for _, _, t in options}))
        mine = power_by_range(battery(me))
        gunnery = tactic == "gunnery"
        theirs = power_by_range(battery(enemy))
        keep = standoff(me) if gunnery else 0.0
        target = enemy.position
        reach_of = s.contact_range + EPSILON
        # where the enemy can be when she next moves: the seed sends every ship straight on,
        # at full or half Speed, before it turns, so there are two places
        enemy_limit = 0 if enemy.cannot_turn else enemy.spec.turn_steps
        enemy_speeds = sorted({enemy.speed, half_up(enemy.speed)})
        enemy_next = [move(target, enemy.facing, v) for v in enemy_speeds]
        # and where it can be the turn after, for a captain who means to close with it
        enemy_later = [] if gunnery else list({
            move(there, (enemy.facing + t) % 8, v) for there in enemy_next
            for t in range(-enemy_limit, enemy_limit + 1) for v in enemy_speeds})
        # where each speed takes her, and what follows from that alone, whatever her turn
        places: dict[int, tuple[Vec, float, Power, float]] = {}
        for order, (word, vu, turn) in enumerate(options):
            place = places.get(vu)
            if place is None:
                at = move(me.position, me.facing, vu)
                gap = distance(at, target)
                # the enemy's reply: from where it goes, turned to its best arc on her
                threat = max(_reply(theirs, there, enemy.facing, enemy_limit, at)
                             for there in enemy_next)
                place = places[vu] = (at, gap, mine.at(gap), threat)
            position, gap, power, threat = place
            facing = (me.facing + turn) % 8
            arcs = bears(position, facing, target)
            fire = max(power[_ARC_INDEX[arc]] for arc in arcs)
            # the turn decides where next turn's move goes: how near the range she wants it
            # can bring her to where the enemy will be (without this, a ship that nothing
            # bears from turns any way and circles for ever)
            after = [move(position, facing, v) for v in speeds]
            ahead = min(abs(distance(here, there) - keep) for here in after
                        for there in enemy_next)
            if gunnery:
                # what bears now, what could bear next turn on the enemy where it goes, what the
                # enemy can bring to bear on her meanwhile: one turn of foresight
                coming = sum(_next_turn(mine, position, facing, there, speeds, turns)
                             for there in enemy_next) / len(enemy_next)
                score: tuple[Any, ...] = (round(fire + coming / 2 - threat / 8, 9),
                                          -round(ahead, 9), -order)
            else:
                ready = gap <= reach_of and (tactic == "board" or "fore" in arcs)
                # how many of the enemy's places she could close with next turn, and the turn
                # after (contact within 1 VU is a narrow mark for ships that move in strides)
                soon = sum(any(_near(here, there, reach_of) for here in after)
                           for there in enemy_next)
                later = [move(here, (facing + t) % 8, v) for here in after for t in turns
                         for v in speeds]
                then = sum(any(_near(here, there, reach_of) for here in later)
                           for there in enemy_later)
                score = (ready, soon, then, -round(ahead, 9), "fore" in arcs, fire, -order)
            if best is None or score > best:
                best, choice = score, (word, turn)
        return choice

    def action(self, s: Situation) -> str:
        tactic = self.tactic(s)
        position, facing = s.after()
        contact = distance(position, s.enemy.position) <= s.contact_range + EPSILON
        if tactic not in ("ram", "board"):
            # alongside with no gun bearing, a captain whose boarders are the better sends them
            if (contact and s.catalog is not None
                    and not _bearing_worth(s.me, position, facing, s.enemy.position)
                    and boarders(s.me, s.enemy, s.catalog) >= boarders(s.enemy, s.me,
                                                                       s.catalog)):
                return "board"
            return "shoot"
        ahead = "fore" in bears(position, facing, s.enemy.position)
        return tactic if contact and (tactic == "board" or ahead) else "shoot"

    def break_free(self, s: Situation) -> bool:
        """Try to break free when the enemy's boarders outmatch ours and the helm has a fair
        chance (a failed attempt costs -20 on the next Command test). The boarder tries too:
        a boarding action going against her is one to get out of (R20)."""
        if s.catalog is not None:
            margin = boarders(s.enemy, s.me, s.catalog) - boarders(s.me, s.enemy, s.catalog)
        else:
            margin = (s.enemy.command + 10 * s.enemy.turrets
                      - s.me.command - 10 * s.me.turrets)
        # outmatched by two steps of the seed's +10s: a close fight is worth staying in (and
        # breaking free only to be boarded again settles nothing)
        losing = margin >= OUTMATCHED_BY
        if s.boarder:  # she chose this fight: she leaves it when it is going against her
            losing = losing and s.me.morale < BOARDER_LEAVES_BELOW
        return losing and s.me.spec.crew.helm + s.me.manoeuvrability + s.break_free >= 30

    def boarding_blow(self, s: Situation) -> str:
        """Cut through the enemy crew: Morale breaks a ship sooner than Hull Integrity."""
        return "crew"

    def shields_take(self, s: Situation, shots: Sequence[Shot]) -> list[tuple[int, int]]:
        """Which of her hits the enemy's void shields take, in order, as (shot index, hit
        number) (the seed: the attacker chooses). The default keeps the hits of a weapon whose
        Crit Rating was met, then lances; the weakest go first (rules.shield_order)."""
        return shield_order(shots)
