"""The fight pattern's shapes, below both the narrated path (`combat.py`) and the series driver
(`compiled.py`): what a system hands the core to fight, and how a series stores its fights.
See `combat.py`'s docstring for the pattern itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from shipyard.core.recorder import Asker
from shipyard.core.stream import DRAWS

MAX_RUNS = 1_000_000
MAX_UNCOMPILED_RUNS = 100_000  # uncompiled, a fight takes a millisecond or more

Progress = Callable[[int], None]  # told how many more fights are done


class Prepared(NamedTuple):
    """Two designs made ready to fight under given terms; `state` belongs to the system."""

    names: tuple[str, str]
    cap: int
    round_name: str  # "dturn"
    damage_unit: str  # what `damage` counts ("cblocs destroyed")
    state: Any
    batchable: bool  # may run compiled (default pilots or captains, supported parts)
    notes: tuple[str, ...] = ()  # the terms in force, for the top of a report
    asker: Asker | None = None  # the user's own pilots or captains, answering `ask`
    told: Any = None  # what only the narrator reads (names, labels): never compiled


class FightRules(NamedTuple):
    """A system's fight rules, written once (see the module's docstring).

    `play(params, rng, rec) -> (end, rounds, dealt_a, dealt_b)` plays one fight from
    `Prepared.state`; `fights(params, seed, first, count, rng, out)` plays fights `first` ..
    `first + count - 1` of a series, each from `derive_seed(seed, index)`, storing each with
    `store`; `modules` names every module whose functions they call, compiled together; `ends`
    reads an end code as (winner, reason).
    """

    play: Callable[..., tuple[int, int, int, int]]
    fights: Callable[..., None]
    modules: tuple[str, ...]
    ends: dict[int, tuple[int | None, str]]


OUT_END, OUT_ROUNDS, OUT_DEALT_A, OUT_DEALT_B, OUT_DRAWS = range(5)


def store(out: Any, k: int, end: int, rounds: int, dealt_a: int, dealt_b: int,
          rng: list[int]) -> None:
    """Row k of a series chunk: one fight's end, length, damage and draws."""
    out[k, OUT_END] = end
    out[k, OUT_ROUNDS] = rounds
    out[k, OUT_DEALT_A] = dealt_a
    out[k, OUT_DEALT_B] = dealt_b
    out[k, OUT_DRAWS] = rng[DRAWS]


@dataclass
class Columns:
    """The results of a series, one row per fight, as NumPy arrays (`reason` indexes
    `reason_names`)."""

    winner: Any  # 0, 1, or -1 for no winner
    reason: Any
    rounds: Any
    damage_a: Any
    damage_b: Any
    draws: int  # random numbers drawn
    engine: str  # "compiled" or "uncompiled"
    reason_names: tuple[str, ...]
