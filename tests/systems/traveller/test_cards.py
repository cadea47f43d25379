"""The cards are a play aid: names never ids, no source strings, no validator
codes, nothing under 7 pt, and every combat ruling on its card."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from shipyard.core.yard import Yard
from shipyard.systems.traveller.models import TravellerCatalog
from shipyard.systems.traveller.rules import CODES
from tests.cli import shipyard
from tests.conftest import ROOT


def catalog() -> TravellerCatalog:
    report = Yard().check(ROOT / "catalogs" / "traveller" / "examples" / "dragon-sdb.yaml")
    assert report.design is not None
    found: TravellerCatalog = report.design.catalog
    return found


def printed(tmp_path: Path) -> tuple[str, list[float]]:
    """The cards' text and every character's font size, read back from the PDF."""
    out = tmp_path / "cards.pdf"
    assert shipyard("cards", "traveller", "-o", out).code == 0
    pdf = pdfium.PdfDocument(out)
    text, sizes = [], []
    for page in pdf:
        tp = page.get_textpage()
        text.append(tp.get_text_range())
        for i in range(tp.count_chars()):
            if not tp.get_text_range(i, 1).isspace():
                sizes.append(pdfium_c.FPDFText_GetFontSize(tp, i))
    return "\n".join(text), sizes


def test_the_cards_print_names_never_ids_sources_or_codes_and_nothing_under_7_pt(
        tmp_path: Path) -> None:
    text, sizes = printed(tmp_path)
    assert "Turn sequence" in text and "Missiles" in text and "Weapons and their DMs" in text
    cat = catalog()
    ids = {i for table in (cat.parts, cat.weapons, cat.craft, cat.software)
           for i in (e.id for e in table) if "_" in i}
    words = set(re.findall(r"[a-z0-9_]+", text))
    assert not ids & words, sorted(ids & words)[:5]
    for source in ("csv:", "ceres:", "weapons.csv", "rows:"):
        assert source not in text, source
    assert not [code for code in CODES if code in text]
    assert "burn_max" not in text and "1 rounds" not in text and "(per_ton)" not in text
    assert min(sizes) >= 7 - 0.05, min(sizes)
    assert "Parts" not in text and "Hull configurations" not in text


def test_every_combat_ruling_has_its_card_and_only_its_rulings_line_names_it() -> None:
    from shipyard.systems.traveller import cards as traveller_cards

    rulings = (ROOT / "catalogs" / "traveller" / "RULINGS.md").read_text(encoding="utf-8")
    numbers = sorted({int(n) for n in re.findall(r"\*\*TRV-R(\d+) ", rulings) if int(n) >= 16})
    dealt = [card for simulator in (False, True)
             for card in traveller_cards.cards(catalog(), simulator).context["cards"]]
    on_cards = {code for card in dealt for code in card.rulings}
    assert numbers[-1] >= 35
    assert not [n for n in numbers if f"TRV-R{n:02d}" not in on_cards]
    told = "\n".join(f"{card.title} {card.note} {e.head} {e.text}"
                     for card in dealt for e in card.entries)
    assert "TRV-R" not in told


def weapons_dealt(page: str) -> list[str]:
    """The weapons on the weapon cards of a printed page, in order."""
    cards = page.split('<article class="card">')
    return [name for card in cards if "<h2>Weapons and their DMs" in card
            for name in re.findall(r'<p class="entry"><b>([^<]*)</b>', card)]


def test_sheet_cards_deal_only_the_weapons_the_ships_carry(tmp_path: Path) -> None:
    examples = ROOT / "catalogs" / "traveller" / "examples"
    out = tmp_path / "sdb.html"
    run = shipyard("sheet", examples / "dragon-sdb.yaml", examples / "strandbell-sdb.yaml",
                   "--cards", "-o", out)
    assert run.code == 0, run.err
    dealt = weapons_dealt(out.read_text(encoding="utf-8"))
    assert dealt == ["Beam Laser", "Missile Rack", "Particle Barbette", "Small Missile Bay",
                     "PD Laser Battery II"]  # the two ships' weapons, in the catalog's order
    whole = tmp_path / "whole.html"
    assert shipyard("cards", "traveller", "-o", whole).code == 0
    every = weapons_dealt(whole.read_text(encoding="utf-8"))
    assert every == [w.name for w in catalog().weapons]  # `cards` alone: the whole catalogue
