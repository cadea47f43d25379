"""`shipyard game`: a game file of an encounter's ships named as their sheets name them, hits
applied by the system's own fight rules, every change undoable to the exact bytes."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT

SMALLCRAFT = ROOT / "catalogs" / "smallcraft"
STARFURY = SMALLCRAFT / "examples" / "starfury.yaml"
RAIDER = SMALLCRAFT / "examples" / "raider.yaml"


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A folder with smallcraft's fleets and designs, and a game of them started."""
    for folder in ("fleets", "examples"):
        shutil.copytree(SMALLCRAFT / folder, tmp_path / folder)
    run = shipyard("game", "start", "fleets/starfury-wing.yaml", "fleets/raiders.yaml", "-o",
                   "game.yaml", cwd=tmp_path)
    assert run.code == 0, run.err
    return tmp_path


def test_a_game_names_each_ship_as_its_sheet_does_and_show_lists_them(table: Path) -> None:
    shown = shipyard("game", "show", "game.yaml", "--json", cwd=table).json()
    names = [(s["name"], s["side"]) for s in shown["ships"]]
    assert names == [(f"Starfury {n}", "Starfury wing") for n in (1, 2, 3)] + [
        (f"Raider delta-wing {n}", "Raider pack") for n in (1, 2, 3, 4)]
    assert shown["ships"][0]["tracks"] == {"boxes": "60 of 60", "destroyed": [], "rows": {},
                                           "out": ""}


def test_two_sides_holding_one_name_take_their_side_letters(tmp_path: Path) -> None:
    run = shipyard("game", "start", STARFURY, STARFURY, "-o", tmp_path / "g.yaml")
    assert run.code == 0, run.err
    shown = shipyard("game", "show", tmp_path / "g.yaml", "--json").json()
    assert [s["name"] for s in shown["ships"]] == ["Starfury (A)", "Starfury (B)"]


def test_a_game_of_two_systems_is_refused_in_one_line(tmp_path: Path) -> None:
    dropfleet = ROOT / "catalogs" / "dropfleet" / "fleets" / "ucm-patrol.yaml"
    run = shipyard("game", "start", STARFURY, dropfleet, "-o", tmp_path / "g.yaml")
    assert run.code == 2
    assert run.err.count("\n") == 1 and "a game is of one system" in run.err
    assert not (tmp_path / "g.yaml").exists()


def _hit(table: Path, *args: str) -> Any:
    run = shipyard("game", "hit", "game.yaml", *args, cwd=table)
    assert run.code == 0, run.err
    return run


def test_undo_restores_the_file_exactly_change_after_change_to_the_start(table: Path) -> None:
    game = table / "game.yaml"
    texts = [game.read_bytes()]
    _hit(table, "Raider delta-wing 2", "--from", "Starfury 1", "--weapon", "beam", "--seed", "1")
    texts.append(game.read_bytes())
    game.write_text(game.read_text().replace("Starfury 3\n    design: Starfury\n    destroyed: []",
                                             "Starfury 3\n    design: Starfury\n    destroyed: "
                                             "[7]"))  # corrected by hand at the table
    texts.append(game.read_bytes())
    _hit(table, "Starfury 2", "--damage", "4", "--seed", "2")
    assert len({*texts, game.read_bytes()}) == 4
    # each undo puts back the file as the change found it: the hand's correction included
    for text in (texts[2], texts[0]):
        assert shipyard("game", "undo", "game.yaml", cwd=table).code == 0
        assert game.read_bytes() == text
    run = shipyard("game", "undo", "game.yaml", cwd=table)
    assert run.code == 1 and "nothing to undo" in run.err
    assert game.read_bytes() == texts[0]


