"""`shipyard game` for d12-facings: a hit's damage through the fights' own landing (shields,
outer armour, the system chosen, overflow on that side, then the core, destroyed), the
chooser's choice given or the default captain's said, shields raised again each turn."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "d12-facings" / "examples"
WASP = EXAMPLES / "wasp.yaml"
HORNET = EXAMPLES / "hornet.yaml"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.yaml"
    run = shipyard("game", "start", WASP, HORNET, "-o", path)
    assert run.code == 0, run.err
    return path


def _hit(game: Path, *args: str) -> Any:
    run = shipyard("game", "hit", game, *args)
    assert run.code == 0, run.err
    return run


def _first_hit(at_the_start_range: bool = False) -> tuple[str, int, list[str]]:
    """A narrated duel's first hit to reach a system, in turn 1's first exchange with a hit
    (so it lands on the ships as they start; with `at_the_start_range`, in a turn whose range
    held at the start range): the ship hit, its damage and the lines of its landing."""
    for seed in range(1, 200):
        log = shipyard("duel", WASP, HORNET, "--seed", str(seed), "--json").json()["log"]
        if at_the_start_range and not any(e["text"] == "the range holds at medium"
                                          for e in log if e["round"] == 1):
            continue
        shots = []
        for k, event in enumerate(log):
            if event["round"] != 1:
                break
            shot = re.match(r"(\w+) fires .*: (hits for (\d+)|misses)$", event["text"])
            if shot:
                shots.append(shot)
                continue
            if not shots:
                continue
            hits = [s for s in shots if s.group(3)]
            if len(hits) != 1:
                break
            target = "Hornet" if hits[0].group(1) == "Wasp" else "Wasp"
            lines = []
            for later in log[k:]:
                if later["depth"] == 0 or not later["text"].startswith(target):
                    break
                lines.append(later["text"])
            if any(" takes " in line for line in lines):
                return target, int(hits[0].group(3)), lines
            break
    raise AssertionError("no duel of 200 began with such a hit")


def unarmed(told: list[str]) -> list[str]:
    """A fight's lines as `game hit --damage` tells them: the fight heads a hit's damage with
    the firer's gun, damage given with no weapon names only the firer."""
    return [re.sub(r"^(\w+, hit by \w+)'s [^:]+:", r"\1:", line) for line in told]


def test_a_hit_lands_on_the_shields_armour_and_systems_a_fight_lands_it_on(game: Path) -> None:
    """The fight's choices, given as --choose, land the same damage on the same systems in
    the same words."""
    target, damage, told = _first_hit()
    chosen = [re.match(rf"{target}'s (.+) \((\w+)\) takes", line) for line in told]
    picks = [m.group(1) for m in chosen if m is not None]
    run = _hit(game, target, "--damage", str(damage), *[f"--choose={c}" for c in picks])
    lines = [line.strip() for line in run.out.splitlines()][1:1 + len(told)]
    assert lines == unarmed(told)
    shown = shipyard("game", "show", game, "--json").json()
    tracks = next(s for s in shown["ships"] if s["name"] == target)["tracks"]
    left = {m.group(1): int(m.group(2)) for line in told
            if (m := re.search(r"'s (.+) \(\w+\) takes \d+, (\d+) hp left", line))}
    assert {k: int(v.split(" of ")[0]) for k, v in tracks["systems"].items()} == left


def test_the_default_captain_chooses_as_in_a_fight_at_the_start_range(game: Path) -> None:
    """With no --choose, the system hit is the one the fights' default captain picks: the
    range is not kept, so at the start range (G1), where a duel's first turn held it."""
    target, damage, told = _first_hit(at_the_start_range=True)
    run = _hit(game, target, "--damage", str(damage))
    lines = [line.strip() for line in run.out.splitlines()][1:1 + len(told)]
    assert lines == unarmed(told)


def test_the_default_captains_choice_is_said_and_overflow_goes_to_the_core(game: Path) -> None:
    run = _hit(game, "Hornet", "--damage", "60")
    assert "the defender's choice of system was the default captain's" in run.out
    assert "damage finds Hornet's core empty" in run.out and "Hornet is destroyed" in run.out
    assert "destroyed: true" in game.read_text()
    again = shipyard("game", "hit", game, "Hornet", "--damage", "1")
    assert again.code == 2 and "destroyed already" in again.err


