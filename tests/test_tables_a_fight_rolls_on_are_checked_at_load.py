"""Every table a fight rolls on is checked when the catalog loads: each row's roll within the
dice's range, each roll given once, every row the fight reads present. An overlay that breaks
one is one `FILE:LINE` line at the overlay's row (exit 2), never a fight that crashes or reads
the wrong row. (Smallcraft's and d12-facings' fights roll on no catalog table: their catalogs
hold figures, each bounded by its model.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from shipyard.core.catalog import load_catalog
from shipyard.errors import UserError
from shipyard.systems.rogue_trader import models as rt_models
from shipyard.systems.rogue_trader.combat import CHART
from shipyard.systems.traveller.models import FIGHT_LOCATIONS, TravellerCatalog
from tests.cli import shipyard
from tests.conftest import ROOT

CATALOGS = ROOT / "catalogs"


def _table(system: str, file: str, *path: str) -> list[dict[str, Any]]:
    data: Any = yaml.safe_load((CATALOGS / system / file).read_text())
    for key in path:
        data = data[key]
    return list(data)


def _example(system: str) -> Path:
    return sorted((CATALOGS / system / "examples").glob("*.yaml"))[0]


def _refused(tmp_path: Path, system: str, file: str, text: str, line: int, words: str) -> None:
    """The overlay makes `validate` exit 2 with FILE:LINE lines, one of them at its `line`."""
    overlay = tmp_path / "overlay" / system
    overlay.mkdir(parents=True, exist_ok=True)
    (overlay / file).write_text(text)
    run = shipyard("--catalog", tmp_path / "overlay", "validate", _example(system))
    assert run.code == 2, run.out
    assert "Traceback" not in run.err
    errors = [ln for ln in run.err.splitlines() if ": not checked: " not in ln]
    assert all(re.match(r"[^:]+:\d+: \S", ln) for ln in errors), errors
    assert any(ln.startswith(f"{overlay / file}:{line}: ") and words in ln for ln in errors), \
        errors


# --- traveller: the critical location of a 2D roll ------------------------------------------

LOCATIONS = _table("traveller", "tables.yaml", "critical_locations")


def _location(entry: dict[str, Any], roll: Any) -> str:
    return "critical_locations:\n  - " + yaml.safe_dump(
        {**entry, "roll": roll}, default_flow_style=True, width=1000)


NOT_2D = ["x", "-1", "2-3", "12 ", "13", "0", "1", "", "99999999999999999999", "7.0", "+7"]


@pytest.mark.parametrize(("entry", "roll"), [(e, NOT_2D[i % len(NOT_2D)])
                                             for i, e in enumerate(LOCATIONS)],
                         ids=[e["id"] for e in LOCATIONS])
def test_a_critical_location_rolls_2d(tmp_path: Path, entry: dict[str, Any], roll: str) -> None:
    # each location with one of the rolls 2D cannot give, and each of those rolls once
    _refused(tmp_path, "traveller", "tables.yaml", _location(entry, roll), 2,
             "is not a roll of 2D; write one of 2 to 12")


@pytest.mark.parametrize("entry", LOCATIONS, ids=[e["id"] for e in LOCATIONS])
def test_a_critical_location_takes_no_other_locations_roll(tmp_path: Path,
                                                           entry: dict[str, Any]) -> None:
    other = next(e for e in LOCATIONS if e["id"] != entry["id"])
    _refused(tmp_path, "traveller", "tables.yaml", _location(entry, other["roll"]), 2,
             f"the roll {other['roll']} is ")


@pytest.mark.parametrize("needed", FIGHT_LOCATIONS)
def test_a_location_the_fight_reads_must_be_there(tmp_path: Path, needed: str) -> None:
    # an overlay replaces a location by id and cannot drop one: a catalog edited in place can
    shutil.copytree(CATALOGS / "traveller", tmp_path / "traveller",
                    ignore=shutil.ignore_patterns("examples", "fleets", "bad", "commanders"))
    tables = tmp_path / "traveller" / "tables.yaml"
    tables.write_text(tables.read_text().replace(f"{{id: {needed}, ", "{id: renamed, "))
    with pytest.raises(UserError) as caught:
        load_catalog(TravellerCatalog, sorted((tmp_path / "traveller").glob("*.yaml")))
    (said,) = [d.render() for d in caught.value.diagnostics]
    assert said.startswith(f"{tables}:") and f"no '{needed}' location" in said, said


# --- rogue-trader: the Critical Hit chart, values 1 to 11 ----------------------------------

CHART_ROWS = _table("rogue-trader", "critical_hits.yaml", "critical_hits")
ROLLED = [e for e in CHART_ROWS if e.get("rolls")]


def _hit(entry: dict[str, Any], **change: Any) -> str:
    return "critical_hits:\n  - " + yaml.safe_dump({**entry, **change},
                                                   default_flow_style=True, width=1000)


NOT_ONCE = [[12, 12], [0, 1], [5, 3], [1, 11]]


@pytest.mark.parametrize(("entry", "rolls"), [(e, NOT_ONCE[i % len(NOT_ONCE)])
                                              for i, e in enumerate(ROLLED)],
                         ids=[e["id"] for e in ROLLED])
def test_a_chart_result_is_rolled_once_within_1_to_11(tmp_path: Path, entry: dict[str, Any],
                                                       rolls: list[int]) -> None:
    # out of range, backwards, or a roll another result has (told at both rows)
    _refused(tmp_path, "rogue-trader", "critical_hits.yaml", _hit(entry, rolls=rolls), 2,
             "critical_hits")


@pytest.mark.parametrize("entry", CHART_ROWS, ids=[e["id"] for e in CHART_ROWS])
def test_a_chart_result_is_rolled_exactly_when_the_rules_roll_it(tmp_path: Path,
                                                                  entry: dict[str, Any]) -> None:
    changed = {k: v for k, v in entry.items() if k != "rolls"} if entry.get("rolls") else {
        **entry, "rolls": [11, 11]}
    _refused(tmp_path, "rogue-trader", "critical_hits.yaml",
             "critical_hits:\n  - " + yaml.safe_dump(changed, default_flow_style=True,
                                                     width=1000), 2, entry["id"])


def test_a_chart_result_the_fight_does_not_know_is_refused(tmp_path: Path) -> None:
    _refused(tmp_path, "rogue-trader", "critical_hits.yaml",
             "critical_hits:\n  - {id: gremlins, name: G, rolls: [11, 11], effect: x}\n", 2,
             "'gremlins' is not a result the fight knows")


def test_the_chart_results_are_the_fights() -> None:
    assert set(CHART) == set(rt_models.ROLLED_RESULTS + rt_models.NAMED_RESULTS)
    assert {e["id"] for e in CHART_ROWS} == set(CHART)


# --- dropfleet: crippling, catastrophic and damage control rows --------------------------

DAMAGE = yaml.safe_load((CATALOGS / "dropfleet" / "damage.yaml").read_text())["damage"]
ROW_TABLES = ["crippling", "dreadnought_crippling", "catastrophic", "dreadnought_catastrophic",
              "damage_control"]
ROWS = [(table, i) for table in ROW_TABLES for i in range(len(DAMAGE[table]))]


NOT_THE_ROW = ["7", "0", "x", "copy"]


@pytest.mark.parametrize(("table", "row", "roll"), [(t, i, NOT_THE_ROW[n % len(NOT_THE_ROW)])
                                                    for n, (t, i) in enumerate(ROWS)],
                         ids=[f"{t}[{i}]" for t, i in ROWS])
def test_a_damage_row_is_the_roll_the_fight_reads_it_for(tmp_path: Path, table: str, row: int,
                                                         roll: str) -> None:
    rows = [dict(r) for r in DAMAGE[table]]
    if roll == "copy":  # another row's roll in its place
        roll = rows[row - 1 if row else 1]["roll"]
    rows[row]["roll"] = roll
    text = f"damage:\n  {table}:\n" + "".join(
        "    - " + yaml.safe_dump(r, default_flow_style=True, width=1000) for r in rows)
    # told at the row changed: the rows before it are still the fight's
    _refused(tmp_path, "dropfleet", "damage.yaml", text, 3 + row, f"damage.{table}")


def test_a_damage_table_short_of_a_row_names_the_row(tmp_path: Path) -> None:
    rows = DAMAGE["catastrophic"][:-1]
    text = "damage:\n  catastrophic:\n" + "".join(
        "    - " + yaml.safe_dump(r, default_flow_style=True, width=1000) for r in rows)
    _refused(tmp_path, "dropfleet", "damage.yaml", text, 2, "no row 7+")


# --- rogue-trader: the arcs each weapon location fires into -------------------------------

@pytest.mark.parametrize("location", ["prow", "dorsal", "port", "starboard", "keel"])
def test_every_weapon_location_keeps_its_arcs(tmp_path: Path, location: str) -> None:
    _refused(tmp_path, "rogue-trader", "rules.yaml", f"combat:\n  arcs:\n    {location}: null\n",
             2, f"no arcs for {location}")


# --- dropfleet: the points base of every tonnage class ------------------------------------

@pytest.mark.parametrize("ship_class", ["light", "destroyer", "medium", "heavy", "super-heavy",
                                        "dreadnought"])
def test_every_class_keeps_its_points_base(tmp_path: Path, ship_class: str) -> None:
    _refused(tmp_path, "dropfleet", "points.yaml",
             f"points:\n  class_base:\n    {ship_class}: null\n", 2, f"no base for {ship_class}")
