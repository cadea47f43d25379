"""A rules system from elsewhere: a toy written only against shipyard.api, installed as its own
distribution (a .dist-info folder on PYTHONPATH, as pip would leave it), with its own catalog and
template folders; and entry points that are broken in each way a third party's can be."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

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


def test_the_toy_declares_battles_and_keeps_the_contract_for_them(site: Path) -> None:
    """A plugin's battles (issue 30): the contract suite's battle and fleet checks run on the
    toy as on a bundled system (its duel the battle of one against one, every battle of a
    series the narrated battle of its seed, its JSON the published schema), and `battle`
    tells a fleet fight with every ship's fate."""
    fleets = site / "toy_ships" / "catalog" / "fleets"
    told = run(site, "battle", fleets / "skiffs.yaml", fleets / "cutters.yaml", "--seed", "3")
    assert told.returncode == 0, told.stderr
    assert told.stdout.startswith("Skiff swarm (A) against Cutter pair (B), seed 3\n")
    assert "Gun Skiff 3 (A) " in told.stdout and "lost to gunfire" in told.stdout
    checks = "toy and (battle or fleets) and not broken and not wrong"
    done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-p",
                           "no:cacheprovider", str(ROOT / "tests" / "contract" /
                                                   "test_contract.py"), "-k", checks],
                          env={**os.environ, "PYTHONPATH": str(site)}, cwd=ROOT,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "5 passed" in done.stdout, done.stdout[-3000:]
