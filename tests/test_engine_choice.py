"""Which engine a series runs on, and what a user sees while it gets ready: `--engine compiled`
(or one line saying why it cannot), a first small series that starts uncompiled at once where
compiling would take longer, a bar that fills over a compile's expected seconds, and `shipyard
compile`, which compiles ahead."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.cli import shipyard
from tests.contract.test_contract import BLOCK_NUMBA
from tests.core.test_pattern import PREPARED, RULES, rows

ROOT = Path(__file__).resolve().parent.parent
SMALLCRAFT = ROOT / "catalogs" / "smallcraft"
STARFURY = SMALLCRAFT / "examples" / "starfury.yaml"
RAIDER = SMALLCRAFT / "examples" / "raider.yaml"
# the command line on a machine without Numba (the contract suite's one way of blocking it)
WITHOUT_NUMBA = f"""
import sys
{BLOCK_NUMBA}
from shipyard.cli import main
sys.argv = ["shipyard", *sys.argv[1:]]
main()
"""


def test_engine_compiled_with_a_users_pilot_says_why_not_in_one_line() -> None:
    run = shipyard("duel", STARFURY, RAIDER, "--runs", "10", "--seed", "1", "--engine",
                   "compiled", "--pilot-a", f"{SMALLCRAFT / 'pilots' / 'finisher.py'}:Finisher")
    assert run.code == 2 and run.out == ""
    assert run.err.splitlines() == [
        "shipyard: --engine compiled: a user's own pilot or captain plays these fights (they "
        "run uncompiled); give --engine auto or plain"]


def test_engine_compiled_without_numba_says_how_to_get_it() -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_NUMBA, "duel", str(STARFURY),
                           str(RAIDER), "--runs", "10", "--seed", "1", "--engine", "compiled"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "shipyard: --engine compiled: Numba is not installed: pip install 'shipyard[fast]'"]


def _estimate(cache: Path, seconds: float) -> None:
    """What this machine's last compile of the toy rules took, as the next series reads it."""
    (cache / "fights").mkdir(parents=True, exist_ok=True)
    (cache / "fights" / f"{RULES.modules[0]}.seconds").write_text(str(seconds))


def test_a_first_small_series_runs_uncompiled_at_once_where_a_compile_would_take_longer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    from shipyard.core import compiled

    monkeypatch.setenv("SHIPYARD_CACHE", str(tmp_path))
    _estimate(tmp_path, 100)
    said: list[str] = []
    quick = compiled.run_series(RULES, PREPARED, 300, 5, notice=said.append, quick=True)
    assert quick.engine == "uncompiled"
    assert said == ["running these fights uncompiled: quicker than compiling the fight rules "
                    "first (about 100 s); --engine compiled compiles them"]
    assert not list((tmp_path / "fights").glob("*/complete-*"))  # nothing compiled
    plain = compiled.run_series(RULES, PREPARED, 300, 5, engine="plain")
    assert rows(quick) == rows(plain) and quick.draws == plain.draws


def test_an_estimate_from_a_far_slower_compile_says_at_most_two_minutes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    from shipyard.core import compiled

    monkeypatch.setenv("SHIPYARD_CACHE", str(tmp_path))
    _estimate(tmp_path, 1004)  # timed under heavy load, or by a version that inlined more
    params = compiled.as_arrays(PREPARED.state)
    assert compiled.compile_wait(RULES, params) == compiled.LONGEST_COMPILE == 120


@pytest.mark.compiled
def test_a_first_series_compiles_where_that_is_quicker_and_keeps_the_fights_it_timed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    from shipyard.core import compiled

    monkeypatch.setenv("SHIPYARD_CACHE", str(tmp_path))
    _estimate(tmp_path, 0.001)
    said: list[str] = []
    series = compiled.run_series(RULES, PREPARED, 3000, 5, notice=said.append, quick=True)
    assert series.engine == "compiled"
    assert said == ["compiling fight rules once, about 0 s"]
    plain = compiled.run_series(RULES, PREPARED, 3000, 5, engine="plain")
    assert rows(series) == rows(plain) and series.draws == plain.draws
    # compiled now: the next quick series runs compiled from its first fight, saying nothing
    said.clear()
    _estimate(tmp_path, 500)
    again = compiled.run_series(RULES, PREPARED, 300, 5, notice=said.append, quick=True)
    assert again.engine == "compiled" and said == [] and rows(again) == rows(plain)[:300]


def test_the_compile_bar_fills_over_the_expected_seconds_and_goes_when_fights_start() -> None:
    from rich.console import Console
    from rich.progress import Progress

    from shipyard.cli.fight import _SeriesBar
    from shipyard.core.compiled import CompileNotice

    with Progress(console=Console(file=io.StringIO()), auto_refresh=False) as bar:
        shown = _SeriesBar(bar, 5000, "fights")
        filled = threading.Event()
        shown.bar = _Watched(bar, filled)
        shown.notice(CompileNotice("compiling fight rules once, about 30 s", 30.0))
        (fights, compiling) = bar.tasks
        assert (compiling.description, compiling.total) == ("compiling fight rules", 30.0)
        assert filled.wait(10)  # the bar moves while the compile holds the caller
        assert 0 < compiling.completed < 30
        shown.advance(4096)  # the first compiled fights: the compile is over
        assert bar.tasks == [fights] and fights.completed == 4096


class _Watched:
    """A bar that says when a task was first filled some way."""

    def __init__(self, bar: object, filled: threading.Event) -> None:
        self._bar, self._filled = bar, filled

    def update(self, task: object, **fields: float) -> None:
        self._bar.update(task, **fields)  # type: ignore[attr-defined]
        if fields.get("completed", 0) > 0:
            self._filled.set()

    def __getattr__(self, name: str) -> object:
        return getattr(self._bar, name)


@pytest.mark.compiled
@pytest.mark.slow
def test_compile_compiles_a_system_once_and_a_series_then_starts_compiled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    monkeypatch.setenv("SHIPYARD_CACHE", str(tmp_path))
    first = shipyard("compile", "dropfleet")
    assert first.code == 0, first.err
    lines = first.out.splitlines()
    assert lines[0].startswith("dropfleet: compiling fight rules once, about ")
    assert lines[1].startswith("dropfleet: compiled in ") and len(lines) == 2
    assert shipyard("compile", "dropfleet").out == "dropfleet: fight rules compiled already\n"
    duels = ROOT / "catalogs" / "dropfleet" / "duels"
    series = shipyard("duel", duels / "jade-frigates.yaml", duels / "berlin.yaml", "--runs",
                      "100", "--seed", "1", "--json")
    assert series.code == 0 and series.err == "" and series.json()["engine"] == "compiled"


def test_compile_of_a_system_that_is_not_installed_is_one_line() -> None:
    run = shipyard("compile", "warhammer")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1
    assert "warhammer" in run.err and "Traceback" not in run.err

