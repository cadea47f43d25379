"""The seed's combat step by step with scripted dice, and the commands that fight."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.api import Terms
from shipyard.core.combat import fight_once, series
from shipyard.core.stream import derive_seed
from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.combat import SUPPORT
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.rules import LONG, MEDIUM, SHORT, TAILING, State
from tests.cli import shipyard
from tests.systems.d12_facings.helpers import EXAMPLES, Book, catalog, design, dice, fight_setup


def test_range_step_everyone_rolls_piloting() -> None:
    s = fight_setup(design(), design())
    book = Book()
    r.range_step(s, State(s), dice(9, 10), book)  # piloting total 7: neither is under
    assert [e[1:] for e in book.of(r.EV_PILOTING)] == [(0, 7, 9, 0), (1, 7, 10, 0)]


def test_gunnery_difficulties_are_the_seeds_plus_defence() -> None:
    d = catalog().combat.difficulty
    assert (d.tailing, d.short, d.medium, d.long) == (4, 4, 7, 9)
    s = fight_setup(design(), design(hull="cruiser"))
    defence = catalog().hulls["cruiser"].defence
    assert [r.need(s, 0, 0, rng) for rng in (TAILING, SHORT, MEDIUM, LONG)] == [
        4 + defence, 4 + defence, 7 + defence, 9 + defence]


def test_one_full_action_per_exchange_and_each_gun_once_a_turn() -> None:
    two = design(crew=[{"name": "Hand", "piloting": 4, "gunnery": 6}],
                 systems=[{"system": "light-laser", "facing": "fore"},
                          {"system": "light-laser", "facing": "fore"},
                          {"system": "bridge", "facing": "core"}])
    idle = design(crew=[], armour=4, systems=[{"system": "bridge", "facing": "core"}])
    s = fight_setup(two, idle)
    book = Book()
    # two exchanges, one shot each (A's only: B has nothing), then everyone has passed
    assert r.action_step(s, State(s), dice(12, 12), book) == r.GOING
    shots = book.of(r.EV_SHOT)
    assert [e[2] for e in shots] == [0, 1]  # gun 0 then gun 1, never a gun twice
    assert book.events[-1] == (r.EV_PASS, -1)


def test_a_turn_goes_back_to_the_range_step() -> None:
    s = fight_setup(design(), design())
    book = Book()
    faces = [9, 10] + [12] * 2 + [9, 10] + [12] * 2  # two turns: range, then both shots
    state = State(s)
    for turn in (1, 2):
        assert r.play_turn(s, state, turn, dice(*faces[(turn - 1) * 4: turn * 4]), book) == 0
    kinds = [e[0] for e in book.events if e[0] in (r.EV_PILOTING, r.EV_SHOT, r.EV_PASS)]
    assert kinds == [r.EV_PILOTING, r.EV_PILOTING, r.EV_SHOT, r.EV_SHOT, r.EV_PASS] * 2


def test_a_series_row_is_the_narrated_fight_of_its_seed() -> None:
    yard = Yard()
    a = yard.read(EXAMPLES / "lancer.yaml")
    b = yard.read(EXAMPLES / "hornet.yaml")
    prepared = SUPPORT.prepare(a, b, Terms())
    columns = series(SUPPORT, prepared, 40, 99)
    reference = series(SUPPORT, prepared, 40, 99, engine="reference")
    assert (reference.winner, reference.rounds, reference.draws) == (
        columns.winner, columns.rounds, columns.draws)
    for index in range(40):
        told = fight_once(SUPPORT, prepared, derive_seed(99, index))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert (columns.winner[index], columns.reason[index], columns.rounds[index],
                columns.damage_a[index], columns.damage_b[index]) == (
            winner, told.outcome.reason, told.rounds, *told.damage)


def test_duel_narrates_and_replays() -> None:
    first = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "5")
    again = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "5")
    assert first.code == 0, first.err
    assert first.out == again.out
    assert "piloting: total" in first.out and "fires" in first.out
    assert "wins after" in first.out or "a draw" in first.out


def test_duel_runs_summarises() -> None:
    run = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--runs", "200",
                   "--seed", "1", "--json")
    assert run.code == 0, run.err
    data = run.json()
    assert data["runs"] == 200
    assert data["wins"]["a"]["count"] + data["wins"]["b"]["count"] + \
        data["no_winner"]["count"] == 200


@pytest.mark.parametrize(("args", "words"), [
    (["--rule", "under=sometimes"], "give one of strict, inclusive"),
    (["--rule", "nope"], "known: under"),
    (["--range", "5"], "give one of tailing, short, medium, long"),
    (["--crew-a", "gunnery=5"], "written in the design"),
])
def test_duel_refuses_wrong_terms_in_one_line(args: list[str], words: str) -> None:
    run = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", *args)
    assert run.code == 2
    assert words in run.err and "Traceback" not in run.err


def test_every_example_fights() -> None:
    yard = Yard()
    slugs = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))
    for first, second in zip(slugs, slugs[1:] + slugs[:1], strict=True):
        a, b = yard.read(EXAMPLES / f"{first}.yaml"), yard.read(EXAMPLES / f"{second}.yaml")
        result = fight_once(SUPPORT, SUPPORT.prepare(a, b, Terms()), 7, narrate=False)
        assert result.outcome.reason in ("destroyed", "escaped", "both-lost", "cap")


def test_a_users_own_captain_replaces_the_default(tmp_path) -> None:  # type: ignore[no-untyped-def]
    mine = tmp_path / "captain.py"
    mine.write_text(
        "from shipyard.systems.d12_facings.combat.captain import DefaultCaptain\n"
        "class Runner(DefaultCaptain):\n"
        "    def want_range(self, setup, state, side, steps):\n"
        "        return 4  # escaped, always\n", encoding="utf-8")
    run = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "2",
                   "--pilot-a", f"{mine}:Runner", "--runs", "50", "--json")
    assert run.code == 0, run.err
    data = run.json()
    assert "Runner" in " ".join(data["terms"])
    assert data["reasons"]["none"].get("escaped", 0) > 0


def test_the_defender_weighs_the_whole_hit() -> None:
    target = design(systems=[{"system": "armour-plate", "facing": "aft"},
                             {"system": "missile-rack", "facing": "aft", "turret": True},
                             {"system": "armour-plate", "facing": "port"},
                             {"system": "armour-plate", "facing": "port"},
                             {"system": "bridge", "facing": "core"}])
    s = fight_setup(design(), target)
    state, book = State(s), Book()
    assert not r.apply_hit(s, state, 0, 8, book)
    # the aft plate alone would soak 4 and spill onto the rack turret: the port soaks all 8
    assert [e[2] for e in book.of(r.EV_SYSTEM)] == [2, 3]
    assert state.hp[1][1] == 2


def test_the_attacker_goes_for_the_dearest_loss() -> None:
    target = design(systems=[{"system": "armour-plate", "facing": "aft"},
                             {"system": "laser-battery", "facing": "port"},
                             {"system": "bridge", "facing": "core"}])
    s = fight_setup(design(edges=["called-shot"]), target)
    state, book = State(s), Book()
    r.apply_hit(s, state, 0, 5, book)
    assert book.of(r.EV_SYSTEM)[0][2] == 1 and book.of(r.EV_LOST)  # the battery, destroyed


GOLDEN = Path(__file__).resolve().parent / "golden" / "mastiff-lancer-seed-4.txt"


def test_a_narrated_duel_is_its_golden_log() -> None:
    """Re-read as a referee would when it changes: every roll, every choice, by the rules."""
    run = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "4")
    assert run.out == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_to_hit_check_agrees_with_the_shot(seed: int) -> None:
    run = shipyard("duel", EXAMPLES / "viper.yaml", EXAMPLES / "sabre.yaml", "--seed", str(seed),
                   "--json")
    for event in run.json()["log"]:
        for roll in event["rolls"]:
            hit = " hits for " in event["text"]
            if roll["kind"] == "check":
                assert roll["success"] == hit, event["text"]
            else:  # a natural 1 or 12 decides alone
                assert roll["rolled"] in (1, 12) and hit == (roll["rolled"] == 12)