def test_a_weapons_hits_deal_its_damage_each_and_shields_come_back_each_round(
        game: Path) -> None:
    run = _hit(game, "Hornet", "--from", "Wasp", "--weapon", "laser 1", "--hits", "2",
               "--choose", "Armour plate 1")
    assert "Wasp's Light laser 1 hits Hornet for 4 (hit 1 of 2)" in run.out
    assert "Hornet, hit by Wasp's Light laser 1: shields take 2, outer armour 2" in run.out
    assert "Hornet's Armour plate 1 (port) takes 4, 0 hp left (chosen by the defender)" in run.out
    assert "to mark: Hornet: shields 0; armour 0; Armour plate 1: 0 hp left" in run.out
    assert "choice of system was the default" not in run.out
    assert "dice: none rolled\n" in run.out
    rounded = shipyard("game", "round", game)
    assert rounded.code == 0 and "Hornet raises 2 shield points" in rounded.out
    assert "shields: 2" in game.read_text() and "turn: 2" in game.read_text()


def test_a_damaged_normal_gun_does_not_fire(game: Path) -> None:
    _hit(game, "Wasp", "--damage", "4", "--choose", "Light laser 1")
    refused = shipyard("game", "hit", game, "Hornet", "--from", "Wasp", "--weapon", "laser 1")
    assert refused.code == 2 and "Light laser 1 does not work" in refused.err


def test_at_tailing_range_the_tailers_hits_land_aft_and_she_chooses(game: Path) -> None:
    run = _hit(game, "Hornet", "--from", "Wasp", "--weapon", "laser 1", "--hits", "2",
               "--facing", "aft")
    assert "(aft)" in run.out and "(chosen by the attacker)" in run.out
    refused = shipyard("game", "hit", game, "Hornet", "--from", "Wasp", "--weapon", "laser 3",
                       "--facing", "aft")
    assert refused.code == 2 and "fires only fore guns and turrets" in refused.err


@pytest.mark.parametrize(("args", "said"), [
    (("--damage", "5", "--choose", "Bridge"), "--choose 'Bridge': the hit may land on"),
    (("--damage", "1", "--choose", "Armour plate"), "the hit made no more choices"),
    (("--from", "Hornet", "--weapon", "laser"), "is not one of Hornet's"),
    (("--damage", "3", "--roll", "4"), "more roll(s) given than this hit rolls"),
    (("--from", "Hornet", "--weapon", "rack 1", "--facing", "port"), "--facing port: give aft"),
])
def test_an_impossible_hit_is_one_line_and_changes_nothing(game: Path, args: tuple[str, ...],
                                                           said: str) -> None:
    before = game.read_bytes()
    run = shipyard("game", "hit", game, "Wasp", *args)
    assert run.code == 2 and run.err.count("\n") == 1 and said in run.err, run.err
    assert game.read_bytes() == before


@pytest.mark.parametrize(("edit", "said"), [
    ("armour: 3", "armour: 3: Hornet starts with 2"),
    ("shields: 9", "shields: 9: Hornet's hull raises at most"),
    ("systems: {Bridge of Nowhere: 1}", "systems: 'Bridge of Nowhere' is not one of"),
    ("systems: {Armour plate 1: 5}", "systems: Armour plate 1: 5: it has 0..4"),
])
def test_tracks_edited_into_nonsense_are_refused_at_their_line(game: Path, edit: str,
                                                               said: str) -> None:
    text = game.read_text()
    hornet = text.index("  - name: Hornet\n")
    key = edit.split(":")[0]
    tail = (re.sub(rf"    {key}: \d+\n", f"    {edit}\n", text[hornet:])
            if key in ("armour", "shields") else text[hornet:] + f"    {edit}\n")
    text = text[:hornet] + tail
    line = text[:text.index(f"    {key}:", hornet)].count("\n") + 1
    game.write_text(text)
    run = shipyard("game", "show", game)
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert run.err.startswith(f"{game}:{line}: {said}"), run.err


def test_undo_restores_the_file_exactly(game: Path) -> None:
    texts = [game.read_bytes()]
    _hit(game, "Hornet", "--damage", "6")
    texts.append(game.read_bytes())
    assert shipyard("game", "round", game).code == 0
    assert len({*texts, game.read_bytes()}) == 3
    for text in reversed(texts):
        assert shipyard("game", "undo", game).code == 0
        assert game.read_bytes() == text
