"""dropfleet fleets: battlegroups, group sizes and game sizes (RULINGS.md F1–F3)."""

from __future__ import annotations

from pathlib import Path

from tests.cli import shipyard
from tests.conftest import ROOT

DROPFLEET = ROOT / "catalogs" / "dropfleet"
PATROL = DROPFLEET / "fleets" / "ucm-patrol.yaml"


def fleet(tmp_path: Path, limit: int, groups: str, size: str = "") -> Path:
    path = tmp_path / "fleet.yaml"
    path.write_text(f"system: dropfleet\nfleet: Test\nlimit: {limit}\n{size}groups:\n{groups}")
    return path


TOULONS = "      - {stock: toulon-frigate, count: 3}\n"
SEATTLE = "      - {stock: seattle-fleet-carrier}\n"
NEW_YORK = "      - {design: %s}\n" % (DROPFLEET / "examples" / "new-york.yaml")


def group(name: str, kind: str, *ships: str) -> str:
    return f"  - name: {name}\n    type: {kind}\n    ships:\n" + "".join(ships)


def test_the_bundled_fleet_is_a_legal_clash(tmp_path: Path) -> None:
    run = shipyard("validate", PATROL, "--json")
    assert run.code == 0, run.err
    budgets = {b["name"]: b for b in run.json()[0]["budgets"]}
    assert budgets["fleet"]["used"] == 573 and budgets["fleet"]["available"] == 1000
    assert budgets["battlegroups"]["used"] == 3


def test_f1_a_fleet_is_battlegroups_of_groups_by_tonnage(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text("system: dropfleet\nfleet: Plain\nlimit: 500\nships:\n" + SEATTLE)
    run = shipyard("validate", plain)
    assert run.code == 1 and ":4: list the ships as battlegroups" in run.err
    path = fleet(tmp_path, 900, group("Scouts", "pathfinder", SEATTLE)
                 + group("Line", "line", SEATTLE))
    run = shipyard("validate", path)
    assert run.code == 1
    assert f"{path}:5: battlegroup Scouts (Pathfinder) has 0 Light groups; a Pathfinder has 1-3" \
        in run.err.splitlines()
    path = fleet(tmp_path, 900, group("Pickets", "pathfinder", TOULONS)
                 + group("Line", "line", SEATTLE, NEW_YORK))
    run = shipyard("validate", path)
    assert "battlegroup Line (Line) has Super-heavy groups; a Line takes none" in run.err
    path = fleet(tmp_path, 900, group("Pickets", "pathfnder", TOULONS))
    assert "did you mean 'pathfinder'?" in shipyard("validate", path).err


def test_f2_a_group_is_its_class_group_size(tmp_path: Path) -> None:
    path = fleet(tmp_path, 900, group("Pickets", "pathfinder",
                                      "      - {stock: toulon-frigate, count: 9}\n")
                 + group("Line", "line", SEATTLE))
    run = shipyard("validate", path)
    assert run.code == 1
    assert f"{path}:8: 9 × Toulon Frigate: a group of light ships is" in run.err


def test_f3_the_game_size_limits_the_battlegroups(tmp_path: Path) -> None:
    legal = group("Pickets", "pathfinder", TOULONS) + group("Line", "line", SEATTLE)
    assert shipyard("validate", fleet(tmp_path, 900, legal)).code == 0
    flagged = legal + group("Flag", "flag", NEW_YORK)
    run = shipyard("validate", fleet(tmp_path, 900, flagged))
    assert run.code == 1 and "1 Flag battlegroups; a Skirmish takes 0" in run.err
    assert shipyard("validate", fleet(tmp_path, 900, flagged, "size: clash\n")).code == 0
    run = shipyard("validate", fleet(tmp_path, 9000, legal))
    assert run.code == 1 and "no game size takes a limit of 9000 points" in run.err
    run = shipyard("validate", fleet(tmp_path, 900, legal, "size: brawl\n"))
    assert "size: 'brawl' is not a game size" in run.err


def test_a_group_design_has_a_box_per_ship_on_the_roster(tmp_path: Path) -> None:
    out = tmp_path / "patrol.html"
    assert shipyard("sheet", PATROL, "-o", out).code == 0
    roster = out.read_text().split("Fleet roster", 1)[1].split("</table>", 1)[0]
    # the Toulon picket: one design, three ships, a line and a box to strike each
    assert roster.count("Toulon picket") == 3
    assert roster.count('class="strike"') == 6  # and the Seattle, the Anvil, the New York
