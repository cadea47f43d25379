"""A new user's first steps: what `new` writes fights itself, and `odds` of it finds its guns."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.core.registry import system_ids
from tests.cli import shipyard


@pytest.mark.parametrize("system_id", system_ids())
def test_a_new_design_fights_itself_and_deals_damage(system_id: str, tmp_path: Path) -> None:
    design = tmp_path / "new.yaml"
    assert shipyard("new", system_id, "-o", design).code == 0
    assert shipyard("validate", design).code == 0
    fight = shipyard("duel", design, design, "--seed", "1", "--json")
    assert fight.code == 0, fight.err
    result = fight.json()
    assert result["reason"] != "harmless"
    assert result["damage"]["a"] + result["damage"]["b"] > 0, result["text"]


@pytest.mark.parametrize("system_id", system_ids())
def test_odds_of_a_new_design_without_range_finds_its_weapons(system_id: str,
                                                              tmp_path: Path) -> None:
    design = tmp_path / "new.yaml"
    shipyard("new", system_id, "-o", design)
    run = shipyard("odds", design, design, "--seed", "1", "--json")
    assert run.code == 0, run.err
    assert "no weapon" not in run.out
    assert any(d["mean"] > 0 for d in run.json()["distributions"])
