"""Crew: the High Guard table (reported, never a golden figure: the reference data mixes required
and chosen crew) and the seed's combat positions (what the record sheet prints)."""

from __future__ import annotations

import math

from shipyard.systems.traveller.construction import Ship
from shipyard.systems.traveller.models import TravellerCatalog


def crew_table(ship: Ship, catalog: TravellerCatalog) -> list[tuple[str, int]]:
    """High Guard p.23, commercial or military as the design says (TRV-R08)."""
    f = catalog.crew
    military = ship.design.crew == "military"
    tons = ship.hull_tons
    lines = ship.lines
    crafts = sum(ln.quantity or 1 for ln in lines if ln.kind == "craft")
    drives = sum(ln.tons for ln in lines if ln.kind in ("m_drive", "j_drive", "plant"))
    if tons <= f.small_ship_tons and ship.jump == 0 and not military:
        return [("Pilot", 1)]
    per_mount = f.military_gunners_per_mount if military else 1
    gunners = 0
    for ln in lines:
        count = ln.quantity or 1
        if ln.mount in ("turret", "barbette", "screen"):
            gunners += per_mount * count
        elif ln.mount == "bay" and military:
            gunners += ln.gunners
        elif ln.mount == "spinal" and military:
            gunners += math.ceil(ln.tons / 100 - 1e-9)
    roles: list[tuple[str, int]] = [("Captain", 1)] if military else []
    roles.append(("Pilot", (f.military_pilots if military else 1) + crafts))
    if ship.jump:
        roles.append(("Astrogator", 1))
    roles.append(("Engineer", max(1, math.ceil(drives / f.engineer_per_tons - 1e-9))))
    if military:
        roles.append(("Maintenance", math.floor(tons / f.military_maintenance_per_tons)))
    elif tons >= f.maintenance_per_tons:
        roles.append(("Maintenance", math.ceil(tons / f.maintenance_per_tons)))
    roles.append(("Gunner", gunners))
    passengers = sum((ln.quantity or 1) for ln in lines
                     if ln.kind == "unit" and ln.item.startswith(("High", "Luxury")))
    if not military:  # a warship's high stateroom is its captain's, not a passenger's
        roles.append(("Steward", math.ceil(passengers / f.steward_per_high_passengers)))
    admin = f.military_administrator_per_tons if military else f.administrator_per_tons
    roles.append(("Administrator", math.floor(tons / admin)))
    sensors = (f.military_sensor_operators * math.ceil(tons / f.sensor_operator_per_tons - 1e-9)
               if military else math.floor(tons / f.sensor_operator_per_tons))
    roles.append(("Sensor Operator", sensors))
    total = sum(n for _, n in roles)
    medics = total // f.medic_per_crew
    roles.append(("Medic", max(1, medics) if military else medics))
    total += roles[-1][1]
    officers = total // f.military_officer_per_crew if military else (
        (total - roles[-1][1]) // f.officer_per_crew)
    roles.append(("Officer", officers))
    return [(role, n) for role, n in roles if n]


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
