"""The seeded roller and exact distributions (core/dice.py)."""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from shipyard.core.dice import (
    MAX_BONUS,
    MAX_COUNT,
    MAX_DICE_SIDES,
    Dice,
    Roller,
    chance_all,
    chance_none,
)
from shipyard.core.validation import validate
from shipyard.core.yamlio import load_text
from shipyard.errors import UserError


def test_dice_come_from_random_random_only() -> None:
    """A die is int(random() * sides) + 1 over random.Random(seed).random(): the sequence
    Python guarantees for an integer seed on every platform and version."""
    reference = random.Random(42)
    roller = Roller(42)
    for sides in (6, 100, 60, 10, 2, 1, 40):
        assert roller.d(sides) == int(reference.random() * sides) + 1


def test_pinned_values_replay_everywhere() -> None:
    # golden: these hold on any machine and Python version (random.Random's integer seeding
    # and Mersenne Twister output are part of Python's compatibility promise)
    roller = Roller(2024)
    assert [roller.d(100) for _ in range(8)] == [48, 73, 31, 89, 42, 72, 27, 25]
    assert roller.draws == 8


def test_the_roller_counts_every_draw() -> None:
    roller = Roller(1)
    roller.d(6)
    roller.random()
    roller.d(60)
    assert roller.draws == 3


@pytest.mark.parametrize("sides", [0, -1, 1_000_001])
def test_absurd_dice_are_refused(sides: int) -> None:
    with pytest.raises(ValueError):
        Roller(1).d(sides)


def test_a_die_covers_all_its_faces_evenly() -> None:
    """Each face of a d6 within 4 standard errors over 60,000 rolls (fixed seed)."""
    roller = Roller(7)
    n = 60_000
    counts = [0] * 7
    for _ in range(n):
        counts[roller.d(6)] += 1
    assert counts[0] == 0
    se = math.sqrt(n * (1 / 6) * (5 / 6))
    for face in range(1, 7):
        assert abs(counts[face] - n / 6) < 4 * se


def test_chances_of_picks_without_replacement() -> None:
    # 2 boxes picked of 60, a 3-box row: untouched with C(57,2)/C(60,2), both picks in it
    # with C(3,2)/C(60,2), and every box of it taken by 2 picks never
    assert chance_none(60, 3, 2) == pytest.approx(math.comb(57, 2) / math.comb(60, 2))
    assert chance_all(60, 2, 2) == pytest.approx(1 / math.comb(60, 2))
    assert chance_all(60, 3, 2) == 0.0
    assert chance_none(5, 3, 3) == 0.0  # 3 picks of 5 must take one of 3 marked
    assert chance_all(60, 0, 5) == 0.0
    # the distribution of marked boxes picked sums to 1 (Vandermonde's identity)
    total = sum(math.comb(3, k) * math.comb(57, 10 - k) for k in range(4)) / math.comb(60, 10)
    assert total == pytest.approx(1.0)
    assert chance_none(60, 3, 10) == pytest.approx(math.comb(57, 10) / math.comb(60, 10))


# --- Dice: the notation the five systems write ----------------------------------------------

# notation -> (count, sides, bonus, d66, min, max, mean), worked by hand
NOTATIONS = {
    "2d6+3": (2, 6, 3, False, 5, 15, 10.0),
    "D3": (1, 3, 0, False, 1, 3, 2.0),
    "D6+1": (1, 6, 1, False, 2, 7, 4.5),
    "d100": (1, 100, 0, False, 1, 100, 50.5),
    "d12": (1, 12, 0, False, 1, 12, 6.5),
    "1d5": (1, 5, 0, False, 1, 5, 3.0),
    "1d10+2": (1, 10, 2, False, 3, 12, 7.5),
    "2D": (2, 6, 0, False, 2, 12, 7.0),  # traveller: nD is n six-sided dice
    "4D": (4, 6, 0, False, 4, 24, 14.0),
    "6D": (6, 6, 0, False, 6, 36, 21.0),
    "D66": (2, 6, 0, True, 11, 66, 38.5),  # tens die then units die
    "2d6-1": (2, 6, -1, False, 1, 11, 6.0),
    "2D6\u22122": (2, 6, -2, False, 0, 10, 5.0),  # a true minus, as typeset rules print it
    "3d6 + 1": (3, 6, 1, False, 4, 19, 11.5),
}


@pytest.mark.parametrize("text", NOTATIONS)
def test_every_notation_parses_with_its_range_and_mean(text: str) -> None:
    count, sides, bonus, d66, low, high, mean = NOTATIONS[text]
    dice = Dice.parse(text)
    assert (dice.count, dice.sides, dice.bonus, dice.d66) == (count, sides, bonus, d66)
    assert (dice.min, dice.max, dice.mean) == (low, high, mean)
    dist = dice.distribution()
    assert min(dist) == low and max(dist) == high
    assert sum(dist.values()) == 1
    assert sum(k * p for k, p in dist.items()) == Fraction(mean)


