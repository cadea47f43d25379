"""The fight pattern: one set of rule functions, narrated or in a series, compiled or not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shipyard.core.combat import (
    Event,
    FightRules,
    FightSupport,
    OddsReport,
    Prepared,
    fight_once,
    series,
    summarise,
)
from shipyard.core.options import Terms
from shipyard.core.stream import derive_seed
from tests.core import duel_rules as r

HERE = Path(__file__).parent
ROOT = HERE.parent.parent

RULES = FightRules(play=r.play, fights=r.fights, modules=("tests.core.duel_rules",),
                   ends={r.A_WINS: (0, "destroyed"), r.B_WINS: (1, "destroyed"),
                         r.CAP: (None, "cap")})


class Toy(FightSupport[Any]):
    def prepare(self, a: Any, b: Any, terms: Terms) -> Prepared:
        return Prepared(("Anvil", "Hammer"), 30, "round", "hull",
                        r.Params([9, 8], [2, 1], [0, 0], 30), batchable=True)

    def rules(self) -> FightRules:
        return RULES

    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        told = [Event(0, "fire", f"{prepared.names[e[1]]} rolls {e[2]}: {e[3]} damage")
                for e in events]
        return told, f"end {end} after {rounds}"

    def odds(self, *args: Any) -> OddsReport:  # pragma: no cover - the series is what is tested
        raise NotImplementedError


SUPPORT = Toy()
PREPARED = SUPPORT.prepare(None, None, Terms())


def rows(columns: Any) -> list[tuple[int, ...]]:
    return list(zip(columns.winner.tolist(), columns.rounds.tolist(),
                    columns.damage_a.tolist(), columns.damage_b.tolist(), strict=True))


@pytest.mark.parametrize("engine", [pytest.param("auto", marks=pytest.mark.compiled), "plain"])
def test_every_series_row_is_the_narrated_fight_of_its_seed(engine: str) -> None:
    columns = series(SUPPORT, PREPARED, 200, seed=77, engine=engine)
    assert columns.engine == ("compiled" if engine == "auto" else "uncompiled")
    for i in range(200):
        told = fight_once(SUPPORT, PREPARED, derive_seed(77, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert rows(columns)[i] == (winner, told.rounds, *told.damage)
        assert len(told.events) == sum(1 for _ in told.events)  # told blow by blow
    assert columns.draws == sum(fight_once(SUPPORT, PREPARED, derive_seed(77, i)).draws
                                for i in range(200))


@pytest.mark.compiled
def test_chunks_and_workers_do_not_change_a_series() -> None:
    from shipyard.core import compiled

    one = compiled.run_series(RULES, PREPARED, 9000, 5, workers=1)
    two = compiled.run_series(RULES, PREPARED, 9000, 5, workers=2)
    plain = compiled.run_series(RULES, PREPARED, 300, 5, engine="plain")
    assert rows(one) == rows(two)
    assert rows(plain) == rows(one)[:300]
    assert plain.engine == "uncompiled"


def test_summary_names_a_replayable_seed_for_each_outcome() -> None:
    summary = summarise(PREPARED, series(SUPPORT, PREPARED, 500, seed=3, engine="plain"), 3)
    assert set(summary.examples) == {"a", "b"}
    for key, side in (("a", 0), ("b", 1)):
        assert fight_once(SUPPORT, PREPARED, summary.examples[key]).outcome.winner == side


def test_a_users_answers_reach_the_rules_uncompiled() -> None:
    always = PREPARED._replace(asker=lambda side, question, facts, default: 7,
                               batchable=False)
    result = fight_once(SUPPORT, always, 4)
    assert result.outcome.winner is None and result.damage == (0, 0)
    columns = series(SUPPORT, always, 20, seed=1)
    assert columns.engine == "uncompiled"
    assert set(columns.winner.tolist()) == {-1} and not columns.damage_a.any()


def test_uncompiled_series_keep_a_cap() -> None:
    from shipyard.core.combat import MAX_UNCOMPILED_RUNS
    from shipyard.errors import UserError

    try:
        series(SUPPORT, PREPARED, MAX_UNCOMPILED_RUNS + 1, seed=1, engine="plain")
    except UserError as err:
        assert "at most 100,000" in str(err.diagnostics[0].message)
    else:
        raise AssertionError("an uncompiled million-fight series ran")


def test_a_series_seed_leaves_room_for_every_fights_own() -> None:
    from shipyard.core.stream import MAX_SERIES_SEED
    from shipyard.errors import UserError

    series(SUPPORT, PREPARED, 2, seed=MAX_SERIES_SEED, engine="plain")
    try:
        series(SUPPORT, PREPARED, 2, seed=MAX_SERIES_SEED + 1, engine="plain")
    except UserError as err:
        assert "duel --seed" in str(err.diagnostics[0].message)
    else:
        raise AssertionError("a series seed too large for its fights' own seeds ran")


def test_the_compile_cache_is_keyed_by_the_code_that_runs(monkeypatch: Any) -> None:
    from shipyard.core.compiled import cache_key

    key = cache_key(RULES, "0.68")
    assert cache_key(RULES, "0.68") == key and cache_key(RULES, "0.69") != key
    # an edit that this process runs (not the file on disk) makes a new key
    monkeypatch.setattr(r.damage_of, "__code__", (lambda p, side, roll, need: 0).__code__)
    assert cache_key(RULES, "0.68") != key
    monkeypatch.setattr(r, "A_WINS", 5)
    assert cache_key(RULES, "0.68") != key
