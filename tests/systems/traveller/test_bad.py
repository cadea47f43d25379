"""traveller's bad inputs: each file's `FILE:LINE: message` lines and exit status are golden
(bad/expected.txt), read back through the command line; never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli import shipyard

HERE = Path(__file__).parent
BAD = sorted((HERE / "bad").glob("*.yaml"))
UNREADABLE = {"missing_hull.yaml", "unknown_key.yaml", "wrong_type_tl.yaml", "zero_count.yaml",
              "zero_hull.yaml"}


def expected(name: str) -> list[str]:
    lines = (HERE / "bad" / "expected.txt").read_text(encoding="utf-8").splitlines()
    return [ln for ln in lines if ln.startswith(f"bad/{name}:")]


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_bad_input_gives_its_golden_lines(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(HERE)
    run = shipyard("validate", f"bad/{path.name}")
    assert run.code == (2 if path.name in UNREADABLE else 1)
    assert run.err.splitlines() == expected(path.name)
    assert "Traceback" not in run.err
