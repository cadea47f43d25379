"""Whole fights: seeded replays, the golden log, the cap, statistics against the exact odds."""

from __future__ import annotations

import math
from itertools import product
from pathlib import Path

import pytest

from shipyard.core.combat import Columns, FightResult, Terms, fight_once, series, summarise
from shipyard.systems.rogue_trader.combat import SUPPORT, fight
from shipyard.systems.rogue_trader.combat import rules as combat_rules
from shipyard.systems.rogue_trader.combat import ship as sh
from shipyard.systems.rogue_trader.combat.odds import volley, volley_dist
from shipyard.systems.rogue_trader.combat.state import Ship
from tests.systems.rogue_trader.fights import YARD, Bout, design

GOLDEN = Path(__file__).parent / "golden"


def run(a: str, b: str, seed: int, **terms: object) -> FightResult:
    prepared = SUPPORT.prepare(design(a), design(b), Terms(**terms))  # type: ignore[arg-type]
    return fight_once(SUPPORT, prepared, seed)


def narrated(result: FightResult) -> str:
    lines = [f"{e.round:>2} {e.phase:<10} {'  ' * e.depth}{e.text}" for e in result.events]
    return "\n".join(lines) + f"\n{result.outcome.reason}: {result.outcome.text}\n"


@pytest.mark.parametrize(("a", "b", "seed"), [("sword", "hazeroth", 3),
                                              ("ambition", "endeavour", 11),
                                              ("vagabond", "sword", 5)])
def test_the_same_seed_replays_the_same_fight(a: str, b: str, seed: int) -> None:
    first, second = run(a, b, seed), run(a, b, seed)
    assert [e.as_json() for e in first.events] == [e.as_json() for e in second.events]
    assert first.outcome == second.outcome and first.draws == second.draws
    assert narrated(run(a, b, seed + 1)) != narrated(first)


def test_golden_log() -> None:
    """The narrated fight for seed 3 on every machine (dice from the xoshiro128** stream)."""
    expected = (GOLDEN / "sword-hazeroth-seed-3.txt").read_text(encoding="utf-8")
    assert narrated(run("sword", "hazeroth", 3)) == expected


def test_golden_boarding_log() -> None:
    result = run("hazeroth", "vagabond", 2, crew=({"tactic": "board"}, {}), range=4)
    expected = (GOLDEN / "hazeroth-boards-vagabond-seed-2.txt").read_text(encoding="utf-8")
    assert narrated(result) == expected


def test_fights_always_end_and_the_cap_is_a_draw() -> None:
    result = run("sword", "hazeroth", 3, cap=2)
    assert result.rounds == 2 and result.outcome.reason == "cap"
    assert result.outcome.winner is None


def test_ships_without_weapons_take_it_to_the_boarders() -> None:
    # guns that cannot decide a fight send the default captain to board
    a = design("sword", weapons=[])
    b = design("hazeroth", weapons=[])
    prepared = SUPPORT.prepare(a, b, Terms(cap=20))
    result = fight_once(SUPPORT, prepared, 1)
    assert result.damage == (0, 0)
    assert any("locked in a boarding action" in e.text for e in result.events)


def test_the_default_captain_keeps_its_guns_on_the_enemy() -> None:
    # in `duel endeavour ambition --seed 11 --geometry abeam --range 5` 91 of 100
    # turns said "no weapon bears" and 98 of 99 turns were to starboard
    prepared = SUPPORT.prepare(design("endeavour"), design("ambition"),
                               Terms(geometry="abeam", range=5))
    result = fight_once(SUPPORT, prepared, 11)
    turns = [e for e in result.events if e.phase == "shooting" and e.depth == 1
             and (" fires " in e.text or "no weapon bears" in e.text)]
    blind = [e for e in turns if "no weapon bears" in e.text]
    assert len(blind) <= len(turns) / 2


@pytest.mark.compiled
def test_monte_carlo_is_the_same_for_the_same_seed_and_plausible() -> None:
    prepared = SUPPORT.prepare(design("ambition"), design("vagabond"), Terms())
    first = series(SUPPORT, prepared, 120, seed=9)
    again = series(SUPPORT, prepared, 120, seed=9)
    assert list(first.winner) == list(again.winner)
    assert list(first.damage_a) == list(again.damage_a)
    summary = summarise(prepared, first, 9)
    assert summary.wins[0].low > 0.6  # a veteran cruiser against an armed merchant
    assert all(r <= prepared.cap for r in first.rounds)


def _engine_volleys(a: str, b: str, gap: float, runs: int, seed: int) -> list[int]:
    out = []
    for i in range(runs):
        bout = Bout(a, b, seed=seed * 100_003 + i)
        bout.place(gap)
        before = bout.ship(1)[sh.HULL]
        bout.run(fight.shoot, 0)
        out.append(before - bout.ship(1)[sh.HULL])
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b", "gap"), [("hazeroth", "sword", 3.0),
                                             ("ambition", "endeavour", 8.0),  # fore: torpedoes (R9)
                                             ("endeavour", "hazeroth", 4.0)])
