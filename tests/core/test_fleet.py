"""Fleets: a roster of one system's ships under a price limit (core/fleet.py, core/yard.py)."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from tests.cli import shipyard
from tests.conftest import ROOT

RT = ROOT / "catalogs" / "rogue-trader"
PATROL = RT / "fleets" / "patrol.yaml"


def fleet(tmp_path: Path, body: str, name: str = "fleet.yaml") -> Path:
    (tmp_path / "ships").mkdir(exist_ok=True)
    for stem in ("sword", "endeavour", "ambition"):
        (tmp_path / "ships" / f"{stem}.yaml").write_text((RT / "examples" / f"{stem}.yaml")
                                                         .read_text())
    path = tmp_path / name
    path.write_text("system: rogue-trader\nfleet: Test squadron\n" + body)
    return path


def test_a_legal_fleet_has_one_verdict_and_one_per_design(tmp_path: Path) -> None:
    run = shipyard("validate", PATROL, "--json")
    assert run.code == 0, run.err
    (result,) = run.json()
    assert result["kind"] == "fleet" and result["legal"] is True
    assert result["budgets"][0] == {"name": "fleet", "used": 153, "available": 200,
                                    "unit": "SP"}
    assert [m["name"] for m in result["members"]] == ["Sword-class Frigate",
                                                      "Endeavour-class Light Cruiser"]


def test_over_its_limit_the_fleet_is_not_legal_at_the_entry_that_takes_it_over(
        tmp_path: Path) -> None:
    path = fleet(tmp_path, "limit: 120\nships:\n  - {design: ships/sword.yaml}\n"
                 "  - {design: ships/endeavour.yaml}\n  - {design: ships/ambition.yaml}\n")
    run = shipyard("validate", path)
    assert run.code == 1
    assert (f"{path}:7: the fleet costs 188 SP, over its limit of 120; this entry takes it "
            "over (remove 68)") in run.err.splitlines()


def test_an_illegal_member_is_reported_at_its_entry_and_in_its_own_file(tmp_path: Path) -> None:
    path = fleet(tmp_path, "limit: 500\nships:\n  - {design: ships/sword.yaml, count: 2}\n")
    sword = tmp_path / "ships" / "sword.yaml"
    sword.write_text(sword.read_text().replace("  - gellar-field\n", ""))
    run = shipyard("validate", path)
    assert run.code == 1
    lines = run.err.splitlines()
    assert any(line.startswith(f"{sword}:") and "Gellar" in line for line in lines)
    assert f"{path}:5: Sword-class Frigate ({sword}) is NOT LEGAL" in lines


def test_missing_nested_foreign_and_unknown_members_are_exit_2_at_their_line(
        tmp_path: Path) -> None:
    other = tmp_path / "craft.yaml"
    other.write_text((ROOT / "catalogs/smallcraft/examples/starfury.yaml").read_text())
    inner = fleet(tmp_path, "limit: 1\nships:\n  - {design: ships/sword.yaml}\n", "inner.yaml")
    for entry, words in (("{design: ships/nowhere.yaml}", "no such file"),
                         ("{design: inner.yaml}", "is a fleet; a fleet lists designs"),
                         ("{design: craft.yaml}", "is a smallcraft design in a rogue-trader"),
                         ("{stock: sword}", "unknown rogue-trader stock ship 'sword'")):
        path = fleet(tmp_path, f"limit: 500\nships:\n  - {entry}\n")
        run = shipyard("validate", path)
        assert run.code == 2, (entry, run.err)
        assert f"{path}:5: " in run.err and words in run.err, (entry, run.err)
        assert "Traceback" not in run.err
    assert inner.exists()


def test_a_fleet_file_must_be_a_fleet(tmp_path: Path) -> None:
    both = fleet(tmp_path, "limit: 5\nships: [{design: ships/sword.yaml}]\n"
                 "groups: [{name: A, ships: [{design: ships/sword.yaml}]}]\n")
    run = shipyard("validate", both)
    assert run.code == 2 and "either under ships: or under groups:" in run.err
    neither = fleet(tmp_path, "limit: 5\nships:\n  - {design: ships/sword.yaml, stock: x}\n")
    assert "give one of stock: ID or design: PATH" in shipyard("validate", neither).err
    craft = tmp_path / "craft-fleet.yaml"
    craft.write_text("system: smallcraft\nfleet: Wing\nlimit: 3\nships: [{design: a.yaml}]\n")
    run = shipyard("validate", craft)
    # a system that prices nothing refuses a limit at its line
    assert run.code == 2 and f"{craft}:3: limit: smallcraft ships have no price" in run.err
    assert "fleet.nested" not in run.err
    run = shipyard("show", both.parent / "ships" / "sword.yaml")
    assert run.code == 0


def test_groups_keep_their_names_in_show(tmp_path: Path) -> None:
    path = fleet(tmp_path, "limit: 300\ngroups:\n  - name: Escort\n    ships:\n"
                 "      - {design: ships/sword.yaml, count: 2}\n  - name: Line\n    ships:\n"
                 "      - {design: ships/ambition.yaml}\n")
    run = shipyard("show", path, "--json")
    assert run.code == 0, run.err
    roster = run.json()["roster"]
    assert [(r["group"], r["ship"], r["count"], r["total"]) for r in roster] == [
        ("Escort", "Sword-class Frigate", 2, 90.0), ("Line", "Ambition-class Cruiser", 1, 80.0)]
    text = shipyard("show", path).out
    assert "Fleet total (SP): 170 of 300 SP" in text


def test_sheet_prints_the_roster_then_a_sheet_per_ship(tmp_path: Path) -> None:
    out = tmp_path / "patrol.pdf"
    run = shipyard("sheet", PATROL, "-o", out)
    assert run.code == 0, run.err
    pages = PdfReader(out).pages
    assert len(pages) == 1 + 2 + 1  # roster, two Swords, one Endeavour
    roster = pages[0].extract_text()
    for words in ("Fleet roster", "Calixis patrol squadron", "Sword-class Frigate", "153 of 200"):
        assert words.lower() in roster.lower()


def test_the_fleet_schema_accepts_the_bundled_fleets() -> None:
    import jsonschema
    import yaml

    schema = json.loads(shipyard("schema", "rogue-trader", "--fleet").out)
    jsonschema.validate(yaml.safe_load(PATROL.read_text()), schema)


def test_a_fleet_of_a_system_without_prices_lists_ships_with_counts(tmp_path: Path) -> None:
    """`limit:` is optional: smallcraft prices nothing, so its fleet lists ships
    and counts, and validates without a total."""
    from tests.conftest import ROOT

    examples = ROOT / "catalogs" / "smallcraft" / "examples"
    ship = sorted(examples.glob("*.yaml"))[0]
    craft = tmp_path / "wing.yaml"
    craft.write_text(f"system: smallcraft\nfleet: Wing\nships: [{{design: {ship}, count: 2}}]\n")
    run = shipyard("validate", craft)
    assert run.code == 0, run.err
    shown = shipyard("show", craft).out
    assert "Fleet total" not in shown and "Roster\n" in shown and "each" not in shown
