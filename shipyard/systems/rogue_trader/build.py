"""Starting designs for `new`, and the catalog as tables for `catalog`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shipyard.api import Table, UserError, suggest
from shipyard.systems.rogue_trader.models import (
    LOCATIONS,
    Component,
    Hull,
    RogueTraderCatalog,
    Weapon,
)
from shipyard.systems.rogue_trader.rules import KIND_NAMES

DEFAULT_HULL = "sword-class-frigate"
SHORT = {"transport": "T", "raider": "R", "frigate": "F", "light-cruiser": "LC",
         "cruiser": "C", "battlecruiser": "BC", "grand-cruiser": "GC"}


def _hull(catalog: RogueTraderCatalog, hull_id: str | None) -> Hull:
    hulls = catalog.hulls
    hull_id = hull_id or (DEFAULT_HULL if DEFAULT_HULL in hulls else hulls.ids()[0])
    hull = hulls.get(hull_id)
    if hull is None:
        raise UserError.single("cli.hull", f"--hull {hull_id!r}: unknown rogue-trader hull; "
                               f"{suggest(hull_id, hulls.ids(), always=True)} "
                               "(see `shipyard catalog rogue-trader`)")
    return hull


CORE = "Rogue Trader Core"


def _plain(c: Component | Weapon) -> tuple[bool, bool, int]:
    """Prefer the core book's standard parts, without drawbacks, at the fewest ship points."""
    drawback = isinstance(c, Component) and any(
        isinstance(v, int) and v < 0 for _, v in c.modifiers)
    return (c.source != CORE, drawback, c.sp)


def _essential(kind: str, hull: Hull, catalog: RogueTraderCatalog) -> Component | None:
    fitting = [c for c in catalog.components if c.kind == kind and hull.hull_class in c.hulls]
    if kind == "plasma-drive":  # the most Power for the Space
        return min(fitting, key=lambda c: (*_plain(c), c.space - c.power_generated, c.id),
                   default=None)
    return min(fitting, key=lambda c: (*_plain(c), c.space + c.power, c.id), default=None)


def _cheapest_gun(location: str, hull: Hull, catalog: RogueTraderCatalog, power: int,
                  space: int) -> Weapon | None:
    """A standard macrobattery at the fewest ship points, the longest-ranged of those (so
    that `duel` and `odds` of a new design find it firing), then the least Power and Space."""
    fitting = [w for w in catalog.weapons if w.kind == "macrobattery"
               and hull.hull_class in w.hulls and location in w.locations
               and w.power <= power and w.space <= space]
    return min(fitting, key=lambda w: (*_plain(w), -(w.range or 0), w.power + w.space, w.id),
               default=None)


# A new design's crew: a competent crew (Ballistic Skill 30) so seldom gets a hit past a void
# shield that a new ship's first duel against itself ends by boarding with no damage done.
NEW_CREW = "veteran"


def new_design(catalog: RogueTraderCatalog, hull_id: str | None) -> dict[str, Any]:
    """One of each essential, the cheapest that fits; then a macrobattery per slot while the
    Power and Space last, and a veteran crew (NEW_CREW)."""
    hull = _hull(catalog, hull_id)
    chosen = [_essential(kind, hull, catalog) for kind in catalog.construction.essentials]
    components = [c for c in chosen if c is not None]
    power = sum(c.power_generated - c.power for c in components)
    space = hull.space - sum(c.space for c in components)
    weapons: list[dict[str, Any]] = []
    for location in LOCATIONS:
        for _ in range(hull.weapons.get(location, 0)):
            gun = _cheapest_gun(location, hull, catalog, power, space)
            if gun is None:
                break
            weapons.append({"weapon": gun.id, "location": location})
            power -= gun.power
            space -= gun.space
    design: dict[str, Any] = {"system": "rogue-trader", "name": f"New {hull.name}",
                              "hull": hull.id, "crew": NEW_CREW,
                              "components": [c.id for c in components]}
    if weapons:
        design["weapons"] = weapons
    return design


# --- catalog tables ---------------------------------------------------------------------------


