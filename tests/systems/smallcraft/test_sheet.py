"""The smallcraft Damage Allocation Sheet and reference cards (systems/smallcraft.md, seed 004).

The seed's three sample sheets are golden data: rows, box counts and labels. The printed PDFs are
read back (text with pypdfium2, pictures of the pages) and counted: every cbloc has its numbered
box, the chart covers 1..hull without gap or overlap.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shipyard.core.catalog import ValidationContext
from shipyard.core.sheets import BudgetLine
from shipyard.core.yard import Yard
from shipyard.systems.smallcraft import sheet as sc
from shipyard.systems.smallcraft.models import SmallcraftDesign
from tests.cli import shipyard
from tests.conftest import ROOT
from tests.pages import FULL, page_use
from tests.systems.smallcraft.test_examples import SEED_SHEETS

EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"
YARD = Yard()
CATALOG = YARD.catalog(YARD.system("smallcraft"))

HULLS = {"starfury": 60, "raider": 40, "galileo": 125}


def context(stem: str) -> dict[str, object]:
    report = YARD.check(EXAMPLES / f"{stem}.yaml")
    assert report.design is not None
    return sc.sheet(report.design.model, CATALOG, report.budgets).context


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Each seed craft printed once on each paper."""
    out = tmp_path_factory.mktemp("sheets")
    found = {}
    for stem in SEED_SHEETS:
        for paper in ("a4", "letter"):
            path = out / f"{stem}-{paper}.pdf"
            run = shipyard("sheet", EXAMPLES / f"{stem}.yaml", "--paper", paper, "-o", path)
            assert run.code == 0, run.err
            found[(stem, paper)] = path
    return found


def text_lines(path: Path) -> list[str]:
    document = pdfium.PdfDocument(path)
    return [line.strip() for page in document
            for line in page.get_textpage().get_text_range().splitlines()]


ROW = re.compile(r"^(\d{2,5}(?: \d{2,5})*)(?:\s+(.*))?$")  # box numbers, then the label
CHART_HEADING = "DAMAGE CHART"
RANGE = re.compile(r"^(\d{2,5})(?:–(\d{2,5}))? (.+)$")  # a chart line: "01–09 Back drive (3G)"


def printed_rows(path: Path) -> list[tuple[list[int], str]]:
    """The sheet's lines of boxes as printed: their numbers, and the label if the line has one."""
    rows = []
    lines = text_lines(path)
    for line in lines[:lines.index(CHART_HEADING)]:  # the rows come first in the page's text
        match = ROW.match(line)
        if match:
            rows.append(([int(n) for n in match.group(1).split()], match.group(2) or ""))
    return rows


# --- the rows: golden against the seed ---------------------------------------------------------


@pytest.mark.parametrize("stem", SEED_SHEETS)
def test_rows_match_the_seeds_sample_sheet(stem: str) -> None:
    rows = sc.rows(YARD.read(EXAMPLES / f"{stem}.yaml").model, CATALOG)
    hull = HULLS[stem]
    seed = SEED_SHEETS[stem]
    allocated = sum(boxes for boxes, _ in seed)
    expected = [(label, boxes) for boxes, label in seed]
    if allocated < hull:  # R7: the rest prints as one "Unallocated" row
        expected.append(("Unallocated", hull - allocated))
    assert rows == expected


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("stem", SEED_SHEETS)
def test_printed_rows_number_every_cbloc_once_in_order(printed, stem: str, paper: str) -> None:
    rows = printed_rows(printed[(stem, paper)])
    numbers = [n for found, _ in rows for n in found]
    assert numbers == list(range(1, HULLS[stem] + 1))
    labels = [(len(found), label) for found, label in rows]
    seed = SEED_SHEETS[stem]
    assert labels[:len(seed)] == seed  # the seed's rows, box counts and labels, in order
    rest = HULLS[stem] - sum(boxes for boxes, _ in seed)
    assert labels[len(seed):] == ([(rest, "Unallocated")] if rest else [])


def test_a_row_longer_than_twelve_boxes_continues_on_the_next_line() -> None:
    lines, chart = sc.lines_and_chart([("Armor", 30), ("Power", 12), ("Screens", 13)])
    assert [(line.count, line.label) for line in lines] == [
        (12, "Armor"), (12, "Armor, continued"), (6, "Armor, continued"), (12, "Power"),
        (12, "Screens"), (1, "Screens, continued")]  # a page may break inside a row
    assert [(e.first, e.last) for e in chart] == [(1, 30), (31, 42), (43, 55)]
    assert lines[1].numbers.split()[0] == "13"


