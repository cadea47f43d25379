"""The derived profile: the hull's values as its components modify them, and its weapons."""

from __future__ import annotations

from dataclasses import dataclass, field

from shipyard.systems.rogue_trader.models import RogueTraderCatalog
from shipyard.systems.rogue_trader.rules import Fit, power_generated

LOCATION_ORDER = {"prow": 0, "dorsal": 1, "port": 2, "starboard": 3, "keel": 4}


@dataclass(frozen=True)
class WeaponLine:
    label: str
    kind: str
    location: str
    arcs: tuple[str, ...]
    strength: int
    damage: str | None  # as the catalog writes it
    crit: int | None
    range: str


@dataclass
class Profile:
    hull: str
    hull_class: str
    speed: int
    manoeuvrability: int
    detection: int
    armour: int
    prow_armour: int
    hull_integrity: int
    turrets: int
    void_shields: int
    crew_population: int
    morale: int
    crew: str
    crew_rating: int
    ballistic_skill: int
    command: int
    power_generated: int
    power_used: int
    space_used: int
    space: int
    sp: int
    turn: int
    weapons: list[WeaponLine] = field(default_factory=list)


def modifiers(f: Fit) -> dict[str, int]:
    """Every numeric modifier of the fitted components, summed."""
    total: dict[str, int] = {}
    for c in f.components:
        for name, value in c.component.modifiers:
            if isinstance(value, int) and value:
                total[name] = total.get(name, 0) + value
    return total


def weapon_range(weapon_range: int | None, min_range: int) -> str:
    if weapon_range is None:
        return "-"
    return f"{min_range}-{weapon_range} VU" if min_range else f"{weapon_range} VU"


def derive(f: Fit, catalog: RogueTraderCatalog) -> Profile:
    m = modifiers(f)
    h = f.hull
    arcs = catalog.combat.arcs
    base = catalog.construction
    gunnery = f.design.combat.gunnery
    command = f.design.combat.command
    p = Profile(
        hull=h.name, hull_class=f.hull_class.name,
        speed=h.speed + m.get("speed", 0),
        manoeuvrability=h.manoeuvrability + m.get("manoeuvrability", 0),
        detection=h.detection + m.get("detection", 0),
        armour=h.armour + m.get("armour", 0),
        prow_armour=h.armour + m.get("armour", 0) + m.get("prow_armour", 0),
        hull_integrity=h.hull_integrity + m.get("hull_integrity", 0),
        turrets=h.turrets + m.get("turrets", 0),
        void_shields=m.get("void_shields", 0),
        crew_population=base.crew_population + m.get("crew_population", 0),
        morale=base.morale + m.get("morale", 0),
        crew=f.crew.name, crew_rating=f.crew.rating,
        ballistic_skill=(gunnery if gunnery is not None else f.crew.rating)
        + m.get("ballistic_skill", 0),
        command=(command if command is not None else f.crew.rating) + m.get("command", 0),
        power_generated=power_generated(f),
        power_used=sum(c.component.power for c in f.components)
        + sum(w.weapon.power for w in f.weapons),
        space_used=sum(c.component.space for c in f.components)
        + sum(w.weapon.space for w in f.weapons),
        space=h.space,
        sp=h.sp + f.crew.sp + sum(c.component.sp for c in f.components)
        + sum(w.weapon.sp for w in f.weapons),
        turn=f.hull_class.turn,
    )
    for w in sorted(f.weapons, key=lambda w: (LOCATION_ORDER[w.location], w.index)):
        weapon = w.weapon
        damage, crit = weapon.damage, weapon.crit
        if w.torpedo is not None:
            damage, crit = w.torpedo.damage, w.torpedo.crit
        reach = weapon_range(weapon.range, weapon.min_range)
        if weapon.kind == "torpedo-tubes":
            reach = f"{catalog.combat.torpedo_reach} VU a turn"
        elif weapon.kind == "landing-bay":
            craft = catalog.attack_craft[catalog.combat.attack_craft]
            damage, reach = craft.damage, f"{craft.reach} VU a turn"
        p.weapons.append(WeaponLine(w.label, weapon.kind, w.location,
                                    tuple(arcs.get(w.location, [])),  # type: ignore[call-overload]
                                    weapon.strength, str(damage) if damage else None, crit,
                                    reach))
    return p


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def profile_rows(p: Profile) -> list[tuple[str, str]]:
    rows = [
        ("Hull", f"{p.hull} ({p.hull_class}, turns {p.turn}°)"),
        ("Speed", str(p.speed)),
        ("Manoeuvrability", signed(p.manoeuvrability)),
        ("Detection", signed(p.detection)),
        ("Armour", str(p.armour) + (f" (prow {p.prow_armour})" if p.prow_armour != p.armour
                                    else "")),
        ("Hull Integrity", str(p.hull_integrity)),
        ("Turret Rating", str(p.turrets)),
        ("Void Shields", str(p.void_shields)),
        ("Crew Population", str(p.crew_population)),
        ("Morale", str(p.morale)),
        ("Crew rating", f"{p.crew} ({p.crew_rating})"),
        ("Ballistic Skill (gunnery)", str(p.ballistic_skill)),
        ("Command", str(p.command)),
        ("Power", f"{p.power_used} used of {p.power_generated}"),
        ("Space", f"{p.space_used} used of {p.space}"),
        ("Ship points", str(p.sp)),
    ]
    for w in p.weapons:
        stats = [f"Strength {w.strength}"]
        if w.damage:
            stats.append(f"Damage {w.damage}")
        if w.crit is not None:
            stats.append(f"Crit {w.crit}")
        stats.append(f"Range {w.range}")
        rows.append((f"{w.location.capitalize()}: {w.label}",
                     f"{', '.join(stats)}; fires {', '.join(w.arcs)}"))
    return rows

