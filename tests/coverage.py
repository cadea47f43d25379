"""What every system's coverage.md shares: it quotes sentences of the system's seed ("> "), each
followed by the tests that check it ("- "). The seeds live in /work/shared, not in the
repository: on a machine without them the quoted sentences are the record, and the checks that
read the seed itself say so by skipping."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SEEDS = Path("/work/shared/seeds")
# "`test_x.py::test_y`", or "`test_x.py::test_y` (in `test_z.py`)" for a test written elsewhere
NAMED = re.compile(r"`(test_\w+\.py)::(test_\w+)`(?: \(in `(test_\w+\.py)`\))?")


def seed_text(name: str) -> str | None:
    path = SEEDS / name
    return path.read_text(encoding="utf-8") if path.is_file() else None


def seed_or_skip(name: str) -> str:
    text = seed_text(name)
    if text is None:
        pytest.skip("the seeds are not on this machine")
    return text


def quoted(coverage: Path) -> dict[str, list[str]]:
    """Each quoted sentence with the lines under it."""
    out: dict[str, list[str]] = {}
    current = None
    for line in coverage.read_text(encoding="utf-8").splitlines():
        if line.startswith("> "):
            current = line[2:]
            out[current] = []
        elif current is not None and line.startswith("- "):
            out[current].append(line[2:])
    return out


def defined_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def check_quotes(here: Path, seed: str | None, least: int) -> None:
    """At least `least` sentences quoted, each the seed's (where the seed is here to read) and
    each naming tests that exist."""
    found = quoted(here / "coverage.md")
    assert len(found) >= least
    for sentence, tests in found.items():
        assert seed is None or sentence in seed, sentence
        assert tests, sentence
        for line in tests:
            named = NAMED.match(line)
            assert named, line
            module = named.group(3) or named.group(1)
            assert named.group(2) in defined_in(here / module), line
