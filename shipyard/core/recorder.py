"""The two hooks a system's fight rules call: `emit` (what happened) and `ask` (a decision the
rules leave to a pilot or captain).

The rules pass a recorder along as a plain argument. In a narrated duel it is a `Recorder` that
keeps every event (a tuple of ints: a code, then the numbers the system's narrator turns into
words) and, when the user brought their own pilot or captain, hands it the questions. In a series
it is None: both hooks cost a comparison uncompiled and nothing compiled, where `compiled.py`
gives Numba versions that do nothing (`emit`) or return the default (`ask`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Asker = Callable[[int, int, tuple[Any, ...], int], int]  # side, question, facts, default


class Recorder:
    """What a narrated fight keeps, and who answers the rules' questions."""

    __slots__ = ("asker", "events")

    def __init__(self, narrate: bool = True, asker: Asker | None = None) -> None:
        self.events: list[tuple[int, ...]] | None = [] if narrate else None
        self.asker = asker


def emit(rec: Recorder | None, event: tuple[int, ...]) -> None:
    """Record `event` (its first int says what it is) when the fight is being told."""
    if rec is not None and rec.events is not None:
        rec.events.append(event)


def ask(rec: Recorder | None, side: int, question: int, facts: tuple[Any, ...],
        default: int) -> int:
    """The answer of side's own pilot or captain to `question`, else the rules' `default`."""
    if rec is None or rec.asker is None:
        return default
    return rec.asker(side, question, facts, default)
