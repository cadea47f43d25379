"""`shipyard duel` and `shipyard odds` on smallcraft designs: the command-line contract."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT

EX = ROOT / "catalogs" / "smallcraft" / "examples"
STARFURY, RAIDER, GALILEO = EX / "starfury.yaml", EX / "raider.yaml", EX / "galileo.yaml"


def test_a_seeded_duel_replays_and_ends_with_the_outcome() -> None:
    first = shipyard("duel", STARFURY, RAIDER, "--seed", "1681")
    assert first.code == 0
    assert first.out == shipyard("duel", STARFURY, RAIDER, "--seed", "1681").out
    lines = first.out.splitlines()
    assert lines[0] == "Starfury (A) against Raider delta-wing (B), seed 1681"
    assert "dturn 7" in lines
    assert lines[-2] == ("Starfury wins after 7 dturns (crew-lost): Raider delta-wing is out "
                         "of action: its crew boxes are all gone")
    assert lines[-1] == "damage dealt (cblocs destroyed): Starfury 18, Raider delta-wing 4"
    assert ("  beams    Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider "
            "delta-wing, 12 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, "
            "d100 rolled 12: hit") in lines


def test_a_narrated_duel_imports_neither_numpy_nor_numba() -> None:
    import subprocess
    import sys

    script = ("import sys\nfrom shipyard.cli import main\nsys.argv = ['shipyard', 'duel', "
              f"{str(STARFURY)!r}, {str(RAIDER)!r}, '--seed', '1681']\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'numba')),"
              " file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert "Starfury wins after 7 dturns" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "[]"


def test_without_a_seed_one_is_chosen_and_printed() -> None:
    run = shipyard("duel", STARFURY, RAIDER)
    assert run.code == 0
    seed = int(run.out.splitlines()[0].rsplit("seed ", 1)[1])
    assert shipyard("duel", STARFURY, RAIDER, "--seed", str(seed)).out == run.out


def test_duel_json() -> None:
    data = shipyard("duel", STARFURY, RAIDER, "--seed", "1681", "--json").json()
    assert (data["winner"], data["reason"], data["rounds"], data["seed"]) == (
        "a", "crew-lost", 7, 1681)
    checks = [r for e in data["log"] for r in e["rolls"] if r["kind"] == "check"]
    assert checks[0]["target"] == 30 and checks[0]["rolled"] == 12 and checks[0]["success"]
    assert {m["label"] for m in checks[0]["modifiers"]} == {"pilot firing", "target moving 2"}


@pytest.mark.compiled
def test_monte_carlo_summary() -> None:
    run = shipyard("duel", STARFURY, RAIDER, "--runs", "3000", "--seed", "7", "--json")
    assert run.code == 0
    data = run.json()
    assert data["runs"] == 3000 and data["engine"] in ("compiled", "uncompiled")
    a, b, none = data["wins"]["a"], data["wins"]["b"], data["no_winner"]
    assert a["count"] + b["count"] + none["count"] == 3000
    low, high = a["ci95"]
    assert low < a["rate"] < high
    assert data["length"]["unit"] == "dturn" and data["length"]["mean"] > 1
    assert data["random_numbers"] > 3000
    again = shipyard("duel", STARFURY, RAIDER, "--runs", "3000", "--seed", "7", "--json")
    assert again.json() == data  # the same seed, the same installation: the same summary
    text = shipyard("duel", STARFURY, RAIDER, "--runs", "500", "--seed", "7")
    assert "Starfury wins" in text.out and "95% interval" in text.out


def test_a_replaced_pilot_flies_uncompiled(tmp_path: Path) -> None:
    """A pilot file written against the documented API (README: a subclass of Pilot) keeps
    working: its orders reach the rules through `ask`, checked, uncompiled."""
    pilot = tmp_path / "cautious.py"
    pilot.write_text(
        "from shipyard.systems.smallcraft.combat.pilot import Pilot\n\n"
        "class Sitter(Pilot):\n"
        "    def thrust(self, s):\n"
        "        return {}\n", encoding="utf-8")
    run = shipyard("duel", STARFURY, RAIDER, "--runs", "20", "--seed", "3", "--json",
                   "--pilot-a", f"{pilot}:Sitter")
    assert run.code == 0 and run.json()["engine"] == "uncompiled"
    one = shipyard("duel", STARFURY, RAIDER, "--seed", "3", "--pilot-a", f"{pilot}:Sitter")
    assert "Starfury fires no drive: velocity at rest" in one.out
    assert "Starfury fires Back drive" not in one.out
    assert "Raider delta-wing fires Back drive (2G) at 2G" in one.out  # B flies the default
    missing = shipyard("duel", STARFURY, RAIDER, "--pilot-a", f"{pilot}:Nobody")
    assert missing.code == 2 and "no pilot named 'Nobody'" in missing.err


def test_a_pilots_mistake_is_one_line_and_exit_2(tmp_path: Path) -> None:
    pilot = tmp_path / "wild.py"
    pilot.write_text(
        "from shipyard.systems.smallcraft.combat.pilot import Pilot\n\n"
        "class Spinner(Pilot):\n"
        "    def turn(self, s):\n"
        "        return 3\n\n"
        "class Broken(Pilot):\n"
        "    def fire(self, s):\n"
        "        return s.me.nonsense\n", encoding="utf-8")
    spun = shipyard("duel", STARFURY, RAIDER, "--seed", "1", "--pilot-a", f"{pilot}:Spinner")
    assert spun.code == 2 and "Traceback" not in spun.err
    assert spun.err.strip() == (f"{pilot}:4: the pilot of Starfury, dturn 1: a turn of 3 half "
                                "hex-sides: the most is 2 (60°) either way")  # at Spinner.turn
    broken = shipyard("duel", STARFURY, RAIDER, "--seed", "1", "--pilot-b", f"{pilot}:Broken")
    assert broken.code == 2 and len(broken.err.strip().splitlines()) == 1
    assert broken.err.startswith(f"{pilot}:9: the pilot of Raider delta-wing, dturn 1: "
                                 "fire() raised AttributeError")


def test_an_illegal_design_is_refused_unless_allowed(tmp_path: Path) -> None:
    bad = tmp_path / "fat.yaml"
    bad.write_text(STARFURY.read_text(encoding="utf-8").replace("hull: 60", "hull: 50"),
                   encoding="utf-8")
    refused = shipyard("duel", bad, RAIDER, "--seed", "1")
    assert refused.code == 1
    assert "NOT LEGAL" in refused.err and refused.out == ""
    allowed = shipyard("duel", bad, RAIDER, "--seed", "1", "--allow-illegal")
    assert allowed.code == 0


@pytest.mark.parametrize(("args", "words"), [
    (["--runs", "0"], "--runs 0: give 1..1,000,000"),
    (["--runs", "1000001"], "--runs 1000001"),
    (["--rule", "sideways"], "smallcraft has no rule 'sideways'"),
    (["--crew-a", "gunnery"], "give KEY=VALUE"),
    (["--range", "30"], "within detection range, 0..20"),
    (["--engine", "warp"], "give auto, compiled or plain"),
    (["--geometry", "spiral"], "give one of head-on, pursuit, crossing, random"),
])
def test_a_wrong_command_line_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    run = shipyard("duel", STARFURY, RAIDER, *args)
    assert run.code == 2
    assert words in run.err and "Traceback" not in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_unreadable_design_is_exit_2(tmp_path: Path) -> None:
    run = shipyard("duel", tmp_path / "nowhere.yaml", RAIDER)
    assert run.code == 2


def test_designs_of_two_systems_do_not_fight() -> None:
    other = next((ROOT / "catalogs").glob("rogue-trader/examples/*.yaml"), None)
    if other is None:
        pytest.skip("no second system with examples")
    run = shipyard("duel", STARFURY, other)
    assert run.code == 2 and "same system" in run.err


def test_odds_exact() -> None:
    run = shipyard("odds", STARFURY, RAIDER, "--range", "5", "--json")
    assert run.code == 0
    data = run.json()
    assert data["exact"] is True
    through = data["distributions"][0]
    chances = {p["value"]: p["chance"] for p in through["points"]}
    # 40% to hit (50 - 10 for the pilot firing), 6 dhits and the Raider has no screens
    assert chances == {0: pytest.approx(0.6), 6: pytest.approx(0.4)}
    assert math.isclose(sum(chances.values()), 1.0)
    text = shipyard("odds", STARFURY, RAIDER).out
    assert "exact (every outcome of the dice enumerated)" in text


def test_odds_sampled_when_too_many_to_enumerate(monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.systems.smallcraft.combat import odds

    monkeypatch.setattr(odds, "WORK_LIMIT", 3)
    run = shipyard("odds", RAIDER, STARFURY, "--samples", "4000", "--seed", "5", "--json")
    data = run.json()
    assert data["exact"] is False and data["samples"] == 4000 and data["seed"] == 5
    point = data["distributions"][0]["points"][0]
    assert point["ci95"][0] <= point["chance"] <= point["ci95"][1]
    text = shipyard("odds", RAIDER, STARFURY, "--samples", "4000", "--seed", "5")
    assert "sampled: 4,000 volleys, with 95% intervals, seed 5" in text.out


def test_a_mirror_match_names_each_side_once() -> None:
    for extra in ([], ["--runs", "20", "--engine", "plain"]):
        run = shipyard("duel", STARFURY, STARFURY, "--seed", "1", *extra)
        assert run.code == 0
        assert run.out.startswith("Starfury (A) against Starfury (B)")
        assert "(A) (A)" not in run.out
