"""Every command README.md and the docs site show runs as written and prints what they show
(issues 10 and 28): each `$ shipyard ...` line of their code blocks exits 0, or the status a
`# exit N` line after it documents, and the lines pasted under it are its standard output and
standard error, each whole and in order (tests/pasted.py says how a page writes them). Only what
must vary is normalised: paths, the compiled/uncompiled label, the seed a fight without --seed
chose, compile notices.

Commands run in a scratch folder holding a copy of the bundled catalogs and tests/bad, after the
commands before them on the same page that make files (`examples --copy`, `new -o`), so what
they write lands there. `python scripts/readme_outputs.py` pastes fresh output under them all.
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest

from tests.cli import shipyard
from tests.pasted import ROOT, Shown, commands, documents, interleaves, normalise

SHOWN = [shown for doc in documents() for shown in commands(doc)]


def test_the_pages_show_commands_and_their_output() -> None:
    assert len(SHOWN) >= 60
    assert sum(shown.output is not None for shown in SHOWN) >= 40
    assert any(shown.status == 1 for shown in SHOWN)
    assert {"README.md", "docs/commands/examples.md"} <= {shown.doc for shown in SHOWN}


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "catalogs", tmp_path / "catalogs")
    shutil.copytree(ROOT / "tests" / "bad", tmp_path / "tests" / "bad")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")  # as scripts/readme_outputs.py runs them
    return tmp_path


@pytest.mark.parametrize("shown", SHOWN, ids=[s.name for s in SHOWN])
def test_every_command_prints_what_the_page_shows(scratch: Path, shown: Shown) -> None:
    if shown.skipped:
        pytest.skip(shown.skipped)
    for before in commands(ROOT / shown.doc):
        if before.line >= shown.line:
            break
        if before.writes() and not before.skipped:
            assert shipyard(*before.argv(scratch)).code == before.status, before.name
    run = shipyard(*shown.argv(scratch))
    assert run.code == shown.status, f"{shown.name}\n{run.out[-2000:]}\n{run.err[-2000:]}"
    if shown.output is None or shown.piped:
        return
    out = normalise(run.out.rstrip("\n").split("\n") if run.out else [], shown, scratch)
    err = normalise(run.err.rstrip("\n").split("\n") if run.err else [], shown, scratch)
    pasted = normalise(shown.output, shown)
    if not interleaves(pasted, out, err):
        diff = "\n".join(difflib.unified_diff(pasted, out + err, "pasted", "printed", lineterm=""))
        pytest.fail(f"{shown.name}: the page shows other output (refresh it with "
                    f"`python scripts/readme_outputs.py {shown.doc}`)\n{diff[:6000]}")

