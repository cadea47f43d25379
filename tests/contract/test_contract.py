"""The contract every registered rules system keeps, whoever wrote it.

A new system gets all of this by registering: its examples are legal and show, `new` is legal
for every hull it offers, its schema accepts its examples, its paper fits the page on both paper
sizes and prints the same bytes twice, its `bad/` designs fail with exactly the lines of its
golden file, and its fights end, replay from their seed and end for declared reasons.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from shipyard.core import pdf, render
from shipyard.core.combat import fight_once, series
from shipyard.core.options import Terms
from shipyard.core.registry import system_ids
from shipyard.core.stream import derive_seed
from shipyard.core.system import AnyDesign, AnySystem
from shipyard.core.yard import Yard
from tests.cli import shipyard

ROOT = Path(__file__).resolve().parent.parent.parent
SYSTEMS = list(system_ids())
PX = 96 / 25.4  # CSS px per mm
GOLDEN = "expected.txt"


@pytest.fixture(scope="module")
def yard() -> Yard:
    return Yard()


def examples(system: AnySystem) -> list[Path]:
    return sorted((system.catalog_dir() / "examples").glob("*.yaml"))


def design(yard: Yard, path: Path) -> AnyDesign:
    report = yard.check(path)
    assert report.design is not None, report.errors
    return report.design


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_examples_are_legal_and_show(yard: Yard, system_id: str) -> None:
    system = yard.system(system_id)
    found = examples(system)
    assert found, f"{system_id} bundles no examples in {system.catalog_dir() / 'examples'}"
    for path in found:
        report = yard.check(path)
        assert report.legal, (path, [d.render() for d in report.errors])
        assert report.system == system_id and report.budgets
        assert report.design is not None and system.profile(report.design)
    assert shipyard("show", found[0]).code == 0


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_new_is_legal_for_every_hull_and_stock_ship(yard: Yard, system_id: str,
                                                     tmp_path: Path) -> None:
    system = yard.system(system_id)
    catalog = yard.catalog(system)
    starts = [(hull, None) for hull in [None, *system.hull_ids(catalog)]]
    starts += [(None, stock) for stock in system.stock_ids(catalog)]
    for i, (hull, stock) in enumerate(starts):
        path = tmp_path / f"new-{i}.yaml"
        path.write_text(yaml.safe_dump(system.new_design(catalog, hull, stock), sort_keys=False))
        report = yard.check(path)
        assert report.legal, (hull, stock, [d.render() for d in report.errors])


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_schema_accepts_every_example(system_id: str) -> None:
    run = shipyard("schema", system_id)
    assert run.code == 0
    schema = json.loads(run.out)
    for path in examples(Yard().system(system_id)):
        jsonschema.validate(yaml.safe_load(path.read_text()), schema)


def content_boxes(document: Any, page: int) -> list[Any]:
    page_box = document.pages[page]._page_box
    return [box for root in page_box.children if root.element_tag == "html"
            for box in root.descendants()]


def assert_inside_the_page(page: render.Page, paper: str) -> None:
    document = pdf.layout(page, paper)
    width = render.PAPERS[paper].width_mm * PX
    height = render.PAPERS[paper].height_mm * PX
    for number in range(len(document.pages)):
        for box in content_boxes(document, number):
            x, y = box.position_x, box.position_y
            assert x >= -0.01 and x + box.margin_width() <= width + 0.01, (paper, number, box)
            assert y >= -0.01 and y + box.margin_height() <= height + 0.01, (paper, number, box)


@pytest.mark.parametrize("system_id", SYSTEMS)
@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
def test_sheets_and_cards_fit_the_page_and_print_the_same_bytes_twice(
        yard: Yard, system_id: str, paper: str) -> None:
    system = yard.system(system_id)
    first = design(yard, examples(system)[0])
    report = yard.judge(first)
    pages = [render.Page(system.sheet(first, report.budgets)),
             render.Page(system.cards(yard.catalog(system))),
             render.Page(system.cards(yard.catalog(system), simulator=True))]
    for page in pages:
        assert_inside_the_page(page, paper)
    once = pdf.book(pages, paper, "contract")
    assert once == pdf.book(pages, paper, "contract")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_bad_designs_fail_with_the_golden_lines(system_id: str) -> None:
    folder = Yard().system(system_id).catalog_dir() / "bad"
    files = sorted(p.name for p in folder.glob("*.yaml"))
    assert files, f"{system_id} has no bad/ designs in {folder}"
    expected = (folder / GOLDEN).read_text(encoding="utf-8").splitlines()
    run = shipyard("validate", *files, cwd=folder)
    assert run.code in (1, 2)
    assert run.err.splitlines() == expected
    for name in files:  # every wrong design is caught, not only some
        assert any(line.startswith(f"{name}:") for line in expected), name


def fighters(yard: Yard, system: AnySystem) -> tuple[AnyDesign, AnyDesign]:
    found = examples(system)
    return design(yard, found[0]), design(yard, found[min(1, len(found) - 1)])


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_duel_ends_replays_from_its_seed_and_ends_for_a_declared_reason(
        yard: Yard, system_id: str) -> None:
    system = yard.system(system_id)
    if system.fight_options is None:
        pytest.skip(f"{system_id} has no combat yet")
    declared = system.fight_options.reasons()
    a, b = fighters(yard, system)
    support = system.fight()
    prepared = support.prepare(a, b, Terms())
    first = fight_once(support, prepared, seed=11)
    again = fight_once(support, prepared, seed=11)
    assert first.events == again.events and first.outcome == again.outcome
    assert 1 <= first.rounds <= prepared.cap
    assert first.outcome.reason in declared
    columns = series(support, prepared, 40, seed=5, engine="plain")
    reasons = {columns.reason_names[i] for i in columns.reason}
    assert reasons <= set(declared), reasons - set(declared)


def on_the_pattern(yard: Yard, system_id: str) -> tuple[Any, Any]:
    system = yard.system(system_id)
    if system.fight_options is None:
        pytest.skip(f"{system_id} has no combat yet")
    support = system.fight()
    a, b = fighters(yard, system)
    return support, support.prepare(a, b, Terms())


def row(columns: Any, i: int) -> tuple[Any, ...]:
    return (int(columns.winner[i]), columns.reason_names[columns.reason[i]],
            int(columns.rounds[i]), int(columns.damage_a[i]), int(columns.damage_b[i]))


def assert_the_narrated_duels(support: Any, prepared: Any, columns: Any, seed: int) -> None:
    for i in range(len(columns.winner)):
        told = fight_once(support, prepared, derive_seed(seed, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert row(columns, i) == (winner, told.outcome.reason, told.rounds, *told.damage), i


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_fight_of_an_uncompiled_series_is_the_narrated_duel_of_its_seed(
        yard: Yard, system_id: str) -> None:
    """The developer's loop: 30 fights (the compiled tier's test below plays 200 each way)."""
    support, prepared = on_the_pattern(yard, system_id)
    assert_the_narrated_duels(support, prepared, series(support, prepared, 30, seed=31,
                                                        engine="plain"), 31)


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_fight_of_a_series_is_the_narrated_duel_of_its_seed(
        yard: Yard, system_id: str) -> None:
    support, prepared = on_the_pattern(yard, system_id)
    compiled = series(support, prepared, 200, seed=31)
    plain = series(support, prepared, 200, seed=31, engine="plain")
    assert compiled.engine == "compiled"
    assert_the_narrated_duels(support, prepared, compiled, 31)
    assert [row(plain, i) for i in range(200)] == [row(compiled, i) for i in range(200)]
    assert compiled.draws == plain.draws


SUMMARY = """
import sys
{block}
from shipyard.core.combat import series, summarise
from shipyard.core.options import Terms
from shipyard.core.yard import Yard
from tests.contract.test_contract import fighters
yard = Yard()
system = yard.system({system!r})
a, b = fighters(yard, system)
prepared = system.fight().prepare(a, b, Terms())
s = summarise(prepared, series(system.fight(), prepared, 200, seed=8, engine={engine!r}), 8)
print(s.engine, s.wins[0].count, s.wins[1].count, s.reasons, s.rounds, s.damage, s.draws,
      s.examples)
