"""What smallcraft's printed pages need: the Damage Allocation Sheet and the reference cards.

Everything is read from the rules (`parts`, `derive`, the budgets `check` found); nothing here
recomputes a rule. The templates are `templates/smallcraft/`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

from shipyard.api import (
    BoxLine,
    Budget,
    BudgetLine,
    Printable,
    box_lines,
    hand_written,
    lost_in,
)
from shipyard.systems.smallcraft.models import Beam, SmallcraftCatalog, SmallcraftDesign
from shipyard.systems.smallcraft.profile import Profile, derive
from shipyard.systems.smallcraft.rules import count, demand_of, drive_cost, parts

BOXES_PER_LINE = 12  # the seed's widest row (the Galileo's drive and cargo)
UNALLOCATED = "Unallocated"  # ruling R7
MOST_G_SPELLED_OUT = 6  # a drive's G-by-boxes steps are listed up to this many G
TEMPLATES = "smallcraft"
BIG_PER_LINE = 14  # the shared big strip (templates/_base/big.png) holds 14
DTURNS = 6  # rows of the dturn record: one dturn, six dphases, a starship turn's tenth
SHORT_SHEET = 10  # a sheet of this many box lines or fewer has room for the dphases too
CIRCLE_PITCH_MM, LABEL_GAP_MM = 6.5, 2.0  # sheet.css: the circles' pitch; then the label
NARROW = 6  # circles: lines this short leave a packed sheet room for a column of ratings
PACKS_UP_TO = 60  # cblocs: a craft this small prints two sheets a page in a fleet


@dataclass(frozen=True)
class Line:
    """One printed line of boxes: up to 12 boxes, and the label on a component's first line."""

    first: int  # the cbloc number of its first box
    count: int
    label: str
    digits: int
    mark: int = 0  # the box of the line drawn heavy (a turret's mount, R5), 1 = the first
    lost: tuple[int, ...] = ()  # its boxes destroyed in play (1 = the first), crossed

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


def mount_rows(design: SmallcraftDesign) -> frozenset[int]:
    """The sheet rows whose last box is a turret's mount (R5)."""
    return frozenset(i for i, c in enumerate(design.components)
                     if isinstance(c, Beam) and c.mount == "turret")


def digits_for(total: int) -> int:
    """Box numbers are zero-padded to one width, as d% dice read ("07"); at least two digits."""
    return max(2, len(str(total)))


def lines_and_chart(sheet_rows: list[tuple[str, int]], mounts: frozenset[int] = frozenset()
                    ) -> tuple[list[Line], list[ChartEntry]]:
    digits = digits_for(sum(boxes for _, boxes in sheet_rows))
    lines: list[Line] = []
    chart: list[ChartEntry] = []
    number = 1
    for index, (label, boxes) in enumerate(sheet_rows):
        mount = index in mounts
        if boxes <= 0:  # a component that fills no box cannot be hit: listed, never rolled
            lines.append(Line(number, 0, label, digits))
            continue
        last = number + boxes - 1
        chart.append(ChartEntry(number, last, label + (
            f" (box {last:0{digits}d} the mount)" if mount else ""), digits))
        for start in range(0, boxes, BOXES_PER_LINE):
            count = min(BOXES_PER_LINE, boxes - start)
            mark = count if mount and start + count == boxes else 0  # R5: the row's last box
            # every line of a long row says whose it is: a page may break inside the row, and a
            # continued page began with lines of boxes and no word of what they were
            text = label if start == 0 else f"{label}, continued"
            if mark:  # said in words on its line: it reads in black and white, and in any size
                text += ("; " if text else "") + f"box {last:0{digits}d} is the mount"
            lines.append(Line(number + start, count, text, digits, mark))
        number += boxes
    return lines, chart


# dice a table has, and how a d2, d3 or d5 is read from a d6 or a d10
DICE = {2: "a d2 (a d6: 1–3 is 1, 4–6 is 2)", 3: "a d3 (a d6 halved, rounding up)", 4: "a d4",
        5: "a d5 (a d10 halved, rounding up)", 6: "a d6", 8: "a d8", 10: "a d10", 12: "a d12",
        20: "a d20"}


