"""The seed's three craft are golden data (systems/smallcraft.md)."""

from __future__ import annotations

import pytest

from shipyard.core.yard import Yard
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"


@pytest.mark.parametrize(("stem", "used", "hull"), [
    ("starfury", 59, 60), ("raider", 35, 40), ("galileo", 125, 125)])
def test_seed_craft_are_legal_with_the_seed_figures(yard: Yard, stem: str, used: int,
                                                    hull: int) -> None:
    report = yard.check(EXAMPLES / f"{stem}.yaml")
    assert report.legal is True
    cblocs = next(b for b in report.budgets if b.name == "cblocs")
    assert (cblocs.used, cblocs.available) == (used, hull)


def test_starfury_power_warning(yard: Yard) -> None:
    report = yard.check(EXAMPLES / "starfury.yaml")
    power = next(b for b in report.budgets if b.name == "power")
    assert (power.used, power.available) == (42, 30)
    assert "power.short" in {w.code for w in report.warnings}
