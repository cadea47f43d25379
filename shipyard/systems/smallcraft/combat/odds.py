"""The odds of one volley: every beam of the attacker fires at the target (and a full salvo
of missiles strikes, if it carries them), at a given range and target movement.

Exact by enumeration: each beam hits or misses (its gunnery chance), its screens roll comes
out one way or the other, and each dhit's box falls among the target's armor, its screens or
its other boxes. Which of the other boxes the random dhits took is a uniform sample without
replacement, so the chance a row is hit or wholly lost follows from how many random dhits fell
among them (the hypergeometric distribution). When the states to enumerate would be too many,
the volley is sampled instead, through the fight rules themselves (fight.py's screens and
Inflicting Damage on a fight's own array), and said so.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from shipyard.api import (
    Chance,
    Check,
    Distribution,
    Modifier,
    OddsReport,
    OddsTable,
    Point,
    Terms,
    chance_all,
    chance_none,
    wilson,
)
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat import table as tables
from shipyard.systems.smallcraft.combat.craft import Spec, build
from shipyard.systems.smallcraft.options import ODDS_RANGE
from shipyard.systems.smallcraft.rules import CraftDesign

# The bound below is loose (real work is a few hundredths of it: 2.5e7 took 0.11 s here), so
# the limit keeps an exact volley well under a second and a few hundred MB
WORK_LIMIT = 30_000_000
SAMPLING_BUDGET = 0.9e6  # microseconds of sampling a volley may take, by the model below
# a guard only: layers of states never grow this far under WORK_LIMIT; if the bound is ever
# wrong, the volley is sampled instead of eating memory (a layer entry is ~200 bytes)
MAX_LAYER = 1_000_000


class _TooBig(Exception):
    pass

State = tuple[int, int, int, int]  # armor left, screens left, other boxes hit, armor by roll


@dataclass(frozen=True)
class Shot:
    label: str
    dhits: int
    target: int  # the gunnery target number: a d100 at or under it hits
    why: str

    @property
    def chance(self) -> float:
        return min(100, max(0, self.target)) / 100


@dataclass(frozen=True)
class Volley:
    attacker: Spec
    target: Spec
    shots: tuple[Shot, ...]  # beams, each its own damage sequence
    salvo: tuple[int, int]  # missiles striking together, and the damage of each
    screens: int  # the target's powered screen strength
    ratio: int
    literal: bool
    strict: int  # R12: only a d6 below the remainder adds one


class PartOdds(NamedTuple):
    """What the volley does to one row of the target's sheet: hit at all, or wholly lost."""

    label: str
    hit: Chance
    lost: Chance | None


def rows_table(parts: list[PartOdds]) -> OddsTable:
    return OddsTable("the target's rows", ("row", "hit", "wholly lost"),
                     tuple((p.label, p.hit, p.lost) for p in parts))


