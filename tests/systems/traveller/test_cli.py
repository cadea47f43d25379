"""A user's mistakes through the command line: one `FILE:LINE: message` each, exit 2 for a file
that is not a design, exit 1 for an illegal one, never a traceback."""

from __future__ import annotations

from pathlib import Path

from tests.cli import shipyard

HEAD = "system: traveller\nname: Bad\ntl: {tl}\nhull: {{tons: 200, configuration: streamlined}}\n"


def write(tmp_path: Path, body: str, tl: int = 12) -> Path:
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD.format(tl=tl) + "parts:\n" + body, encoding="utf-8")
    return path


def test_unknown_key_is_unreadable_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "  - {part: bridge}\n  - {part: stateroom, count: 2, colour: red}\n")
    run = shipyard("validate", str(path))
    assert run.code == 2
    assert f"{path.name}:7: unknown key 'colour'" in run.err or f"{path}:7: unknown key" in run.err


def test_illegal_design_lists_each_error_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "  - {part: airlock}\n  - {part: bridge}\n"
                           "  - {part: improved_sensors}\n  - {part: stateroom, count: 60}\n",
                 tl=9)
    run = shipyard("validate", str(path))
    assert run.code == 1
    assert "NOT LEGAL" in run.out
    assert ":8: Improved Sensors needs TL 12; the ship is TL 9" in run.err
    assert ":4: parts use 253 t of a 200-ton hull" in run.err
    assert "Traceback" not in run.err


def test_show_json_carries_line_items(tmp_path: Path) -> None:
    path = write(tmp_path, "  - {part: airlock}\n  - {part: m_drive, rating: 1}\n"
                           "  - {part: fusion_tl12, output: 70}\n  - {part: bridge}\n"
                           "  - {part: cargo_hold}\n")
    data = shipyard("show", "--json", str(path)).json()
    tonnage = next(b for b in data["budgets"] if b["name"] == "tonnage")
    assert [i["label"] for i in tonnage["items"]] == [
        "Hull: Airlock (2 tons)", "Propulsion: M-Drive 1", "Power: Fusion (TL 12), Power 70",
        "Command: Standard Bridge", "Cargo: Cargo Hold"]
    assert tonnage["used"] == tonnage["available"] == 200
    assert [i["line"] for i in tonnage["items"]] == [6, 7, 8, 9, 10]


def test_catalog_lists_the_stock_ships_and_no_internal_source_strings() -> None:
    # what `new --stock` takes, and nothing a user cannot use
    run = shipyard("catalog", "traveller")
    assert run.code == 0
    assert "dragon-sdb" in run.out and "Dragon System Defense Boat" in run.out
    for internal in ("csv:", "ceres:", "weapons.csv", "rows:"):
        assert internal not in run.out, internal


def test_show_json_gives_numbers_beside_the_words_and_says_why_a_drive_draws_0() -> None:
    data = shipyard("show", "--json", "catalogs/traveller/examples/dragon-sdb.yaml").json()
    profile = {row["rating"]: row for row in data["profile"]}
    assert (profile["Production cost"]["number"], profile["Production cost"]["unit"]) == (
        308.25, "MCr")
    assert profile["Tons used"]["value"] == "400 of 400" and profile["Tons used"]["number"] == 400
    power = next(b for b in data["budgets"] if b["name"] == "power")
    scout = shipyard("show", "--json", "catalogs/traveller/examples/suleiman-scout-courier.yaml")
    drives = [i for i in next(b for b in scout.json()["budgets"] if b["name"] == "power")["items"]
              if "covered by the" in i["label"]]
    assert len(drives) == 1 and drives[0]["amount"] == 0
    assert power["used"] == 435
