"""The duel of two groups: the stock pairing narrated and in series, every stock ship in a
duel, the series row by row against the narrated duel (compiled, uncompiled, without Numba),
one volley's exact odds against the rules' own dice, the options and a user's commander."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shipyard.api import Terms, UserError
from shipyard.core.combat import fight_once, series, summarise
from shipyard.core.stream import derive_seed, new_stream
from shipyard.core.yard import Yard
from shipyard.systems.dropfleet.combat import SUPPORT, volley_odds
from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.commander import count, sysf
from shipyard.systems.dropfleet.combat.volley import volley
from tests.cli import shipyard
from tests.systems.dropfleet.conftest import catalog
from tests.systems.dropfleet.duel_kit import duel, line, stat, state, stock

ROOT = Path(__file__).resolve().parents[3]
DUELS = ROOT / "catalogs" / "dropfleet" / "duels"
JADES, BERLIN = DUELS / "jade-frigates.yaml", DUELS / "berlin.yaml"


@pytest.fixture(scope="module")
def pairing() -> tuple[Any, Any]:
    yard = Yard()
    a, b = (yard.check(path).design for path in (JADES, BERLIN))
    assert a is not None and b is not None
    return a, b


def test_three_jade_frigates_against_a_berlin_cruiser_narrated(pairing: Any) -> None:
    prepared = SUPPORT.prepare(*pairing, Terms())
    assert prepared.names == ("Jade Frigates (x3)", "Berlin Cruiser")
    told = fight_once(SUPPORT, prepared, 3)
    text = "\n".join(e.text for e in told.events)
    for seen in ("raises its shields", "Particle Lance", "critical", "crippling damage",
                 "catastrophic damage"):
        assert seen in text, seen
    assert told.outcome.reason == "destroyed"


@pytest.mark.compiled
def test_each_side_wins_at_least_one_in_a_hundred(pairing: Any) -> None:
    prepared = SUPPORT.prepare(*pairing, Terms())
    summary = summarise(prepared, series(SUPPORT, prepared, 10_000, seed=1), 1)
    assert summary.wins[0].rate >= 0.01 and summary.wins[1].rate >= 0.01, summary.wins
    assert summary.reasons["none"].keys() <= {"both-lost", "cap"}


def test_every_stock_ship_fights_a_seeded_duel() -> None:
    yard = Yard()
    berlin = stock(yard, "berlin-cruiser")
    for i, ship_id in enumerate(catalog().stock.ids()):
        ship = catalog().stock_ship(ship_id)
        assert ship is not None
        mine = stock(yard, ship_id, ship.group[1])
        for a, b in ((mine, berlin), (berlin, mine)):
            result = fight_once(SUPPORT, SUPPORT.prepare(a, b, Terms()), 1000 + i)
            assert result.outcome.reason in ("destroyed", "both-lost", "harmless", "cap")
    assert i + 1 == 157


def test_dreadnoughts_fire_two_systems_and_alt_lines_are_one_choice() -> None:
    from shipyard.api import Recorder

    yard = Yard()
    dread = next(x.id for x in catalog().stock if x.has("Dreadnought"))
    # broadside: a Remus's one glaive battery and its drone hive bear (its cannon bombards)
    prepared = SUPPORT.prepare(stock(yard, dread), stock(yard, "berlin-cruiser"),
                               Terms(geometry="broadside"))
    p = prepared.state
    rec = Recorder()
    r.play(p, new_stream(5), rec)
    fires = [e for e in rec.events or [] if e[0] in (s.EV_FIRE, s.EV_TURN, s.EV_ROUNDUP)]
    pairs = [(a[2], b[2]) for a, b in itertools.pairwise(fires)
             if a[0] == b[0] == s.EV_FIRE and a[1] == b[1] == 0]
    assert pairs, "the Dreadnought never fired twice in an activation"
    for first, second in pairs:
        alt = sysf(p, 0, 1, first, s.Y_ALT)  # the Dreadnought's systems against the Berlin
        assert first != second
        assert alt == 0 or alt != sysf(p, 0, 1, second, s.Y_ALT)


def rows(columns: Any, i: int) -> tuple[Any, ...]:
    return (int(columns.winner[i]), columns.reason_names[columns.reason[i]],
            int(columns.rounds[i]), int(columns.damage_a[i]), int(columns.damage_b[i]))


@pytest.mark.parametrize("engine", [pytest.param("auto", marks=pytest.mark.compiled), "plain"])
def test_series_rows_are_the_narrated_duels_of_their_seeds(pairing: Any, engine: str) -> None:
    prepared = SUPPORT.prepare(*pairing, Terms())
    runs = 200 if engine == "auto" else 20  # uncompiled, in the developer's loop
    columns = series(SUPPORT, prepared, runs, seed=9, engine=engine)
    assert columns.engine == ("compiled" if engine == "auto" else "uncompiled")
    for i in range(runs):
        told = fight_once(SUPPORT, prepared, derive_seed(9, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert rows(columns, i) == (winner, told.outcome.reason, told.rounds, *told.damage)
    if engine == "auto":  # and the uncompiled series, fight for fight
        plain = series(SUPPORT, prepared, runs, seed=9, engine="plain")
        assert [rows(plain, i) for i in range(runs)] == [rows(columns, i) for i in range(runs)]


def test_a_narrated_duel_imports_neither_numpy_nor_numba() -> None:
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "shipyard", "duel",
                           str(JADES), str(BERLIN), "--seed", "1"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
                if "|" in line}
    assert "numpy" not in imported and "numba" not in imported


# --- one volley: exact odds, and the rules' dice against them ---------------------------------


def test_odds_of_a_particle_lance_are_exact(pairing: Any) -> None:
    jades, berlin = pairing
    report = volley_odds(jades, berlin, Terms())
    lance = next(d for d in report.distributions if "Particle Lance" in d.name)
    # Lock 3+: 4 in 6 hit, every hit critical (R8), 2 damage, the Berlin has no Passive save
    assert {p.value: round(p.chance, 12) for p in lance.points} == {0: round(1 / 3, 12),
                                                                   2: round(2 / 3, 12)}
    assert report.exact


def test_odds_with_shields_up_and_point_defence(pairing: Any) -> None:
    jades, berlin = pairing
    up = volley_odds(berlin, jades, Terms(rules={"shields": "up"}))
    down = volley_odds(berlin, jades, Terms(rules={"shields": "down"}))
    sharks_up = next(d for d in up.distributions if "Shark" in d.name)
    sharks_down = next(d for d in down.distributions if "Shark" in d.name)
    # shields up: the Jade's PD is 0 (D3) but its 4+ Passive save beats the 5+ Armour
    assert sharks_up.mean != sharks_down.mean
    assert abs(sum(p.chance for p in sharks_up.points) - 1) < 1e-12


@pytest.mark.parametrize(("weapon", "target", "shields"), [
    (line(lock=4, attack=5, ca=1), stat(hull=30, armour=5, passive=4, pd=6, shields=1), 0),
    (line(lock=3, attack=2, burn=6), stat(hull=30, armour=3), 0),
    (line(lock=3, attack=2, damage=2, crit_on=0), stat(hull=30, armour=5, passive=4,
                                                       shields=1), 1),
])
def test_the_rules_dice_meet_the_exact_odds_of_one_volley(
        weapon: list[int], target: list[int], shields: int) -> None:
    p = duel(stat(hull=30), target, weapons=([weapon], [line()]))
    st0 = state(p)
    st0[1 * s.NF + s.S_SHIELDS] = shields
    normal, crit = r.save_needs(p, st0, 1, 0)
    exact = volley([weapon], r.point_defence(p, st0, 1), normal, crit)[2]
    n = 20_000
    seen: dict[int, int] = {}
    for seed in range(n):
        st = st0.copy()
        r.fire_system(p, st, new_stream(seed), None, 0, 0, 0, 1)
        lost = 30 - st[1 * s.NF + s.S_HULL]
        seen[lost] = seen.get(lost, 0) + 1
    for value, chance in exact.items():
        sd = (chance * (1 - chance) / n) ** 0.5
        assert abs(seen.get(value, 0) / n - chance) <= 4.5 * sd + 1e-9, (value, chance)
    assert set(seen) <= {v for v, c in exact.items() if c > 0}


# --- options and a user's commander -------------------------------------------------------------


def test_long_range_silences_close_action_and_the_geometry_picks_arcs(pairing: Any) -> None:
    close = SUPPORT.prepare(*pairing, Terms(range="close")).state
    far = SUPPORT.prepare(*pairing, Terms(range="long")).state

    def bears(p: s.Params, side: int) -> list[int]:
        against = side * p.units + 1 - side  # the side's lines as read against the other
        return [p.data[p.o_lines + (against * p.lmax + i) * s.NL + s.L_BEARS]
                for i in range(p.lmax)]
    assert bears(close, 1)[:4] == [1, 1, 1, 1]  # Berlin: laser, two turrets, sharks
    assert bears(far, 1)[:4] == [1, 1, 1, 0]
    broad = SUPPORT.prepare(*pairing, Terms(geometry="broadside")).state
    assert bears(broad, 1)[0] == 0 and bears(broad, 1)[3] == 1  # no F(N) laser; sharks
    assert bears(broad, 1)[1] + bears(broad, 1)[2] == 1  # one side's turret
    chased = SUPPORT.prepare(*pairing, Terms(geometry="pursuit")).state
    assert bears(chased, 1)[:4] == [0, 0, 0, 1]  # only F/S/R bears astern


def test_group_size_and_layer_options(pairing: Any) -> None:
    p = SUPPORT.prepare(*pairing, Terms(crew=({"ships": 2}, {"ships": 2}),
                                        rules={"layer": "low"})).state
    assert (count(p, 0), count(p, 1)) == (2, 2)
    assert state(p)[s.S_LAYER] == s.LOW


COMMANDER = """
class Stubborn:
    def shields(self, facts, default):
        return 0
    def target(self, facts, default):
        return 2
