"""Designs: every stock ship validates, shows and prints; custom builds and their slots, Resistance
picks, groups and points limits (rulings H1-H7); the command line as a user meets it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shipyard.core.render import Page, html
from shipyard.core.yamlio import dump
from shipyard.systems.dropfleet import system
from shipyard.systems.dropfleet.build import new_design, new_stock
from shipyard.systems.dropfleet.models import CLASS_IDS
from tests.cli import shipyard
from tests.systems.dropfleet.conftest import catalog, codes

STOCK_IDS = [s.id for s in catalog().stock]


@pytest.mark.slow
@pytest.mark.parametrize("stock_id", STOCK_IDS)
def test_every_stock_ship_validates_shows_and_prints(stock_id: str, yard, tmp_path) -> None:
    path = tmp_path / "ship.yaml"
    path.write_text(dump(new_stock(catalog(), stock_id)), encoding="utf-8")
    report = yard.check(path)
    assert report.legal, [d.message for d in report.errors]
    design = report.design
    assert design is not None
    rows = dict(system.profile(design))
    stock = catalog().stock_ship(stock_id)
    assert stock is not None
    assert rows["Points (published)"].split()[0].isdigit()
    assert rows["House points"].split()[0].isdigit()
    page = html(Page(system.sheet(design, report.budgets)), "a4")
    assert stock.name.replace("&", "&amp;") in page
    # a box a Hull point: the big strip, 14 to a line, for a Hull under 40; else 20 to a line
    strip, per_line = ("big", 14) if stock.hull < 40 else ("track", 20)
    boxes = [int(n) for n in re.findall(rf'class="{strip} n(\d+)', page)]
    assert sum(boxes) == stock.hull and max(boxes) <= per_line
    marks = len(re.findall(rf'class="{strip} n\d+ m\d+"', page))
    assert marks == (0 if stock.hull <= 3 else 2 if stock.has("Dreadnought") else 1)


@pytest.mark.parametrize("hull", CLASS_IDS)
def test_new_is_legal_for_every_class(hull: str, yard, tmp_path) -> None:
    path = tmp_path / "ship.yaml"
    path.write_text(dump(new_design(catalog(), hull)), encoding="utf-8")
    report = yard.check(path)
    assert report.legal, [d.message for d in report.errors]


def test_show_gives_published_and_house_points(tmp_path: Path) -> None:
    path = tmp_path / "ship.yaml"
    path.write_text("system: dropfleet\nname: Flagship\nstock: new-york-battleship\n")
    run = shipyard("show", path)
    assert run.code == 0
    s = catalog().stock_ship("new-york-battleship")
    assert s is not None
    rows = {line.split("  ")[1].strip(): line for line in run.out.splitlines()
            if line.startswith("  ") and "  " in line[2:]}
    assert f" {s.points}" in rows["Points (published)"]
    assert f" {s.house_points} (house formula" in rows["House points"]


def test_catalog_json_lists_stock_with_points_and_house_points() -> None:
    run = shipyard("catalog", "dropfleet", "--json")
    assert run.code == 0
    stock = run.json()["stock"]
    assert len(stock) == 157
    by_id = {s["id"]: s for s in stock}
    assert by_id["centurion-grand-cruiser"]["points"] == 135
    assert isinstance(by_id["centurion-grand-cruiser"]["house_points"], int)
    assert by_id["cruiser"]["house_points"] is None
    assert sum(s["house_points"] is None for s in stock) == 6
    assert by_id["cruiser"]["house_pick_points"]["vent-cannon-turret"] > 0
    rule = by_id["centurion-grand-cruiser"]["weapons"][0]["rules"][0]
    assert rule == {"name": "Fusillade", "param": "2"}


def test_h1_custom_build_from_class_and_upgrades(design) -> None:
    report = design("class: medium\nfaction: ucm\nupgrades: [reinforced-plating, "
                    "point-defence-array]\nweapons:\n  - weapon: barracuda-missile-bays\n")
    assert report.legal
    rows = dict(system.profile(report.design))
    assert rows["Armour"] == "3+"  # the class's 4+, one step better
    assert rows["Point Defence"] == "7"  # 5 + 2


def test_h1_armour_never_better_than_2_plus(design) -> None:
    report = design("class: heavy\nupgrades: [reinforced-plating, reinforced-plating, "
                    "reinforced-plating]\n")
    rows = dict(system.profile(report.design))
    assert rows["Armour"] == "2+"


def test_h2_over_weapon_slots_is_not_legal_at_the_offending_line(design) -> None:
    report = design("class: light\nweapons:\n  - weapon: uf-2200-mass-driver-triad\n"
                    "  - weapon: barracuda-missile-bays\n  - weapon: uf-2200-mass-driver-triad\n"
                    "  - weapon: barracuda-missile-bays\n")
    assert report.legal is False
    assert [(e.code, e.line) for e in report.errors] == [("slots.weapons.over", 8)]
    slots = next(b for b in report.budgets if b.name == "slots.weapons")
    assert (slots.used, slots.available) == (4, 3)


def test_h2_over_upgrade_slots(design) -> None:
    report = design("class: light\nupgrades:\n  - engine-boost\n  - scanner-suite\n")
    assert [(e.code, e.line) for e in report.errors] == [("slots.upgrades.over", 6)]


def test_h2_over_slots_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "over.yaml"
    path.write_text("system: dropfleet\nname: Over\nclass: light\nweapons:\n"
                    + "  - weapon: barracuda-missile-bays\n" * 4)
    run = shipyard("validate", path)
    assert run.code == 1
    assert "NOT LEGAL" in run.out
    assert f"{path}:8: 'barracuda-missile-bays' is beyond the 3 weapon slots" in run.err


def test_h3_weapon_of_another_faction_warns(design) -> None:
    report = design("class: medium\nfaction: phr\nweapons:\n"
                    "  - weapon: barracuda-missile-bays\n")
    assert report.legal and codes(report) == {"weapon.faction"}


def test_h4_upgrade_for_another_class(design) -> None:
    report = design("class: light\nupgrades: [reinforced-bulkheads]\n")
    assert "upgrade.class" in codes(report)


def test_h5_resistance_picks(design) -> None:
    ok = design("stock: cruiser\npicks: [n-31-hybrid-gun-bank, vent-cannon-turret]\n")
    assert ok.legal, [e.message for e in ok.errors]
    points = next(b for b in ok.budgets if b.name == "points")
    assert points.items[0].amount == 65  # the printed base price
    assert len(points.items) == 3 and all(i.amount > 0 for i in points.items)
    missing = design("stock: cruiser\npicks: [n-31-hybrid-gun-bank]\n")
    assert codes(missing) == {"picks.missing"}
    over = design("stock: cruiser\npicks: [n-31-hybrid-gun-bank, vent-cannon-turret, "
                  "n-11-artillery-cannon-turret]\n")
    assert codes(over) == {"picks.over"}
    unknown = design("stock: cruiser\npicks:\n  - n-31-hybrid-gun-bank\n  - vent-cannon-turret\n"
                     "  - 10k-mass-driver\n")
    # an unknown id is not a design (exit 2), as every other unknown id
    assert not unknown.readable
    assert [(e.code, e.line) for e in unknown.errors] == [("schema.invalid", 7)]
    frigate = design("stock: frigate\npicks: [nc-16-missile-turret]\n")
    points = next(b for b in frigate.budgets if b.name == "points")
    assert frigate.legal and [i.amount for i in points.items] == [25]  # turret in the price


def test_h6_points_limit_and_group(design) -> None:
    report = design("stock: toulon-frigate\ngroup: 4\npoints_limit: 100\n")
    assert codes(report) == {"points.over"}
    points = next(b for b in report.budgets if b.name == "points")
    assert points.used == 4 * 35


def test_h7_group_size(design) -> None:
    assert codes(design("stock: toulon-frigate\ngroup: 5\n")) == {"group.size"}
    assert design("stock: toulon-frigate\ngroup: 2\n").legal


@pytest.mark.parametrize(("body", "line", "words"), [
    ("stock: toulon-frigat\n", 3, "did you mean 'toulon-frigate'"),
    ("class: medium\nweapons:\n  - weapon: barracuda\n", 5, "unknown weapon system"),
    ("class: medium\nupgrades:\n  - stealth\n", 5, "did you mean 'stealth-systems'"),
    ("class: medium\nstock: toulon-frigate\n", None, "a stock ship takes no class"),
    ("name2: x\n", 3, "unknown key"),
    ("class: cruiser\n", 3, "class"),
])
def test_input_errors_are_one_line_exit_2(body: str, line: int | None, words: str,
                                          tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"system: dropfleet\nname: Bad\n{body}")
    run = shipyard("validate", path)
    assert run.code == 2
    first = run.err.splitlines()[0]
    assert words in first
    if line is not None:
        assert first.startswith(f"{path}:{line}:")


def test_a_custom_build_prints(tmp_path: Path) -> None:
    path = tmp_path / "anvil.yaml"
    path.write_text("system: dropfleet\nname: Anvil\nclass: dreadnought\nfaction: ucm\n"
                    "weapons:\n  - weapon: leviathan-missile-bays\n")
    out = tmp_path / "anvil.html"
    assert shipyard("sheet", path, "-o", out).code == 0
    text = out.read_text(encoding="utf-8")
    assert "<b>Crippling</b>" in text
    assert "rolled at 18 left" in text and "rolled at 10 left" in text
    # a box marked for each crippling roll, on whichever strip the Hull is drawn with
    assert len(re.findall(r'class="(?:track|big) n\d+ m\d+"', text)) == 2


def test_new_stock_writes_a_published_ship_with_its_picks() -> None:
    run = shipyard("new", "dropfleet", "--stock", "heavy-cruiser")
    assert run.code == 0
    assert "stock: heavy-cruiser" in run.out and "picks:" in run.out
    wrong = shipyard("new", "dropfleet", "--hull", "heavy-cruiser")
    assert wrong.code == 2 and "--stock heavy-cruiser" in wrong.err


def test_random_custom_builds_are_judged_never_crash(yard, tmp_path) -> None:
    """Any mix of classes, weapons and upgrades gets a verdict, a positive house price that is
    the sum of its items, and slot errors exactly when a budget is over."""
    import random

    cat = catalog()
    rng = random.Random(12)
    weapons, upgrades = cat.weapons.ids(), cat.upgrades.ids()
    path = tmp_path / "ship.yaml"
    for _ in range(60):
        klass = rng.choice(CLASS_IDS)
        body = {"system": "dropfleet", "name": "Random", "class": klass,
                "weapons": [{"weapon": rng.choice(weapons)} for _ in range(rng.randint(0, 9))],
                "upgrades": [rng.choice(upgrades) for _ in range(rng.randint(0, 4))]}
        path.write_text(dump(body), encoding="utf-8")
        report = yard.check(path)
        assert report.readable
        points = next(b for b in report.budgets if b.name == "points")
        assert points.used > 0 and points.available is None
        slots = {b.name: b for b in report.budgets if b.name.startswith("slots.")}
        for name, budget in slots.items():
            assert (f"{name}.over" in codes(report)) == (budget.used > budget.available)


def test_fleets_price_each_design_with_its_group(tmp_path: Path) -> None:
    fleet = Path(__file__).resolve().parents[3] / "catalogs" / "dropfleet" / "fleets"
    run = shipyard("show", fleet / "ucm-patrol.yaml", "--json")
    assert run.code == 0
    seattle = catalog().stock_ship("seattle-fleet-carrier")
    assert seattle is not None
    total = next(b for b in run.json()["budgets"] if b["name"] == "fleet")
    assert total["available"] == 1000
    anvil = shipyard("show", fleet.parent / "examples" / "anvil.yaml", "--json").json()
    house = next(b["used"] for b in anvil["budgets"] if b["name"] == "points")
    assert total["used"] == 250 + 3 * 35 + seattle.points + house  # the Anvil: house points
