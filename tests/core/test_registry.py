"""The registry finds systems through entry points, and each documents its rule codes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shipyard.core.registry import system_ids
from shipyard.errors import UserError
from tests.conftest import ROOT


def test_builtin_systems_register_through_entry_points() -> None:
    assert "smallcraft" in system_ids()


def test_unknown_system_suggests_the_nearest(yard) -> None:
    with pytest.raises(UserError) as caught:
        yard.system("smallcraf")
    assert "did you mean 'smallcraft'" in caught.value.diagnostics[0].message


@pytest.mark.parametrize("system_id", system_ids())
def test_every_rule_code_a_system_emits_is_documented(system_id: str) -> None:
    """Every string literal passed as a code to verdict.error/warn is in the system's codes."""
    from shipyard.core.registry import load_system

    system = load_system(system_id)
    package = Path(type(system).__module__.replace(".", "/"))
    folder = ROOT / package if (ROOT / package).is_dir() else (ROOT / package).parent
    emitted = set()
    for source in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("error", "warn") and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                emitted.add(node.args[0].value)
    assert emitted, "found no rule codes: the test is looking in the wrong place"
    assert emitted <= set(system.codes), emitted - set(system.codes)


def test_core_names_no_rules_system() -> None:
    for source in (ROOT / "shipyard" / "core").rglob("*.py"):
        text = source.read_text()
        for system_id in system_ids():
            assert system_id not in text, f"{source} names {system_id}"


@pytest.mark.parametrize("system_id", system_ids())
def test_every_rule_code_is_written_down_for_users(system_id: str) -> None:
    from shipyard.core.registry import load_system

    system = load_system(system_id)
    rulings = (system.catalog_dir() / "RULINGS.md").read_text(encoding="utf-8")
    missing = [code for code in system.codes if f"`{code}`" not in rulings]
    assert not missing, f"RULINGS.md of {system_id} does not list {missing}"


def test_no_system_reaches_into_another() -> None:
    systems = ROOT / "shipyard" / "systems"
    packages = sorted(p.name for p in systems.iterdir() if (p / "__init__.py").is_file())
    assert len(packages) >= 2
    for package in packages:
        for source in (systems / package).rglob("*.py"):
            text = source.read_text()
            for other in packages:
                if other != package:
                    assert f"systems.{other}" not in text, f"{source} reaches into {other}"
