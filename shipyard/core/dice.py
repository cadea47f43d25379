"""Dice: a seeded roller that replays the same on every machine, and exact distributions.

Every die a narrated fight rolls comes from `random.Random(seed).random()`: Python guarantees
that sequence for an integer seed on every platform and version, while `randint`, `randrange`,
`choice` and NumPy's streams have changed between versions. A die of N sides is
`int(random() * N) + 1`, plain IEEE arithmetic, so a log made on one machine is the log on any.

The chance helpers below are exact (up to floating-point rounding) for the odds of a volley.

`Dice` is a dice expression as data (`2d6+3`, `D3`, Mongoose's `2D`, `D66`): plain integers a
fight loop can use without objects, its exact distribution, and a Pydantic field type.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue
    from pydantic_core import CoreSchema

MAX_SIDES = 1_000_000


class Roller:
    """A seeded source of dice that counts what it drew."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed).random
        self.draws = 0

    def random(self) -> float:
        """A uniform float in [0, 1): the only primitive every die is built on."""
        self.draws += 1
        return self._random()

    def d(self, sides: int) -> int:
        """One die of `sides` faces, 1..sides."""
        if not 1 <= sides <= MAX_SIDES:
            raise ValueError(f"a die has 1..{MAX_SIDES} sides, not {sides}")
        return int(self.random() * sides) + 1


def new_seed() -> int:
    """A fresh seed for a fight the user did not seed (printed, so it can be replayed)."""
    return random.SystemRandom().randrange(1, 10**9)


# --- exact distributions ------------------------------------------------------------------


def chance_none(population: int, marked: int, drawn: int) -> float:
    """Picking `drawn` of `population` without replacement: the chance that none of the
    `marked` ones is among them (the hypergeometric distribution at 0)."""
    if drawn > population - marked:
        return 0.0
    return math.comb(population - marked, drawn) / math.comb(population, drawn)


def chance_all(population: int, marked: int, drawn: int) -> float:
    """... and the chance that every one of the `marked` ones is among them."""
    if marked == 0 or marked > drawn:
        return 0.0
    return math.comb(population - marked, drawn - marked) / math.comb(population, drawn)


# --- dice as data ------------------------------------------------------------------------

MAX_COUNT = 100
MAX_DICE_SIDES = 1000
MAX_BONUS = 1000

