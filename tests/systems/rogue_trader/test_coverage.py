"""coverage.md quotes the seed's sentences that a battle of several ships reads, each with the
tests that check it (a coverage line per multi-ship sentence)."""

from __future__ import annotations

from pathlib import Path

from tests.coverage import check_quotes

SEED = "000_ff0a98add80edfae.txt"
HERE = Path(__file__).resolve().parent


def test_every_quoted_sentence_is_the_seeds_and_names_real_tests() -> None:
    check_quotes(HERE, SEED, least=24)
