"""The traveller ship record: what the printed page needs, read from the derived ship.

Nothing here recomputes a rule: lines, Hull points, crew positions and budgets all come from
construction.py and crew.py. The template is templates/traveller/sheet.html.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from shipyard.api import PLACES, BoxLine, BudgetLine, Printable, amount_text, box_lines, lost_in
from shipyard.systems.traveller.cards import REACTIONS, dm
from shipyard.systems.traveller.construction import Line, Ship, figures
from shipyard.systems.traveller.crew import combat_positions, complement, crew_table, seats
from shipyard.systems.traveller.models import COUNTERMEASURES, TravellerCatalog

TEMPLATES = "traveller"
HULL_BOXES_MAX = 200  # more Hull points than this print as ten bands of 10% each
TRACK = 20  # boxes on a line of the shared track strip
ORDNANCE_BOXES_MAX = 100  # more tick boxes than this: count in salvos, then tens, hundreds...
GROUP_FROM = 7  # a role with more people than this prints one line for the group
TURNS = 6  # rows of the turn record on Letter (A4: one more), beside a Hull track of ten lines
PACKED_TURNS = 4  # rows of the turn record on a small craft's sheet, two a page
PACKS_UP_TO = 20  # tons: a craft this small (a fighter) prints two sheets a page in a fleet


@dataclass(frozen=True)
class HullBand:
    band: int
    high: int  # Hull left at the band's start
    low: int  # Hull left when the band is crossed
    taken: int = 0  # damage taken in the band in play (`sheet GAME`)

    @property
    def crossed(self) -> bool:
        return self.taken > 0 and self.taken >= self.high - self.low


@dataclass(frozen=True)
class Stock:
    name: str
    rounds: int
    unit: int  # rounds per tick box
    unit_text: str
    kind: str = ""  # what it holds: "missile", "sand", ... (the catalog's ordnance)
    spent: int = 0  # rounds spent in play (`sheet GAME`)

    @property
    def boxes(self) -> int:
        return math.ceil(self.rounds / self.unit)

    @property
    def lines(self) -> list[BoxLine]:
        """Its boxes, those spent crossed from the first: a box stays open while a round of it
        is left."""
        lost = self.boxes - math.ceil((self.rounds - self.spent) / self.unit)
        return lost_in(box_lines(self.boxes, TRACK), range(1, lost + 1))


@dataclass(frozen=True)
class Position:
    role: str
    people: int
    detail: str
    skills: str
    grouped: bool


def hull_track(points: int) -> tuple[list[BoxLine], list[HullBand]]:
    """One line of boxes per 10% of Hull when they fit (its last box heavy: losing it crosses
    the step, a critical hit), else ten bands to tally in. A line is labelled with the Hull left
    across its boxes; on a tiny hull one box may cross several steps ("×5")."""
    if points <= HULL_BOXES_MAX:
        lines: list[BoxLine] = []
        done = 0
        for k in range(1, 11):
            edge = math.ceil(k * points / 10 - 1e-9)
            if edge == done:
                continue
            steps = sum(1 for j in range(k, 11) if math.ceil(j * points / 10 - 1e-9) == edge)
            high, low = points - done, points - edge + 1
            label = f"{high}" if high == low else f"{high}–{low}"
            lines.append(BoxLine(edge - done, label + (f" ×{steps}" if steps > 1 else ""),
                                 mark=edge - done))
            done = edge
        return lines, []
    bands = []
    for k in range(10):
        high = points - math.floor(points * k / 10)
        low = points - math.floor(points * (k + 1) / 10)
        bands.append(HullBand(k + 1, high, low))
    return [], bands


def stock_of(name: str, rounds: int, salvo: int | None, noun: str, kind: str = "") -> Stock:
    if salvo and salvo > 1 and math.ceil(rounds / salvo) <= ORDNANCE_BOXES_MAX:
        return Stock(name, rounds, salvo, f"one box per salvo of {salvo} {noun}", kind)
    unit = 1
    while math.ceil(rounds / unit) > ORDNANCE_BOXES_MAX:
        unit *= 10
    return Stock(name, rounds, unit, f"one box per {noun[:-1] if unit == 1 else f'{unit} {noun}'}",
                 kind)


NOUNS = {"missile": "missiles", "sand": "canisters", "torpedo": "torpedoes"}


def ordnance(ship: Ship, catalog: TravellerCatalog) -> list[Stock]:
    """Each magazine and store as tick boxes. The seed fires every mount's missiles of one type
    at once, so a salvo is the ship's: every rack plus every bay's salvo."""
    salvo: dict[str, int] = defaultdict(int)
    held: list[tuple[str, str, int]] = []  # (name, kind, rounds)
    for ln in ship.lines:
        count = ln.quantity or 1
        if ln.ordnance is not None:
            held.append((ln.item, *ln.ordnance))
            continue
        rounds: dict[str, int] = defaultdict(int)
        names: dict[str, str] = {}
        for w_id in ln.weapons:
            w = catalog.weapon(w_id)
            if w is None or w.ordnance is None:
                continue
            magazine = w.firmpoint_magazine if ln.kind == "fixed_mount" else w.magazine
            rounds[w.ordnance] += (magazine or 0) * count
            salvo[w.ordnance] += (w.salvo or 1) * count
            names[w.ordnance] = w.name
        for kind, n in rounds.items():
            if n:
                name = ln.item.split(" (")[0]
                mount = name + (f" ×{count}" if count > 1 else "")
                # a bay named for its weapon: "Small Missile Bay magazine", not the name twice
                held.append((f"{mount} magazine" if name == names[kind]
                             else f"{mount}: {names[kind]} magazines", kind, n))
    return [stock_of(name, n, salvo.get(kind) if kind == "missile" else None,
                     NOUNS.get(kind, "rounds"), kind) for name, kind, n in held]


def weapon_rows(ship: Ship, catalog: TravellerCatalog) -> list[list[str]]:
    rows = []
    for ln in ship.lines:
        if not ln.weapons and ln.kind not in ("turret", "fixed_mount"):
            continue
        if ln.section not in ("Weapons", "Screens"):
            continue
        counted: dict[str, int] = defaultdict(int)
        for w_id in ln.weapons:
            counted[w_id] += 1
        entries = [(catalog.weapon(w_id), n) for w_id, n in counted.items()]
        mount = ln.item.split(" (")[0] if ln.kind in ("mount", "spinal") else ln.item
        if not entries:
            rows.append([mount, str(ln.quantity or 1), "empty", "", "", "", "",
                         f"{-ln.power:g}"])
        for k, (w, n) in enumerate(entries):
            if w is None:
                continue
            dm = catalog.combat.weapon_dm.get(w.id, 0)
            rows.append([mount if k == 0 else "", str(ln.quantity or 1) if k == 0 else "",
                         w.name + (f" ×{n}" if n > 1 else ""), w.range,
                         f"{dm:+d}" if w.dice is not None and w.effect != "intercept"
                         and w.ordnance is None else "—",
                         w.damage_in_mount(n), w.traits or "—",
                         f"{-ln.power:g}" if k == 0 else ""])
    return rows


def positions(ship: Ship, catalog: TravellerCatalog) -> list[Position]:
    """A name line a person: the seed's positions, each its own where the crew has a person
    for each, else shared out among the crew by trade (crew.seats, TRV-R08)."""
    each = stations(ship, catalog)
    shared = seats([p.role for p in each], crew_table(ship, catalog))
    if shared is None:
        return each
    out = []
    for trade, held in shared:
        names = [each[i].role + (f" ({each[i].detail})" if each[i].detail else "") for i in held]
        own = names[0] == trade
        detail = ("also " if own else "as ") + ", ".join(names[1:] if own else names)
        skills = dict.fromkeys(part for i in held for part in each[i].skills.split("  ") if part)
        out.append(Position(trade, 1, detail if len(names) > own else "", "  ".join(skills),
                            False))
    return out


def stations(ship: Ship, catalog: TravellerCatalog) -> list[Position]:
    """The seed's combat positions, a line each (a mount's gunners as a group from GROUP_FROM)."""
    out: list[Position] = []
    skills = catalog.position_skills
    for role, people in combat_positions(ship):
        if role != "Gunner":
            out.append(Position(role, people, "", skills.get(role, ""), False))
            continue
        for ln in ship.lines:
            if ln.section != "Weapons" or not ln.weapons or ln.kind not in (
                    "turret", "mount", "spinal"):
                continue
            n = ln.quantity or 1
            what = ln.item.split(" (")[0]
            if ln.kind == "turret":
                counted: dict[str, int] = defaultdict(int)
                for w_id in ln.weapons:
                    counted[w_id] += 1
                names = []
                for w_id, k in counted.items():
                    w = catalog.weapon(w_id)
                    names.append((w.name if w else w_id) + (f" ×{k}" if k > 1 else ""))
                what += f" ({', '.join(names)})"
            if n >= GROUP_FROM:
                out.append(Position("Gunners", n, f"{n} × {what}", skills.get("Gunner", ""),
                                    True))
            else:
                for k in range(n):
                    label = what + (f" #{k + 1}" if n > 1 else "")
                    out.append(Position("Gunner", 1, label, skills.get("Gunner", ""), False))
    return out


def amount(value: float, places: int) -> Decimal:
    """A derived figure as the printed page shows it: tons to two decimals, no trailing zeros;
    MCr to two (printed with both, amount_text), the figure itself keeping its precision."""
    return Decimal(f"{value:.{places}f}").normalize() + Decimal(0)


TONS, MCR = PLACES["tons"], PLACES["MCr"]  # decimals printed: as every command prints them
EXACT = 6  # decimals a figure keeps until it is printed (a float's noise beyond)


def budget_rows(ship: Ship) -> list[BudgetLine]:
    fuel = sum(ln.tons for ln in ship.lines if ln.kind == "fuel")
    cargo = sum(ln.tons for ln in ship.lines if ln.section == "Cargo" and ln.kind in
                ("cargo_hold", "cargo_rest"))
    fuel_note = "; ".join(ln.item for ln in ship.lines if ln.kind == "fuel")
    return [
        BudgetLine("Tonnage", amount(ship.tons_used, TONS), amount(ship.hull_tons, TONS), "t"),
        BudgetLine("Power, all at once", amount(ship.power_demand, TONS),
                   amount(ship.output, TONS), "",
                   f"basic {figures(ship.basic_power)}, M-drive {figures(ship.draw('m_drive'))}, "
                   f"J-drive {figures(ship.draw('j_drive'))} (never both)"),
        BudgetLine("Hardpoints" if not ship.firmpoints else "Firmpoints",
                   ship.hardpoints_used, ship.hardpoints),
        BudgetLine("Fuel", amount(fuel, TONS), None, "t", fuel_note),
        BudgetLine("Cargo", amount(cargo, TONS), None, "t"),
        # rounded once, to MCR places, where it is printed (amount_text): as the roster's
        BudgetLine("Production cost", amount(ship.production_cost, EXACT), None, "MCr",
                   f"sale price {amount_text(amount(ship.sale_price, EXACT), MCR)} MCr",
                   places=MCR),
    ]


def sensors(ship: Ship, catalog: TravellerCatalog) -> str:
    """The sensors' DM, and the countermeasures suite's DM to ECM where the ship has one."""
    text = "—" if ship.sensor_dm is None else f"DM{ship.sensor_dm:+d}"
    if {p.part for p in ship.design.parts} & COUNTERMEASURES:
        text += f", ECM DM{catalog.combat.countermeasures_dm:+d}"
    return text


def profile_cells(ship: Ship, catalog: TravellerCatalog) -> list[tuple[str, str]]:
    return [
        ("TL", str(ship.design.tl)),
        ("Hull", f"{ship.hull_points:,}"),
        ("Armour", str(ship.armour)),
        ("Thrust", str(ship.thrust)),
        ("Jump", str(ship.jump) if ship.jump else "—"),
        ("Power", f"{ship.output:,.6g}"),
        ("Sensors", sensors(ship, catalog)),
        ("Firmpoints" if ship.firmpoints else "Hardpoints", str(ship.hardpoints)),
    ]


def subtitle(ship: Ship, catalog: TravellerCatalog) -> str:
    d = ship.design
    cfg = catalog.configuration(d.hull.configuration)
    options = [o.name.lower() for o in catalog.hull_options if o.id in d.hull.options]
    hull = f"{d.hull.tons:,.6g}-ton {cfg.name.lower() if cfg else d.hull.configuration}"
    if options:
        hull += f" ({', '.join(options)})"
    return f"traveller · TL {d.tl} · {hull} · {d.design} design"


def lines_table(ship: Ship) -> list[Line]:
    return [ln for ln in ship.lines if ln.kind != "basic"]


@dataclass(frozen=True)
class BandRow:
    name: str
    up_to: str
    thrust: str
    dm: str
    flight: str


def band_rows(catalog: TravellerCatalog) -> list[BandRow]:
    """The range bands as the cards print them (cards.combat_tables)."""
    return [BandRow(b.name, b.up_to, str(b.thrust), dm(b.dm),
                    f"{b.flight} round{'s' * (b.flight != 1)}" if b.flight else "no launch")
            for b in catalog.combat.bands]


ASIDE = re.compile(r"\s*\(the turn sequence, not the book\)")


def reaction_rows() -> list[list[str]]:
    """The reactions a ship may take (the cards' table) as a player reads them mid-game: the
    last cell, the ruling codes, left to the cards, and the rows the turn record's heading
    already says."""
    return [[ASIDE.sub("", cell) for cell in row[:-1]] for row in REACTIONS
            if row[0] not in ("How many", "Burning", "Screens")]


def reaction_ladder() -> str:
    """The engine's reactions for each initiative, as ranges: "0–4: 1, 5–8: 2, ..."."""
    from shipyard.systems.traveller.combat.rules import reactions_for

    top = 30  # past the last step of the ladder
    runs: list[list[int]] = []
    for init in range(0, top):
        if runs and reactions_for(init) == reactions_for(runs[-1][0]):
            runs[-1].append(init)
        else:
            runs.append([init])
    return ", ".join(f"{r[0]}+: {reactions_for(r[0])}" if r[-1] == top - 1
                     else f"{r[0]}–{r[-1]}: {reactions_for(r[0])}" for r in runs)


# Heights (mm) of the blocks under the Hull, from the printed sheet (sheet.css): the left column
# (critical hits, budgets, range bands) is about the same for every ship; the right one grows
# with the crew positions and the ordnance.
LEFT_MM = 128.0
POSITION_MM, STOCK_MM, TRACK_LINE_MM, HEADING_MM = 7.6, 5.0, 4.2, 7.0
REACTIONS_MM = 30.0


def reactions_fit(crew: list[Position], stocks: list[Stock]) -> bool:
    """Whether the reactions table fits under the crew positions and the ordnance without making
    that column longer than the one beside it (and so the page longer)."""
    right = HEADING_MM + POSITION_MM * len(crew)
    if stocks:
        right += HEADING_MM + sum(STOCK_MM + TRACK_LINE_MM * len(st.lines) for st in stocks)
    return right + REACTIONS_MM <= LEFT_MM


def sheet(ship: Ship, catalog: TravellerCatalog) -> Printable:
    design = ship.design
    boxes, bands = hull_track(ship.hull_points)
    crew, stocks = positions(ship, catalog), ordnance(ship, catalog)
    return Printable(f"{TEMPLATES}/sheet.html", {
        "title": design.name,
        "heading": "Ship Record",
        "subtitle": subtitle(ship, catalog),
        "profile": profile_cells(ship, catalog),
        "hull_points": ship.hull_points,
        "hull_lines": boxes,
        "hull_bands": bands,
        "criticals": catalog.critical_locations,
        "severities": catalog.critical_severities,
        "positions": crew,
        "weapons": weapon_rows(ship, catalog),
        "ordnance": stocks,
        "budgets": budget_rows(ship),
        "hull_steps_merged": any("×" in line.label for line in boxes),
        "bands": band_rows(catalog),
        "reactions": reaction_ladder(),
        "reaction_rows": reaction_rows() if reactions_fit(crew, stocks) else [],
        "thrust": ship.thrust,
        "turns": TURNS,
        "packed_turns": PACKED_TURNS,
        "complement": complement(ship, catalog),
    }, ("_base/macros.css", "_base/strips.css", f"{TEMPLATES}/sheet.css"))


def as_it_stands(printable: Printable, hull: int, criticals: dict[str, int],
                 spent: dict[str, int]) -> Printable:
    """A ship's record as it stands in play: the Hull points lost ticked from the first box (or,
    on a Hull too big for boxes, each band crossed ticked and the damage taken in the band
    written), each critical location's severity crossed up to its level, and `spent` rounds of
    each kind ("missile", "sand") crossed in its magazines in the order the sheet lists them."""
    c = printable.context
    lost = c["hull_points"] - hull
    left = dict(spent)
    stocks = []
    for stock in c["ordnance"]:
        used = min(stock.rounds, left.get(stock.kind, 0))
        left[stock.kind] = left.get(stock.kind, 0) - used
        stocks.append(replace(stock, spent=used) if used else stock)
    marked: dict[str, Any] = {
        "hull_lines": lost_in(c["hull_lines"], range(1, lost + 1)),
        "hull_bands": [replace(band, taken=min(band.high - band.low, max(0, band.high - hull)))
                       for band in c["hull_bands"]],
        "critical_levels": criticals,
        "ordnance": stocks,
    }
    return Printable(printable.template, {**c, **marked}, printable.stylesheets)
