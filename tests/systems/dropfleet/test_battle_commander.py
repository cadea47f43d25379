"""A user's own commander in a dropfleet battle (RULINGS.md R21, B10): it
decides what the default commander decides (which battlegroup activates, targets, systems,
shields), its questions name the asking ship and what it may choose, it runs uncompiled, a duel's
commander file keeps working, and its mistakes are one line at its own FILE:LINE."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shipyard.api import BattleSide, Recorder, Terms
from shipyard.core.combat import fight_once, series
from shipyard.core.yard import Yard
from shipyard.systems.dropfleet.combat import SUPPORT
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.rules import play
from tests.cli import shipyard
from tests.systems.dropfleet.test_battle import BERLIN, CATALOG, JADES, SCOURGE, UCM, side

HUNT = CATALOG / "commanders" / "hunt_capitals.py"
HUNT_REF = f"{HUNT}:HuntCapitals"


@pytest.fixture(scope="module")
def fleets() -> tuple[BattleSide, BattleSide]:
    yard = Yard()
    return side(yard, UCM, "A"), side(yard, SCOURGE, "B")


def _events(prepared: Any, seed: int) -> list[tuple[int, ...]]:
    from shipyard.core.stream import new_stream

    rec = Recorder(asker=prepared.asker)
    play(prepared.state, new_stream(seed), rec)
    assert rec.events is not None
    return rec.events


def test_b10_the_bundled_commander_activates_its_flag_first_and_hunts_capitals(
        fleets: tuple[BattleSide, BattleSide]) -> None:
    """HuntCapitals (catalogs/dropfleet/commanders/): the Flag battlegroup (the New York, side
    A's last) activates first whenever A has the initiative, and every A ship fires at the
    Banshee Battlecruiser, the Scourge's one capital ship, while it is in the fight; then at the
    default commander's target."""
    from shipyard.systems.dropfleet.combat.commander import pick_target

    prepared = SUPPORT.prepare_battle(*fleets, Terms(pilots=(HUNT_REF, None)))
    assert not prepared.batchable
    told, p = prepared.told, prepared.state
    new_york = told.ships.index("New York Battleship (A)")
    banshee = told.ships.index("Banshee Battlecruiser (B)")
    checked_first = at_banshee = afterwards = 0
    for seed in range(12):
        flag_next = False  # A won the initiative, and its New York is yet to act
        banshee_in = True
        for e in _events(prepared, seed):
            if e[0] == s.EV_TURN:
                flag_next = e[2] == 0
            elif e[0] in (s.EV_FIRE, s.EV_OFFLINE, s.EV_NOTHING):
                if flag_next:
                    assert e[1] == new_york, told.ships[e[1]]
                    checked_first += 1
                    flag_next = False
                if e[0] == s.EV_FIRE and told.ships[e[1]].endswith("(A)"):
                    assert (e[3] == banshee) == banshee_in, (seed, told.ships[e[3]])
                    at_banshee += banshee_in
                    afterwards += not banshee_in
            elif e[0] == s.EV_DESTROYED:
                banshee_in = banshee_in and e[1] != banshee
                flag_next = flag_next and e[1] != new_york
    assert checked_first > 3 and at_banshee > 10 and afterwards > 3
    assert pick_target(p, p.data[p.o_ships:], 0) != banshee  # not the default's choice


KEPT: list[Any] = []  # the recording commanders made (the user's file appends itself)
RECORDING = '''
from tests.systems.dropfleet.test_battle_commander import KEPT


class Mine:
    """Answers every question with its default, keeping what it was told."""

    def __init__(self):
        self.asked = []
        KEPT.append(self)

    def _keep(self, what, facts, default):
        self.asked.append((what, facts, default))
        return default

    def shields(self, facts, default):
        return self._keep("shields", facts, default)

    def target(self, facts, default):
        return self._keep("target", facts, default)

    def system(self, facts, default):
        return self._keep("system", facts, default)

    def battlegroup(self, facts, default):
        return self._keep("battlegroup", facts, default)
'''


def test_b10_questions_name_the_asking_ship_and_what_it_may_choose(
        fleets: tuple[BattleSide, BattleSide], tmp_path: Path) -> None:
    """A commander that answers every question with the default's fights the default's
    battle, event for event; each question named the ship that then acted and exactly the
    enemies, systems and battlegroups it could choose."""
    mine = tmp_path / "recording.py"
    mine.write_text(RECORDING, encoding="utf-8")
    plain = SUPPORT.prepare_battle(*fleets, Terms())
    prepared = SUPPORT.prepare_battle(*fleets, Terms(pilots=(f"{mine}:Mine", f"{mine}:Mine")))
    seed = 5
    assert _events(prepared, seed) == _events(plain, seed)
    asked = [(who, *question) for who in (0, 1) for question in KEPT[-2 + who].asked]
    assert {what for _, what, _, _ in asked} == {"target", "system", "battlegroup"}
    _named_right(prepared, asked, (("Picket", "Carrier line", "Flag"),
                                   ("Harpies", "Strike line", "Vanguard")))
    jades = side(Yard(), JADES, "A")  # Shaltari: shields, which neither fleet has
    shielded = SUPPORT.prepare_battle(jades, fleets[1], Terms(pilots=(f"{mine}:Mine", None)))
    assert _events(shielded, seed) == _events(SUPPORT.prepare_battle(jades, fleets[1], Terms()),
                                              seed)
    asked = [(0, *question) for question in KEPT[-1].asked]
    assert "shields" in {what for _, what, _, _ in asked}
    _named_right(shielded, asked, ((), ()))


def _named_right(prepared: Any, asked: list[tuple[int, str, Any, int]],
                 groups: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    ships = [[n for n in prepared.told.ships if n.endswith(f"({tag})")] for tag in "AB"]
    for who, what, facts, default in asked:
        if what == "battlegroup":
            assert facts.asking == prepared.told.sides[who]
            assert default in facts.battlegroups and len(facts.battlegroups) >= 2
            assert set(facts.battlegroups.values()) <= set(groups[who])
            continue
        turn, place = facts[0], facts[1]
        assert facts.asking == ships[who][place] and facts.turn == turn
        assert facts.group.split(" ")[0] in facts.asking, (facts.group, facts.asking)
        assert facts.enemies and all(ships[1 - who][k] == name
                                     for k, name in facts.enemies.items())
        if what == "shields":
            assert len(facts) == 2 and default in (0, 1)
        if what == "target":
            assert default in facts.enemies and len(facts) == 3
        if what == "system":
            assert default in facts.systems and facts.target in ships[1 - who]
            assert all(isinstance(n, str) and n for n in facts.systems.values())


def test_b10_a_users_commander_runs_uncompiled_and_its_series_rows_are_its_battles(
        fleets: tuple[BattleSide, BattleSide]) -> None:
    prepared = SUPPORT.prepare_battle(*fleets, Terms(pilots=(HUNT_REF, None)))
    columns = series(SUPPORT, prepared, 6, seed=11)
    assert columns.engine == "uncompiled"
    from shipyard.core.stream import derive_seed

    for i in range(6):
        told = fight_once(SUPPORT, prepared, derive_seed(11, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert (int(columns.winner[i]), columns.reason_names[columns.reason[i]],
                int(columns.rounds[i]), int(columns.damage_a[i]), int(columns.damage_b[i]),
                tuple(int(f) for f in columns.fates[i])) == (
            winner, told.outcome.reason, told.rounds, *told.damage, told.fates), i


def test_b10_the_bundled_commander_fights_on_the_command_line_in_battle_and_duel() -> None:
    run = shipyard("battle", UCM, SCOURGE, "--seed", "3", "--pilot-a", HUNT_REF)
    assert run.code == 0, run.err
    assert "commanded by" in run.out and "HuntCapitals" in run.out
    series_run = shipyard("battle", UCM, SCOURGE, "--runs", "20", "--pilot-b", HUNT_REF)
    assert series_run.code == 0 and "uncompiled" in series_run.out, series_run.err
    duel = shipyard("duel", JADES, BERLIN, "--seed", "3", "--pilot-a", HUNT_REF)
    assert duel.code == 0 and "Jade Frigates" in duel.out, duel.err


NONSENSE = '''class Muddled:
    def target(self, facts, default):
        return facts.asking


class Raising:
    def battlegroup(self, facts, default):
        return facts.battlegroups["Flag"]
'''


def test_b10_a_commanders_nonsense_or_exception_is_one_line_at_its_own_line(
        tmp_path: Path) -> None:
    mine = tmp_path / "mine.py"
    mine.write_text(NONSENSE, encoding="utf-8")
    run = shipyard("battle", UCM, SCOURGE, "--seed", "3", "--pilot-a", f"{mine}:Muddled")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert run.err.startswith(f"{mine}:2: ") and "target() answered '" in run.err, run.err
    assert "a whole number" in run.err and "give one of 0 (Harpy Frigate 1 (B))" in run.err
    run = shipyard("battle", UCM, SCOURGE, "--seed", "3", "--pilot-a", f"{mine}:Raising")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert run.err.startswith(f"{mine}:8: ") and "KeyError" in run.err, run.err


def test_b10_an_unusable_whole_number_keeps_the_default_as_r21_says(
        fleets: tuple[BattleSide, BattleSide], tmp_path: Path) -> None:
    """A place past the enemy's last ship, a battlegroup the side lacks, a system it lacks:
    the default commander's answer stands, so the battle is the default's."""
    mine = tmp_path / "far.py"
    mine.write_text("class Far:\n    def target(self, facts, default):\n        return 99\n"
                    "    def battlegroup(self, facts, default):\n        return -1\n"
                    "    def system(self, facts, default):\n        return 42\n",
                    encoding="utf-8")
    plain = SUPPORT.prepare_battle(*fleets, Terms())
    far = SUPPORT.prepare_battle(*fleets, Terms(pilots=(f"{mine}:Far", f"{mine}:Far")))
    assert _events(far, 2) == _events(plain, 2)


def test_b10_the_worked_example_in_the_docs_is_the_bundled_file() -> None:
    """docs/commands/battle.md shows the bundled commander as it is (its output is compared
    by tests/test_docs.py)."""
    page = (CATALOG.parents[1] / "docs" / "commands" / "battle.md").read_text(encoding="utf-8")
    shown = page.split("```python\n", 1)[1].split("```", 1)[0]
    assert shown == HUNT.read_text(encoding="utf-8")
    assert f"--pilot-a catalogs/dropfleet/commanders/{HUNT.name}:HuntCapitals" in page
