"""Building rogue-trader fights in tests: real designs, scripted or seeded dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shipyard.core.combat import Log, Terms
from shipyard.core.dice import Roller
from shipyard.core.yard import Design, Yard
from shipyard.systems.rogue_trader.combat import SUPPORT
from shipyard.systems.rogue_trader.combat.engine import RogueTraderFight
from tests.systems.rogue_trader.helpers import example


class Scripted(Roller):
    """Dice that come out as the test says, checked against the die they are rolled on."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.asked: list[int] = []

    def d(self, sides: int) -> int:
        assert self.faces, f"the fight rolled a d{sides} the test did not script"
        face = self.faces.pop(0)
        assert 1 <= face <= sides, f"scripted {face} on a d{sides}"
        self.asked.append(sides)
        return face


YARD = Yard()  # one catalog for every test fight: loading it is the slow part


def design(stem: str, **changes: Any) -> Design:
    d = YARD.read(example(stem))
    if changes:
        d.model = d.model.model_copy(update=changes)
    return d


def fight(a: str | Design, b: str | Design, roller: Roller | None = None,
          **terms: Any) -> RogueTraderFight:
    first = design(a) if isinstance(a, str) else a
    second = design(b) if isinstance(b, str) else b
    prepared = SUPPORT.prepare(first, second, Terms(**terms))
    return RogueTraderFight(prepared.state, roller or Roller(1), Log())


def place(f: RogueTraderFight, gap: float, a_facing: int = 0, b_facing: int = 4) -> None:
    """A at the origin, B `gap` VU straight ahead of it."""
    a, b = f.ships
    a.position, a.facing = (0.0, 0.0), a_facing
    b.position, b.facing = (gap, 0.0), b_facing


def texts(f: RogueTraderFight) -> list[str]:
    return [e.text for e in f.log.events]
