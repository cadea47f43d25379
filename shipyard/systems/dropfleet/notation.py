"""How the game writes its numbers and rules, read into plain values.

- Saves and Locks are written `3+`; a Lock of `*` in the data (Lock equals the target's Armour)
  is the token `armour` here.
- Attack and Damage are a whole number or dice (`D3`, `2D6`, `D6+1`: the kit's `Dice`); a Damage
  of `-` in the data (damage equals the number of hits, Distortion) is the token `hits`.
- Special rules are written `X (n)`, `X(n)` or `X-n` (`Linked (1)`, `L(4)*`, `Alt-1`); each is
  read as one canonical (name, parameter) pair.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, PlainSerializer, WithJsonSchema

from shipyard.api import Dice

_RULE = re.compile(r"^\s*(?P<name>[A-Za-z][^()]*?)\s*(?:\(\s*(?P<p>[^()]*?)\s*\)|-(?P<q>\d+))?"
                   r"\s*(?P<mark>\*)?\s*$")
_NUMBER = re.compile(r"^\s*\d{1,3}\s*$")

Amount = int | Dice


def amount(value: Any) -> Amount:
    """A whole number (`3`, 0 to 999) or dice (`D3`, `2D6`, `D6+1`)."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a number or dice such as D3 or D6+1")
    if isinstance(value, Dice):
        return value
    if isinstance(value, int):
        if not 0 <= value <= 999:
            raise ValueError(f"{value} is out of range (0-999)")
        return value
    if isinstance(value, str):
        return int(value) if _NUMBER.match(value) else Dice.parse(value)
    raise ValueError(f"{value!r} is not a number or dice such as 3, D3, 2D6 or D6+1")


def mean(value: Amount) -> float:
    return float(value) if isinstance(value, int) else value.mean


def _damage(value: Any) -> Amount | Literal["hits"]:
    return "hits" if value == "hits" else amount(value)


DiceField = Annotated[Amount, BeforeValidator(amount), PlainSerializer(str, return_type=str),
                      WithJsonSchema({"type": ["string", "integer"],
                                      "description": "a number or dice: 3, D3, 2D6, D6+1"})]
DamageField = Annotated[Amount | Literal["hits"], BeforeValidator(_damage),
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
