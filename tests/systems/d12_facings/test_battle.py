"""d12-facings battles: N ships a side on the duel's own rules (issue 30, RULINGS R24-R32).

A duel is the battle of one against one, the same code: its narrated fights are held, digest by
digest, to those the duel engine told before the battle generalised it."""

from __future__ import annotations

import importlib.util
import json
from typing import Any

import pytest

from tests.conftest import ROOT

DIGESTS = ROOT / "tests" / "systems" / "d12_facings" / "golden" / "duels.json"


def _digest() -> Any:
    spec = importlib.util.spec_from_file_location(
        "d12_digests", ROOT / "scripts" / "d12-facings-duel-digests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.digest


@pytest.mark.parametrize("case", json.loads(DIGESTS.read_text(encoding="utf-8")),
                         ids=lambda c: f"{c['a']}-{c['b']}-{len(c['digests'])}")
def test_a_duel_is_the_battle_of_one_against_one_fight_for_fight(case: dict[str, Any]) -> None:
    digest = _digest()
    got = [digest(case["a"], case["b"], seed, case["terms"])
           for seed in range(len(case["digests"]))]
    assert got == case["digests"]

