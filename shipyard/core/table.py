"""A plain table a system hands to the CLI, which alone knows how to draw it.

Kept apart from the Pydantic-based modules so the CLI can name it without paying their import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"title": self.title, "columns": self.columns, "rows": self.rows,
                "note": self.note}
