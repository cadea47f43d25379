"""Fights: the interface a rules system implements, the event log, and the series driver.

The fight pattern: a system writes its fight rules once, as plain functions over simple state
(a NamedTuple of ints and lists of ints), drawing dice from the one stream (`stream.py`) and
telling what happens through `emit` and `ask` (`recorder.py`). Its `FightRules` names them. A
narrated duel runs those functions with a recorder and hands the events to the system's narrator;
a series runs the very same functions with no recorder, compiled by Numba when it is installed
(`compiled.py`), in chunks whose fights are each seeded `derive_seed(seed, index)`, so any fight
of a series replays as a narrated duel. A fight that reaches the cap has no winner, and says so.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from shipyard.core.chart import Bin, bins_of
from shipyard.core.options import Terms
from shipyard.core.pattern import MAX_RUNS as MAX_RUNS
from shipyard.core.pattern import MAX_UNCOMPILED_RUNS as MAX_UNCOMPILED_RUNS
from shipyard.core.pattern import OUT_DEALT_A as OUT_DEALT_A
from shipyard.core.pattern import OUT_DEALT_B as OUT_DEALT_B
from shipyard.core.pattern import OUT_DRAWS as OUT_DRAWS
from shipyard.core.pattern import OUT_END as OUT_END
from shipyard.core.pattern import OUT_ROUNDS as OUT_ROUNDS
from shipyard.core.pattern import BattleSide as BattleSide
from shipyard.core.pattern import Columns as Columns
from shipyard.core.pattern import FightRules as FightRules
from shipyard.core.pattern import Prepared as Prepared
from shipyard.core.pattern import Progress as Progress
from shipyard.core.pattern import store as store
from shipyard.core.recorder import Recorder
from shipyard.core.stream import DRAWS, MAX_SERIES_SEED, derive_seed, new_stream
from shipyard.errors import UserError

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval



# --- the event log -------------------------------------------------------------------------


class Modifier(NamedTuple):
    label: str
    value: int


class Check(NamedTuple):
    """A roll against a target number, with the modifiers that made the target."""

    what: str  # "gunnery"
    base: int
    modifiers: tuple[Modifier, ...]
    die: str  # "d100"
    rolled: int
    unit: str = "%"
    roll_under: bool = True  # success on rolled <= target
    # degrees of success or failure, Effect: what the system reads off the roll (None: not one
    # the system measures)
    margin: int | None = None

    @property
    def target(self) -> int:
        return self.base + sum(m.value for m in self.modifiers)

    @property
    def success(self) -> bool:
        return self.rolled <= self.target if self.roll_under else self.rolled >= self.target

    def formula(self) -> str:
        """How the target number was made: "gunnery 50% −10% pilot firing = 40%"."""
        mods = "".join(f" {_signed(m.value)}{self.unit} {m.label}" for m in self.modifiers
                       if m.value)
        return f"{self.what} {self.base}{self.unit}{mods} = {self.target}{self.unit}"

    def describe(self) -> str:
        word = "hit" if self.success else "miss"
        return f"{self.formula()}, {self.die} rolled {self.rolled}: {word}"

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": "check", "what": self.what, "base": self.base,
            "modifiers": [{"label": m.label, "value": m.value} for m in self.modifiers],
            "target": self.target, "die": self.die, "rolled": self.rolled,
            "success": self.success}
        if self.margin is not None:
            out["margin"] = self.margin
        return out


class Roll(NamedTuple):
    """A die rolled for what it picks or adds, not against a target ("d60 rolled 17: box 17")."""

    die: str
    rolled: int
    meaning: str

    def describe(self) -> str:
        return f"{self.die} rolled {self.rolled}: {self.meaning}"

    def as_json(self) -> dict[str, Any]:
        return {"kind": "roll", "die": self.die, "rolled": self.rolled, "meaning": self.meaning}


class Event(NamedTuple):
    round: int
    phase: str
    text: str
    rolls: tuple[Check | Roll, ...] = ()
    depth: int = 0  # 0 a headline, 1 its detail, ...

    def as_json(self) -> dict[str, Any]:
        return {"round": self.round, "phase": self.phase, "text": self.text,
                "depth": self.depth, "rolls": [r.as_json() for r in self.rolls]}


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}"


# --- what a system implements --------------------------------------------------------------


class Outcome(NamedTuple):
    winner: int | None  # 0 side A, 1 side B, None: no winner
    reason: str  # a stable code: "destroyed", "escaped", "cap", ...
    text: str  # why, in the game's words


DesignT = TypeVar("DesignT")  # the system's built design (core.system.Design)


class FightSupport(ABC, Generic[DesignT]):
    """A rules system's combat: how it reads the terms, its rules, their words, and the odds
    of a volley."""

    @abstractmethod
    def prepare(self, a: DesignT, b: DesignT, terms: Terms) -> Prepared:
        """Check the terms against the designs (UserError if they do not fit). A system with
        battles makes this the battle of one design a side:
        `self.prepare_battle(BattleSide.one(a), BattleSide.one(b), terms)`."""

    def prepare_battle(self, a: BattleSide, b: BattleSide, terms: Terms) -> Prepared:
        """Two sides of several ships made ready to fight (`Prepared.ships` names each, in the
        order of the fates the rules report). Written by a system that declares battles
        (`FightOptions.battle`); `shipyard battle` refuses the others before asking."""
        raise UserError.single("battle.unsupported", "this system's fights are duels: one "
                               "ship against one (shipyard duel)")

    @abstractmethod
    def rules(self) -> FightRules:
        """The system's fight rules, written once (see the module's docstring)."""

    @abstractmethod
    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        """A fight's events in words, and the outcome's sentence (events is empty when the
        fight was not told)."""


    @abstractmethod
    def odds(self, attacker: DesignT, target: DesignT, terms: Terms, samples: int,
             seed: int) -> OddsReport:
        """What one volley of the attacker's weapons does to the target: exact where the
        dice allow, else `samples` volleys from `seed`."""


# --- driving fights ------------------------------------------------------------------------


class FightResult(NamedTuple):
    outcome: Outcome
    rounds: int
    damage: tuple[int, int]
    events: list[Event]
    draws: int
    fates: tuple[int, ...] = ()  # each ship's fate (Prepared.ships order), where reported


def fight_once(support: FightSupport[Any], prepared: Prepared, seed: int,
               narrate: bool = True) -> FightResult:
    """One fight from `seed`, told (events and words) unless `narrate` is off."""
    rules = support.rules()
    rng = new_stream(seed)
    rec = Recorder(narrate, prepared.asker)
    played = rules.play(prepared.state, rng, rec)
    end, rounds, dealt_a, dealt_b = played[:4]
    events, text = support.narrate(prepared, rec.events or [], end, rounds)
    winner, reason = rules.ends[end]
    fates = tuple(int(f) for f in played[4]) if len(played) > 4 else ()
    return FightResult(Outcome(winner, reason, text), rounds, (dealt_a, dealt_b), events,
                       rng[DRAWS], fates)


def check_runs(runs: int, what: str = "fights") -> None:
    if not 1 <= runs <= MAX_RUNS:
        raise UserError.single("cli.runs", f"--runs {runs}: give 1..{MAX_RUNS:,} {what}")


def check_series_seed(seed: int) -> None:
    if not 0 <= seed <= MAX_SERIES_SEED:
        raise UserError.single("cli.seed", f"--seed {seed}: a series takes a seed of "
                               f"0..{MAX_SERIES_SEED:,}, so that each fight's own seed "
                               "(seed·2²⁰ + fight) replays it with duel --seed")


def series(support: FightSupport[Any], prepared: Prepared, runs: int, seed: int,
           progress: Progress | None = None, engine: str = "auto",
           notice: Callable[[str], None] | None = None, quick: bool = False) -> Columns:
    """`runs` fights from one seed, fight i seeded `derive_seed(seed, i)`: compiled where Numba
    is installed, no user's pilot is in play and `engine` is "auto" or "compiled" ("plain":
    uncompiled; see `compiled.run_series`, and for `quick`); `notice` hears about a compile or
    a long wait."""
    check_runs(runs)
    check_series_seed(seed)
    from shipyard.core.compiled import run_series  # NumPy and Numba: a series only

    return run_series(support.rules(), prepared, runs, seed, progress, engine, notice,
                      quick=quick)


# --- statistics ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Rate:  # a dataclass: its `count` would shadow tuple.count
    count: int
    runs: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.count / self.runs if self.runs else 0.0

    def as_json(self) -> dict[str, Any]:
        return {"count": self.count, "rate": self.rate, "ci95": [self.low, self.high]}


def wilson(count: int, runs: int, z: float = Z95) -> Rate:
    """The Wilson score interval: sane at 0% and 100%, unlike the normal approximation."""
    if runs <= 0:
        return Rate(count, runs, 0.0, 1.0)
    p = count / runs
    denom = 1 + z * z / runs
    centre = (p + z * z / (2 * runs)) / denom
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / denom
    low = 0.0 if count == 0 else max(0.0, centre - half)  # exact at the ends, not 1 - 1e-16
    high = 1.0 if count == runs else min(1.0, centre + half)
    return Rate(count, runs, low, high)


def _figure(value: float) -> str:
    """A count as it is (1,000,000 rounds are not 1e+06), anything else as the median is."""
    return str(value) if isinstance(value, int) else f"{value:g}"


class Spread(NamedTuple):
    mean: float
    sd: float
    low: float  # an int when the values are counts, as rounds and boxes are
    median: float
    high: float

    @staticmethod
    def of(values: Any) -> Spread:
        import numpy as np  # a series only

        array = np.asarray(values)
        if not len(array):
            return Spread(0.0, 0.0, 0, 0.0, 0)
        # counts keep their ints; a price (MCr 684.99) keeps its fraction: its range is its own
        whole = array.dtype.kind in "iub"
        low, high = array.min().item(), array.max().item()
        return Spread(float(array.mean()), float(array.std()), int(low) if whole else float(low),
                      float(np.median(array)), int(high) if whole else float(high))

    def range(self, between: str = " – ") -> str:
        """From least to most, written as the median is."""
        return f"{_figure(self.low)}{between}{_figure(self.high)}"

    def as_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "sd": self.sd, "min": self.low, "median": self.median,
                "max": self.high}


class Summary(NamedTuple):
    names: tuple[str, str]
    runs: int
    seed: int
    engine: str
    wins: tuple[Rate, Rate]
    no_winner: Rate
    reasons: dict[str, dict[str, int]]  # "A wins" / "B wins" / "no winner" -> reason -> count
    rounds: Spread
    damage: tuple[Spread, Spread]
    round_name: str
    damage_unit: str
    draws: int
    examples: dict[str, int]  # "a" / "b" / "none" -> the seed of one such fight
    # how many fights lasted how long, and each side's damage dealt, in a report's columns
    length_bins: tuple[Bin, ...] = ()
    damage_bins: tuple[tuple[Bin, ...], tuple[Bin, ...]] = ((), ())

    def as_json(self) -> dict[str, Any]:
        return {
            "a": self.names[0], "b": self.names[1], "runs": self.runs, "seed": self.seed,
            "engine": self.engine,
            "wins": {"a": self.wins[0].as_json(), "b": self.wins[1].as_json()},
            "no_winner": self.no_winner.as_json(), "reasons": self.reasons,
            "length": {"unit": self.round_name, **self.rounds.as_json(),
                       "histogram": _bins_json(self.length_bins)},
            "damage": {"unit": self.damage_unit,
                       "a": {**self.damage[0].as_json(),
                             "histogram": _bins_json(self.damage_bins[0])},
                       "b": {**self.damage[1].as_json(),
                             "histogram": _bins_json(self.damage_bins[1])}},
            "random_numbers": self.draws,
            "replay_seeds": self.examples,
        }


def _bins_json(bins: tuple[Bin, ...]) -> list[dict[str, int]]:
    return [{"from": b.low, "to": b.high, "count": b.count} for b in bins]


def _bins(values: Any) -> tuple[Bin, ...]:
    """Whole-number results (fight lengths, damage) as a histogram's columns."""
    import numpy as np  # a series only

    found, times = np.unique(np.asarray(values, dtype=np.int64), return_counts=True)
    return bins_of(dict(zip(found.tolist(), times.tolist(), strict=True)))


