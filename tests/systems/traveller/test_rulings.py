"""Each ruling of catalogs/traveller/RULINGS.md is pinned by a test that names its code, and the
rulings with a figure of their own are tested here."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT
from tests.systems.traveller.conftest import Build, codes, line

RULINGS = ROOT / "catalogs" / "traveller" / "RULINGS.md"
TESTS = ROOT / "tests" / "systems" / "traveller"


def test_every_ruling_is_named_by_a_test() -> None:
    rulings = set(re.findall(r"\*\*(TRV-R\d\d)", RULINGS.read_text(encoding="utf-8")))
    assert len(rulings) >= 14
    named: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        if path.name == "test_rulings.py":
            text = text.split("# --- pinned here", 1)[1]
        named |= {f"TRV-R{n}" for n in re.findall(r"(?i)trv[-_]r(\d\d)", text)}
    assert rulings <= named, rulings - named


# --- pinned here

@pytest.mark.parametrize(("options", "cost"), [
    ({}, 0.16), ({"bis": True}, 0.24), ({"fib": True}, 0.24), ({"bis": True, "fib": True}, 0.32),
    ({"fib": True, "retro": 2}, 0.06)])
def test_trv_r03_computer_options_add_and_retro_halves(build: Build, options: dict[str, object],
                                                       cost: float) -> None:
    _, ship = build({"part": "computer", "rating": 10} | options)
    assert ship is not None
    assert ship.lines[2].cost == pytest.approx(cost)


def test_trv_r04_a_carried_craft_is_a_catalog_price_on_its_own_line(build: Build) -> None:
    _, ship = build({"part": "internal_docking_space", "craft": "launch"})
    assert ship is not None
    housing, craft = ship.lines[2:4]
    assert (housing.item, housing.tons, housing.cost) == ("Internal Docking Space: Launch", 22,
                                                          5.5)
    assert (craft.item, craft.tons, craft.cost) == ("Launch", 0, 2.63)


def test_trv_r06_j_drive_minimum(build: Build) -> None:
    _, ship = build({"part": "j_drive", "rating": 1}, tons=100)
    assert ship is not None and line(ship, "Jump 1").tons == 10


def test_trv_r07_a_label_names_a_line_and_changes_no_figure(build: Build) -> None:
    _, plain = build({"part": "common_area", "tons": 7})
    _, named = build({"part": "common_area", "tons": 7, "label": "Trophy Lounge (Common Area)"})
    assert plain is not None and named is not None
    a, b = plain.lines[2], named.lines[2]
    assert (b.item, b.tons, b.cost) == ("Trophy Lounge (Common Area)", a.tons, a.cost)


def test_trv_r09_power_signs_follow_the_stat_block(build: Build) -> None:
    _, ship = build({"part": "fusion_tl12", "output": 60}, {"part": "m_drive", "rating": 1})
    assert ship is not None
    assert [(ln.item, ln.power) for ln in ship.lines if ln.power] == [
        ("Basic Ship Systems", 40), ("M-Drive 1", -20), ("Fusion (TL 12), Power 60", 60)]


def test_trv_r10_no_airlock_is_a_warning(build: Build) -> None:
    report, _ = build({"part": "bridge"}, {"part": "fusion_tl12", "output": 60})
    assert report.legal is True and codes(report) == ["airlock.missing"]


@pytest.mark.parametrize(("kind", "factor"), [("standard", 0.9), ("custom", 1.0)])
def test_trv_r11_sale_price(build: Build, kind: str, factor: float) -> None:
    _, ship = build({"part": "bridge"}, design=kind)
    assert ship is not None
    assert ship.sale_price == pytest.approx(ship.production_cost * factor)


def test_trv_r12_drives_sized_for_another_displacement(build: Build) -> None:
    _, ship = build({"part": "j_drive", "rating": 2}, {"part": "fuel", "parsecs": 2},
                    tons=360, configuration="dispersed", hull={"drives_for_tons": 400}, tl=15)
    assert ship is not None
    assert (line(ship, "Jump 2 (400t)").tons, line(ship, "J-2 (400t)").tons) == (25, 80)
    assert ship.basic_power == 72  # the hull's own systems stay the hull's


def test_trv_r13_customisation_prices_on_the_original_size(build: Build) -> None:
    _, ship = build({"part": "m_drive", "rating": 6, "customisation": {
        "grade": "very_advanced", "modifications": ["size_reduction", "energy_efficient"]}},
        tons=450, tl=15)
    assert ship is not None
    drive = line(ship, "M-Drive 6")
    assert (drive.tons, drive.power, drive.cost) == (pytest.approx(24.3), -202.5, 67.5)


@pytest.mark.parametrize(("part", "item", "power"), [("m_drive", "M-Drive 1", -25.0),
                                                     ("j_drive", "Jump 1", -26.0)])
def test_trv_r13_energy_inefficient_costs_a_j_drive_more(build: Build, part: str, item: str,
                                                         power: float) -> None:
    _, ship = build({"part": part, "rating": 1, "customisation": {
        "grade": "budget", "modifications": ["energy_inefficient"]}})
    assert ship is not None and line(ship, item).power == pytest.approx(power)
