"""The shapes below every other part of the core: what design and catalog data are made of,
and what a system hands the printer. They import nothing of shipyard, so the system interface,
fleets, cards and fights can all name them without importing one another."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler
from pydantic_core import CoreSchema


def _strict_numbers(schema: Any) -> None:
    """Every int and float of a core schema strict: Pydantic's lax mode takes a boolean as 1
    or 0 (and a float takes one as 1.0), which a YAML `true` becomes without a word. And no
    float is infinite or NaN: `.inf` and `.nan` are YAML numbers that every check passes (a
    NaN compares false with every bound) and every sum poisons."""
    if isinstance(schema, dict):
        if schema.get("type") in ("int", "float"):
            schema["strict"] = True
        if schema.get("type") in ("float", "decimal"):
            schema["allow_inf_nan"] = False  # no rule and no sheet has room for infinity
        for value in schema.values():
            _strict_numbers(value)
    elif isinstance(schema, list):
        for value in schema:
            _strict_numbers(value)


class StrictModel(BaseModel):
    """Design and catalog data: an unknown key is an error (never silently ignored), a whole
    number is a number (YAML's `true` is not a 1-cbloc hull, nor `3.5` a 3, nor "3" a 3), and
    a model once read does not change."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        schema = handler(source)
        _strict_numbers(schema)
        return schema


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
