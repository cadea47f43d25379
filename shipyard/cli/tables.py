"""Tables and told lines as plain aligned text, fitted to the terminal.

Plain text rather than Rich here: `show` has a start-up bar (2x a bare typer+pydantic import)
that Rich's ~60 ms import alone would break, and plain columns survive pipes and `grep`.
A table wider than the terminal wraps its widest columns of prose within their cells (ids and
numbers never wrap); output to a pipe or file (no terminal, no $COLUMNS) stays whole, one row a
line. Told lines (a narrated fight, a series' header) wrap only on a terminal ($COLUMNS, else
its width), each continuation indented under its own text; to a pipe or file, whatever
$COLUMNS says, each stays one line, one event a line, for scripts.
"""

from __future__ import annotations

import os
import re
import sys
import textwrap

from shipyard.core.table import Table

_TEXT = re.compile(r"^( *)(?:\S+ {2,})?")  # the lead of a told line: indent, a phase column
_NUMBER = re.compile(r"^[<>]?-?[\d,.]+%?$")  # "<0.1%" is a figure too
NARROWEST = 12  # characters: a wrapped column is never made narrower than this (or its header)
GAP = 2


def width() -> int | None:
    """The columns to fit: $COLUMNS if set, else the terminal's; None (unlimited) for a pipe."""
    given = os.environ.get("COLUMNS", "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns if sys.stdout.isatty() else None
    except (OSError, ValueError, AttributeError):  # no real file behind stdout
        return None


def _terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (OSError, ValueError, AttributeError):  # no real file behind stdout
        return False


def _fit(widths: list[int], wrappable: list[bool], floors: list[int], limit: int) -> list[int]:
    """Narrow the widest wrappable column, then the next, until the row fits `limit`."""
    widths = list(widths)
    while (excess := GAP + sum(widths) + GAP * (len(widths) - 1) - limit) > 0:
        candidates = [i for i, w in enumerate(widths) if wrappable[i] and w > floors[i]]
        if not candidates:
            break
        widest = max(candidates, key=lambda i: widths[i])
        others = [widths[i] for i in candidates if i != widest]
        # down to the next widest column at most, so wide columns shrink together
        target = max(widths[widest] - excess, floors[widest], max(others, default=0))
        widths[widest] = target if target < widths[widest] else widths[widest] - 1
    return widths


def render(table: Table, limit: int | None = None) -> str:
    limit = width() if limit is None else limit
    full = [len(c) for c in table.columns]
    for row in table.rows:
        full = [max(w, len(cell)) for w, cell in zip(full, row, strict=True)]
    numeric = [bool(table.rows) and all(_NUMBER.match(r[i]) or not r[i] for r in table.rows)
               for i in range(len(full))]
    floors = [max(NARROWEST, len(c)) for c in table.columns]
    # prose wraps; numbers, and ids and other single words a user may type, never do
    prose = [i > 0 and not numeric[i] and any(" " in r[i] for r in table.rows)
             for i in range(len(full))]
    widths = full if limit is None else _fit(full, prose, floors, limit)

    def lines(cells: list[str]) -> list[str]:
        parts = [textwrap.wrap(c, w, break_long_words=False, break_on_hyphens=False) or [""]
                 if len(c) > w else [c]
                 for c, w in zip(cells, widths, strict=True)]
        out = []
        for k in range(max(len(p) for p in parts)):
            row = [p[k] if k < len(p) else "" for p in parts]
            out.append((" " * GAP + (" " * GAP).join(
                c.rjust(w) if num else c.ljust(w)
                for c, w, num in zip(row, widths, numeric, strict=True))).rstrip())
        return out

    out = [table.title, *lines(table.columns), *lines(["-" * w for w in widths])]
    for row in table.rows:
        out += lines(row)
    if table.note:
        note = f"({table.note})"
        out += ["  " + ln for ln in (textwrap.wrap(note, limit - GAP) if limit else [note])]
    return "\n".join(out) + "\n"


def fit_lines(lines: list[str], limit: int | None = None) -> str:
    """Told lines joined, each wrapped to `limit` (the terminal's width by default; unwrapped
    without one), a continuation four further in than where its line's text starts (past the
    two a deeper told line steps in)."""
    if limit is None:
        limit = width() if _terminal() else None
    if limit is None:
        return "\n".join(lines)
    out = []
    for line in lines:
        if len(line) <= limit:
            out.append(line)
            continue
        lead = _TEXT.match(line)
        start = lead.end() if lead else 0
        indent = " " * min(start + 4, limit // 2)
        out += textwrap.wrap(line, limit, subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False, drop_whitespace=True,
                             replace_whitespace=False) or [line]
    return "\n".join(out)
