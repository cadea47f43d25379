"""The shapes below every other part of the core: what design and catalog data are made of,
and what a system hands the printer. They import nothing of shipyard, so the system interface,
fleets, cards and fights can all name them without importing one another."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """Design and catalog data: an unknown key is an error (never silently ignored), and a
    model once read does not change."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Printable:
    """Pages a system hands the printer: one of its templates and the values that template reads.

    `template` and `stylesheets` are paths under templates/ (the shared base's stylesheet always
    comes first), or under a system's own template folder as `<id>/...`. Everything in `context`
    that came from a design is escaped by the renderer.
    """

    template: str
    context: dict[str, Any]
    stylesheets: tuple[str, ...] = ()