"""


def test_a_users_commander_answers_uncompiled(pairing: Any, tmp_path: Path) -> None:
    path = tmp_path / "mine.py"
    path.write_text(COMMANDER, encoding="utf-8")
    terms = Terms(pilots=(f"{path}:Stubborn", None))
    prepared = SUPPORT.prepare(*pairing, terms)
    assert not prepared.batchable
    told = fight_once(SUPPORT, prepared, 3)
    assert not any("raises its shields" in e.text for e in told.events)
    assert series(SUPPORT, prepared, 20, seed=1).engine == "uncompiled"
    with pytest.raises(UserError):
        SUPPORT.prepare(*pairing, Terms(pilots=(f"{path}:Nobody", None)))


def test_duel_and_odds_on_the_command_line() -> None:
    run = shipyard("duel", JADES, BERLIN, "--seed", "3", "--range", "long")
    assert run.code == 0 and "Close Action weapons" not in run.out
    bad = shipyard("duel", JADES, BERLIN, "--range", "far")
    assert bad.code == 2 and "close" in bad.err
    odds = shipyard("odds", JADES, BERLIN)
    assert odds.code == 0 and "Particle Lance" in odds.out


def test_the_commander_finishes_the_weakest() -> None:
    from shipyard.systems.dropfleet.combat.commander import pick_target

    p = duel(stat(hull=8), stat(hull=4), (1, 3))
    st = state(p)
    for place, hull in enumerate((4, 2, 3)):
        st[(3 + place) * s.NF + s.S_HULL] = hull
    assert pick_target(p, st, 0) == 4
    st[4 * s.NF + s.S_ALIVE] = 0
    assert pick_target(p, st, 0) == 5


def test_bombardment_fires_at_no_ship() -> None:
    yard = Yard()
    prepared = SUPPORT.prepare(stock(yard, "madrid-cruiser"), stock(yard, "berlin-cruiser"),
                               Terms())
    p = prepared.state
    lines = prepared.told.lines[0]
    for i, name in enumerate(lines):
        bears = p.data[p.o_lines + (1 * p.lmax + i) * s.NL + s.L_BEARS]  # A's against B
        assert bears == (0 if "Bombardment" in name else 1), name


def test_launch_assets_stay_out() -> None:
    yard = Yard()
    carrier = stock(yard, "baleares-pocket-carrier")
    assert carrier.built.launch and not carrier.built.weapons
    result = fight_once(SUPPORT, SUPPORT.prepare(carrier, carrier, Terms()), 1)
    assert result.outcome.reason == "harmless" and result.outcome.winner is None
