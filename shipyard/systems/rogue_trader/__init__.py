"""rogue-trader: starship combat from the Rogue Trader roleplaying game, with construction by the
published game's hull classes and components (systems/rogue-trader.md)."""

from __future__ import annotations

from typing import Any

from shipyard.core.budget import Budget
from shipyard.core.system import LineOf, Printable, RulesSystem, Verdict
from shipyard.core.table import Table
from shipyard.systems.rogue_trader.build import catalog_tables, new_design
from shipyard.systems.rogue_trader.models import RogueTraderCatalog, RogueTraderDesign
from shipyard.systems.rogue_trader.options import OPTIONS
from shipyard.systems.rogue_trader.profile import derive, profile_rows
from shipyard.systems.rogue_trader.rules import CODES, check, fit


class RogueTrader(RulesSystem):
    id = "rogue-trader"
    title = "Rogue Trader starship combat (Warhammer 40,000 roleplay)"
    dice = "d10, d100 roll-under"
    hull_help = "a hull id, such as sword-class-frigate (see `catalog rogue-trader`)"
    design_model = RogueTraderDesign
    catalog_model = RogueTraderCatalog
    codes = CODES
    fight_options = OPTIONS

    def check(self, design: Any, catalog: Any, line_of: LineOf) -> Verdict:
        return check(design, catalog, line_of)

    def profile(self, design: Any, catalog: Any) -> list[tuple[str, str]]:
        return profile_rows(derive(fit(design, catalog), catalog))

    def new_design(self, catalog: Any, hull: str | None) -> dict[str, Any]:
        return new_design(catalog, hull)

    def catalog_tables(self, catalog: Any) -> list[Table]:
        return catalog_tables(catalog)

    def sheet(self, design: Any, catalog: Any, budgets: list[Budget]) -> Printable:
        from shipyard.systems.rogue_trader import sheet

        return sheet.sheet(design, catalog, budgets)

    def cards(self, catalog: Any) -> Printable:
        from shipyard.systems.rogue_trader import sheet

        return sheet.cards(catalog)

    def fight(self) -> Any:
        from shipyard.systems.rogue_trader.combat import SUPPORT  # not for validate or show

        return SUPPORT


system = RogueTrader()
