"""Every command the README shows runs as written (issue 10): each `$ shipyard ...` line of its
code blocks exits 0, or the status a `# exit N` line after it documents.

Commands run in a scratch directory holding a copy of the files the README names (the bundled
examples and tests/bad), so what they write (sheets, cards, a schema) lands there. Left out only:
shell completion (`<TAB>`) and a command that needs the reader's own file.
"""

from __future__ import annotations

import glob
import re
import shlex
import shutil
from pathlib import Path

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT

COMMAND = re.compile(r"^(?:\$ )?(?:\.venv/bin/)?(shipyard(?: (?:--|[a-z]).*)?)$")
EXIT = re.compile(r"^# exit (\d+)$")
NOT_RUN = {
    "<TAB>": "shell completion, typed at a prompt",
    "my-fighter.yaml": "the reader's own design and house catalog",
}


def readme_commands() -> list[tuple[str, int]]:
    """(command, documented exit status) for each command line of the README's code blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M):
        lines = [line.strip() for line in block.splitlines()]
        for i, line in enumerate(lines):
            match = COMMAND.match(line)
            if not match:
                continue
            status = 0
            for after in lines[i + 1:]:
                if COMMAND.match(after):
                    break
                if documented := EXIT.match(after):
                    status = int(documented.group(1))
                    break
            found.append((match.group(1), status))
    return found


COMMANDS = readme_commands()


def test_the_readme_shows_commands() -> None:
    assert len(COMMANDS) >= 20
    assert any(status == 1 for _, status in COMMANDS)


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "catalogs", tmp_path / "catalogs")
    shutil.copytree(ROOT / "tests" / "bad", tmp_path / "tests" / "bad")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("command", "status"), COMMANDS, ids=[c for c, _ in COMMANDS])
def test_every_readme_command_runs_as_written(scratch: Path, command: str, status: int) -> None:
    why = next((why for word, why in NOT_RUN.items() if word in command), None)
    if why:
        pytest.skip(why)
    words = shlex.split(command, comments=True)[1:]  # "# ..." after a command is a comment
    target = None
    if "|" in words:  # a pipe: shipyard's part is what the README vouches for
        words = words[:words.index("|")]
    if ">" in words:  # a shell redirect: the command's output goes to a file
        at = words.index(">")
        words, target = words[:at], words[at + 1]
    args: list[str] = []
    for word in words:
        args += sorted(glob.glob(word)) if "*" in word else [word]
    run = shipyard(*args)
    assert run.code == status, f"{command}\n{run.out[-2000:]}\n{run.err[-2000:]}"
    if target:
        (scratch / target).write_text(run.out, encoding="utf-8")
