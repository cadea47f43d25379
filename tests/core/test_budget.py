"""Budgets as ledgers (core/budget.py), with and without a limit."""

from __future__ import annotations

from decimal import Decimal

import pytest

from shipyard.core.budget import Budget, reading


def test_a_limited_budget_knows_what_is_left_and_how_far_over() -> None:
    space = Budget("space", "Space", 40)
    space.add("drive", 30, 3)
    assert (space.used, space.left, space.over, space.excess) == (30, 10, False, 0)
    space.add("lance", 14, 4)
    assert (space.used, space.left, space.over, space.excess) == (44, -4, True, 4)
    assert space.shown() == "44/40" and space.shown(" of ", named=True) == "44 of 40 Space"
    assert space.as_json() == {"name": "space", "used": 44, "available": 40, "unit": "Space"}


def test_a_budget_without_a_limit_is_never_over_and_shows_what_it_uses() -> None:
    sp = Budget("sp", "SP", None)
    for amount in (40, 2, 10_000):
        sp.add("part", amount)
    assert (sp.used, sp.left, sp.over, sp.excess) == (10_042, None, False, 0)
    assert sp.shown() == "10,042 used" and sp.shown(" of ", named=True) == "10,042 SP used"
    assert sp.as_json() == {"name": "sp", "used": 10_042, "available": None, "unit": "SP"}
    assert sp.as_json_full()["items"][0] == {"label": "part", "amount": 40, "line": None}


def test_a_cost_budget_names_its_megacredits_before_each_figure() -> None:
    cost = Budget("fleet", "MCr", 300)
    cost.add("2 × House Corsair", Decimal("236.17766"))
    assert (cost.shown(), cost.shown(" of ", named=True)) == ("236.18/300.00",
                                                              "MCr236.18 of MCr300.00")
    assert cost.as_json()["used"] == 236.17766  # --json keeps the figure whole


def test_decimal_amounts_stay_exact() -> None:
    cargo = Budget("cargo", "t", Decimal("1.5"))
    cargo.add("crate", Decimal("0.75"))
    cargo.add("crate", Decimal("0.75"))
    assert (cargo.left, cargo.over) == (0, False)
    assert cargo.as_json()["used"] == 1.5


@pytest.mark.parametrize(("value", "number", "unit"), [
    ("MCr1,908.606667", 1908.606667, "MCr"), ("10000 of 10000", 10000, None),
    ("70 used of 75", 70, None), ("2G", 2, "G"), ('6"', 6, '"'), ("+12", 12, None),
    ("−3", -3, None), ("125 cblocs (125 allocated)", 125, "cblocs"),
    ("MCr277.425 (standard design, 10% off)", 277.425, "MCr"),
    ("2 dhits, range 15 dhexes", None, None), ("Veteran (50)", None, None), ("3+", None, None),
    ("1-2", None, None), ("none", None, None)])
def test_a_profile_value_reads_as_a_number_and_unit_where_it_is_one_figure(
        value: str, number: float | None, unit: str | None) -> None:
    # `show --json` keeps `value` for people, `number` and `unit` for scripts
    assert reading(value) == {"number": number, "unit": unit}
