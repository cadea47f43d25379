"""Properties over generated designs (QUALITY.md): the validator only ever reports diagnostics,
budgets are the sums of their items, fights replay by seed and no track goes below zero."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard.core.combat import Terms, fight_once
from shipyard.core.dice import Roller
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
    fight = SUPPORT.start(prepared, Roller(seed), _quiet())
    for number in range(1, 13):
        over = fight.play_round(number)
        for ship in fight.ships:  # type: ignore[attr-defined]
            assert ship.hull_integrity >= 0 and ship.crew_population >= 0 and ship.morale >= 0
        if over is not None:
            break


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(dump(data), encoding="utf-8")
    return path


def _quiet() -> Any:
    from shipyard.core.combat import Log

    return Log(False)


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


GUN = st.tuples(st.integers(1, 15), st.integers(0, 4), st.integers(0, 12),
                st.floats(0, 200, allow_nan=False))


@given(st.lists(GUN, max_size=6), st.lists(st.floats(-1, 30, allow_nan=False), max_size=20))
@settings(max_examples=200, deadline=None)
def test_the_captains_range_table_is_arc_power_at_every_range(guns: list[Any],
                                                              reaches: list[float]) -> None:
    from shipyard.systems.rogue_trader.combat.captain import EPSILON, arc_power, power_by_range

    battery = tuple((bits, low - EPSILON, low + extra + EPSILON, worth)
                    for bits, low, extra, worth in guns)
    table = power_by_range(battery)
    for reach in [*reaches, *table.marks, *(m + d for m in table.marks for d in (-1e-9, 1e-9))]:
        assert table.at(reach) == arc_power(battery, reach)
