"""The ship record: every golden ship prints, and what it prints is read back from the PDF."""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shipyard.core.render import Page, html
from shipyard.core.yard import Yard
from shipyard.systems.traveller import sheet as sh
from tests.cli import shipyard
from tests.conftest import ROOT
from tests.pages import FULL, SMALLEST_PT, page_use, smallest_type_pt

EXAMPLES = ROOT / "catalogs" / "traveller" / "examples"
YARD = Yard()
CATALOG = YARD.catalog(YARD.system("traveller"))
FILES = sorted(EXAMPLES.glob("*.yaml"))


def context(stem: str) -> dict[str, object]:
    report = YARD.check(EXAMPLES / f"{stem}.yaml")
    assert report.design is not None
    return sh.sheet(report.design.built, CATALOG).context


def test_hull_boxes_are_one_line_per_ten_percent_with_the_step_box_heavy() -> None:
    lines, bands = sh.hull_track(176)  # the Dragon
    assert bands == [] and len(lines) == 10
    assert sum(ln.count for ln in lines) == 176
    assert all(ln.mark == ln.count for ln in lines)  # the last box of each line crosses 10%
    assert [ln.label for ln in lines[:3]] == ["176–159", "158–141", "140–124"]
    assert max(ln.count for ln in lines) <= sh.TRACK


def test_tiny_hulls_cross_several_steps_per_box() -> None:
    lines, _ = sh.hull_track(2)
    assert [(ln.count, ln.label) for ln in lines] == [(1, "2 ×5"), (1, "1 ×5")]


@pytest.mark.parametrize(("points", "first", "last"), [(16500, (16500, 14850), (1650, 0)),
                                                       (3240, (3240, 2916), (324, 0)),
                                                       (2000, (2000, 1800), (200, 0))])
def test_large_hulls_print_ten_bands(points: int, first: tuple[int, int],
                                     last: tuple[int, int]) -> None:
    rows, bands = sh.hull_track(points)
    assert rows == [] and len(bands) == 10
    assert (bands[0].high, bands[0].low) == first and (bands[-1].high, bands[-1].low) == last
    assert all(a.low == b.high for a, b in pairwise(bands))


def test_valiant_groups_its_hundreds_of_gunners() -> None:
    positions = context("valiant-light-cruiser")["positions"]
    assert isinstance(positions, list)
    groups = [p for p in positions if p.grouped]
    assert [(p.people, p.detail) for p in groups] == [
        (160, "160 × Triple Turret (Missile Rack ×3)"), (50, "50 × Triple Turret (Beam Laser ×3)"),
        (25, "25 × Triple Turret (Sandcaster ×3)")]
    roles = [p.role for p in positions]
    assert roles[:4] == ["Captain", "Pilot", "Sensor operator", "Comms officer"]
    assert roles[-3:] == ["Engineer (M-drive)", "Engineer (power)", "Engineer (J-drive)"]


def test_ordnance_ticks_per_salvo_or_in_tens() -> None:
    dragon = {s.name: (s.boxes, s.unit) for s in context("dragon-sdb")["ordnance"]}  # type: ignore
    assert dragon["Missile Storage (480)"] == (40, 12)  # the bay's salvo of 12
    valiant = {s.name: (s.boxes, s.unit) for s in context("valiant-light-cruiser")["ordnance"]}  # type: ignore
    assert valiant["Missile Storage (9600)"] == (20, 480)  # every rack fires at once (the seed)
    assert valiant["Sandcaster Canister Storage (1320)"] == (14, 100)
    strandbell = {s.name: s.boxes for s in context("strandbell-sdb")["ordnance"]}  # type: ignore
    assert strandbell == {"Triple Turret: Missile Rack magazines": 12, "Missile Storage (240)": 80}


