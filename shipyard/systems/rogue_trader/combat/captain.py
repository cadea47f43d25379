"""Captains: who decides what a ship does in its Strategic Turn. Replace the default with your own.

A captain is any object with these methods (subclass `Captain` and override what you like); each
gets the `Situation` at the start of its decision and answers with orders the rules check:

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
    target(s)    -> str             a battle's: the name of the enemy (one of `s.enemies`) she
                                    engages this turn, asked first; `s.enemy` is that enemy in
                                    every later question of the turn. Her guns fire at it when
                                    they bear on it, else at the nearest enemy they bear on (B2)
    break_free(s) -> bool           at the start of a round locked in a boarding action (either
                                    locked ship may try: R20; `s.boarder` says if she began it)
    shields_take(s, shots) -> list  which of her hits the enemy's void shields take, in order,
                                    as (shot index, hit number)
    boarding_blow(s) -> str         having won a boarding exchange, for each degree: "crew"
                                    (1d5 Crew Population and 1d5 Morale) or "hull" (1 Hull
                                    Integrity, with its Crew Population and Morale)

Each method of `Captain` answers what the default captain (orders.py, compiled with the rules)
would, so an override may call `super()`. `s.judgement` is what the default captain reckons
before deciding (her tactic, both sides' volley estimates, whether the exchange favours her,
both sides' boarders), and `s.calm_rounds` / `s.apart_rounds` count toward the endings a game
master declares (R25, R26), so a captain of your own can reuse the default's judgement. Load
your own with `shipyard duel A B --pilot-a my_captains.py:Cautious`; a replaced captain fights
uncompiled, asked through the rules' `ask`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from shipyard.api import answers, consult, refuse
from shipyard.systems.rogue_trader.combat import fight as rules
from shipyard.systems.rogue_trader.combat import orders
from shipyard.systems.rogue_trader.combat import ship as sh
from shipyard.systems.rogue_trader.combat.spec import Gun, Spec, half_up
from shipyard.systems.rogue_trader.combat.state import STATES, Ship

if TYPE_CHECKING:
    from shipyard.systems.rogue_trader.models import RogueTraderCatalog

Vec = tuple[float, float]
_H = math.sqrt(0.5)
DIRECTIONS: tuple[Vec, ...] = ((1.0, 0.0), (_H, _H), (0.0, 1.0), (-_H, _H), (-1.0, 0.0),
                               (-_H, -_H), (0.0, -1.0), (_H, -_H))
OUT_WORDS = {sh.OUT_CREW: "crew-lost", sh.OUT_HULKED: "hulked", sh.OUT_EXPLODED: "exploded",
             sh.OUT_WARP: "warp", sh.OUT_SURRENDERED: "surrendered"}
ACTIONS = {"shoot": rules.SHOOT, "ram": rules.RAM, "board": rules.BOARD}
# the words a captain's answers are made of (the module's note): the core checks them
Speed = Literal["full", "half"]
Action = Literal["shoot", "ram", "board"]
Blow = Literal["crew", "hull"]
# the method of a captain's that answers each question the rules ask
METHODS = {rules.Q_MANOEUVRE: "manoeuvre", rules.Q_ACTION: "action",
           rules.Q_BREAK_FREE: "break_free", rules.Q_BLOW: "boarding_blow",
           rules.Q_TARGET: "target", rules.Q_SHIELD: "shields_take"}
TACTICS = {sh.TACTIC_GUNNERY: "gunnery", sh.TACTIC_RAM: "ram", sh.TACTIC_BOARD: "board"}


@dataclass(frozen=True)
class Shot:
    """One weapon component's attack: its hits, and whether its Crit Rating was met."""

    part: int
    gun: Gun
    hits: int
    crit_met: bool


def move(position: Vec, facing: int, distance: int) -> Vec:
    dx, dy = DIRECTIONS[facing % 8]
    return (position[0] + dx * distance, position[1] + dy * distance)


@dataclass(frozen=True)
class Judgement:
    """What the default captain reckons before she decides (orders.py), for a captain of your
    own to reuse: her tactic now ("gunnery", "board" or "ram"), each side's best volley as she
    estimates it (mean Hull Integrity a Shooting Action takes off the other, scaled by what the
    guns are still worth), whether the exchange of fire favours her (so a gunner presses), and
    each side's Command target in a boarding action against the other now."""

    tactic: str
    volley: float
    enemy_volley: float
    favoured: bool
    boarders: int
    enemy_boarders: int


