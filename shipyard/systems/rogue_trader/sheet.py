"""What rogue-trader's printed pages need: the ship record and the reference cards.

Everything is read from the rules (`fit`, `derive`, the budgets `check` found, the catalog's
chart and combat numbers); nothing here recomputes a rule. The templates are
`templates/rogue-trader/`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from shipyard.api import (
    BoxLine,
    Budget,
    BudgetLine,
    Printable,
    box_lines,
    hand_written,
    lost_in,
)
from shipyard.systems.rogue_trader.models import Combat, RogueTraderCatalog, RogueTraderDesign
from shipyard.systems.rogue_trader.profile import Profile, derive, signed
from shipyard.systems.rogue_trader.rules import KIND_NAMES, Mounted, fit

TEMPLATES = "rogue-trader"
BOXES_PER_LINE = 20  # the shared track strip (templates/_base/track.png) holds 20
SHEET_STYLESHEETS = ("_base/macros.css", "_base/strips.css", f"{TEMPLATES}/strips.css",
                     f"{TEMPLATES}/sheet.css")
STATES = ("damaged", "depressurised", "on fire", "unpowered", "destroyed")
TURNS = 5  # strategic turns on the turn record, a column each
# Results reached only from Catastrophic Damage (chart value 11), printed after the chart
CATASTROPHES = ("space-hulk", "plasma-drive-explosion", "warp-drive-explosion")


@dataclass(frozen=True)
class Track:
    name: str
    start: int
    lines: tuple[BoxLine, ...]
    note: str


def track(name: str, start: int, note: str) -> Track:
    """Tick boxes from `start` down to 1, a line of 20 at a time."""
    return Track(name, start, tuple(box_lines(start, BOXES_PER_LINE)), note)


@dataclass(frozen=True)
class ChartRow:
    """One result of the Critical Hit chart: its roll ("9–10"; empty for a result reached only
    through another), name and effect."""

    roll: str
    name: str
    effect: str


def chart(catalog: RogueTraderCatalog) -> list[ChartRow]:
    """The Critical Hit chart in roll order, then the results Catastrophic Damage leads to."""
    rolled = sorted(((c.rolls, c) for c in catalog.critical_hits if c.rolls is not None),
                    key=lambda pair: pair[0])
    rows = [ChartRow(str(low) if low == high else f"{low}–{high}", c.name, c.effect)
            for (low, high), c in rolled]
    named = {c.id: c for c in catalog.critical_hits}
    return rows + [ChartRow("", named[i].name, named[i].effect) for i in CATASTROPHES
                   if i in named]


def columns(rows: list[ChartRow], count: int) -> list[list[ChartRow]]:
    """`rows` in order cut into `count` columns of about the same length of text. Made here,
    not by CSS columns: WeasyPrint lays a balanced column set out several times over, which
    more than doubled the time of a sheet."""
    weights = [len(r.name) + len(r.effect) + 40 for r in rows]  # a row's line ends cost too
    target = sum(weights) / count
    out: list[list[ChartRow]] = [[]]
    done = 0.0
    for row, weight in zip(rows, weights, strict=True):
        if out[-1] and len(out) < count and done + weight / 2 > target * len(out):
            out.append([])
        out[-1].append(row)
        done += weight
    return out


@dataclass(frozen=True)
class WeaponRow:
    location: str
    name: str
    arcs: str
    strength: str
    damage: str
    crit: str
    range: str
    part: str = ""  # its name as a game keeps it: "Mars Pattern Macrocannon (prow)"
    lost: tuple[int, ...] = ()  # in play: its states struck (1 = damaged ... 5 = destroyed)


@dataclass(frozen=True)
class ComponentRow:
    name: str
    kind: str
    power: str
    space: str
    lost: tuple[int, ...] = ()  # in play: its states struck (1 = damaged ... 5 = destroyed)

    @property
    def part(self) -> str:
        return self.name


def pairs(rows: list[ComponentRow]) -> list[tuple[ComponentRow | None, ComponentRow | None]]:
    """Two columns, read down the left then down the right."""
    half = -(-len(rows) // 2)
    left, right = rows[:half], rows[half:]
    return [(a, right[i] if i < len(right) else None) for i, a in enumerate(left)]


def profile_block(p: Profile, combat: Combat) -> list[tuple[str, str, str]]:
    """(rating, value, when Crippled) in the game's words; the Crippled figures from the
    catalog (a house overlay may change them)."""
    return [
        ("Speed", str(p.speed), str(-(-p.speed // 2))),
        ("Manoeuvrability", signed(p.manoeuvrability),
         signed(p.manoeuvrability + combat.crippled_manoeuvrability)),
        ("Detection", signed(p.detection), signed(p.detection + combat.crippled_detection)),
        ("Armour", str(p.armour) + (f", prow {p.prow_armour}" if p.prow_armour != p.armour
                                    else ""), ""),
        ("Turret Rating", str(p.turrets), ""),
        ("Void Shields", str(p.void_shields), ""),
        ("Turns", f"up to {p.turn}°", ""),
        ("Crew rating", f"{p.crew} ({p.crew_rating})", ""),
        ("Ballistic Skill", str(p.ballistic_skill), ""),
        ("Command", str(p.command), ""),
    ]


def budget_lines(budgets: list[Budget]) -> list[BudgetLine]:
    out = []
    for b in budgets:
        if b.name == "sp":  # a ship with no campaign limit: the points it costs, no "of"
            out.append(BudgetLine("Ship points", b.used,
                                  b.available if b.title == "Ship points" else None))
        elif b.name in ("power", "space"):
            out.append(BudgetLine(b.name.capitalize(), b.used, b.available))
    slots = [b for b in budgets if b.name.startswith("slots.")]
    if slots:
        out.append(BudgetLine(
            "Weapon slots", sum(b.used for b in slots), sum(b.available or 0 for b in slots),
            note=", ".join(f"{b.name.removeprefix('slots.')} {b.used}/{b.available}"
                           for b in slots)))
    return out


def sheet(design: RogueTraderDesign, catalog: RogueTraderCatalog, budgets: list[Budget]
          ) -> Printable:
    f = fit(design, catalog)
    p = derive(f, catalog)
    weapons = [WeaponRow(w.location.capitalize(), w.label, ", ".join(w.arcs),
                         f"{w.strength} ({-(-w.strength // 2)})", w.damage or "–",
                         "–" if w.crit is None else str(w.crit), w.range,
                         f"{w.label} ({w.location})")
               for w in p.weapons]
    components = [ComponentRow(c.component.name, "" if c.component.kind == "supplemental"
                               else KIND_NAMES[c.component.kind],
                               f"+{c.component.power_generated}" if c.component.power_generated
                               else str(c.component.power), str(c.component.space))
                  for c in f.components]
    combat = catalog.combat
    conditions: list[tuple[str, str]] = [
        ("Crippled", f"at 0 Hull Integrity: Manoeuvrability {combat.crippled_manoeuvrability}, "
         f"Detection {combat.crippled_detection}, Speed and weapon Strength halved (round up); "
         "damage past Armour is a critical hit"),
        ("Sensors damaged", f"{combat.sensors_damaged} to all shooting tests, turrets' too"),
        ("Thrusters damaged", f"Manoeuvrability {combat.thrusters_damaged}, or cannot turn"),
        ("Engines crippled", "Speed halved, or Speed 1"),
        ("Surprised", f"attacks on her +{combat.surprise_bonus} in the first round"),
    ]
    unticked = [(name, effect, False) for name, effect in conditions]  # ticked in play
    tracks = [
        track("Hull Integrity", p.hull_integrity, "each point lost also costs 1 Crew Population "
              "and 1 Morale"),
        track("Crew Population", p.crew_population, "at 0 the ship is out of the fight"),
        track("Morale", p.morale, "a boarding action lost: roll over it and the crew routs"),
    ]
    # a torpedo tube's store, struck off as it is fired: a line a salvo of its Strength (R9)
    torpedoes = [torpedo_track(w) for w in f.weapons
                 if w.weapon.kind == "torpedo-tubes" and w.weapon.capacity is not None]
    right = [tracks[2], *torpedoes]
    return Printable(f"{TEMPLATES}/sheet.html", {
        "title": design.name,
        "heading": "Ship Record",
        "subtitle": f"rogue-trader · {p.hull}, {p.hull_class.lower()} · {p.crew} crew",
        "profile": profile_block(p, combat),
        "budgets": budget_lines(budgets),
        "tracks": tracks,
        "right_tracks": right,
        "conditions": unticked,
        "chart": chart(catalog),
        "chart_columns": {n: columns(chart(catalog), n) for n in (2, 3)},
        "turns": TURNS,
        "detection_bonus": p.detection // 10,
        "weapons": weapons,
        "component_pairs": pairs(components),
        "states": STATES,
    }, SHEET_STYLESHEETS)


def as_it_stands(printable: Printable, left: dict[str, int], struck: dict[str, list[str]],
                 conditions: set[str], salvos: dict[str, int]) -> Printable:
    """A Ship Record in play: each track's points lost ticked from its first box (`left`: the
    points left by the track's name), each component's and weapon's states struck (`struck`,
    by its name as the game keeps it, numbered where the ship has two of one name:
    "Macrobattery (port) 2"), the `conditions` she is in ticked, and each torpedo tube's
    salvos fired struck (`salvos`, by the tube's name as the game keeps it)."""
    c = printable.context
    fired = {f"Torpedoes, {name}": n for name, n in salvos.items() if n}
    tracks = {t.name: replace(t, lines=tuple(lost_in(t.lines, range(
        1, t.start - left[t.name] + 1)))) if t.name in left else
        replace(t, lines=tuple(lost_in(t.lines, range(1, fired[t.name] + 1))))
        if t.name in fired else t
        for t in [*c["tracks"], *c["right_tracks"]]}
    seen: dict[str, int] = {}

    def states(row: Any) -> Any:
        seen[row.part] = seen.get(row.part, 0) + 1
        key = row.part if seen[row.part] == 1 else f"{row.part} {seen[row.part]}"
        lost = tuple(STATES.index(word) + 1 for word in struck.get(key, ()))
        return replace(row, lost=tuple(sorted(lost))) if lost else row

    pairs_in = c["component_pairs"]
    # in the ship's order (down the left column, then down the right), as a game numbers them
    rows = [pair[0] for pair in pairs_in] + [pair[1] for pair in pairs_in if pair[1] is not None]
    now = {id(row): states(row) for row in rows}
    pairs_now = [tuple(None if r is None else now[id(r)] for r in pair) for pair in pairs_in]
    weapons = [states(w) for w in c["weapons"]]
    return Printable(printable.template, {
        **c, "tracks": [tracks[t.name] for t in c["tracks"]],
        "right_tracks": [tracks[t.name] for t in c["right_tracks"]],
        "conditions": [(name, effect, name in conditions)
                       for name, effect, _ in c["conditions"]],
        "component_pairs": pairs_now, "weapons": weapons}, printable.stylesheets)


def torpedo_track(w: Mounted) -> Track:
    """A torpedo tube's store as salvo boxes, one struck off a salvo fired: a salvo is as many
    torpedoes as the tubes' Strength, or those left (R9), so 42 in tubes of Strength 6 are 7
    boxes, the last one a part salvo where the store does not divide."""
    strength, store = w.weapon.strength, w.weapon.capacity or 0
    salvos = -(-store // strength)
    return Track(f"Torpedoes, {w.label} ({w.location})", store,
                 tuple(BoxLine(min(BOXES_PER_LINE, salvos - n), "salvos" if n == 0 else "")
                       for n in range(0, salvos, BOXES_PER_LINE)),
                 f"{salvos} salvos of {strength} ({-(-strength // 2)} crippled: half a box)")


def cards(catalog: RogueTraderCatalog, templates: Path, simulator: bool) -> Printable:
    """One card per template of the deck (core/cards.py), in file-name order."""
    chart = [c for c in catalog.critical_hits if c.rolls is not None]
    named = {c.id: c for c in catalog.critical_hits}
    return hand_written(templates, TEMPLATES, simulator, "Starship Combat", {
        "combat": catalog.combat,
        "classes": catalog.hull_classes,
        "chart_low": [c for c in chart if c.rolls and c.rolls[1] <= 6],
        "chart_high": [c for c in chart if c.rolls and c.rolls[1] > 6],
        "named": named,
        "crews": catalog.crew_ratings,
    }, (f"{TEMPLATES}/cards.css",))
