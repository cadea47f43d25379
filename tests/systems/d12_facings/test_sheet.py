"""The facing diagram and the cards: what is printed, read from the rules."""

from __future__ import annotations

import pytest

from shipyard.core.yard import Yard
from shipyard.systems.d12_facings import sheet, system
from tests.cli import shipyard
from tests.systems.d12_facings.helpers import EXAMPLES, catalog


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
                  'class="track n4 m4"', 'class="track n2 m1"', 'class="tag">N<'):
        assert words in html


def test_cards_one_per_step_construction_and_battles() -> None:
    page = system.cards(catalog())
    names = [c.rsplit("/", 1)[1] for c in page.context["cards"]]
    assert names == ["1-skill-rolls.html", "2-range.html", "3-actions.html", "4-gunnery.html",
                     "5-after-the-shot.html", "6-damage.html", "7-construction.html",
                     "8-battles.html"]