def test_box_numbers_are_padded_as_percentile_dice_read_them() -> None:
    assert sc.digits_for(9) == 2 and sc.digits_for(60) == 2
    assert sc.digits_for(100) == 3 and sc.digits_for(125) == 3 and sc.digits_for(10_000) == 5
    (line,), _ = sc.lines_and_chart([("Power", 5)])
    assert line.numbers == "01 02 03 04 05"


# --- every box is drawn, round its number --------------------------------------------------------


def dark(pixel: tuple[int, ...]) -> bool:
    return sum(pixel[:3]) < 3 * 140


def box_numbers(whole: str) -> list[tuple[int, int]]:
    """(start, end) in the page text of every box number: the runs of numbers opening a line."""
    spans = []
    for line in re.finditer(r"(?m)^\d{2,5}(?: \d{2,5})*", whole):
        spans += [(line.start() + m.start(), line.start() + m.end())
                  for m in re.finditer(r"\d+", line.group())]
    return spans


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("stem", SEED_SHEETS)
def test_every_number_sits_inside_a_drawn_circle(printed, stem: str, paper: str) -> None:
    """Render the page and look: a ring of ink round every box number, and no ink between."""
    dpi = 300
    scale = dpi / 72
    page = pdfium.PdfDocument(printed[(stem, paper)])[0]
    image = page.render(scale=scale).to_pil().convert("RGB")
    text = page.get_textpage()
    _, height = page.get_size()
    whole = text.get_text_range()
    spans = box_numbers(whole[:whole.index(CHART_HEADING)])
    assert len(spans) == HULLS[stem]
    radius = 2.8 / 25.4 * dpi  # boxes.png: circles 5.6 mm across
    for start, end in spans:
        left, bottom, _, top = text.get_charbox(start)
        _, _, right, _ = text.get_charbox(end - 1)
        cx, cy = (left + right) / 2 * scale, (height - (top + bottom) / 2) * scale

        def ink(r: float, angle: float, cx: float = cx, cy: float = cy) -> bool:
            return dark(image.getpixel((round(cx + r * math.cos(angle)),
                                        round(cy + r * math.sin(angle)))))

        angles = [k * math.pi / 8 for k in range(16)]
        number = whole[start:end]
        assert all(any(ink(radius + d, a) for d in range(-4, 5)) for a in angles), (
            f"{stem}: box {number} has no whole circle round it")
        assert not any(ink(radius * 0.8, a) for a in angles), (
            f"{stem}: box {number} is not centred in its circle")


# --- the damage chart ----------------------------------------------------------------------------


def printed_chart(path: Path) -> list[tuple[int, int, str]]:
    lines = text_lines(path)
    start = lines.index(CHART_HEADING) + 1
    chart: list[tuple[int, int, str]] = []
    for line in lines[start:]:
        match = RANGE.match(line)
        if match:
            first = int(match.group(1))
            chart.append((first, int(match.group(2) or first), match.group(3)))
        elif line.startswith("Roll"):
            break
        else:  # a label wrapped onto the next line
            low, high, label = chart[-1]
            chart[-1] = (low, high, f"{label} {line}")
    return chart


@pytest.mark.parametrize("stem", SEED_SHEETS)
def test_printed_chart_covers_one_to_hull_without_gap_or_overlap(printed, stem: str) -> None:
    chart = printed_chart(printed[(stem, "a4")])
    expect = 1
    for first, last, _ in chart:
        assert first == expect and last >= first
        expect = last + 1
    assert expect == HULLS[stem] + 1
    rows = sc.rows(YARD.read(EXAMPLES / f"{stem}.yaml").model, CATALOG)
    assert [(last - first + 1, label.replace("  ", " ")) for first, last, label in chart] == [
        (boxes, label) for label, boxes in rows]


def test_chart_spells_ranges_as_the_seed_does() -> None:
    chart = context("starfury")["chart"]
    assert [e.span for e in chart][:3] == ["01–09", "10–18", "19–21"]
    assert chart[-1].span == "60" and chart[-1].label == "Unallocated"


def test_chart_carries_the_reroll_rules(printed) -> None:
    text = " ".join(text_lines(printed[("starfury", "a4")]))
    assert "Roll d% (reroll 61–00); or roll d60 directly." in text
    assert "A roll on a box already destroyed: reroll." in text


