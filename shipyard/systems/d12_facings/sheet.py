"""What d12-facings' printed pages need: the facing diagram and the reference cards.

Everything is read from the rules (`fit`, `derive`, the budgets `check` found, the catalog);
nothing here recomputes a rule. The templates are `templates/d12-facings/`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from shipyard.api import Budget, Printable, hand_written
from shipyard.systems.d12_facings.models import RANGES, D12Catalog
from shipyard.systems.d12_facings.profile import derive, signed
from shipyard.systems.d12_facings.rules import Fit, Fitted

TEMPLATES = "d12-facings"
# the kind of a system, in letters as well as in the shape of its boxes (never colour alone)
TAGS = {"normal": "N", "heavy": "H", "super-heavy": "SH", "turret": "T"}
ENEMIES = 3  # range ladders on the sheet: a ship keeps its own range to each enemy
# The room under the diagram on A4, in turn-record rows (6 mm; Letter has three fewer): a small
# ship's sheet (four diagram lines of 4.6 mm boxes, three weapons) has room for eight; each
# diagram line costs about a row and a half, each weapon a row. A big ship's diagram draws
# 3.3 mm boxes to stay on one page.
ROOM_ROWS = 19
MOST_TURNS = 8
PACKED_HULLS = frozenset({"corvette", "frigate"})  # sheets two a page in a fleet
PACKED_LADDERS = 6  # range ladders after a packed pair: three enemies for each of two ships
BIG_BOXES_UP_TO = 6  # diagram lines drawn with the big boxes; more, and the kit's 3.3 mm strip


@dataclass(frozen=True)
class Row:
    label: str
    tag: str
    kind: str  # css class: normal, heavy, super-heavy, turret
    hp: int
    what: str  # its figures, in the game's words
    stops_at: int  # the box whose loss stops it: the first for a normal system, else the last
    lost: tuple[int, ...] = ()  # in play: its boxes lost, from the left (1 = the first)


@dataclass(frozen=True)
class Side:
    name: str
    slots: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class WeaponRow:
    name: str
    arc: str
    damage: str
    sustain: str
    to_hit: str


def figures(f: Fitted) -> str:
    s = f.system
    if s.kind == "weapon":
        return f"D {s.damage} S {s.sustain}"
    if s.kind == "missile":
        return f"D {s.damage}, to-hit {s.to_hit}"
    if s.kind == "shield":
        return f"{s.shields} shield points"
    if s.kind == "engine":
        return f"piloting +{s.piloting}"
    if s.kind == "sensor":
        return f"to-hit total +{s.gunnery}"
    if s.kind == "station":
        return f"{s.seats} seats"
    return "armour"


def sides(f: Fit, budgets: list[Budget]) -> dict[str, Side]:
    used = {b.name.removeprefix("slots."): b for b in budgets if b.name.startswith("slots.")}
    out = {}
    for facing in ("fore", "aft", "port", "starboard", "core"):
        rows = tuple(Row(s.label, TAGS[s.kind_label], s.kind_label, s.system.hp, figures(s),
                         s.system.hp if s.resilient else 1)
                     for s in f.on(facing))
        b = used.get(facing)
        slots = f"{b.used}/{b.available} slots" if b else ""
        out[facing] = Side(facing.capitalize(), slots, rows)
    return out


def arc(f: Fitted) -> str:
    if f.turret:
        return "every arc (turret)"
    return {"fore": "fore (at tailing: as the tailer)", "aft": "aft (at tailing: when "
            "tailed)"}.get(f.facing, f"{f.facing} (not at tailing)")


def sheet(f: Fit, catalog: D12Catalog, budgets: list[Budget]) -> Printable:
    design = f.design
    p = derive(f, catalog)
    weapons = [WeaponRow(s.label, arc(s), str(s.system.damage),
                         str(s.system.sustain) if s.system.sustain else "–",
                         str(s.system.to_hit) if s.system.to_hit else "by range")
               for s in f.systems if s.system.fires]
    points = next((b for b in budgets if b.name == "points"), None)
    crew = [(h.name, "captain" if i == 0 else "crew", h.piloting, h.gunnery)
            for i, h in enumerate(f.hands)]
    edges = [(e.name, edge_words(e.effect, e.roll, e.figure)) for e in f.edges]
    drawn = sides(f, budgets)
    lines = diagram_lines(drawn)
    big = lines <= BIG_BOXES_UP_TO
    return Printable(f"{TEMPLATES}/sheet.html", {
        "title": design.name,
        "heading": "Ship sheet · facing diagram",
        "subtitle": f"d12-facings · {p.hull} · {p.points} points"
                    + (f" of {points.available}" if points and design.points_limit else ""),
        "stats": [("Defence", str(p.defence)), ("Piloting total", f"{p.piloting} (engines "
                  "included)"), ("To-hit bonus", f"{signed(p.gunnery_bonus)} (sensors, edges)"),
                  ("Crew", f"{p.crew} aboard, {p.seats} seats")],
        "sides": drawn,
        "strip": "big" if big else "track",
        "shields": p.shields,
        "armour": p.armour,
        "shields_down": (),  # in play (`sheet GAME`): the shield boxes lost this turn
        "armour_lost": (),  # in play: the outer armour boxes lost
        "weapons": weapons,
        "crew": crew,
        "edges": edges,
        "tags": TAGS,
        "to_hit": by_range(catalog),
        "ranges": RANGES,
        "enemies": ENEMIES,
        "room": room_rows(lines, len(weapons), big),
        "most_turns": MOST_TURNS,
        "gunnery": gunnery_rows(catalog),
        "range_steps": range_steps(catalog),
        "start_range": catalog.combat.start_range,
    }, ("_base/macros.css", "_base/strips.css", f"{TEMPLATES}/sheet.css"))


def _first(count: int) -> tuple[int, ...]:
    """Boxes 1..count: a track's losses, crossed from the left as the table crosses them."""
    return tuple(range(1, max(0, count) + 1))


