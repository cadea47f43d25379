"""What smallcraft's printed pages need: the Damage Allocation Sheet and the reference cards.

Everything is read from the rules (`parts`, `derive`, the budgets `check` found); nothing here
recomputes a rule. The templates are `templates/smallcraft/`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from shipyard.core.budget import Budget
from shipyard.core.paths import templates_dir
from shipyard.core.sheets import BudgetLine
from shipyard.core.system import Printable
from shipyard.systems.smallcraft.models import SmallcraftCatalog, SmallcraftDesign
from shipyard.systems.smallcraft.profile import Profile, derive
from shipyard.systems.smallcraft.rules import demand_of, drive_cost, parts

BOXES_PER_LINE = 12  # the seed's widest row (the Galileo's drive and cargo)
UNALLOCATED = "Unallocated"  # ruling R7
MOST_G_SPELLED_OUT = 6  # a drive's G-by-boxes steps are listed up to this many G
TEMPLATES = "smallcraft"


@dataclass(frozen=True)
class Line:
    """One printed line of boxes: up to 12 boxes, and the label on a component's first line."""

    first: int  # the cbloc number of its first box
    count: int
    label: str
    digits: int

    @property
    def numbers(self) -> str:
        return " ".join(f"{n:0{self.digits}d}" for n in range(self.first, self.first + self.count))


@dataclass(frozen=True)
class ChartEntry:
    first: int
    last: int
    label: str
    digits: int

    @property
    def span(self) -> str:
        low = f"{self.first:0{self.digits}d}"
        return low if self.last == self.first else f"{low}–{self.last:0{self.digits}d}"


def rows(design: SmallcraftDesign, catalog: SmallcraftCatalog) -> list[tuple[str, int]]:
    """(label, boxes) per sheet row: each component in order, then the unallocated cblocs (R7)."""
    out = [(part.label, part.boxes) for part in parts(design, catalog)]
    left = design.hull - sum(boxes for _, boxes in out)
    if left > 0:
        out.append((UNALLOCATED, left))
    return out


def digits_for(total: int) -> int:
    """Box numbers are zero-padded to one width, as d% dice read ("07"); at least two digits."""
    return max(2, len(str(total)))


def lines_and_chart(sheet_rows: list[tuple[str, int]]) -> tuple[list[Line], list[ChartEntry]]:
    digits = digits_for(sum(boxes for _, boxes in sheet_rows))
    lines: list[Line] = []
    chart: list[ChartEntry] = []
    number = 1
    for label, boxes in sheet_rows:
        if boxes <= 0:  # a component that fills no box cannot be hit: listed, never rolled
            lines.append(Line(number, 0, label, digits))
            continue
        chart.append(ChartEntry(number, number + boxes - 1, label, digits))
        for start in range(0, boxes, BOXES_PER_LINE):
            lines.append(Line(number + start, min(BOXES_PER_LINE, boxes - start),
                              label if start == 0 else "", digits))
        number += boxes
    return lines, chart


def roll_rules(hull: int) -> list[str]:
    """How to roll a box: d% as the seed does, or as many d10 as the hull needs."""
    die = 100
    while die < hull:
        die *= 10
    tens = len(str(die)) - 1
    zeros = "0" * tens
    roll = "Roll d% (00 is 100)" if die == 100 else f"Roll d{die} ({tens} d10; {zeros} is {die})"
    if hull < die:
        roll += f" and reroll anything over {hull}, or roll d{hull} directly."
    else:
        roll += "."
    return [roll, "A roll on a box already destroyed: reroll."]


