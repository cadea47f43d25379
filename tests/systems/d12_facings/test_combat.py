"""The seed's combat step by step with scripted dice, and the commands that fight."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shipyard.api import Terms
from shipyard.core.combat import fight_once
from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.combat import SUPPORT
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.rules import LONG, MEDIUM, SHORT, TAILING
from tests.cli import shipyard
from tests.systems.d12_facings.helpers import EXAMPLES, Table, catalog, design, fight_setup


def test_range_step_everyone_rolls_piloting(dice: Any) -> None:
    t = Table(fight_setup(design(), design()))
    r.range_step(t.p, t.f, dice(9, 10), t.rec)  # piloting total 7: neither is under
    assert [e[1:] for e in t.of(r.EV_PILOTING)] == [(0, 7, 9, 0), (1, 7, 10, 0)]


def test_gunnery_difficulties_are_the_seeds_plus_defence() -> None:
    d = catalog().combat.difficulty
    assert (d.tailing, d.short, d.medium, d.long) == (4, 4, 7, 9)
    t = Table(fight_setup(design(), design(hull="cruiser")))
    defence = catalog().hulls["cruiser"].defence
    assert [r.need(t.p, t.f, 1, 0, rng) for rng in (TAILING, SHORT, MEDIUM, LONG)] == [
        4 + defence, 4 + defence, 7 + defence, 9 + defence]


def test_one_full_action_per_exchange_and_each_gun_once_a_turn(dice: Any) -> None:
    two = design(crew=[{"name": "Hand", "piloting": 4, "gunnery": 6}],
                 systems=[{"system": "light-laser", "facing": "fore"},
                          {"system": "light-laser", "facing": "fore"},
                          {"system": "bridge", "facing": "core"}])
    idle = design(crew=[], armour=4, systems=[{"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(two, idle))
    # two exchanges, one shot each (A's only: B has nothing), then everyone has passed
    assert r.action_step(t.p, t.f, dice(12, 12), t.rec) == r.GOING
    shots = t.of(r.EV_SHOT)
    assert [e[2] for e in shots] == [0, 1]  # gun 0 then gun 1, never a gun twice
    assert (t.rec.events or [])[-1] == (r.EV_PASS, -1)


def test_a_turn_goes_back_to_the_range_step(dice: Any) -> None:
    t = Table(fight_setup(design(), design()))
    faces = [9, 10] + [12] * 2 + [9, 10] + [12] * 2  # two turns: range, then both shots
    for turn in (1, 2):
        assert r.play_turn(t.p, t.f, turn, dice(*faces[(turn - 1) * 4: turn * 4]),
                           t.rec) == r.GOING
    kinds = [e[0] for e in t.rec.events or [] if e[0] in (r.EV_PILOTING, r.EV_SHOT, r.EV_PASS)]
    assert kinds == [r.EV_PILOTING, r.EV_PILOTING, r.EV_SHOT, r.EV_SHOT, r.EV_PASS] * 2


def test_duel_narrates_and_replays() -> None:
    first = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "5")
    again = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "5")
    assert first.code == 0, first.err
    assert first.out == again.out
    assert "piloting: total" in first.out and "fires" in first.out
    assert "wins after" in first.out or "a draw" in first.out


@pytest.mark.compiled
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
    t = Table(fight_setup(design(), target))
    assert not r.apply_hit(t.p, t.f, 0, 1, 8, t.rec)
    # the aft plate alone would soak 4 and spill onto the rack turret: the port soaks all 8
    assert [e[2] for e in t.of(r.EV_SYSTEM)] == [2, 3]
    assert t.hp(1)[1] == 2


def test_the_attacker_goes_for_the_dearest_loss() -> None:
    target = design(systems=[{"system": "armour-plate", "facing": "aft"},
                             {"system": "laser-battery", "facing": "port"},
                             {"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(design(edges=["called-shot"]), target))
    r.apply_hit(t.p, t.f, 0, 1, 5, t.rec)
    assert t.of(r.EV_SYSTEM)[0][2] == 1 and t.of(r.EV_LOST)  # the battery, destroyed


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


def test_a_captain_of_ones_own_writes_every_decision(tmp_path) -> None:  # type: ignore[no-untyped-def]
    mine = tmp_path / "captain.py"
    mine.write_text(
        "class Plain:\n"
        "    def want_range(self, setup, state, side, steps):\n"
        "        return max(1, state.range - 1)  # close in, never tail\n"
        "    def plan(self, setup, state, side, rng, tailer):\n"
        "        ship = setup.ships[side]\n"
        "        if not state.hands_left[side]:\n"
        "            return []\n"
        "        total = state.bonus[side] + state.hands_left[side][0]  # the best hand\n"
        "        return [(i, total) for i, kind in enumerate(ship.kind) if kind == 0\n"
        "                and state.hp[side][i] == ship.hp[i]][:1]\n"
        "    def pick(self, setup, state, target, candidates, damage, attacker):\n"
        "        return candidates[-1]\n", encoding="utf-8")
    run = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "3",
                   "--pilot-a", f"{mine}:Plain", "--pilot-b", f"{mine}:Plain")
    assert run.code == 0, run.err
    assert "captains: Plain, Plain" in run.out
    # Mastiff's best hand and its sensors: the total the rules would give, no more
    assert "Mastiff: Heavy mass driver to fire, to-hit total 5" in run.out
    assert "tailing" not in run.out.split("captains")[1]


PLANS = "class Wrong(DefaultCaptain):\n    def plan(self, setup, state, side, rng, tailer):\n"


@pytest.mark.parametrize(("body", "words"), [
    ("        return [(0, 30)]\n", "to-hit totals Heavy mass driver 30: no way to make them"),
    ("        return [(0, 1)]\n", "no way to make them with the hands free to act (gunnery "),
    ("        return [(0, 5), (0, 5)]\n", "is planned twice"),
    ("        return [(7, 5)]\n", "give (gun, to-hit total)"),
    ("        return [(3, state.bonus[side] + sum(state.hands_left[side]) + 1)]\n",
     "no way to make them"),
])
def test_a_plan_the_rules_cannot_take_is_one_line(tmp_path, body: str, words: str) -> None:  # type: ignore[no-untyped-def]
    mine = tmp_path / "captain.py"
    mine.write_text("from shipyard.systems.d12_facings.combat.captain import DefaultCaptain\n"
                    + PLANS + body, encoding="utf-8")
    run = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "3",
                   "--pilot-a", f"{mine}:Wrong")
    assert run.code == 2, run.out
    assert run.err.startswith(f"{mine}:3: ") and words in run.err, run.err
    assert len(run.err.strip().splitlines()) == 1 and "Traceback" not in run.err


def test_a_plan_for_the_whole_turn_stays_good_when_asked_again(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """R16: a captain is asked after each exchange; a plan written for the whole turn (as
    captain files were before) names guns that have fired: they are passed over."""
    mine = tmp_path / "captain.py"
    mine.write_text(
        "from shipyard.systems.d12_facings.combat.captain import DefaultCaptain\n"
        "class Whole(DefaultCaptain):\n"
        "    asked = 0\n"
        "    first = None\n"
        "    def plan(self, setup, state, side, rng, tailer):\n"
        "        Whole.asked += 1\n"
        "        if not state.fired[side]:\n"
        "            self.first = super().plan(setup, state, side, rng, tailer)\n"
        "        return self.first\n", encoding="utf-8")
    mine_b = tmp_path / "plain.py"
    mine_b.write_text("from shipyard.systems.d12_facings.combat.captain import DefaultCaptain\n"
                      "class Same(DefaultCaptain):\n    pass\n", encoding="utf-8")
    whole = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed",
                     "3", "--pilot-a", f"{mine}:Whole", "--json")
    same = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed",
                    "3", "--pilot-a", f"{mine_b}:Same", "--json")
    assert whole.code == 0 and same.code == 0, whole.err + same.err
    shots = [[e["text"] for e in run.json()["log"] if " fires " in e["text"]]
             for run in (whole, same)]
    assert shots[0] and shots[0][:4] == shots[1][:4]


@pytest.mark.parametrize("command", ["duel", "odds"])
def test_the_tailer_free_rule_is_taken_by_duel_and_odds(command: str) -> None:
    house = shipyard(command, EXAMPLES / "sovereign.yaml", EXAMPLES / "paladin.yaml",
                     "--range", "tailing", "--seed", "2")
    free = shipyard(command, EXAMPLES / "sovereign.yaml", EXAMPLES / "paladin.yaml",
                    "--range", "tailing", "--seed", "2", "--rule", "tailer=free")
    assert house.code == 0 and free.code == 0, house.err + free.err
    assert house.out != free.out


@pytest.mark.parametrize(("body", "words"), [
    ("    def want_range(self, setup, state, side, steps):\n        return 9\n",
     "want_range of Lancer gave 9; give one of 0, 1, 2, 3, 4"),
    ("    def want_range(self, setup, state, side, steps):\n        return 1 / 0\n",
     "captain.py:4: captain"),
])
def test_a_captains_mistake_is_one_line(tmp_path, body: str, words: str) -> None:  # type: ignore[no-untyped-def]
    mine = tmp_path / "captain.py"
    mine.write_text("from shipyard.systems.d12_facings.combat.captain import DefaultCaptain\n"
                    "class Wrong(DefaultCaptain):\n" + body, encoding="utf-8")
    run = shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "1",
                   "--pilot-b", f"{mine}:Wrong")
    assert run.code == 2
    assert words in run.err and len(run.err.strip().splitlines()) == 1, run.err
    assert "Traceback" not in run.err
