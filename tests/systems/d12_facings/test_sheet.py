"""The facing diagram and the cards: what is printed, read from the rules."""

from __future__ import annotations

import pytest

from shipyard.core.render import Page
from shipyard.core.yard import Yard
from shipyard.systems.d12_facings import sheet, system
from tests.cli import shipyard
from tests.pages import FULL, SMALLEST_PT, page_use, smallest_type_pt
from tests.systems.d12_facings.helpers import EXAMPLES, catalog

STOCK = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))


def printable(slug: str) -> sheet.Printable:
    report = Yard().check(EXAMPLES / f"{slug}.yaml")
    assert report.design is not None
    return sheet.sheet(report.design.built, catalog(), report.budgets)


def test_sides_hold_each_system_with_its_kind_in_letters() -> None:
    page = printable("sovereign")
    sides = page.context["sides"]
    assert list(sides) == ["fore", "aft", "port", "starboard", "core"]
    fore = [(row.label, row.tag, row.hp, row.stops_at) for row in sides["fore"].rows]
    assert fore == [("Lance", "SH", 10, 10), ("Laser battery 1", "H", 5, 5)]
    targeting = next(row for row in sides["starboard"].rows if row.tag == "N")
    assert targeting.stops_at == 1  # a normal system stops at its first damage
    assert sides["aft"].rows[0].tag == "T"
    assert sides["core"].slots == "6/6 slots"


def test_weapon_table_has_d_s_and_arc() -> None:
    rows = printable("hornet").context["weapons"]
    first = rows[0]
    assert (first.name, first.damage, first.sustain, first.to_hit) == \
        ("Missile rack 1", "5", "–", "6")
    assert rows[2].arc == "every arc (turret)"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_html_renders(paper: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "s.html"
    run = shipyard("sheet", EXAMPLES / "kestrel.yaml", "--paper", paper, "-o", out)
    assert run.code == 0, run.err
    html = out.read_text(encoding="utf-8")
    for words in ("<h3>Fore", "<h3>Core", "Shields", "outer armour", "Ada Vance",
                  'class="big n4 m4"', 'class="big n2 m1"', 'class="tag">N<'):
        assert words in html


def test_the_table_deck_is_a_card_a_step_and_construction_the_simulator_deck_apart() -> None:
    page = system.cards(catalog())
    names = [c.rsplit("/", 1)[1] for c in page.context["cards"]]
    assert names == ["1-skill-rolls.html", "2-range.html", "3-actions.html", "4-gunnery.html",
                     "5-after-the-shot.html", "6-damage.html", "7-construction.html"]
    simulator = system.cards(catalog(), simulator=True)
    assert [c.rsplit("/", 1)[1] for c in simulator.context["cards"]] == [
        "1-captain.html", "2-battles.html"]


def test_small_ships_draw_big_boxes_and_big_ships_the_kits_strip() -> None:
    wasp, sovereign = printable("wasp").context, printable("sovereign").context
    assert wasp["strip"] == "big"  # four diagram lines: 4.6 mm boxes
    assert sheet.diagram_lines(sovereign["sides"]) > sheet.BIG_BOXES_UP_TO
    assert sovereign["strip"] == "track"


def test_the_gunnery_numbers_and_the_range_ladder_are_the_catalogs() -> None:
    d = catalog().combat.difficulty
    ctx = printable("wasp").context
    assert ctx["gunnery"] == [("tailing", str(d.tailing)), ("short", str(d.short)),
                              ("medium", str(d.medium)), ("long", str(d.long))]
    assert ctx["ranges"] == ("tailing", "short", "medium", "long", "escaped")
    margin = catalog().combat.two_steps_margin
    assert any(f"by {margin} or more" in step for step in ctx["range_steps"])


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], object]:
    out = tmp_path_factory.mktemp("d12")
    found = {}
    for paper in ("a4", "letter"):
        for slug in STOCK:
            path = out / f"{slug}-{paper}.pdf"
            run = shipyard("sheet", EXAMPLES / f"{slug}.yaml", "--paper", paper, "-o", path)
            assert run.code == 0, run.err
            found[(slug, paper)] = path
    return found


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_stock_ship_prints_on_one_page_and_uses_it(printed, paper: str) -> None:  # type: ignore[no-untyped-def]
    uses = {slug: page_use(printed[(slug, paper)]) for slug in STOCK}
    assert all(len(shares) == 1 for shares in uses.values()), uses
    # Letter's Rottweiler has room for the ladders but not the turn record and steps: 79%
    short = {slug: f"{s[0]:.0%}" for slug, s in uses.items() if s[0] < FULL - 0.02}
    assert not short


def test_the_sheet_reads_as_a_player_reads_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "wasp.html"
    assert shipyard("sheet", EXAMPLES / "wasp.yaml", "-o", out).code == 0
    html = out.read_text(encoding="utf-8")
    assert "Shields: none;" in html and "back to full" not in html  # the Wasp has no shields
    assert "(R7)" not in html and "(R8)" not in html and "(R13)" not in html
    assert "GUNNERY" in html.upper() and "<th>escaped</th>" in html


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_on_the_sheet_is_set_under_the_smallest_type(paper: str) -> None:
    size, text = smallest_type_pt(Page(printable("sovereign")), paper)
    assert size >= SMALLEST_PT - 0.01, f"{text!r} is set at {size:.2f} pt"


def test_the_deck_names_the_rules_text_not_the_seed() -> None:
    title = str(system.cards(catalog()).context["deck_title"])
    assert "seed" not in title.lower() and "Combat Quick Reference" in title