"""
# the one way the tests make Numba unimportable, as on a machine without it
BLOCK_NUMBA = """
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "numba" or name.startswith("numba."):
            raise ImportError("numba blocked for this test")
sys.meta_path.insert(0, Block())
"""


def summary(system_id: str, block: str = "", engine: str = "auto", **env: str) -> list[str]:
    """A series' summary, in a process of its own: its engine, then the rest."""
    done = subprocess.run(
        [sys.executable, "-c", SUMMARY.format(block=block, system=system_id, engine=engine)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, **env}, check=True)
    return done.stdout.split(" ", 1)


@pytest.mark.slow
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_series_is_the_same_uncompiled_without_numba_and_with_the_jit_off(
        yard: Yard, system_id: str) -> None:
    """Three ways to the same series: where Numba cannot be imported (the plain engine, as
    after `pip install shipyard` without the fast extra), with NUMBA_DISABLE_JIT (the compiled
    engine's own code run as Python) and the plain engine asked for; the compiled engine is
    the narrated duel fight for fight (the test above, in the compiled tier)."""
    on_the_pattern(yard, system_id)
    plain = summary(system_id, engine="plain")
    assert summary(system_id, BLOCK_NUMBA) == plain
    assert summary(system_id, NUMBA_DISABLE_JIT="1") == ["compiled", plain[1]]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_bundled_fleets_are_legal_show_and_print(yard: Yard, system_id: str,
                                                 tmp_path: Path) -> None:
    system = yard.system(system_id)
    fleets = sorted((system.catalog_dir() / "fleets").glob("*.yaml"))
    if system.price_unit is None and not fleets:  # its fleets would list ships with counts
        pytest.skip(f"{system_id} ships have no price, and it bundles no fleet")
    assert fleets, f"{system_id} prices its ships but bundles no example fleet"
    for path in fleets:
        report = yard.check(path)
        assert report.legal and report.fleet is not None, [d.render() for d in report.errors]
        assert shipyard("show", path).code == 0
    out = tmp_path / "fleet.pdf"
    assert shipyard("sheet", fleets[0], "-o", out).code == 0


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_help_system_lists_only_the_end_reasons_the_system_produces(
        yard: Yard, system_id: str) -> None:
    from tests.cli import shipyard

    system = yard.system(system_id)
    if system.fight_options is None:
        pytest.skip(f"{system_id} has no combat yet")
    produced = {name for _, name in system.fight().rules().ends.values()}
    run = shipyard("duel", "--help-system", system_id)
    listed = next(line for line in run.out.splitlines() if "end reasons:" in line)
    assert set(listed.split(":", 1)[1].replace(" ", "").split(",")) == produced


