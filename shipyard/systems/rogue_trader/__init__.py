"""rogue-trader: starship combat from the Rogue Trader roleplaying game, with construction by the
published game's hull classes and components (systems/rogue-trader.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from shipyard.api import Budget, LineOf, Printable, RulesSystem, Table, Verdict
from shipyard.systems.rogue_trader.build import catalog_tables, new_design
from shipyard.systems.rogue_trader.models import RogueTraderCatalog, RogueTraderDesign
from shipyard.systems.rogue_trader.options import OPTIONS
from shipyard.systems.rogue_trader.profile import derive, profile_rows
from shipyard.systems.rogue_trader.rules import CODES, Fit, ShipDesign, check, fit, ship_points

if TYPE_CHECKING:
    from shipyard.api import FightSupport, GameRules


class RogueTrader(RulesSystem[RogueTraderDesign, RogueTraderCatalog, Fit]):
    id = "rogue-trader"
    title = "Rogue Trader starship combat (Warhammer 40,000 roleplay)"
    dice = "d10, d100 roll-under"
    hull_help = "a hull id, such as sword-class-frigate (see `catalog rogue-trader`)"
    design_model = RogueTraderDesign
    catalog_model = RogueTraderCatalog
    codes = CODES
    fight_options = OPTIONS
    price_unit = "SP"

    def build(self, design: RogueTraderDesign, catalog: RogueTraderCatalog,
              line_of: LineOf) -> Fit:
        return fit(design, catalog, line_of)

    def check(self, design: ShipDesign) -> Verdict:
        return check(design.built, design.catalog, design.line_of)

    def profile(self, design: ShipDesign) -> list[tuple[str, str]]:
        return profile_rows(derive(design.built, design.catalog))

    def price(self, design: ShipDesign) -> int:
        return ship_points(design.built)

    def starting(self, design: ShipDesign) -> str:
        p = derive(design.built, design.catalog)
        return (f"Hull Integrity {p.hull_integrity}, Crew Population {p.crew_population}, "
                f"Morale {p.morale}")

    def new_design(self, catalog: RogueTraderCatalog, hull: str | None,
                   stock: str | None = None) -> dict[str, Any]:
        return new_design(catalog, hull)

    def hull_ids(self, catalog: RogueTraderCatalog) -> list[str]:
        return catalog.hulls.ids()

    def catalog_tables(self, catalog: RogueTraderCatalog) -> list[Table]:
        return catalog_tables(catalog)

    def sheet(self, design: ShipDesign, budgets: list[Budget]) -> Printable:
        from shipyard.systems.rogue_trader import sheet

        return sheet.sheet(design.model, design.catalog, budgets)

    def cards(self, catalog: RogueTraderCatalog, simulator: bool = False,
              designs: Sequence[ShipDesign] = ()) -> Printable:
        from shipyard.systems.rogue_trader import sheet

        return sheet.cards(catalog, self.templates_dir(), simulator)

    def fight(self) -> FightSupport[ShipDesign]:
        from shipyard.systems.rogue_trader.combat import SUPPORT  # not for validate or show

        return SUPPORT

    def game_rules(self) -> GameRules:
        from shipyard.systems.rogue_trader.game import RogueTraderGame  # only `shipyard game`

        return RogueTraderGame()

system = RogueTrader()