def test_weapon_table_reads_the_weapons_csv_figures() -> None:
    # as the engine rolls them: a triple pulse laser turret 2D+4 at DM +2
    rows = context("ambush-corvette")["weapons"]
    assert rows == [
        ["Triple Turret", "2", "Pulse Laser ×3", "Long", "+2", "2D+4", "—", "26"],
        ["Medium Particle Beam Bay", "2", "Medium Particle Beam Bay", "Very Long", "+0",
         "8D ×20", "Radiation", "100"]]
    dragon = context("dragon-sdb")
    assert ["PD Laser Battery II" in row[2] and row[4:6] == ["—", "point defence DM +4"]
            for row in dragon["weapons"]].count(True) == 1  # type: ignore[union-attr]
    assert dict(dragon["profile"])["Sensors"] == "DM+1, ECM DM+4"  # type: ignore[arg-type]
    strandbell = context("strandbell-sdb")["weapons"]
    assert ["Beam Laser ×3", "Medium", "+4", "1D+2"] in [row[2:6] for row in strandbell]  # type: ignore[union-attr]
    assert "Bridge" not in [loc.name for loc in context("dragon-sdb")["criticals"]]  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    folder = tmp_path_factory.mktemp("sheets")
    for paper in ("a4", "letter"):
        path = folder / f"all-{paper}.pdf"
        result = shipyard("sheet", *map(str, FILES), "--paper", paper, "-o", str(path))
        assert result.code == 0, result.err
        out[paper] = path
    return out


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_golden_ship_prints_its_record(printed: dict[str, Path], paper: str) -> None:
    pdf = pdfium.PdfDocument(printed[paper])
    text = "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    for path in FILES:
        name = next(line[6:] for line in path.read_text().splitlines() if line.startswith("name:"))
        assert name in text
    assert text.count("SHIP RECORD") == len(FILES)
    assert text.count("CRITICAL HITS") == len(FILES)
    assert "16,500 → 14,850" in text and "3,240 → 2,916" in text
    assert len(pdf) <= 24  # one page a ship; the Valiant's table takes a second


def test_printed_figures_say_each_thing_once_tons_and_mcr_to_2_decimals() -> None:
    dragon = context("dragon-sdb")
    names = [s.name for s in dragon["ordnance"]]  # type: ignore[union-attr]
    assert "Small Missile Bay magazine" in names
    cost = next(b for b in dragon["budgets"] if b.label == "Production cost")  # type: ignore[union-attr]
    assert (str(cost.used), cost.unit, cost.note) == ("308.25", "MCr", "sale price 277.43 MCr")
    assert cost.places == 2
    king = context("king-kay-luxury-liner")
    for budget in king["budgets"]:  # type: ignore[union-attr]
        for figure in (budget.used, budget.available):
            if isinstance(figure, Decimal):
                places = max(0, -int(figure.as_tuple().exponent))
                assert places <= (3 if budget.unit == "MCr" else 2), (budget.label, figure)


def test_a_record_that_runs_on_says_whose_it_is_on_every_page(tmp_path: Path) -> None:
    # the Valiant's second page had no title at its head
    path = tmp_path / "valiant.pdf"
    result = shipyard("sheet", str(EXAMPLES / "valiant-light-cruiser.yaml"), "-o", str(path))
    assert result.code == 0, result.err
    pdf = pdfium.PdfDocument(path)
    assert len(pdf) == 2

    def head(page: pdfium.PdfPage) -> str:  # the text within the top 12 mm margin
        height = page.get_height()
        return str(page.get_textpage().get_text_bounded(top=height, bottom=height - 34)).strip()

    assert head(pdf[1]) == "Valiant Light Cruiser — ship record, continued"
    assert head(pdf[0]) == ""  # the first page has its own heading under the margin


@pytest.mark.slow  # it reads all twenty ships' records
def test_in_a_book_of_all_twenty_only_the_valiant_runs_on(printed: dict[str, Path]) -> None:
    # no other ship's page carries its name at the head
    every = pdfium.PdfDocument(printed["a4"])
    text = "\n".join(every[i].get_textpage().get_text_range() for i in range(len(every)))
    assert text.count(", continued") == 1


