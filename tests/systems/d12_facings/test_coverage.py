"""coverage.md quotes every sentence of the seed, each with real tests or "not a rule"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SEED = Path("/work/shared/seeds/003_9d4e1953a0d2ec36.txt")
HERE = Path(__file__).resolve().parent
COVERAGE = (HERE / "coverage.md").read_text(encoding="utf-8")


def sentences(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if line.strip():
            out += re.split(r"(?<=[.!?)])\s+(?=[A-Z(])", line.strip())
    return out


def quoted() -> dict[str, list[str]]:
    """Each quoted sentence with the lines under it."""
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


def test_every_sentence_is_quoted_with_a_test_or_not_a_rule() -> None:
    # the seed is copied into this test's view of the world only when /work/shared is there;
    # otherwise the sentences quoted here are the record
    wanted = sentences(SEED.read_text(encoding="utf-8")) if SEED.is_file() else list(quoted())
    found = quoted()
    assert [s for s in wanted if s not in found] == []
    assert len(found) == len(wanted) == 49
    for sentence, lines in found.items():
        assert lines, f"nothing under: {sentence}"
        for line in lines:
            if line.startswith("not a rule"):
                continue
            file, _, test = line.strip("`").partition("::")
            assert test in defined_in(file), f"{line} does not exist"
