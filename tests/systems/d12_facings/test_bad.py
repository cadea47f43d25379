"""The bad/ folder: each illegal or unreadable variant gives exactly its golden lines."""

from __future__ import annotations

import pytest

from tests.cli import shipyard
from tests.systems.d12_facings.helpers import BAD

GOLDEN = (BAD / "expected.txt").read_text(encoding="utf-8").splitlines()
READABLE_BUT_ILLEGAL = 1
UNREADABLE = 2


def expected(name: str) -> list[str]:
    return [line for line in GOLDEN if line.startswith(f"{name}:")]


def test_every_bad_file_has_golden_lines() -> None:
    names = sorted(p.name for p in BAD.glob("*.yaml"))
    assert len(names) >= 12
    assert sorted({line.split(":")[0] for line in GOLDEN}) == names


@pytest.mark.parametrize("name", sorted(p.name for p in BAD.glob("*.yaml")))
def test_bad_file_gives_its_lines_and_exit(name: str) -> None:
    run = shipyard("validate", BAD / name)
    errors = [line.removeprefix(f"{BAD}/") for line in run.err.splitlines()
              if "warning:" not in line]
    assert errors == expected(name)
    unreadable = any(("unknown" in line and "d12-facings" in line) or "input should" in line
                     or "missing key" in line for line in expected(name))
    assert run.code == (UNREADABLE if unreadable else READABLE_BUT_ILLEGAL)
    assert "Traceback" not in run.err
