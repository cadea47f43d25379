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
SPECIALS = "Special rules on these ships"
# a rule our sources name without its text: the card says so rather than invent one
UNKNOWN = "a published rule whose text shipyard's sources lack: play it as the rulebook says."
PARAMETER = {"number": " (n)", "word": " (X)"}


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
    """The card(s) explaining each special rule the ships carry, once each, by name."""
    names = {rule.name for rule in carried_rules(ships)}
    known = sorted((r for r in catalog.special_rules if r.name in names),
                   key=lambda r: r.spelled)
    return deal(SPECIALS, "", [special(r) for r in known]) if known else []


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
