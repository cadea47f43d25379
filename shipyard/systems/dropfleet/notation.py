"""How the game writes its numbers and rules, read into plain values.

- Saves and Locks are written `3+`; a Lock of `*` in the data (Lock equals the target's Armour)
  is the token `armour` here.
- Attack and Damage are a whole number or dice (`D3`, `2D6`, `D6+1`); a Damage of `-` in the
  data (damage equals the number of hits, Distortion) is the token `hits`.
- Special rules are written `X (n)`, `X(n)` or `X-n` (`Linked (1)`, `L(4)*`, `Alt-1`); each is
  read as one canonical (name, parameter) pair.

The dice here are a stop-gap until the kit's dice type lands in the core (issue 9); they reduce
to (count, sides, bonus) the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, PlainSerializer, WithJsonSchema

_DICE = re.compile(r"^\s*(?:(\d{1,2})?[dD](\d{1,2})\s*(?:([+-])\s*(\d{1,2}))?|(\d{1,3}))\s*$")
_RULE = re.compile(r"^\s*(?P<name>[A-Za-z][^()]*?)\s*(?:\(\s*(?P<p>[^()]*?)\s*\)|-(?P<q>\d+))?"
                   r"\s*(?P<mark>\*)?\s*$")


@dataclass(frozen=True, order=True)
class Dice:
    """`count` dice of `sides` faces plus `bonus`; a plain number has no dice (sides 0)."""

    count: int
    sides: int
    bonus: int

    @classmethod
    def parse(cls, text: str | int) -> Dice:
        if isinstance(text, bool):
            raise ValueError(f"{text!r} is not a number or dice such as D3 or D6+1")
        if isinstance(text, int):
            if not 0 <= text <= 999:
                raise ValueError(f"{text} is out of range (0-999)")
            return cls(0, 0, text)
        m = _DICE.match(text)
        if m is None:
            raise ValueError(f"'{text}' is not a number or dice such as 3, D3, 2D6 or D6+1")
        if m.group(5) is not None:
            return cls(0, 0, int(m.group(5)))
        sides = int(m.group(2))
        if sides < 2:
            raise ValueError(f"'{text}': a die has at least 2 sides")
        count = int(m.group(1) or 1)
        if count < 1:
            raise ValueError(f"'{text}': roll at least one die")
        bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        return cls(count, sides, bonus)

    @property
    def mean(self) -> Fraction:
        return Fraction(self.count * (self.sides + 1), 2) + self.bonus

    @property
    def low(self) -> int:
        return self.count + self.bonus if self.sides else self.bonus

    @property
    def high(self) -> int:
        return self.count * self.sides + self.bonus

    def __str__(self) -> str:
        if not self.sides:
            return str(self.bonus)
        head = f"{self.count if self.count > 1 else ''}D{self.sides}"
        return head + (f"{self.bonus:+d}" if self.bonus else "")


def _dice(value: Any) -> Dice:
    return value if isinstance(value, Dice) else Dice.parse(value)


def _damage(value: Any) -> Dice | Literal["hits"]:
    if value == "hits":
        return "hits"
    return _dice(value)


DiceField = Annotated[Dice, BeforeValidator(_dice), PlainSerializer(str, return_type=str),
                      WithJsonSchema({"type": ["string", "integer"],
                                      "description": "a number or dice: 3, D3, 2D6, D6+1"})]
DamageField = Annotated[Dice | Literal["hits"], BeforeValidator(_damage),
                        PlainSerializer(str, return_type=str),
                        WithJsonSchema({"type": ["string", "integer"],
                                        "description": "a number, dice, or `hits`"})]


def _save(value: Any) -> int:
    text = str(value).strip()
    number = text.removesuffix("+")
    if not number.isdigit() or not 2 <= int(number) <= 6:
        raise ValueError(f"'{value}' is not a save or Lock from 2+ to 6+")
    return int(number)


def _lock(value: Any) -> int | Literal["armour"]:
    return "armour" if value in ("armour", "*") else _save(value)


def save_text(value: int | None) -> str:
    return "-" if value is None else f"{value}+"


Save = Annotated[int, BeforeValidator(_save), PlainSerializer(save_text, return_type=str),
                 WithJsonSchema({"type": "string", "pattern": "^[2-6]\\+$"})]
Lock = Annotated[int | Literal["armour"], BeforeValidator(_lock),
                 PlainSerializer(lambda v: v if v == "armour" else f"{v}+", return_type=str),
                 WithJsonSchema({"type": "string", "pattern": "^([2-6]\\+|armour|\\*)$"})]


@dataclass(frozen=True, order=True)
class Rule:
    """A special rule as one canonical pair: `Linked (1)` is ("Linked", "1")."""

    name: str
    param: str | None = None

    @classmethod
    def parse(cls, text: str) -> Rule:
        m = _RULE.match(text) if isinstance(text, str) else None
        if m is None or len(text) > 80:
            raise ValueError(f"'{text}' is not a special rule such as Scald, Linked (1) or "
                             "Alt-1")
        param = m.group("p") if m.group("p") is not None else m.group("q")
        return cls(" ".join(m.group("name").split()), param or None)

    @property
    def number(self) -> int:
        """The parameter as a whole number (Linked (2) is 2); 0 if it has none."""
        return int(self.param) if self.param and self.param.isdigit() else 0

    def __str__(self) -> str:
        return self.name + (f" ({self.param})" if self.param else "")


def _rule(value: Any) -> Rule:
    if isinstance(value, Rule):
        return value
    if isinstance(value, dict) and set(value) <= {"name", "param"} and "name" in value:
        return Rule(str(value["name"]), None if value.get("param") is None
                    else str(value["param"]))
    return Rule.parse(value)


RuleField = Annotated[Rule, BeforeValidator(_rule),
                      PlainSerializer(lambda r: {"name": r.name, "param": r.param},
                                      return_type=dict),
                      WithJsonSchema({"type": "string",
                                      "description": "a special rule: Scald, Linked (1), Alt-1"})]
