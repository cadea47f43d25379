"""d12-facings house construction: slots per facing and in the core, crew berths, shield and
armour limits, and points (catalogs/d12-facings/RULINGS.md, C-rulings).

A design is first resolved into a `Fit`: its hull and catalog entries in the design's order,
each with the line it was written on. The checks, the profile, the sheet and the fight all read
the same Fit, so the price and the limits are worked out in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.api import Budget, LineOf, Verdict
from shipyard.systems.d12_facings.models import (
    FACINGS,
    D12Catalog,
    D12Design,
    Edge,
    Facing,
    Hand,
    Hull,
    System,
)

CODES = {
    "slots.over": "more slots used on a facing (or in the core) than the hull has",
    "slots.unused": "warning: slots left empty on a facing or in the core",
    "berths.over": "more crew (captain included) than the hull has berths",
    "seats.short": "warning: fewer working crew-station seats than crew; the rest cannot act",
    "station.missing": "no crew station: nobody aboard can act",
    "shields.over": "shield systems give more shield points than the hull allows",
    "armour.over": "more outer armour than the hull allows",
    "skill.over": "a crewman's skill above the catalog's most",
    "turret.not_weapon": "a turret mount on a system that does not fire",
    "core.weapon": "a weapon or missile in the core, which faces no enemy",
    "core.empty": "no system in the core: the first hit past the sides would destroy the ship",
    "weapons.none": "warning: the ship carries nothing that fires",
    "edge.twice": "the same edge taken twice",
    "points.over": "the ship costs more points than the design's points_limit",
}


@dataclass(frozen=True)
class Fitted:
    index: int
    system: System
    facing: Facing
    turret: bool
    label: str
    line: int | None

    @property
    def resilient(self) -> bool:
        """The seed: heavy, super-heavy and turret systems stop only when destroyed."""
        return self.turret or self.system.weight != "normal"

    @property
    def kind_label(self) -> str:
        return "turret" if self.turret else self.system.weight


@dataclass(frozen=True)
class Fit:
    design: D12Design
    hull: Hull
    systems: tuple[Fitted, ...]
    edges: tuple[Edge, ...]
    hands: tuple[Hand, ...]  # the captain first

    def on(self, facing: Facing) -> list[Fitted]:
        return [f for f in self.systems if f.facing == facing]


def fit(design: D12Design, catalog: D12Catalog, line_of: LineOf | None = None) -> Fit:
    def line(*path: str | int) -> int | None:
        return line_of(path) if line_of is not None else None

    systems = []
    count: dict[str, int] = {}
    for i, mount in enumerate(design.systems):
        system = catalog.systems[mount.system]
        count[system.id] = count.get(system.id, 0) + 1
        label = mount.label or system.name
        systems.append(Fitted(i, system, mount.facing, mount.turret, label,
                              line("systems", i)))
    # two of a kind get numbered so a log and a sheet can tell them apart
    seen: dict[str, int] = {}
    named = []
    for f in systems:
        if count[f.system.id] > 1 and f.label == f.system.name:
            seen[f.system.id] = seen.get(f.system.id, 0) + 1
            f = Fitted(f.index, f.system, f.facing, f.turret,
                       f"{f.label} {seen[f.system.id]}", f.line)
        named.append(f)
    return Fit(design, catalog.hulls[design.hull], tuple(named),
               tuple(catalog.edges[e] for e in design.edges),
               (design.captain, *design.crew))


@dataclass(frozen=True)
class Price:
    """What a ship costs, item by item (the points budget's line items)."""

    items: tuple[tuple[str, int, tuple[str | int, ...]], ...]

    @property
    def total(self) -> int:
        return sum(amount for _, amount, _ in self.items)


def price(f: Fit, catalog: D12Catalog) -> Price:
    rules = catalog.construction
    items: list[tuple[str, int, tuple[str | int, ...]]] = [
        (f"hull: {f.hull.name}", f.hull.points, ("hull",))]
    for s in f.systems:
        turret = rules.turret_points if s.turret else 0
        items.append((f"{s.label} ({s.facing}{', turret' if s.turret else ''})",
                      s.system.points + turret, ("systems", s.index)))
    if f.design.armour:
        items.append((f"outer armour {f.design.armour}",
                      f.design.armour * rules.outer_armour_points, ("armour",)))
    for i, hand in enumerate(f.hands):
        where: tuple[str | int, ...] = ("captain",) if i == 0 else ("crew", i - 1)
        skill = sum(max(0, s - rules.free_skill) for s in (hand.piloting, hand.gunnery))
        cost = skill * rules.skill_points + (rules.crewman_points if i else 0)
        if cost:
            items.append((f"{hand.name} (piloting {hand.piloting}, gunnery {hand.gunnery})",
                          cost, where))
    for i, edge in enumerate(f.edges):
        items.append((f"edge: {edge.name}", edge.points, ("edges", i)))
    return Price(tuple(items))


def points(design: D12Design, catalog: D12Catalog) -> int:
    return price(fit(design, catalog), catalog).total


def shield_points(f: Fit) -> int:
    return sum(s.system.shields or 0 for s in f.systems)


def seats(f: Fit) -> int:
    return sum(s.system.seats or 0 for s in f.systems)


def check(f: Fit, catalog: D12Catalog, line_of: LineOf) -> Verdict:
    """Every construction finding on a built design (C-rulings)."""
    design = f.design
    hull = f.hull
    verdict = Verdict()
    hull_line = line_of(("hull",))

    for facing in FACINGS:
        budget = Budget(f"slots.{facing}", "slots", hull.slots.of(facing),
                        title=f"Slots, {facing}")
        for s in f.on(facing):
            budget.add(s.label, s.system.slots, s.line)
        verdict.budgets.append(budget)
        used, room = sum(s.system.slots for s in f.on(facing)), hull.slots.of(facing)
        if used > room:
            last = f.on(facing)[-1].line
            verdict.error("slots.over", f"the {facing} holds {used} slots of systems; "
                          f"a {hull.name.lower()} has {room} there (remove {used - room})", last)
        elif used < room:
            verdict.warn("slots.unused", f"{room - used} of the {facing}'s {room} slots left "
                         "empty", hull_line)

    crew = Budget("berths", "crew", hull.berths, title="Crew berths")
    for i, hand in enumerate(f.hands):
        crew.add(hand.name, 1, line_of(("captain",) if i == 0 else ("crew", i - 1)))
    verdict.budgets.append(crew)
    if len(f.hands) > hull.berths:
        verdict.error("berths.over", f"{len(f.hands)} aboard (captain included); a "
                      f"{hull.name.lower()} has {hull.berths} berths (put "
                      f"{len(f.hands) - hull.berths} ashore)", crew.items[-1].line)
    for i, hand in enumerate(f.hands):
        where: tuple[str | int, ...] = ("captain",) if i == 0 else ("crew", i - 1)
        for skill in ("piloting", "gunnery"):
            value = getattr(hand, skill)
            if value > catalog.construction.max_skill:
                verdict.error("skill.over", f"{hand.name}'s {skill} {value} is above the most, "
                              f"{catalog.construction.max_skill}", line_of((*where, skill)))

    shields = shield_points(f)
    if shields > hull.shields:
        generators = [x for x in f.systems if x.system.shields]
        verdict.error("shields.over", f"the shield systems give {shields} shield points; a "
                      f"{hull.name.lower()} takes at most {hull.shields}", generators[-1].line)
    if design.armour > hull.armour:
        verdict.error("armour.over", f"outer armour {design.armour}; a {hull.name.lower()} "
                      f"takes at most {hull.armour}", line_of(("armour",)))

    for s in f.systems:
        if s.turret and not s.system.fires:
            verdict.error("turret.not_weapon", f"{s.label} cannot be a turret: only weapons "
                          f"and missiles turn, and it is {s.system.kind} (C2)", s.line)
        if s.facing == "core" and s.system.fires:
            verdict.error("core.weapon", f"{s.label} is in the core, which faces no enemy; "
                          "mount it fore, aft, port or starboard (C1)", s.line)
    if not f.on("core"):
        verdict.error("core.empty", "nothing in the core: the quick reference's core is made of "
                      "systems, and a ship with none is destroyed by the first damage past its "
                      "sides",
                      hull_line)
    if not any(s.system.kind == "station" for s in f.systems):
        verdict.error("station.missing", "no crew station (bridge, gun deck): nobody aboard "
                      "can act", hull_line)
    elif seats(f) < len(f.hands):
        verdict.warn("seats.short", f"{len(f.hands)} aboard and {seats(f)} seats at crew "
                     f"stations: {len(f.hands) - seats(f)} cannot act", hull_line)
    if not any(s.system.fires for s in f.systems):
        verdict.warn("weapons.none", "nothing aboard fires", hull_line)
    seen: set[str] = set()
    for i, edge in enumerate(f.edges):
        if edge.id in seen:
            verdict.error("edge.twice", f"the edge '{edge.id}' is taken twice",
                          line_of(("edges", i)))
        seen.add(edge.id)

    cost = price(f, catalog)
    budget = Budget("points", "points", design.points_limit, title="Points")
    for label, amount, where in cost.items:
        budget.add(label, amount, line_of(where))
    verdict.budgets.append(budget)
    if design.points_limit is not None and cost.total > design.points_limit:
        verdict.error("points.over", f"the ship costs {cost.total} points; the limit is "
                      f"{design.points_limit}", line_of(("points_limit",)))
    return verdict
