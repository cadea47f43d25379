"""The ship card, `show`, the reference cards and the fleet roster say what the engine does
."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from shipyard.core.render import Page, html
from shipyard.core.system import AnyDesign
from shipyard.core.yamlio import dump
from shipyard.core.yard import Yard
from shipyard.systems.dropfleet import system
from shipyard.systems.dropfleet.build import new_stock
from shipyard.systems.dropfleet.sheet import source_words
from tests.cli import shipyard
from tests.conftest import ROOT
from tests.systems.dropfleet.conftest import catalog
from tests.systems.dropfleet.duel_kit import stock

CARDS = ROOT / "templates" / "dropfleet" / "cards"


def card(ship_id: str, group: int | None = None) -> str:
    """A stock ship's card page, as `sheet` prints it (a group: its cards, as `sheet` packs
    them, one a ship)."""
    data = new_stock(catalog(), ship_id)
    if group is not None:
        data["group"] = group
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ship.yaml"
        path.write_text(dump(data), encoding="utf-8")
        if group is not None:
            out = Path(tmp) / "ship.html"
            assert shipyard("sheet", path, "-o", out).code == 0
            return out.read_text(encoding="utf-8")
        report = Yard().check(path)
        assert report.design is not None
        return html(Page(system.sheet(report.design, report.budgets)), "a4")


def boxes_after(page: str, label: str) -> int:
    """The tick boxes of one marker, from its label to the next marker."""
    start = page.index(label)
    end = page.find('<span class="rep">', start + 1)
    chunk = page[start:end if end > 0 else None]
    return chunk.count('<span class="tick">')


def test_s4_a_dreadnoughts_card_and_show_print_the_catastrophic_plus_one() -> None:
    page = card("london-dreadnought")
    assert "Catastrophic table (Dreadnought) <span>when destroyed roll D6+1" in page
    yard = Yard()
    rows = dict(system.profile(stock(yard, "london-dreadnought")))
    assert rows["Catastrophic damage"].startswith("Dreadnought table, D6+1")
    card8 = (CARDS / "8-dreadnought-catastrophic.html").read_text()
    assert "+1" in card8


def test_s9_the_card_has_four_fire_markers_in_all() -> None:
    page = card("toulon-frigate")
    assert boxes_after(page, "<b>Fires</b>") == 4
    assert ">Fire <span" not in page and "Fire <span class=\"tick\">" not in page


def test_r16_lasting_results_and_stacking_results_have_their_boxes() -> None:
    frigate = card("toulon-frigate")
    assert boxes_after(frigate, "Armour cracked") == 1
    assert boxes_after(frigate, "Weapons offline") == 1
    dread = card("london-dreadnought")
    assert boxes_after(dread, "Atmospheric containment failure") == 4  # two of 2 successes
    assert boxes_after(dread, "Primary core leak") == 2  # one for each threshold
    assert boxes_after(dread, "Weapon destroyed") == 2
    assert boxes_after(dread, "Engine destroyed") == 2  # Thrust 2" less for the rest of the game
    assert 'class="big n' in frigate  # a short Hull track: 4.6 mm boxes


def test_the_card_names_its_source_and_wraps_long_weapon_names() -> None:
    page = card("london-dreadnought")
    assert ".cat" not in page and "UCM stat sheet 2023-08, page 1" in page
    assert source_words("ResistanceStats-2312 p14 (Multi-faction.cat)") == \
        "Resistance stat sheet 2023-12, page 14"
    assert '<col class="wn">' in page
    css = (ROOT / "templates" / "dropfleet" / "sheet.css").read_text()
    assert "table-layout: fixed" in css
    assert re.search(r"\.ship \{[^}]*min-height: 1[0-9]{2}mm", css)  # half a page, not a quarter


def test_r9_the_passive_countermeasures_upgrade_says_it_costs_point_defence() -> None:
    upgrade = next(u for u in catalog().upgrades if u.id == "passive-countermeasures")
    assert "Point Defence 0" in upgrade.summary


def test_the_roster_counts_a_group_as_its_ships(tmp_path: Path) -> None:
    out = tmp_path / "patrol.html"
    patrol = ROOT / "catalogs" / "dropfleet" / "fleets" / "ucm-patrol.yaml"
    assert shipyard("sheet", patrol, "-o", out).code == 0
    roster = out.read_text().split("Fleet roster", 1)[1].split("</table>", 1)[0]
    # a line a ship, by the names their cards give them; the group's price once, for all three
    for n in (1, 2, 3):
        assert f"<td>Toulon picket {n}</td>" in roster
    assert "105 for 3" in roster


def test_the_card_prints_the_crippling_and_catastrophic_tables_it_rolls_on() -> None:
    damage = catalog().damage
    for ship_id, crippling, catastrophic in (
            ("toulon-frigate", damage.crippling, damage.catastrophic),
            ("london-dreadnought", damage.dreadnought_crippling,
             damage.dreadnought_catastrophic)):
        page = card(ship_id)
        for r in crippling:
            assert f"<span class=\"n\">{r.section_roll} / {r.roll}</span><u>{r.name}</u>" in page
            assert r.effect.replace('"', "&#34;") in page
        for r in catastrophic:
            assert f"<span class=\"n\">{r.roll}</span><u>{r.name}</u> " in page


def test_the_catastrophic_roll_is_spelled_out() -> None:
    # New York: starting Hull 20, a D6" radius and D6+1 on the table
    page = card("new-york-battleship")
    assert ("when destroyed roll D6+1; it reaches ships within D6&#34; (roll the D6 for the "
            "inches) in the same orbital layer") in page
    frigate = card("toulon-frigate")  # Hull 4: a fixed roll, a D3" radius
    assert "when destroyed roll D6; it reaches ships within D3&#34; (roll the D3" in frigate


def test_a_card_has_a_turn_record_and_a_page_of_one_the_roundup() -> None:
    one = card("new-york-battleship")  # alone: one record, the orders above the Roundup's rows
    assert one.count("<th>Turn</th>") == 1 and "Special order" in one and "Hull lost" in one
    assert all(r.effect in one for r in catalog().damage.damage_control)
    group = card("toulon-frigate", group=2)  # packed: the Roundup once, after the two cards
    assert group.count("<th>Turn</th>") == 3 and group.count("class=\"roundup\"") == 1


def test_b4_the_battle_card_and_the_ruling_give_the_catalogs_distances() -> None:
    combat = catalog().combat
    deck = html(Page(system.cards(catalog(), simulator=True)), "a4")
    b4 = re.search(r"<b>B4</b>(.*?)</p>", deck, re.S)
    assert b4 is not None
    told = b4.group(1)
    assert "in line" in told and "first group across from first" in told
    assert f'{combat.group_inches}"' in told and f'{combat.battlegroup_inches}"' in told
    ruling = (ROOT / "catalogs" / "dropfleet" / "RULINGS.md").read_text(encoding="utf-8")
    b4_ruling = ruling[ruling.index("- **B4"):ruling.index("- **B5")]
    assert "stands in line" in b4_ruling and "across from the enemy's first" in b4_ruling
    assert (f'groups of one battlegroup {combat.group_inches}" apart' in b4_ruling
            and f'battlegroups {combat.battlegroup_inches}"' in b4_ruling)


def test_b8_the_battle_card_and_the_ruling_give_the_catalogs_cap() -> None:
    combat = catalog().combat
    deck = html(Page(system.cards(catalog(), simulator=True)), "a4")
    b8 = re.search(r"<b>B8</b>(.*?)<b>B9</b>", deck, re.S)
    assert b8 is not None and f"{combat.battle_cap} turns" in b8.group(1)
    ruling = (ROOT / "catalogs" / "dropfleet" / "RULINGS.md").read_text(encoding="utf-8")
    b8_ruling = ruling[ruling.index("- **B8"):ruling.index("- **B9")]
    assert f"`combat.battle_cap`, {combat.battle_cap} turns" in b8_ruling


def test_every_card_has_its_number_and_a_callsign_line() -> None:
    group = card("toulon-frigate", group=3)
    for n in (1, 2, 3):
        assert f"<h2>Toulon Frigate {n}</h2>\n<span class=\"nr\">ship {n} of 3</span>" in group
    assert group.count("callsign") == 3 and card("new-york-battleship").count("callsign") == 1


def test_a_card_prints_the_upgrades_its_ship_carries() -> None:
    path = ROOT / "catalogs" / "dropfleet" / "examples" / "anvil.yaml"
    report = Yard().check(path)
    assert report.design is not None
    page = html(Page(system.sheet(report.design, report.budgets)), "a4")
    for upgrade in report.design.built.upgrades:  # the Anvil's reinforced plating and PD array
        assert f"<u>{upgrade.upgrade.name}</u>: {upgrade.upgrade.summary}" in page
    assert "<b>Upgrades</b>" not in card("new-york-battleship")  # a stock ship carries none


def test_a_card_alone_is_named_once_by_its_pages_head() -> None:
    page = card("new-york-battleship").split("<body>", 1)[1]
    assert page.count("<h1>New York Battleship</h1>") == 1
    # the head's h1 and its running title for a continued page; the card's own head said it too
    assert page.count("New York Battleship") == 2
    assert "name / callsign" in page  # the card keeps its line for the ship's own name


def printed_designs(yard: Yard, name: str) -> list[AnyDesign]:
    report = yard.check(ROOT / "catalogs" / "dropfleet" / name)
    found = [report.design] if report.fleet is None else [
        m.design for m in report.fleet.members]
    return [d for d in found if d is not None]


def test_sheet_cards_explain_every_special_rule_the_printed_ships_carry() -> None:
    """Every name in a ship card's Special rules, weapons' Special column and Launch line is an
    entry of the deck `sheet --cards` appends, with the catalog's table text or the word that
    our sources lack it; `cards dropfleet` alone prints no such card."""
    from shipyard.systems.dropfleet.cards import SPECIALS, UNKNOWN, carried_rules

    yard = Yard()
    for name in ("fleets/scourge-raid.yaml", "fleets/ucm-patrol.yaml",
                 "examples/resistance-cruiser.yaml", "examples/new-york.yaml"):
        designs = printed_designs(yard, name)
        deck = system.cards(catalog(), designs=designs).context["cards"]
        explained = {e.head.split(" (")[0]: e.text for c in deck if not isinstance(c, str)
                     and c.title.startswith(SPECIALS) for e in c.entries}
        assert explained.pop("Arcs").startswith("F front, F(N) narrow front, S side, R rear")
        explained.pop("2x", None)
        on_cards = {catalog().rule(r.name).spelled  # type: ignore[union-attr]
                    for r in carried_rules([d.built for d in designs])}
        assert on_cards and set(explained) == on_cards, name
        for spelled, text in explained.items():
            rule = next(r for r in catalog().special_rules if r.spelled == spelled)
            assert text == (rule.table or UNKNOWN)
    assert not [c for c in system.cards(catalog()).context["cards"] if not isinstance(c, str)]


def test_d8_limited_is_spelled_out_with_a_box_for_each_use() -> None:
    """`L (n)` (the data's abbreviation, ruled Limited: n uses a battle) prints as Limited (n)
    with n boxes, on a weapon line and on a launch line."""
    senator = card("senator-battlecruiser")
    bomb = re.search(r'<td class="wr">(Bombardment, Limited \(3\)[^<]*(?:<span[^>]*></span>'
                     r'[^<]*)*)</td>', senator)
    assert bomb is not None and bomb.group(1).count('class="tick"') == 3
    new_york = card("new-york-battleship")
    launch = re.search(r'<p class="launch">(.*?)</p>', new_york, re.DOTALL)
    assert launch is not None and "Torpedoes 1 (Limited (2) " in launch.group(1)
    assert launch.group(1).count('class="tick"') == 2 and "L (2)" not in new_york
    report = Yard().check(ROOT / "catalogs" / "dropfleet" / "examples" / "new-york.yaml")
    assert report.design is not None  # and `show` spells it as the card does
    assert dict(system.profile(report.design))["Launch: Torpedoes"] == "1; Limited (2)"
    ruling = (ROOT / "catalogs" / "dropfleet" / "RULINGS.md").read_text(encoding="utf-8")
    assert "- **D8 `L (n)` is Limited (n): n uses a battle.**" in ruling


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_card_alone_prints_on_one_page_and_uses_it(paper: str, tmp_path: Path) -> None:
    from tests.pages import FULL, page_use

    for stem in ("anvil", "new-york", "resistance-cruiser"):
        out = tmp_path / f"{stem}-{paper}.pdf"
        path = ROOT / "catalogs" / "dropfleet" / "examples" / f"{stem}.yaml"
        assert shipyard("sheet", path, "--paper", paper, "-o", out).code == 0
        uses = page_use(out)
        assert len(uses) == 1 and uses[0] >= FULL, f"{stem} on {paper}: {uses}"
