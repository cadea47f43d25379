"""`shipyard sheet GAME`: every ship of a game printed as it stands, the boxes it has lost marked,
read back from the HTML: the boxes crossed are exactly the ones the game file keeps as lost."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from tests.cli import shipyard
from tests.conftest import ROOT

SMALLCRAFT = ROOT / "catalogs" / "smallcraft"
DROPFLEET = ROOT / "catalogs" / "dropfleet" / "examples"
LINE = re.compile(r'<p class="(?P<strip>\w+) n(?P<count>\d+)[^"]*">(?:<span>(?P<numbers>[^<]*)'
                  r"</span>)?[^<]*(?P<lost>(?:<i class=\"x\d+\"></i>)*)</p>")


def _ships(html: str) -> dict[str, str]:
    """Each ship's part of the printed book, by the name on its copy line."""
    parts = re.split(r'(?=<article class="copy|<p class="copy-line">)', html)[1:]
    named = (re.match(r'<article[^>]*>\s*<header[^>]*>\s*<h2>([^<]*)</h2>|'
                      r'<p class="copy-line">([^<·]*)', part) for part in parts)
    return {(m[1] or m[2]).strip(): part for m, part in zip(named, parts, strict=True) if m}


def _crossed(part: str, strip: str) -> list[tuple[int, str]]:
    """(box along the track from 1, its printed number) of every box crossed on a ship's track
    of `strip` boxes."""
    out = []
    first = 1
    for line in LINE.finditer(part):
        if line["strip"] != strip:
            continue
        numbers = (line["numbers"] or "").split()
        for k in re.findall(r'x(\d+)"', line["lost"]):
            out.append((first + int(k) - 1, numbers[int(k) - 1] if numbers else ""))
        first += int(line["count"])
    return out


def _game(folder: Path, *sides: Path) -> Path:
    run = shipyard("game", "start", *sides, "-o", folder / "game.yaml")
    assert run.code == 0, run.err
    return folder / "game.yaml"


def _hit(game: Path, *args: str) -> None:
    run = shipyard("game", "hit", game, *args)
    assert run.code == 0, run.err


def _sheet(game: Path) -> str:
    out = game.with_suffix(".html")
    run = shipyard("sheet", game, "-o", out)
    assert run.code == 0, run.err
    return out.read_text()


def test_smallcraft_sheets_cross_exactly_the_boxes_the_game_keeps_destroyed(
        tmp_path: Path) -> None:
    for folder in ("fleets", "examples"):
        shutil.copytree(SMALLCRAFT / folder, tmp_path / folder)
    game = _game(tmp_path, tmp_path / "fleets/starfury-wing.yaml",
                 tmp_path / "fleets/raiders.yaml")
    _hit(game, "Raider delta-wing 2", "--from", "Starfury 1", "--weapon", "beam", "--seed", "3")
    _hit(game, "Starfury 2", "--from", "Raider delta-wing 1", "--weapon", "beam", "--seed", "4")
    kept = {ship["name"]: ship["destroyed"]
            for side in yaml.safe_load(game.read_text())["sides"] for ship in side["ships"]}
    assert kept["Raider delta-wing 2"] and kept["Starfury 2"]
    ships = _ships(_sheet(game))
    assert set(ships) == set(kept)
    for name, destroyed in kept.items():
        crossed = _crossed(ships[name], "boxes")
        # a box crossed is the cbloc of that number on the sheet, and no other is
        assert sorted(box for box, _ in crossed) == sorted(destroyed), name
        assert all(int(number) == box for box, number in crossed), name


