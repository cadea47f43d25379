"""The fight framework (core/combat.py), with a toy system that names no real one."""

from __future__ import annotations

import math
from typing import Any

import pytest

from shipyard.core.combat import (
    MAX_RUNS,
    Check,
    Event,
    FightRules,
    FightSupport,
    Modifier,
    Prepared,
    Roll,
    Spread,
    Terms,
    check_runs,
    fight_once,
    series,
    summarise,
    wilson,
)
from shipyard.core.system import RulesSystem
from shipyard.errors import UserError
from tests.core import coin_rules as coin

RULES = FightRules(coin.play, coin.fights, ("tests.core.coin_rules",),
                   {coin.A_WINS: (0, "heads"), coin.B_WINS: (1, "heads"),
                    coin.CAP: (None, "cap")})


class CoinSupport(FightSupport[Any]):
    def prepare(self, a: Any, b: Any, terms: Terms) -> Prepared:
        return Prepared(("A", "B"), terms.whole("cap", 50), "round", "heads",
                        coin.Params(terms.whole("range", 0), terms.whole("cap", 50)),
                        batchable=True)

    def rules(self) -> FightRules:
        return RULES

    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        told = []
        for _, round_, side, rolled in events:
            check = Check("luck", prepared.state.chance, (Modifier("wind", 0),), "d100", rolled)
            told.append(Event(round_, "flip", f"side {side}: {check.describe()}", (check,)))
        if end == coin.CAP:
            return told, f"a draw: no decision after {rounds} rounds, the cap"
        return told, f"side {end} flipped heads"

    def odds(self, *args: Any) -> Any:  # pragma: no cover - not a volley game
        raise NotImplementedError


def test_a_fight_that_reaches_the_cap_is_a_draw_and_says_so() -> None:
    support = CoinSupport()
    prepared = support.prepare(None, None, Terms(cap=7, range=0))
    result = fight_once(support, prepared, seed=1)
    assert result.outcome.winner is None
    assert result.outcome.reason == "cap"
    assert "7 rounds, the cap" in result.outcome.text
    assert result.rounds == 7 and len(result.events) == 14


def test_every_roll_is_logged_with_its_target_and_modifiers() -> None:
    support = CoinSupport()
    result = fight_once(support, support.prepare(None, None, Terms(range=30)), seed=3)
    checks = [r for e in result.events for r in e.rolls]
    assert checks and all(isinstance(c, Check) for c in checks)
    assert result.draws == len(checks)
    first = checks[0]
    assert first.target == 30
    assert first.describe().startswith("luck 30% = 30%, d100 rolled ")


def test_a_fight_replays_from_its_seed() -> None:
    support = CoinSupport()
    prepared = support.prepare(None, None, Terms(range=20))
    one, two = fight_once(support, prepared, 11), fight_once(support, prepared, 11)
    assert [e.text for e in one.events] == [e.text for e in two.events]
    assert one.outcome == two.outcome


def test_check_and_roll_words() -> None:
    check = Check("gunnery", 60, (Modifier("target moving 2", -10), Modifier("", 0)), "d100", 37)
    assert check.describe() == "gunnery 60% −10% target moving 2 = 50%, d100 rolled 37: hit"
    assert not Check("gunnery", 50, (), "d100", 51).success
    assert Check("gunnery", 50, (), "d100", 50).success  # roll under or equal
    assert Roll("d60", 17, "box 17, Armor").describe() == "d60 rolled 17: box 17, Armor"
    assert check.as_json()["target"] == 50


def test_a_check_carries_its_margin_only_when_the_system_measures_one() -> None:
    plain = Check("gunnery", 50, (), "d100", 37)
    assert plain.margin is None and "margin" not in plain.as_json()  # old logs unchanged
    # Traveller's Effect: 2D 10 against 8 is Effect +2
    effect = Check("Gunner", 8, (), "2D", 10, unit="", roll_under=False, margin=2)
    assert effect.success and effect.as_json()["margin"] == 2
    assert effect.as_json() == {**effect._replace(margin=None).as_json(), "margin": 2}


@pytest.mark.parametrize("engine", [pytest.param("auto", marks=pytest.mark.compiled), "plain"])
def test_a_series_is_the_same_for_the_same_seed_and_counts_every_fight(engine: str) -> None:
    support = CoinSupport()
    prepared = support.prepare(None, None, Terms(range=20, cap=5))
    done: list[int] = []
    first = series(support, prepared, 250, seed=4, progress=done.append, engine=engine)
    second = series(support, prepared, 250, seed=4, engine=engine)
    assert (first.winner == second.winner).all() and (first.rounds == second.rounds).all()
    assert sum(done) == 250
    summary = summarise(prepared, first, 4)
    assert summary.wins[0].count + summary.wins[1].count + summary.no_winner.count == 250
    assert set(summary.reasons["none"]) <= {"cap"}


@pytest.mark.parametrize("engine", [pytest.param("auto", marks=pytest.mark.compiled), "plain"])
def test_series_win_rate_matches_the_coin(engine: str) -> None:
    """Side A wins a round with chance p, B with (1-p)p: A wins the fight with p / (1-(1-p)^2)
    (cap aside). 4 standard errors, fixed seed, compiled and not."""
    support = CoinSupport()
    prepared = support.prepare(None, None, Terms(range=30, cap=200))
    runs = 4000
    summary = summarise(prepared, series(support, prepared, runs, seed=8, engine=engine), 8)
    p = 0.3
    expected = p / (1 - (1 - p) ** 2)
    se = math.sqrt(expected * (1 - expected) / runs)
    assert abs(summary.wins[0].rate - expected) < 4 * se


@pytest.mark.parametrize("runs", [0, -3, MAX_RUNS + 1])
def test_absurd_runs_are_refused_before_any_work(runs: int) -> None:
    with pytest.raises(UserError) as err:
        check_runs(runs)
    assert "--runs" in str(err.value)


def test_wilson_interval() -> None:
    # worked values: 50 of 100 gives 0.4038..0.5962; none of 10 gives 0..0.2775
    half = wilson(50, 100)
    assert (half.low, half.high) == (pytest.approx(0.40383, abs=1e-5),
                                     pytest.approx(0.59617, abs=1e-5))
    none = wilson(0, 10)
    assert none.low == 0.0 and none.high == pytest.approx(0.27753, abs=1e-5)
    assert wilson(10, 10).high == 1.0


def test_a_system_without_combat_says_so() -> None:
    class Quiet(RulesSystem):
        id = "quiet"

        def check(self, *args: Any) -> Any:  # pragma: no cover
            raise NotImplementedError

        build = profile = new_design = catalog_tables = check

    with pytest.raises(UserError) as err:
        Quiet().fight()
    assert "quiet system has no combat yet" in str(err.value)


def test_a_report_sampled_once_says_one_volley() -> None:
    from shipyard.core.combat import OddsReport

    assert OddsReport("t", False, 1, (), (), ()).method.startswith("sampled: 1 volley,")
    assert "20,000 volleys" in OddsReport("t", False, 20_000, (), (), ()).method


def test_a_spread_of_prices_keeps_their_fractions_and_of_counts_their_whole_numbers() -> None:
    prices = Spread.of([0.0, 684.99, 684.99])
    assert (prices.low, prices.median, prices.high) == (0.0, 684.99, 684.99)
    assert prices.range() == "0 – 684.99"
    assert prices.as_json()["max"] == 684.99
    counts = Spread.of([3, 1_000_000, 1])
    assert (counts.low, counts.high) == (1, 1_000_000)
    assert all(type(v) is int for v in (counts.low, counts.high))
    assert counts.range("–") == "1–1000000"