# --- battles: every system that declares them -----------------------------------------------


def battling(yard: Yard, system_id: str) -> AnySystem:
    system = yard.system(system_id)
    if system.fight_options is None or system.fight_options.battle is None:
        pytest.skip(f"{system_id} declares no battles")
    return system


def battle_sides(yard: Yard, system: AnySystem) -> tuple[Any, Any]:
    """The first and last bundled fleets (one twice if it bundles one), as `battle` reads
    them."""
    from shipyard.core.pattern import BattleSide

    fleets = sorted((system.catalog_dir() / "fleets").glob("*.yaml"))
    assert fleets, f"{system.id} declares battles but bundles no fleet"
    return BattleSide.of(yard.check(fleets[0]), "A"), BattleSide.of(yard.check(fleets[-1]), "B")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_battle_of_one_design_a_side_is_the_duel(yard: Yard, system_id: str) -> None:
    from shipyard.core.pattern import BattleSide
    from shipyard.core.recorder import Recorder
    from shipyard.core.stream import new_stream

    system = battling(yard, system_id)
    support = system.fight()
    a, b = fighters(yard, system)
    duel = support.prepare(a, b, Terms())
    battle_options = {o.name for o in system.fight_options.battle or ()}
    terms = Terms(cap=duel.cap) if "cap" in battle_options else Terms()
    duel = support.prepare(a, b, terms)
    battle = support.prepare_battle(BattleSide.one(a, "A", system.ships_in(a)),
                                    BattleSide.one(b, "B", system.ships_in(b)), terms)
    rules = support.rules()
    for seed in range(50):
        told = []
        for prepared in (duel, battle):
            rec = Recorder()
            told.append((rules.play(prepared.state, new_stream(seed), rec), rec.events))
        assert told[0] == told[1], seed


