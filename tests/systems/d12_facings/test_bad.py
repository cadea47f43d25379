"""The bad/ folder: each illegal or unreadable variant fails, and `expected.txt` holds exactly
what `shipyard validate *.yaml` prints run inside the folder (the kit's contract suite checks the
same file; this test says which lines belong to which file, and the exit of each)."""

from __future__ import annotations

import pytest

from tests.cli import shipyard
from tests.systems.d12_facings.helpers import BAD

GOLDEN = (BAD / "expected.txt").read_text(encoding="utf-8").splitlines()
NAMES = sorted(p.name for p in BAD.glob("*.yaml"))
UNREADABLE = {"missing_captain.yaml", "unknown_facing.yaml", "unknown_system.yaml"}


def test_every_bad_file_has_golden_lines() -> None:
    assert len(NAMES) >= 12
    assert sorted({line.split(":")[0] for line in GOLDEN}) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_bad_file_gives_its_lines_and_exit(name: str) -> None:
    run = shipyard("validate", name, cwd=BAD)
    assert run.err.splitlines() == [line for line in GOLDEN if line.startswith(f"{name}:")]
    assert run.code == (2 if name in UNREADABLE else 1)
    assert "Traceback" not in run.err
