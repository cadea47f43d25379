"""Every key a design file can hold is described where editors and readers find it: in
`shipyard schema SYSTEM`, on the key or on the definition it refers to."""

from __future__ import annotations

import json
from typing import Any

import pytest

from shipyard.core.registry import system_ids
from tests.cli import shipyard


def _refs(schema: dict[str, Any]) -> list[str]:
    """The definitions a property refers to, through lists, unions and optionals."""
    found = [schema["$ref"]] if "$ref" in schema else []
    for key in ("anyOf", "allOf", "oneOf"):
        for branch in schema.get(key, []):
            found += _refs(branch)
    if isinstance(schema.get("items"), dict):
        found += _refs(schema["items"])
    return found


def undescribed(document: dict[str, Any]) -> list[str]:
    """`where.key` for each property with no description, on itself or its definition."""
    defs = document.get("$defs", {})
    missing = []
    for where, schema in [("design", document), *defs.items()]:
        for key, prop in schema.get("properties", {}).items():
            described = prop.get("description") or any(
                defs[ref.rsplit("/", 1)[-1]].get("description") for ref in _refs(prop))
            if not described:
                missing.append(f"{where}.{key}")
    return missing


def test_a_key_without_a_description_is_found() -> None:
    document = {"properties": {"name": {"type": "string", "description": "the name"},
                               "hull": {"$ref": "#/$defs/Hull"}, "tons": {"type": "number"}},
                "$defs": {"Hull": {"description": "the hull", "properties": {
                    "size": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}}}}
    assert undescribed(document) == ["design.tons", "Hull.size"]


@pytest.mark.parametrize("system", system_ids())
def test_every_key_of_a_design_file_is_described(system: str) -> None:
    run = shipyard("schema", system)
    assert run.code == 0, run.err
    assert undescribed(json.loads(run.out)) == []
