"""What dropfleet's printed pages need: a ship card (the printer prints one per ship of a group
or a fleet, several to a page) and the damage sequence's reference cards.

Everything is read from the resolved ship, the budgets `check` found and the catalog's tables;
nothing here recomputes a rule. The templates are `templates/dropfleet/`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from shipyard.api import BoxLine, Budget, Printable, lost_in
from shipyard.systems.dropfleet.damage import catastrophic, crippled_at
from shipyard.systems.dropfleet.models import CripplingResult, DropfleetCatalog, DropfleetDesign
from shipyard.systems.dropfleet.notation import Rule, save_text
from shipyard.systems.dropfleet.profile import armour_text, catastrophic_text
from shipyard.systems.dropfleet.rules import house
from shipyard.systems.dropfleet.ship import Ship

TEMPLATES = "dropfleet"
BOXES_PER_ROW = 20  # the kit's track strip is 20 boxes long
BIG_PER_ROW = 14  # the kit's big strip (4.6 mm boxes), for a Hull under BIG_UNDER
BIG_UNDER = 40
FIRE_MARKERS = 4  # an Immolation gives up to D3 Fires, on top of a crippling Fire
TURNS = 6  # a game's turns on the card's turn record


@dataclass(frozen=True)
class Marker:
    """A crippling result the card gives boxes: `groups` sets of `boxes` (a set a time it can
    be suffered, as results stack, R16; a set's boxes are the successes its repair needs)."""

    name: str
    groups: int
    boxes: int
    note: str


@dataclass(frozen=True)
class WeaponRow:
    name: str
    lock: str
    attack: str
    damage: str
    arc: str
    rules: tuple[RuleWords, ...]
    line: str = ""  # the weapon's name without its count, as the game file keeps its uses


@dataclass(frozen=True)
class RuleWords:
    """A special rule as the card prints it: its name spelled out (L (2) is Limited (2), D8)
    and, for a rule of uses, a box for each."""

    text: str
    boxes: int = 0
    ticked: int = 0  # of the boxes, the uses spent in play (`sheet GAME`)


def rule_words(rules: Sequence[Rule], catalog: DropfleetCatalog) -> tuple[RuleWords, ...]:
    return tuple(RuleWords(catalog.spelled(rule), rule.number if (
        known := catalog.rule(rule.name)) is not None and known.uses else 0) for rule in rules)


def hull_strip(ship: Ship) -> tuple[str, int]:
    """The strip a Hull track is drawn with, and its boxes a line: big boxes for a short track."""
    return ("big", BIG_PER_ROW) if ship.hull < BIG_UNDER else ("track", BOXES_PER_ROW)


def hull_track(ship: Ship, catalog: DropfleetCatalog) -> list[BoxLine]:
    """The kit's box track for Hull lost: a box a point, each line labelled with the Hull left
    once its boxes are ticked, and the box that cripples the ship drawn heavy. A line holds at
    most one such box (a Dreadnought's second threshold starts a new line) and at most
    the strip's boxes a line (hull_strip); the lines of a stretch are as even as they can be."""
    at = crippled_at(ship.hull, ship.dreadnought, catalog.damage.thresholds)
    left = list(range(ship.hull - 1, -1, -1))  # the Hull left once each box is ticked
    stretches: list[list[int]] = []
    for value in left:
        if not stretches or (value in at[1:]):
            stretches.append([])
        stretches[-1].append(value)
    lines = []
    per_line = hull_strip(ship)[1]
    for stretch in stretches:
        rows = -(-len(stretch) // per_line)
        per_row = -(-len(stretch) // rows)
        for i in range(0, len(stretch), per_row):
            chunk = stretch[i:i + per_row]
            mark = next((j + 1 for j, v in enumerate(chunk) if v in at), 0)
            label = str(chunk[0]) if len(chunk) == 1 else f"{chunk[0]}–{chunk[-1]}"
            lines.append(BoxLine(len(chunk), label, mark=mark))
    return lines


def crippling_table(ship: Ship, catalog: DropfleetCatalog) -> list[CripplingResult]:
    d = catalog.damage
    return d.dreadnought_crippling if ship.dreadnought else d.crippling


def repairables(ship: Ship, catalog: DropfleetCatalog, stacks: int) -> list[Marker]:
    """The repairable results but Fire (one of the Fires markers, S9), and Orbital Decay
    (S7): a set of boxes for each threshold, a box a success needed (S8)."""
    out = [Marker(r.name, stacks, r.repairs, "")
           for r in crippling_table(ship, catalog) if r.repairs and r.marker != "fire"]
    out.append(Marker("Orbital decay", 1, 1, ""))
    return out


def lasting(ship: Ship, catalog: DropfleetCatalog, stacks: int) -> list[Marker]:
    """The results that last with no repair and change the fight: a box for each threshold."""
    return [Marker(r.name, stacks, 1, r.effect) for r in crippling_table(ship, catalog)
            if r.marker in ("lasting", "core-leak")]


SOURCE = re.compile(r"^(?P<who>[A-Za-z]+?)Stats-(?P<yy>\d\d)(?P<mm>\d\d) p(?P<page>\d+)")


def source_words(source: str) -> str:
    """A stock ship's source as a player reads it: `UCMStats-2308 p4 (...cat)` is the UCM stat
    sheet of 2023-08, page 4 (the data's file name dropped)."""
    got = SOURCE.match(source)
    if got is None:
        return source.split(" (")[0]
    return (f"{got['who']} stat sheet 20{got['yy']}-{got['mm']}, page {got['page']}")


def weapon_rows(ship: Ship, catalog: DropfleetCatalog) -> list[WeaponRow]:
    return [WeaponRow(("" if m.line.count == 1 else f"{m.line.count}x ") + m.line.name,
                      "armour" if m.line.lock == "armour" else f"{m.line.lock}+",
                      str(m.line.attack), str(m.line.damage), m.line.arc,
                      rule_words(m.line.rules, catalog), m.line.name) for m in ship.weapons]


def card(ship: Ship, name: str, catalog: DropfleetCatalog, budgets: list[Budget],
         of: int) -> dict[str, object]:
    """What one ship's card prints; `of` ships share the design's points (a group)."""
    thresholds = crippled_at(ship.hull, ship.dreadnought, catalog.damage.thresholds)
    points = next((b for b in budgets if b.name == "points"), None)
    klass = catalog.tonnage_class(ship.ship_class)
    faction = next((f.name for f in catalog.factions if f.id == ship.faction), "")
    published = None
    if ship.stock is not None and points is not None:
        each = points.used // of if of else points.used
        published = (f"{each} pts ({ship.stock.points} printed + house picks)"
                     if each != ship.stock.points else f"{each} pts published")
    launch = []
    for ld in ship.launch:
        load = catalog.load(ld.load)
        launch.append((f"{load.name} {ld.launch}" + (f" x{ld.count}" if ld.count > 1 else ""),
                       rule_words(ld.rules, catalog), load.name))
    cat = catastrophic(ship.hull, catalog.damage.thresholds)
    stacks = max(1, len(thresholds))
    return {
        "name": name,
        "stock_name": ship.stock.name if ship.stock is not None and ship.stock.name != name
        else None,
        "class_name": klass.name, "faction": faction,
        "published": published, "house": house(ship, catalog),
        "profile": [("Hull", str(ship.hull)), ("Armour", armour_text(ship)),
                    ("PD", str(ship.point_defence)),
                    ("Signature", f'{ship.signature}"' + (
                        f' / {ship.shields_up_signature}" up, PD 0'
                        if ship.shields_up_signature
                        else "")),
                    ("Thrust", f'{ship.thrust}"'), ("Scan", f'{ship.scan}"'),
                    ("Group", f"{ship.group[0]}-{ship.group[1]}")],
        "rules": ", ".join(str(r) for r in ship.rules),
        "weapons": weapon_rows(ship, catalog),
        "launch": launch,
        "upgrades": [(u.upgrade.name, u.upgrade.summary) for u in ship.upgrades],
        "track": hull_track(ship, catalog),
        "strip": hull_strip(ship)[0],
        "thresholds": thresholds,
        "repairables": repairables(ship, catalog, stacks) if thresholds else [],
        "lasting": lasting(ship, catalog, stacks) if thresholds else [],
        "dreadnought": ship.dreadnought,
        "fires": FIRE_MARKERS,
        "passed": (),  # in play (`sheet GAME`): the thresholds passed, their crippling rolled
        "burning": 0,  # in play: the Fire markers on the ship
        "suffered": {},  # in play: each lasting result by name, the times it is in effect
        "catastrophic": catastrophic_text(ship, catalog),
        "catastrophic_words": catastrophic_words(ship, catalog),
        "explodes": cat is not None,
        "crippling": crippling_table(ship, catalog),
        "catastrophic_table": catalog.damage.dreadnought_catastrophic if ship.dreadnought
        else catalog.damage.catastrophic,
        "shields": bool(ship.shields_up_signature),
    }


def catastrophic_words(ship: Ship, catalog: DropfleetCatalog) -> str:
    """How the ship's catastrophic roll is made, in words: the die, and how far it reaches."""
    cat = catastrophic(ship.hull, catalog.damage.thresholds)
    if cat is None:
        return "none: the ship is removed when destroyed"
    radius, bonus = cat
    roll = f"D6+{bonus}" if bonus else "D6"
    if ship.dreadnought:
        return f"when destroyed roll {roll}; each result says how far it reaches"
    reach = f"{radius} (roll the {radius[:-1]} for the inches)" if radius.startswith("D") \
        else radius
    return (f"when destroyed roll {roll}; it reaches ships within {reach} in the same "
            "orbital layer")


def sheet(design: DropfleetDesign, ship: Ship, catalog: DropfleetCatalog,
          budgets: list[Budget]) -> Printable:
    """A ship's card: on a page of its own with the Roundup under it, or packed several to a
    page in a fleet or a group (the printer numbers the copies: a group design is as many
    cards as it has ships, each "ship k of n")."""
    klass = catalog.tonnage_class(ship.ship_class)
    source = (f"published ship ({source_words(ship.stock.source)})" if ship.stock is not None
              else "custom build (house)")
    return Printable(f"{TEMPLATES}/sheet.html", {
        "title": design.name,
        "heading": "Ship card",
        "subtitle": f"dropfleet · {klass.name} · {source}",
        "c": card(ship, design.name, catalog, budgets, design.group or 1),
        "pack_class": "half",  # packed: two cards side by side
        "save_text": save_text,
        "turns": TURNS,
        "damage_control": catalog.damage.damage_control,
        "orbital_decay": catalog.damage.orbital_decay,
    }, ("_base/macros.css", "_base/strips.css", f"{TEMPLATES}/sheet.css"))


def as_it_stands(printable: Printable, hull: int, left: int, fires: int,
                 suffered: dict[str, int], spent: dict[str, int]) -> Printable:
    """A card in play: of `hull`, the Hull lost ticked (the track's boxes from the first, as a
    player ticks them), the crippling rolled at every threshold passed, `fires` Fire markers
    ticked, a box of each lasting result for each time it is in effect (`suffered`, by
    its name on the card), and a Limited weapon's or launch's uses ticked (`spent`, by the
    weapon's or the load's name)."""
    c = printable.context["c"]

    def used(words: tuple[RuleWords, ...], name: str) -> tuple[RuleWords, ...]:
        return tuple(replace(w, ticked=min(w.boxes, spent.get(name, 0))) if w.boxes else w
                     for w in words)

    marked = {**c, "track": lost_in(c["track"], range(1, hull - left + 1)),
              "passed": tuple(h for h in c["thresholds"] if left <= h),
              "burning": min(fires, c["fires"]), "suffered": suffered,
              "weapons": [replace(w, rules=used(w.rules, w.line)) for w in c["weapons"]],
              "launch": [(label, used(words, name), name) for label, words, name in c["launch"]]}
    return Printable(printable.template, {**printable.context, "c": marked},
                     printable.stylesheets)


def reference(ships: list[Ship], catalog: DropfleetCatalog) -> Printable:
    """The tables packed cards leave out, printed once after them: the crippling and
    catastrophic tables (a Dreadnought's as well where one of `ships` is), and the Roundup."""
    d = catalog.damage
    kinds = [{"dreadnought": big, "explodes": True,
              "crippling": d.dreadnought_crippling if big else d.crippling,
              "catastrophic_table": d.dreadnought_catastrophic if big else d.catastrophic,
              "catastrophic_words": "each card says its roll and how far it reaches"}
             for big in sorted({s.dreadnought for s in ships})]
    return Printable(f"{TEMPLATES}/tables.html", {
        "kinds": kinds, "turns": TURNS, "damage_control": d.damage_control,
        "orbital_decay": d.orbital_decay,
    }, ("_base/macros.css", f"{TEMPLATES}/sheet.css"))

