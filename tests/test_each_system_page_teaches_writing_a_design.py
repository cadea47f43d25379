"""Each system's docs page has a "Writing a design" section a new user can write a ship from:
its worked example is a legal design, and it names every key the design schema has."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from shipyard.core.registry import system_ids
from tests.cli import shipyard
from tests.conftest import ROOT

BUILT_IN = [s for s in system_ids() if (ROOT / "docs" / "systems" / f"{s}.md").is_file()]


def section(system: str) -> str:
    page = (ROOT / "docs" / "systems" / f"{system}.md").read_text(encoding="utf-8")
    found = re.search(r"^## Writing a design\n(.*?)(?=^## |^<!-- include|\Z)", page,
                      re.S | re.M)
    assert found, f"docs/systems/{system}.md has no '## Writing a design' section"
    return found.group(1)


def schema_keys(system: str) -> set[str]:
    document = json.loads(shipyard("schema", system).out)
    keys = set(document["properties"])
    for definition in document.get("$defs", {}).values():
        keys |= set(definition.get("properties", {}))
    return keys


def test_every_built_in_system_has_a_page() -> None:
    assert set(BUILT_IN) == {"d12-facings", "dropfleet", "rogue-trader", "smallcraft",
                             "traveller"}


def example(system: str) -> str:
    found = re.search(r"```yaml\n(.*?)```", section(system), re.S)
    assert found, f"the {system} section has no yaml example"
    return found.group(1)


def keys_of(data: object) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys_of(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys_of(v)}
    return set()


@pytest.mark.parametrize("system", BUILT_IN)
def test_the_worked_example_is_a_legal_design(system: str, tmp_path: Path) -> None:
    design = tmp_path / "mine.yaml"
    design.write_text(example(system), encoding="utf-8")
    run = shipyard("validate", str(design), "--strict")
    assert run.code == 0, run.out + run.err
    assert ": legal;" in run.out


@pytest.mark.parametrize("system", BUILT_IN)
def test_the_section_names_every_key_of_the_schema(system: str) -> None:
    prose = re.sub(r"```.*?```", "", section(system), flags=re.S)
    spans = re.findall(r"`([^`]+)`", prose)  # a key, or keys in `{a, b: c}`
    named = {word for span in spans for word in re.findall(r"[a-z_]+", span)} | keys_of(
        yaml.safe_load(example(system)))
    assert sorted(schema_keys(system) - named) == []
