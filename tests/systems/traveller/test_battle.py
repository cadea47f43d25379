"""traveller's fight rules take N ships a side (issue 26); the duel is the battle of one against
one on the same code, event for event as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.systems.traveller.duel_record import PAIRINGS, digests, key

RECORDED = json.loads((Path(__file__).parent / "golden" / "duels-200.json").read_text())


@pytest.mark.parametrize(("a", "b", "values"), PAIRINGS, ids=[f"{a}-{b}" for a, b, _ in PAIRINGS])
def test_the_duel_tells_what_it_told_before_battles_over_200_seeds(
        a: str, b: str, values: dict[str, str]) -> None:
    """Each duel's narration, end, turns, damage and draws, seed by seed, against the digests
    main recorded before the rules took N ships (duel_record.py)."""
    now = digests(a, b, values)
    was = RECORDED[key(a, b, values)]
    assert len(was) == 200
    assert [i for i, (x, y) in enumerate(zip(now, was, strict=True)) if x != y] == []