@dataclass
class Situation:
    round: int
    me: Ship
    enemy: Ship
    contact_range: int
    locked: bool = False
    break_free: int = -20  # the test's difficulty
    catalog: RogueTraderCatalog | None = None
    plan: tuple[str, int] | None = None  # the manoeuvre ordered this turn (for action())
    boarder: bool = False  # locked in a boarding action she started
    default: Any = None  # what the default captain answers
    judgement: Judgement | None = None  # the default captain's reckoning, to reuse
    calm_rounds: int = 0  # rounds so far without loss or boarding action (R26)
    apart_rounds: int = 0  # rounds so far beyond every weapon's reach, none attacking (R25)
    stalemate_after: int = 0  # the rounds after which each is declared (the catalog's)
    disengaged_after: int = 0
    enemies: list[Ship] = field(default_factory=list)  # every enemy still in the fight

    @property
    def range(self) -> float:
        return math.dist(self.me.position, self.enemy.position)

    def after(self) -> tuple[Vec, int]:
        """Where the ordered manoeuvre leaves her: (position, facing)."""
        word, turn = self.plan or ("full", 0)
        speed = self.me.speed
        vu = speed if word != "half" else half_up(speed)
        return move(self.me.position, self.me.facing, vu), (self.me.facing + turn) % 8

    def options(self) -> list[tuple[str, int, int]]:
        """(speed word, VU, turn steps) the rules allow this turn."""
        speed = self.me.speed
        half = half_up(speed)
        limit = 0 if self.me.cannot_turn else self.me.spec.turn_steps
        out = []
        for word, vu in (("full", speed), ("half", half)):
            if word == "half" and half == speed:
                continue
            out += [(word, vu, t) for t in range(-limit, limit + 1)]
        return out


class Captain:
    """The default captain: each method gives the default captain's answer (orders.py)."""

    def target(self, s: Situation) -> str:
        """The enemy she engages this turn, by name (one of `s.enemies`): the default is the
        nearest (D4)."""
        return s.default  # type: ignore[no-any-return]

    def manoeuvre(self, s: Situation) -> tuple[Speed, int]:
        return s.default  # type: ignore[no-any-return]

    def action(self, s: Situation) -> Action:
        return s.default  # type: ignore[no-any-return]

    def break_free(self, s: Situation) -> bool:
        return bool(s.default)

    def boarding_blow(self, s: Situation) -> Blow:
        """Cut through the enemy crew: Morale breaks a ship sooner than Hull Integrity."""
        return s.default  # type: ignore[no-any-return]

    def shields_take(self, s: Situation, shots: Sequence[Shot]) -> list[tuple[int, int]]:
        """The default keeps the hits of a weapon whose Crit Rating was met, then lances; the
        weakest go first (R5, R7)."""
        return list(s.default)


def view(spec: Spec, p: sh.Params, s: sh.State, side: int, crippled: tuple[int, int],
         knower: int) -> Ship:
    """The ship of `side` as a captain of your own sees her (state.py's Ship)."""
    at = sh.ship(side)
    me = s[at:at + sh.SHIP_FIELDS]
    ship = Ship.fresh(spec, side, position(me), int(me[sh.FACING]), crippled)
    ship.hull_integrity = int(me[sh.HULL])
    ship.crew_population = int(me[sh.CREW])
    ship.morale = int(me[sh.MORALE])
    count = len(spec.parts)

    def row(start: int) -> Sequence[int]:
        return s[start:start + count]

    ship.states = [{word for bit, word in enumerate(STATES) if int(value) & (1 << bit)}
                   for value in row(sh.states(p, side))]
    ship.known = {i for i, k in enumerate(row(sh.known(p, side, knower))) if k}
    ship.torpedoes = {i: int(t) for i, t in enumerate(row(sh.torpedoes(p, side))) if t >= 0}
    ship.sensors_damaged = bool(me[sh.SENSORS])
    ship.thrusters = int(me[sh.THRUSTERS])
    ship.cannot_turn = bool(me[sh.CANNOT_TURN])
    ship.engines_halved = int(me[sh.ENGINES_HALVED])
    ship.engines_wrecked = bool(me[sh.ENGINES_WRECKED])
    ship.out = OUT_WORDS.get(int(me[sh.OUT]))
    ship.damage_taken = int(me[sh.TAKEN])
    ship.surprised = bool(p.data[p.o_stat + side * sh.STAT_FIELDS + sh.S_SURPRISED])
    ship.simple_destruction = bool(p.data[p.o_stat + side * sh.STAT_FIELDS + sh.S_SIMPLE])
    return ship


def judgement(p: sh.Params, s: sh.State, side: int) -> Judgement:
    """The default captain's reckoning for `side` now (orders.py's own functions)."""
    enemy = orders.enemy_of(s, side)
    return Judgement(TACTICS[orders.tactic(p, s, side)], orders.volley(p, s, side) / 1000,
                     orders.reply_volley(p, s, side) / 1000, orders.favoured(p, s, side),
                     orders.boarders(p, s, side), orders.boarders(p, s, enemy))


def position(me: Sequence[int]) -> Vec:
    root = math.sqrt(2)
    return ((me[sh.XP] + me[sh.XQ] * root) / 2, (me[sh.YP] + me[sh.YQ] * root) / 2)