def _first_hit_with_a_reroll() -> tuple[int, str, str, list[str], list[int]]:
    """A narrated duel's first beam hit that rolled a box again: its seed, firer, target, its
    damage lines and every die those lines rolled, in order."""
    names = {"Starfury": "Raider delta-wing", "Raider delta-wing": "Starfury"}
    for seed in range(1, 200):
        log = shipyard("duel", STARFURY, RAIDER, "--seed", str(seed), "--json").json()["log"]
        for k, event in enumerate(log):
            if event["phase"] == "beams" and k + 1 < len(log) and log[k + 1]["depth"] > 0:
                detail = []
                for later in log[k + 1:]:
                    if later["depth"] == 0:
                        break
                    detail.append(later)
                screens = detail[0]["text"]
                full = screens.startswith(("screens 6:", "Raider delta-wing has no screens"))
                if full and any("rolled again" in d["text"] for d in detail):
                    firer = next(n for n in names if event["text"].startswith(n + " fires"))
                    rolls = [r["rolled"] for d in detail for r in d["rolls"]]
                    return seed, firer, names[firer], [d["text"] for d in detail], rolls
                break
    raise AssertionError("no duel of 200 rolled a box again on its first hit")


def test_a_hit_marks_the_boxes_a_fight_marks_from_the_same_dice(tmp_path: Path) -> None:
    """The same dice, given to `game hit`, destroy the same boxes in the same words as the
    fight's rules did (a box already destroyed rolled again included)."""
    _, firer, target, told, rolls = _first_hit_with_a_reroll()
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", STARFURY, RAIDER, "-o", game).code == 0
    run = shipyard("game", "hit", game, target, "--from", firer, "--weapon", "beam",
                   *[f"--roll={r}" for r in rolls])
    assert run.code == 0, run.err
    lines = [line.strip() for line in run.out.splitlines()]
    assert lines[1:1 + len(told)] == told
    boxes = [int(t.split("box ")[1].split(",")[0].split(";")[0]) for t in told[1:]]
    shown = shipyard("game", "show", game, "--json").json()
    assert next(s for s in shown["ships"] if s["name"] == target)["tracks"]["destroyed"] == boxes


def test_a_seeded_hit_replays_and_given_rolls_come_first(table: Path) -> None:
    order = ("Raider delta-wing 1", "--from", "Starfury 2", "--weapon", "beam")
    first = _hit(table, *order, "--seed", "9").out
    assert shipyard("game", "undo", "game.yaml", cwd=table).code == 0
    assert _hit(table, *order, "--seed", "9").out == first
    assert shipyard("game", "undo", "game.yaml", cwd=table).code == 0
    out = _hit(table, *order, "--roll", "40", "--roll", "40", "--roll", "12", "--seed", "9").out
    # the armor step takes box 5, then the d40 gives box 40; the next d40 (40 again) is a box
    # already destroyed, rolled again: 12
    assert "dhit 2: d40 rolled 40: box 40, Unallocated" in out
    assert "dhit 4: d40 rolled 12 (rolled 40: destroyed, rolled again): box 12" in out
    assert "dice: d40 40 (given), d40 40 (given), d40 12 (given)," in out


@pytest.mark.parametrize(("args", "words"), [
    (("Starfury 9", "--damage", "2"), "no ship of that name"),
    (("Starfury 1", "--from", "Starfury 1", "--weapon", "beam"), "does not fire at itself"),
    (("Starfury 1", "--from", "Raider delta-wing 1", "--weapon", "missile"), "is not one of"),
    (("Starfury 1", "--damage", "2", "--roll", "7"), "is a d6; give 1..6"),
    (("Starfury 1", "--damage", "1", *["--roll=1"] * 5), "more roll(s) given than this hit"),
    (("Starfury 1",), "give --from SHIP --weapon WEAPON"),
])
def test_an_impossible_hit_is_one_line_and_changes_nothing(table: Path, args: tuple[str, ...],
                                                          words: str) -> None:
    before = (table / "game.yaml").read_bytes()
    run = shipyard("game", "hit", "game.yaml", *args, cwd=table)
    assert run.code == 2
    assert run.err.count("\n") == 1 and words in run.err, run.err
    assert (table / "game.yaml").read_bytes() == before
    assert not (table / "game.yaml.undo").exists() or not any((table / "game.yaml.undo").iterdir())