def volley(attacker: CraftDesign, target: CraftDesign, terms: Terms, samples: int,
           seed: int) -> OddsReport:
    catalog = attacker.catalog
    table = catalog.combat
    a, t = build(attacker.model, catalog), build(target.model, catalog)
    crew = tables.crew(attacker.model, table, terms.crew[0],
                       (attacker.file, attacker.line_of(("combat", "pilot_is_gunner"))))
    switches = tables.switches(table, terms.rules)
    # where the beams reach, should an overlay make them shorter than ODDS_RANGE
    distance = terms.whole("range", min(ODDS_RANGE, catalog.ranges.beam_dhexes))
    moving = terms.whole("speed", 0)
    v = _volley(a, t, crew, switches, table, catalog.ranges.beam_dhexes, distance, moving)
    crews = (crew, tables.crew(target.model, table, {}))
    title = (f"{a.name} fires on {t.name} at {distance} dhexes, the target moving {moving} "
             f"dhex{'es' * (moving != 1)}/dturn{' across the line of fire' * switches.transverse}")
    notes = [f"{s.label}: {s.dhits} dhits, {s.why}" for s in v.shots]
    if v.salvo[0]:
        notes.append(f"a salvo of {v.salvo[0]} missiles of damage {v.salvo[1]} strikes "
                     f"(R6: {'one in six penetrates' if v.literal else 'one in six repelled'})")
    if not v.shots and not v.salvo[0]:
        notes.append("no weapon reaches: beams fire within "
                     f"{catalog.ranges.beam_dhexes} dhexes, and no missiles are carried")
    notes.append(f"{t.name}'s screens: {v.screens} (powered as the default pilot powers them)")
    if exact_work(v) <= WORK_LIMIT:
        try:
            return _exact(v, title, notes)
        except _TooBig:
            pass
    affordable = max(1, int(SAMPLING_BUDGET // sample_cost(v)))
    if affordable < samples:
        notes.append(f"{samples:,} volleys asked; {affordable:,} sampled, all that fit the "
                     "time limit (every outcome is too many to enumerate here)")
    else:
        notes.append("every outcome is too many to enumerate here")
    setup = tables.Setup((a, t), crews, switches, table, catalog.ranges.beam_dhexes, distance,
                         "head-on", (None, None))
    return _sampled(v, setup, title, notes, min(samples, affordable), seed)


def sample_cost(v: Volley) -> float:
    """Microseconds one sampled volley takes, from the target's sheet and the volley's dhits,
    before sampling (measured on a slow machine, with room): a fresh sheet, the armor steps,
    the d(hull) rolls (more as boxes run out: "a roll on a box already destroyed: reroll") and
    the tally of every row."""
    t = v.target
    total = t.box_count
    armor = sum(t.rows[r].boxes for r in t.armor)
    dhits = min(sum(_volley_dhits(v)), total)
    steps = min(armor, dhits)
    random_ = dhits - steps

    def harmonic(n: int) -> float:
        return 0.0 if n <= 0 else math.log(n) + 0.5772156649 + 1 / (2 * n)

    rolls = total * (harmonic(total) - harmonic(total - random_)) if random_ else 0.0
    return 30.0 + 0.05 * total + 3.0 * steps + 3.0 * rolls + 6.0 * len(t.rows)


def _volley(a: Spec, t: Spec, crew: tables.Crew, switches: tables.Switches, table: object,
            beam_range: int, distance: int, moving: int) -> Volley:
    from shipyard.systems.smallcraft.models import CombatTable

    assert isinstance(table, CombatTable)
    supply = sum(a.rows[r].boxes for r in a.power) * a.power_per_cbloc
    shots = []
    mods = []
    what = "moving across" if switches.transverse else "moving"
    mods.append(Modifier(f"target {what} {moving}", -table.movement_penalty * moving))
    if switches.range_penalty:
        beyond = max(0, distance - table.range_penalty_beyond)
        mods.append(Modifier(f"range {distance}", -table.range_penalty * beyond))
    for beam in a.beams:  # powered in sheet order, as the default pilot does
        if beam.aim is None:
            continue
        boxes = a.rows[beam.row].boxes
        power = min(boxes, supply)
        supply -= power
        dhits = max(0, min(beam.dhits, power - (1 if beam.turret else 0)))
        aim = tables.aim(crew, table, beam.turret)
        check = Check(aim.who, aim.skill, (*(Modifier(n, v) for n, v in aim.modifiers), *mods),
                      "d100", 0)
        if dhits and distance <= beam_range:
            shots.append(Shot(beam.label, dhits, check.target, check.formula()))
    salvo = (0, 0)
    tubes = min(sum(a.rows[r].boxes for r in a.tubes), supply)
    if tubes and a.missiles:
        m = a.missiles[0]
        count = min(tubes, a.rows[m.row].boxes * m.per_cbloc)
        salvo = (count, m.damage)
    t_supply = sum(t.rows[r].boxes for r in t.power) * t.power_per_cbloc
    t_supply -= min(t_supply, sum(t.rows[b.row].boxes for b in t.beams if b.aim is not None))
    screens = min(sum(t.rows[r].boxes for r in t.screens), t_supply)
    return Volley(a, t, tuple(shots), salvo, screens, table.screens_ratio,
                  switches.literal_missile_screens, int(switches.strict_remainder))


# --- exact ------------------------------------------------------------------------------------


def _exact(v: Volley, title: str, notes: list[str]) -> OddsReport:
    t = v.target
    armor0 = sum(t.rows[r].boxes for r in t.armor)
    screens0 = sum(t.rows[r].boxes for r in t.screens)
    other0 = t.box_count - armor0 - screens0

    def screened(n: int, strength: int) -> list[tuple[int, float]]:
        """dhits through the screens, with their chances."""
        base, rem = divmod(n, v.ratio)
        if strength == 0 or rem - v.strict < 1 or base >= strength:
            return [(n - min(base, strength), 1.0)]
        p_extra = (rem - v.strict) / v.ratio  # a d6 at or under the remainder (R12)
        return [(n - min(base + 1, strength), p_extra), (n - base, 1 - p_extra)]

    dist: dict[State, float] = {(armor0, screens0, 0, 0): 1.0}
    for shot in v.shots:
        dist = _step(dist, shot.chance, _through(screened, shot.dhits, v.screens), other0)
    if v.salvo[0]:
        count, damage = v.salvo
        dist = _step(dist, 1.0, lambda st: _salvo(count, damage, min(st[1], v.screens),
                                                  v.ratio, v.literal, v.strict), other0)
    return _report(v, title, notes, dist, armor0, screens0, other0)


def _step(dist: dict[State, float], chance: float,
          through: Callable[[State], list[tuple[int, float]]],
          other0: int) -> dict[State, float]:
    """One beam (or the salvo): it misses, or its dhits through the screens are inflicted, a
    dhit at a time over every state at once (steps 2-4 of Inflicting Damage: an armor box,
    then a random box, and again). Memory is one layer of states; work is the layers times
    their states, which `exact_work` bounds before any of it is done."""
    out: dict[State, float] = {}
    pending: dict[tuple[int, int, int, int, int, bool], float] = {}
    for state, p in dist.items():
        if chance < 1.0:
            out[state] = out.get(state, 0.0) + p * (1 - chance)
        if chance <= 0.0:
            continue
        for n, q in through(state):
            key = (*state, n, True)
            pending[key] = pending.get(key, 0.0) + p * chance * q
    while pending:
        layer: dict[tuple[int, int, int, int, int, bool], float] = {}
        for (a, s, oh, ra, rem, armor_next), p in pending.items():
            left = a + s + other0 - oh
            if rem == 0 or left == 0:
                out[(a, s, oh, ra)] = out.get((a, s, oh, ra), 0.0) + p
                continue
            if armor_next and a > 0:
                key = (a - 1, s, oh, ra, rem - 1, False)
                layer[key] = layer.get(key, 0.0) + p
                continue
            for count, (a2, s2, oh2, ra2) in ((a, (a - 1, s, oh, ra + 1)), (s, (a, s - 1, oh, ra)),
                                              (other0 - oh, (a, s, oh + 1, ra))):
                if count:
                    key = (a2, s2, oh2, ra2, rem - 1, True)
                    layer[key] = layer.get(key, 0.0) + p * count / left
        if len(layer) > MAX_LAYER:
            raise _TooBig
        pending = layer
    return out


def _volley_dhits(v: Volley) -> list[int]:
    """The most dhits each damage sequence of the volley can bring through the screens."""
    return [s.dhits for s in v.shots] + ([v.salvo[0] * v.salvo[1]] if v.salvo[0] else [])


def exact_work(v: Volley) -> int:
    """An upper bound, worked out before any of the work, on the state-steps an exact volley
    takes (and so its time and memory): a state is armor boxes lost to the armor step, and
    the screens, other boxes and armor boxes lost to random dhits, never more than the dhits
    so far; each dhit of a sequence is a layer over them (two: the armor step and the random
    one), with at most two screen outcomes. The report then weighs each row's odds against
    every count of random dhits among the other boxes."""
    t = v.target
    total = t.box_count
    armor = sum(t.rows[r].boxes for r in t.armor)
    screens = sum(t.rows[r].boxes for r in t.screens)
    other = total - armor - screens
    work = 0
    so_far = 0
    for n in _volley_dhits(v):
        n = min(n, total)
        so_far = min(so_far + n, total)
        lost = min((min(screens, so_far) + 1) * (min(other, so_far) + 1)
                   * (min(armor, so_far) + 1), math.comb(so_far + 3, 3))
        work += (2 * n + 1) * 2 * (min(armor, so_far) + 1) * lost
    return work + len(t.rows) * (min(other, so_far) + 1) * 4


def _salvo(count: int, damage: int, strength: int, ratio: int, literal: bool,
           strict: int) -> list[tuple[int, float]]:
    """dhits of a salvo through the screens (R6), with their chances."""
    base, rem = divmod(count, ratio)
    p_extra = max(0, rem - strict) / ratio if strength > 0 else 0.0
    outcomes = [(base + 1, p_extra), (base, 1 - p_extra)] if p_extra else [(base, 1.0)]
    out = []
    for n, p in outcomes:
        stopped = min(count - n, strength) if literal else min(n, strength)
        out.append(((count - stopped) * damage, p))
    return out


def _report(v: Volley, title: str, notes: list[str], dist: dict[State, float], armor0: int,
            screens0: int, other0: int) -> OddsReport:
    t = v.target
    through: dict[int, float] = {}
    random_: dict[int, float] = {}
    for (a, s, oh, ra), p in dist.items():
        n = (armor0 - a) + (screens0 - s) + oh  # every dhit through the screens takes a box
        r = oh + (screens0 - s) + ra
        through[n] = through.get(n, 0.0) + p
        random_[r] = random_.get(r, 0.0) + p
    dists = (_distribution("dhits through the screens (= cblocs destroyed)", through),
             _distribution("dhits past the armour (boxes picked by a d"
                           f"{t.box_count} roll)", random_))
    crew = sum(t.rows[r].boxes for r in t.crew)
    power = sum(t.rows[r].boxes for r in t.power)
    by_hits: dict[int, float] = {}  # random dhits among the other boxes: all a row's odds need
    for (_, _, oh, _), p in dist.items():
        by_hits[oh] = by_hits.get(oh, 0.0) + p

    def all_among(k: int, need: int) -> float:
        """Chance that `need` given boxes are all among k picked from the other boxes."""
        return chance_all(other0, need, k)

    def over(f: Callable[[int, int, int, int], float]) -> float:
        return math.fsum(p * f(*state) for state, p in dist.items())

    def over_hits(f: Callable[[int], float]) -> float:
        return math.fsum(p * f(oh) for oh, p in by_hits.items())

    destroyed = over(lambda a, s, oh, ra: float(a == 0 and s == 0 and oh == other0))
    if crew or power:  # with every other box hit, the crew and power are gone too
        both = crew + power if crew and power else 0
        out = over_hits(lambda oh: all_among(oh, crew) + all_among(oh, power)
                        - all_among(oh, both))
    else:
        out = destroyed
    chances = [Chance("out of the fight (R8: destroyed, or its crew or power all gone)", out),
               Chance("destroyed (every box gone)", destroyed)]
    if crew:
        chances.append(Chance("crew all gone", over_hits(lambda oh: all_among(oh, crew))))
    if power:
        chances.append(Chance("power all gone", over_hits(lambda oh: all_among(oh, power))))
    parts = []
    armor_label = " (all armor rows)" if len(t.armor) > 1 else ""
    screens_label = " (all screens rows)" if len(t.screens) > 1 else ""
    for row in t.rows:
        if row.kind == "armor":
            if row.index == t.armor[0]:
                parts.append(PartOdds(row.label + armor_label, Chance("hit", over(
                    lambda a, s, oh, ra: float(a < armor0))), Chance("all armor lost", over(
                        lambda a, s, oh, ra: float(a == 0)))))
        elif row.kind == "screens":
            if row.index == t.screens[0]:
                parts.append(PartOdds(row.label + screens_label, Chance("hit", over(
                    lambda a, s, oh, ra: float(s < screens0))), Chance("all screens lost", over(
                        lambda a, s, oh, ra: float(s == 0)))))
        else:
            row_hit, row_lost = _row_odds(row.boxes, other0, all_among)
            parts.append(PartOdds(row.label, Chance("hit", over_hits(row_hit)),
                                  Chance("wholly lost", over_hits(row_lost))))
    return OddsReport(title, True, None, tuple(notes), dists, tuple(chances),
                      (rows_table(parts),))


def _through(screened: Callable[[int, int], list[tuple[int, float]]], dhits: int,
             screens: int) -> Callable[[State], list[tuple[int, float]]]:
    def through(state: State) -> list[tuple[int, float]]:
        return screened(dhits, min(state[1], screens))

    return through


def _row_odds(boxes: int, other0: int, all_among: Callable[[int, int], float]
              ) -> tuple[Callable[[int], float], Callable[[int], float]]:
    """Chances for one row of `boxes` among the other boxes, given how many random dhits fell
    among them: hit at all, wholly lost."""
    def hit(oh: int) -> float:
        return 1.0 - chance_none(other0, boxes, oh)

    def lost(oh: int) -> float:
        return all_among(oh, boxes)

    return hit, lost


def _distribution(name: str, p: dict[int, float]) -> Distribution:
    points = tuple(Point(k, v) for k, v in sorted(p.items()) if v > 1e-12)
    return Distribution(name, points, math.fsum(k * v for k, v in p.items()))


# --- sampled -----------------------------------------------------------------------------------


def _sampled(v: Volley, setup: tables.Setup, title: str, notes: list[str], samples: int,
             seed: int) -> OddsReport:
    """The volley played `samples` times by the fight rules: a fight's array with the attacker
    as side 0 and the target as side 1, its screens powered as the volley says, then each
    shot's d100, the screens (fight.screen, or fight.screen_literal for a salvo under R6) and
    Inflicting Damage (fight.inflict), on one dice stream."""
    from shipyard.api import Recorder, die, new_stream

    t = v.target
    params = tables.params(setup, 1)
    template = tables.pack(params).array
    base = template[f.S_POWER] + params.row_stride
    strength = v.screens
    for r in t.screens:  # in sheet order, as the default pilot powers them
        template[base + r] = min(t.rows[r].boxes, strength)
        strength -= template[base + r]
    alive_at = template[f.S_ALIVE] + params.row_stride
    rng = new_stream(seed)
    rec = Recorder(True, None)
    through: dict[int, int] = {}
    random_: dict[int, int] = {}
    counts = {"out": 0, "destroyed": 0, "crew": 0, "power": 0}
    hit = [0] * len(t.rows)
    gone = [0] * len(t.rows)
    for _ in range(samples):
        a = template.copy()
        a[:5] = rng
        rec.events = []
        for shot in v.shots:
            if die(a, 100) <= shot.target:
                stopped = f.screen(a, shot.dhits, f.powered(a, 1, f.K_SCREENS), v.ratio,
                                   v.strict)[0]
                f.inflict(a, rec, 1, shot.dhits - stopped)
        if v.salvo[0]:
            count, damage = v.salvo
            meet = f.screen_literal if v.literal else f.screen
            stopped = meet(a, count, f.powered(a, 1, f.K_SCREENS), v.ratio, v.strict)[0]
            f.inflict(a, rec, 1, (count - stopped) * damage)
        rng = a[:5]
        n = a[f.DEALT_A]
        r = sum(1 for e in rec.events if e[0] == f.EV_HIT and e[5] == 0)
        through[n] = through.get(n, 0) + 1
        random_[r] = random_.get(r, 0) + 1
        alive = a[alive_at:alive_at + len(t.rows)]
        destroyed = a[f.NS + f.LEFT] == 0
        crew = bool(t.crew) and all(alive[i] == 0 for i in t.crew)
        power = bool(t.power) and all(alive[i] == 0 for i in t.power)
        counts["destroyed"] += destroyed
        counts["crew"] += crew
        counts["power"] += power
        counts["out"] += destroyed or crew or power
        for i, row in enumerate(t.rows):
            group = t.armor if row.kind == "armor" else t.screens if row.kind == "screens" else (i,)
            hit[i] += any(alive[j] < t.rows[j].boxes for j in group)
            gone[i] += all(alive[j] == 0 for j in group)
    dists = (_sampled_distribution("dhits through the screens (= cblocs destroyed)", through,
                                   samples),
             _sampled_distribution(f"dhits past the armour (boxes picked by a d{t.box_count} "
                                   "roll)", random_, samples))
    chances = [_chance("out of the fight (R8: destroyed, or its crew or power all gone)",
                       counts["out"], samples),
               _chance("destroyed (every box gone)", counts["destroyed"], samples)]
    if t.crew:
        chances.append(_chance("crew all gone", counts["crew"], samples))
    if t.power:
        chances.append(_chance("power all gone", counts["power"], samples))
    parts = []
    for i, row in enumerate(t.rows):  # armor and screens as one each, as the exact odds have them
        if row.kind in ("armor", "screens"):
            group = t.armor if row.kind == "armor" else t.screens
            if i == group[0]:
                rows = " (all armor rows)" if row.kind == "armor" else " (all screens rows)"
                parts.append(PartOdds(row.label + (rows if len(group) > 1 else ""),
                                      _chance("hit", hit[i], samples),
                                      _chance(f"all {row.kind} lost", gone[i], samples)))
            continue
        parts.append(PartOdds(row.label, _chance("hit", hit[i], samples),
                              _chance("wholly lost", gone[i], samples)))
    return OddsReport(title, False, samples, tuple(notes), dists, tuple(chances),
                      (rows_table(parts),))


def _chance(label: str, count: int, samples: int) -> Chance:
    rate = wilson(count, samples)
    return Chance(label, count / samples, rate.low, rate.high)


def _sampled_distribution(name: str, counts: dict[int, int], samples: int) -> Distribution:
    points = []
    for k, n in sorted(counts.items()):
        rate = wilson(n, samples)
        points.append(Point(k, n / samples, rate.low, rate.high))
    return Distribution(name, tuple(points),
                        math.fsum(k * n for k, n in counts.items()) / samples)
