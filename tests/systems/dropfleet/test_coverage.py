"""coverage.md quotes the seed's sentences about several ships, each with tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

from tests.coverage import check_quotes, quoted, seed_or_skip

SEED = "001_f74d0a86fdbc7acb.txt"
HERE = Path(__file__).resolve().parent


def test_every_quoted_sentence_is_the_seeds_and_names_real_tests() -> None:
    check_quotes(HERE, SEED, least=12)


def test_every_sentence_of_the_seed_about_all_ships_in_range_is_quoted() -> None:
    seed = seed_or_skip(SEED)
    found = "\n".join(quoted(HERE / "coverage.md"))
    for hit in re.finditer(r"[^.>]*\b(?:All ships|all ships|other ships|each ship)\b[^.<]*", seed):
        assert hit.group(0).strip()[:40] in found, hit.group(0)
