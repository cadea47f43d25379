"""`shipyard game` for traveller: a weapon's attack, a salvo or damage through the fights' own
rules (the attack roll with its range DM, the target's reactions, damage + Effect - armour,
Hull, criticals by location and severity), the file's tracks checked at their lines, every
change undoable."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from shipyard.systems.traveller.combat import BAND_NAMES
from tests.cli import shipyard
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "traveller" / "examples"
CORSAIR = EXAMPLES / "house-corsair.yaml"
TRADER = EXAMPLES / "house-far-trader.yaml"
NAMES = ("House Corsair", "House Far Trader")
# a fight's attack with no DM but skill, range and weapon: nothing chained, aimed or damaged
PLAIN = re.compile(r"(.+?) fires (.+?): 2D (\d+) \+\d+ skill [−+]\d+ range [−+]\d+ weapon = "
                   r"\S+ vs 8\+, Effect \S+: (hits|misses)$")
RANGE = re.compile(r"(?:the ships start at (.+) range|range .+ → (.+))$")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.yaml"
    run = shipyard("game", "start", CORSAIR, TRADER, "-o", path)
    assert run.code == 0, run.err
    return path


def _hit(game: Path, *args: str) -> Any:
    run = shipyard("game", "hit", game, *args)
    assert run.code == 0, run.err
    return run


def _dice_count(firer: str, weapon: str) -> int:
    """The damage dice of a weapon as the fights read them (a mount's copies summed)."""
    from shipyard.core.yard import Yard
    from shipyard.systems.traveller.combat.setup import side_of

    path = CORSAIR if firer == NAMES[0] else TRADER
    design = Yard().check(path, str(path)).design
    assert design is not None
    side = side_of(design.built, design.catalog, firer, {})
    return next(w.dice for w in side.weapons if w.label == weapon)


def _split(total: int, count: int) -> list[int]:
    """`count` d6 that sum to `total` (the rules read only their sum)."""
    dice = [1] * count
    left = total - count
    for i in range(count):
        step = min(5, left)
        dice[i] += step
        left -= step
    assert left == 0
    return dice


def _first_plain_attack() -> tuple[str, str, str, str, list[str], list[int]]:
    """A narrated duel's first attack that hits for damage before anything was lost, with no
    chained, aimed or critical DM and no reaction, its damage and nothing more after it: the
    firer, target, weapon, band, the lines told and the dice to give."""
    for seed in range(1, 200):
        log = shipyard("duel", CORSAIR, TRADER, "--seed", str(seed), "--json").json()["log"]
        band = ""
        for k, entry in enumerate(log):
            text = entry["text"]
            if (where := RANGE.match(text)) is not None:
                band = where.group(1) or where.group(2)
            if "Hull" in text or "critical" in text:
                break  # something was lost: the file's state is no longer the start
            shot = PLAIN.match(text)
            if shot is None or entry["depth"] != 0 or shot.group(4) != "hits" \
                    or log[k - 1]["phase"] == "react":
                continue
            damage = log[k + 1]
            after = log[k + 2] if k + 2 < len(log) else {"depth": 0, "text": ""}
            if "Hull" not in damage["text"] or "no damage" in damage["text"] \
                    or after["depth"] > 0:
                break
            firer, weapon = shot.group(1), shot.group(2)
            target = NAMES[1] if firer == NAMES[0] else NAMES[0]
            rolls = [*_split(int(shot.group(3)), 2),
                     *_split(damage["rolls"][0]["rolled"], _dice_count(firer, weapon))]
            return firer, target, weapon, band, [text, damage["text"]], rolls
    raise AssertionError("no duel of 200 began with such an attack")


def test_an_attack_takes_the_hull_a_fight_takes_from_the_same_dice(game: Path) -> None:
    firer, target, weapon, band, told, rolls = _first_plain_attack()
    text = game.read_text()  # no reaction left: the fight's attack met none
    game.write_text(text.replace("reactions: 1", "reactions: 0"))
    word = BAND_NAMES[[b.lower() for b in ("Adjacent", "Close", "Short", "Medium", "Long",
                                           "Very Long", "Distant")].index(band.lower())]
    run = _hit(game, target, "--from", firer, "--weapon", weapon, "--range", word,
               *[f"--roll={r}" for r in rolls])
    lines = [line.strip() for line in run.out.splitlines()][:2]
    assert [lines[0].split(maxsplit=1)[1], lines[1]] == told  # the first after its phase
    left = re.search(r"Hull (\d+)$", told[1])
    assert left is not None
    tracks = next(s for s in shipyard("game", "show", game, "--json").json()["ships"]
                  if s["name"] == target)["tracks"]
    assert tracks["hull"].split(" of ")[0] == left.group(1)


def test_a_seeded_hit_replays_and_given_rolls_come_first(game: Path) -> None:
    order = (NAMES[1], "--from", NAMES[0], "--weapon", "pulse", "--range", "short")
    first = _hit(game, *order, "--seed", "9").out
    assert shipyard("game", "undo", game).code == 0
    assert _hit(game, *order, "--seed", "9").out == first
    assert shipyard("game", "undo", game).code == 0
    given = _hit(game, *order, "--roll", "6", "--roll", "6", "--seed", "9").out
    assert "dice: d6 6 (given), d6 6 (given)" in given
    # 2D 12 +2 skill +1 Short +2 pulse laser = 17: Effect +9, a critical of its damage (TRV-R24)
    assert "2D 12 +2 skill +1 range +2 weapon = 17 vs 8+, Effect +9: hits" in given
    assert "House Far Trader critical hit: 2D" in given


def test_a_given_effect_replaces_the_attack_roll_and_the_rest_is_rolled(game: Path) -> None:
    text = game.read_text()
    game.write_text(text.replace("reactions: 1", "reactions: 0"))
    run = _hit(game, NAMES[1], "--from", NAMES[0], "--weapon", "pulse", "--effect", "2",
               "--roll", "1", "--roll", "3", "--seed", "1")
    # three pulse lasers in one turret: 2D (1 + 3), +2 a die for the two more (+4), +2 Effect,
    # −2 armour
    assert "House Corsair fires Pulse Laser ×3: Effect +2 (given): hits" in run.out
    assert "Pulse Laser ×3: 4 +4 mount +2 Effect −2 armour = 8 damage; House Far Trader Hull " \
           "72" in run.out
    assert "hull: 72" in game.read_text()


def test_damage_goes_through_armour_and_each_tenth_of_the_hull_is_a_critical(
        game: Path) -> None:
    run = _hit(game, NAMES[1], "--damage", "10", "--roll", "3", "--roll", "3", "--seed", "1")
    # 10 − armour 2 = 8 of 80 Hull: a tenth lost, a critical of severity 1 at 2D 6, Armour
    assert "10 −2 armour = 8 damage on House Far Trader; Hull 72" in run.out
    assert "House Far Trader critical hit: 2D 6: Armour, severity 1 → level 1" in run.out
    assert "criticals:\n      Armour: 1" in game.read_text()


def test_a_salvo_meets_the_reactions_left_and_spends_the_firers_missiles(game: Path) -> None:
    run = _hit(game, NAMES[0], "--from", NAMES[1], "--weapon", "beam", "--seed", "2")
    assert "House Far Trader" in run.out
    salvo = _hit(game, NAMES[1], "--from", NAMES[0], "--weapon", "missile", "--hits", "3",
                 "--seed", "2")
    assert "House Corsair's salvo of 3 missiles arrives" in salvo.out
    assert "to mark: House Corsair: missiles 81" in salvo.out
    assert "jams the salvo (ECM)" in salvo.out  # the one reaction of the file: ECM first
    assert "House Far Trader: " in salvo.out and "reactions 0" in salvo.out


@pytest.mark.parametrize(("args", "said"), [
    (("--from", NAMES[0], "--weapon", "missile", "--hits", "4"), "at most 3 missiles"),
    (("--from", NAMES[0], "--weapon", "missile", "--effect", "2"), "a salvo's roll"),
    (("--from", NAMES[0], "--weapon", "pulse", "--range", "far"), "give one of adjacent"),
    (("--damage", "3", "--effect", "2"), "an attack's Effect is a weapon's"),
    (("--from", NAMES[0], "--weapon", "plasma"), "is not one of House Corsair's weapons"),
])
def test_an_impossible_hit_is_one_line_and_changes_nothing(game: Path, args: tuple[str, ...],
                                                           said: str) -> None:
    before = game.read_bytes()
    run = shipyard("game", "hit", game, NAMES[1], *args)
    assert run.code == 2, run.out
    assert run.err.count("\n") == 1 and said in run.err, run.err
    assert game.read_bytes() == before


@pytest.mark.parametrize(("edit", "said"), [
    (("hull: 80", "hull: 81"), "hull: 81: House Far Trader starts with 80"),
    (("missiles: 84", "missiles: 85"), "missiles: 85: House Corsair starts with 84 missiles"),
    (("    hull: 80\n", "    hull: 80\n    criticals:\n      Bridge: 2\n"),
     "criticals: 'Bridge' is not a location"),
    (("    hull: 80\n", "    hull: 80\n    criticals:\n      Sensors: 7\n"), "criticals"),
])
def test_tracks_edited_into_nonsense_are_refused_at_their_line(game: Path, edit: tuple[str, str],
                                                               said: str) -> None:
    game.write_text(game.read_text().replace(*edit))
    run = shipyard("game", "show", game)
    assert run.code == 2
    assert run.err.count("\n") == 1 and said in run.err, run.err
    assert re.match(rf"{re.escape(str(game))}:\d+: ", run.err), run.err


def test_undo_restores_the_file_exactly(game: Path) -> None:
    start = game.read_bytes()
    _hit(game, NAMES[1], "--damage", "30", "--seed", "3")
    middle = game.read_bytes()
    _hit(game, NAMES[1], "--damage", "100", "--seed", "3")
    assert "destroyed: true" in game.read_text()
    again = shipyard("game", "hit", game, NAMES[1], "--damage", "1")
    assert again.code == 2 and "destroyed already" in again.err
    assert shipyard("game", "undo", game).code == 0 and game.read_bytes() == middle
    assert shipyard("game", "undo", game).code == 0 and game.read_bytes() == start


def test_a_round_rolls_nothing_ends_the_turn_and_puts_the_reactions_back_to_one(
        game: Path) -> None:
    _hit(game, NAMES[0], "--from", NAMES[1], "--weapon", "beam", "--effect", "4", "--seed", "5")
    spent = yaml.safe_load(game.read_text())
    assert spent["turn"] == 1 and [s["ships"][0]["reactions"] for s in spent["sides"]] == [0, 1]
    before = game.read_bytes()
    run = shipyard("game", "round", game)
    assert run.code == 0, run.err
    assert "nothing is rolled at the end of turn 1" in run.out and "dice: none rolled" in run.out
    assert f"to mark: {NAMES[0]}: reactions 1" in run.out
    assert f"to mark: {NAMES[1]}" not in run.out
    assert run.out.rstrip().endswith("turn 1 is over: turn 2 begins")
    after = yaml.safe_load(game.read_text())
    assert after["turn"] == 2 and [s["ships"][0]["reactions"] for s in after["sides"]] == [1, 1]
    # nothing else changed: the ship's other tracks are as the hit left them
    for was, now in zip(spent["sides"], after["sides"], strict=True):
        assert {**was["ships"][0], "reactions": 1} == now["ships"][0]
    assert shipyard("game", "undo", game).code == 0 and game.read_bytes() == before


def test_a_ship_of_a_third_side_fires_at_the_second_and_not_at_its_own(tmp_path: Path) -> None:
    game = tmp_path / "g.yaml"
    dragon = "Dragon System Defense Boat"
    assert shipyard("game", "start", CORSAIR, TRADER, EXAMPLES / "dragon-sdb.yaml", "-o",
                    game).code == 0
    run = _hit(game, dragon, "--from", NAMES[1], "--weapon", "beam", "--roll", "6", "--roll",
               "6", "--seed", "1")
    assert f"House Far Trader fires Beam Laser ×2 at {dragon}: 2D 12" in run.out
    own = shipyard("game", "hit", game, dragon, "--from", dragon, "--weapon", "missile")
    assert own.code == 2 and "does not fire at itself" in own.err
