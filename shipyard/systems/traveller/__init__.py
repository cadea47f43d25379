"""traveller: Mongoose Traveller 2e ship construction (High Guard 2022) and the ship record.

The rules live in pure modules (construction.py derives, rules.py reports, crew.py staffs);
this class only delegates.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from shipyard.api import PLACES, Budget, Design, LineOf, Printable, RulesSystem, Table, Verdict
from shipyard.systems.traveller.construction import Ship, derive, figures
from shipyard.systems.traveller.models import MAX_HULL, TravellerCatalog, TravellerDesign
from shipyard.systems.traveller.options import OPTIONS
from shipyard.systems.traveller.profile import (
    catalog_tables,
    new_design,
    profile_rows,
    stock_design,
    stock_ids,
)
from shipyard.systems.traveller.rules import CODES, check

if TYPE_CHECKING:
    from shipyard.api import FightSupport, GameRules

ShipDesign = Design[TravellerDesign, TravellerCatalog, Ship]


class Traveller(RulesSystem[TravellerDesign, TravellerCatalog, Ship]):
    id = "traveller"
    title = "Mongoose Traveller 2e, High Guard 2022 construction"
    dice = "2d6, d6, D3"
    hull_help = "a hull in displacement tons, 6..2000000 (streamlined; 100 t and up jump-1)"
    design_model = TravellerDesign
    catalog_model = TravellerCatalog
    codes = CODES
    fight_options = OPTIONS
    price_unit = "MCr"  # a fleet is priced at what its ships sell for
    price_places = PLACES["MCr"]  # as every page and command prints a price

    def build(self, design: TravellerDesign, catalog: TravellerCatalog,
              line_of: LineOf) -> Ship:
        return derive(design, catalog)

    def check(self, design: ShipDesign) -> Verdict:
        return check(design.built, design.line_of)

    def profile(self, design: ShipDesign) -> list[tuple[str, str]]:
        return profile_rows(design.built, design.catalog)

    def new_design(self, catalog: TravellerCatalog, hull: str | None,
                   stock: str | None = None) -> dict[str, Any]:
        if stock is not None:
            return stock_design(self.catalog_dir(), stock)
        return new_design(catalog, hull)

    def price(self, design: ShipDesign) -> Decimal:
        return Decimal(figures(design.built.sale_price))

    def hull_ids(self, catalog: TravellerCatalog) -> list[str]:
        # the smallest and largest hulls `new` accepts among them: the contract suite writes each
        return ["6", "20", "50", "99", "100", "200", "400", "1000", "5000", "100000",
                str(MAX_HULL)]

    def stock_ids(self, catalog: TravellerCatalog) -> list[str]:
        return stock_ids(self.catalog_dir())

    def catalog_tables(self, catalog: TravellerCatalog) -> list[Table]:
        return catalog_tables(catalog, self.catalog_dir())

    def packs(self, design: ShipDesign) -> bool:
        from shipyard.systems.traveller.sheet import PACKS_UP_TO

        return design.built.hull_tons <= PACKS_UP_TO

    def starting(self, design: ShipDesign) -> str:
        return f"Hull {design.built.hull_points:,}"

    def sheet(self, design: ShipDesign, budgets: list[Budget]) -> Printable:
        from shipyard.systems.traveller import sheet

        return sheet.sheet(design.built, design.catalog)

    def cards(self, catalog: TravellerCatalog, simulator: bool = False,
              designs: Sequence[ShipDesign] = ()) -> Printable:
        from shipyard.systems.traveller.cards import cards

        return cards(catalog, simulator, designs)

    def game_rules(self) -> GameRules:
        from shipyard.systems.traveller.game import TravellerGame  # only `shipyard game`

        return TravellerGame()

    def fight(self) -> FightSupport[ShipDesign]:
        from shipyard.systems.traveller.combat import SUPPORT  # not for validate or show

        return SUPPORT


system = Traveller()
