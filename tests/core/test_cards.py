"""Default reference cards (core/cards.py): every catalog row and rule code of a system on
poker-size cards, laid out by WeasyPrint without a line running off a card or into its foot."""

from __future__ import annotations

from functools import cache
from typing import Any

import pypdfium2 as pdfium
import pytest

from shipyard.core import pdf, render
from shipyard.core.cards import RULE_FINDINGS, Card, Entry, deal, default_cards, entries_of
from shipyard.core.system import Printable
from shipyard.core.table import Table
from shipyard.core.yard import Yard

SYSTEMS = ("smallcraft", "rogue-trader")
PX = 96 / 25.4  # CSS px per mm
YARD = Yard()


@cache
def deck(system_id: str) -> Printable:
    system = YARD.system(system_id)
    catalog = YARD.catalog(system)
    return default_cards(system.id, system.catalog_tables(catalog), system.codes)


def test_a_row_becomes_an_entry_without_its_source_or_empty_cells() -> None:
    table = Table("Hulls", ["id", "Speed", "Armour", "source"],
                  [["sword", "5", "18", "Into the Storm p. 1"], ["raider", "", "-", "house"]])
    assert entries_of(table) == [Entry("sword", "Speed: 5 · Armour: 18"), Entry("raider", "")]


def test_a_long_table_is_dealt_onto_numbered_cards_in_order() -> None:
    entries = [Entry(f"e{i}", "x" * 120) for i in range(30)]  # 3 lines each: 7 to a card
    cards = deal("Hulls", "A note.", entries)
    assert [c.title for c in cards] == [f"Hulls, {n}/{len(cards)}" for n in
                                        range(1, len(cards) + 1)]
    assert [e for c in cards for e in c.entries] == entries
    assert cards[0].note == "A note." and not any(c.note for c in cards[1:])
    assert deal("Ranges", "", entries[:2]) == [Card("Ranges", "", tuple(entries[:2]))]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_catalog_row_and_rule_code_is_on_a_card(system_id: str) -> None:
    system = YARD.system(system_id)
    tables = system.catalog_tables(YARD.catalog(system))
    cards = deck(system_id).context["cards"]
    heads = [e.head for c in cards for e in c.entries]
    assert heads == [row[0] for t in tables for row in t.rows] + list(system.codes)
    assert cards[-1].title.startswith(RULE_FINDINGS)


def card_boxes(document: Any, page: int) -> list[Any]:
    page_box = document.pages[page]._page_box
    return [b for root in page_box.children if root.element_tag == "html"
            for b in root.descendants()
            if b.element_tag == "article" and b.element.get("class") == "card"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_default_cards_fit_their_cards_on_both_papers(system_id: str, paper: str) -> None:
    printable = deck(system_id)
    document = pdf.layout(render.Page(printable), paper)
    count = len(printable.context["cards"])
    assert len(document.pages) == -(-count // 9)  # nine to a page
    seen = 0
    for number in range(len(document.pages)):
        for card in card_boxes(document, number):
            seen += 1
            assert card.border_height() == pytest.approx(88.9 * PX, abs=0.01)
            inner = [b for b in card.descendants() if b is not card and b.element_tag == "p"]
            foot = next(b for b in inner if b.element.get("class") == "card-foot")
            top_of_foot = foot.position_y
            for box in inner:
                if box is not foot:
                    assert box.position_y + box.margin_height() <= top_of_foot + 0.01, (
                        f"{system_id}: card {seen} runs into its foot")
    assert seen == count


def assert_above_their_feet(printable: Printable, paper: str, name: str) -> int:
    """Lay a deck out and check that no card's text runs into its foot; the cards seen."""
    document = pdf.layout(render.Page(printable), paper)
    seen = 0
    for number in range(len(document.pages)):
        for card in card_boxes(document, number):
            seen += 1
            assert card.border_height() == pytest.approx(88.9 * PX, abs=0.01)
            inner = [b for b in card.descendants() if b is not card
                     and b.element_tag in ("p", "table", "h2", "h3")]
            foot = next(b for b in inner if b.element.get("class") == "card-foot")
            for box in inner:  # its text, not the space kept under it, above the foot
                if box is not foot:
                    bottom = box.position_y + box.margin_top + box.border_height()
                    assert bottom <= foot.position_y + 0.01, (
                        f"{name}: card {seen} runs into its foot")
    return seen


@pytest.mark.parametrize("simulator", [False, True], ids=["table", "simulator"])
@pytest.mark.parametrize("system_id", ["smallcraft", "rogue-trader", "dropfleet", "traveller",
                                       "d12-facings"])
def test_every_card_of_each_deck_keeps_its_text_above_its_foot(system_id: str,
                                                                simulator: bool) -> None:
    system = YARD.system(system_id)
    printable = system.cards(YARD.catalog(system), simulator=simulator)
    seen = assert_above_their_feet(printable, "a4", system_id)
    assert seen == len(printable.context["cards"])


@pytest.mark.slow
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_default_cards_print_the_same_bytes_twice(system_id: str, tmp_path: Any) -> None:
    page = render.Page(deck(system_id))
    first = pdf.render_pdf(page, "a4")
    assert pdf.render_pdf(page, "a4") == first
    out = tmp_path / "cards.pdf"
    out.write_bytes(first)
    text = pdfium.PdfDocument(out)[0].get_textpage().get_text_range()
    assert f"{system_id} · catalog and rule findings" in text
