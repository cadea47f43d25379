from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.core.yard import Yard

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "catalogs"


@pytest.fixture
def yard() -> Yard:
    return Yard()


@pytest.fixture
def write(tmp_path: Path):
    """Write a design file and return its path."""

    def _write(text: str | bytes, name: str = "design.yaml") -> Path:
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return _write


@pytest.fixture(autouse=True)
def _every_command() -> None:
    """Each test starts with every command registered: main() run in-process builds only the
    one its command line names (start-up), and a later test invoking the app directly would
    otherwise find the rest gone."""
    from shipyard.cli.app import only

    only([])