@pytest.mark.parametrize(("edit", "line", "words"), [
    (("destroyed: []", "destroyed: [3, 3]"), 12, "box 3 is listed twice"),
    (("destroyed: []", "destroyed: [61]"), 12, "numbered 1..60"),
    (("name: Starfury 2", "name: Starfury Two"), 13, "named 'Starfury 2' on its sheet"),
    (("file: fleets/raiders.yaml", "file: fleets/gone.yaml"), 20, "cannot be read"),
    (("    design: Starfury\n", "    design: Starfury\n    shields: 3\n"), 12, "shields"),
    (("turn: 1", "turn: 0"), 5, "turn"),
])
def test_a_game_file_edited_into_nonsense_is_refused_at_its_line(
        table: Path, edit: tuple[str, str], line: int, words: str) -> None:
    game = table / "game.yaml"
    game.write_text(game.read_text().replace(*edit, 1))
    run = shipyard("game", "show", "game.yaml", cwd=table)
    assert run.code == 2
    mine = [ln for ln in run.err.splitlines() if ln.startswith("game.yaml:")]
    assert len(mine) == 1 and mine[0].startswith(f"game.yaml:{line}:") and words in mine[0], \
        run.err


def test_a_game_file_survives_a_round_trip_through_an_editor(table: Path) -> None:
    """Written back by hand (a comment, a list a line an item, the keys in another order,
    Windows line ends), it is the same game."""
    _hit(table, "Raider delta-wing 2", "--from", "Starfury 1", "--weapon", "beam", "--seed", "3")
    before = shipyard("game", "show", "game.yaml", "--json", cwd=table).json()
    game = table / "game.yaml"
    text = game.read_text()
    start = text.index("destroyed: [", text.index("name: Raider delta-wing 2"))
    end = text.index("]", start)
    boxes = text[start + len("destroyed: ["):end].split(", ")
    block = "destroyed:   # as the sheet has them\n" + "".join(f"    - {b}\n" for b in boxes)
    text = text[:start] + block + text[end + 2:]
    text = text.replace("  - name: Starfury 1\n    design: Starfury\n",
                        "  - design: Starfury\n    name: Starfury 1\n")
    assert "    - " in text and "name: Starfury 1\n" in text
    game.write_bytes(text.replace("\n", "\r\n").encode())
    assert shipyard("game", "show", "game.yaml", "--json", cwd=table).json() == before


LANCER = """system: smallcraft
name: Lancer
hull: 60
tech_level: 10
components:
  - {type: drive, facing: back, g: 2}
  - {type: armor, cblocs: 6}
  - {type: launch_tubes, count: 3}
  - {type: missiles, cblocs: 2, move: 6, damage: 4}
  - {type: power, cblocs: 3}
  - {type: crew, people: 1}
"""


def test_missile_hits_strike_as_one_salvo_against_the_screens(tmp_path: Path) -> None:
    """R6: the salvo meets the screens as one (one missile in six penetrates, a d6 for the
    remainder), each missile through dealing its damage in dhits."""
    (tmp_path / "lancer.yaml").write_text(LANCER)
    assert shipyard("game", "start", "lancer.yaml", STARFURY, "-o", "g.yaml",
                    cwd=tmp_path).code == 0
    run = shipyard("game", "hit", "g.yaml", "Starfury", "--from", "Lancer", "--weapon",
                   "missiles", "--hits", "2", "--roll", "1", "--seed", "5", cwd=tmp_path)
    assert run.code == 0, run.err
    assert "a salvo of 2 missiles from Lancer reaches Starfury" in run.out
    assert "d6 rolled 1 ≤ 2, +1), the rest are repelled: 1 repelled, 1 missile through" in run.out
    assert "4 dhits from the missiles through" in run.out
    assert "dhit 4:" in run.out and "dhit 5:" not in run.out
    shown = shipyard("game", "show", "g.yaml", "--json", cwd=tmp_path).json()
    assert len(shown["ships"][1]["tracks"]["destroyed"]) == 4


