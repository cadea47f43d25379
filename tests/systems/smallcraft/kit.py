"""A smallcraft fight held open for a test: the rule functions of fight.py run one by one on a
fresh state, with scripted dice when a test needs them (the rules draw through `fight.die`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from shipyard.core.combat import Prepared, Terms
from shipyard.core.recorder import Recorder
from shipyard.core.stream import new_stream
from shipyard.core.system import AnyDesign
from shipyard.systems.smallcraft.combat import SUPPORT
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat.narrator import narrate
from shipyard.systems.smallcraft.combat.pilot import Craft, PilotAsker


class Duel:
    def __init__(self, a: AnyDesign, b: AnyDesign, seed: int = 1,
                 pilots: tuple[Callable[[], Any] | None, Callable[[], Any] | None] = (None, None),
                 **terms: Any) -> None:
        prepared: Prepared = SUPPORT.prepare(a, b, Terms(**terms))
        self.told = prepared.told
        self.p = prepared.told.figures
        # the fight's one array: the stream, the table and the state (t and st name it too)
        self.a = list(prepared.state.array)
        self.t = self.st = self.rng = self.a
        asker = PilotAsker(self.p, self.a, self.told.specs, pilots) if any(pilots) else None
        self.a[:5] = new_stream(seed)
        self.rec = Recorder(True, asker)
        f.start(self.a, self.rec)
        for side in (0, 1):
            f.ask(self.rec, side, f.Q_BEGIN, (0, 0, self.a), 0)

    def dturn(self, number: int) -> int:
        return f.one_dturn(self.a, self.rec, number)

    def craft(self, side: int) -> Craft:
        return Craft(self.p, self.t, self.st, self.told.specs[side], side)

    def put(self, side: int, field: int, values: tuple[int, ...]) -> None:
        """Set a craft's position (PA) or velocity (VA), keeping its hex and speed true."""
        o = side * f.NS
        for k, v in enumerate(values):
            self.st[o + field + k] = v
        f.locate(self.a, side)
        self.st[o + f.SPEED] = f.speed(*self.st[o + f.VA:o + f.VD + 1])

    def texts(self) -> list[str]:
        return [e.text for e in narrate(self.told, self.rec.events or [], f.CAP)[0]]

    def events(self) -> list[Any]:
        return narrate(self.told, self.rec.events or [], f.CAP)[0]


def scripted(monkeypatch: pytest.MonkeyPatch, faces: list[int]) -> list[int]:
    """The rules' dice come out as `faces` says, each checked against its die."""
    left = list(faces)

    def die(rng: Any, sides: int) -> int:
        assert left, f"the fight rolled a d{sides} the test did not script"
        face = left.pop(0)
        assert 1 <= face <= sides, f"scripted {face} on a d{sides}"
        return face

    monkeypatch.setattr(f, "die", die)
    return left
