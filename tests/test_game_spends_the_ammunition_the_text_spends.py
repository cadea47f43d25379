"""Ammunition spent at the table, kept in one way for every system (the game file's `spent:`):
a rogue-trader torpedo tube fires a salvo of its Strength from its published store (R9, ruling
G5), a dropfleet Limited (n) launch or weapon has n uses a battle (rulings D8, G4); `game show`
lists what is left and `sheet GAME` strikes what is spent."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.cli import shipyard
from tests.conftest import ROOT

ROGUE = ROOT / "catalogs" / "rogue-trader" / "examples"
AMBITION, ENDEAVOUR = "Ambition-class Cruiser", "Endeavour-class Light Cruiser"
MARS = "Mars-pattern Torpedo Tubes (prow)"  # capacity 42, Strength 6 (weapons.yaml)
SISYPHUS, SENATOR = "Sisyphus Heavy Cruiser", "Senator Battlecruiser"


def _ships(game: Path) -> dict[str, dict[str, object]]:
    return {ship["name"]: ship for side in yaml.safe_load(game.read_text())["sides"]
            for ship in side["ships"]}


@pytest.fixture
def rogue(tmp_path: Path) -> Path:
    game = tmp_path / "rt.yaml"
    run = shipyard("game", "start", ROGUE / "ambition.yaml", ROGUE / "endeavour.yaml", "-o",
                   game)
    assert run.code == 0, run.err
    return game


@pytest.fixture
def dropfleet(tmp_path: Path) -> Path:
    for stock, name in (("sisyphus-heavy-cruiser", SISYPHUS),
                        ("senator-battlecruiser", SENATOR)):
        (tmp_path / f"{stock}.yaml").write_text(f"system: dropfleet\nname: {name}\n"
                                                f"stock: {stock}\n")
    game = tmp_path / "df.yaml"
    run = shipyard("game", "start", tmp_path / "sisyphus-heavy-cruiser.yaml",
                   tmp_path / "senator-battlecruiser.yaml", "-o", game)
    assert run.code == 0, run.err
    return game


def _torpedoes(game: Path, hits: int) -> object:
    return shipyard("game", "hit", game, ENDEAVOUR, "--from", AMBITION, "--weapon", "torpedo",
                    "--hits", str(hits), "--seed", "1")


def test_a_torpedo_hit_spends_a_salvo_of_the_tubes_strength_and_undo_gives_it_back(
        rogue: Path) -> None:
    start = rogue.read_bytes()
    run = _torpedoes(rogue, 2)
    assert run.code == 0, run.err
    assert f"to mark: {AMBITION}: " in run.out and f"{MARS} 6 spent (36 of 42 torpedoes left)" \
        in run.out
    assert _ships(rogue)[AMBITION]["spent"] == {MARS: 6}
    shown = shipyard("game", "show", rogue, "--json").json()
    assert [s["tracks"]["stores"] for s in shown["ships"]] == [
        [f"{MARS} 36 of 42 torpedoes"], ["Voss-pattern Torpedo Tubes (prow) 12 of 12 torpedoes"]]
    assert "36 of 42 torpedoes" in shipyard("game", "show", rogue).out
    assert shipyard("game", "undo", rogue).code == 0 and rogue.read_bytes() == start


def test_a_salvo_scores_at_most_its_torpedoes_and_a_dry_tube_fires_none(rogue: Path) -> None:
    start = rogue.read_bytes()
    too_many = _torpedoes(rogue, 7)
    assert too_many.code == 2 and too_many.err.count("\n") == 1
    assert "a salvo of Mars-pattern Torpedo Tubes (prow) is 6 torpedoes" in too_many.err
    assert rogue.read_bytes() == start
    # seven salvos of six empty the tube: six shot down (`game spend`), one that hits
    for _ in range(6):
        run = shipyard("game", "spend", rogue, AMBITION, "--weapon", "torpedo")
        assert run.code == 0, run.err
    assert "spends 6 from Mars-pattern Torpedo Tubes (prow): 6 of 42 torpedoes left" in run.out
    assert _torpedoes(rogue, 1).code == 0
    assert _ships(rogue)[AMBITION]["spent"] == {MARS: 42}
    dry = _torpedoes(rogue, 1)
    assert dry.code == 2 and "is spent: 0 of 42 torpedoes left" in dry.err


def test_a_hit_on_a_ship_keeps_what_she_has_spent(rogue: Path) -> None:
    assert shipyard("game", "spend", rogue, AMBITION, "--weapon", "torpedo", "--uses",
                    "4").code == 0
    run = shipyard("game", "hit", rogue, AMBITION, "--damage", "3", "--seed", "1")
    assert run.code == 0, run.err
    ship = _ships(rogue)[AMBITION]
    assert ship["spent"] == {MARS: 4} and ship["hull_integrity"] < 66


def test_rogue_trader_records_strike_a_salvo_box_for_each_salvo_fired(rogue: Path) -> None:
    assert _torpedoes(rogue, 1).code == 0
    assert shipyard("game", "spend", rogue, AMBITION, "--weapon", "torpedo").code == 0
    out = rogue.with_suffix(".html")
    assert shipyard("sheet", rogue, "-o", out).code == 0
    html = out.read_text()
    tracks = dict(re.findall(r"<h2>Torpedoes, ([^<]*?) <span.*?</h2>(.*?)(?=<h2>)", html, re.S))
    assert set(tracks) == {MARS, "Voss-pattern Torpedo Tubes (prow)"}
    crossed = {name: len(re.findall(r'<i class="x\d+"></i>', part))
               for name, part in tracks.items()}
    assert crossed == {MARS: 2, "Voss-pattern Torpedo Tubes (prow)": 0}


def test_a_limited_launch_has_its_uses_a_battle_and_no_more(dropfleet: Path) -> None:
    run = shipyard("game", "spend", dropfleet, SISYPHUS, "--weapon", "torpedo")
    assert run.code == 0, run.err
    assert run.out.splitlines() == [
        f"{SISYPHUS} spends 1 from Torpedoes: 0 of 1 uses left",
        f"to mark: {SISYPHUS}: Torpedoes 1 spent"]
    again = shipyard("game", "spend", dropfleet, SISYPHUS, "--weapon", "torpedo")
    assert again.code == 2 and again.err.count("\n") == 1 and "0 of 1 uses left" in again.err
    assert shipyard("game", "spend", dropfleet, SENATOR, "--weapon", "vx", "--uses",
                    "2").code == 0
    over = shipyard("game", "spend", dropfleet, SENATOR, "--weapon", "vx", "--uses", "2")
    assert over.code == 2 and "has 1 of 3 left" in over.err
    assert {n: s.get("spent") for n, s in _ships(dropfleet).items()} == {
        SISYPHUS: {"Torpedoes": 1}, SENATOR: {"VX Bomb": 2}}
    none = shipyard("game", "spend", dropfleet, SENATOR, "--weapon", "broadside")
    assert none.code == 2 and none.err.count("\n") == 1


def test_dropfleet_cards_fill_a_limited_box_for_each_use_spent(dropfleet: Path) -> None:
    assert shipyard("game", "spend", dropfleet, SENATOR, "--weapon", "vx", "--uses",
                    "2").code == 0
    out = dropfleet.with_suffix(".html")
    assert shipyard("sheet", dropfleet, "-o", out).code == 0
    boxes = re.findall(r'Limited \((\d)\)((?: <span class="tick[^"]*"></span>)+)',
                       out.read_text())
    assert [(int(n), b.count("ticked"), b.count("<span")) for n, b in boxes] == [
        (1, 0, 1), (3, 2, 3)]


@pytest.mark.parametrize(("edit", "why"), [
    ("hull: 17\n", "hull: 17\n    spent: {VX Bomb: 4}\n"),
    ("hull: 17\n", "hull: 17\n    spent: {Torpedoes: 1}\n"),
])
def test_a_store_spent_past_its_size_or_not_carried_is_one_file_line(
        dropfleet: Path, edit: str, why: str) -> None:
    dropfleet.write_text(dropfleet.read_text().replace(edit, why))
    run = shipyard("game", "show", dropfleet)
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert re.match(rf"{re.escape(str(dropfleet))}:\d+: spent: ", run.err), run.err


MISSILE_RAIDER = ROOT / "tests" / "systems" / "smallcraft" / "designs" / "missile-raider.yaml"
RAIDER = ROOT / "catalogs" / "smallcraft" / "examples" / "raider.yaml"


@pytest.fixture
def dogfight(tmp_path: Path) -> Path:
    game = tmp_path / "sc.yaml"
    run = shipyard("game", "start", RAIDER, MISSILE_RAIDER, "-o", game)
    assert run.code == 0, run.err
    return game


def _missiles(game: Path, hits: int) -> object:
    return shipyard("game", "hit", game, "Raider delta-wing", "--from", "Missile raider",
                    "--weapon", "missiles", "--hits", str(hits), "--seed", "1")


def test_smallcraft_missiles_that_strike_leave_the_rack_and_are_struck_off_the_sheet(
        dogfight: Path) -> None:
    """G3: a rack holds five missiles a cbloc (rule 9; the Missile raider's three cblocs: 15);
    the missiles that strike are spent, those that struck nothing are `game spend`."""
    run = _missiles(dogfight, 2)
    assert run.code == 0, run.err
    spent = _ships(dogfight)["Missile raider"]["spent"]
    assert list(spent.values()) == [2]  # type: ignore[union-attr]
    assert "Missile raider: 2 missiles of" in run.out and "fired, 13 left" in run.out
    wide = shipyard("game", "spend", dogfight, "Missile raider", "--weapon", "missiles",
                    "--uses", "3")
    assert wide.code == 0, wide.err
    assert "10 of 15 missiles" in shipyard("game", "show", dogfight).out
    page = shipyard("sheet", dogfight, "--format", "html", "-o", str(dogfight.with_suffix(".html")))
    assert page.code == 0, page.err
    html = dogfight.with_suffix(".html").read_text(encoding="utf-8")
    store = html[html.index("one box a missile fired"):]  # the rack's boxes, after the hull's
    assert len(re.findall(r'<i class="x', store)) == 5


def test_smallcraft_refuses_more_missiles_than_the_rack_has_left(dogfight: Path) -> None:
    """A hit of more missiles than the rack holds, or than its cblocs left hold (a destroyed
    rack cbloc takes its five with it), is one line and changes nothing."""
    start = dogfight.read_bytes()
    run = _missiles(dogfight, 16)
    assert run.code == 2 and "has 15 missiles left" in run.err and run.out == ""
    assert dogfight.read_bytes() == start
    mine = "design: Missile raider\n    destroyed: []"
    assert mine in start.decode()
    dogfight.write_text(start.decode().replace(mine, mine.replace("[]", "[15]")))  # a rack box
    run = _missiles(dogfight, 11)
    assert run.code == 2 and "has 10 missiles left" in run.err
    # `game show` and `game spend` count the same ten: the cbloc took its five with it
    assert "10 of 15 missiles" in shipyard("game", "show", dogfight).out
    over = shipyard("game", "spend", dogfight, "Missile raider", "--weapon", "missiles",
                    "--uses", "11")
    assert over.code == 2 and "has 10 of 15 left" in over.err