def test_roll_rules_follow_the_hull() -> None:
    # the seed's own way up to 100 boxes: "roll d% and reroll rolls over 60, or ... d60"
    assert sc.roll_rules(60)[0] == "Roll d% (reroll 61–00); or roll d60 directly."
    assert sc.roll_rules(100)[0] == "Roll d% (00 is 100)."  # nothing to reroll
    assert sc.roll_rules(20)[0].startswith("Roll a d20")
    assert sc.roll_rules(40)[0].startswith("Roll d% read in 40s (take away 40 until it is 40 "
                                           "or less; reroll 81–00)")
    # beyond 100, a block die and d% for the box in the block, wasting little (a
    # 125-cbloc hull said "roll d1000, reroll anything over 125", 87.5% of rolls wasted)
    assert sc.roll_rules(125)[0] == (
        "Roll a d5 (a d10 halved, rounding up) for the block of 25 boxes (block 1 is 001–025, "
        "block 2 026–050, …), then d% read in 25s (take away 25 until it is 25 or less) for the "
        "box in the block. Nothing is rerolled.")
    assert sc.roll_rules(125)[1] == "Or roll d125 directly."
    for hull in range(101, 2_501, 7):  # beyond, two d% may waste up to half
        text = sc.roll_rules(hull)[0]
        wasted = re.search(r"About (\d+)% of rolls", text)
        assert wasted is None or int(wasted.group(1)) <= 25, (hull, text)


def test_the_roll_gives_every_box_equally() -> None:
    """Reading the recipe for 125 boxes as a player would: every box once, none left out."""
    seen = sorted((block - 1) * 25 + ((roll - 1) % 25 + 1) for block in range(1, 6)
                  for roll in range(1, 101))
    assert seen == sorted(list(range(1, 126)) * 4)


def test_a_turrets_mount_box_is_marked_and_the_galileos_footnote_printed() -> None:
    from tests.systems.smallcraft.conftest import codes  # noqa: F401 - the fixture module

    design = SmallcraftDesign.model_validate(
        {"system": "smallcraft", "name": "T", "hull": 40, "components": [
            {"type": "armor", "cblocs": 4}, {"type": "beam", "mount": "turret", "cblocs": 13}]},
        context=ValidationContext(catalog=CATALOG))
    lines, chart = sc.lines_and_chart(sc.rows(design, CATALOG), sc.mount_rows(design))
    marked = [line for line in lines if line.mark]
    assert len(marked) == 1 and marked[0].first + marked[0].mark - 1 == 18  # its row's last box
    assert marked[0].label.endswith(", continued; box 18 is the mount")  # its second line
    assert chart[1].label.endswith("(box 18 the mount)")
    galileo = context("galileo")
    assert galileo["notes"][0].startswith("* Did the Galileo have any weaponry?")


# --- budgets and ratings, read from the rules -----------------------------------------------------


def test_starfury_budgets_and_ratings(printed) -> None:
    found = context("starfury")
    assert found["budgets"] == [
        BudgetLine("Cblocs", 59, 60, "allocated", "1 unallocated"),
        BudgetLine("Power at peak", 42, 30, "cunits", "drives 30, screens 6, beams 6; short by 12"),
    ]
    text = " ".join(text_lines(printed[("starfury", "a4")]))  # as the shared macro prints them
    assert "Cblocs: 59 of 60 allocated; 1 unallocated" in text
    assert ("Power at peak: 42 of 30 cunits; drives 30, screens 6, beams 6; short by 12"
            in text)
    ratings = dict(found["ratings"])
    # R1: a 9-box 3G drive on a 60-cbloc hull drops to 2G below 9 boxes (the seed's example)
    assert ratings["Back drive"] == "3G at 9, 2G at 6, 1G at 3 boxes"
    assert ratings["Left drive"] == "1G at 3 boxes"
    assert ratings["Beam, fixed front"] == "6 dhits, range 15 dhexes"
    assert ratings["Screens"] == "absorb 1 dhit in 6, at most 6"
    assert ratings["Sensors"] == "none"
    assert ratings["Detection"] == "20 dhexes"


def test_detection_range_is_twenty_plus_twice_the_sensors() -> None:
    assert dict(context("raider")["ratings"])["Detection"] == "26 dhexes"
    assert dict(context("galileo")["ratings"])["Detection"] == "40 dhexes"
    assert context("galileo")["budgets"][0] == BudgetLine(  # type: ignore[index]
        "Cblocs", 125, 125, "allocated")


def test_missiles_and_tubes_are_rated(craft) -> None:
    report = craft(40, "{type: armor, cblocs: 4}", "{type: launch_tubes, count: 2}",
                   "{type: missiles, cblocs: 2, move: 5, damage: 5, tech_level: 10}",
                   "{type: power, cblocs: 1}")
    assert report.legal and report.design is not None
    ratings = dict(sc.sheet(report.design.model, CATALOG, report.budgets).context["ratings"])
    assert ratings["Missiles"] == "10: move 5, damage 5, tech 10"
    assert ratings["Launch tubes"].startswith("2;")