def test_dropfleet_cards_tick_the_hull_lost_the_crippling_passed_and_the_fires(
        tmp_path: Path) -> None:
    game = _game(tmp_path, DROPFLEET / "toulon-group.yaml", DROPFLEET / "anvil.yaml")
    rolls = [a for r in (1, 1, 1, 1, 1, 6, 1, 3) for a in ("--roll", str(r))]
    _hit(game, "Anvil", "--damage", "6", *rolls, "--seed", "1")
    _hit(game, "Toulon picket 2", "--damage", "1", "--roll", "1", "--seed", "1")
    kept = {ship["name"]: ship
            for side in yaml.safe_load(game.read_text())["sides"] for ship in side["ships"]}
    assert kept["Anvil"]["hull"] < 10 and kept["Anvil"]["fires"] == 1
    ships = _ships(_sheet(game))
    full = {"Anvil": 10, **{f"Toulon picket {n}": 4 for n in (1, 2, 3)}}
    for name, ship in kept.items():
        part = ships[name]
        strip = "big"  # a Hull under 40 is drawn with the big boxes
        assert [box for box, _ in _crossed(part, strip)] == list(
            range(1, full[name] - ship["hull"] + 1)), name
        crippling = re.search(r"<b>Crippling</b>(.*?)</p>", part, re.S)
        assert crippling is not None
        passed = [int(h) for h in re.findall(r'<span class="tick ticked"></span> rolled at (\d+)',
                                             crippling[1])]
        standing = [int(h) for h in re.findall(r'<span class="tick"></span> rolled at (\d+)',
                                               crippling[1])]
        assert all(ship["hull"] <= h for h in passed) and all(ship["hull"] > h
                                                              for h in standing), name
        fires = re.search(r"<b>Fires</b>(.*?)</p>", part, re.S)
        assert fires is not None and fires[1].count("tick ticked") == ship.get("fires", 0), name
    assert "tick ticked" in re.search(r"<b>Crippling</b>(.*?)</p>", ships["Anvil"], re.S)[1]


def test_dropfleet_cards_tick_a_lasting_result_once_for_each_time_it_is_in_effect(
        tmp_path: Path) -> None:
    game = _game(tmp_path, DROPFLEET / "toulon-group.yaml", DROPFLEET / "anvil.yaml")
    # five failed saves and one made, then the crippling roll: Hull (3), Armour cracked (3)
    rolls = [a for r in (1, 1, 1, 1, 1, 6, 3, 3) for a in ("--roll", str(r))]
    _hit(game, "Anvil", "--damage", "6", *rolls, "--seed", "1")
    anvil = yaml.safe_load(game.read_text())["sides"][1]["ships"][0]
    assert anvil["armour_cracked"] == 1
    lasting = re.search(r"<b>Lasting</b>(.*?)</p>", _ships(_sheet(game))["Anvil"], re.S)
    assert lasting is not None
    ticked = re.findall(r'<span class="rep">([^<]+?) ((?:<span class="tick[^"]*"></span>)+)',
                        lasting[1])
    assert {name: boxes.count("ticked") for name, boxes in ticked} == {
        "Armour cracked": 1, "Weapons offline": 0}


TRAVELLER = ROOT / "catalogs" / "traveller" / "examples"


def _spent(part: str) -> dict[str, list[int]]:
    """Each magazine of a traveller record by its name, with its boxes crossed."""
    return {name: [box for box, _ in _crossed(boxes, "track")]
            for name, boxes in re.findall(r'<div class="stock">\s*<p>([^<]*?): [\d,]+; [^<]*</p>'
                                          r'(.*?)</div>', part, re.S)}


def test_traveller_records_tick_the_hull_lost_each_critical_level_and_the_missiles_spent(
        tmp_path: Path) -> None:
    game = _game(tmp_path, TRAVELLER / "ambush-corvette.yaml",
                 TRAVELLER / "beagle-laboratory-ship.yaml")
    corvette, beagle = "Ambush-Class Hunter-Killer Corvette", "Beagle-class Laboratory Ship"
    _hit(game, beagle, "--from", corvette, "--weapon", "pulse", "--effect", "8", "--seed", "2",
         "--range", "short")
    _hit(game, beagle, "--damage", "40", "--seed", "2")
    _hit(game, corvette, "--from", beagle, "--weapon", "missile", "--seed", "3", "--range",
         "short")
    kept = {ship["name"]: ship
            for side in yaml.safe_load(game.read_text())["sides"] for ship in side["ships"]}
    assert kept[beagle]["criticals"] and kept[beagle]["missiles"] == 23
    ships = _ships(_sheet(game))
    full = {corvette: 198, beagle: 129}
    for name, ship in kept.items():
        part = ships[name]
        hull = re.search(r'<div class="hull">(.*?)</div>', part, re.S)
        assert hull is not None
        assert [box for box, _ in _crossed(hull[1], "track")] == list(
            range(1, full[name] - ship["hull"] + 1)), name
        levels = dict(re.findall(r'<div class="crit"><p class="track n6[^"]*">\d+  ([^<]+)'
                                 r'((?:<i class="x\d"></i>)*)</p>', part))
        assert len(levels) == 11, name
        assert {loc: crosses.count("<i") for loc, crosses in levels.items() if crosses} == \
            ship.get("criticals", {}), name
    # the one missile fired is the first box of the first missile magazine, and only it
    assert _spent(ships[beagle]) == {"Double Turret: Missile Rack magazines": [1],
                                     "Double Turret: Sandcaster magazines": [],
                                     "Missile Storage (12)": [],
                                     "Sandcaster Canister Storage (20)": []}