def test_r8_a_craft_whose_crew_boxes_are_gone_is_out_then_destroyed_then_beyond_hitting(
        table: Path) -> None:
    crew = _hit(table, "Raider delta-wing 3", "--damage", "6", "--roll", "24", "--roll", "25",
                "--roll", "26").out
    assert "Raider delta-wing 3 is out of action: its crew boxes are all gone" in crew
    assert "to mark: Raider delta-wing 3 is out of action: crew lost" in crew
    gone = _hit(table, "Raider delta-wing 3", "--damage", "40", "--seed", "1").out
    assert "to mark: Raider delta-wing 3 is destroyed" in gone
    shown = shipyard("game", "show", "game.yaml", "--json", cwd=table).json()
    assert shown["ships"][5]["tracks"]["boxes"] == "0 of 40"
    again = shipyard("game", "hit", "game.yaml", "Raider delta-wing 3", "--damage", "1",
                     cwd=table)
    assert again.code == 2 and "is destroyed already: every box is gone" in again.err


# --- dropfleet ---------------------------------------------------------------------------------

DROPFLEET = ROOT / "catalogs" / "dropfleet"
TOULONS = DROPFLEET / "examples" / "toulon-group.yaml"
ANVIL = DROPFLEET / "examples" / "anvil.yaml"


def _first_volley() -> tuple[str, str, str, int, int, list[str], list[int]]:
    """A narrated duel's first volley: firer, target, weapon line, hits, critical hits, what
    followed its attack dice in words, and every die that followed them, in order."""
    log = shipyard("duel", TOULONS, ANVIL, "--seed", "1", "--json").json()["log"]
    k = next(i for i, e in enumerate(log) if e["phase"] == "fire" and e["depth"] == 0)
    firer, target = re.fullmatch(r"(.+) fires .+ at (.+)", log[k]["text"]).groups()
    line = log[k + 1]
    weapon = re.split(r" \[|:", line["text"])[0]
    hits = int(re.search(r"(\d+) hits?", line["text"]).group(1))
    crits_said = re.search(r"\((\d+) critical\)", line["text"])
    crits = int(crits_said.group(1)) if crits_said else 0
    rolls = [r["rolled"] for r in line["rolls"] if r["kind"] == "roll"]  # damage dice
    told = []
    for later in log[k + 2:]:
        if later["depth"] == 0:
            break
        told.append(later["text"])
        rolls += [r["rolled"] for r in later["rolls"]]
    return firer, target, weapon, hits - crits, crits, told, rolls


def test_dropfleet_a_hit_takes_the_saves_and_hull_a_fight_takes_from_the_same_dice(
        tmp_path: Path) -> None:
    firer, target, weapon, hits, crits, told, rolls = _first_volley()
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", TOULONS, ANVIL, "-o", game).code == 0
    run = shipyard("game", "hit", game, target, "--from", firer, "--weapon", weapon, "--hits",
                   str(hits), "--crits", str(crits), *[f"--roll={r}" for r in rolls])
    assert run.code == 0, run.err
    lines = [re.sub(r"; D\d+ rolled .*$", "", ln.strip()) for ln in run.out.splitlines()]
    assert lines[1:1 + len(told)] == told
    lost = int(re.search(r"loses (\d+) Hull", " ".join(told)).group(1))
    shown = shipyard("game", "show", game, "--json").json()
    ship = next(s for s in shown["ships"] if s["name"] == target)
    assert ship["tracks"]["hull"] == f"{4 - lost} of 4"


