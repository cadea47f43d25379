"""traveller: Mongoose Traveller 2e ship construction (High Guard 2022) and the ship record.

The rules live in pure modules (construction.py derives, rules.py reports, crew.py staffs);
this class only delegates.
"""

from __future__ import annotations

from typing import Any

from shipyard.core.budget import Budget
from shipyard.core.system import LineOf, Printable, RulesSystem, Verdict
from shipyard.core.table import Table
from shipyard.systems.traveller.construction import derive
from shipyard.systems.traveller.models import TravellerCatalog, TravellerDesign
from shipyard.systems.traveller.profile import catalog_tables, new_design, profile_rows
from shipyard.systems.traveller.rules import CODES, check


class Traveller(RulesSystem):
    id = "traveller"
    title = "Mongoose Traveller 2e, High Guard 2022 construction"
    dice = "2d6, d6, D3"
    hull_help = "a hull in displacement tons, 6..2000000 (streamlined; 100 t and up jump-1)"
    design_model = TravellerDesign
    catalog_model = TravellerCatalog
    codes = CODES

    def check(self, design: Any, catalog: Any, line_of: LineOf) -> Verdict:
        return check(design, catalog, line_of)

    def profile(self, design: Any, catalog: Any) -> list[tuple[str, str]]:
        return profile_rows(derive(design, catalog), catalog)

    def new_design(self, catalog: Any, hull: str | None) -> dict[str, Any]:
        return new_design(catalog, hull)

    def catalog_tables(self, catalog: Any) -> list[Table]:
        return catalog_tables(catalog)

    def sheet(self, design: Any, catalog: Any, budgets: list[Budget]) -> Printable:
        from shipyard.systems.traveller import sheet

        return sheet.sheet(design, catalog)


system = Traveller()
