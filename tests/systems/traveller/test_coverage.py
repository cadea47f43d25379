"""coverage.md quotes the seed's sentences about several ships, each with tests that exist
(a coverage line per multi-ship sentence)."""

from __future__ import annotations

from pathlib import Path

from tests.coverage import check_quotes

SEED = "002_1d8a937e0e3df87d.txt"
HERE = Path(__file__).resolve().parent


def test_every_quoted_sentence_is_the_seeds_and_names_real_tests() -> None:
    check_quotes(HERE, SEED, least=12)