def test_dropfleet_crippling_and_catastrophic_damage_follow_the_hull_lost(tmp_path: Path) -> None:
    """--damage N is N points before saves; past its threshold the ship rolls its crippling
    damage (section, result) at once, and at 0 Hull it is destroyed with its catastrophic roll;
    the file keeps what crippling did."""
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", TOULONS, ANVIL, "-o", game).code == 0
    # Anvil, 10 Hull, armour 3+: six points, saves 1 1 1 1 1 6: five through, crippled at 5;
    # the crippling roll: section 3 (Hull), result 3 (Armour cracked, 2 extra Hull damage)
    run = shipyard("game", "hit", game, "Anvil", "--damage", "6", *[f"--roll={r}" for r in
                                                                   (1, 1, 1, 1, 1, 6, 3, 3)])
    assert run.code == 0, run.err
    assert "Anvil loses 5 Hull (5 left)" in run.out
    assert "Anvil crippling damage: Hull, Armour cracked, 2 extra Hull damage" in run.out
    assert "Anvil loses 2 Hull (3 left) (crippling damage, no saves)" in run.out
    assert "to mark: Anvil: hull 3; armour cracked 1" in run.out
    ship = shipyard("game", "show", game, "--json").json()["ships"][3]
    assert ship["tracks"]["crippled"] and ship["tracks"]["state"]["armour_cracked"] == 1
    gone = shipyard("game", "hit", game, "Anvil", "--damage", "20", "--seed", "1")
    assert "Anvil is destroyed" in gone.out and "catastrophic damage" in gone.out
    again = shipyard("game", "hit", game, "Anvil", "--damage", "1")
    assert again.code == 2 and "destroyed already" in again.err


def test_several_weapons_in_one_hit_are_refused_where_each_is_its_own(table: Path) -> None:
    before = (table / "game.yaml").read_bytes()
    run = shipyard("game", "hit", "game.yaml", "Starfury 1", "--from", "Raider delta-wing 1",
                   "--weapon", "beam", "--weapon", "beam", cwd=table)
    assert run.code == 2 and run.err.count("\n") == 1 and "one weapon a hit" in run.err
    assert (table / "game.yaml").read_bytes() == before


def test_crits_are_refused_where_hits_are_never_critical(table: Path) -> None:
    run = shipyard("game", "hit", "game.yaml", "Starfury 1", "--from", "Raider delta-wing 1",
                   "--weapon", "beam", "--crits", "1", cwd=table)
    assert run.code == 2 and "smallcraft hits are never critical" in run.err


@pytest.mark.parametrize(("edit", "words"), [
    ("hull: 12", "hull: 12: Anvil starts with 10"),
    ("hull: 10\n    repairable: [Warp drive]", "repairable: 'Warp drive'"),
    ("hull: 10\n    systems_lost: [Broadside]", "systems_lost: 'Broadside' is not one of Anvil's"),
])
def test_dropfleet_tracks_edited_into_nonsense_are_refused_at_their_line(
        tmp_path: Path, edit: str, words: str) -> None:
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", TOULONS, ANVIL, "-o", game).code == 0
    text = game.read_text().replace("design: Anvil\n    hull: 10", f"design: Anvil\n    {edit}")
    key = edit.rsplit("\n", 1)[-1].split(":")[0].strip()
    line = text[:text.index(f"    {key}:", text.index("  - name: Anvil\n"))].count("\n") + 1
    game.write_text(text)
    run = shipyard("game", "show", game)
    assert run.code == 2
    assert run.err.startswith(f"{game}:{line}: ") and words in run.err, run.err
    assert run.err.count("\n") == 1


