"""d12-facings: the one-page d12 combat quick reference (seed 003), with house construction by
facing (docs/systems/d12-facings.md and catalogs/d12-facings/RULINGS.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from shipyard.api import (
    Budget,
    Design,
    LineOf,
    Printable,
    RulesSystem,
    Table,
    UserError,
    Verdict,
    suggest,
)
from shipyard.systems.d12_facings.models import D12Catalog, D12Design
from shipyard.systems.d12_facings.options import OPTIONS
from shipyard.systems.d12_facings.profile import derive, profile_rows
from shipyard.systems.d12_facings.rules import CODES, Fit, check, fit, price

if TYPE_CHECKING:
    from shipyard.api import FightSupport, GameRules

DEFAULT_HULL = "frigate"
ShipDesign = Design[D12Design, D12Catalog, Fit]


class D12Facings(RulesSystem[D12Design, D12Catalog, Fit]):
    id = "d12-facings"
    title = "d12 facings: the one-page d12 combat quick reference, house construction"
    dice = "d12, rolled again and added when under the total"
    hull_help = "a hull id: corvette, frigate, destroyer, cruiser, battleship"
    design_model = D12Design
    catalog_model = D12Catalog
    codes = CODES
    fight_options = OPTIONS
    price_unit = "points"

    def build(self, design: D12Design, catalog: D12Catalog, line_of: LineOf) -> Fit:
        return fit(design, catalog, line_of)

    def check(self, design: ShipDesign) -> Verdict:
        return check(design.built, design.catalog, design.line_of)

    def price(self, design: ShipDesign) -> int:
        return price(design.built, design.catalog).total

    def profile(self, design: ShipDesign) -> list[tuple[str, str]]:
        return profile_rows(design.built, derive(design.built, design.catalog))

    def new_design(self, catalog: D12Catalog, hull: str | None,
                   stock: str | None = None) -> dict[str, Any]:
        return new_design(catalog, hull)

    def hull_ids(self, catalog: D12Catalog) -> list[str]:
        return catalog.hulls.ids()

    def catalog_tables(self, catalog: D12Catalog) -> list[Table]:
        return catalog_tables(catalog)

    def packs(self, design: ShipDesign) -> bool:
        """Corvettes and frigates: their diagrams are short enough for two sheets a page."""
        from shipyard.systems.d12_facings.sheet import PACKED_HULLS

        return design.model.hull in PACKED_HULLS

    def pack_reference(self, designs: list[ShipDesign]) -> Printable:
        from shipyard.systems.d12_facings import sheet

        return sheet.reference(designs[0].catalog)

    def starting(self, design: ShipDesign) -> str:
        from shipyard.systems.d12_facings.profile import derive

        p = derive(design.built, design.catalog)
        return f"Shields {p.shields}, outer armour {p.armour}"  # as show names them

    def sheet(self, design: ShipDesign, budgets: list[Budget]) -> Printable:
        from shipyard.systems.d12_facings import sheet

        return sheet.sheet(design.built, design.catalog, budgets)

    def cards(self, catalog: D12Catalog, simulator: bool = False,
              designs: Sequence[ShipDesign] = ()) -> Printable:
        from shipyard.systems.d12_facings import sheet

        return sheet.cards(catalog, self.templates_dir(), simulator)

    def fight(self) -> FightSupport[ShipDesign]:
        from shipyard.systems.d12_facings.combat import SUPPORT  # not for validate or show

        return SUPPORT

    def game_rules(self) -> GameRules:
        from shipyard.systems.d12_facings.game import D12Game  # only `shipyard game`

        return D12Game()


def new_design(catalog: D12Catalog, hull_id: str | None) -> dict[str, Any]:
    """A crew station in the core, the cheapest gun fore: legal on every hull."""
    hulls = catalog.hulls
    hull_id = hull_id or (DEFAULT_HULL if DEFAULT_HULL in hulls else hulls[0].id)
    if hull_id not in hulls:
        raise UserError.single("cli.hull", f"--hull {hull_id!r}: unknown d12-facings hull; "
                               f"{suggest(hull_id, hulls.ids())} (see `shipyard catalog "
                               "d12-facings`)")
    hull = hulls[hull_id]
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


def _points(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


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
        for s in catalog.systems], note="D: the damage of a hit; S: sustain, the damage given up "
        "for each 1 added to the roll (R7); to-hit: a missile's own to-hit number, in place of "
        "the range's (R8); hp: the system's hit points (a normal system stops when damaged, a "
        "heavy or super-heavy one, or a turret, only when destroyed); slots: the room it takes "
        "on its facing")
    edges = Table("Edges (house)", ["id", "effect", "roll", "figure", "points"], [
        [e.id, e.effect, e.roll or "-", str(e.figure), str(e.points)] for e in catalog.edges])
    c = catalog.construction
    d = catalog.combat.difficulty
    rules = Table("Figures", ["what", "value", "source"], [
        ["outer armour", f"{_points(c.outer_armour_points)} for each armour point", "house"],
        ["turret mount", f"+{_points(c.turret_points)}", "house"],
        ["crewman beyond the captain", f"{_points(c.crewman_points)} each", "house"],
        ["skill", f"{_points(c.skill_points)} a level above {c.free_skill}, at most "
         f"{c.max_skill}", "house"],
        ["to hit", f"tailing {d.tailing}, short {d.short}, medium {d.medium}, long {d.long}, "
         "+ defence", "quick reference"],
    ])
    return [hulls, systems, edges, rules]


system = D12Facings()
