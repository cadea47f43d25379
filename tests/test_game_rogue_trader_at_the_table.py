"""`shipyard game` for rogue-trader: a weapon's hits through the fights' own attack (void shields,
damage, Armour, Hull Integrity with Crew Population and Morale, the Critical Hit chart), R11's
fires at the end of a Strategic Round, every change undoable."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "rogue-trader" / "examples"
SWORD = EXAMPLES / "sword.yaml"
HAZEROTH = EXAMPLES / "hazeroth.yaml"
ENDEAVOUR = EXAMPLES / "endeavour.yaml"
NAMES = ("Sword-class Frigate", "Hazeroth-class Privateer")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.yaml"
    run = shipyard("game", "start", SWORD, HAZEROTH, "-o", path)
    assert run.code == 0, run.err
    return path


def _hit(game: Path, *args: str) -> Any:
    run = shipyard("game", "hit", game, *args)
    assert run.code == 0, run.err
    return run


SHOT = re.compile(r"(.+?) fires ([^:]+): .*; (\d+) hits?( \(Crit Rating met\))?$")


def _first_attack(a: Path, b: Path, weapons: int) -> tuple[str, str, list[tuple[str, int]],
                                                           list[str], list[int]]:
    """A narrated duel's first attack (one ship's weapons fired together) whose hits, of
    `weapons` weapons or more, reach the hull before anything else was lost, no Crit Rating
    met: firer, target, each weapon that hit with its hits, the lines after the shots and
    every die they rolled, in order."""
    for seed in range(1, 100):
        log = shipyard("duel", a, b, "--seed", str(seed), "--json").json()["log"]
        k = 0
        while k < len(log):
            if any(w in log[k]["text"] for w in ("loses", "rams", "crashes into")):
                break
            if "launches" in log[k]["text"]:  # ordnance: the turn passed over, unless it hurt
                k += 1
                while k < len(log) and log[k]["depth"] > 0 and "loses" not in log[k]["text"]:
                    k += 1
                continue
            shots = []
            while k < len(log) and (shot := SHOT.match(log[k]["text"])):
                shots.append(shot)
                k += 1
            if not shots:
                k += 1
                continue
            after = []
            for later in log[k:]:
                if later["depth"] == 0 or SHOT.match(later["text"]):
                    break
                after.append(later)
            if (any(s.group(4) for s in shots) or not any("loses" in x["text"] for x in after)
                    or sum(s.group(3) != "0" for s in shots) < weapons):
                continue
            firer = shots[0].group(1)
            names = [n for n in (_name(a), _name(b)) if n != firer]
            rolls = [r["rolled"] for x in after for r in x["rolls"]]
            return (firer, names[0], [(s.group(2), int(s.group(3))) for s in shots
                                      if s.group(3) != "0"], [x["text"] for x in after], rolls)
    raise AssertionError("no duel of 100 began with such an attack")


def _name(design: Path) -> str:
    return next(line.split(":", 1)[1].strip() for line in design.read_text().splitlines()
                if line.startswith("name:"))


@pytest.mark.parametrize(("designs", "several"), [((SWORD, HAZEROTH), 1),
                                                 ((ENDEAVOUR, HAZEROTH), 2)])
def test_an_attack_takes_the_hull_crew_and_morale_a_fight_takes_from_the_same_dice(
        tmp_path: Path, designs: tuple[Path, Path], several: int) -> None:
    """One weapon's hits, or several weapons' as one attack against the void shields."""
    firer, target, weapons, told, rolls = _first_attack(*designs, several)
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", *designs, "-o", game).code == 0
    given = [arg for weapon, hits in weapons for arg in ("--weapon", weapon, "--hits", str(hits))]
    run = _hit(game, target, "--from", firer, *given, *[f"--roll={r}" for r in rolls])
    lines = [line.strip() for line in run.out.splitlines()][1:1 + len(told)]
    assert [line[:len(t)] for line, t in zip(lines, told, strict=True)] == told
    lost = re.search(r"loses (\d+) Hull Integrity \((\d+) left\), (\d+) Crew Population, "
                     r"(\d+) Morale", " ".join(told))
    assert lost is not None
    shown = shipyard("game", "show", game, "--json").json()
    tracks = next(s for s in shown["ships"] if s["name"] == target)["tracks"]
    assert tracks["hull_integrity"].split(" of ")[0] == lost.group(2)


def test_a_seeded_hit_replays_and_given_rolls_come_first(game: Path) -> None:
    order = (NAMES[1], "--from", NAMES[0], "--weapon", "sunsear", "--hits", "3")
    first = _hit(game, *order, "--seed", "9").out
    assert shipyard("game", "undo", game).code == 0
    assert _hit(game, *order, "--seed", "9").out == first
    assert shipyard("game", "undo", game).code == 0
    given = _hit(game, *order, "--roll", "10", "--roll", "1", "--seed", "9").out
    assert "dice: d10 10 (given), d10 1 (given)" in given
    # two hits land (one stopped by the void shield): 1d10+2+1 each, 10 and 1, less Armour 14
    assert "2 hits land on Hazeroth-class Privateer: 17 damage against Armour 14 = 3" in given


def test_a_critical_marks_a_component_and_a_round_fights_its_fire(game: Path) -> None:
    # three hits, one stopped; 1d5 for the Crit Rating: 5, Fire! on the shield she knows of
    _hit(game, NAMES[1], "--from", NAMES[0], "--weapon", "sunsear", "--hits", "3", "--crits",
         "1", "--roll", "10", "--roll", "10", "--roll", "5", "--seed", "1")
    text = game.read_text()
    assert "components:\n      Single Void Shield: [on fire]" in text
    run = shipyard("game", "round", game, "--roll", "99", "--roll", "3", "--roll", "4", "--seed",
                   "1")
    assert run.code == 0, run.err
    assert "Hazeroth-class Privateer fights her fires (R11)" in run.out
    assert "d100 rolled 99: failure" in run.out
    shown = shipyard("game", "show", game, "--json").json()["ships"][1]["tracks"]
    assert shown["crew_population"] == "85 of 100" and shown["morale"] == "83 of 99"
    assert "turn 1 is over" in run.out and "turn: 2" in game.read_text()
    put_out = shipyard("game", "round", game, "--roll", "1", "--seed", "1")
    assert "put out" in put_out.out
    assert "components" not in game.read_text()


def test_damage_past_hull_integrity_is_a_critical_and_a_drive_blast_is_told_with_its_reach(
        game: Path) -> None:
    run = _hit(game, NAMES[1], "--damage", "43", "--roll", "8", "--roll", "1", "--seed", "2")
    assert "11 damage past Hull Integrity: a critical hit of 11" in run.out
    assert "the blast reaches 1d10 = 1 VU: the ships within it are the table's to find" in run.out
    assert "VU away" not in run.out
    refused = shipyard("game", "hit", game, NAMES[1], "--damage", "1")
    assert refused.code == 2 and "out of the fight already (exploded)" in refused.err


@pytest.mark.parametrize(("args", "said"), [
    (("--from", NAMES[0], "--weapon", "lance"), "is not one of"),
    (("--from", NAMES[0], "--weapon", "sunsear", "--crits", "2"), "--crits: 1 where"),
    (("--from", NAMES[0], "--weapon", "sunsear", "--hits", "3", "--roll", "11"),
     "is a d10"),
])
def test_an_impossible_hit_is_one_line_and_changes_nothing(game: Path, args: tuple[str, ...],
                                                           said: str) -> None:
    before = game.read_bytes()
    run = shipyard("game", "hit", game, NAMES[1], *args)
    assert run.code == 2 and run.err.count("\n") == 1 and said in run.err, run.err
    assert game.read_bytes() == before


@pytest.mark.parametrize(("edit", "said"), [
    ("hull_integrity: 33", "hull_integrity: 33: Hazeroth-class Privateer starts with 32"),
    ("components: {Bridge of Nowhere: [damaged]}", "components: 'Bridge of Nowhere' is not one of"),
    ("known: [Command Bridge, Nothing]", "known: 'Nothing' is not one of"),
    ("out: sunk", "sides[1].ships[0].out: input should be"),
])
def test_tracks_edited_into_nonsense_are_refused_at_their_line(game: Path, edit: str,
                                                               said: str) -> None:
    text = game.read_text()
    ship = text.index("  - name: Hazeroth-class Privateer\n")
    key = edit.split(":")[0]
    text = (text.replace("    hull_integrity: 32\n", f"    {edit}\n") if key == "hull_integrity"
            else text + f"    {edit}\n")  # a key a line, to correct by hand
    line = text[:text.index(f"    {key}:", ship)].count("\n") + 1
    game.write_text(text)
    run = shipyard("game", "show", game)
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert run.err.startswith(f"{game}:{line}: {said}"), run.err


def test_undo_restores_the_file_exactly(game: Path) -> None:
    texts = [game.read_bytes()]
    _hit(game, NAMES[1], "--from", NAMES[0], "--weapon", "sunsear", "--hits", "2", "--seed", "3")
    texts.append(game.read_bytes())
    _hit(game, NAMES[0], "--damage", "12", "--seed", "4")
    assert len({*texts, game.read_bytes()}) == 3
    for text in reversed(texts):
        assert shipyard("game", "undo", game).code == 0
        assert game.read_bytes() == text


def test_several_weapons_of_one_attack_meet_the_void_shields_once(tmp_path: Path) -> None:
    """The seed: the shields cancel hits equal to their strength against the whole attack of
    one ship, so two weapons given together lose one hit between them, the weakest first."""
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", ENDEAVOUR, HAZEROTH, "-o", game).code == 0
    firer = "Endeavour-class Light Cruiser"
    run = _hit(game, NAMES[1], "--from", firer, "--weapon", "macrocannon (prow)", "--hits", "2",
               "--weapon", "broadside (port)", "--hits", "3", "--crits", "0", "--crits", "1",
               "--roll", "10", "--roll", "1", "--roll", "7", "--roll", "4", "--roll", "3")
    assert "void shields (1) stop 1 hit" in run.out
    assert "4 hits land on Hazeroth-class Privateer: 30 damage against Armour 14 = 16" in run.out
    assert "Crit Rating met: 1d5 rolled 3" in run.out and "Sensors Damaged" in run.out
    assert "sensors_damaged: true" in game.read_text()


@pytest.mark.parametrize(("args", "said"), [
    (("--weapon", "macrocannon (prow)", "--weapon", "torpedo", "--hits", "3"),
     "--hits: 1 given for 2 weapons; give one for each --weapon"),
    (("--weapon", "macrocannon (prow)", "--weapon", "macrocannon (prow)"), "given twice"),
])
def test_an_attack_of_several_weapons_given_wrong_is_one_line(tmp_path: Path,
                                                              args: tuple[str, ...],
                                                              said: str) -> None:
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", ENDEAVOUR, HAZEROTH, "-o", game).code == 0
    run = shipyard("game", "hit", game, NAMES[1], "--from", "Endeavour-class Light Cruiser",
                   *args)
    assert run.code == 2 and run.err.count("\n") == 1 and said in run.err, run.err


def test_thrusters_damaged_is_kept_as_the_count_of_its_results(tmp_path: Path) -> None:
    """The catalog's Thrusters Damaged modifier is negative (-20): a result is kept as 1, and
    the file is written, not refused as -20 results."""
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", ENDEAVOUR, HAZEROTH, "-o", game).code == 0
    target, firer = "Hazeroth-class Privateer", "Endeavour-class Light Cruiser"
    for args in (("--weapon", "broadside (starboard)", "--hits", "2", "--crits", "1",
                  "--roll", "6", "--roll", "5", "--seed", "1"),
                 ("--weapon", "macrocannon (prow)", "--hits", "6", "--crits", "1",
                  "--seed", "7")):
        run = shipyard("game", "hit", game, target, "--from", firer, *args)
        assert run.code == 0, run.err
    assert "thrusters damaged 1" in run.out
    ship = shipyard("game", "show", game, "--json").json()["ships"][1]
    assert ship["name"] == target and ship["tracks"]["state"]["thrusters_damaged"] == 1
