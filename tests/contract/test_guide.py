"""The guide names every method a system writes, and every name it imports exists."""

from __future__ import annotations

import inspect
import re

import shipyard.api as api
from shipyard.core.combat import FightSupport
from shipyard.core.system import RulesSystem
from tests.conftest import ROOT

GUIDE = (ROOT / "docs" / "writing-a-rules-system.md").read_text(encoding="utf-8")


def abstract_methods(cls: type) -> set[str]:
    return {name for name, member in inspect.getmembers(cls)
            if getattr(member, "__isabstractmethod__", False)}


def test_the_guide_names_every_abstract_method_of_the_interface() -> None:
    for cls in (RulesSystem, FightSupport):
        for name in abstract_methods(cls):
            assert f"`{name}(" in GUIDE, f"the guide does not document {cls.__name__}.{name}"


def test_the_guide_names_every_optional_hook() -> None:
    hooks = {name for name, member in vars(RulesSystem).items()
             if inspect.isfunction(member) and not name.startswith("_")}
    for name in hooks - abstract_methods(RulesSystem):
        assert f"`{name}(" in GUIDE, f"the guide does not document RulesSystem.{name}"


def test_every_capitalised_name_the_guide_uses_from_the_api_exists() -> None:
    named = set(re.findall(r"`([A-Z][A-Za-z]+)\b", GUIDE))
    not_api = {"RULINGS", "JSON", "DIR", "Annotated", "NamedTuple", "INLINE"}  # not api names
    missing = named - set(api.__all__) - not_api
    assert not missing, f"the guide names what shipyard.api does not export: {missing}"


def test_the_api_exports_what_it_lists() -> None:
    for name in api.__all__:
        assert hasattr(api, name), name
