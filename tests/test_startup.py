"""What start-up builds: only the command the command line runs, and only the parts of the
core a command needs (QUALITY.md: validate and show within 2x a bare typer+pydantic import;
bench/bench_design.py measures it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STARFURY = ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml"

PROBE = """
import atexit, sys
from shipyard.cli import app
atexit.register(lambda: print("BUILT", len(app.registered_commands), "IMPORTED", *sorted(
    m for m in sys.modules if m.startswith("shipyard.core.")), file=sys.stderr))
sys.argv = ["shipyard", *{argv!r}]
from shipyard.cli import main
main()
"""


def _run(*argv: str) -> tuple[int, set[str]]:
    run = subprocess.run([sys.executable, "-c", PROBE.format(argv=list(argv))], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    line = next(ln for ln in run.stderr.splitlines() if ln.startswith("BUILT"))
    words = line.split()
    return int(words[1]), set(words[3:])


def test_one_command_is_built_for_a_command_line_that_runs_one() -> None:
    built, _ = _run("--catalog", str(ROOT), "validate", str(STARFURY))
    assert built == 1


@pytest.mark.parametrize("argv", [["--help"], ["valdate"], []])
def test_help_and_a_misspelt_command_see_them_all(argv: list[str]) -> None:
    built, _ = _run(*argv)
    assert built >= 10


def test_validate_imports_no_fight_framework_dice_or_cards() -> None:
    _, imported = _run("validate", str(STARFURY))
    assert "shipyard.core.yard" in imported
    assert not imported & {"shipyard.core.combat", "shipyard.core.dice", "shipyard.core.cards",
                           "shipyard.core.stream", "shipyard.core.recorder"}


def test_the_api_still_gives_every_name() -> None:
    import shipyard.api as api

    for name in api.__all__:
        assert getattr(api, name) is not None
    with pytest.raises(AttributeError):
        api.nothing_of_the_kind  # noqa: B018
