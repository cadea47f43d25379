"""The cap sweep is the bar: a smaller sweep, its figures and its verdict."""

from __future__ import annotations

from types import ModuleType

import pytest

from shipyard.core.combat import Terms, series
from shipyard.systems.rogue_trader.combat import SUPPORT
from tests.conftest import load_script
from tests.systems.rogue_trader.fights import design


def script() -> ModuleType:
    return load_script("rogue-trader-cap-sweep.py")


def test_the_sweep_plays_every_ordered_pairing_and_counts_each_ending() -> None:
    sweep = script()
    cells = sweep.sweep(("sword", "hazeroth"), ("head-on",), 12, 3, engine="plain")
    assert [(c.a, c.b) for c in cells] == [("sword", "sword"), ("sword", "hazeroth"),
                                          ("hazeroth", "sword"), ("hazeroth", "hazeroth")]
    for c in cells:
        assert sum(c.ends.values()) == c.fights == 12
    # a cell is the series `duel --runs` plays: the same ends, fight by fight
    prepared = SUPPORT.prepare(design("hazeroth"), design("sword"), Terms(geometry="head-on"))
    columns = series(SUPPORT, prepared, 12, 3, engine="plain")
    names = columns.reason_names
    reasons = [str(names[r]) if names else str(r) for r in columns.reason]
    assert cells[2].ends == {r: reasons.count(r) for r in set(reasons)}


def test_the_sweep_fails_when_a_bar_fails(capsys: pytest.CaptureFixture[str]) -> None:
    sweep = script()
    # a 2-round cap: nearly every fight reaches it, and the sweep says so and fails
    code = sweep.main(["--only", "sword", "--geometry", "pursuit", "--fights", "10",
                       "--cap", "2", "--engine", "plain"])
    out = capsys.readouterr().out
    assert code == 1
    assert "worst cell: sword v sword pursuit" in out and "FAILS" in out


def test_the_verdict_reads_both_bars() -> None:
    sweep = script()

    def cell(capped: int, fights: int = 400) -> object:
        return sweep.Cell("a", "b", "head-on", fights, {"cap": capped, "destroyed": fights
                                                        - capped}, 0.0)

    ok, text = sweep.verdict([cell(0) for _ in range(50)])
    assert ok and "at the cap: 0 of 20000" in text
    # one cell over 15% fails though the whole is far under 5%
    ok, text = sweep.verdict([cell(61)] + [cell(0) for _ in range(99)])
    assert not ok and "worst cell: a v b head-on, 61/400 (15.2%" in text
    # every cell under 15% but the whole's upper bound at 5% or more fails too
    ok, text = sweep.verdict([cell(20) for _ in range(100)])
    assert not ok and "worst cell: a v b head-on, 20/400 (5.0%" in text and "ok" in text