def assert_the_narrated_battles(support: Any, prepared: Any, columns: Any, seed: int,
                                reasons: set[str]) -> None:
    declared = support.rules().fate_names()  # crippled only where the rules declare crippling
    for i in range(len(columns.winner)):
        told = fight_once(support, prepared, derive_seed(seed, i))
        assert len(told.fates) == len(prepared.ships) and set(told.fates) <= set(declared)
        assert told.outcome.reason in reasons
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        expected = (winner, told.outcome.reason, told.rounds, *told.damage, told.fates)
        assert (*row(columns, i), tuple(int(f) for f in columns.fates[i])) == expected, i


@pytest.mark.parametrize("engine", [
    pytest.param("auto", marks=[pytest.mark.compiled, pytest.mark.slow]), "plain"])
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_battle_of_a_series_is_the_narrated_battle_of_its_seed(
        yard: Yard, system_id: str, engine: str) -> None:
    """60 battles compiled and 60 uncompiled; 10 uncompiled in the developer's loop."""
    system = battling(yard, system_id)
    support = system.fight()
    prepared = support.prepare_battle(*battle_sides(yard, system), Terms())
    assert prepared.ships and all(s.name.endswith((" (A)", " (B)")) for s in prepared.ships)
    reasons = set(system.fight_options.reasons())
    runs = 60 if engine == "auto" else 10
    plain = series(support, prepared, runs, seed=13, engine="plain")
    assert_the_narrated_battles(support, prepared, plain, 13, reasons)
    if engine == "auto":  # the compiled battles are the uncompiled ones, fates included
        compiled = series(support, prepared, runs, seed=13)
        assert compiled.engine == "compiled"
        assert [(*row(compiled, i), *compiled.fates[i].tolist()) for i in range(runs)] == [
            (*row(plain, i), *plain.fates[i].tolist()) for i in range(runs)]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_battle_json_meets_the_published_schema_or_battle_refuses(
        yard: Yard, system_id: str) -> None:
    from shipyard.cli.battle import schema

    system = yard.system(system_id)
    if system.fight_options is None or system.fight_options.battle is None:
        a, b = examples(system)[:2] if len(examples(system)) > 1 else examples(system) * 2
        run = shipyard("battle", a, b)
        assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
        return
    fleets = sorted((system.catalog_dir() / "fleets").glob("*.yaml"))
    run = shipyard("battle", fleets[0], fleets[-1], "--runs", "100", "--seed", "3", "--json",
                   "--engine", "plain")  # the compiled engine's rows are the same (above)
    assert run.code == 0, run.err
    jsonschema.validate(run.json(), schema())
    narrated = shipyard("battle", fleets[0], fleets[-1], "--seed", "3", "--json").json()
    assert len(narrated["ships"]) == len(run.json()["ships"])


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_battle_takes_a_users_commander_only_where_the_system_declares_one(
        yard: Yard, system_id: str, tmp_path: Path) -> None:
    system = battling(yard, system_id)
    declared = system.fight_options.battle_pilot
    listed = shipyard("battle", "--help-system", system_id).out
    assert ("battle --pilot-a" in listed) == (declared is not None), listed
    if declared is not None:
        return  # the system's own tests fight with a user's commander
    fleets = sorted((system.catalog_dir() / "fleets").glob("*.yaml"))
    mine = tmp_path / "mine.py"
    mine.write_text("class Mine:\n    pass\n")
    run = shipyard("battle", fleets[0], fleets[-1], "--pilot-a", f"{mine}:Mine")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert "default commander only" in run.err, run.err


