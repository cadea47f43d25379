"""A d12-facings ship's profile: the totals the quick reference rolls against, from its Fit."""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.systems.d12_facings.models import SIDES, D12Catalog
from shipyard.systems.d12_facings.rules import Fit, price, seats, shield_points


@dataclass(frozen=True)
class Profile:
    hull: str
    points: int
    defence: int
    piloting: int  # the best pilot aboard, the hull's handling, engines and edges
    pilot: str
    gunnery_bonus: int  # sensors and edges, added to every to-hit total
    shields: int
    armour: int
    seats: int
    crew: int


def edge_total(f: Fit, effect: str, roll: str | None = None) -> int:
    return sum(e.figure for e in f.edges if e.effect == effect and (roll is None or
                                                                     e.roll == roll))


def derive(f: Fit, catalog: D12Catalog) -> Profile:
    pilot = max(f.hands, key=lambda h: h.piloting)
    engines = sum(s.system.piloting or 0 for s in f.systems)
    sensors = sum(s.system.gunnery or 0 for s in f.systems)
    return Profile(
        hull=f.hull.name,
        points=price(f, catalog).total,
        defence=f.hull.defence + edge_total(f, "defence"),
        piloting=pilot.piloting + f.hull.handling + engines + edge_total(f, "bonus", "piloting"),
        pilot=pilot.name,
        gunnery_bonus=sensors + edge_total(f, "bonus", "gunnery"),
        shields=min(shield_points(f), f.hull.shields),
        armour=f.design.armour,
        seats=seats(f),
        crew=len(f.hands),
    )


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def profile_rows(f: Fit, p: Profile) -> list[tuple[str, str]]:
    rows = [
        ("Hull", f"{p.hull} (defence {p.defence}, handling {signed(f.hull.handling)})"),
        ("Points", str(p.points)),
        ("Piloting total", f"{p.piloting} ({p.pilot} at the helm)"),
        ("To-hit bonus", f"{signed(p.gunnery_bonus)} from sensors and edges"),
        ("Shields", f"{p.shields} a turn"),
        ("Outer armour", str(p.armour)),
        ("Crew", f"{p.crew} aboard, {p.seats} seats at crew stations"),
    ]
    for facing in (*SIDES, "core"):
        here = [s for s in f.systems if s.facing == facing]
        text = ", ".join(f"{s.label} [{s.kind_label}, {s.system.hp} hp]" for s in here)
        rows.append((facing.capitalize(), text or "empty"))
    rows.append(("Edges", ", ".join(e.name for e in f.edges) or "none"))
    return rows