def test_dropfleet_a_round_burns_fires_rolls_damage_control_and_begins_the_next_turn(
        tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", TOULONS, ANVIL, "-o", game).code == 0
    # five points through, crippled: section 1 (Subsystems), result 3 (Fire)
    assert shipyard("game", "hit", game, "Anvil", "--damage", "6", *[f"--roll={r}" for r in
                                                                    (1, 1, 1, 1, 1, 6, 1, 3)]
                    ).code == 0
    started = game.read_bytes()
    run = shipyard("game", "round", game, "--roll", "5")
    assert run.code == 0, run.err
    assert "Anvil loses 1 Hull (4 left) (burning, no saves)" in run.out
    assert "Anvil damage control on fire: repaired" in run.out
    assert "turn 1 is over: turn 2 begins" in run.out
    text = game.read_text()
    assert "turn: 2" in text and "  - name: Anvil\n    design: Anvil\n    hull: 4\n" in text
    assert shipyard("game", "undo", game).code == 0
    assert game.read_bytes() == started


def test_smallcraft_rolls_nothing_at_the_end_of_a_dturn_yet_the_turn_ends(table: Path) -> None:
    before = (table / "game.yaml").read_bytes()
    run = shipyard("game", "round", "game.yaml", cwd=table)
    assert run.code == 0, run.err
    assert "nothing is rolled at the end of turn 1" in run.out
    assert "dice: none rolled" in run.out and "to mark" not in run.out
    assert run.out.rstrip().endswith("turn 1 is over: turn 2 begins")
    after = (table / "game.yaml").read_text()
    # the turn and nothing else
    assert after == before.decode().replace("turn: 1\n", "turn: 2\n", 1) != before.decode()
    assert shipyard("game", "undo", "game.yaml", cwd=table).code == 0
    assert (table / "game.yaml").read_bytes() == before
    given = shipyard("game", "round", "game.yaml", "--roll", "3", cwd=table)
    assert given.code == 2 and given.err.count("\n") == 1
    assert (table / "game.yaml").read_bytes() == before


def test_a_design_given_as_a_game_is_one_line() -> None:
    run = shipyard("game", "show", RAIDER)
    assert run.code == 2 and run.err.count("\n") == 1 and "not a game file" in run.err


def test_a_struck_ship_takes_no_hit_fires_none_and_undo_puts_her_back(table: Path) -> None:
    game = table / "game.yaml"
    before = game.read_bytes()
    run = shipyard("game", "strike", "game.yaml", "raider delta-wing 3", cwd=table)
    assert run.code == 0, run.err
    assert run.out.startswith("Raider delta-wing 3 is struck from the game")
    assert "  - name: Raider delta-wing 3\n    design: Raider delta-wing\n    struck: true\n" \
        in game.read_text()
    line = game.read_text().split("\n").index("    struck: true") + 1
    for args in (("Raider delta-wing 3", "--damage", "2"),
                 ("Starfury 1", "--from", "Raider delta-wing 3", "--weapon", "beam")):
        refused = shipyard("game", "hit", "game.yaml", *args, cwd=table)
        assert refused.code == 2 and refused.err.count("\n") == 1, refused.err
        assert refused.err.startswith(f"game.yaml:{line}: ") and "struck from the game" in \
            refused.err
    again = shipyard("game", "strike", "game.yaml", "Raider delta-wing 3", cwd=table)
    assert again.code == 2 and "struck from the game" in again.err
    shown = shipyard("game", "show", "game.yaml", "--json", cwd=table).json()["ships"]
    assert [s["name"] for s in shown if s["struck"]] == ["Raider delta-wing 3"]
    assert "Raider delta-wing 3 (struck)" in shipyard("game", "show", "game.yaml", cwd=table).out
    _hit(table, "Raider delta-wing 2", "--damage", "1", "--seed", "1")  # the rest play on
    assert "struck: true" in game.read_text()
    assert shipyard("game", "undo", "game.yaml", cwd=table).code == 0
    assert shipyard("game", "undo", "game.yaml", cwd=table).code == 0
    assert game.read_bytes() == before


def test_a_round_rolls_nothing_for_a_struck_ship_and_one_side_left_is_the_end(
        tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    assert shipyard("game", "start", TOULONS, ANVIL, "-o", game).code == 0
    first = "  - name: Toulon picket 1\n    design: Toulon picket\n    hull: 4\n"
    game.write_text(game.read_text().replace(first, first + "    fires: 1\n"))  # by hand
    burns = shipyard("game", "round", game, "--seed", "1")
    assert burns.code == 0 and "Toulon picket 1 loses 1 Hull" in burns.out, burns.err
    assert shipyard("game", "undo", game).code == 0
    assert shipyard("game", "strike", game, "Toulon picket 1").code == 0
    struck = shipyard("game", "round", game, "--seed", "1")
    assert struck.code == 0, struck.err
    assert "Toulon picket 1" not in struck.out and "turn 1 is over" in struck.out
    assert "struck: true\n    hull: 4\n    fires: 1\n" in game.read_text()
    assert shipyard("game", "strike", game, "Anvil").code == 0
    over = shipyard("game", "round", game)
    assert over.code == 2 and over.err.count("\n") == 1 and "the game is over" in over.err
