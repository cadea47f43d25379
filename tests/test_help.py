"""Help that teaches: no Python in it, summaries whole, an example for every command, and
`--help-system` naming what a fight takes by its values."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer

from shipyard.cli import app
from shipyard.core.options import Option, Steps, Whole, parse_terms
from shipyard.core.registry import system_ids
from shipyard.core.yard import Yard
from tests.cli import shipyard

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = sorted(c.name for c in typer.main.get_group(app).commands.values())
# what Typer's own help prints for Python types, required arguments and bounds
PYTHON = re.compile(r"<str>|<int|<path>|list\[|\{[A-Z]+\}|\[\d+<=x")


def _words(text: str) -> str:
    return " ".join(text.split())


def test_every_command_is_covered() -> None:
    assert {"systems", "catalog", "new", "validate", "show", "sheet", "cards", "duel",
            "odds", "schema"} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_help_speaks_no_python_and_shows_an_example(command: str) -> None:
    run = shipyard(command, "--help")
    assert run.code == 0
    assert not PYTHON.findall(run.out), run.out
    examples = run.out.split("Examples:\n", 1)[1].splitlines()
    assert examples and all(line.strip().startswith(f"shipyard {command}")
                            for line in examples if line.strip())


def test_the_top_help_cuts_no_summary() -> None:
    out = _words(shipyard("--help").out)
    assert "..." not in out.split("Commands:")[1]
    group = typer.main.get_group(app)
    for name in COMMANDS:
        summary = _words((group.commands[name].help or "").split("\n\n")[0])
        assert summary in out, name


@pytest.mark.parametrize("command", ["new", "catalog", "cards", "schema"])
def test_the_system_argument_lists_the_installed_systems(command: str) -> None:
    out = _words(shipyard(command, "--help").out)
    assert f"SYSTEM a rules system: {', '.join(system_ids())}" in out


def test_odds_help_speaks_for_every_system() -> None:
    out = shipyard("odds", "--help").out
    for word in ("dhit", "cbloc", "screens"):  # smallcraft's terms
        assert word not in out


@pytest.mark.parametrize("system_id", system_ids())
def test_help_system_names_defaults_by_value(system_id: str) -> None:
    run = shipyard("duel", "--help-system", system_id)
    assert run.code == 0
    assert "combat." not in run.out and "start_range" not in run.out
    yard = Yard()
    system = yard.system(system_id)
    catalog = yard.catalog(system)
    options = system.fight_options
    assert options is not None
    for option in options.duel:
        if option.default:
            value = catalog
            for part in option.default.split("."):
                value = getattr(value, part)
            assert f"--{option.name}: " in run.out
            line = next(ln for ln in run.out.splitlines() if f"--{option.name}: " in ln)
            assert line.endswith(f"default: {value}"), line


def test_smallcraft_rule_defaults_come_from_the_catalog() -> None:
    out = shipyard("duel", "--help-system", "smallcraft").out
    rules = Yard().catalog(Yard().system("smallcraft")).combat.rules
    for name, value in rules.items():
        line = next(ln for ln in out.splitlines() if ln.strip().startswith(f"{name}: "))
        assert line.endswith(f"default: {value}")


def test_d12_help_system_offers_no_duel_crew_and_duel_refuses_it() -> None:
    out = shipyard("duel", "--help-system", "d12-facings").out
    assert "--crew-a" not in out and "odds --crew KEY=VALUE" in out
    d12 = Yard().system("d12-facings").fight_options
    assert d12 is not None and not d12.crew_for("duel")
    design = ROOT / "catalogs" / "d12-facings" / "examples"
    a = next(design.glob("*.yaml"))
    refused = shipyard("duel", a, a, "--crew-a", "gunnery=5")
    assert refused.code == 2 and "--crew is for odds" in refused.err
    terms = parse_terms("d12-facings", d12, "odds", {}, [["gunnery=5"]], [])
    assert terms.crew[0] == {"gunnery": 5}


def test_an_option_line_names_the_catalog_value_and_the_one_command() -> None:
    class Catalog:
        def __init__(self) -> None:
            self.combat = {"start": "far"}

    option = Option("range", "where it starts", Steps(("near", "far")), default="combat.start")
    assert option.line(Catalog()) == "range: near < far; where it starts; default: far"
    assert option.line() == "range: near < far; where it starts"
    aim = Option("aim", "the aim", Whole(0, 6), only="odds")
    assert aim.line(Catalog()).endswith("(odds only)")
