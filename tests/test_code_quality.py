"""The project's own habits, checked with the tests: ruff clean and mypy strict."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_ruff_is_clean() -> None:
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "shipyard", "tests", "bench"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_strict_is_clean() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
