"""coverage.md quotes the seed's sentences about several ships, each with tests that exist
(issue 26: a coverage line per multi-ship sentence)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SEED = Path("/work/shared/seeds/002_1d8a937e0e3df87d.txt")
HERE = Path(__file__).resolve().parent
COVERAGE = (HERE / "coverage.md").read_text(encoding="utf-8")


def quoted() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current = None
    for line in COVERAGE.splitlines():
        if line.startswith("> "):
            current = line[2:]
            out[current] = []
        elif current is not None and line.startswith("- "):
            out[current].append(line[2:])
    return out


def defined_in(name: str) -> set[str]:
    tree = ast.parse((HERE / name).read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def test_every_quoted_sentence_is_the_seeds_and_names_real_tests() -> None:
    seed = SEED.read_text(encoding="utf-8")
    found = quoted()
    assert len(found) >= 12
    for sentence, tests in found.items():
        assert sentence in seed, sentence
        assert tests, sentence
        for line in tests:
            named = re.match(r"`(test_\w+\.py)::(test_\w+)`(?: \(in `(test_\w+\.py)`\))?", line)
            assert named, line
            module = named.group(3) or named.group(1)
            assert named.group(2) in defined_in(module), line