# --- the side listed first must not matter (issue 38) ----------------------------------------

SWAP_RUNS = 10_000  # a series each way: a lean of 2.5 points between the ways is |z| ≈ 3.5
SWAP_Z = 4.0  # the seeds are fixed, so a pass never flakes; a true lean of 4 points fails


def _bundled_side(yard: Yard, path: Path, tag: str) -> Any:
    from shipyard.core.pattern import BattleSide

    return BattleSide.of(yard.check(path), tag)


def _outcomes(yard: Yard, system: AnySystem, a: Path, b: Path) -> tuple[int, int, int]:
    """Side A's wins, side B's wins and battles with no winner, SWAP_RUNS battles of a against
    b, compiled."""
    import numpy as np

    support = system.fight()
    prepared = support.prepare_battle(_bundled_side(yard, a, "A"), _bundled_side(yard, b, "B"),
                                      Terms())
    winner = np.asarray(series(support, prepared, SWAP_RUNS, seed=38).winner)
    return int((winner == 0).sum()), int((winner == 1).sum()), int((winner == -1).sum())


def _z(x: int, y: int, n: int) -> float:
    """Two shares of n battles each, x/n against y/n: their difference over its standard error
    (the pooled share's); 0 when both are none or all."""
    pooled = (x + y) / (2 * n)
    spread = (pooled * (1 - pooled) * 2 / n) ** 0.5
    return 0.0 if spread == 0 else (x - y) / n / spread


def swap_figures(yard: Yard, system: AnySystem) -> list[tuple[str, str, tuple[int, ...],
                                                               tuple[int, ...], float]]:
    """Every ordered pair of the system's bundled fleets both ways, and each fleet against
    itself: (a, b, (A, B, no winner) of `battle a b`, the same of `battle b a`, the largest
    |z| between what swapping should keep: a fleet's wins as side A and as side B, the
    no-winner share; against itself, side A's wins and side B's)."""
    fleets = sorted((system.catalog_dir() / "fleets").glob("*.yaml"))
    rows = []
    for i, a in enumerate(fleets):
        for b in fleets[i:]:
            first = _outcomes(yard, system, a, b)
            if a == b:
                wins = first[0] + first[1]
                z = 0.0 if wins == 0 else (first[0] - first[1]) / wins ** 0.5
                rows.append((a.stem, b.stem, first, first, abs(z)))
                continue
            second = _outcomes(yard, system, b, a)
            z = max(abs(_z(first[0], second[1], SWAP_RUNS)),  # a's wins, as A and as B
                    abs(_z(first[1], second[0], SWAP_RUNS)),  # b's wins, as B and as A
                    abs(_z(first[2], second[2], SWAP_RUNS)))  # no winner, both ways
            rows.append((a.stem, b.stem, first, second, z))
    return rows


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_swapping_the_sides_mirrors_the_result(yard: Yard, system_id: str) -> None:
    """`battle X Y` and `battle Y X` tell the same story with the sides' letters swapped, and a
    fleet against itself is even, within noise (|z| < 4 over 10,000 battles each way), for
    every pairing of the system's bundled fleets: a rule that breaks a tie by the map, or gives
    it to side A, shows here (smallcraft's hex ties leaned up to 13 points, traveller's
    initiative ties 5)."""
    system = battling(yard, system_id)
    leaning = [row for row in swap_figures(yard, system) if row[4] >= SWAP_Z]
    assert not leaning, leaning


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_system_that_keeps_tracks_at_the_table_marks_them_on_its_sheets(
        system_id: str) -> None:
    """`GameRules.marked` prints a sheet as printed where the rules keep no tracks; a system
    whose game file keeps damage must cross it on its sheets (`sheet GAME`)."""
    from shipyard.core.game import GameRules, NoTracks
    from shipyard.core.registry import load_system

    system = load_system(system_id)
    assert system is not None
    rules = system.game_rules()
    if rules.state_model is not NoTracks:
        assert type(rules).marked is not GameRules.marked, system_id