def test_traveller_records_too_big_for_boxes_tick_the_bands_crossed_and_write_the_damage(
        tmp_path: Path) -> None:
    game = _game(tmp_path, TRAVELLER / "valiant-light-cruiser.yaml",
                 TRAVELLER / "dragon-sdb.yaml")
    _hit(game, "Valiant Light Cruiser", "--damage", "4000", "--seed", "1")
    ship = yaml.safe_load(game.read_text())["sides"][0]["ships"][0]
    lost = 16500 - ship["hull"]
    assert 1650 * 2 < lost < 1650 * 3  # the armour took its part: two bands and some
    rows = re.findall(r'<tr><td><span class="b c( ticked)?"></span></td><td>(\d+)</td>'
                      r'<td>([\d,]+) → ([\d,]+)</td><td class="write">([\d,]*)</td>',
                      _ships(_sheet(game))["Valiant Light Cruiser"])
    assert len(rows) == 10
    assert [int(band) for ticked, band, *_ in rows if ticked] == [1, 2]
    written = [int(taken.replace(",", "")) for *_, taken in rows if taken]
    assert sum(written) == lost and len(written) == 3


@pytest.mark.parametrize("edit", [
    ("destroyed: []", "destroyed: [999]"),
    ("name: Starfury 2", "name: Starfury II"),
    ("turn: 1", "turn: soon"),
    ("system: smallcraft", "system: [smallcraft"),
])
def test_a_game_file_edited_into_nonsense_is_one_file_line(tmp_path: Path,
                                                           edit: tuple[str, str]) -> None:
    for folder in ("fleets", "examples"):
        shutil.copytree(SMALLCRAFT / folder, tmp_path / folder)
    game = _game(tmp_path, tmp_path / "fleets/starfury-wing.yaml",
                 tmp_path / "fleets/raiders.yaml")
    game.write_text(game.read_text().replace(*edit, 1))
    run = shipyard("sheet", game, "-o", tmp_path / "g.html")
    assert run.code == 2
    assert run.err.count("\n") == 1, run.err
    assert re.match(rf"{re.escape(str(game))}:\d+: ", run.err), run.err
    assert not (tmp_path / "g.html").exists()


def test_rogue_trader_records_tick_the_points_lost_and_strike_each_component_state(
        tmp_path: Path) -> None:
    examples = ROOT / "catalogs" / "rogue-trader" / "examples"
    game = _game(tmp_path, examples / "endeavour.yaml", examples / "hazeroth.yaml")
    target, firer = "Hazeroth-class Privateer", "Endeavour-class Light Cruiser"
    _hit(game, target, "--from", firer, "--weapon", "macrocannon (prow)", "--hits", "2",
         "--weapon", "broadside (port)", "--hits", "3", "--crits", "0", "--crits", "1",
         "--seed", "5")
    _hit(game, target, "--from", firer, "--weapon", "broadside (starboard)", "--hits", "2",
         "--crits", "1", "--roll", "6", "--roll", "5", "--seed", "1")
    ship = yaml.safe_load(game.read_text())["sides"][1]["ships"][0]
    assert ship["components"] and ship["hull_integrity"] < 32
    html = _sheet(game)
    record = html[html.index(f"<h1>{target}</h1>"):]
    sections = dict(re.findall(r'<h2>([\w ]+?) <span class="start">from \d+:.*?</h2>(.*?)(?=<h2>)',
                               record, re.S))
    for name, key, start in (("Hull Integrity", "hull_integrity", 32),
                             ("Crew Population", "crew_population", 100),
                             ("Morale", "morale", 99)):
        assert [box for box, _ in _crossed(sections[name], "track")] == list(
            range(1, start - ship[key] + 1)), name
    states = ("damaged", "depressurised", "on fire", "unpowered", "destroyed")
    for component, struck in ship["components"].items():
        cell = re.search(rf">{re.escape(component)} <i>.*?<td class=\"st\">(.*?)</td>", record)
        assert cell is not None, component
        assert sorted(int(k) for k in re.findall(r'x(\d)"', cell[1])) == sorted(
            states.index(s) + 1 for s in struck), component
    assert len(re.findall(r'<i class="x\d"></i>', "".join(
        re.findall(r'<td class="st">(.*?)</td>', record)))) == sum(
        len(v) for v in ship["components"].values())
    ticked = re.findall(r'<span class="box1 ticked"></span><b>([^<]*)</b>', record)
    assert ticked == ["Sensors damaged"] and ship["sensors_damaged"]


