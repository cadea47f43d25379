"""Figures as a person writes them: one rule per unit, whichever system or command prints them.

A figure keeps its full precision for arithmetic and `--json`; only its words are rounded:

- MCr to two decimals, kept, before the number, as published ship data prints a cost
  ("MCr6.84", "MCr448.80"), on every page, roster and command alike; a cost that is not nothing
  but rounds to MCr0.00 keeps the decimals it needs ("MCr0.005"), never reading as free;
- tons (and the Power counted beside them) to two decimals, the finest a design's parts come
  to (a 6-ton craft's 0.53 t plant);
- any other unit's amount whole where it is whole, else to two decimals;
- trailing zeros dropped ("448.81", never "448.810000"), thousands with commas ("10,000");
- a share of outcomes to 0.1%, "<0.1%" for one that can happen but rounds to nothing and
  ">99.9%" for one that can fail but rounds to certain: never "0.0%" for a possible outcome;
  the bounds of an interval around a share plainly to 0.1% ("0.0% – 0.2%"): a bound is not an
  outcome, and "<0.1" beside "0%" would say less, not more.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

# decimals printed per unit; a unit not named here gets DEFAULT_PLACES
PLACES: dict[str, int] = {"MCr": 2, "tons": 2, "t": 2, "Power": 2}
DEFAULT_PLACES = 2
BEFORE = frozenset({"MCr"})  # units written before the number, as a currency is
MONEY = frozenset({"MCr"})  # units whose decimals are all printed, as money is ("448.80")
FINEST = 6  # the most decimals a figure keeps (a float's noise beyond)


def rounded(value: int | float | Decimal, places: int) -> Decimal:
    """`value` to `places` decimals, half up as people round (277.425 is 277.43), from the
    decimal digits it is written with, never from a float's binary neighbour; never -0."""
    exact = value if isinstance(value, Decimal) else Decimal(repr(value))
    result = exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return Decimal(0).quantize(result) if result == 0 else result


def figure(value: int | float | Decimal, unit: str = "") -> str:
    """`value` in `unit`'s decimals, without the unit: "6.84" (MCr), "16.67" (tons), "10,000"."""
    places = PLACES.get(unit, DEFAULT_PLACES)
    if unit in MONEY:
        while value and rounded(value, places) == 0 and places < FINEST:
            places += 1  # a cost that is not nothing is never printed as free
        return f"{rounded(value, places):,f}"
    text = f"{rounded(value, places):,f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def quantity(value: int | float | Decimal, unit: str) -> str:
    """`value` with its unit where a person writes it: "MCr6.84", "16.67 tons", "44 Space"."""
    text = figure(value, unit)
    if not unit:
        return text
    return f"{unit}{text}" if unit in BEFORE else f"{text} {unit}"


def mcr(value: int | float | Decimal) -> str:
    """A cost in megacredits: "MCr6.84"."""
    return quantity(value, "MCr")


def tons(value: int | float | Decimal) -> str:
    """Tons, as the figure alone: "16.67"."""
    return figure(value, "tons")


def percent(share: float, sign: bool = True) -> str:
    """A share (0..1) in percent to 0.1%: "36.8%", "0%" and "100%" only where exact, "<0.1%"
    and ">99.9%" where it is possible but rounds to the end; `sign=False` drops the "%"."""
    if share <= 0:
        text = "0"
    elif share >= 1:
        text = "100"
    elif share < 0.0005:
        text = "<0.1"
    elif share >= 0.9995:
        text = ">99.9"
    else:
        text = f"{100 * share:.1f}"
    return text + "%" * sign


def bound(share: float, sign: bool = True) -> str:
    """A bound of an interval around a share, to 0.1%: "0.0%", "99.8%"."""
    return f"{100 * share:.1f}" + "%" * sign
