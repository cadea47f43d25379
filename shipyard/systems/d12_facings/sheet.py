"""What d12-facings' printed pages need: the facing diagram and the reference cards.

Everything is read from the rules (`fit`, `derive`, the budgets `check` found, the catalog);
nothing here recomputes a rule. The templates are `templates/d12-facings/`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shipyard.api import Budget, Printable
from shipyard.systems.d12_facings.models import D12Catalog
from shipyard.systems.d12_facings.profile import derive, signed
from shipyard.systems.d12_facings.rules import Fit, Fitted

TEMPLATES = "d12-facings"
# the kind of a system, in letters as well as in the shape of its boxes (never colour alone)
TAGS = {"normal": "N", "heavy": "H", "super-heavy": "SH", "turret": "T"}


@dataclass(frozen=True)
class Row:
    label: str
    tag: str
    kind: str  # css class: normal, heavy, super-heavy, turret
    hp: int
    what: str  # its figures, in the game's words
    stops_at: int  # the box whose loss stops it: the first for a normal system, else the last


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
    return Printable(f"{TEMPLATES}/sheet.html", {
        "title": design.name,
        "heading": "Ship sheet · facing diagram",
        "subtitle": f"d12-facings · {p.hull} · {p.points} points"
                    + (f" of {points.available}" if points and design.points_limit else ""),
        "stats": [("Defence", str(p.defence)), ("Piloting total", f"{p.piloting} (engines "
                  "included)"), ("To-hit bonus", f"{signed(p.gunnery_bonus)} (sensors, edges)"),
                  ("Crew", f"{p.crew} aboard, {p.seats} seats")],
        "sides": sides(f, budgets),
        "shields": p.shields,
        "armour": p.armour,
        "weapons": weapons,
        "crew": crew,
        "edges": edges,
        "tags": TAGS,
        "to_hit": by_range(catalog),
    }, ("_base/macros.css", "_base/strips.css", f"{TEMPLATES}/sheet.css"))


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


def cards(catalog: D12Catalog, templates: Path) -> Printable:
    """One card per template in `templates`/cards/ (the system's folder), in file-name order."""
    names = sorted(f"{TEMPLATES}/cards/{p.name}" for p in (templates / "cards").glob("*.html"))
    return Printable("_base/cards.html", {
        "title": "d12-facings reference cards",
        "deck_title": "d12-facings · seed 003 · R: shipyard rulings d12-facings",
        "cards": names,
        "combat": catalog.combat,
        "construction": catalog.construction,
        "hulls": catalog.hulls,
    }, ("_base/cards.css", f"{TEMPLATES}/cards.css"))
