"""One way to answer a wrong name: the closest known one, or the list of known ones."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MAX_SHOWN = 40  # characters of a wrong name a message repeats


def quoted(given: object) -> str:
    """A wrong name as a message repeats it: quoted, and cut where it is long (a 100 KB id
    must not make a 100 KB line)."""
    text = str(given)
    if len(text) <= MAX_SHOWN:
        return f"'{text}'"
    return f"'{text[:MAX_SHOWN - 3]}...' ({len(text):,} characters)"


def suggest(given: str, known: Iterable[str], *, always: bool = False) -> str:
    """"did you mean 'x'?" when a known name is close, else "known: a, b, c".

    `always` offers the closest name however far it is (for short id lists where any guess
    helps more than a long list).
    """
    names = list(known)
    given = str(given)[:200]  # no known name is longer; difflib's cost grows with both
    close = difflib.get_close_matches(str(given), names, n=1, cutoff=0.0 if always else 0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"known: {', '.join(names)}" if names else "none are known"
