"""smallcraft: the cbloc allocation rules of Perricone's Small Spacecraft Combat Rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from shipyard.api import Budget, LineOf, Printable, RulesSystem, Table, Verdict
from shipyard.systems.smallcraft.models import SmallcraftCatalog, SmallcraftDesign
from shipyard.systems.smallcraft.options import OPTIONS
from shipyard.systems.smallcraft.profile import derive, profile_rows
from shipyard.systems.smallcraft.rules import (
    CODES,
    CraftDesign,
    Part,
    armor_minimum,
    check,
    drive_cost,
    parts,
)

if TYPE_CHECKING:
    from shipyard.api import FightSupport, GameRules


class Smallcraft(RulesSystem[SmallcraftDesign, SmallcraftCatalog, list[Part]]):
    id = "smallcraft"
    title = "Small Spacecraft Design and Combat Rules (Perricone, after Freeman)"
    dice = "d6, d% / dN"
    hull_help = "a hull size in cblocs, 1..10000"
    design_model = SmallcraftDesign
    catalog_model = SmallcraftCatalog
    codes = CODES
    fight_options = OPTIONS

    def build(self, design: SmallcraftDesign, catalog: SmallcraftCatalog,
              line_of: LineOf) -> list[Part]:
        return parts(design, catalog)

    def check(self, design: CraftDesign) -> Verdict:
        return check(design.model, design.catalog, design.line_of, design.built)

    def profile(self, design: CraftDesign) -> list[tuple[str, str]]:
        return profile_rows(derive(design.model, design.catalog, design.built))

    def new_design(self, catalog: SmallcraftCatalog, hull: str | None,
                   stock: str | None = None) -> dict[str, Any]:
        return new_design(_hull_size(hull), catalog)

    def hull_ids(self, catalog: SmallcraftCatalog) -> list[str]:
        return ["1", "2", "10", "40", "60", "125", "1000", "10000"]

    def catalog_tables(self, catalog: SmallcraftCatalog) -> list[Table]:
        return catalog_tables(catalog)

    def packs(self, design: CraftDesign) -> bool:
        """A craft of PACKS_UP_TO cblocs or less: its sheet is short enough to print two a
        page in a fleet."""
        from shipyard.systems.smallcraft.sheet import PACKS_UP_TO

        return design.model.hull <= PACKS_UP_TO

    def starting(self, design: CraftDesign) -> str:
        return f"{design.model.hull} boxes"

    def sheet(self, design: CraftDesign, budgets: list[Budget]) -> Printable:
        from shipyard.systems.smallcraft import sheet

        return sheet.sheet(design.model, design.catalog, budgets)

    def cards(self, catalog: SmallcraftCatalog, simulator: bool = False,
              designs: Sequence[CraftDesign] = ()) -> Printable:
        from shipyard.systems.smallcraft import sheet

        return sheet.cards(catalog, self.templates_dir(), simulator)

    def fight(self) -> FightSupport[CraftDesign]:
        from shipyard.systems.smallcraft.combat import SUPPORT  # not for validate or show

        return SUPPORT

    def game_rules(self) -> GameRules:
        from shipyard.systems.smallcraft.game import SmallcraftGame  # only `shipyard game`

        return SmallcraftGame()


def _hull_size(hull: str | None) -> int:
    from shipyard.api import UserError

    if hull is None:
        return 60
    try:
        size = int(hull)
    except ValueError:
        raise UserError.single("cli.hull", f"--hull {hull!r}: smallcraft hulls are a size "
                               "in cblocs, a whole number 1..10000") from None
    if not 1 <= size <= 10_000:
        raise UserError.single("cli.hull", f"--hull {size}: a smallcraft hull is 1..10000 "
                               "cblocs")
    return size


def new_design(hull: int, catalog: SmallcraftCatalog) -> dict[str, Any]:
    """Armor at its minimum, then crew, a back drive, a fixed forward beam of a third of the
    cblocs left (so that a new craft's first duel shows a fight) and the power they need, as
    far as they fit."""
    rules = catalog.construction
    free = hull - armor_minimum(hull, rules)
    components: list[dict[str, Any]] = [{"type": "armor", "cblocs": armor_minimum(hull, rules)}]
    crew = rules.crew_cblocs_per_person
    if free >= crew:
        components.append({"type": "crew", "people": 1})
        free -= crew
    drive = drive_cost(hull, 1, rules)
    power = -(-drive // rules.power_per_cbloc)
    if free >= drive + power:
        free -= drive + power
        beam = free // 3
        power = -(-(drive + beam) // rules.power_per_cbloc)
        components[1:1] = [{"type": "drive", "facing": "back", "g": 1}]
        if beam:
            components.append({"type": "beam", "mount": "fixed", "facing": "front",
                               "cblocs": beam})
        components.append({"type": "power", "cblocs": power})
    return {"system": "smallcraft", "name": f"New {hull}-cbloc craft", "hull": hull,
            "components": components}


def catalog_tables(catalog: SmallcraftCatalog) -> list[Table]:
    r = catalog.construction
    per_person = r.crew_cblocs_per_person
    components = Table("Components (cost in cblocs)", ["type", "cblocs", "power", "rule"], [
        ["drive", f"hull × G / {r.drive_hull_divisor} ({r.drive_rounding})", "1 per cbloc", "3"],
        ["jump_drive", str(r.jump_drive_cblocs), "-", "2"],
        ["armor", f"as given, ≥ ceil(hull / {r.armor_minimum_divisor})", "-", "4"],
        ["sensors", "= range in dhexes", "1 per cbloc", "5"],
        ["screens", "as given; absorb 1 dhit per powered cbloc", "1 per cbloc", "6"],
        ["beam", f"as given, +{r.turret_mount_cblocs} for a turret", "1 per cbloc", "7"],
        ["launch_tubes", "= count", "1 per missile fired", "8"],
        ["missiles", f"as given; {r.missiles_per_cbloc} per cbloc; move + damage ≤ tech",
         "-", "9"],
        ["power", f"as given; {r.power_per_cbloc} cunits per cbloc", "-", "10"],
        ["crew", f"{per_person} per person, +{r.room_to_move_cblocs_per_person} with room "
         "to move", "-", "11"],
        ["cargo", f"tons / {r.cbloc_tons.normalize():f}, whole cblocs", "-", "12"],
        ["atmosphere", "share of hull, rounded up (below)", "-", "13"],
    ])
    atmosphere = Table("Atmosphere options", ["id", "name", "% of hull", "source"], [
        [o.id, o.name, str(o.hull_percent), o.source]
        for o in catalog.atmosphere],
        note="'house' figures are ours: the rules announce four options and list none (R4)")
    ranges = catalog.ranges
    play = Table("Ranges", ["what", "dhexes"], [
        ["detection", f"{ranges.detection_dhexes} + {ranges.detection_per_sensor_dhex} × "
         "sensor range"],
        ["beam weapons", str(ranges.beam_dhexes)],
    ])
    return [components, atmosphere, play]


system = Smallcraft()