def test_missiles_in_store_print_a_box_a_missile(craft) -> None:
    # rule 9: five missiles a cbloc, struck off one by one as they are fired
    report = craft(40, "{type: armor, cblocs: 4}", "{type: launch_tubes, count: 2}",
                   "{type: missiles, cblocs: 4, move: 5, damage: 5, tech_level: 10}",
                   "{type: power, cblocs: 1}")
    assert report.legal and report.design is not None
    page = sc.sheet(report.design.model, CATALOG, report.budgets)
    (store,) = page.context["stores"]
    assert store.count == 4 * CATALOG.construction.missiles_per_cbloc == 20
    assert [line.count for line in store.lines] == [14, 6]  # the big strip, 14 a line
    assert "2 tubes, 1 cunit each" in store.note
    assert "_base/strips.css" in page.stylesheets
    assert context("raider")["stores"] == []


def test_the_crew_lines_carry_the_designs_skills() -> None:
    penalty = CATALOG.combat.pilot_gunner_penalty
    raider = context("raider")["crew"]  # the pilot fires too
    assert raider == [("Pilot", "Quickness +0 · piloting 50%", True),
                      ("Pilot as gunner", f"gunnery 50% − {penalty}% while flying = "
                       f"{50 - penalty}%", False)]
    galileo = context("galileo")["crew"]  # a gunner of its own
    assert galileo[1] == ("Gunner", "gunnery 50%", True)


def test_the_sheet_prints_the_damage_loop_and_the_dturn(printed) -> None:
    text = " ".join(" ".join(text_lines(printed[("raider", "a4")])).split())
    assert "INFLICTING DAMAGE" in text and "Back to step 2" in text
    test = "under" if CATALOG.combat.rules.get("screens-remainder") == "below" else "at or under"
    assert f"plus 1 if a d6 rolls {test} the remainder" in text
    assert "one missile in six penetrates" in text  # R6 literal, the catalog's choice
    assert "EACH DTURN" in text and "VELOCITY LEGS" in text
    assert f"within {CATALOG.ranges.beam_dhexes} dhexes" in text  # the dphases, a short sheet
    assert f"{CATALOG.construction.power_per_cbloc} cunits a working power box" in text
    assert context("galileo")["dphases"] == []  # fourteen box lines: no room