def budget_lines(design: SmallcraftDesign, catalog: SmallcraftCatalog,
                 budgets: list[Budget]) -> list[BudgetLine]:
    by_name = {b.name: b for b in budgets}
    out = []
    cblocs = by_name.get("cblocs")
    if cblocs is not None:
        note = ""
        left = cblocs.left or 0  # the hull always gives the cblocs a limit
        if left > 0:
            note = f"{left} unallocated"
        elif left < 0:
            note = f"{-left} over the hull"
        out.append(BudgetLine("Cblocs", cblocs.used, cblocs.available, "allocated", note))
    power = by_name.get("power")
    if power is not None:
        demand: dict[str, int] = defaultdict(int)
        for part in parts(design, catalog):
            if amount := demand_of(part):
                demand[_DEMAND_NAMES.get(part.component.type, part.component.type)] += amount
        notes = [", ".join(f"{name} {amount}" for name, amount in demand.items())]
        if power.over:
            notes.append(f"short by {power.excess}")
        # peak demand of the supply: what the drives, sensors, screens and beams draw at once
        out.append(BudgetLine("Power at peak", power.used, power.available,
                              "cunit" if power.available == 1 else "cunits",
                              "; ".join(n for n in notes if n)))
    return out


_DEMAND_NAMES = {"drive": "drives", "sensors": "sensors", "screens": "screens", "beam": "beams",
                 "launch_tubes": "tubes"}


def ratings(p: Profile, design: SmallcraftDesign, catalog: SmallcraftCatalog
            ) -> list[tuple[str, str]]:
    rules = catalog.construction
    out: list[tuple[str, str]] = []
    for facing, g in p.drives:
        # the G a drive is left with as its boxes go (R1): what a damaged drive still gives
        steps = [(k, drive_cost(design.hull, k, rules)) for k in range(g, 0, -1)]
        steps = steps if g <= MOST_G_SPELLED_OUT else steps[:1]
        text = ", ".join(f"{k}G at {boxes}" for k, boxes in steps) if steps else "0G"
        if steps:
            text += " box" if steps[-1][1] == 1 else " boxes"
        out.append((f"{facing.capitalize()} drive", text))
    if not p.drives:
        out.append(("Drives", "none"))
    for mount, facing, dhits in p.beams:
        out.append((f"Beam, {mount} {facing}",
                    f"{dhits} dhit{'s' if dhits != 1 else ''}, range {p.beam_range} dhexes"))
    out.append(("Screens", f"absorb 1 dhit in 6, at most {p.screens}" if p.screens else "none"))
    for load in p.missiles:
        tech = f", tech {load.tech_level}" if load.tech_level is not None else ""
        out.append(("Missiles", f"{load.count}: move {load.move}, damage {load.damage}{tech}"))
    if p.launch_tubes:
        out.append(("Launch tubes", f"{p.launch_tubes}; each fires one missile for 1 cunit"))
    out.append(("Sensors", f"range {p.sensor_range} dhexes" if p.sensor_range else "none"))
    out.append(("Detection", f"{p.detection_range} dhexes"))
    out.append(("Crew", str(p.crew)))
    if p.jump_drive:
        out.append(("Jump drive", "two 1-parsec jumps; dead if any box is lost"))
    return out


def sheet(design: SmallcraftDesign, catalog: SmallcraftCatalog, budgets: list[Budget]
          ) -> Printable:
    lines, chart = lines_and_chart(rows(design, catalog))
    tons = (design.hull * catalog.construction.cbloc_tons).normalize()
    return Printable(f"{TEMPLATES}/sheet.html", {
        "title": design.name,
        "heading": "Damage Allocation Sheet",
        "subtitle": f"smallcraft · {design.hull}-cbloc hull ({tons:f} t displacement)",
        "digits": lines[0].digits if lines else 2,
        "lines": lines,
        "chart": chart,
        "roll": roll_rules(design.hull),
        "budgets": budget_lines(design, catalog, budgets),
        "ratings": ratings(derive(design, catalog), design, catalog),
    }, ("_base/macros.css", f"{TEMPLATES}/strips.css", f"{TEMPLATES}/sheet.css"))


def cards(catalog: SmallcraftCatalog) -> Printable:
    """One card per template in templates/smallcraft/cards/, in file-name order."""
    folder = templates_dir() / TEMPLATES / "cards"
    names = sorted(f"{TEMPLATES}/cards/{p.name}" for p in Path(folder).glob("*.html"))
    return Printable("_base/cards.html", {
        "title": "smallcraft reference cards",
        "deck_title": "smallcraft · Small Spacecraft Combat Rules (Perricone)",
        "cards": names,
        "rules": catalog.construction,
        "ranges": catalog.ranges,
    }, ("_base/cards.css",))