def _classes(classes: Sequence[str]) -> str:
    return " ".join(SHORT[c] for c in classes) if len(classes) < len(SHORT) else "all"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _mods(c: Component) -> str:
    parts = []
    for name, value in c.modifiers:
        if isinstance(value, int) and value:
            parts.append(f"{name.replace('_', ' ')} {_signed(value)}")
        elif isinstance(value, str):
            parts.append(f"{name.replace('_', ' ')} +{value}")
    return ", ".join(parts)


def catalog_tables(catalog: RogueTraderCatalog) -> list[Table]:
    classes = Table("Hull classes", ["id", "name", "turn", "ramming damage", "source"], [
        [c.id, c.name, f"{c.turn}°", str(c.ram_damage), c.source] for c in catalog.hull_classes])
    hulls = Table("Hulls", ["id", "class", "Spd", "Man", "Det", "HI", "Arm", "Tur", "Space",
                            "SP", "weapon capacity", "source"], [
        [h.id, SHORT[h.hull_class], str(h.speed), _signed(h.manoeuvrability),
         _signed(h.detection), str(h.hull_integrity), str(h.armour), str(h.turrets),
         str(h.space), str(h.sp), ", ".join(f"{n} {loc}" for loc, n in h.weapons.items()),
         h.source] for h in sorted(catalog.hulls, key=lambda h: (
             list(SHORT).index(h.hull_class), h.id))],
        note="T transport, R raider, F frigate, LC light cruiser, C cruiser, BC battlecruiser, "
             "GC grand cruiser")
    essential = Table("Essential components (exactly one of each kind)",
                      ["id", "kind", "hulls", "Power", "Space", "SP", "modifies", "source"], [
        [c.id, KIND_NAMES[c.kind], _classes(c.hulls),
         f"+{c.power_generated}" if c.power_generated else str(c.power), str(c.space),
         str(c.sp), _mods(c), c.source]
        for kind in catalog.construction.essentials
        for c in catalog.components if c.kind == kind],
        note="Power: used, or +generated for drives")
    supplemental = Table("Supplemental components", ["id", "hulls", "Power", "Space", "SP",
                                                     "effect", "source"], [
        [c.id, _classes(c.hulls),
         f"+{c.power_generated}" if c.power_generated else str(c.power), str(c.space),
         str(c.sp), c.effect, c.source]
        for c in catalog.components if c.kind == "supplemental"])
    weapons = Table("Weapon components", ["id", "kind", "hulls", "locations", "Str", "Damage",
                                          "Crit", "Range", "Power", "Space", "SP", "source"], [
        [w.id, w.kind, _classes(w.hulls), " ".join(w.locations), str(w.strength),
         str(w.damage) if w.damage else "-", "-" if w.crit is None else str(w.crit),
         "-" if w.range is None else (f"{w.min_range}-{w.range}" if w.min_range
                                      else str(w.range)),
         str(w.power), str(w.space), str(w.sp), w.source + (" (house: "
                                                           + ", ".join(w.house) + ")"
                                                           if w.house else "")]
        for w in catalog.weapons],
        note="Range in void units (VU). Torpedo tubes fire the warheads below; landing bays "
             "launch attack craft.")
    ordnance = Table("Torpedoes and attack craft", ["id", "name", "Damage", "Crit", "source"], [
        [t.id, t.name, str(t.damage), "-" if t.crit is None else str(t.crit),
         t.source] for t in catalog.torpedoes] + [
        [a.id, a.name, str(a.damage), "-", a.source] for a in catalog.attack_craft])
    crew = Table("Crew ratings", ["id", "name", "rating", "SP", "source"], [
        [c.id, c.name, str(c.rating), str(c.sp), c.source + (" (house: SP)" if c.house else "")]
        for c in catalog.crew_ratings])
    chart = Table("Critical hits", ["roll", "result", "effect"], [
        ["-" if c.rolls is None else (str(c.rolls[0]) if c.rolls[0] == c.rolls[1]
                                      else f"{c.rolls[0]}-{c.rolls[1]}"), c.name, c.effect]
        for c in catalog.critical_hits],
        note="A Crit Rating critical rolls 1d5; a value over 11 reads as 11 "
             "(shipyard rulings rogue-trader R2)")
    return [classes, hulls, essential, supplemental, weapons, ordnance, crew, chart]
