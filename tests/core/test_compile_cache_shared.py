"""Compiled fights are cached once per installation: keyed by the code that was compiled, never
by the folder it sits in or its files' times. A copy of the same sources elsewhere (a second
clone, a reinstall) loads them; an edit compiles them again."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent

pytest.importorskip("numba")

# run in a copy's folder: its own `shipyard` and toy rules come first on the path
SERIES = """
import shipyard
from shipyard.core import compiled
from shipyard.core.pattern import FightRules
from tests.core import duel_rules as r

RULES = FightRules(play=r.play, fights=r.fights, modules=("tests.core.duel_rules",),
                   ends={r.A_WINS: (0, "destroyed"), r.B_WINS: (1, "destroyed"),
                         r.CAP: (None, "cap")})
fights = compiled.compile_fights(RULES, compiled.as_arrays(r.Params([9, 8], [2, 1], [0, 0], 30)))
print(shipyard.__file__)
print("compiled" if compiled._compiles(fights) else "loaded")
"""


def _copy(to: Path) -> Path:
    """The package and the toy rules, as a clone in folder `to` has them."""
    shutil.copytree(ROOT / "shipyard", to / "shipyard",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (to / "tests" / "core").mkdir(parents=True)
    for name in ("tests/__init__.py", "tests/core/__init__.py", "tests/core/duel_rules.py"):
        shutil.copy(ROOT / name, to / name)
    return to


def _series(folder: Path, cache: Path) -> str:
    env = {**os.environ, "SHIPYARD_CACHE": str(cache)}
    env.pop("PYTHONPATH", None)
    done = subprocess.run([sys.executable, "-c", SERIES], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    where, how = done.stdout.splitlines()
    assert Path(where).is_relative_to(folder)  # the copy's code ran, not this checkout's
    return how


@pytest.mark.compiled
@pytest.mark.slow
def test_a_copy_of_the_same_sources_elsewhere_loads_the_compiled_fights(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = _copy(tmp_path / "first clone")
    assert _series(first, cache) == "compiled"

    second = _copy(tmp_path / "second")
    rules = second / "tests" / "core" / "duel_rules.py"
    os.utime(rules, (1, 1))  # another checkout's file times
    assert _series(second, cache) == "loaded"

    # an edit to the rules (not to the loop Numba compiled) compiles them again
    rules.write_text(rules.read_text().replace("roll >= need", "roll > need"))
    assert _series(second, cache) == "compiled"
    assert _series(first, cache) == "loaded"  # and the first copy's stays
