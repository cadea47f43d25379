"""A rules system from elsewhere: a toy written only against shipyard.api, installed as its own
distribution (a .dist-info folder on PYTHONPATH, as pip would leave it), with its own catalog and
template folders; and entry points that are broken in each way a third party's can be."""

from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.contract import test_contract as contract

TOY = Path(__file__).resolve().parent / "toy"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    shutil.copytree(TOY, folder, dirs_exist_ok=True)
    return folder


def run(site: Path, *args: str | Path, cwd: Path | None = None,
        **extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site), **extra}
    return subprocess.run([sys.executable, "-m", "shipyard", *map(str, args)], env=env,
                          capture_output=True, text=True, cwd=cwd or site, timeout=120)


def test_broken_entry_points_cost_one_line_each_and_the_rest_are_listed(site: Path) -> None:
    done = run(site, "systems")
    assert done.returncode == 0, done.stderr
    for system_id in ("toy", "smallcraft", "rogue-trader"):
        assert f"\n  {system_id} " in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 3, lines
    assert any("'toy-broken'" in line and "ImportError" in line for line in lines)
    assert any("'toy-wrong-type'" in line and "is a int, not a RulesSystem" in line
               for line in lines)
    assert any("'toy-wrong-id'" in line and "'not-toy'" in line for line in lines)
    listed = json.loads(run(site, "systems", "--json").stdout)
    assert {s["id"] for s in listed} >= {"toy", "smallcraft", "rogue-trader"}


def test_a_design_naming_a_broken_system_exits_2_with_the_reason(site: Path) -> None:
    design = site / "broken.yaml"
    design.write_text("system: toy-broken\nname: Nope\n")
    done = run(site, "validate", design.name)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("broken.yaml:1: rules system 'toy-broken' cannot be")


def test_a_system_without_game_hit_keeps_no_tracks_and_says_so_in_one_line(site: Path) -> None:
    example = site / "toy_ships" / "catalog" / "examples" / "cutter.yaml"
    game = site / "toy-game.yaml"
    started = run(site, "game", "start", example, example, "-o", game)
    assert started.returncode == 0, started.stderr
    assert "the toy system keeps no damage at the table yet" in started.stdout
    before = game.read_bytes()
    hit = run(site, "game", "hit", game, "Little Cutter (A)", "--damage", "2")
    assert hit.returncode == 2
    assert hit.stderr.count("\n") == 1 and "no `game hit` yet" in hit.stderr, hit.stderr
    assert game.read_bytes() == before
    # nothing kept, nothing lost: its sheets print as they would for the fleet, no traceback
    sheets = run(site, "sheet", game, "-o", site / "toy-game.html")
    assert sheets.returncode == 0 and sheets.stderr == "", sheets.stderr
    assert "Little Cutter" in (site / "toy-game.html").read_text(encoding="utf-8")


@pytest.mark.compiled
@pytest.mark.slow
def test_the_toy_validates_shows_prints_and_fights(site: Path) -> None:
    example = site / "toy_ships" / "catalog" / "examples" / "cutter.yaml"
    assert run(site, "validate", example).returncode == 0
    shown = run(site, "show", example)
    assert shown.returncode == 0 and "Popgun (D3), Cannon (1d6+1)" in shown.stdout
    sheet = run(site, "sheet", example, "-o", site / "toy.pdf", "--cards")
    assert sheet.returncode == 0, sheet.stderr
    assert (site / "toy.pdf").read_bytes().startswith(b"%PDF")
    duel = run(site, "duel", example, example, "--seed", "4", "--json")
    assert duel.returncode == 0, duel.stderr
    assert json.loads(duel.stdout)["reason"] in ("destroyed", "both-lost", "cap")
    runs = run(site, "duel", example, example, "--seed", "4", "--runs", "3000", "--json",
               "--engine", "compiled", SHIPYARD_CACHE=str(site / "cache"))  # compiled once
    assert runs.returncode == 0, runs.stderr
    assert runs.stderr.startswith("compiling fight rules once, about "), runs.stderr
    warm = run(site, "duel", example, example, "--seed", "4", "--runs", "3000", "--json",
               "--engine", "compiled", SHIPYARD_CACHE=str(site / "cache"))
    assert warm.stdout == runs.stdout and warm.stderr == ""
    summary = json.loads(runs.stdout)
    assert summary["engine"] == "compiled" and summary["runs"] == 3000
    replay = summary["replay_seeds"]["a"]
    told = json.loads(run(site, "duel", example, example, "--seed", replay, "--json").stdout)
    assert told["winner"] == "a"
    assert run(site, "duel", "--help-system", "toy").stdout.startswith("toy fight options")
    odds = run(site, "odds", example, example, "--json")
    assert odds.returncode == 0 and json.loads(odds.stdout)["exact"] is True