def summarise(prepared: Prepared, columns: Columns, seed: int) -> Summary:
    import numpy as np  # a series only

    winner = np.asarray(columns.winner, dtype=np.int64)
    runs = len(winner)
    names = np.asarray(columns.reason_names, dtype=object)
    reason = names[np.asarray(columns.reason, dtype=np.int64)] if runs else names[:0]
    reasons: dict[str, dict[str, int]] = {}
    examples: dict[str, int] = {}
    counts = []
    for key, code in (("a", 0), ("b", 1), ("none", -1)):
        mine = winner == code
        counts.append(int(mine.sum()))
        tally: dict[str, int] = {}
        if counts[-1]:
            found, times = np.unique(reason[mine], return_counts=True)
            tally = {str(r): int(n) for r, n in zip(found.tolist(), times.tolist(), strict=True)}
        reasons[key] = dict(sorted(tally.items(), key=lambda kv: (-kv[1], kv[0])))
        if counts[-1]:
            examples[key] = derive_seed(seed, int(np.argmax(mine)))
    return Summary(
        names=prepared.names, runs=runs, seed=seed, engine=columns.engine,
        wins=(wilson(counts[0], runs), wilson(counts[1], runs)),
        no_winner=wilson(counts[2], runs),
        reasons=reasons,
        rounds=Spread.of(columns.rounds),
        damage=(Spread.of(columns.damage_a), Spread.of(columns.damage_b)),
        round_name=prepared.round_name, damage_unit=prepared.damage_unit,
        draws=columns.draws, examples=examples,
        length_bins=_bins(columns.rounds),
        damage_bins=(_bins(columns.damage_a), _bins(columns.damage_b)),
    )