@dataclass
class Asker:
    """Answers the rules' questions with each ship's captain (None: the default's answer)."""

    captains: tuple[Any, ...]  # one a ship, in the battle's order
    specs: tuple[Spec, ...]
    params: sh.Params
    catalog: RogueTraderCatalog
    _shields: list[int] = field(default_factory=list)

    def __call__(self, side: int, question: int, facts: tuple[Any, ...], default: int) -> int:
        captain = self.captains[side]
        if captain is None:
            return default
        return self.answer(captain, side, question, facts, default)

    def ask(self, captain: Any, name: str, side: int, s: sh.State, *args: Any) -> Any:
        """The captain's method `name` asked through the core's one adapter: an answer of the
        type the default captain's method declares, or one line at the user's FILE:LINE."""
        return consult(getattr(captain, name), *args, answer=answers(Captain, name),
                       who=f"the captain of {self.specs[side].name}, round {int(s[sh.ROUND])}")

    def situation(self, s: sh.State, side: int, default: Any) -> Situation:
        p = self.params
        crippled = (p.crippled_man, p.crippled_detection)
        me = sh.ship(side)
        enemy = int(s[me + sh.TARGET])
        enemies = [view(self.specs[i], p, s, i, crippled, side) for i in range(p.ships)
                   if sh.side_of(p, i) != sh.side_of(p, side) and s[sh.ship(i) + sh.OUT] == 0]
        return Situation(int(s[sh.ROUND]), view(self.specs[side], p, s, side, crippled, enemy),
                         view(self.specs[enemy], p, s, enemy, crippled, side), p.contact,
                         int(s[me + sh.LOCK]) >= 0, p.break_free_test, self.catalog,
                         boarder=bool(s[me + sh.BOARDER]) and int(s[me + sh.LOCK]) >= 0,
                         enemies=enemies,
                         default=default, judgement=judgement(p, s, side),
                         calm_rounds=int(s[sh.CALM]), apart_rounds=int(s[sh.APART]),
                         stalemate_after=p.stalemate_after,
                         disengaged_after=p.disengaged_after)

    def answer(self, captain: Any, side: int, question: int, facts: tuple[Any, ...],
               default: int) -> int:
        s = facts[0]
        if question == rules.Q_MANOEUVRE:
            half, turn = default // 16, default % 16 - 8
            word, turn = self.ask(captain, "manoeuvre", side, s, self.situation(s, side, (
                "half" if half else "full", turn)))
            return 16 * int(word == "half") + 8 + int(turn)
        if question == rules.Q_ACTION:
            words = {v: k for k, v in ACTIONS.items()}
            situation = self.situation(s, side, words[default])
            situation.plan = ("half" if facts[2] else "full", int(facts[3]))
            return ACTIONS.get(self.ask(captain, "action", side, s, situation), rules.SHOOT)
        if question == rules.Q_BREAK_FREE:
            return int(self.ask(captain, "break_free", side, s,
                                self.situation(s, side, bool(default))))
        if question == rules.Q_BLOW:
            blow = self.ask(captain, "boarding_blow", side, s, self.situation(s, side, "crew"))
            return rules.BLOW_HULL if blow == "hull" else rules.BLOW_CREW
        if question == rules.Q_TARGET:
            if not hasattr(captain, "target"):
                return default
            situation = self.situation(s, side, self.specs[default].name)
            name = self.ask(captain, "target", side, s, situation)
            for i, spec in enumerate(self.specs):
                if spec.name == name and any(e.name == name for e in situation.enemies):
                    return i
            raise refuse(captain.target, f"the captain of {self.specs[side].name}, round "
                         f"{int(s[sh.ROUND])}", f"target() answered {name!r}, not an enemy in "
                         "the fight: give one of s.enemies' names")
        if question == rules.Q_SHIELD:
            _, _, n, i, offered = facts
            if i == 0:
                self._shields = self.shield_choice(captain, s, side, n, offered)
            return self._shields[i] if i < len(self._shields) else default
        return default

    def shield_choice(self, captain: Any, s: sh.State, side: int, n: int,
                      offered: int) -> list[int]:
        """Her own order of the hits the shields take, if it is an order of the same hits."""
        at = self.params.at_shots
        rows = [s[at + k * sh.SHOT_FIELDS:at + (k + 1) * sh.SHOT_FIELDS] for k in range(n)]
        parts = self.specs[side].parts
        shots = [Shot(int(r[sh.SH_PART]), parts[int(r[sh.SH_PART])].gun,  # type: ignore[arg-type]
                      int(r[sh.SH_HITS]), bool(r[sh.SH_CRIT])) for r in rows]
        pool = [int(k) for k in s[self.params.at_pool:self.params.at_pool + offered]]
        default: list[tuple[int, int]] = []
        for k in pool:
            default.append((k, sum(1 for j, _ in default if j == k)))
        chosen = list(self.ask(captain, "shields_take", side, s,
                               self.situation(s, side, default), shots))
        if sorted(chosen) != sorted(default):
            return pool
        return [int(k) for k, _ in chosen]
