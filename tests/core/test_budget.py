"""Budgets as ledgers (core/budget.py), with and without a limit."""

from __future__ import annotations

from decimal import Decimal

from shipyard.core.budget import Budget


def test_a_limited_budget_knows_what_is_left_and_how_far_over() -> None:
    space = Budget("space", "Space", 40)
    space.add("drive", 30, 3)
    assert (space.used, space.left, space.over, space.excess) == (30, 10, False, 0)
    space.add("lance", 14, 4)
    assert (space.used, space.left, space.over, space.excess) == (44, -4, True, 4)
    assert space.shown() == "44/40" and space.shown(" of ", " Space") == "44 of 40 Space"
    assert space.as_json() == {"name": "space", "used": 44, "available": 40, "unit": "Space"}


def test_a_budget_without_a_limit_is_never_over_and_shows_what_it_uses() -> None:
    sp = Budget("sp", "SP", None)
    for amount in (40, 2, 10_000):
        sp.add("part", amount)
    assert (sp.used, sp.left, sp.over, sp.excess) == (10_042, None, False, 0)
    assert sp.shown() == "10042 used" and sp.shown(" of ", " SP") == "10042 SP used"
    assert sp.as_json() == {"name": "sp", "used": 10_042, "available": None, "unit": "SP"}
    assert sp.as_json_full()["items"][0] == {"label": "part", "amount": 40, "line": None}


def test_decimal_amounts_stay_exact() -> None:
    cargo = Budget("cargo", "t", Decimal("1.5"))
    cargo.add("crate", Decimal("0.75"))
    cargo.add("crate", Decimal("0.75"))
    assert (cargo.left, cargo.over) == (0, False)
    assert cargo.as_json()["used"] == 1.5
