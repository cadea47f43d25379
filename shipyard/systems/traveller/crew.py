"""Crew: the High Guard table (reported, never a golden figure: the reference data mixes required
and chosen crew) and the seed's combat positions (what the record sheet prints)."""

from __future__ import annotations

import math

from shipyard.systems.traveller.construction import Ship
from shipyard.systems.traveller.models import TravellerCatalog


def crew_table(ship: Ship, catalog: TravellerCatalog) -> list[tuple[str, int]]:
    """High Guard p.23, commercial crew (TRV-R08: military crews are not derived)."""
    f = catalog.crew
    tons = ship.hull_tons
    lines = ship.lines
    crafts = sum(ln.quantity or 1 for ln in lines if ln.kind == "craft")
    drives = sum(ln.tons for ln in lines if ln.kind in ("m_drive", "j_drive", "plant"))
    if tons <= f.small_ship_tons and ship.jump == 0:
        return [("Pilot", 1)]
    roles: list[tuple[str, int]] = [("Pilot", 1 + crafts)]
    if ship.jump:
        roles.append(("Astrogator", 1))
    roles.append(("Engineer", max(1, math.ceil(drives / f.engineer_per_tons - 1e-9))))
    if tons >= f.maintenance_per_tons:
        roles.append(("Maintenance", math.ceil(tons / f.maintenance_per_tons)))
    gunners = sum(ln.gunners for ln in lines)
    if gunners:
        roles.append(("Gunner", gunners))
    passengers = sum((ln.quantity or 1) for ln in lines
                     if ln.kind == "unit" and ln.item.startswith(("High", "Luxury")))
    if passengers:
        roles.append(("Steward", math.ceil(passengers / f.steward_per_high_passengers)))
    if tons >= f.administrator_per_tons:
        roles.append(("Administrator", math.floor(tons / f.administrator_per_tons)))
    if tons >= f.sensor_operator_per_tons:
        roles.append(("Sensor operator", math.floor(tons / f.sensor_operator_per_tons)))
    total = sum(n for _, n in roles)
    if total >= f.medic_per_crew:
        roles.append(("Medic", total // f.medic_per_crew))
    if total >= f.officer_per_crew:
        roles.append(("Officer", total // f.officer_per_crew))
    return roles


def combat_positions(ship: Ship) -> list[tuple[str, int]]:
    """The seed's positions: captain, pilot, sensor operator, comms, a gunner per turret or bay
    (fixed mounts are the pilot's), and an engineer each for M-drive, power plant and J-drive."""
    positions: list[tuple[str, int]] = [("Captain", 1), ("Pilot", 1), ("Sensor operator", 1),
                                        ("Comms officer", 1)]
    gunners = sum(ln.quantity or 1 for ln in ship.lines
                  if ln.kind in ("turret", "mount", "spinal") and ln.weapons
                  and ln.section == "Weapons")
    if gunners:
        positions.append(("Gunner", gunners))
    for kind, role in (("m_drive", "Engineer (M-drive)"), ("r_drive", "Engineer (M-drive)"),
                       ("plant", "Engineer (power)"), ("j_drive", "Engineer (J-drive)")):
        if any(ln.kind == kind for ln in ship.lines) and role not in dict(positions):
            positions.append((role, 1))
    return positions
