from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from shipyard.core.yard import Report, Yard
from shipyard.systems.traveller.construction import Ship, derive

Build = Callable[..., tuple[Report, Ship | None]]


def design(tons: float = 200, configuration: str = "streamlined", tl: int = 12,
           parts: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    hull = {"tons": tons, "configuration": configuration} | extra.pop("hull", {})
    return {"system": "traveller", "name": "Test", "tl": tl, "hull": hull,
            "parts": parts if parts is not None else [], **extra}


@pytest.fixture
def build(yard: Yard, tmp_path: Path) -> Build:
    """Check a design given as data; the report and (when it read) the derived ship."""

    def _build(*parts: dict[str, Any], **kw: Any) -> tuple[Report, Ship | None]:
        data = design(parts=list(parts), **kw)
        path = tmp_path / "ship.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        report = yard.check(path)
        ship = derive(report.design.model, report.design.catalog) if report.design else None
        return report, ship

    return _build


def codes(report: Report) -> list[str]:
    return [d.code for d in report.errors + report.warnings]


def line(ship: Ship, item: str) -> Any:
    return next(ln for ln in ship.lines if ln.item == item)
