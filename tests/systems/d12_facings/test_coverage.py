"""coverage.md quotes every sentence of the seed, each with real tests or "not a rule"."""

from __future__ import annotations

import re
from pathlib import Path

from tests.coverage import defined_in, quoted, seed_or_skip

SEED = "003_9d4e1953a0d2ec36.txt"
HERE = Path(__file__).resolve().parent


def sentences(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if line.strip():
            out += re.split(r"(?<=[.!?)])\s+(?=[A-Z(])", line.strip())
    return out


def test_every_sentence_is_quoted_with_a_test_or_not_a_rule() -> None:
    found = quoted(HERE / "coverage.md")
    assert len(found) == 49
    for sentence, lines in found.items():
        assert lines, f"nothing under: {sentence}"
        for line in lines:
            if line.startswith("not a rule"):
                continue
            file, _, test = line.strip("`").partition("::")
            assert test in defined_in(HERE / file), f"{line} does not exist"
    seed = seed_or_skip(SEED)  # without the seed here, the sentences quoted are the record
    assert sentences(seed) == list(found)