# --- the odds of one volley ----------------------------------------------------------------


class Point(NamedTuple):
    value: int
    chance: float
    low: float | None = None  # a 95% interval when sampled
    high: float | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value, "chance": self.chance}
        if self.low is not None:
            out["ci95"] = [self.low, self.high]
        return out


class Distribution(NamedTuple):
    name: str
    points: tuple[Point, ...]
    mean: float

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "mean": self.mean,
                "points": [p.as_json() for p in self.points]}


class Chance(NamedTuple):
    label: str
    chance: float
    low: float | None = None
    high: float | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "chance": self.chance}
        if self.low is not None:
            out["ci95"] = [self.low, self.high]
        return out


Cell = str | Chance | None  # a chance keeps its number (and interval) for JSON


class OddsTable(NamedTuple):
    """A table of a volley's odds in the system's own terms (the target's rows, its
    components, its facings...): text and chances, one row each."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def as_json(self) -> dict[str, Any]:
        return {"title": self.title, "columns": list(self.columns),
                "rows": [[c.as_json() if isinstance(c, Chance) else c for c in row]
                         for row in self.rows]}


class OddsReport(NamedTuple):
    """What one volley does: exact where the dice allow, else sampled with its intervals."""

    title: str
    exact: bool
    samples: int | None
    notes: tuple[str, ...]
    distributions: tuple[Distribution, ...]
    chances: tuple[Chance, ...]
    tables: tuple[OddsTable, ...] = ()

    @property
    def method(self) -> str:
        if self.exact:
            return "exact (every outcome of the dice enumerated)"
        volleys = "volley" if self.samples == 1 else "volleys"
        return f"sampled: {self.samples:,} {volleys}, with 95% intervals"

    def as_json(self) -> dict[str, Any]:
        return {"title": self.title, "exact": self.exact, "samples": self.samples,
                "method": self.method, "notes": list(self.notes),
                "distributions": [d.as_json() for d in self.distributions],
                "chances": [c.as_json() for c in self.chances],
                "tables": [t.as_json() for t in self.tables]}
