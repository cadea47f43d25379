"""A ship as a fight sees it: what never changes (its Spec) built once from the design."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

from shipyard.api import Dice
from shipyard.systems.rogue_trader.models import Modifiers, RogueTraderCatalog, RogueTraderDesign
from shipyard.systems.rogue_trader.rules import fit


@dataclass(frozen=True)
class Gun:
    """A weapon component's fighting figures, with its ammunition if it has any."""

    kind: str  # macrobattery, lance, torpedo-tubes, landing-bay, nova-cannon
    location: str
    arcs: tuple[str, ...]
    strength: int
    damage: Dice
    crit: int | None
    reach: int  # VU
    min_range: int
    step: int  # degrees of success per extra hit
    to_hit: int
    capacity: int | None  # torpedoes carried; None: no limit

    @property
    def shielded(self) -> bool:
        """Void shields stop it (they are useless against torpedoes and attack craft)."""
        return self.kind not in ("torpedo-tubes", "landing-bay")

    @property
    def ignores_armour(self) -> bool:
        return self.kind == "lance"

    @property
    def ordnance(self) -> bool:
        return self.kind in ("torpedo-tubes", "landing-bay")

    @cached_property
    def value(self) -> float:
        """What a hit is worth to the attacker, for choosing which hits the shields take."""
        return self.damage.mean * (2 if self.ignores_armour else 1)


@dataclass(frozen=True)
class Part:
    """A component (weapons included): what a critical hit can strike."""

    index: int
    name: str
    kind: str  # a component kind, or "weapon"
    modifiers: Modifiers
    void_shields: int = 0
    shield_fails_on: int | None = None
    gun: Gun | None = None


@dataclass(frozen=True)
class Crew:
    rating: int
    gunnery: int
    helm: int
    command: int
    tactic: str


@dataclass(frozen=True)
class Spec:
    name: str
    hull: str
    hull_class: str
    turn_steps: int  # 45° steps a turn may take
    speed: int
    manoeuvrability: int
    detection: int
    armour: int
    hull_integrity: int
    turrets: int
    crew_population: int
    morale: int
    ram: tuple[Dice, ...]
    crew: Crew
    parts: tuple[Part, ...] = field(default_factory=tuple)

    @cached_property
    def guns(self) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if p.gun is not None)

    @cached_property
    def bonuses(self) -> dict[str, tuple[tuple[int, int], ...]]:
        """Each numeric modifier: (part index, value) for the parts that have it."""
        out: dict[str, list[tuple[int, int]]] = {}
        for part in self.parts:
            for name, value in part.modifiers:
                if isinstance(value, int) and value:
                    out.setdefault(name, []).append((part.index, value))
        return {name: tuple(found) for name, found in out.items()}


def build(design: RogueTraderDesign, catalog: RogueTraderCatalog, crew: Crew) -> Spec:
    f = fit(design, catalog)
    combat = catalog.combat
    craft = catalog.attack_craft[combat.attack_craft]
    parts: list[Part] = []
    for c in f.components:
        component = c.component
        parts.append(Part(len(parts), component.name, component.kind, component.modifiers,
                          component.modifiers.void_shields, component.shield_fails_on))
    for w in f.weapons:
        weapon = w.weapon
        damage, crit, reach = weapon.damage, weapon.crit, weapon.range
        if weapon.kind == "torpedo-tubes" and w.torpedo is not None:
            damage, crit, reach = w.torpedo.damage, w.torpedo.crit, combat.torpedo_reach
        elif weapon.kind == "landing-bay":
            damage, crit, reach = craft.damage, None, craft.reach
        step = weapon.hit_step or (3 if weapon.kind == "lance" else 1)
        gun = Gun(weapon.kind, w.location, tuple(combat.arcs.get(w.location, [])),  # type: ignore[call-overload]
                  weapon.strength, damage or _D10, crit, reach or 0,
                  weapon.min_range, step, weapon.to_hit,
                  weapon.capacity if weapon.kind == "torpedo-tubes" else None)
        parts.append(Part(len(parts), f"{w.label} ({w.location})", "weapon", Modifiers(),
                          gun=gun))
    ram = [f.hull_class.ram_damage]
    ram += [c.component.modifiers.ram_damage for c in f.components
            if c.component.modifiers.ram_damage]
    hull = f.hull
    base = catalog.construction
    return Spec(
        name=design.name, hull=hull.name, hull_class=hull.hull_class,
        turn_steps=f.hull_class.turn // 45, speed=hull.speed,
        manoeuvrability=hull.manoeuvrability, detection=hull.detection, armour=hull.armour,
        hull_integrity=hull.hull_integrity, turrets=hull.turrets,
        crew_population=base.crew_population, morale=base.morale, ram=tuple(ram), crew=crew,
        parts=tuple(parts))


_D10 = Dice(1, 10)  # a weapon whose profile gives no Damage


def half_up(value: int) -> int:
    """Halves round up (R17)."""
    return math.ceil(value / 2)
