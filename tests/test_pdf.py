"""The print pipeline: `shipyard sheet` and `shipyard cards`, read back from the PDFs they write.

Page sizes, page counts and text come from the files; card sizes and overflow from WeasyPrint's
layout; cut lines from a picture of the page.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from shipyard.core import pdf, render
from shipyard.core.system import Printable, RulesSystem
from shipyard.errors import UserError
from tests.cli import shipyard
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"
STARFURY, RAIDER, GALILEO = (EXAMPLES / f"{n}.yaml" for n in ("starfury", "raider", "galileo"))
ILLEGAL = ROOT / "tests" / "bad" / "illegal_armor.yaml"
MALFORMED = ROOT / "tests" / "bad" / "malformed.yaml"
A4 = (595.28, 841.89)  # points
LETTER = (612.0, 792.0)
MM = 72 / 25.4  # points per mm
PX = 96 / 25.4  # CSS px per mm


def page_sizes(path: Path) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
            for p in PdfReader(path).pages]


def page_texts(path: Path) -> list[str]:
    return [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(path)]


def fonts_of(path: Path) -> set[str]:
    names = set()
    for page in PdfReader(path).pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object()
            assert "/FontFile2" in descendant["/FontDescriptor"], "a font that is not embedded"
            names.add(str(font["/BaseFont"]).split("+")[-1])  # drop the "ABCDEF+" tag
    return names


def streams_of(path: Path) -> bytes:
    """Every stream in the file, inflated, run together: all that it embeds."""
    raw = path.read_bytes()
    out = []
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", raw, flags=re.S):
        try:
            out.append(zlib.decompress(match.group(1)))
        except zlib.error:
            out.append(match.group(1))
    return b"\n".join(out)


def images_of(path: Path) -> set[tuple[int, int]]:
    """The pixel sizes of every image the file embeds, wherever it is drawn."""
    reader = PdfReader(path)
    found = set()
    for number in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(number)
        if isinstance(obj, dict) and obj.get("/Subtype") == "/Image":
            found.add((int(obj["/Width"]), int(obj["/Height"])))
    return found


# --- the locked-down fetcher ------------------------------------------------------------------


def test_fetcher_serves_the_font_and_templates_and_nothing_else() -> None:
    fetcher = pdf.PackageFetcher()
    font = fetcher.fetch("shipyard-font:IBMPlexSansCondensed-Regular.ttf")
    assert font.read()[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    css = (render.stylesheet_path("_base/base.css")).resolve().as_uri()
    assert b"@font-face" in fetcher.fetch(css).read()
    for url in ("file:///etc/passwd", "http://example.com/", "data:text/plain,hello"):
        with pytest.raises(ValueError, match="only its own assets"):
            fetcher.fetch(url)


def test_markup_that_reaches_weasyprint_still_loads_nothing_from_outside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Defence in depth: even raw HTML (never what a template makes) cannot embed a file."""
    secret = tmp_path / "secret.png"
    secret.write_bytes((ROOT / "templates" / "smallcraft" / "boxes.png").read_bytes())
    style = tmp_path / "secret.css"
    style.write_text("p { color: red }")
    asked: list[str] = []
    real = render.asset_path

    def spy(url: str) -> Path | None:
        asked.append(url)
        return real(url)

    monkeypatch.setattr(render, "asset_path", spy)
    html = (f'<html><head><link rel="stylesheet" href="{style.as_uri()}"></head><body>'
            f'<p>hello</p><img src="{secret.as_uri()}"><img src="http://127.0.0.1:9/x.png">'
            f'<p style="background: url({secret.as_uri()})">x</p></body></html>')
    data = pdf.html_to_pdf(html, (render.BASE_STYLESHEET,), "a4")
    out = tmp_path / "raw.pdf"
    out.write_bytes(data)
    assert secret.as_uri() in asked and style.as_uri() in asked  # asked for, and refused:
    assert images_of(out) == set()  # no image embedded
    assert "hello" in page_texts(out)[0]


# --- shipyard sheet ----------------------------------------------------------------------------