# `2d6+3`, `D3`, `d100`, `1d10+2`, Mongoose's `2D` (n six-sided dice), `D66`; either case,
# a plus, a hyphen or a true minus before the bonus, spaces around the sign
_NOTATION = re.compile(r"^\s*(\d*)\s*([dD])\s*(\d*)\s*(?:([+\-\u2212])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class Dice:
    """A dice expression the way the games write it, as plain integers: `count` dice of `sides`
    faces plus `bonus`, or (`d66`) two six-sided dice read as tens and units (11..66).

    Equal dice compare equal however they were written; the spelling (`D3` against `1d3`,
    Mongoose's `2D`) is kept only so that `str()` gives back what the catalog said.
    """

    count: int
    sides: int
    bonus: int = 0
    d66: bool = False
    letter: str = field(default="d", compare=False, repr=False)
    count_shown: bool = field(default=True, compare=False, repr=False)
    sides_shown: bool = field(default=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.d66 and (self.count, self.sides) != (2, 6):
            raise ValueError("D66 is two six-sided dice")
        if not 1 <= self.count <= MAX_COUNT:
            raise ValueError(f"roll 1..{MAX_COUNT} dice, not {self.count}")
        if not 2 <= self.sides <= MAX_DICE_SIDES:
            raise ValueError(f"a die has 2..{MAX_DICE_SIDES} sides, not {self.sides}")
        if abs(self.bonus) > MAX_BONUS:
            raise ValueError(f"a bonus is at most {MAX_BONUS} either way, not {self.bonus}")

    @staticmethod
    def parse(text: str) -> Dice:
        """Read a dice expression; a ValueError that says what is wrong with it."""
        return _parse(text)

    # --- what the dice can give ---------------------------------------------------------

    @property
    def min(self) -> int:
        return (11 if self.d66 else self.count) + self.bonus

    @property
    def max(self) -> int:
        return (66 if self.d66 else self.count * self.sides) + self.bonus

    @property
    def mean(self) -> float:
        if self.d66:
            return 38.5 + self.bonus  # tens average 35, units 3.5
        return self.count * (self.sides + 1) / 2 + self.bonus

    def outcomes(self) -> int:
        """How many equally likely ways the dice fall (36 for 2d6 and for D66)."""
        ways: int = self.sides ** self.count
        return ways

    def counts(self) -> dict[int, int]:
        """Each total with the number of ways (of `outcomes()`) the dice make it, in order."""
        # icepool is imported here only: `validate` reads dice but never asks for their odds
        import icepool  # type: ignore[import-untyped]

        die = icepool.d(self.sides)
        pool = 10 * die + die if self.d66 else self.count @ die
        return {int(k) + self.bonus: int(v) for k, v in sorted(pool.items())}

    def distribution(self) -> dict[int, Fraction]:
        """Each total with its exact chance."""
        ways = self.outcomes()
        return {total: Fraction(n, ways) for total, n in self.counts().items()}

    # --- rolling ------------------------------------------------------------------------

    def roll(self, roller: Roller) -> int:
        """One roll: each die from `roller` in turn (D66: the tens die first)."""
        if self.d66:
            tens = roller.d(6)
            return 10 * tens + roller.d(6) + self.bonus
        return sum(roller.d(self.sides) for _ in range(self.count)) + self.bonus

    def __str__(self) -> str:
        bonus = f"{self.bonus:+d}" if self.bonus else ""
        if self.d66:
            return f"{self.letter}66{bonus}"
        count = str(self.count) if self.count_shown or not self.sides_shown else ""
        sides = str(self.sides) if self.sides_shown else ""
        return f"{count}{self.letter}{sides}{bonus}"

    # --- as a Pydantic field ------------------------------------------------------------

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        from pydantic_core import core_schema

        def coerce(value: Any) -> Dice:
            if isinstance(value, Dice):
                return value
            if isinstance(value, str):
                return _parse(value)
            raise ValueError(f"{value!r} is not a dice expression; {_EXAMPLES}")

        return core_schema.no_info_plain_validator_function(
            coerce, json_schema_input_schema=core_schema.str_schema(),
            serialization=core_schema.plain_serializer_function_ser_schema(str))

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: CoreSchema, handler: GetJsonSchemaHandler
                                     ) -> JsonSchemaValue:
        return {"type": "string", "pattern": _NOTATION.pattern,
                "description": f"a dice expression; {_EXAMPLES}"}


_EXAMPLES = "write it as 2d6+3, D3, 1d10+2, 2D (six-sided) or D66"


@lru_cache(maxsize=4096)  # catalogs repeat a few expressions; a design cannot grow it
def _parse(text: str) -> Dice:
    match = _NOTATION.match(text)
    if match is None:
        raise ValueError(f"'{text}' is not a dice expression; {_EXAMPLES}")
    count_text, letter, sides_text, sign, bonus_text = match.groups()
    bonus = int(bonus_text or 0) * (-1 if sign in ("-", "\u2212") else 1)
    if sides_text == "66":
        # no game rolls a 66-sided die: `1D66` beside `D66` would read two ways
        if count_text:
            raise ValueError(f"'{text}': D66 is two six-sided dice read as tens and units; "
                             "write it D66, without a count")
        return Dice(2, 6, bonus, d66=True, letter=letter)
    if not count_text and not sides_text:
        raise ValueError(f"'{text}' is not a dice expression: say how many dice (2D) or of "
                         "how many sides (D6)")
    try:
        return Dice(int(count_text or 1), int(sides_text or 6), bonus, letter=letter,
                    count_shown=bool(count_text), sides_shown=bool(sides_text))
    except ValueError as exc:
        raise ValueError(f"'{text}': {exc}") from None
