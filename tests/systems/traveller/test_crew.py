"""Crew: the High Guard table against ships.csv where the published crew is the commercial table's
(TRV-R08: elsewhere the data mixes required and chosen crew), and the seed's combat positions."""

from __future__ import annotations

import csv

import pytest

from shipyard.core.yard import Yard
from shipyard.systems.traveller.construction import Ship, derive
from shipyard.systems.traveller.crew import combat_positions, crew_table
from shipyard.systems.traveller.models import TravellerCatalog
from tests.conftest import ROOT

# the published figures, kept with the tests (tests/data/traveller/README.md names the sources)
DATA = ROOT / "tests" / "data" / "traveller"
EXAMPLES = ROOT / "catalogs" / "traveller" / "examples"
YARD = Yard()

# ships whose published crew is the table's, commercial or military
COMMERCIAL = {"suleiman-scout-courier": "Suleiman Scout/Courier",
              "boxy-ore-freighter": "Boxy Ore Freighter",
              "non-gravity-runabout": "Non-Gravity Runabout",
              "vargr-belt-racer": "Vargr Belt Racer", "civilian-hopper": "Civilian Hopper",
              "botfly-ultralight-fighter": "Botfly Ultralight Fighter",
              "poseidon-cargo-boat": "Poseidon Cargo Boat (TL10)",
              "gothta-ambush-fighter": "Gothta Ambush Fighter",
              "freight-handler-pod": "Freight Handler Pod",
              # military crews (design `crew: military`)
              "ambush-corvette": "Ambush-Class Hunter-Killer Corvette",
              "strandbell-sdb": "Strandbell System Defense Boat"}


def ship(stem: str) -> tuple[Ship, TravellerCatalog]:
    report = YARD.check(EXAMPLES / f"{stem}.yaml")
    assert report.design is not None
    return derive(report.design.model, report.design.catalog), report.design.catalog


@pytest.mark.parametrize("stem", sorted(COMMERCIAL))
def test_commercial_crew_matches_ships_csv(stem: str) -> None:
    with (DATA / "ships.csv").open(encoding="utf-8") as f:
        published = next(r["crew"] for r in csv.DictReader(f) if r["name"] == COMMERCIAL[stem])
    built, catalog = ship(stem)
    assert "; ".join(f"{role} {n}" for role, n in crew_table(built, catalog)) == published


def test_carried_small_craft_add_pilots_vehicles_do_not() -> None:
    base, catalog = ship("small-scout-base")  # ten shuttles and two boats; three G/Carriers
    assert dict(crew_table(base, catalog))["Pilot"] == 13


def test_combat_positions_follow_the_seed() -> None:
    dragon, _ = ship("dragon-sdb")
    assert combat_positions(dragon) == [
        ("Captain", 1), ("Pilot", 1), ("Sensor operator", 1), ("Comms officer", 1),
        ("Gunner", 4), ("Engineer (M-drive)", 1), ("Engineer (power)", 1)]
    safari, _ = ship("type-k-safari-ship")  # an empty turret needs no gunner at its guns
    assert "Gunner" not in dict(combat_positions(safari))