def as_it_stands(printable: Printable, shields: int, armour: int,
                 systems: dict[str, int]) -> Printable:
    """A ship sheet in play: the shield points down this turn (`shields` are up), the outer
    armour lost (`armour` left), and every system hit (`systems`: the hit points left by its
    label on the sheet) crossed from the left."""
    c = printable.context
    drawn = {facing: replace(side, rows=tuple(
        replace(row, lost=_first(row.hp - systems[row.label])) if row.label in systems
        else row for row in side.rows)) for facing, side in c["sides"].items()}
    return Printable(printable.template, {
        **c, "sides": drawn, "shields_down": _first(c["shields"] - shields),
        "armour_lost": _first(c["armour"] - armour)}, printable.stylesheets)


def reference(catalog: D12Catalog) -> Printable:
    """Printed once after corvettes and frigates packed two a page: the diagram's legend, the
    range ladders (a row a ship and enemy), the range phase and the gunnery numbers."""
    return Printable(f"{TEMPLATES}/reference.html", {
        "ranges": RANGES, "ladders": PACKED_LADDERS, "start_range": catalog.combat.start_range,
        "gunnery": gunnery_rows(catalog), "range_steps": range_steps(catalog),
        "to_hit": by_range(catalog),
    }, ("_base/macros.css", "_base/strips.css", f"{TEMPLATES}/sheet.css"))


def diagram_lines(drawn: dict[str, Side]) -> int:
    """Lines of systems down the diagram: fore and aft in two columns, the middle row's
    longest side."""
    def half(side: Side) -> int:
        return max(1, -(-len(side.rows) // 2))
    middle = max(max(1, len(drawn[k].rows)) for k in ("port", "core", "starboard"))
    return half(drawn["fore"]) + middle + half(drawn["aft"])


def room_rows(lines: int, weapons: int, big: bool) -> int:
    """Turn-record rows the A4 page has room for under the diagram and the weapons (the template
    takes Letter's three off, prints at most MOST_TURNS, and where the room runs out leaves off
    the turn record and the range phase's steps, which card 2 also gives)."""
    return int(ROOM_ROWS - lines * (3 if big else 2) / 2 - weapons)


def gunnery_rows(catalog: D12Catalog) -> list[tuple[str, str]]:
    """What a shot needs at each range, before the target's defence (the seed's difficulties)."""
    d = catalog.combat.difficulty
    return [(name, str(getattr(d, name))) for name in RANGES if name != "escaped"]


def range_steps(catalog: D12Catalog) -> list[str]:
    """The range phase in a line a step (card 2 says it in full, with its rulings)."""
    margin = catalog.combat.two_steps_margin
    return [
        "Declare piloting edges; everyone rolls piloting: best pilot + hull handling + working "
        "engines + edges.",
        f"Highest first moves its range to one enemy one step; two if it beat that enemy by "
        f"{margin} or more. A natural 12 ranks above any other result; equal results: nobody "
        "moves.",
        "The next highest may move, never against one who moved against it.",
        f"Whoever moves the range to tailing is the tailer; the tailed ship holds or breaks away "
        f"(to short; medium on a win by {margin}+).",
        "A ship that reaches escaped leaves the fight.",
    ]


def by_range(catalog: D12Catalog) -> str:
    """The seed's gunnery difficulties as the catalog gives them, for the sheet's key."""
    d = catalog.combat.difficulty
    return (f"tailing {d.tailing}, short {d.short}, medium {d.medium}, long {d.long}")


def edge_words(effect: str, roll: str | None, figure: int) -> str:
    return {
        "bonus": f"+{figure} to the {roll} total; declare before rolling",
        "after-roll": f"+{figure} to a {roll} roll already made, once a turn",
        "attacker-chooses": "your hits land on the system you choose",
        "defence": f"+{figure} defence",
    }[effect]


def cards(catalog: D12Catalog, templates: Path, simulator: bool) -> Printable:
    """One card per template of the deck (core/cards.py), in file-name order."""
    return hand_written(templates, TEMPLATES, simulator, "Combat Quick Reference", {
        "combat": catalog.combat,
        "construction": catalog.construction,
        "hulls": catalog.hulls,
    }, (f"{TEMPLATES}/cards.css",))
