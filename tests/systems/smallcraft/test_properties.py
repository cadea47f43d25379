"""Property tests over generated designs (QUALITY.md, reliability)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard.core.catalog import ValidationContext
from shipyard.core.yamlio import dump
from shipyard.core.yard import Yard
from shipyard.errors import Exit

YARD = Yard()
FIXTURE = HealthCheck.function_scoped_fixture  # tmp_path is reused; each example rewrites it
FACINGS = ["front", "back", "left", "right", "top", "bottom"]
count = st.integers(min_value=-3, max_value=12_000)

component = st.one_of(
    st.fixed_dictionaries({"type": st.just("drive"), "facing": st.sampled_from(FACINGS)},
                          optional={"g": st.integers(-1, 1200), "cblocs": count}),
    st.fixed_dictionaries({"type": st.just("jump_drive")}, optional={"cblocs": count}),
    st.fixed_dictionaries({"type": st.sampled_from(["armor", "screens", "power"]),
                           "cblocs": count}),
    st.fixed_dictionaries({"type": st.just("sensors"), "range": count}),
    st.fixed_dictionaries({"type": st.just("beam"), "cblocs": count},
                          optional={"mount": st.sampled_from(["fixed", "turret", "pintle"]),
                                    "facing": st.sampled_from(FACINGS)}),
    st.fixed_dictionaries({"type": st.just("launch_tubes"), "count": count}),
    st.fixed_dictionaries({"type": st.just("missiles"), "cblocs": count,
                           "move": st.integers(-1, 20), "damage": st.integers(-1, 20)},
                          optional={"tech_level": st.integers(-1, 30)}),
    st.fixed_dictionaries({"type": st.just("crew"), "people": st.integers(-1, 4000)},
                          optional={"room_to_move": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("cargo"),
                           "tons": st.decimals(-1, 1200, places=3).map(str)}),
    st.fixed_dictionaries({"type": st.just("atmosphere"),
                           "option": st.sampled_from(["fly-standard", "land-and-lift",
                                                      "fly-any", "submersible", "hover"])}),
)

design = st.fixed_dictionaries(
    {"system": st.just("smallcraft"), "name": st.text(min_size=0, max_size=20),
     "hull": st.integers(-5, 12_000), "components": st.lists(component, max_size=15)},
    optional={"tech_level": st.integers(0, 20)})


def check(tmp_path: Path, data: dict) -> object:
    path = tmp_path / "gen.yaml"
    path.write_text(dump(data), encoding="utf-8")
    return YARD.check(path)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[FIXTURE])
@given(data=design)
def test_validator_returns_diagnostics_and_nothing_else(tmp_path: Path, data: dict) -> None:
    report = check(tmp_path, data)  # any exception but a diagnostic fails the test
    assert report.status() in (Exit.OK, Exit.ILLEGAL, Exit.INPUT)
    assert all(d.line is not None and d.file for d in report.errors + report.warnings)
    if report.legal is None:
        assert report.errors and not report.budgets
    for budget in report.budgets:
        assert budget.used == sum(item.amount for item in budget.items)
    if report.legal:
        cblocs = next(b for b in report.budgets if b.name == "cblocs")
        assert cblocs.used <= cblocs.available


@settings(max_examples=200, deadline=None, suppress_health_check=[FIXTURE])
@given(text=st.text(max_size=200))
def test_any_text_is_a_design_or_a_located_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "any.yaml"
    path.write_text("system: smallcraft\n" + text, encoding="utf-8")
    report = YARD.check(path)
    assert report.legal is not None or all(d.line for d in report.errors)


@settings(max_examples=100, deadline=None)
@given(hull=st.integers(1, 10_000))
def test_new_design_is_legal_for_every_hull(hull: int) -> None:
    from shipyard.systems.smallcraft import new_design, system
    from shipyard.systems.smallcraft.models import SmallcraftDesign
    from shipyard.systems.smallcraft.rules import check as rules_check
    from shipyard.systems.smallcraft.rules import parts

    catalog = YARD.catalog(system)
    model = SmallcraftDesign.model_validate(new_design(hull, catalog),
                                            context=ValidationContext(catalog=catalog))
    verdict = rules_check(model, catalog, lambda _: None, parts(model, catalog))
    assert not [d for d in verdict.diagnostics if d.severity == "error"]
