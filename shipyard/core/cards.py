"""Default reference cards: a system's catalog tables and rule codes on poker-size cards.

A new system has cards before it writes its own: every catalog table it shows people
(`RulesSystem.catalog_tables`) becomes one or more cards, one entry per row ("id: column value ·
column value ..."), and its rule codes a last card or two, so the table can look up a finding
by its code. `templates/_base/cards.html` lays them out, nine to a page, as it does hand-written
cards. Columns named "source" are left off: a card is for play, and `shipyard catalog` shows where
every figure comes from.

A card holds what fits it: the entries are packed by an estimate of their printed lines, kept on
the safe side (a card with room to spare is better than one whose text runs off it). The
estimate is checked against WeasyPrint's layout for both bundled systems in the tests.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard.core.model import Printable
from shipyard.core.table import Table

CARD_TEMPLATE = "_base/cards/entries.html"
SKIPPED_COLUMNS = frozenset({"source"})
# The measure of an entry card (cards.css: .card and .entry): 55.9 mm of text 6.6 pt high in the
# condensed face holds 55 to 60 characters; 50 leaves room for words that do not fill a line.
# The card's 79.4 mm inside its padding, less a one-line title and its rule, holds 25 lines of
# 8.05 pt; 23 leaves room for the spacing between entries. A title's second line (10 pt bold,
# about 40 characters a line, 38 to be safe) costs two entry lines.
CHARS_PER_LINE = 50
LINES_PER_CARD = 23
TITLE_CHARS_PER_LINE = 38
LINES_PER_TITLE_LINE = 2
LINES_PER_NOTE = 1.2  # a note is set smaller, with a space under it
EMPTY = frozenset({"", "-", "–", "—"})
RULE_FINDINGS = "Rule findings"
# A system's hand-written cards are its templates' cards/ folder, in file-name order: the table
# deck, the rules a player uses at the table. Cards about shipyard's simulator (its default
# captain, its battles, its duel's set-up) are in cards/simulator/, printed by `cards --simulator`.
CARDS_FOLDER = "cards"
SIMULATOR_FOLDER = "simulator"


# The rulings line (cards.css .rulings): 6.5 pt, a little under the entries, so a line holds
# more characters than an entry's; it takes 0.9 of an entry line, after 0.5 mm (0.2 of a line).
RULINGS_CHARS_PER_LINE = 55
RULINGS_LINE = 0.9
RULINGS_SPACE = 0.2


@dataclass(frozen=True)
class Measure:
    """How much an entry card holds, in printed lines (estimates kept on the safe side, checked
    against WeasyPrint's layout in the tests); a system setting its entries larger has its own."""

    chars_per_line: int = CHARS_PER_LINE
    lines_per_card: float = LINES_PER_CARD
    lines_per_note: float = LINES_PER_NOTE

    def lines(self, entry: Entry) -> int:
        return max(1, math.ceil((len(entry.head) + 1 + len(entry.text)) / self.chars_per_line))

    def note_lines(self, note: str) -> float:
        return math.ceil(len(note) / self.chars_per_line * self.lines_per_note) if note else 0


@dataclass(frozen=True)
class Entry:
    """One row of a table on a card: its first column in bold, then the rest as one text; the
    rulings it states go to the card's rulings line, not into its text."""

    head: str
    text: str
    rulings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Card:
    """What the entry card template reads (`card.title`, `card.note`, `card.entries`)."""

    title: str
    note: str
    entries: tuple[Entry, ...]
    template: str = CARD_TEMPLATE
    rulings: tuple[str, ...] = ()  # the card's small reference line (`rulings_of`)


def rulings_of(codes: Sequence[str]) -> tuple[str, ...]:
    """Ruling codes once each, in their order in RULINGS.md (by number: R2 before R10)."""
    def number(code: str) -> tuple[str, int]:
        stem = code.rstrip("0123456789")
        return stem, int(code[len(stem):] or 0)

    return tuple(sorted(dict.fromkeys(codes), key=number))


def entries_of(table: Table) -> list[Entry]:
    """A table's rows as entries: "head column: value · column: value", empty cells and the
    source column left off."""
    keep = [i for i, name in enumerate(table.columns)
            if i > 0 and name.strip().lower() not in SKIPPED_COLUMNS]
    out = []
    for row in table.rows:
        cells = [(table.columns[i], row[i]) for i in keep
                 if i < len(row) and row[i].strip() not in EMPTY]
        out.append(Entry(row[0] if row else "", " · ".join(f"{k}: {v}" for k, v in cells)))
    return out


def rulings_lines(codes: Sequence[str]) -> float:
    """The room a rulings line of these codes takes, in entry lines, with its space above."""
    if not codes:
        return 0
    text = "Rulings " + ", ".join(rulings_of(codes))
    return RULINGS_SPACE + math.ceil(len(text) / RULINGS_CHARS_PER_LINE) * RULINGS_LINE


def deal(title: str, note: str, entries: Sequence[Entry], rulings: Sequence[str] = (),
         measure: Measure = Measure()) -> list[Card]:
    """Entries packed onto as many cards as they need, in order; the note on the first card,
    every card after the first titled "title, 2/3", and on each a line of the rulings its
    entries (and the whole table, `rulings`) state."""
    # the longest title a card of this table gets ("Hulls, 12/12"), to be safe on every card
    title_lines = math.ceil((len(title) + 7) / TITLE_CHARS_PER_LINE)
    full = (measure.lines_per_card - (title_lines - 1) * LINES_PER_TITLE_LINE
            - rulings_lines(rulings))
    piles: list[list[Entry]] = [[]]
    room = full - measure.note_lines(note)
    codes: list[str] = list(rulings)  # the pile's rulings line, so far
    for entry in entries:
        more = rulings_lines([*codes, *entry.rulings]) - rulings_lines(codes)
        if piles[-1] and measure.lines(entry) + more > room:
            piles.append([])
            room, codes = full, list(rulings)
            more = rulings_lines([*codes, *entry.rulings]) - rulings_lines(codes)
        piles[-1].append(entry)
        codes += entry.rulings
        room -= measure.lines(entry) + more
    count = len(piles)
    return [Card(title if count == 1 else f"{title}, {n}/{count}", note if n == 1 else "",
                 tuple(pile), rulings=rulings_of([*rulings, *(c for e in pile for c in e.rulings)]))
            for n, pile in enumerate(piles, start=1)]


def default_cards(system_id: str, tables: Sequence[Table], codes: Mapping[str, str]
                  ) -> Printable:
    """A system's catalog tables, then its rule codes, as reference cards.

    The wiring in RulesSystem.cards:
        return default_cards(self.id, self.catalog_tables(catalog), self.codes)
    """
    cards: list[Card] = []
    for table in tables:
        cards += deal(table.title, table.note, entries_of(table))
    if codes:
        cards += deal(RULE_FINDINGS, "", [Entry(code, text) for code, text in codes.items()])
    return Printable("_base/cards.html", {
        "title": f"{system_id} reference cards",
        "deck_title": f"{system_id} · catalog and rule findings",
        "cards": cards,
    }, ("_base/cards.css",))


def card_templates(templates: Path, prefix: str, simulator: bool) -> list[str]:
    """The card templates of one deck, in file-name order, named `prefix/cards/...` as a
    Printable names them (`templates` is the system's folder, `prefix` its name)."""
    folder = f"{CARDS_FOLDER}/{SIMULATOR_FOLDER}" if simulator else CARDS_FOLDER
    return sorted(f"{prefix}/{folder}/{p.name}" for p in (templates / folder).glob("*.html"))


def hand_written(templates: Path, prefix: str, simulator: bool, title: str,
                 context: Mapping[str, Any], stylesheets: tuple[str, ...]) -> Printable:
    """A deck of a system's hand-written cards: each card's foot names the rules text (`title`,
    for the table deck) or shipyard's simulator."""
    foot = (f"{prefix} · shipyard's simulator, not the rules text" if simulator
            else f"{prefix} · {title}")
    return Printable("_base/cards.html", {
        "title": f"{prefix} {'simulator' if simulator else 'reference'} cards",
        "deck_title": foot,
        "cards": card_templates(templates, prefix, simulator),
        **context,
    }, ("_base/cards.css", *stylesheets))
