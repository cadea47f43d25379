"""d12-facings: the one-page d12 combat quick reference (seed 003), with house construction by
facing (docs/systems/d12-facings.md and catalogs/d12-facings/RULINGS.md)."""

from __future__ import annotations

import difflib
from typing import Any

from shipyard.core.budget import Budget
from shipyard.core.system import LineOf, Printable, RulesSystem, Verdict
from shipyard.core.table import Table
from shipyard.errors import UserError
from shipyard.systems.d12_facings.models import D12Catalog, D12Design
from shipyard.systems.d12_facings.profile import derive, profile_rows
from shipyard.systems.d12_facings.rules import CODES, check, fit

DEFAULT_HULL = "frigate"


class D12Facings(RulesSystem):
    id = "d12-facings"
    title = "d12 facings: the one-page d12 combat quick reference, house construction"
    dice = "d12, rolled again and added when under the total"
    hull_help = "a hull id: corvette, frigate, destroyer, cruiser, battleship"
    design_model = D12Design
    catalog_model = D12Catalog
    codes = CODES

    def check(self, design: Any, catalog: Any, line_of: LineOf) -> Verdict:
        return check(design, catalog, line_of)

    def profile(self, design: Any, catalog: Any) -> list[tuple[str, str]]:
        f = fit(design, catalog)
        return profile_rows(f, derive(f, catalog))

    def new_design(self, catalog: Any, hull: str | None) -> dict[str, Any]:
        return new_design(catalog, hull)

    def catalog_tables(self, catalog: Any) -> list[Table]:
        return catalog_tables(catalog)

    def sheet(self, design: Any, catalog: Any, budgets: list[Budget]) -> Printable:
        from shipyard.systems.d12_facings import sheet

        return sheet.sheet(design, catalog, budgets)

    def cards(self, catalog: Any) -> Printable:
        from shipyard.systems.d12_facings import sheet

        return sheet.cards(catalog)

    def fight(self) -> Any:
        from shipyard.systems.d12_facings.combat import SUPPORT  # not for validate or show

        return SUPPORT


def new_design(catalog: D12Catalog, hull_id: str | None) -> dict[str, Any]:
    """A bridge and a shield in the core, a light gun fore: legal on every hull."""
    hulls = catalog.entries("hulls")
    hull_id = hull_id or (DEFAULT_HULL if DEFAULT_HULL in hulls else next(iter(hulls)))
    if hull_id not in hulls:
        close = difflib.get_close_matches(hull_id, list(hulls), n=1, cutoff=0.0)
        hint = f"did you mean '{close[0]}'?" if close else "the catalog has no hulls"
        raise UserError.single("cli.hull", f"--hull {hull_id!r}: unknown d12-facings hull; "
                               f"{hint} (see `shipyard catalog d12-facings`)")
    hull = catalog.hull(hull_id)
    systems: list[dict[str, Any]] = []
    stations = [s for s in catalog.systems if s.kind == "station" and s.slots <= hull.slots.core]
    if stations:
        systems.append({"system": min(stations, key=lambda s: (s.slots, -s.hp)).id,
                        "facing": "core"})
    guns = [s for s in catalog.systems if s.kind == "weapon" and s.slots <= hull.slots.fore]
    if guns:
        systems.append({"system": min(guns, key=lambda s: (s.points, s.id)).id,
                        "facing": "fore"})
    skill = catalog.construction.free_skill
    return {"system": "d12-facings", "name": f"New {hull.name.lower()}", "hull": hull.id,
            "captain": {"name": "The Captain", "piloting": skill, "gunnery": skill},
            "systems": systems}


def catalog_tables(catalog: D12Catalog) -> list[Table]:
    hulls = Table("Hull classes (house)", ["id", "fore", "aft", "port", "stbd", "core",
                                           "shields", "armour", "berths", "defence",
                                           "handling", "points"], [
        [h.id, *(str(h.slots.of(f)) for f in ("fore", "aft", "port", "starboard", "core")),
         str(h.shields), str(h.armour), str(h.berths), str(h.defence), str(h.handling),
         str(h.points)] for h in catalog.hulls])

    def figures(s: Any) -> str:
        parts = {"damage": "D", "sustain": "S", "to_hit": "to-hit", "shields": "shields",
                 "piloting": "piloting +", "gunnery": "to-hit +", "seats": "seats"}
        return ", ".join(f"{label} {getattr(s, key)}".replace("+ ", "+")
                         for key, label in parts.items() if getattr(s, key) is not None)

    systems = Table("Systems (house)", ["id", "kind", "weight", "hp", "slots", "points",
                                        "figures"], [
        [s.id, s.kind, s.weight, str(s.hp), str(s.slots), str(s.points), figures(s)]
        for s in catalog.systems])
    edges = Table("Edges (house)", ["id", "effect", "roll", "figure", "points"], [
        [e.id, e.effect, e.roll or "-", str(e.figure), str(e.points)] for e in catalog.edges])
    c = catalog.construction
    d = catalog.combat.difficulty
    rules = Table("Figures", ["what", "value", "source"], [
        ["outer armour", f"{c.outer_armour_points} points a point", "house"],
        ["turret mount", f"+{c.turret_points} points", "house"],
        ["crewman beyond the captain", f"{c.crewman_points} points", "house"],
        ["skill", f"{c.skill_points} points a level above {c.free_skill}, at most "
         f"{c.max_skill}", "house"],
        ["to hit", f"tailing {d.tailing}, short {d.short}, medium {d.medium}, long {d.long}, "
         "+ defence", "seed"],
    ])
    return [hulls, systems, edges, rules]


system = D12Facings()
