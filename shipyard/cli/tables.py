"""Tables as plain aligned text.

Plain text rather than Rich here: `show` has a start-up bar (2x a bare typer+pydantic import)
that Rich's ~60 ms import alone would break, and plain columns survive pipes and `grep`.
"""

from __future__ import annotations

import re

from shipyard.core.table import Table

_NUMBER = re.compile(r"^-?[\d,.]+%?$")


def render(table: Table) -> str:
    widths = [len(c) for c in table.columns]
    for row in table.rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    numeric = [bool(table.rows) and all(_NUMBER.match(r[i]) or not r[i] for r in table.rows)
               for i in range(len(widths))]

    def line(cells: list[str]) -> str:
        out = [c.rjust(w) if num else c.ljust(w)
               for c, w, num in zip(cells, widths, numeric, strict=True)]
        return ("  " + "  ".join(out)).rstrip()

    lines = [table.title, line(table.columns), line(["-" * w for w in widths])]
    lines += [line(row) for row in table.rows]
    if table.note:
        lines.append(f"  ({table.note})")
    return "\n".join(lines) + "\n"