def test_a_stock_label_line_clears_the_box_row_under_it() -> None:
    # descenders (g, y, brackets) touched the boxes when the row sat on the line
    from shipyard.core import pdf, render

    report = YARD.check(EXAMPLES / "valiant-light-cruiser.yaml")
    assert report.design is not None
    design = report.design
    document = pdf.layout(render.Page(design.system.sheet(design, report.budgets)), "a4")
    px_per_mm = 96 / 25.4
    gaps = [(track.border_box_y() - (label.content_box_y() + label.height)) / px_per_mm
            for page in document.pages for root in page._page_box.children
            if root.element_tag == "html" for box in root.descendants()
            if box.element_tag == "div" and box.element.get("class") == "stock"
            for label, track in [box.children[:2]]]
    assert len(gaps) == 4  # the Valiant's four stocks of ordnance
    assert min(gaps) >= 0.5, gaps


def printed_pages(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(path)
    return [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_golden_ship_uses_its_page(printed: dict[str, Path], paper: str) -> None:
    shares = page_use(printed[paper])
    texts = printed_pages(printed[paper])
    short = [(text.split(" — ")[0][-40:], f"{share:.0%}") for share, text in zip(
        shares, texts, strict=True) if share < FULL and ", continued" not in text]
    assert not short  # a page a record runs on to holds what is left over, and is excepted


def test_the_range_bands_and_the_reactions_are_the_engines() -> None:
    from shipyard.systems.traveller.combat.rules import reactions_for

    ctx = context("type-k-safari-ship")
    ladder = str(ctx["reactions"])
    for part in ladder.split(", "):
        span, count = part.split(": ")
        low, _, high = span.rstrip("+").partition("–")
        for init in range(int(low), int(high or low) + 1):
            assert reactions_for(init) == int(count), (init, part)
    assert ladder == "0–4: 1, 5–8: 2, 9–12: 3, 13+: 4"  # the seed's words
    bands = [(b.name, b.thrust, b.dm) for b in ctx["bands"]]  # type: ignore[attr-defined]
    assert bands == [(b.name, str(b.thrust), f"+{b.dm}" if b.dm >= 0 else f"−{-b.dm}")
                     for b in CATALOG.combat.bands]


def test_the_record_prints_the_tables_a_player_looks_up(printed: dict[str, Path]) -> None:
    text = printed_pages(printed["a4"])[FILES.index(EXAMPLES / "type-k-safari-ship.yaml")]
    assert "Very Long 50,000 km 25 −4 5 rounds" in text
    assert "Short 1,250 km 2 +1 1 round" in text
    for loc in CATALOG.critical_locations:
        assert loc.duel in text, loc.name
    assert "reactions by initiative: 0–4: 1, 5–8: 2, 9–12: 3, 13+: 4" in text
    assert "Dodge Pilot 10+ 1 thrust −Effect to the attack" in text
    assert "THRUST SPENT (OF 1)" in text


def test_no_ruling_code_or_seed_on_a_record(printed: dict[str, Path]) -> None:
    text = " ".join(printed_pages(printed["a4"]))
    assert "TRV-R" not in text and "seed" not in text.lower()


def test_reactions_print_only_where_the_column_has_room() -> None:
    assert context("civilian-hopper")["reaction_rows"]
    assert not context("valiant-light-cruiser")["reaction_rows"]  # hundreds of gunners


def test_the_hull_legend_is_true_of_every_hull_with_boxes() -> None:
    """The legend: each line is a tenth of the starting Hull, or one Hull point marked ×n that
    holds n tenths; a Hull-2 Botfly's "2 ×5" is one box crossing five tenths."""
    for points in range(1, sh.HULL_BOXES_MAX + 1):
        lines, _ = sh.hull_track(points)
        tenths = [int(ln.label.split("×")[1]) if "×" in ln.label else 1 for ln in lines]
        assert sum(tenths) == 10 and sum(ln.count for ln in lines) == points, points
        assert all(ln.count == 1 for ln, n in zip(lines, tenths, strict=True) if n > 1), points
    report = YARD.check(EXAMPLES / "botfly-ultralight-fighter.yaml")
    assert report.design is not None
    page = html(Page(report.design.system.sheet(report.design, report.budgets)), "a4")
    legend = page[page.index("Tick a box per Hull point lost"):]
    legend = legend[:legend.index("</p>")]
    assert "10% of" not in legend and "marked ×n, n tenths in one Hull point" in legend
    assert "(×n: n hits)" in legend


def test_a_tiny_hull_says_a_box_crosses_several_steps(tmp_path: Path) -> None:
    ctx = context("civilian-hopper")  # Hull 2: each box five 10% steps
    assert ctx["hull_steps_merged"] is True
    assert context("type-k-safari-ship")["hull_steps_merged"] is False


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_on_the_record_is_set_under_the_smallest_type(paper: str) -> None:
    report = YARD.check(EXAMPLES / "dragon-sdb.yaml")
    assert report.design is not None
    design = report.design
    size, text = smallest_type_pt(Page(design.system.sheet(design, report.budgets)), paper)
    assert size >= SMALLEST_PT - 0.01, f"{text!r} is set at {size:.2f} pt"


def test_one_number_format_and_the_budgets_word_for_mounts(printed: dict[str, Path]) -> None:
    texts = printed_pages(printed["a4"])
    base = texts[FILES.index(EXAMPLES / "small-scout-base.yaml")]
    assert "Tonnage: 10,000 of 10,000 t" in base  # as "Hull 3,240" beside it, not "10000"
    valiant = " ".join(texts[FILES.index(EXAMPLES / "valiant-light-cruiser.yaml"):][:2])
    assert "Production cost: 21,059.60 MCr; sale price" in valiant
    fighter = dict(context("gothta-ambush-fighter")["profile"])  # type: ignore[arg-type]
    assert fighter["Firmpoints"] == "1" and "Hardpoints" not in fighter


def test_a_crew_smaller_than_the_positions_shares_them_by_trade_trv_r08() -> None:
    botfly = context("botfly-ultralight-fighter")
    seats = botfly["positions"]
    assert isinstance(seats, list) and len(seats) == 1  # one seat: one name line, not six
    assert seats[0].role == "Pilot" and "Captain" in seats[0].detail
    assert "Engineer (power)" in seats[0].detail and "Tactics (naval)" in seats[0].skills
    safari = context("type-k-safari-ship")
    shown = shipyard("show", EXAMPLES / "type-k-safari-ship.yaml").out
    assert safari["complement"] == "Pilot 2, Astrogator 1, Engineer 1, Gunner 1"
    assert f"Crew (High Guard)  {safari['complement']}" in shown  # the sheet's words are show's
    roles = [(p.role, p.detail) for p in safari["positions"]]  # type: ignore[attr-defined]
    assert roles[0] == ("Pilot", "") and ("Astrogator", "as Sensor operator") in roles
    assert ("Engineer", "as Engineer (M-drive), Engineer (power), Engineer (J-drive)") in roles
    valiant = context("valiant-light-cruiser")["positions"]  # a crew of hundreds: a line a post
    assert [p.role for p in valiant][:4] == [  # type: ignore[attr-defined]
        "Captain", "Pilot", "Sensor operator", "Comms officer"]


def test_show_and_the_sheet_print_the_same_money() -> None:
    """One rule for MCr (core/figures): `show` and the sheet print a price to the same two
    decimals, so no page says 277.425 where another says 277.43 (the roster and the sheet:
    tests/test_fleet_pages.py)."""
    dragon = ROOT / "catalogs" / "traveller" / "examples" / "dragon-sdb.yaml"
    shown = shipyard("show", str(dragon)).out
    price = next(line.split("MCr")[1].split()[0] for line in shown.splitlines()
                 if line.strip().startswith("Sale price"))
    report = Yard().check(dragon)
    assert report.design is not None
    cost = next(b for b in sh.budget_rows(report.design.built) if b.label == "Production cost")
    assert price == "277.43" and cost.note == f"sale price {price} MCr"
