"""Every count of cards the README and the docs state is what `shipyard cards` prints.

A count is stated as "N table cards" or "N simulator cards" (digits or a word), on a line the
system owns: its row of the README's table or of the cards page's table, or its own page under
docs/systems/. A bare "N cards" or "N reference cards" would not say which deck it counts, so
it is refused.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shipyard.core.registry import system_ids
from shipyard.core.yard import Yard
from tests.conftest import ROOT

NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
           "eighteen", "nineteen", "twenty"]
NUMBER = rf"(\d+|{'|'.join(NUMBERS)})"
STATED = re.compile(rf"\b{NUMBER} (table|simulator) cards?\b", re.IGNORECASE)
UNNAMED_DECK = re.compile(rf"\b{NUMBER} (reference )?cards\b", re.IGNORECASE)
SYSTEMS = list(system_ids())


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def owner(page: Path, line: str) -> str | None:
    """The system a line speaks of: its page, or the table row it heads."""
    if page.parent.name == "systems" and page.stem in SYSTEMS:
        return page.stem
    row = re.match(r"\|\s*`?([a-z0-9-]+)`?\s*\|", line)
    return row.group(1) if row and row.group(1) in SYSTEMS else None


def value(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS.index(word.lower())


def stated() -> list[tuple[str, str, str, int]]:
    """(where, system, deck, count) for every count a page states."""
    found = []
    for page in pages():
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            for match in STATED.finditer(line):
                where = f"{page.relative_to(ROOT)}:{number}"
                system = owner(page, line)
                assert system is not None, f"{where}: {match.group(0)!r} names no system"
                found.append((where, system, match.group(2).lower(), value(match.group(1))))
    return found


@pytest.fixture(scope="module")
def printed() -> dict[tuple[str, str], int]:
    yard = Yard()
    counts = {}
    for system_id in SYSTEMS:
        system = yard.system(system_id)
        catalog = yard.catalog(system)
        counts[system_id, "table"] = len(system.cards(catalog).context["cards"])
        counts[system_id, "simulator"] = len(
            system.cards(catalog, simulator=True).context["cards"])
    return counts


def test_every_stated_card_count_is_what_cards_prints(printed: dict[tuple[str, str], int]
                                                      ) -> None:
    wrong = [f"{where}: {count} {deck} cards stated, `shipyard cards {system}"
             f"{' --simulator' if deck == 'simulator' else ''}` prints {printed[system, deck]}"
             for where, system, deck, count in stated() if count != printed[system, deck]]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_each_systems_page_and_readme_row_state_both_decks(system_id: str) -> None:
    told = {(deck, where.split(":")[0]) for where, system, deck, _ in stated()
            if system == system_id}
    for page in ("README.md", f"docs/systems/{system_id}.md", "docs/commands/cards.md"):
        for deck in ("table", "simulator"):
            assert (deck, page) in told, f"{page} states no count of {system_id}'s {deck} deck"


def test_no_page_counts_cards_without_saying_which_deck() -> None:
    bare = [f"{page.relative_to(ROOT)}:{number}: {match.group(0)!r}"
            for page in pages()
            for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
            for match in UNNAMED_DECK.finditer(line)]
    assert not bare, "\n".join(bare)
