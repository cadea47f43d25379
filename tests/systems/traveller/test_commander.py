"""A user's own commander in a traveller battle (TRV-R49): asked for each ship
of its side by name, for the turn's target among the enemies it may choose and the band to steer
for against it; wrong answers are one line at the user's method."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.api import BattleSide, Entrant, Recorder, Terms
from shipyard.cli.battle import _side
from shipyard.core.combat import fight_once
from shipyard.core.stream import new_stream
from shipyard.core.yard import Yard
from shipyard.systems.traveller.combat import SUPPORT
from shipyard.systems.traveller.combat import rules as r
from tests.cli import shipyard

CATALOG = Path(__file__).parents[3] / "catalogs" / "traveller"
TRADER = CATALOG / "examples" / "house-far-trader.yaml"
CORSAIRS = CATALOG / "fleets" / "corsairs.yaml"
DEFENCE = CATALOG / "fleets" / "system-defence.yaml"
RAIDERS = CATALOG / "fleets" / "raiders.yaml"
EXAMPLE = CATALOG / "commanders" / "focus-fire.py"

ASKED = """\
class Commander:
    def target(self, turn, ship, enemies, default):
        print("target", turn, ship, "|", ";".join(f"{n}={b}/{h}" for n, (b, h) in enemies.items()),
              "|", default)
        return default

    def band(self, turn, ship, enemy, band, own_hull, enemy_hull, default):
        print("band", turn, ship, "|", enemy, "|", band, default)
        return default
"""


def sides(a: Path, b: Path) -> tuple[BattleSide, BattleSide]:
    yard = Yard()
    return (_side(yard.check(a), "A", BattleSide, Entrant),
            _side(yard.check(b), "B", BattleSide, Entrant))


def told_lines(prepared: object, seed: int) -> list[str]:
    return [e.text for e in fight_once(SUPPORT, prepared, seed).events]  # type: ignore[arg-type]


def test_a_users_commander_is_asked_for_each_ship_by_name_trv_r49(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each corsair asks by its own name, offered the one enemy it may choose with its band and
    Hull; a commander that answers the default changes nothing, event for event."""
    mine = tmp_path / "asked.py"
    mine.write_text(ASKED)
    plain = SUPPORT.prepare_battle(*sides(TRADER, CORSAIRS), Terms())
    asked = SUPPORT.prepare_battle(*sides(TRADER, CORSAIRS),
                                   Terms(pilots=(None, f"{mine}:Commander")))
    assert not asked.batchable
    for seed in range(1, 6):
        assert told_lines(asked, seed) == told_lines(plain, seed)
    lines = capsys.readouterr().out.splitlines()
    targets = [ln for ln in lines if ln.startswith("target")]
    askers = {ln.split(" | ")[0].split(" ", 2)[2] for ln in targets}
    assert askers == {"House Corsair 1 (B)", "House Corsair 2 (B)"}
    for ln in targets:
        offered = ln.split(" | ")[1]
        assert offered.startswith("House Far Trader (A)=") and ";" not in offered
        assert ln.endswith("| House Far Trader (A)")
    bands = [ln for ln in lines if ln.startswith("band")]
    assert bands and all(" | House Far Trader (A) | " in ln for ln in bands)
    assert {ln.split(" | ")[0].split(" ", 2)[2] for ln in bands} <= askers


def test_the_commanders_target_is_the_ships_target_trv_r49() -> None:
    """Asked in the manoeuvre step, the answer is the ship's target for the turn (not TRV-R47's
    nearest, weakest): here the last enemy in fleet order."""
    prepared = SUPPORT.prepare_battle(*sides(DEFENCE, RAIDERS), Terms())
    p: r.Params = prepared.state
    last = p.n - 1
    asked: list[tuple[int, int]] = []

    def asker(ship: int, question: int, facts: tuple[object, ...], default: int) -> int:
        if question == r.Q_TARGET:
            asked.append((ship, default))
            return last if ship < last and r.enemies(p, facts[1], ship, last) else default
        return default

    st = r.new_state(p)
    r.set_bands(p, st, r.LONG)
    r.sort_order(p, st, new_stream(1), None)
    r.manoeuvre_step(p, st, new_stream(1), Recorder(narrate=False, asker=asker), 1)
    side_a = [s for s in range(p.n) if st[s * p.block + r.SIDE] == 0]
    assert sorted(s for s, _ in asked) == list(range(p.n))
    assert all(st[s * p.block + r.TARGET] == last for s in side_a)
    assert any(d != last for s, d in asked if s in side_a)  # the default would differ


def battle(tmp_path: Path, body: str) -> tuple[object, Path]:
    mine = tmp_path / "mine.py"
    mine.write_text(body)
    return shipyard("battle", TRADER, CORSAIRS, "--seed", "1", "--pilot-b",
                    f"{mine}:Commander"), mine


@pytest.mark.parametrize(("body", "line", "said"), [
    ("class Commander:\n    def target(self, turn, ship, enemies, default):\n"
     "        return 'Nobody'\n", 2, "target() answered 'Nobody': give one of House Far Trader"),
    ("class Commander:\n    def target(self, turn, ship, enemies, default):\n"
     "        return default\n\n    def band(self, turn, ship, enemy, band, own, theirs, d):\n"
     "        return 'far'\n", 5, "band() answered 'far'; it answers one of 'adjacent', 'close'"),
])
def test_a_wrong_answer_is_one_line_at_the_commanders_method(
        tmp_path: Path, body: str, line: int, said: str) -> None:
    run, mine = battle(tmp_path, body)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert run.err.startswith(f"{mine}:{line}:") and said in run.err, run.err


def test_a_commander_without_a_method_is_one_line(tmp_path: Path) -> None:
    run, mine = battle(tmp_path, "class Commander:\n    pass\n")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert str(mine) in run.err and "target" in run.err, run.err


@pytest.mark.parametrize(("body", "line", "said"), [
    ("class Commander:\n    def target(self, s):\n        return 'Nobody'\n", 2,
     "target() raised TypeError: Commander.target() takes 2 positional arguments"),
    ("class Commander:\n    def target(self, turn, ship, enemies, default):\n"
     "        return 1 / 0\n", 3, "target() raised ZeroDivisionError"),
])
def test_a_commander_that_cannot_be_asked_or_raises_is_one_line_not_a_traceback(
        tmp_path: Path, body: str, line: int, said: str) -> None:
    run, mine = battle(tmp_path, body)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert str(mine) in run.err.split(":")[0] and f":{line}: " in run.err, run.err
    assert said in run.err, run.err


def test_the_worked_example_commands_the_corsairs() -> None:
    """The docs' example: both corsairs take the weakest enemy and close to Short."""
    run = shipyard("battle", TRADER, CORSAIRS, "--seed", "1", "--pilot-b",
                   f"{EXAMPLE}:Commander")
    assert run.code == 0, run.err
    assert "House Corsair 1 (B) steers for Short" in run.out, run.out


def test_a_duels_captain_still_answers_band_only(tmp_path: Path) -> None:
    """A duel's --pilot-a is a captain as before (band with five arguments); its wrong answer
    is one line at its method too."""
    mine = tmp_path / "far.py"
    mine.write_text("class Captain:\n    def band(self, turn, band, mine, theirs, default):\n"
                    "        return 'nowhere'\n")
    run = shipyard("duel", CATALOG / "examples" / "dragon-sdb.yaml",
                   CATALOG / "examples" / "strandbell-sdb.yaml", "--seed", "1", "--pilot-a",
                   f"{mine}:Captain")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert run.err.startswith(f"{mine}:2:") and "band() answered 'nowhere'" in run.err
