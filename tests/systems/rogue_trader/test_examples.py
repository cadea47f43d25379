"""The stock ships: legal, and with the published hull profile (golden figures from the books)."""

from __future__ import annotations

import pytest

from shipyard.core.yard import Yard
from shipyard.systems.rogue_trader.profile import derive
from shipyard.systems.rogue_trader.rules import fit
from tests.systems.rogue_trader.helpers import STOCK, example

# Speed, Manoeuvrability, Detection, Armour, Hull Integrity, Turret Rating as published
PUBLISHED = {
    "vagabond": (4, -5, 10, 13, 40, 1),   # Rogue Trader core rulebook
    "hazeroth": (10, 23, 12, 14, 32, 1),  # Rogue Trader core rulebook
    "sword": (8, 20, 15, 18, 35, 2),      # Rogue Trader core rulebook
    "endeavour": (6, 12, 15, 20, 60, 2),  # Battlefleet Koronus
    "ambition": (5, 12, 15, 17, 66, 2),   # Battlefleet Koronus
}


def test_there_are_at_least_four_stock_ships() -> None:
    assert len(STOCK) >= 4 and set(PUBLISHED) == set(STOCK)


@pytest.mark.parametrize("stem", STOCK)
def test_stock_ship_is_legal_without_warnings(yard: Yard, stem: str) -> None:
    report = yard.check(example(stem))
    assert report.legal is True, report.errors
    assert report.warnings == []
    names = {b.name for b in report.budgets}
    assert {"power", "space", "sp"} <= names
    for b in report.budgets:
        assert not b.over


@pytest.mark.parametrize("stem", STOCK)
def test_stock_ship_has_its_published_profile(yard: Yard, stem: str) -> None:
    d = yard.read(example(stem))
    p = derive(fit(d.model, d.catalog), d.catalog)
    assert (p.speed, p.manoeuvrability, p.detection, p.armour, p.hull_integrity,
            p.turrets) == PUBLISHED[stem]


def test_sword_budgets_and_derived_values(yard: Yard) -> None:
    report = yard.check(example("sword"))
    budgets = {b.name: (b.used, b.available) for b in report.budgets}
    # drive 45 generated; Strelov 10 + Gellar 1 + shield 5 + bridge 1 + Mark I.R 3 + Voidsmen 1
    # + Mark-100 3 + Munitorum 2 + Temple-Shrine 1 + Sunsear 6 + Mars 4 = 37
    assert budgets["power"] == (37, 45)
    # drive 10 + Strelov 10 + shield 1 + bridge 1 + Mark I.R 1 + Voidsmen 3 + Munitorum 3
    # + Temple-Shrine 1 + Sunsear 4 + Mars 2 = 36
    assert budgets["space"] == (36, 40)
    # hull 40 + Munitorum 2 + Temple-Shrine 1 + Sunsear 1 + Mars 1; no campaign limit
    assert budgets["sp"] == (45, None)
    sp = next(b for b in report.budgets if b.name == "sp")
    assert (sp.over, sp.left, sp.shown()) == (False, None, "45 used")
    assert sp.as_json()["available"] is None
    assert budgets["slots.dorsal"] == (2, 2)
    d = report.design
    assert d is not None
    p = derive(fit(d.model, d.catalog), d.catalog)
    assert (p.crew_population, p.morale, p.void_shields, p.ballistic_skill) == (100, 103, 1, 30)
    assert [w.arcs for w in p.weapons] == [("fore", "port", "starboard")] * 2