def test_the_toy_imports_nothing_but_the_public_api() -> None:
    for module in ("__init__.py", "rules.py"):
        text = (TOY / "toy_ships" / module).read_text()
        imports = [line for line in text.splitlines()
                   if line.startswith(("from shipyard", "import shipyard"))]
        assert len(imports) == 1 and imports[0].startswith("from shipyard.api import "), module


def test_validate_and_show_import_only_the_system_they_need() -> None:
    code = ("import sys; from shipyard.cli import main; sys.argv = ['shipyard', 'validate', "
            f"{str(ROOT / 'catalogs/smallcraft/examples/starfury.yaml')!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "loaded = sorted(m for m in sys.modules if m.startswith('shipyard.systems.'))\n"
            "print([m for m in loaded if not m.startswith('shipyard.systems.smallcraft')])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout + done.stderr


def test_the_toy_tells_a_fleet_battle_with_every_ships_fate(site: Path) -> None:
    fleets = site / "toy_ships" / "catalog" / "fleets"
    told = run(site, "battle", fleets / "skiffs.yaml", fleets / "cutters.yaml", "--seed", "3")
    assert told.returncode == 0, told.stderr
    assert told.stdout.startswith("Skiff swarm (A) against Cutter pair (B), seed 3\n")
    assert "Gun Skiff 3 (A) " in told.stdout and "lost to gunfire" in told.stdout


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy's distribution on this process's path, its entry points read afresh (and
    forgotten after: later tests see the bundled systems only)."""
    from shipyard.core import registry

    monkeypatch.syspath_prepend(str(site))
    registry._entry_points.cache_clear()
    registry.load_system.cache_clear()
    yield
    registry._entry_points.cache_clear()
    registry.load_system.cache_clear()
    for name in [m for m in sys.modules if m.split(".")[0] == "toy_ships"]:
        del sys.modules[name]


BATTLE_CHECKS: list[Any] = [
    contract.test_a_battle_of_one_design_a_side_is_the_duel,
    pytest.param(contract.test_every_battle_of_a_series_is_the_narrated_battle_of_its_seed,
                 "auto", marks=[pytest.mark.compiled, pytest.mark.slow], id="series-compiled"),
    pytest.param(contract.test_every_battle_of_a_series_is_the_narrated_battle_of_its_seed,
                 "plain", id="series-uncompiled"),
    contract.test_battle_json_meets_the_published_schema_or_battle_refuses,
    contract.test_a_battle_takes_a_users_commander_only_where_the_system_declares_one,
    contract.test_bundled_fleets_are_legal_show_and_print,
]


@pytest.mark.parametrize(("check", "engine"), [
    c if isinstance(c, type(pytest.param())) else pytest.param(c, None, id=c.__name__[5:])
    for c in BATTLE_CHECKS])
def test_the_toy_declares_battles_and_keeps_the_contract_for_them(
        installed: None, check: Any, engine: str | None, tmp_path: Path) -> None:
    """A plugin's battles: the contract suite's battle and fleet checks run on the toy as on a
    bundled system (its duel the battle of one against one, every battle of a series the
    narrated battle of its seed, its JSON the published schema, its fleets legal and printed),
    in this process, with the toy installed beside the bundled systems."""
    from shipyard.core.yard import Yard

    args: dict[str, Any] = {"yard": Yard(), "system_id": "toy"}
    wanted = inspect.signature(check).parameters
    if "engine" in wanted:
        args["engine"] = engine
    if "tmp_path" in wanted:
        args["tmp_path"] = tmp_path
    check(**args)


def test_a_system_without_a_simulator_deck_refuses_simulator_cards_in_one_line(
        site: Path) -> None:
    done = run(site, "cards", "toy", "--simulator", "-o", site / "simulator.pdf")
    assert done.returncode == 2 and not (site / "simulator.pdf").exists()
    assert done.stderr.strip().splitlines() == [
        "shipyard: the toy system has no simulator cards; `shipyard cards toy` prints its "
        "table deck"]
