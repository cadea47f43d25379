"""Properties over generated designs (QUALITY.md): the validator only ever reports diagnostics,
budgets are the sums of their items, fights replay by seed and no track goes below zero."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard.core.combat import Terms, fight_once
from shipyard.core.yamlio import dump
from shipyard.systems.rogue_trader.combat import SUPPORT
from shipyard.systems.rogue_trader.models import LOCATIONS
from tests.cli import shipyard
from tests.systems.rogue_trader.fights import YARD

CATALOG = YARD.catalog(YARD.system("rogue-trader"))
HULLS = [h.id for h in CATALOG.hulls]
COMPONENTS = [c.id for c in CATALOG.components]
WEAPONS = [w.id for w in CATALOG.weapons]


@st.composite
def designs(draw: st.DrawFn) -> dict[str, Any]:
    hull = draw(st.sampled_from(HULLS))
    components = draw(st.lists(st.sampled_from(COMPONENTS), max_size=14))
    weapons = draw(st.lists(st.fixed_dictionaries({
        "weapon": st.sampled_from(WEAPONS), "location": st.sampled_from(LOCATIONS)}),
        max_size=6))
    design: dict[str, Any] = {"system": "rogue-trader", "name": "Generated", "hull": hull,
                              "crew": draw(st.sampled_from([c.id for c in
                                                            CATALOG.crew_ratings])),
                              "components": components, "weapons": weapons}
    if draw(st.booleans()):
        design["campaign_sp_limit"] = draw(st.integers(1, 200))
    return design


def check(tmp: Path, data: dict[str, Any]) -> Any:
    path = tmp / "generated.yaml"
    path.write_text(dump(data), encoding="utf-8")
    return YARD.check(path)


@pytest.mark.slow
@given(designs())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_validator_only_reports_and_budgets_add_up(tmp_path_factory: Any,
                                                       data: dict[str, Any]) -> None:
    report = check(tmp_path_factory.mktemp("gen"), data)
    assert report.readable and report.legal in (True, False)
    for budget in report.budgets:
        assert budget.used == sum(item.amount for item in budget.items)
    codes = {d.code for d in report.errors + report.warnings}
    assert codes <= set(YARD.system("rogue-trader").codes)
    for diag in report.errors + report.warnings:
        assert diag.line is not None


@given(designs(), designs(), st.integers(0, 2**32))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_two_ships_fight_to_an_end_the_same_way_twice(tmp_path_factory: Any,
                                                          a: dict[str, Any], b: dict[str, Any],
                                                          seed: int) -> None:
    tmp = tmp_path_factory.mktemp("gen")
    first = YARD.read(_write(tmp / "a.yaml", a))
    second = YARD.read(_write(tmp / "b.yaml", b))
    prepared = SUPPORT.prepare(first, second, Terms(cap=12, range=seed % 20))
    one = fight_once(SUPPORT, prepared, seed)
    two = fight_once(SUPPORT, prepared, seed)
    assert [e.as_json() for e in one.events] == [e.as_json() for e in two.events]
    assert one.rounds <= 12 and min(one.damage) >= 0
    # no track ever goes below zero (R15): every turn and every loss tells them
    for event in one.events:
        found = re.findall(r"Hull Integrity (-?\d+), Crew Population (-?\d+), Morale (-?\d+)|"
                           r"\((-?\d+) left\)", event.text)
        assert all(int(n) >= 0 for group in found for n in group if n), event.text


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(dump(data), encoding="utf-8")
    return path


@given(st.sampled_from([
    "components: jovian-pattern-class-2-drive",  # a string, not a list
    "components: [[]]",
    "weapons: [{weapon: mars-pattern-macrocannon}]",  # no location
    "weapons: [{weapon: mars-pattern-macrocannon, location: dorsal, torpedoes: 3}]",
    "campaign_sp_limit: -5",
    "campaign_sp_limit: 1000000",
    "crew: 30",
    "combat: {gunnery: 101}",
    "combat: {tactic: flee}",
    "hull: 40",
]))
@settings(max_examples=10, deadline=None)
def test_wrong_input_is_one_located_line_and_exit_2(tmp_path_factory: Any, line: str) -> None:
    tmp = tmp_path_factory.mktemp("bad")
    base = {"system": "rogue-trader", "name": "Bad", "hull": "sword-class-frigate"}
    key = line.split(":")[0]
    text = dump({k: v for k, v in base.items() if k != key}) + line + "\n"
    path = tmp / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    run = shipyard("validate", path)
    assert run.code == 2, (line, run.err)
    assert run.err.startswith(f"{path}:") and "Traceback" not in run.err


OFFSET = st.tuples(st.integers(-40, 40), st.integers(-40, 40), st.integers(-40, 40),
                   st.integers(-40, 40))


@given(OFFSET, st.integers(0, 7), st.integers(0, 30))
@settings(max_examples=400, deadline=None)
def test_the_exact_plane_agrees_with_floats_off_its_edges(offset: tuple[int, int, int, int],
                                                         facing: int, reach: int) -> None:
    """Ranges and arcs decided in integers (geometry.py) are what floats say wherever floats
    can tell; on an edge the rulings decide (R6: fore or aft; a range reached is in reach)."""
    from shipyard.systems.rogue_trader.combat import geometry as g

    up, uq, vp, vq = offset
    root = math.sqrt(2)
    x, y = (up + uq * root) / 2, (vp + vq * root) / 2
    gap = math.hypot(x, y)
    dp, dq = g.dist4(up, uq, vp, vq)
    if abs(gap - reach) > 1e-6:
        assert g.within(dp, dq, reach) == (gap < reach)
    if gap < 1e-9:
        assert g.arc_bits(up, uq, vp, vq, facing) == g.ALL_ARCS
        return
    angle = math.degrees(math.atan2(y, x)) - 45 * facing
    angle = (angle + 180) % 360 - 180  # from the bow, to port positive
    if min(abs(abs(angle) - 45), abs(abs(angle) - 135)) > 1e-6:
        expected = (g.FORE if abs(angle) < 45 else g.AFT if abs(angle) > 135
                    else g.PORT if angle > 0 else g.STARBOARD)
        assert g.arc_bits(up, uq, vp, vq, facing) == expected
    else:
        assert g.arc_bits(up, uq, vp, vq, facing) in (g.FORE, g.AFT)
