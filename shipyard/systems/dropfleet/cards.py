"""dropfleet's reference cards: the damage sequence (templates/dropfleet/cards/, the table
deck), shipyard's duel and battles (cards/simulator/), and with `sheet --cards` a card of the
special rules the printed ships carry, in the words of the catalog's `table:` texts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from shipyard.api import Card, Entry, Printable, deal, hand_written
from shipyard.systems.dropfleet.models import DropfleetCatalog, SpecialRule
from shipyard.systems.dropfleet.notation import Rule
from shipyard.systems.dropfleet.ship import Ship

TEMPLATES = "dropfleet"
SPECIALS = "Special rules and arcs"
# a rule our sources name without its text: the card says so rather than invent one
UNKNOWN = "a published rule whose text shipyard's sources lack: play it as the rulebook says."
PARAMETER = {"number": " (n)", "word": " (X)"}
# the ship card's other short words, explained where a card prints them (RULINGS R3, D7)
ARCS = Entry("Arcs", "F front, F(N) narrow front, S side, R rear, joined by / (F/S/R: all "
             "round); (L) and (R): the left or the right side only.", ("R3",))
MOUNTS = Entry("2x", "before a weapon: it is mounted that many times, and each mount fires.",
               ("D7",))


def carried_rules(ships: Sequence[Ship]) -> list[Rule]:
    """Every special rule written on the ships: their own, their weapons' and their launch's."""
    return [rule for ship in ships
            for rule in (*ship.rules, *(r for m in ship.weapons for r in m.line.rules),
                         *(r for ld in ship.launch for r in ld.rules))]


def special(rule: SpecialRule) -> Entry:
    """A special rule as a card's entry: its name as printed, n or X for its parameter."""
    return Entry(f"{rule.spelled}{PARAMETER.get(rule.param, '')}", rule.table or UNKNOWN,
                 tuple(rule.rulings))


def specials(catalog: DropfleetCatalog, ships: Sequence[Ship]) -> list[Card]:
    """The card(s) explaining each special rule the ships carry, once each, by name, then the
    arcs and mount counts their weapon lines print."""
    names = {rule.name for rule in carried_rules(ships)}
    known = sorted((r for r in catalog.special_rules if r.name in names),
                   key=lambda r: r.spelled)
    lines = [m.line for ship in ships for m in ship.weapons]
    entries = [special(r) for r in known] + [ARCS] * bool(lines) + [MOUNTS] * any(
        line.count > 1 for line in lines)
    return deal(SPECIALS, "", entries) if entries else []


def cards(catalog: DropfleetCatalog, templates: Path, simulator: bool,
          ships: Sequence[Ship] = ()) -> Printable:
    """One card per template of the deck (core/cards.py), in file-name order; given ships,
    the table deck ends with their special rules."""
    d = catalog.damage
    printable = hand_written(templates, TEMPLATES, simulator, "Damage", {
        "d": d,
        "t": d.thresholds,
        "combat": catalog.combat,
        "repairs": {0: "no", 1: "yes", 2: "2 needed"},
    }, (f"{TEMPLATES}/cards.css",))
    if ships and not simulator:
        printable.context["cards"] = [*printable.context["cards"], *specials(catalog, ships)]
    return printable
