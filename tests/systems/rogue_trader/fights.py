"""Building rogue-trader fights in tests: real designs, the rule functions on their state, and
scripted or seeded dice."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from shipyard.core.combat import Check, Event, Prepared, Terms
from shipyard.core.recorder import Recorder
from shipyard.core.stream import die, new_stream
from shipyard.core.yard import Design, Yard
from shipyard.systems.rogue_trader.combat import SUPPORT, fight
from shipyard.systems.rogue_trader.combat import ship as sh
from shipyard.systems.rogue_trader.combat.geometry import arc_bits, dist4
from shipyard.systems.rogue_trader.combat.narrator import STATE_WORDS, narrate
from tests.systems.rogue_trader.helpers import example

YARD = Yard()  # one catalog for every test fight: loading it is the slow part


def design(stem: str, **changes: Any) -> Design:
    d = YARD.read(example(stem))
    if changes:
        d.model = d.model.model_copy(update=changes)
    return d


class Row:
    """Numbers of the fight's state from `start` on (a ship's, or a row of one a component),
    read and written in place."""

    def __init__(self, s: list[int], start: int,
                 changed: Callable[[], None] | None = None) -> None:
        self.s = s
        self.start = start
        self.changed = changed  # what the rules call after changing a number of this row

    def __getitem__(self, i: int) -> int:
        return self.s[self.start + i]

    def __setitem__(self, i: int, value: int) -> None:
        self.s[self.start + i] = value
        if self.changed is not None:
            self.changed()


class Bout:
    """Two ships' fight state, on which a test calls the rule functions one at a time.

    With `faces` the dice come out as the test says, each checked against the die it is
    rolled on (`fight.d` is the seam); without, they come from the stream of `seed`."""

    def __init__(self, a: str | Design, b: str | Design, faces: Iterable[int] | None = None,
                 seed: int = 1, **terms: Any) -> None:
        first = design(a) if isinstance(a, str) else a
        second = design(b) if isinstance(b, str) else b
        self.prepared: Prepared = SUPPORT.prepare(first, second, Terms(**terms))
        self.p: sh.Params = self.prepared.state
        self.s = sh.new_state(self.p)
        self.s[sh.ROUND] = 1
        self.s[sh.ORDER + 1] = 1  # A acts first unless a test says otherwise
        self.rng = new_stream(seed)
        self.rec = Recorder(True, self.prepared.asker)
        self.faces = None if faces is None else list(faces)
        self.asked: list[int] = []

    def roll(self, rng: list[int], sides: int) -> int:
        self.asked.append(sides)
        if self.faces is None:
            return die(rng, sides)
        assert self.faces, f"the fight rolled a d{sides} the test did not script"
        face = self.faces.pop(0)
        assert 1 <= face <= sides, f"scripted {face} on a d{sides}"
        return face

    def run(self, rule: Callable[..., Any], *args: Any) -> Any:
        """rule(params, state, rng, recorder, *args), then any explosion it caused."""
        saved = fight.d
        fight.d = self.roll
        try:
            found = rule(self.p, self.s, self.rng, self.rec, *args)
            fight.settle(self.p, self.s, self.rng, self.rec)
        finally:
            fight.d = saved
        return found

    def scripted(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.asked = []

    def lock(self, boarder: int) -> None:
        """The two ships locked in a boarding action `boarder` began in an earlier round."""
        for me, them in ((boarder, 1 - boarder), (1 - boarder, boarder)):
            self.ship(me)[sh.LOCK] = them
            self.ship(me)[sh.BOARDER] = int(me == boarder)
            self.ship(me)[sh.TARGET] = them
            self.ship(me)[sh.SINCE] = 0

    @property
    def done(self) -> bool:
        return self.faces == []

    def ship(self, side: int) -> Row:
        return Row(self.s, sh.ship(side))

    def states(self, side: int) -> Row:
        return Row(self.s, sh.states(self.p, side), lambda: sh.changed(self.p, self.s, side))

    def words(self, side: int, part: int) -> set[str]:
        bits = self.states(side)[part]
        return {word for bit, word in STATE_WORDS.items() if bits & bit}

    def known(self, side: int) -> Row:
        return Row(self.s, sh.known(self.p, side, 1 - side))

    def spec(self, side: int) -> Any:
        return self.prepared.told.specs[side]

    def part(self, side: int, predicate: Callable[[Any], bool]) -> int:
        return next(p.index for p in self.spec(side).parts if predicate(p))

    def place(self, gap: float, a_facing: int = 0, b_facing: int = 4) -> None:
        """A at the origin, B `gap` VU straight ahead of it (whole or half VU)."""
        self.at(0, 0.0, 0.0, a_facing)
        self.at(1, gap, 0.0, b_facing)

    def at(self, side: int, x: float, y: float, facing: int | None = None) -> None:
        me = self.ship(side)
        me[sh.XP], me[sh.XQ], me[sh.YP], me[sh.YQ] = round(2 * x), 0, round(2 * y), 0
        if facing is not None:
            me[sh.FACING] = facing

    def bearing_guns(self, side: int) -> list[str]:
        up, uq, vp, vq = sh.offset(self.s, side)
        dp, dq = dist4(up, uq, vp, vq)
        bits = arc_bits(up, uq, vp, vq, self.ship(side)[sh.FACING])
        return [p.name for p in self.spec(side).parts
                if sh.gun_bears(self.p, self.s, side, p.index, bits, dp, dq)]

    def events(self) -> list[Event]:
        return narrate(self.prepared, list(self.rec.events or []), -1, 0)[0]

    def texts(self) -> list[str]:
        return [e.text for e in self.events()]

    def checks(self) -> list[Check]:
        return [r for e in self.events() for r in e.rolls if isinstance(r, Check)]