def test_sheet_writes_stem_pdf_in_the_current_directory(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = shipyard("sheet", STARFURY)
    assert run.code == 0, run.err
    assert run.out.strip() == "wrote starfury.pdf"
    assert page_sizes(tmp_path / "starfury.pdf") == [A4]
    run = shipyard("sheet", STARFURY, RAIDER, GALILEO)
    assert run.out.strip() == "wrote fleet.pdf"
    texts = page_texts(tmp_path / "fleet.pdf")
    assert [t.splitlines()[1] for t in texts] == ["Starfury", "Raider delta-wing", "Galileo"]


def test_letter_paper_and_appended_cards(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    run = shipyard("sheet", STARFURY, GALILEO, "--cards", "--paper", "letter", "-o", out)
    assert run.code == 0, run.err
    assert page_sizes(out) == [LETTER] * 3
    texts = page_texts(out)
    assert "Inflicting damage" in texts[2] and "Damage chart" not in texts[2]


def test_html_format_writes_one_html_file(tmp_path: Path) -> None:
    out = tmp_path / "fleet.html"
    assert shipyard("sheet", STARFURY, RAIDER, "-o", out).code == 0  # .html: html
    text = out.read_text()
    assert text.startswith("<!DOCTYPE html>") and text.count('<section class="sheet">') == 2
    other = tmp_path / "sheets"  # no extension: --format names the format
    assert shipyard("sheet", STARFURY, "--format", "html", "-o", other).code == 0
    assert other.read_text().startswith("<!DOCTYPE html>")


def test_an_illegal_design_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    out.write_bytes(b"the previous sheet")
    run = shipyard("sheet", STARFURY, ILLEGAL, "-o", out)
    assert run.code == 1
    assert "armor is 5 cblocs" in run.err and run.err.startswith(str(ILLEGAL))
    assert out.read_bytes() == b"the previous sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pdf"]


def test_allow_illegal_prints_it_marked_not_legal_with_its_errors(tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    run = shipyard("sheet", ILLEGAL, "--allow-illegal", "-o", out)
    assert run.code == 0, run.err
    text = page_texts(out)[0]
    assert "NOT LEGAL" in text.splitlines()[3]
    assert "armor is 5 cblocs; a 60-cbloc hull needs at least 6" in text


def test_an_unreadable_design_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    run = shipyard("sheet", STARFURY, MALFORMED, "-o", out)
    assert run.code == 2 and "YAML" in run.err
    run = shipyard("sheet", tmp_path / "missing.yaml", "-o", out)
    assert run.code == 2
    assert not out.exists()
    assert shipyard("sheet", STARFURY, "--paper", "a5", "-o", out).code == 2


def test_a_failure_while_rendering_leaves_the_old_file_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.pdf"
    out.write_bytes(b"the previous sheet")

    def broken(*args: Any) -> bytes:
        raise UserError.single("render.test", "the renderer broke")

    monkeypatch.setattr(pdf, "book", broken)
    run = shipyard("sheet", STARFURY, "-o", out)
    assert run.code == 2 and "the renderer broke" in run.err
    assert out.read_bytes() == b"the previous sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_an_unwritable_output_is_a_users_mistake(tmp_path: Path) -> None:
    run = shipyard("sheet", STARFURY, "-o", tmp_path / "no" / "such" / "dir.pdf")
    assert run.code == 2 and "cannot write" in run.err


def test_a_system_without_a_sheet_says_so() -> None:
    class Bare(RulesSystem):
        id = "bare"

        def build(self, *a: Any) -> Any: ...
        def check(self, *a: Any) -> Any: ...
        def profile(self, *a: Any) -> Any: ...
        def new_design(self, *a: Any) -> Any: ...
        def catalog_tables(self, *a: Any) -> Any: ...

    with pytest.raises(UserError, match="the bare system has no sheet yet"):
        Bare().sheet(None, [])  # type: ignore[arg-type]


# --- what a design supplies prints as text, and embeds nothing ----------------------------------


@pytest.fixture
def secret() -> Iterator[Path]:
    """A file outside the package with a short path (names and labels have length limits)."""
    folder = Path(tempfile.mkdtemp(prefix="s", dir="/tmp" if os.path.isdir("/tmp") else None))
    found = folder / "s.txt"
    found.write_text("TOPSECRET-4711")
    yield found
    shutil.rmtree(folder)


def test_html_in_names_and_labels_prints_literally_and_embeds_nothing(
        tmp_path: Path, secret: Path) -> None:
    evil = (f'<img src="{secret.as_uri()}"><link rel="stylesheet" href="file:///etc/passwd">'
            '<b>Evil</b> & co')
    design = tmp_path / "evil.yaml"
    design.write_text(
        "system: smallcraft\n"
        f"name: '{evil}'\n"
        "hull: 30\n"
        "components:\n"
        f"  - {{type: drive, facing: back, g: 1, label: '<img src=\"{secret.as_uri()}\">Drive'}}\n"
        "  - {type: armor, cblocs: 3, label: '<style>*{display:none}</style>Armor'}\n"
        "  - {type: power, cblocs: 1}\n", encoding="utf-8")
    out = tmp_path / "evil.pdf"
    run = shipyard("sheet", design, "-o", out)
    assert run.code == 0, run.err
    text = page_texts(out)[0].replace("\r\n", "\n")
    assert f'<img src="{secret.as_uri()}">' in text.replace("\n", "")
    assert "<b>Evil</b> & co" in text
    assert "<style>*{display:none}</style>Armor" in text
    embedded = streams_of(out)
    assert b"TOPSECRET" not in embedded and b"root:" not in embedded
    assert fonts_of(out) == {"IBM-Plex-Sans-Condensed,-Condensed"}
    assert images_of(out) == {(1843, 154)}  # the strip of box circles, and nothing else


# --- fonts and reproducibility ----------------------------------------------------------------


@pytest.fixture(scope="module")
def everything(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("all") / "all.pdf"
    run = shipyard("sheet", STARFURY, RAIDER, GALILEO, ILLEGAL, "--allow-illegal", "--cards",
                   "-o", out)
    assert run.code == 0, run.err
    return out


def test_only_the_bundled_font_is_embedded(everything: Path) -> None:
    assert fonts_of(everything) == {"IBM-Plex-Sans-Condensed,-Condensed",
                                    "IBM-Plex-Sans-Condensed,-Bold-Condensed"}


def test_the_font_has_every_glyph_the_pages_use(everything: Path) -> None:
    files = render.font_dir()
    for face in ("Regular", "SemiBold"):
        cmap = TTFont(files / f"IBMPlexSansCondensed-{face}.ttf").getBestCmap()
        # pdfium reports a hyphen that ends a line as U+FFFE
        used = {c for text in page_texts(everything) for c in text if c not in "\r\n\t\ufffe"}
        missing = sorted(c for c in used if ord(c) not in cmap)
        assert not missing, f"{face} lacks {missing}"


def test_the_same_input_gives_the_same_bytes(everything: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.pdf"
    shipyard("sheet", STARFURY, RAIDER, GALILEO, ILLEGAL, "--allow-illegal", "--cards",
             "-o", again)
    assert again.read_bytes() == everything.read_bytes()
    elsewhere = tmp_path / "elsewhere.pdf"  # another process, another hash seed, another day
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-m", "shipyard", "sheet", str(STARFURY), str(RAIDER),
                    str(GALILEO), str(ILLEGAL), "--allow-illegal", "--cards", "-o",
                    str(elsewhere)], check=True, env=env, capture_output=True, timeout=120)
    assert elsewhere.read_bytes() == everything.read_bytes()


def test_pdf_metadata_is_fixed(everything: Path) -> None:
    info = PdfReader(everything).metadata
    assert info is not None
    assert set(info) == {"/Title", "/Producer"}  # no dates
    assert info["/Title"].startswith("Fleet: Starfury, Raider delta-wing, Galileo")


def test_a_fleet_shares_one_copy_of_each_font(everything: Path) -> None:
    reader = PdfReader(everything)
    refs = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            descriptor = font.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            refs.add(descriptor.raw_get("/FontFile2").idnum)
    assert len(refs) == 2  # regular and bold, once each for all seven pages


# --- layout: nothing overflows, cards are poker size, nine to a page ---------------------------


def boxes(document: Any, page: int) -> list[Any]:
    """The laid-out boxes of a page's content (not the page's own margin boxes)."""
    page_box = document.pages[page]._page_box
    return [box for root in page_box.children if root.element_tag == "html"
            for box in root.descendants()]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("design", [STARFURY, RAIDER, GALILEO])
def test_nothing_on_a_sheet_leaves_the_page_area(paper: str, design: Path) -> None:
    from shipyard.core.yard import Yard

    yard = Yard()
    report = yard.check(design)
    assert report.design is not None
    d = report.design
    page = render.Page(d.system.sheet(d, report.budgets))
    document = pdf.layout(page, paper)
    assert len(document.pages) == 1
    width = render.PAPERS[paper].width_mm * PX
    height = render.PAPERS[paper].height_mm * PX
    side, top, bottom = 12 * PX, 12 * PX, 14 * PX  # base.css page margins
    for box in boxes(document, 0):
        x, y = box.position_x, box.position_y
        assert x >= side - 0.01 and x + box.margin_width() <= width - side + 0.01, box
        assert y >= top - 0.01 and y + box.margin_height() <= height - bottom + 0.01, box


def card_page(count: int) -> render.Page:
    from shipyard.core.yard import Yard

    yard = Yard()
    system = yard.system("smallcraft")
    printable = system.cards(yard.catalog(system))
    names = printable.context["cards"]
    context = {**printable.context, "cards": [names[i % len(names)] for i in range(count)]}
    return render.Page(Printable(printable.template, context, printable.stylesheets))


@pytest.mark.parametrize(("paper", "left", "top"), [("a4", 9.75, 15.15), ("letter", 12.7, 6.35)])
def test_cards_are_poker_size_nine_to_a_page(paper: str, left: float, top: float) -> None:
    document = pdf.layout(card_page(10), paper)
    assert len(document.pages) == 2
    for number, expected in ((0, 9), (1, 1)):
        cards = [b for b in boxes(document, number)
                 if b.element is not None and b.element.get("class") == "card"
                 and b.element_tag == "article"]
        assert len(cards) == expected
        for i, card in enumerate(cards):
            assert card.border_width() == pytest.approx(63.5 * PX, abs=0.01)
            assert card.border_height() == pytest.approx(88.9 * PX, abs=0.01)
            assert card.position_x == pytest.approx((left + 63.5 * (i % 3)) * PX, abs=0.01)
            assert card.position_y == pytest.approx((top + 88.9 * (i // 3)) * PX, abs=0.01)
            bottom = card.position_y + card.border_height()
            for inner in card.descendants():
                if hasattr(inner, "margin_height") and inner is not card:
                    assert inner.position_y + inner.margin_height() <= bottom + 0.01, (
                        f"{inner} spills out of a card")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_command_page_and_cut_lines(paper: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = shipyard("cards", "smallcraft", "--paper", paper)
    assert run.code == 0 and run.out.strip() == "wrote smallcraft-cards.pdf"
    out = tmp_path / "smallcraft-cards.pdf"
    assert page_sizes(out) == [A4 if paper == "a4" else LETTER]
    # the cut lines: dashes along every card edge, drawn in the page itself
    scale = 200 / 72
    image = pdfium.PdfDocument(out)[0].render(scale=scale).to_pil().convert("L")
    left, top = (9.75, 15.15) if paper == "a4" else (12.7, 6.35)
    for column in range(4):
        x = round((left + 63.5 * column) * MM * scale)
        ink = [min(image.getpixel((x + dx, y)) for dx in range(-3, 4))
               for y in range(round(top * MM * scale) + 5, round((top + 88.9) * MM * scale) - 5)]
        share = sum(v < 200 for v in ink) / len(ink)  # a 0.5 pt line renders grey
        assert 0.25 < share < 0.95, f"no dashed cut line at column edge {column}: {share:.2f}"


def test_the_simulator_deck_is_a_file_of_its_own_apart_from_the_table_deck(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = shipyard("cards", "dropfleet", "--simulator", "--format", "html")
    assert run.code == 0 and run.out.strip() == "wrote dropfleet-simulator-cards.html"
    assert shipyard("cards", "dropfleet", "--format", "html").code == 0
    simulator = (tmp_path / "dropfleet-simulator-cards.html").read_text(encoding="utf-8")
    table = (tmp_path / "dropfleet-cards.html").read_text(encoding="utf-8")
    assert "The duel (ours)" in simulator and "Crippling table" not in simulator
    assert "The duel" not in table and "Crippling table" in table


def test_cards_of_an_unknown_system_exit_2(tmp_path: Path) -> None:
    run = shipyard("cards", "smallkraft", "-o", tmp_path / "x.pdf")
    assert run.code == 2 and "did you mean 'smallcraft'" in run.err
    assert not (tmp_path / "x.pdf").exists()


def test_help_and_validate_do_not_load_the_renderer() -> None:
    code = ("import sys; import shipyard.cli; "
            "bad = [m for m in ('weasyprint', 'jinja2', 'pypdf') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


def test_joined_documents_keep_their_pages_in_order() -> None:
    one = pdf.html_to_pdf("<p>one</p>", (render.BASE_STYLESHEET,), "a4")
    two = pdf.html_to_pdf("<p>two</p><p style='break-before: page'>three</p>",
                          (render.BASE_STYLESHEET,), "letter")
    joined = pdf.join([one, two], "Both")
    reader = PdfReader(io.BytesIO(joined))
    assert [p.extract_text().split()[0] for p in reader.pages] == ["one", "two", "three"]
    assert [round(float(p.mediabox.width)) for p in reader.pages] == [595, 612, 612]


@pytest.mark.parametrize("system", sorted(p.name for p in (ROOT / "catalogs").iterdir()
                                          if (p / "examples").is_dir()))
def test_every_systems_pages_embed_only_the_bundled_font(system: str, tmp_path: Path) -> None:
    """A glyph the bundled font lacks makes WeasyPrint fall back to whatever the machine has
    (the d12-facings sheet's ▲ pulled in DejaVu Sans): the page then depends on the machine.
    Every font embedded must be the bundled family (an italic is slanted from its regular)."""
    example = sorted((ROOT / "catalogs" / system / "examples").glob("*.yaml"))[0]
    out = tmp_path / "pages.pdf"
    run = shipyard("sheet", example, "--cards", "-o", out)
    assert run.code == 0, run.err
    strangers = {name for name in fonts_of(out) if not name.startswith("IBM-Plex-Sans-Condensed,")}
    assert not strangers, f"{system}'s pages embed {strangers}"
