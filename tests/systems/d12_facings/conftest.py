"""The dice seam for d12-facings' scripted-dice tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from shipyard.systems.d12_facings.combat import rules as r

_DIE = r.die


class Dice(list[int]):
    """Scripted d12 faces, passed to the rules where the dice stream goes."""


def _scripted_die(rng: Any, sides: int) -> int:
    if isinstance(rng, Dice):
        assert sides == r.SIDES
        assert rng, "the rules rolled more dice than the test scripted"
        return rng.pop(0)
    return _DIE(rng, sides)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Dice]]:
    """The dice seam: rules handed a `Dice(...)` roll exactly its faces, in order (the rules
    run as plain Python here; a compiled series never sees this)."""
    monkeypatch.setattr(r, "die", _scripted_die)
    yield lambda *faces: Dice(faces)
