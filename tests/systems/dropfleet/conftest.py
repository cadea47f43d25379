from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from shipyard.core.yard import Report, Yard
from shipyard.systems.dropfleet import system
from shipyard.systems.dropfleet.models import DropfleetCatalog


@cache
def catalog() -> DropfleetCatalog:
    cat = Yard().catalog(system)
    assert isinstance(cat, DropfleetCatalog)
    return cat


@pytest.fixture
def design(yard: Yard, tmp_path: Path):
    """Check a dropfleet design given as the YAML lines after `system:` and `name:`."""

    def _design(body: str) -> Report:
        path = tmp_path / "ship.yaml"
        path.write_text(f"system: dropfleet\nname: Test\n{body}", encoding="utf-8")
        return yard.check(path)

    return _design


def codes(report: Report) -> set[str]:
    return {d.code for d in report.errors + report.warnings}
