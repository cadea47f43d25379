"""dropfleet: fleet-scale starship battles in the manner of Dropfleet Commander (first edition):
157 published ships, house construction and points, ship cards and the damage sequence's
reference cards (systems/dropfleet.md). The rules live in the modules beside this one; the
class below only delegates."""

from __future__ import annotations

from typing import Any

from shipyard.core.budget import Budget
from shipyard.core.system import LineOf, Printable, RulesSystem, Verdict
from shipyard.core.table import Table
from shipyard.systems.dropfleet.build import catalog_tables, new_design, new_stock
from shipyard.systems.dropfleet.models import DropfleetCatalog, DropfleetDesign
from shipyard.systems.dropfleet.profile import rows
from shipyard.systems.dropfleet.rules import CODES, check
from shipyard.systems.dropfleet.ship import resolve


class Dropfleet(RulesSystem):
    id = "dropfleet"
    title = "Dropfleet Commander-style fleet battles (first edition ships)"
    dice = "D6 (D3, 2D6)"
    hull_help = ("a tonnage class (light, destroyer, medium, heavy, super-heavy, dreadnought) "
                 "or a stock ship id (see `catalog dropfleet`)")
    design_model = DropfleetDesign
    catalog_model = DropfleetCatalog
    codes = CODES

    def check(self, design: Any, catalog: Any, line_of: LineOf) -> Verdict:
        return check(design, catalog, line_of)

    def profile(self, design: Any, catalog: Any) -> list[tuple[str, str]]:
        return rows(resolve(design, catalog), catalog)

    def new_design(self, catalog: Any, hull: str | None) -> dict[str, Any]:
        return new_design(catalog, hull)

    def new_stock(self, catalog: Any, stock: str) -> dict[str, Any]:
        """For the core's `new --stock ID` (issue 12), once the kit offers it."""
        return new_stock(catalog, stock)

    def catalog_tables(self, catalog: Any) -> list[Table]:
        return catalog_tables(catalog)

    def sheet(self, design: Any, catalog: Any, budgets: list[Budget]) -> Printable:
        from shipyard.systems.dropfleet import sheet

        return sheet.sheet(design, catalog, budgets)

    def cards(self, catalog: Any) -> Printable:
        from shipyard.systems.dropfleet import sheet

        return sheet.cards(catalog)


system = Dropfleet()
