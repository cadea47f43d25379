"""dropfleet: fleet-scale starship battles in the manner of Dropfleet Commander (first edition):
157 published ships, house construction and points, ship cards and the damage sequence's
reference cards (systems/dropfleet.md). The rules live in the modules beside this one; the
class below only delegates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from shipyard.api import Budget, Design, Fleet, LineOf, Printable, RulesSystem, Table, Verdict
from shipyard.systems.dropfleet.build import catalog_tables, new_design, new_stock
from shipyard.systems.dropfleet.models import CLASS_IDS, DropfleetCatalog, DropfleetDesign
from shipyard.systems.dropfleet.options import OPTIONS
from shipyard.systems.dropfleet.profile import rows
from shipyard.systems.dropfleet.rules import CODES, PricedCatalog, check, price
from shipyard.systems.dropfleet.ship import Ship, resolve

if TYPE_CHECKING:
    from shipyard.api import FightSupport, GameRules

ShipDesign = Design[DropfleetDesign, DropfleetCatalog, Ship]


class Dropfleet(RulesSystem[DropfleetDesign, DropfleetCatalog, Ship]):
    id = "dropfleet"
    title = "Dropfleet Commander-style fleet battles (first edition ships)"
    dice = "D6 (D3, 2D6)"
    hull_help = ("a tonnage class: light, destroyer, medium, heavy, super-heavy, dreadnought "
                 "(or `new --stock ID` for a published ship)")
    design_model = DropfleetDesign
    catalog_model = PricedCatalog
    codes = CODES
    price_unit = "points"
    fight_options = OPTIONS

    def build(self, design: DropfleetDesign, catalog: DropfleetCatalog,
              line_of: LineOf) -> Ship:
        return resolve(design, catalog, line_of)

    def check(self, design: ShipDesign) -> Verdict:
        return check(design.model, design.built, design.catalog, design.line_of)

    def profile(self, design: ShipDesign) -> list[tuple[str, str]]:
        return rows(design.built, design.catalog)

    def price(self, design: ShipDesign) -> int:
        return price(design.model, design.built, design.catalog)

    def ships_in(self, design: ShipDesign) -> int:
        return design.model.group or 1

    def fleet_check(self, fleet: Fleet) -> Verdict:
        from shipyard.systems.dropfleet.fleet import fleet_check

        return fleet_check(fleet, fleet.catalog)

    def new_design(self, catalog: DropfleetCatalog, hull: str | None,
                   stock: str | None = None) -> dict[str, Any]:
        return new_stock(catalog, stock) if stock is not None else new_design(catalog, hull)

    def hull_ids(self, catalog: DropfleetCatalog) -> list[str]:
        return list(CLASS_IDS)

    def stock_ids(self, catalog: DropfleetCatalog) -> list[str]:
        return catalog.stock.ids()

    def catalog_tables(self, catalog: DropfleetCatalog) -> list[Table]:
        return catalog_tables(catalog)

    def packs(self, design: ShipDesign) -> bool:
        """Every ship card: a fleet's cards print several to a page, as the published cards."""
        return True

    def pack_reference(self, designs: list[ShipDesign]) -> Printable:
        from shipyard.systems.dropfleet import sheet

        return sheet.reference([d.built for d in designs], designs[0].catalog)

    def starting(self, design: ShipDesign) -> str:
        return f"Hull {design.built.hull}"

    def sheet(self, design: ShipDesign, budgets: list[Budget]) -> Printable:
        from shipyard.systems.dropfleet import sheet

        return sheet.sheet(design.model, design.built, design.catalog, budgets)

    def cards(self, catalog: DropfleetCatalog, simulator: bool = False,
              designs: Sequence[ShipDesign] = ()) -> Printable:
        from shipyard.systems.dropfleet.cards import cards  # only a command that prints cards

        return cards(catalog, self.templates_dir(), simulator, [d.built for d in designs])

    def fight(self) -> FightSupport[ShipDesign]:
        from shipyard.systems.dropfleet.combat import SUPPORT  # not for validate or show

        return SUPPORT

    def game_rules(self) -> GameRules:
        from shipyard.systems.dropfleet.game import DropfleetGame  # only `shipyard game`

        return DropfleetGame()


system = Dropfleet()
