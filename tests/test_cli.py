"""The command-line contract of PRODUCT.md: commands, exit statuses, the validate --json shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shipyard import __version__
from tests.cli import shipyard
from tests.conftest import ROOT

SMALLCRAFT = ROOT / "catalogs" / "smallcraft" / "examples"
STARFURY, RAIDER, GALILEO = (SMALLCRAFT / f"{n}.yaml" for n in ("starfury", "raider", "galileo"))
ILLEGAL = ROOT / "tests" / "bad" / "illegal_armor.yaml"
UNREADABLE = ROOT / "tests" / "bad" / "malformed.yaml"


def test_version() -> None:
    run = shipyard("--version")
    assert run.code == 0 and run.out.strip() == f"shipyard {__version__}"


def test_help_lists_the_commands() -> None:
    run = shipyard("--help")
    assert run.code == 0
    for command in ("systems", "catalog", "new", "validate", "show", "schema"):
        assert command in run.out


def test_wrong_command_line_exits_2() -> None:
    assert shipyard("validate").code == 2
    assert shipyard("frobnicate").code == 2


def test_systems_lists_smallcraft() -> None:
    run = shipyard("systems", "--json")
    assert run.code == 0
    assert "smallcraft" in {s["id"] for s in run.json()}
    assert "smallcraft" in shipyard("systems").out


def test_catalog_tables_and_json() -> None:
    run = shipyard("catalog", "smallcraft")
    assert run.code == 0 and "Fly in standard atmosphere" in run.out
    data = shipyard("catalog", "smallcraft", "--json").json()
    assert data["construction"]["power_per_cbloc"] == 6
    bad = shipyard("catalog", "smalcraft")
    assert bad.code == 2 and "did you mean 'smallcraft'" in bad.err


def test_validate_legal_designs_exit_0_with_the_json_shape() -> None:
    run = shipyard("validate", "--json", STARFURY, RAIDER, GALILEO)
    assert run.code == 0
    reports = run.json()
    assert [r["name"] for r in reports] == ["Starfury", "Raider delta-wing", "Galileo"]
    for report in reports:
        assert {"file", "system", "name", "legal", "errors", "warnings", "budgets"} <= set(report)
        assert report["legal"] is True and report["system"] == "smallcraft"
        for budget in report["budgets"]:
            assert set(budget) == {"name", "used", "available", "unit"}
        for warning in report["warnings"]:
            assert set(warning) == {"code", "message", "line", "column", "value"}
    starfury = reports[0]
    assert {b["name"]: (b["used"], b["available"]) for b in starfury["budgets"]} == {
        "cblocs": (59, 60), "power": (42, 30)}
    assert "power.short" in {w["code"] for w in starfury["warnings"]}
    # diagnostics still go to stderr with --json
    assert f"{STARFURY}:" in run.err


def test_strict_fails_on_warnings() -> None:
    assert shipyard("validate", "--strict", GALILEO).code == 0
    assert shipyard("validate", "--strict", RAIDER).code == 1


def test_accept_lets_strict_pass_for_a_deliberate_choice(tmp_path: Path) -> None:
    text = RAIDER.read_text().replace("hull: 40\n", "hull: 40\naccept: [budget.unallocated]\n")
    design = tmp_path / "raider.yaml"
    design.write_text(text)
    run = shipyard("validate", "--strict", "--json", design)
    assert run.code == 0
    report = run.json()[0]
    assert report["warnings"] == []
    assert [a["code"] for a in report["accepted"]] == ["budget.unallocated"]


def test_accept_never_excuses_an_error(tmp_path: Path) -> None:
    design = tmp_path / "thin.yaml"
    text = ILLEGAL.read_text().replace("hull: 60\n", "hull: 60\naccept: [armor.minimum]\n")
    design.write_text(text)
    assert shipyard("validate", design).code == 1


def test_worst_status_wins_and_every_file_is_reported() -> None:
    run = shipyard("validate", "--json", STARFURY, ILLEGAL)
    assert run.code == 1
    assert [r["legal"] for r in run.json()] == [True, False]
    run = shipyard("validate", "--json", ILLEGAL, UNREADABLE, GALILEO)
    assert run.code == 2
    assert [r["legal"] for r in run.json()] == [False, None, True]


def test_show_prints_budget_items_and_profile() -> None:
    run = shipyard("show", STARFURY)
    assert run.code == 0
    for words in ("59 of 60 cblocs", "Back drive (3G)", "Detection range", "20 dhexes"):
        assert words in run.out
    data = shipyard("show", "--json", STARFURY).json()
    cblocs = next(b for b in data["budgets"] if b["name"] == "cblocs")
    assert sum(i["amount"] for i in cblocs["items"]) == cblocs["used"] == 59
    assert {"rating": "Back drive", "value": "3G", "number": 3, "unit": "G"} in data["profile"]


def test_show_of_illegal_and_unreadable_designs() -> None:
    assert shipyard("show", ILLEGAL).code == 1
    run = shipyard("show", UNREADABLE)
    assert run.code == 2 and run.out == ""


@pytest.mark.parametrize("hull", ["1", "7", "20", "60", "125", "10000"])
def test_new_writes_a_legal_design(tmp_path: Path, hull: str) -> None:
    target = tmp_path / "new.yaml"
    assert shipyard("new", "smallcraft", "--hull", hull, "-o", target).code == 0
    run = shipyard("validate", "--json", target)
    assert run.code == 0 and run.json()[0]["legal"] is True


def test_new_prints_without_output_and_refuses_to_overwrite(tmp_path: Path) -> None:
    run = shipyard("new", "smallcraft")
    assert run.code == 0 and "system: smallcraft" in run.out
    target = tmp_path / "keep.yaml"
    target.write_text("precious")
    run = shipyard("new", "smallcraft", "-o", target)
    assert run.code == 2 and target.read_text() == "precious"
    assert shipyard("new", "smallcraft", "-o", target, "--force").code == 0


@pytest.mark.parametrize("hull", ["0", "big", "20000"])
def test_new_refuses_a_bad_hull(hull: str) -> None:
    run = shipyard("new", "smallcraft", "--hull", hull)
    assert run.code == 2 and "cblocs" in run.err


def test_schema_is_json_schema_an_editor_can_use() -> None:
    run = shipyard("schema", "smallcraft")
    assert run.code == 0
    schema = json.loads(run.out)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert "hull" in schema["properties"] and schema["properties"]["hull"]["maximum"] == 10000
    assert schema["additionalProperties"] is False


def test_schema_validates_the_examples() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from shipyard.core.yamlio import load_file

    schema = json.loads(shipyard("schema", "smallcraft").out)
    for path in (STARFURY, RAIDER, GALILEO):
        data = json.loads(json.dumps(load_file(path).data, default=str))
        jsonschema.validate(data, schema)


def test_catalog_overlay_is_a_house_rule_without_code(tmp_path: Path) -> None:
    house = tmp_path / "house"
    (house / "smallcraft").mkdir(parents=True)
    (house / "smallcraft" / "power.yaml").write_text("construction:\n  power_per_cbloc: 5\n")
    (house / "smallcraft" / "air.yaml").write_text(
        "atmosphere:\n  - {id: hover, name: Hover, hull_percent: 2, source: house}\n")
    run = shipyard("--catalog", house, "validate", "--json", STARFURY)
    power = next(b for b in run.json()[0]["budgets"] if b["name"] == "power")
    assert power["available"] == 25
    design = tmp_path / "hover.yaml"
    design.write_text("system: smallcraft\nname: H\nhull: 50\ncomponents:\n"
                      "  - {type: armor, cblocs: 5}\n  - {type: atmosphere, option: hover}\n")
    assert shipyard("validate", design).code == 2  # not without the house catalog
    assert shipyard("--catalog", house, "validate", design).code == 0


def test_broken_overlay_names_its_file_and_line(tmp_path: Path) -> None:
    house = tmp_path / "house"
    (house / "smallcraft").mkdir(parents=True)
    bad = house / "smallcraft" / "bad.yaml"
    bad.write_text("construction:\n  power_per_cbloc: many\n")
    run = shipyard("--catalog", house, "validate", STARFURY)
    assert run.code == 2
    assert run.err.startswith(f"{bad}:2: ")


def test_catalog_option_must_be_a_directory(tmp_path: Path) -> None:
    run = shipyard("--catalog", tmp_path / "nothing", "systems")
    assert run.code == 2 and "not a directory" in run.err


def test_command_line_mistakes_name_the_program_not_a_file() -> None:
    run = shipyard("cards", "nosuch")
    assert run.code == 2
    known = ", ".join(s["id"] for s in shipyard("systems", "--json").json())
    assert run.err.strip() == f"shipyard: unknown rules system 'nosuch'; known: {known}"


def test_a_battle_series_out_of_range_says_battles() -> None:
    fleets = sorted((ROOT / "catalogs" / "dropfleet" / "fleets").glob("*.yaml"))
    run = shipyard("battle", str(fleets[0]), str(fleets[-1]), "--runs", "0")
    assert run.code == 2 and run.err.strip().endswith("battles"), run.err
