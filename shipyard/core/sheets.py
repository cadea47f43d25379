"""What the shared sheet macros (templates/_base/macros.html) read, as plain typed values.

A system's sheet builds these from its rules; the macros only lay them out. Kept free of Jinja,
Pydantic and WeasyPrint, so a system's sheet module can name them at no import cost.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from shipyard.core.budget import Amount, Budget
from shipyard.core.figures import rounded


@dataclass(frozen=True)
class BudgetLine:
    """One line of `budget_list`: "label: used of available unit; note". `available` None is a
    budget with no limit, printed "label: used unit; note"."""

    label: str
    used: Amount
    available: Amount | None = None
    unit: str = ""
    note: str = ""
    places: int | None = None  # decimals printed (amount_text); None: as many as it has

    @classmethod
    def of(cls, budget: Budget, label: str = "", unit: str | None = None,
           note: str = "", places: int | None = None) -> BudgetLine:
        """A core budget as a printed line; its title (or name) unless `label` is given. A
        budget whose `available` is None has no limit."""
        return cls(label or budget.title or budget.name.capitalize(), budget.used, budget.available,
                   budget.unit if unit is None else unit, note, places)


def amount_text(value: Amount, places: int | None = None) -> str:
    """An amount as every printed page writes it (the `amount` filter of the templates):
    thousands separators, and `places` decimals where a unit is printed so (a cost in MCr to
    two: 6.15, never 6.15405 on one page and 6.154 on another); None: the figure as it is."""
    if places is None:
        return f"{value:,}"
    return f"{rounded(value, places):,f}"


@dataclass(frozen=True)
class BoxLine:
    """One line of `box_track`: `count` boxes, a label, numbers written over the boxes (for a
    strip in "shift" layout), and the box of the line to mark with a heavy outline (1 = the
    first, 0 for none)."""

    count: int
    label: str = ""
    numbers: str = ""
    mark: int = 0
    lost: tuple[int, ...] = ()  # the boxes of the line lost in play (1 = the first), crossed


class Counted(Protocol):
    @property
    def count(self) -> int: ...


L = TypeVar("L", bound=Counted)


def lost_in(lines: Sequence[L], lost: Collection[int]) -> list[L]:
    """A track's lines with its `lost` boxes crossed, each line told its own: the track's boxes
    numbered from 1 along its lines in order (a cbloc's number, a Hull box ticked
    n-th). Every line type of a box track has `count` and a `lost` field."""
    out = []
    first = 1
    for line in lines:
        mine = tuple(n - first + 1 for n in sorted(set(lost)) if first <= n < first + line.count)
        out.append(replace(line, lost=mine) if mine else line)  # type: ignore[type-var]
        first += line.count
    return out


def box_lines(points: int, per_line: int, mark: int | None = None) -> list[BoxLine]:
    """A track of `points` boxes counted down to 1, as a hull's or a crew's points are struck
    off: `per_line` boxes a line, each labelled with the points its boxes stand
    for ("66–47"), and the box of point `mark` (a threshold such as crippled at 4) marked."""
    lines = []
    high = points
    while high >= 1:
        low = max(1, high - per_line + 1)
        label = str(high) if high == low else f"{high}–{low}"
        at = high - mark + 1 if mark is not None and low <= mark <= high else 0
        lines.append(BoxLine(high - low + 1, label, mark=at))
        high = low - 1
    return lines
