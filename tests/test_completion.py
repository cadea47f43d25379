"""Shell completion, asked as bash asks it: a fresh process with the completion variables set."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from shipyard.cli.completion import SYSTEMS_GROUP
from shipyard.core.registry import GROUP, system_ids

# What a TAB must not pay for: the rules systems, validation, printing, fights.
HEAVY = ("pydantic", "weasyprint", "jinja2", "numpy", "yaml", "rich", "shipyard.systems")

PROBE = """
import atexit, sys
heavy = {heavy!r}
atexit.register(lambda: print("IMPORTED", *sorted(
    m for m in sys.modules if m in heavy or m.startswith(tuple(h + "." for h in heavy))),
    file=sys.stderr))
from shipyard.cli import main
main()
"""


def complete(words: str, cwd: Path | None = None) -> tuple[list[str], set[str]]:
    """What bash gets back for the command line `words` (the cursor at its end), and the heavy
    modules the process imported."""
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    env = {**os.environ, "_SHIPYARD_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(cword)}
    run = subprocess.run([sys.executable, "-c", PROBE.format(heavy=HEAVY)], env=env, cwd=cwd,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    imported = next(ln for ln in run.stderr.splitlines() if ln.startswith("IMPORTED"))
    return run.stdout.split(), set(imported.split()[1:])


def test_the_group_is_the_registry_s() -> None:
    assert SYSTEMS_GROUP == GROUP


@pytest.mark.parametrize("command", ["new", "cards", "catalog", "schema"])
def test_system_ids_complete_from_the_installed_entry_points(command: str) -> None:
    offered, imported = complete(f"shipyard {command} ")
    assert offered == sorted(ep.name for ep in entry_points(group=GROUP))
    assert offered == list(system_ids())
    assert not imported


def test_a_system_id_prefix_narrows_the_offer() -> None:
    offered, _ = complete("shipyard new sm")
    assert offered == [s for s in system_ids() if s.startswith("sm")] == ["smallcraft"]


@pytest.mark.parametrize("words", ["shipyard cards --paper ", "shipyard sheet d.yaml --paper "])
def test_paper_offers_its_two_sizes(words: str) -> None:
    offered, imported = complete(words)
    assert offered == ["a4", "letter"]
    assert not imported


def test_format_offers_its_choices_by_prefix() -> None:
    assert complete("shipyard sheet --format ")[0] == ["pdf", "html"]
    assert complete("shipyard sheet --format h")[0] == ["html"]


def test_commands_complete() -> None:
    offered, imported = complete("shipyard ")
    assert {"systems", "catalog", "new", "validate", "show", "schema", "sheet",
            "cards"} <= set(offered)
    assert complete("shipyard va")[0] == ["validate"]
    assert not imported


def test_design_paths_offer_yaml_files_and_the_folders_beside_them(tmp_path: Path) -> None:
    for name in ("alpha.yaml", "beta.yml", "notes.txt", ".hidden.yaml"):
        (tmp_path / name).write_text("system: smallcraft\n")
    (tmp_path / "fleet").mkdir()
    offered, imported = complete("shipyard validate ", cwd=tmp_path)
    assert offered == ["alpha.yaml", "beta.yml", f"fleet{os.sep}"]
    assert complete("shipyard show a", cwd=tmp_path)[0] == ["alpha.yaml"]
    assert complete("shipyard sheet x.yaml b", cwd=tmp_path)[0] == ["beta.yml"]
    assert not imported


def test_design_paths_keep_the_folder_as_typed(tmp_path: Path) -> None:
    (tmp_path / "fleet").mkdir()
    (tmp_path / "fleet" / "wasp.yaml").write_text("system: smallcraft\n")
    offered, _ = complete(f"shipyard validate fleet{os.sep}", cwd=tmp_path)
    assert offered == [os.path.join("fleet", "wasp.yaml")]


def test_no_design_file_hands_the_word_back_to_the_shell(tmp_path: Path) -> None:
    # bash's own file completion (complete -o default) then walks into the folder, no space
    (tmp_path / "fleet").mkdir()
    assert complete("shipyard validate fl", cwd=tmp_path)[0] == []


def test_show_completion_prints_a_script_calling_back_through_the_variable() -> None:
    run = subprocess.run([sys.executable, "-m", "shipyard", "--show-completion", "bash"],
                         env={**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"},
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "_SHIPYARD_COMPLETE=complete_bash" in run.stdout
    assert "complete -o default -F _shipyard_completion shipyard" in run.stdout


def test_install_completion_is_offered_in_help() -> None:
    run = subprocess.run([sys.executable, "-m", "shipyard", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert "--install-completion" in run.stdout and "--show-completion" in run.stdout