def test_case_does_not_matter_and_the_spelling_is_kept() -> None:
    assert Dice.parse("d66") == Dice.parse("D66")
    assert Dice.parse("D3") == Dice.parse("1d3") == Dice(1, 3)
    assert Dice.parse("2D") == Dice.parse("2d6")
    assert [str(Dice.parse(t)) for t in ("D3", "1d3", "2D", "d66", "2d6 + 3", "2d6\u22121")] == [
        "D3", "1d3", "2D", "d66", "2d6+3", "2d6-1"]
    assert str(Dice(1, 10, 4)) == "1d10+4"  # made in code: count shown, lower case


def test_exact_distribution_of_2d6() -> None:
    # 36 ways; a total t in 2..7 falls t-1 ways, in 7..12 13-t ways
    assert Dice.parse("2d6").distribution() == {
        t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def test_exact_distribution_of_d3() -> None:
    assert Dice.parse("D3").distribution() == {1: Fraction(1, 3), 2: Fraction(1, 3),
                                               3: Fraction(1, 3)}


def test_exact_distribution_of_d66() -> None:
    # 36 outcomes, each once: 11..16, 21..26, ... 61..66; nothing ends in 0, 7, 8 or 9
    dist = Dice.parse("D66").distribution()
    assert sorted(dist) == [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    assert set(dist.values()) == {Fraction(1, 36)}
    assert Dice.parse("D66").outcomes() == 36


def test_exact_distribution_of_1d10_plus_2() -> None:
    assert Dice.parse("1d10+2").distribution() == {t: Fraction(1, 10) for t in range(3, 13)}


@pytest.mark.parametrize("text", ["", "d", "D", "6", "2x6", "d6+", "2d6+1+1", "d1", "0d6",
                                  "101d6", "d1001", "2d6+1001", "2D66", "1d66", "d-6", "1.5d6"])
def test_what_is_not_dice_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(ValueError, match=r"\S"):
        Dice.parse(text)


def test_roll_uses_the_roller_die_by_die_in_order() -> None:
    reference = random.Random(5)
    roller = Roller(5)
    faces = [int(reference.random() * 10) + 1 for _ in range(2)]
    assert Dice.parse("2d10+4").roll(roller) == sum(faces) + 4
    assert roller.draws == 2
    tens, units = (int(reference.random() * 6) + 1 for _ in range(2))
    assert Dice.parse("D66").roll(roller) == 10 * tens + units


def test_every_roll_lands_in_the_distribution() -> None:
    roller = Roller(11)
    for text in NOTATIONS:
        dice = Dice.parse(text)
        support = dice.distribution()
        assert all(dice.roll(roller) in support for _ in range(50))


class _Weapon(BaseModel):
    damage: Dice
    ram: Dice | None = None


def test_dice_as_a_pydantic_field() -> None:
    weapon = _Weapon.model_validate({"damage": "1d10+2", "ram": "D3"})
    assert weapon.damage == Dice(1, 10, 2) and weapon.ram == Dice(1, 3)
    assert weapon.model_dump() == {"damage": "1d10+2", "ram": "D3"}
    assert weapon.model_dump_json() == '{"damage":"1d10+2","ram":"D3"}'
    schema = _Weapon.model_json_schema()["properties"]["damage"]
    assert schema["type"] == "string" and re.match(schema["pattern"], "2D")


def test_a_bad_expression_is_an_error_at_its_line() -> None:
    located = load_text("ram: D3\ndamage: 2q6\n", "guns.yaml")
    with pytest.raises(UserError) as caught:
        validate(_Weapon, located)
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line) == ("guns.yaml", 2)
    assert diag.message.startswith("damage: '2q6' is not a dice expression")
    with pytest.raises(UserError):
        validate(_Weapon, load_text("damage: 7\n", "guns.yaml"))


_count = st.integers(1, MAX_COUNT)
_sides = st.integers(2, MAX_DICE_SIDES)
_bonus = st.integers(-MAX_BONUS, MAX_BONUS)


@st.composite
def _notation(draw: st.DrawFn) -> str:
    """A dice expression as someone writes it, already in its canonical form."""
    letter = draw(st.sampled_from("dD"))
    bonus = draw(_bonus)
    tail = f"{bonus:+d}" if bonus else ""
    form = draw(st.sampled_from(["full", "no-count", "no-sides", "d66"]))
    if form == "d66":
        return f"{letter}66{tail}"
    if form == "no-sides":
        return f"{draw(_count)}{letter}{tail}"
    sides = draw(_sides.filter(lambda s: s != 66))  # 66 is D66, tens and units
    count = "" if form == "no-count" else str(draw(_count))
    return f"{count}{letter}{sides}{tail}"


@given(_notation())
def test_canonical_text_round_trips(text: str) -> None:
    assert str(Dice.parse(text)) == text


@given(_count, _sides, _bonus)
def test_dice_round_trip_through_text(count: int, sides: int, bonus: int) -> None:
    dice = Dice(2, 6, bonus, d66=True) if sides == 66 else Dice(count, sides, bonus)
    assert Dice.parse(str(dice)) == dice
    low, high = (11, 66) if dice.d66 else (count, count * sides)
    assert (dice.min, dice.max) == (low + bonus, high + bonus)
