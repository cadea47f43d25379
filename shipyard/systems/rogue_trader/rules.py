"""rogue-trader construction: Power, Space, weapon capacity, the essential components, hull-class
and location restrictions, and ship points against a campaign limit (systems/rogue-trader.md).

A design is first resolved into `Fit`: its hull, crew rating and catalog entries in the design's
order, each with the line it was written on. The checks, the profile, the sheet and the fight all
read the same Fit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from shipyard.api import Budget, Design, LineOf, Verdict
from shipyard.systems.rogue_trader.models import (
    LOCATIONS,
    Component,
    ComponentKind,
    CrewRating,
    Hull,
    HullClassRules,
    RogueTraderCatalog,
    RogueTraderDesign,
    Torpedo,
    Weapon,
)

CODES = {
    "power.over": "components use more Power than the plasma drive and generators give",
    "space.over": "components fill more Space than the hull has",
    "slots.over": "more weapon components in a location than the hull's capacity there",
    "slots.unused": "warning: weapon capacity left empty",
    "hull_class.turn_over_90": "warning: the catalog lets this hull class turn more than 90° (R24)",
    "essential.missing": "an essential component kind is missing (exactly one of each)",
    "essential.duplicate": "more than one component of an essential kind",
    "hull.restricted": "a component or weapon not made for this hull class",
    "location.restricted": "a weapon in a location where it may not be mounted",
    "torpedoes.not_tubes": "a torpedo warhead loaded in a weapon that is not torpedo tubes",
    "sp.over": "the ship's total ship points exceed the campaign limit",
}

KIND_NAMES: dict[ComponentKind, str] = {
    "plasma-drive": "plasma drive", "warp-engine": "warp engine", "gellar-field": "Gellar field",
    "void-shields": "void shields", "bridge": "bridge", "life-sustainer": "life sustainer",
    "crew-quarters": "crew quarters", "augur-array": "augur array",
    "supplemental": "supplemental component",
}


@dataclass(frozen=True)
class Fitted:
    index: int
    component: Component
    line: int | None


@dataclass(frozen=True)
class Mounted:
    index: int
    weapon: Weapon
    location: str
    label: str
    torpedo: Torpedo | None
    line: int | None


@dataclass(frozen=True)
class Fit:
    design: RogueTraderDesign
    hull: Hull
    hull_class: HullClassRules
    crew: CrewRating
    components: list[Fitted]
    weapons: list[Mounted]


def fit(design: RogueTraderDesign, catalog: RogueTraderCatalog,
        line_of: LineOf | None = None) -> Fit:
    def line(*path: str | int) -> int | None:
        return line_of(path) if line_of is not None else None

    hull = catalog.hulls[design.hull]
    components = [Fitted(i, catalog.components[c], line("components", i))
                  for i, c in enumerate(design.components)]
    weapons = []
    for i, mount in enumerate(design.weapons):
        weapon = catalog.weapons[mount.weapon]
        torpedo = None
        if weapon.kind == "torpedo-tubes":
            torpedo = catalog.torpedoes[mount.torpedoes or catalog.combat.torpedo]
        label = mount.label or weapon.name
        weapons.append(Mounted(i, weapon, mount.location, label, torpedo, line("weapons", i)))
    return Fit(design, hull, catalog.hull_classes[hull.hull_class],
               catalog.crew_ratings[design.crew], components, weapons)


# --- budgets -----------------------------------------------------------------------------------


def power_generated(f: Fit) -> int:
    return sum(c.component.power_generated for c in f.components)


def ship_points(f: Fit) -> int:
    """What the ship costs in ship points: its hull, crew, components and weapons."""
    return (f.hull.sp + f.crew.sp + sum(c.component.sp for c in f.components)
            + sum(w.weapon.sp for w in f.weapons))


def budgets(f: Fit, line_of: LineOf) -> list[Budget]:
    power = Budget("power", "Power", power_generated(f), title="Power (used of generated)")
    space = Budget("space", "Space", f.hull.space, title="Space")
    total = [("Hull: " + f.hull.name, f.hull.sp, line_of(("hull",))),
             (f"Crew: {f.crew.name}", f.crew.sp, line_of(("crew",)))]
    for c in f.components:
        if c.component.power:
            power.add(c.component.name, c.component.power, c.line)
        space.add(c.component.name, c.component.space, c.line)
        total.append((c.component.name, c.component.sp, c.line))
    for w in f.weapons:
        name = f"{w.label} ({w.location})"
        if w.weapon.power:
            power.add(name, w.weapon.power, w.line)
        space.add(name, w.weapon.space, w.line)
        total.append((name, w.weapon.sp, w.line))
    limit = f.design.campaign_sp_limit
    sp = Budget("sp", "SP", limit,
                title="Ship points" + ("" if limit is not None else " (no campaign limit)"))
    for label, amount, line in total:
        sp.add(label, amount, line)
    out = [power, space, sp]
    for location in LOCATIONS:
        capacity = f.hull.weapons.get(location, 0)
        mounted = [w for w in f.weapons if w.location == location]
        if capacity or mounted:
            slots = Budget(f"slots.{location}", "weapons", capacity,
                           title=f"Weapon capacity, {location}")
            for w in mounted:
                slots.add(w.label, 1, w.line)
            out.append(slots)
    return out


# --- the checks --------------------------------------------------------------------------------


SEED_TURN_LIMIT = 90  # seed: "a starship's turn may never be more than 90 degrees"

ShipDesign = Design[RogueTraderDesign, RogueTraderCatalog, Fit]  # as the core hands it over


def check(f: Fit, catalog: RogueTraderCatalog, line_of: LineOf) -> Verdict:
    verdict = Verdict(budgets=budgets(f, line_of))
    by_name = {b.name: b for b in verdict.budgets}
    hull_line = line_of(("hull",))

    power = by_name["power"]
    if power.over:
        verdict.error("power.over", f"components use {power.used} Power but the ship generates "
                      f"{power.available}; free {power.excess} Power or fit a "
                      "bigger plasma drive", line_of(("components",)))
    space = by_name["space"]
    if space.over:
        verdict.error("space.over", f"components fill {space.used} Space of the "
                      f"{f.hull.name}'s {space.available}; remove {space.excess} Space",
                      hull_line)
    sp = by_name["sp"]
    if sp.over:
        verdict.error("sp.over", f"the ship costs {sp.used} SP, over the campaign limit of "
                      f"{sp.available}", line_of(("campaign_sp_limit",)))

    _essentials(f, catalog, line_of, verdict)
    _restrictions(f, verdict)
    if f.hull_class.turn > SEED_TURN_LIMIT:  # R24: the seed allows it only where "stated"
        verdict.warn("hull_class.turn_over_90", f"the catalog's hull class '{f.hull_class.id}' "
                     f"(hull_classes, id {f.hull_class.id}) turns {f.hull_class.turn}°; in the "
                     f"starship combat rules a turn is never more than {SEED_TURN_LIMIT}° unless "
                     "otherwise stated: accept this warning if your rules state it", hull_line)
    for location in LOCATIONS:
        slots = by_name.get(f"slots.{location}")
        if slots is None:
            continue
        capacity = f.hull.weapons.get(location, 0)
        if slots.over:
            extra = [w for w in f.weapons if w.location == location][capacity]
            verdict.error("slots.over", f"{slots.used} weapon component{'s' * (slots.used != 1)} "
                          f"in the {location}; the {f.hull.name} has room for "
                          f"{slots.available} there", extra.line)
        elif slots.used < capacity:
            left = capacity - int(slots.used)
            verdict.warn("slots.unused", f"{left} {location} weapon slot{'s' * (left != 1)} "
                         "left empty", line_of(("weapons",)))
    return verdict


def _essentials(f: Fit, catalog: RogueTraderCatalog, line_of: LineOf, verdict: Verdict) -> None:
    counts = Counter(c.component.kind for c in f.components)
    for kind in catalog.construction.essentials:
        if counts[kind] == 0:
            verdict.error("essential.missing", f"no {KIND_NAMES[kind]}: a ship needs exactly "
                          f"one (see `shipyard catalog rogue-trader`)", line_of(("components",)))
        elif counts[kind] > 1:
            extra = [c for c in f.components if c.component.kind == kind][1:]
            for c in extra:
                verdict.error("essential.duplicate", f"{c.component.name}: a second "
                              f"{KIND_NAMES[kind]}; a ship has exactly one", c.line)


def _restrictions(f: Fit, verdict: Verdict) -> None:
    hull_class = f.hull.hull_class
    class_name = f.hull_class.name.lower()
    for c in f.components:
        if hull_class not in c.component.hulls:
            verdict.error("hull.restricted", f"{c.component.name} is not made for a "
                          f"{class_name} (fits: {', '.join(c.component.hulls)})", c.line)
    forbidden = {kind: c.component.name for c in f.components
                 for kind in c.component.prow_forbids}
    for w in f.weapons:
        weapon = w.weapon
        if hull_class not in weapon.hulls:
            verdict.error("hull.restricted", f"{weapon.name} is not made for a {class_name} "
                          f"(fits: {', '.join(weapon.hulls)})", w.line)
        if w.location not in weapon.locations:
            verdict.error("location.restricted", f"{weapon.name} may not be mounted in the "
                          f"{w.location} (only: {', '.join(weapon.locations)})", w.line)
        elif w.location == "prow" and weapon.kind in forbidden:
            verdict.error("location.restricted", f"{weapon.name}: no {weapon.kind} in the prow "
                          f"of a ship with {forbidden[weapon.kind]}", w.line)
        mount = f.design.weapons[w.index]
        if mount.torpedoes is not None and weapon.kind != "torpedo-tubes":
            verdict.error("torpedoes.not_tubes", f"{weapon.name} fires no torpedoes; remove "
                          f"'torpedoes: {mount.torpedoes}'", w.line)
