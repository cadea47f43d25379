"""Pilots: who decides what a craft does each dphase. Replace the default with your own.

A pilot is any object with these five methods (subclass `Pilot` and override what you like);
each gets the `Situation` at its dphase and answers with orders the engine checks against the
rules:

    power(s)  -> {row: cunits}     dPhase 1: power for sheet rows (drives, beams, screens,
                                   sensors, launch tubes); at most the supply
    thrust(s) -> {row: G}          dPhase 2: G fired from each drive, within its powered G
    turn(s)   -> int               dPhase 3: half hex-sides (30°), -2..2, + is clockwise
    fire(s)   -> [row, ...]        dPhase 4: beams to fire; each must bear and be in range
    launch(s) -> {row: count}      dPhase 6: missiles from each missile row

Rows are indices into `s.me.spec.rows` (the sheet, in order). Load your own with
`shipyard duel A B --pilot-a my_pilots.py:Cautious`; a replaced pilot fights on the narrated
(reference) engine, also with `--runs`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from shipyard.systems.smallcraft.combat import tactics
from shipyard.systems.smallcraft.combat.xp import SCALAR

if TYPE_CHECKING:
    from shipyard.systems.smallcraft.combat.engine import Craft


@dataclass
class Situation:
    """What a pilot knows: its own craft, its foe (everything is visible at these ranges),
    the dturn, and the range in dhexes."""

    dturn: int
    me: Craft
    foe: Craft
    range: int
    bearing: int  # the clock direction of the foe from me

    def bears(self, beam_row: int) -> bool:
        """Whether a beam bears on the foe after this dturn's turn (dPhase 4)."""
        return self.me.bears(self.me.beam_at(beam_row), self.foe)


class Pilot:
    """The default pilot: closes to its standoff range, points its best beam at the foe,
    fires whatever bears, and keeps its missiles for a shot that can land; with no weapon
    left it flees. Its decisions are in tactics.py, shared with the batch engine."""

    def __init__(self) -> None:
        self._plan: tactics.Plan | None = None

    def power(self, s: Situation) -> dict[int, int]:
        me = s.me
        self._plan = tactics.plan(SCALAR, me.spec, me.params, me.kin(), s.foe.kin(),
                                  me.boxes.alive, me.mounts, me.missiles, me.armed(),
                                  s.foe.armed())
        return {row: p for row, p in enumerate(self._plan.power) if p}

    def thrust(self, s: Situation) -> dict[int, int]:
        if self._plan is None:  # pragma: no cover - the engine always asks power() first
            return {}
        return {d.row: g for d, g in zip(s.me.spec.drives, self._plan.thrust, strict=True) if g}

    def turn(self, s: Situation) -> int:
        me = s.me
        return int(tactics.turn(SCALAR, me.spec, me.kin(), s.foe.kin(), me.boxes.alive,
                                me.mounts, me.armed()))

    def fire(self, s: Situation) -> list[int]:
        return [b.row for b in s.me.spec.beams if s.me.can_fire(b, s.foe)]

    def launch(self, s: Situation) -> dict[int, int]:
        me = s.me
        counts = tactics.launches(SCALAR, me.spec, me.params, me.kin(), s.foe.kin(),
                                  me.missiles, me.tubes_ready())
        return {m.row: n for m, n in zip(me.spec.missiles, counts, strict=True) if n}
