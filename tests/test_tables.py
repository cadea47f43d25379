"""Plain tables fitted to the terminal: $COLUMNS, else the terminal's width, else whole."""

from __future__ import annotations

import pytest

from shipyard.cli.tables import render
from shipyard.core.registry import system_ids
from shipyard.core.table import Table
from tests.cli import shipyard


def test_systems_fits_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = shipyard("systems").out
    assert max(len(line) for line in out.splitlines()) <= 80
    for system_id in system_ids():  # ids are never wrapped
        assert f"  {system_id} " in out


def test_piped_output_stays_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    out = shipyard("systems").out  # the test runner's stdout is no terminal
    rows = out.splitlines()[3:]
    assert len(rows) == len(system_ids())
    assert max(len(line) for line in rows) > 80


def test_the_widest_prose_column_wraps_first() -> None:
    table = Table("T", ["id", "what", "note"],
                  [["a-long-id-1", "short", "one two three four five six seven eight nine"],
                   ["b", "tiny", "ten"]])
    whole = render(table, 1000).splitlines()
    assert len(whole) == 5
    fitted = render(table, 40).splitlines()
    assert max(len(line) for line in fitted) <= 40
    assert fitted[3].startswith("  a-long-id-1  short")
    assert "what" in fitted[1] and len(fitted) > 5
    # the wrapped words are all still there, in order
    words = " ".join(ln[len("  a-long-id-1  short  "):].strip() for ln in fitted[3:-1])
    assert words == "one two three four five six seven eight nine"


def test_a_share_that_rounds_to_the_end_is_aligned_as_a_figure() -> None:
    table = Table("T", ["outcome", "rate"], [["a wins", ">99.9%"], ["b wins", "<0.1%"],
                                             ["no winner", "0%"]])
    assert render(table, 80).splitlines()[3:] == ["  a wins     >99.9%", "  b wins      <0.1%",
                                                  "  no winner      0%"]