def test_the_engine_agrees_with_the_exact_odds(a: str, b: str, gap: float) -> None:
    report = volley(design(a), design(b), Terms(range=int(gap)))
    dist = {p.value: p.chance for p in report.distributions[0].points}
    mean = sum(k * v for k, v in dist.items())
    sd = math.sqrt(sum(v * (k - mean) ** 2 for k, v in dist.items()))
    runs = 3000
    lost = _engine_volleys(a, b, gap, runs, seed=17)
    assert abs(sum(lost) / runs - mean) <= 4 * sd / math.sqrt(runs) + 1e-9
    p0 = dist.get(0, 0.0)
    assert abs(lost.count(0) / runs - p0) <= 4 * math.sqrt(p0 * (1 - p0) / runs) + 1e-9


@pytest.mark.slow
def test_odds_are_exact_against_every_scripted_outcome() -> None:
    """Enumerate the d100s (one roll per outcome class) and every damage die, through the
    rules themselves, and compare with the odds' distribution."""
    probe = Bout("hazeroth", "sword")
    specs = probe.prepared.told.specs
    attacker, target = (Ship.fresh(spec, side, (0.0, 0.0), 0) for side, spec in enumerate(specs))
    guns = list(attacker.spec.guns)
    catalog = YARD.catalog(YARD.system("rogue-trader"))
    expected, _ = volley_dist(attacker, target, guns, 0, catalog)
    classes = []
    for part in guns:
        gun = part.gun
        assert gun is not None
        by_class: dict[tuple[int, bool], list[int]] = {}
        for rolled in range(1, 101):
            target_no = attacker.ballistic_skill + gun.to_hit
            hits = combat_rules.hits(target_no, rolled, gun.strength, gun.step)
            crit = (gun.crit is not None and rolled <= target_no
                    and combat_rules.degrees(target_no, rolled) >= gun.crit)
            by_class.setdefault((hits, crit), []).append(rolled)
        classes.append([(rolls[0], len(rolls) / 100) for rolls in by_class.values()])
    found: dict[int, float] = {}
    for choice in product(*classes):
        weight = math.prod(w for _, w in choice)
        rolls = [r for r, _ in choice]
        probe = Bout("hazeroth", "sword", rolls + [1] * 20)
        probe.place(3)
        probe.run(fight.shoot, 0)
        dice_needed = [s for s in probe.asked[len(rolls):] if s == 10]
        for faces in product(range(1, 11), repeat=len(dice_needed)):
            bout = Bout("hazeroth", "sword", rolls + list(faces) + [1] * 5)
            bout.place(3)
            bout.run(fight.shoot, 0)
            lost = 35 - bout.ship(1)[sh.HULL]
            found[lost] = found.get(lost, 0.0) + weight / 10 ** len(faces)
    capped: dict[int, float] = {}
    for value, p in expected.items():
        capped[min(value, 35)] = capped.get(min(value, 35), 0.0) + p
    assert set(found) == set(capped)
    for value in found:
        assert found[value] == pytest.approx(capped[value], abs=1e-12)


def test_one_salvo_of_the_ambitions_prow_tubes_rarely_cripples_the_endeavour() -> None:
    # the bar for R9: at most 15% of volleys (30% when a salvo's damage was summed)
    report = volley(design("ambition"), design("endeavour"), Terms(range=8))
    assert report.notes[0] == "the fore arc: Mars-pattern Torpedo Tubes (prow)"
    crippled = next(c for c in report.chances if c.label.startswith("Crippled"))
    assert crippled.chance <= 0.15



@pytest.mark.compiled
def test_the_captains_memo_kept_from_chunk_to_chunk_changes_no_fight(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the remembered manoeuvres are a cache of a pure function: each compiled thread keeps its
    # copy from chunk to chunk (chunks of 64 here, so 16 chunks on one or two threads meet
    # situations earlier chunks remembered), and every row is still the fight of its seed by
    # a captain who remembers nothing and searches every manoeuvre, compiled and narrated
    from shipyard.core import compiled
    from shipyard.core.stream import derive_seed

    def rows(columns: Columns) -> list[tuple[int, ...]]:
        assert columns.engine == "compiled"
        return list(zip(*(getattr(columns, k).tolist() for k in
                          ("winner", "rounds", "damage_a", "damage_b")), strict=True))

    prepared = SUPPORT.prepare(design("endeavour"), design("hazeroth"),
                               Terms(geometry="crossing"))
    forgetful = prepared._replace(state=prepared.state._replace(memo_slots=0))
    fresh = rows(compiled.run_series(SUPPORT.rules(), forgetful, 1024, 3, workers=1))
    monkeypatch.setattr(compiled, "COMPILED_CHUNK", 64)
    for workers in (1, 2):
        assert rows(compiled.run_series(SUPPORT.rules(), prepared, 1024, 3,
                                        workers=workers)) == fresh
    for i, row in enumerate(fresh[:16]):
        told = fight_once(SUPPORT, forgetful, derive_seed(3, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert row == (winner, told.rounds, *told.damage), i
