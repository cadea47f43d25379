"""`duel` and `odds` for rogue-trader, with the same guarantees as every system."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.cli import shipyard
from tests.systems.rogue_trader.helpers import example, write_design

SWORD, HAZEROTH, AMBITION = example("sword"), example("hazeroth"), example("ambition")
ENDEAVOUR = example("endeavour")


def test_a_narrated_duel_replays_with_its_seed() -> None:
    first = shipyard("duel", SWORD, HAZEROTH, "--seed", "3")
    assert first.code == 0
    assert "Strategic Round 1" in first.out and "seed 3" in first.out
    assert shipyard("duel", SWORD, HAZEROTH, "--seed", "3").out == first.out
    unseeded = shipyard("duel", SWORD, HAZEROTH)
    assert unseeded.code == 0 and "seed" in unseeded.out


def test_duel_json_and_options() -> None:
    run = shipyard("duel", HAZEROTH, example("vagabond"), "--seed", "2", "--json",
                   "--crew-a", "tactic=board", "--range", "4")
    assert run.code == 0
    data = run.json()
    assert data["reason"] == "surrendered" and data["winner"] == "a"
    run = shipyard("duel", SWORD, HAZEROTH, "--seed", "1", "--rule", "simple-destruction=both",
                   "--rule", "surprise=b", "--geometry", "abeam", "--cap", "5")
    assert run.code == 0
    assert "simplified destruction: A and B" in run.out and "Surprised: B" in run.out


@pytest.mark.compiled
def test_monte_carlo_summary() -> None:
    run = shipyard("duel", AMBITION, example("vagabond"), "--runs", "40", "--seed", "5",
                   "--json")
    assert run.code == 0
    data = run.json()
    assert data["runs"] == 40 and data["wins"]["a"]["count"] > 20
    again = shipyard("duel", AMBITION, example("vagabond"), "--runs", "40", "--seed", "5",
                     "--json")
    assert again.json() == data


def test_wrong_fight_options_are_one_line_exit_2() -> None:
    for args, words in [
        (["--rule", "boarding-party"], "rogue-trader has no rule 'boarding-party'"),
        (["--rule", "surprise=c"], "give none, a (every ship of side A), b, or ships"),
        (["--rule", "surprise=b2"], "side B has 1 ship, no b2"),
        (["--crew-a", "tactic=fly"], "give one of gunnery, ram, board"),
        (["--crew-a", "gunery=40"], "did you mean 'gunnery'"),
        (["--crew-b", "gunnery=140"], "0..100"),
        (["--crew-b", "crew=elit"], "did you mean 'elite'"),
        (["--geometry", "sideways"], "give one of head-on, pursuit, crossing, abeam"),
        (["--range", "500"], "0..100 VU"),
    ]:
        run = shipyard("duel", SWORD, HAZEROTH, "--seed", "1", *args)
        assert run.code == 2, (args, run.err)
        assert words in run.err and len(run.err.strip().splitlines()) == 1, (args, run.err)


def test_an_option_the_system_does_not_declare_is_refused() -> None:
    run = shipyard("odds", AMBITION, ENDEAVOUR, "--speed", "9")
    assert run.code == 2
    assert run.err.strip() == ("shipyard: --speed: rogue-trader odds has no such option (its "
                               "options: --range; see --help-system rogue-trader)")


def test_help_system_lists_the_declared_options() -> None:
    run = shipyard("duel", "--help-system", "rogue-trader")
    assert run.code == 0
    for words in ("--geometry: head-on | pursuit | crossing | abeam", "tactic: gunnery | ram",
                  "surprise: none, a (every ship of side A), b, or ships", "your own captain",
                  "hulked"):
        assert words in run.out
    assert shipyard("odds", "--help-system", "rogue-traderr").code == 2


def test_illegal_designs_fight_only_when_allowed(tmp_path: Path) -> None:
    data = yaml.safe_load(SWORD.read_text())
    data["weapons"].append({"weapon": "thunderstrike-macrocannon", "location": "dorsal"})
    illegal = write_design(tmp_path / "overgunned.yaml", data)
    assert shipyard("duel", illegal, HAZEROTH, "--seed", "1").code == 1
    assert shipyard("duel", illegal, HAZEROTH, "--seed", "1", "--allow-illegal").code == 0


def test_odds_of_one_volley() -> None:
    run = shipyard("odds", AMBITION, SWORD, "--range", "5")
    assert run.code == 0
    assert "exact" in run.out and "Hull Integrity lost" in run.out and "Crippled" in run.out
    data = shipyard("odds", AMBITION, SWORD, "--range", "5", "--json").json()
    assert data["exact"] is True
    total = sum(p["chance"] for p in data["distributions"][0]["points"])
    assert abs(total - 1) < 1e-9
    far = shipyard("odds", SWORD, AMBITION, "--range", "50").out
    assert "no weapon reaches that far" in far
