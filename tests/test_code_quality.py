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


def test_rules_systems_import_only_the_public_api() -> None:
    """A system is written against shipyard.api alone, built in or not (docs/writing-a-rules-
    system.md): the core's modules may move, the api's names stay."""
    import re
    from pathlib import Path

    systems = Path(__file__).resolve().parent.parent / "shipyard" / "systems"
    private = re.compile(r"^\s*(from|import) shipyard\.(core|cli|errors)\b", re.M)
    offenders = [f"{path.relative_to(systems)}: {m.group(0).strip()}"
                 for path in sorted(systems.rglob("*.py"))
                 for m in private.finditer(path.read_text(encoding="utf-8"))]
    assert not offenders, offenders
