"""A fleet of small ships prints packed: several to a page, each copy numbered and named, the
roster sharing page one; counted on the rendered PDF, as a player would count the paper."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.cli import shipyard
from tests.conftest import ROOT
from tests.pages import page_use

FLEETS = ROOT / "catalogs"

# the bundled fleets of small ships, and the most pages each may take (the roster included)
PACKED = {
    "dropfleet/scourge-raid": 3,  # seven cards, two a row, and the tables they roll on
    "dropfleet/ucm-patrol": 3,
    "d12-facings/pair-of-corsairs": 2,  # two Lancer frigates on a page, the ladders after
    "d12-facings/raider-pack": 4,
    "smallcraft/raiders": 2,  # four Raiders, not four identical pages
    "smallcraft/starfury-wing": 2,
    "traveller/system-defence": 5,  # the four Botfly fighters two a page, under the roster
}


def printed(fleet: str, paper: str, tmp_path: Path) -> Path:
    system, name = fleet.split("/")
    out = tmp_path / f"{name}-{paper}.pdf"
    run = shipyard("sheet", FLEETS / system / "fleets" / f"{name}.yaml", "--paper", paper,
                   "-o", out)
    assert run.code == 0, run.err
    return out


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("fleet", sorted(PACKED))
def test_a_fleet_of_small_ships_packs_them_several_to_a_page(fleet: str, paper: str,
                                                             tmp_path: Path) -> None:
    out = printed(fleet, paper, tmp_path)
    pages = [p.extract_text() for p in PdfReader(out).pages]
    assert len(pages) <= PACKED[fleet], f"{fleet} on {paper}: {len(pages)} pages"
    assert "Fleet roster".upper() in pages[0].upper() and "ship 1 of" in pages[0]
    assert len(page_use(out)) == len(pages)


@pytest.mark.slow
def test_every_copy_of_a_design_is_numbered_and_has_a_name_line(tmp_path: Path) -> None:
    text = " ".join(p.extract_text() for p in PdfReader(
        printed("smallcraft/raiders", "a4", tmp_path)).pages)
    for n in (1, 2, 3, 4):
        assert f"Raider delta-wing {n}" in text and f"ship {n} of 4" in text
    assert text.count("name / callsign") == 4


def test_the_botfly_fighters_of_a_squadron_share_pages(tmp_path: Path) -> None:
    out = tmp_path / "defence.html"
    assert shipyard("sheet", FLEETS / "traveller" / "fleets" / "system-defence.yaml",
                    "-o", out).code == 0
    page = out.read_text(encoding="utf-8")
    botflies = page.split("Botfly Ultralight Fighter 1</h2>", 1)[1]
    # the four fighters in one section (packed), the Dragons and the Strandbell each a sheet
    assert botflies.count('<article class="copy') == 3 and "ship 4 of 4" in botflies


def test_the_roster_prints_each_price_as_the_ships_sheet_does(tmp_path: Path) -> None:
    out = tmp_path / "defence.html"
    assert shipyard("sheet", FLEETS / "traveller" / "fleets" / "system-defence.yaml",
                    "-o", out).code == 0
    page = out.read_text(encoding="utf-8")
    roster = page.split('<table class="roster">', 1)[1].split("</table>", 1)[0]
    # the Dragon sells for MCr277.425: both pages print it to two decimals, the same way
    assert '<td class="n">277.43</td>' in roster and "sale price 277.43 MCr" in page
    assert "Fleet total: 706.28 of 800.00 MCr" in page  # the unit once, after the figures


@pytest.mark.parametrize("fleet", sorted(str(p.relative_to(FLEETS)) for p in
                                         FLEETS.glob("*/fleets/*.yaml")))
def test_the_roster_gives_each_ship_a_line_and_what_it_starts_with(fleet: str) -> None:
    from shipyard.cli.printing import _pages_of
    from shipyard.core.roster import fleet_copies
    from shipyard.core.yard import Yard

    report = Yard().check(FLEETS / fleet)
    assert report.fleet is not None
    roster = _pages_of(report)[0].printable
    blocks = roster.context.get("blocks")  # a roster leading packed ships is their first block
    rows = (blocks[0] if blocks else roster).context["rows"]
    ships = fleet_copies(report.fleet)
    assert [r.ship for r in rows] == [c.name for c in ships]  # a line a ship, by its sheet's name
    assert len({r.ship for r in rows}) == len(rows)  # every name once
    for row, copy in zip(rows, ships, strict=True):
        assert row.starting == copy.design.system.starting(copy.design) != ""


def test_a_big_ships_copies_are_laid_out_once_and_each_stamped_with_its_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from shipyard.cli.printing import _pages_of
    from shipyard.core import pdf
    from shipyard.core.yard import Yard

    laid: list[str] = []
    render = pdf.render_pdf

    def counted(page: pdf.Page, paper: str) -> bytes:
        laid.append(page.printable.template)
        return render(page, paper)

    monkeypatch.setattr(pdf, "render_pdf", counted)
    report = Yard().check(FLEETS / "rogue-trader" / "fleets" / "patrol.yaml")
    book = PdfReader(io.BytesIO(pdf.book(_pages_of(report), "a4", "patrol")))
    texts = [p.extract_text() for p in book.pages]
    assert "Sword-class Frigate 1 · ship 1 of 2" in texts[1]
    assert "Sword-class Frigate 2 · ship 2 of 2" in texts[2]
    assert "ship 1 of 2" not in texts[2]  # each page its own line, none stamped twice
    sheets = [t for t in laid if t != pdf.STAMP]
    # the roster, the Sword's sheet once for both Swords, the Endeavour's; a stamp a ship (the
    # Endeavour's says its name line)
    assert sheets.count("rogue-trader/sheet.html") == 2 and laid.count(pdf.STAMP) == 3


def test_a_page_after_the_roster_is_headed_as_the_fleets_ships(tmp_path: Path) -> None:
    """The running head of the pages packed after a roster names what they hold (the fleet's
    ships), not "fleet roster, continued"."""
    pages = [p.extract_text() for p in PdfReader(printed("dropfleet/scourge-raid", "a4",
                                                         tmp_path)).pages]
    assert "Scourge raid — its ships, continued" in pages[1]
    assert not any("roster, continued" in text for text in pages)
