"""Every command README.md and the docs site show runs as written and prints what they show:
each `$ shipyard ...` line of their code blocks exits 0, or the status a `# exit N` line after it
documents, and the lines pasted under it are its standard output and standard error, each whole
and in order (tests/pasted.py says how a page writes them). Only what must vary is normalised:
paths, the compiled/uncompiled label, the seed a fight without --seed chose, compile notices.

A page's commands run once each, in order, in one scratch folder holding a copy of the bundled
catalogs and tests/bad, so what they write (`examples --copy`, `new -o`) lands there for the
commands after them, as for a reader typing them. Series of fights (`--runs`) compile their
rules: they run in the compiled tier, after the commands that make files replayed before them.
`python scripts/readme_outputs.py` pastes fresh output under them all.
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


PAGES = list(dict.fromkeys(shown.doc for shown in SHOWN))


def a_series(shown: Shown) -> bool:
    """A command whose fights compile (a series not asked to run uncompiled)."""
    return "--runs" in shown.args and "plain" not in shown.args


def scratch_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "catalogs", tmp_path / "catalogs")
    shutil.copytree(ROOT / "tests" / "bad", tmp_path / "tests" / "bad")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")  # as scripts/readme_outputs.py runs them
    return tmp_path


def wrong(shown: Shown, scratch: Path) -> str | None:
    """What is wrong with the command's run against its page, or None."""
    run = shipyard(*shown.argv(scratch))
    if run.code != shown.status:
        return (f"{shown.name}: exit {run.code}, not {shown.status}\n{run.out[-2000:]}\n"
                f"{run.err[-2000:]}")
    if shown.output is None or shown.piped:
        return None
    out = normalise(run.out.rstrip("\n").split("\n") if run.out else [], shown, scratch)
    err = normalise(run.err.rstrip("\n").split("\n") if run.err else [], shown, scratch)
    pasted = normalise(shown.output, shown)
    if interleaves(pasted, out, err):
        return None
    diff = "\n".join(difflib.unified_diff(pasted, out + err, "pasted", "printed", lineterm=""))
    return (f"{shown.name}: the page shows other output (refresh it with "
            f"`python scripts/readme_outputs.py {shown.doc}`)\n{diff[:6000]}")


@pytest.mark.parametrize("doc", PAGES)
def test_every_command_of_a_page_prints_what_the_page_shows(
        doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scratch = scratch_copy(tmp_path, monkeypatch)
    found = [wrong(shown, scratch) for shown in commands(ROOT / doc)
             if not shown.skipped and not a_series(shown)]
    problems = [problem for problem in found if problem is not None]
    assert not problems, "\n\n".join(problems)


SERIES_PAGES = [doc for doc in PAGES if any(a_series(s) for s in commands(ROOT / doc))]


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.parametrize("doc", SERIES_PAGES)
def test_every_series_of_a_page_prints_what_the_page_shows(
        doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scratch = scratch_copy(tmp_path, monkeypatch)
    problems = []
    for shown in commands(ROOT / doc):
        if shown.skipped:
            continue
        if shown.writes() and not a_series(shown):  # the files the series read
            assert shipyard(*shown.argv(scratch)).code == shown.status, shown.name
        elif a_series(shown) and (problem := wrong(shown, scratch)) is not None:
            problems.append(problem)
    assert not problems, "\n\n".join(problems)