@pytest.mark.parametrize("stem", HULLS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_stock_sheet_uses_its_page(printed, stem: str, paper: str) -> None:
    (used,) = page_use(printed[(stem, paper)])
    assert used >= FULL, f"{stem} on {paper}: {used:.0%}"


def test_the_sheet_shows_a_notes_area(printed) -> None:
    assert "NOTES" in text_lines(printed[("raider", "a4")])


# --- properties over generated designs ------------------------------------------------------------

part = st.one_of(
    st.builds(lambda n: {"type": "armor", "cblocs": n}, st.integers(1, 40)),
    st.builds(lambda n: {"type": "power", "cblocs": n}, st.integers(1, 40)),
    st.builds(lambda n: {"type": "sensors", "range": n}, st.integers(1, 30)),
    st.builds(lambda g, f: {"type": "drive", "g": g, "facing": f}, st.integers(1, 6),
              st.sampled_from(["front", "back", "left", "right"])),
    st.builds(lambda n, m: {"type": "beam", "cblocs": n, "mount": m}, st.integers(1, 20),
              st.sampled_from(["fixed", "turret"])),
    st.builds(lambda n, r: {"type": "crew", "people": n, "room_to_move": r}, st.integers(1, 4),
              st.booleans()),
)


@settings(max_examples=200, deadline=None)
@given(hull=st.integers(1, 400), components=st.lists(part, max_size=12))
def test_a_sheet_has_one_numbered_box_per_cbloc(hull: int, components: list[dict]) -> None:
    design = SmallcraftDesign.model_validate(
        {"system": "smallcraft", "name": "G", "hull": hull, "components": components},
        context=ValidationContext(catalog=CATALOG))
    rows = sc.rows(design, CATALOG)
    lines, chart = sc.lines_and_chart(rows)
    allocated = sum(boxes for label, boxes in rows if label != sc.UNALLOCATED)
    total = max(hull, allocated)
    numbers = [int(n) for line in lines for n in line.numbers.split()]
    assert numbers == list(range(1, total + 1))  # hull-size boxes: the rows plus Unallocated
    assert all(1 <= line.count <= sc.BOXES_PER_LINE for line in lines if line.count)
    assert [(e.first, e.last) for e in chart] == [
        (lo, hi) for lo, hi in zip([1] + [e.last + 1 for e in chart[:-1]],
                                   [e.last for e in chart], strict=True)]
    assert (chart[-1].last if chart else 0) == total
    assert any(label == sc.UNALLOCATED for label, _ in rows) == (allocated < hull)


# --- reference cards ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cards_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("cards") / "cards.pdf"
    assert shipyard("cards", "smallcraft", "-o", out).code == 0
    return " ".join(text_lines(out))


def test_cards_cover_the_dturn_damage_movement_ranges_and_scale(cards_text: str) -> None:
    for phase in ("Sensors and power.", "Movement.", "Facing.", "Beam firing.",
                  "Missile movement.", "Missile firing."):
        assert phase in cards_text
    for step in ("Screens.", "Armor.", "A random box.", "Dhits left? Back to step 2."):
        assert step in cards_text
    for title in ("Inflicting damage", "Damage effects", "Movement and facing",
                  "Placement and ranges", "Small craft and starships"):
        assert title in cards_text
    assert "Detection: 20 dhexes, plus 2 × the sensor range" in cards_text
    assert "beams reach 15 dhexes" in cards_text
    assert "1 hex = 10 dhexes" in cards_text and "1 turn = 10 dturns" in cards_text
    assert "10 dhits per hit" in cards_text and "dhits ÷ 10, rounded" in cards_text
    assert "dead if any box is lost" in cards_text


def test_card_figures_come_from_the_catalog(tmp_path: Path) -> None:
    house = tmp_path / "house" / "smallcraft"
    house.mkdir(parents=True)
    (house / "ranges.yaml").write_text(
        "ranges: {detection_dhexes: 30, detection_per_sensor_dhex: 3, beam_dhexes: 12}\n")
    out = tmp_path / "cards.pdf"
    assert shipyard("--catalog", tmp_path / "house", "cards", "smallcraft", "-o", out).code == 0
    text = " ".join(text_lines(out))
    assert "Detection: 30 dhexes, plus 3 × the sensor range" in text
    assert "beams reach 12 dhexes" in text and "15 dhexes" not in text


def test_a_roster_of_a_system_with_no_price_has_no_cost_columns(tmp_path: Path) -> None:
    out = tmp_path / "raiders.html"
    fleet = ROOT / "catalogs" / "smallcraft" / "fleets" / "raiders.yaml"
    assert shipyard("sheet", fleet, "-o", out).code == 0
    roster = out.read_text(encoding="utf-8").split('<table class="roster">', 1)[1]
    roster = roster.split('<article', 1)[0]  # the craft follow on the same page
    assert "<th>Ship</th>" in roster and '<th class="n' not in roster
    assert "Budgets" not in roster  # no heading over nothing
    priced = tmp_path / "patrol.html"  # dropfleet prices its ships: the columns stay
    assert shipyard("sheet", ROOT / "catalogs" / "dropfleet" / "fleets" / "ucm-patrol.yaml",
                    "-o", priced).code == 0
    assert '<th class="n unit">points</th>' in priced.read_text(encoding="utf-8")


def test_each_label_sits_just_past_the_longest_line_of_its_boxes() -> None:
    from shipyard.core.render import Page, html
    from shipyard.systems.smallcraft.sheet import CIRCLE_PITCH_MM, LABEL_GAP_MM, label_stop

    raider = ROOT / "catalogs" / "smallcraft" / "examples" / "raider.yaml"
    report = Yard().check(raider)
    assert report.design is not None
    page = html(Page(report.design.system.sheet(report.design, report.budgets)), "a4")
    widest = 6  # the Raider's longest line: its beam's six boxes
    stop = round((widest * CIRCLE_PITCH_MM + LABEL_GAP_MM) / 25.4 * 96)
    assert f'style="--tab: {stop}px"' in page
    assert stop < 302 * 0.6  # the fixed column sat 80 mm out: 41 mm past a 39 mm line
    assert label_stop([]) == round((CIRCLE_PITCH_MM + LABEL_GAP_MM) / 25.4 * 96)


def test_an_atmosphere_rows_limit_is_the_seeds_tenth_in_boxes() -> None:
    assert sc.atmosphere_words(4) == "useless at 1 box lost"  # more than 1/10 of 4
    assert sc.atmosphere_words(13) == "hampered at up to 1 box lost, useless at 2"
    assert sc.atmosphere_words(25) == "hampered at up to 2 boxes lost, useless at 3"
    raider = dict(context("raider")["ratings"])  # type: ignore[arg-type]
    assert raider["Atmosphere"] == sc.atmosphere_words(4)  # its "Fly in standard atmosphere" row
