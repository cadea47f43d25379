"""Narration and series output fit a terminal's width; to a pipe or file each event stays one
line, unwrapped, for scripts; replay seeds are listed one outcome a line."""

from __future__ import annotations

import re

import pytest

from shipyard.cli import tables
from shipyard.cli.tables import fit_lines
from tests.cli import shipyard
from tests.conftest import ROOT

D12 = ROOT / "catalogs" / "d12-facings" / "examples"
DUEL = [D12 / "mastiff.yaml", D12 / "lancer.yaml", "--seed", "4"]


def test_a_long_told_line_wraps_under_its_own_text() -> None:
    lines = ["  fire     Mastiff fires Heavy mass driver (total 10, needs 9): d12 8, under the "
             "total: again 3, 11: hits for 9", "short"]
    assert fit_lines(lines, 50).splitlines() == [
        "  fire     Mastiff fires Heavy mass driver (total",
        "               10, needs 9): d12 8, under the",
        "               total: again 3, 11: hits for 9",
        "short"]


def test_without_a_width_every_line_stays_whole() -> None:
    lines = ["x " * 200, "y"]
    assert fit_lines(lines) == "\n".join(lines)  # the test runner's stdout is no terminal


def words(text: str) -> list[str]:
    return text.split()


def test_a_narrated_duel_fits_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    piped = shipyard("duel", *DUEL).out
    monkeypatch.setattr(tables, "_terminal", lambda: True)
    monkeypatch.setenv("COLUMNS", "72")
    shown = shipyard("duel", *DUEL).out
    assert max(len(line) for line in shown.splitlines()) <= 72
    assert max(len(line) for line in piped.splitlines()) > 72
    assert words(shown) == words(piped)  # the same words, only wrapped


def test_a_pipe_keeps_one_event_a_line_whatever_columns_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    lines = shipyard("duel", *DUEL).out.splitlines()
    log = shipyard("duel", *DUEL, "--json").json()["log"]
    for event in log:
        assert sum(line.strip().endswith(event["text"]) for line in lines) >= 1, event["text"]
    assert max(len(line) for line in lines) > 40


def test_replay_seeds_are_one_outcome_a_line() -> None:
    run = shipyard("duel", D12 / "mastiff.yaml", D12 / "lancer.yaml", "--runs", "60",
                   "--seed", "1", "--engine", "plain")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    head = lines.index("to see one told blow by blow, duel again with --seed:")
    seeds = lines[head + 1:]
    assert seeds and all(re.fullmatch(r"  .+ wins: \d+|  no winner: \d+", s) for s in seeds)
