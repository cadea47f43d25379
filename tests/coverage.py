"""What every system's coverage.md shares: it quotes sentences of the system's seed ("> "), each
followed by the tests that check it ("- "). The seeds (the rules texts) are not in the
repository: they are looked for beside it, in ../shared/seeds, or where $SHIPYARD_SEEDS says.
On a machine without them the quoted sentences are the record: the tests still check that each
names tests that exist, and then skip the comparison with the seed, saying why."""

from __future__ import annotations

import ast
import os
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("SHIPYARD_SEEDS") or ROOT.parent / "shared" / "seeds")
# "`test_x.py::test_y`", or "`test_x.py::test_y` (in `test_z.py`)" for a test written elsewhere
NAMED = re.compile(r"`(test_\w+\.py)::(test_\w+)`(?: \(in `(test_\w+\.py)`\))?")


def seed_text(name: str) -> str | None:
    path = SEEDS / name
    return path.read_text(encoding="utf-8") if path.is_file() else None


def seed_or_skip(name: str) -> str:
    text = seed_text(name)
    if text is None:
        pytest.skip(f"the rules text {name} is not in {SEEDS} (set SHIPYARD_SEEDS to the folder "
                    "of the rules texts to compare the quotes with it)")
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


@cache
def defined_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def check_quotes(here: Path, seed_name: str, least: int) -> None:
    """At least `least` sentences quoted, each naming tests that exist and each the seed's: a
    test without the seed to read skips that last check, saying why."""
    found = quoted(here / "coverage.md")
    assert len(found) >= least
    for sentence, tests in found.items():
        assert tests, sentence
        for line in tests:
            named = NAMED.match(line)
            assert named, line
            module = named.group(3) or named.group(1)
            assert named.group(2) in defined_in(here / module), line
    seed = seed_or_skip(seed_name)
    for sentence in found:
        assert sentence in seed, sentence
