"""Figures as a person writes them (core/figures.py): one rule per unit for every output."""

from __future__ import annotations

from decimal import Decimal

import pytest

from shipyard.core.figures import bound, figure, mcr, percent, quantity, tons


@pytest.mark.parametrize(("value", "words"), [
    (6.837833, "MCr6.84"), (1908.606667, "MCr1,908.61"), (305.719396, "MCr305.72"),
    (0.0125, "MCr0.01"), (Decimal("448.8125"), "MCr448.81"), (21059.6, "MCr21,059.60"),
    (277.425, "MCr277.43"), (0, "MCr0.00"),
    # a cost that is not nothing keeps the decimals it needs, never reading as free
    (0.0025, "MCr0.003"), (0.004, "MCr0.004")])
def test_a_cost_is_in_megacredits_to_two_decimals_as_money_is(value: float, words: str) -> None:
    assert mcr(value) == words


@pytest.mark.parametrize(("value", "words"), [
    (16.666667, "16.67"), (131.833333, "131.83"), (0.533333, "0.53"), (Decimal("10000"), "10,000"),
    (0.1, "0.1"), (-0.001, "0"), (2.5, "2.5")])
def test_tons_are_to_the_hundredth_of_a_ton(value: float, words: str) -> None:
    assert tons(value) == words


def test_traveller_power_is_to_the_hundredth_beside_tons() -> None:
    assert (figure(427.5, "Power"), figure(2331, "Power")) == ("427.5", "2,331")


def test_a_unit_without_a_rule_of_its_own_is_whole_or_to_two_decimals() -> None:
    assert (figure(44, "Space"), figure(10_042, "SP"), figure(Decimal("1.125"), "pts")) == (
        "44", "10,042", "1.13")


def test_the_unit_goes_where_a_person_writes_it() -> None:
    assert (quantity(6.837833, "MCr"), quantity(16.666667, "tons"), quantity(44, "Space"),
            quantity(3, "")) == ("MCr6.84", "16.67 tons", "44 Space", "3")


@pytest.mark.parametrize(("share", "words"), [
    (0.368, "36.8%"), (0.0004, "<0.1%"), (1e-9, "<0.1%"), (0.0005, "0.1%"), (0.9996, ">99.9%"),
    (0.9994, "99.9%"), (0.0, "0%"), (1.0, "100%")])
def test_a_possible_outcome_never_reads_as_none_or_certain(share: float, words: str) -> None:
    assert percent(share) == words


def test_a_share_without_its_sign_is_the_same_figure() -> None:
    assert (percent(0.358, sign=False), percent(0.0001, sign=False)) == ("35.8", "<0.1")


def test_an_interval_bound_is_plain_to_the_tenth() -> None:
    assert (bound(0.0), bound(0.00041), bound(0.9996, sign=False)) == ("0.0%", "0.0%", "100.0")
