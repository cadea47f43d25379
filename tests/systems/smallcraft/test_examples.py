"""The seed's three craft are golden data (systems/smallcraft.md)."""

from __future__ import annotations

import pytest

from shipyard.core.yard import Yard
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"


@pytest.mark.parametrize(("stem", "used", "hull"), [
    ("starfury", 59, 60), ("raider", 35, 40), ("galileo", 125, 125)])
def test_seed_craft_are_legal_with_the_seed_figures(yard: Yard, stem: str, used: int,
                                                    hull: int) -> None:
    report = yard.check(EXAMPLES / f"{stem}.yaml")
    assert report.legal is True
    cblocs = next(b for b in report.budgets if b.name == "cblocs")
    assert (cblocs.used, cblocs.available) == (used, hull)


def test_starfury_power_warning(yard: Yard) -> None:
    report = yard.check(EXAMPLES / "starfury.yaml")
    power = next(b for b in report.budgets if b.name == "power")
    assert (power.used, power.available) == (42, 30)
    assert "power.short" in {w.code for w in report.warnings}


# The seed's sample sheets, row by row: (boxes, label).
SEED_SHEETS = {
    "starfury": [
        (9, "Back drive (3G)"), (9, "Front drive (3G)"), (3, "Left drive (1G)"),
        (3, "Right drive (1G)"), (3, "Top drive (1G)"), (3, "Bottom drive (1G)"), (9, "Armor"),
        (6, "Screens"), (6, "Fixed beam weapon, facing forward"), (5, "Power"),
        (3, "Crew: one pilot, fixed in position")],
    "raider": [
        (4, "Back drive (2G)"), (4, "Armor"), (3, "Sensors, range 3 dhexes"),
        (6, "Fixed beam weapon, facing forward"), (6, "Power"),
        (3, "Crew: one pilot, fixed in position"), (5, "Cargo: 0.25 tons"),
        (4, "Fly in standard atmosphere")],
    "galileo": [
        (12, "Back Drive (2G)"), (10, "Armor"), (10, "Armor"), (10, "Sensors, range 10 dhexes"),
        (10, "Screens"), (2, "Fixed beam weapon, facing forward *"), (10, "Power"),
        (8, "Crew: 2 people"), (8, "Crew: 2 people"), (8, "Crew: 2 people"),
        (8, "Crew: 2 people"), (12, "Cargo: 0.6 tons"), (12, "Cargo: 0.6 tons"),
        (5, "Land and Lift in standard atmospheres")],
}


@pytest.mark.parametrize("stem", sorted(SEED_SHEETS))
def test_examples_match_the_seed_sheets_row_for_row(yard: Yard, stem: str) -> None:
    from shipyard.systems.smallcraft.rules import parts

    design = yard.read(EXAMPLES / f"{stem}.yaml")
    assert [(p.boxes, p.label) for p in parts(design.model, design.catalog)] == SEED_SHEETS[stem]


def test_only_the_starfury_warns_of_power(yard: Yard) -> None:
    for stem in ("raider", "galileo"):
        assert "power.short" not in {w.code for w in yard.check(EXAMPLES / f"{stem}.yaml").warnings}