def test_rogue_trader_records_fill_every_condition_she_is_in(tmp_path: Path) -> None:
    examples = ROOT / "catalogs" / "rogue-trader" / "examples"
    game = _game(tmp_path, examples / "endeavour.yaml", examples / "hazeroth.yaml")
    target, firer = "Hazeroth-class Privateer", "Endeavour-class Light Cruiser"
    _hit(game, target, "--from", firer, "--weapon", "broadside (starboard)", "--hits", "2",
         "--crits", "1", "--roll", "6", "--roll", "5", "--seed", "1")
    _hit(game, target, "--from", firer, "--weapon", "macrocannon (prow)", "--hits", "6",
         "--crits", "1", "--seed", "7")
    ship = yaml.safe_load(game.read_text())["sides"][1]["ships"][0]
    assert ship["hull_integrity"] == 0 and ship["thrusters_damaged"] == 1
    html = _sheet(game)
    record = html[html.index(f"<h1>{target}</h1>"):]
    ticked = re.findall(r'<span class="box1 ticked"></span><b>([^<]*)</b>', record)
    assert ticked == ["Crippled", "Thrusters damaged"]


def test_d12_facings_sheets_cross_the_shields_armour_and_system_boxes_lost_from_the_left(
        tmp_path: Path) -> None:
    examples = ROOT / "catalogs" / "d12-facings" / "examples"
    game = _game(tmp_path, examples / "wasp.yaml", examples / "hornet.yaml")
    _hit(game, "Hornet", "--from", "Wasp", "--weapon", "laser 1", "--hits", "1")
    _hit(game, "Wasp", "--from", "Hornet", "--weapon", "rack 1", "--hits", "2")
    kept = {ship["name"]: ship
            for side in yaml.safe_load(game.read_text())["sides"] for ship in side["ships"]}
    assert kept["Wasp"]["systems"] and kept["Hornet"]["shields"] < 2
    ships = _ships(_sheet(game))
    for name, ship in kept.items():
        part = ships[name]
        rows = dict(re.findall(r"</span>([^<]+?) <i>[^<]*</i></p>\s*(<p class=\"\w+ n\d+[^\"]*\">"
                               r".*?</p>)", part, re.S))
        full = {label.strip(): int(re.search(r" n(\d+)", row)[1]) for label, row in rows.items()}
        assert len(full) >= 3 and set(ship.get("systems", {})) <= set(full), name
        for label, row in rows.items():
            left = ship.get("systems", {}).get(label.strip(), full[label.strip()])
            assert [box for box, _ in _crossed(row, "big") + _crossed(row, "track")] == list(
                range(1, full[label.strip()] - left + 1)), (name, label)
        for track, key, start in (("Shields", "shields", 2 if name == "Hornet" else 0),
                                  ("Armour", "armour", 2)):
            line = re.search(rf'<p class="\w+ n\d+[^"]*">{track}.*?</p>', part)
            if start == 0:
                assert line is None
                continue
            assert line is not None
            assert [box for box, _ in _crossed(line[0], "big") + _crossed(line[0], "track")] == \
                list(range(1, start - ship[key] + 1)), (name, track)