def _kept(n: int) -> float:
    """The share of rolls kept when 1..n is read from a die: 1 for a table die, else from d%
    read in n's (reroll what is past the last whole n)."""
    return 1.0 if n in DICE or n == 100 else (100 // n) * n / 100


def _reroll(first: int) -> str:
    """d% faces from `first` to 00 (which is 100)."""
    return "00" if first == 100 else f"{first:02d}–00"


def read_in(n: int) -> str:
    """How d% gives 1..n: d% itself, or d% read in n's (the card explains it)."""
    if n == 100:
        return "d% (00 is 100)"
    whole = 100 // n
    if whole == 1:
        return f"d% (reroll {_reroll(n + 1)})"
    text = f"d% read in {n}s (take away {n} until it is {n} or less"
    return text + (f"; reroll {_reroll(whole * n + 1)})" if whole * n < 100 else ")")


def roll_rules(hull: int) -> list[str]:
    """How to roll a box with little waste (the seed: "roll d% and reroll rolls over 60, or ...
    roll a d60 directly"). Up to 100 boxes, d% as the seed does (or the die itself). Beyond, a
    block die picks one of k equal blocks of boxes and d% picks the box in it, with k chosen to
    reroll least: a 125-cbloc hull is a d5 for the block of 25 and d% read in 25s, nothing
    rerolled (not d1000 rerolling 87.5%)."""
    again = "A roll on a box already destroyed: reroll."
    if hull in DICE:
        return [f"Roll {DICE[hull]}, or {read_in(hull)}.", again]
    if hull <= 100:
        text = f"Roll {read_in(hull)}"
        return [text + (f"; or roll d{hull} directly." if hull < 100 else "."), again]
    best: tuple[float, float, int, int] | None = None
    # a table die picks the block; d% read in k's where that rerolls 5 points less
    for k in (*DICE, *range(21, 101)):
        size = -(-hull // k)
        if size > 100:
            continue
        kept = hull / (k * size) * _kept(size) * _kept(k)
        score = kept - (0.0 if k in DICE else 0.05)
        if best is None or score > best[0] + 1e-12:
            best = (score, kept, k, size)
    if best is None:  # over 10,000 boxes: no hull is (the schema stops at 10,000)
        return [f"Roll d{hull} directly.", again]
    _, kept, k, size = best
    block = DICE[k] if k in DICE else read_in(k)
    digits = digits_for(hull)
    text = (f"Roll {block} for the block of {size} boxes (block 1 is "
            f"{1:0{digits}d}–{size:0{digits}d}, block 2 {size + 1:0{digits}d}–"
            f"{2 * size:0{digits}d}, …), then {read_in(size)} for the box in the block")
    text += f"; reroll a box over {hull}." if k * size > hull else "."
    waste = round(100 * (1 - kept))
    text += (" Nothing is rerolled." if waste == 0 else f" About {waste}% of rolls are rerolled.")
    return [text, f"Or roll d{hull} directly.", again]


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
    for part in parts(design, catalog):
        if part.component.type == "atmosphere" and part.boxes:
            out.append(("Atmosphere", atmosphere_words(part.boxes)))
    return out


def atmosphere_words(boxes: int) -> str:
    """The seed's limit for a row of atmosphere boxes: "seriously hampered if up to 1/10th of
    their cblocs are destroyed, and useless at more than 1/10th"."""
    tenth = boxes // 10
    if not tenth:
        return "useless at 1 box lost"
    return f"hampered at up to {count(tenth, 'box')} lost, useless at {tenth + 1}"


@dataclass(frozen=True)
class Store:
    """Missiles in store, struck off as they are fired: one box a missile."""

    name: str
    count: int
    note: str
    lines: tuple[BoxLine, ...]


def stores(p: Profile) -> list[Store]:
    return [Store(f"Missiles, move {load.move}, damage {load.damage}", load.count,
                  f"one box a missile fired ({p.launch_tubes} tube"
                  f"{'s' if p.launch_tubes != 1 else ''}, 1 cunit each)",
                  tuple(box_lines(load.count, BIG_PER_LINE)))
            for load in p.missiles]


def crew_lines(design: SmallcraftDesign, catalog: SmallcraftCatalog
               ) -> list[tuple[str, str, bool]]:
    """Who flies and who fires, with the design's skills (combat: in the design file, or the
    defaults) and what firing costs a pilot who is also the gunner; with a line for the name of
    each person (not the pilot twice)."""
    c = design.combat
    penalty = catalog.combat.pilot_gunner_penalty
    out = [("Pilot", f"Quickness {c.quickness:+d} · piloting {c.piloting}%", True)]
    if c.pilot_is_gunner:
        out.append(("Pilot as gunner", f"gunnery {c.gunnery}% − {penalty}% while flying = "
                    f"{c.gunnery - penalty}%", False))
    else:
        out.append(("Gunner", f"gunnery {c.gunnery}%", True))
    return out


def damage_steps(catalog: SmallcraftCatalog) -> list[tuple[str, str]]:
    """Inflicting Damage, the seed's four steps, with this table's screens rulings."""
    test = "under" if catalog.combat.rules.get("screens-remainder") == "below" else "at or under"
    missiles = ("one missile in six penetrates, the rest are repelled"
                if catalog.combat.rules.get("missile-screens", "literal") == "literal"
                else "screens stop one missile in six, as they stop dhits")
    return [
        ("Screens", f"beams: stop dhits ÷ 6, rounded down, plus 1 if a d6 rolls {test} the "
         f"remainder. Missiles: {missiles}. Never more than the screens' powered boxes."),
        ("Armor", "one dhit destroys one armor box, if any is left."),
        ("A box", "one dhit destroys a box rolled on the damage chart; a box already gone: "
         "reroll."),
        ("Again", "dhits left? Back to step 2."),
    ]


def dphases(catalog: SmallcraftCatalog) -> list[tuple[str, str]]:
    """The dturn's six dphases, each in a line (the reference cards say them in full)."""
    return [
        ("Sensors and power", f"read scans; share out power, "
         f"{catalog.construction.power_per_cbloc} cunits a working power box"),
        ("Movement", "no thrust: move as last dturn; each drive fired adds its G"),
        ("Facing", "turn up to 60° (one hex-side), in 30° steps"),
        ("Beam firing", f"targets in arc within {catalog.ranges.beam_dhexes} dhexes; roll "
         "gunnery for each beam"),
        ("Missile movement", "missiles move their rate and strike what they reach"),
        ("Missile firing", "each appears 1 dhex away, on a side you choose"),
    ]


def sheet(design: SmallcraftDesign, catalog: SmallcraftCatalog, budgets: list[Budget]
          ) -> Printable:
    lines, chart = lines_and_chart(rows(design, catalog), mount_rows(design))
    tons = (design.hull * catalog.construction.cbloc_tons).normalize()
    p = derive(design, catalog)
    return Printable(f"{TEMPLATES}/sheet.html", {
        "title": design.name,
        "heading": "Damage Allocation Sheet",
        "subtitle": f"smallcraft · {design.hull}-cbloc hull ({tons:f} t displacement)",
        "digits": lines[0].digits if lines else 2,
        "tab": label_stop(lines),
        "narrow": max((line.count for line in lines), default=0) <= NARROW,
        "lines": lines,
        "chart": chart,
        "roll": roll_rules(design.hull),
        "budgets": budget_lines(design, catalog, budgets),
        "ratings": ratings(p, design, catalog),
        "crew": crew_lines(design, catalog),
        "stores": stores(p),
        "steps": damage_steps(catalog),
        "dturns": DTURNS,
        "dphases": dphases(catalog) if len(lines) <= SHORT_SHEET else [],
        "power": p.power_supply,
        "notes": design.notes,
        "mounts": any(line.mark for line in lines),
    }, ("_base/macros.css", "_base/strips.css", f"{TEMPLATES}/strips.css",
        f"{TEMPLATES}/sheet.css"))


def as_it_stands(printable: Printable, destroyed: list[int], fired: list[int]) -> Printable:
    """A craft's sheet with the boxes destroyed in play crossed (a box's number on the sheet is
    its cbloc's, as the game file keeps it) and each rack's missiles fired struck off, one box
    a missile, in the sheet's order of racks."""
    lines = lost_in(printable.context["lines"], destroyed)
    stores = [replace(store, lines=tuple(lost_in(list(store.lines), range(1, n + 1))))
              for store, n in zip(printable.context["stores"], fired, strict=True)]
    return Printable(printable.template, {**printable.context, "lines": lines,
                                          "stores": stores}, printable.stylesheets)


def label_stop(lines: list[Line]) -> int:
    """Where the labels start (CSS px): just past the longest line of circles, so that each
    label sits beside its own boxes (a fixed column left a short line's label 75 mm away)."""
    widest = max((line.count for line in lines), default=1)
    return round((widest * CIRCLE_PITCH_MM + LABEL_GAP_MM) / 25.4 * 96)


def cards(catalog: SmallcraftCatalog, templates: Path, simulator: bool) -> Printable:
    """One card per template of the deck (core/cards.py), in file-name order."""
    return hand_written(templates, TEMPLATES, simulator,
                        "Small Spacecraft Combat Rules (Perricone)", {
        "rules": catalog.construction,
        "ranges": catalog.ranges,
        "spacing": catalog.combat.formation_spacing,
        "literal_missile_screens": catalog.combat.rules.get("missile-screens",
                                                            "literal") == "literal",
        "strict_remainder": catalog.combat.rules.get("screens-remainder", "at-or-under")
        == "below",
    }, ())
