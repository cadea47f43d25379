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


def complement(ship: Ship, catalog: TravellerCatalog) -> str:
    """The High Guard crew in words, as `show` and the record sheet print it."""
    return ", ".join(f"{role} {n}" for role, n in crew_table(ship, catalog)) or "none"


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


# Which of the seed's positions each High Guard trade holds first, where a crew is too small for
# a person a position (TRV-R08); positions no trade holds go to whoever holds fewest.
TRADES: dict[str, tuple[str, ...]] = {
    "Captain": ("Captain",),
    "Pilot": ("Pilot",),
    "Astrogator": ("Sensor operator",),
    "Sensor Operator": ("Sensor operator",),
    "Engineer": ("Engineer (M-drive)", "Engineer (power)", "Engineer (J-drive)"),
    "Gunner": ("Gunner", "Gunners"),
}


def seats(roles: list[str], crew: list[tuple[str, int]]) -> list[tuple[str, list[int]]] | None:
    """The positions (`roles`, in order) shared out among a crew smaller than them: each person
    (trade, the indexes of the positions they hold), or None where the crew has a person for
    every position. A trade takes its own positions first, one at a time around its people;
    what is left goes to whoever holds fewest, in crew order (the seed: one person may hold
    several positions, TRV-R16)."""
    people = [trade for trade, n in crew for _ in range(n)]
    if len(people) >= len(roles):
        return None
    held: list[list[int]] = [[] for _ in people]
    left = []
    for i, role in enumerate(roles):
        mine = [k for k, trade in enumerate(people) if role in TRADES.get(trade, ())]
        if mine:
            held[min(mine, key=lambda k: len(held[k]))].append(i)
        else:
            left.append(i)
    for i in left:
        held[min(range(len(people)), key=lambda k: len(held[k]))].append(i)
    return [(people[k], h) for k, h in enumerate(held) if h]
