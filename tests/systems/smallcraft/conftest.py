from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.core.yard import Report, Yard


@pytest.fixture
def craft(yard: Yard, tmp_path: Path):
    """Check a smallcraft design given as hull and component lines."""

    def _craft(hull: int, *components: str, extra: str = "") -> Report:
        body = "".join(f"  - {c}\n" for c in components)
        text = (f"system: smallcraft\nname: Test\nhull: {hull}\n{extra}"
                f"components:\n{body}" if components else
                f"system: smallcraft\nname: Test\nhull: {hull}\n{extra}")
        path = tmp_path / "craft.yaml"
        path.write_text(text, encoding="utf-8")
        return yard.check(path)

    return _craft


def codes(report: Report) -> set[str]:
    return {d.code for d in report.errors + report.warnings}


def budget(report: Report, name: str) -> tuple[object, object]:
    found = next(b for b in report.budgets if b.name == name)
    return found.used, found.available
