"""Diagnostics and the user-facing error type.

A Diagnostic is a finding about a design (or a catalog) tied to a file and line. Its `code` is
stable: scripts and the `accept:` list of a design rely on it. Where the reader knows them it also
carries the column (1-based, like the line) and the offending value, for editors and scripts; the
printed line stays `FILE:LINE: message`, the form tests and users grep for.

A UserError is a mistake the user can fix; the CLI prints its lines and exits with its status,
never a traceback.
"""

from __future__ import annotations

import datetime
import json
import math
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Literal, TypeAlias

Severity = Literal["error", "warning"]
# What `value` may hold: it goes into JSON as it is.
JsonValue: TypeAlias = (str | int | float | bool | list["JsonValue"] | dict[str, "JsonValue"]
                        | None)

MAX_VALUE_CHARS = 200  # a value longer than this as JSON (1,000 components, say) is left out


def json_value(value: object) -> JsonValue:
    """`value` as a Diagnostic carries it: plain JSON data, or None where it has no fair JSON form
    (a NaN, bytes) or would swamp the report."""
    plain = _plain(value)
    if isinstance(plain, list | dict) and len(json.dumps(plain)) > MAX_VALUE_CHARS:
        return None
    return plain


def _plain(value: object) -> JsonValue:
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, datetime.date):  # YAML reads 2024-05-01 as a date
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return None


class Exit(IntEnum):
    OK = 0
    ILLEGAL = 1  # a readable design breaks a rule
    INPUT = 2  # not a design at all, or a wrong command line


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    severity: Severity = "error"
    line: int | None = None
    file: str | None = None
    column: int | None = None
    value: JsonValue = field(default=None, hash=False)  # a list or mapping is not hashable

    def located(self, file: str) -> Diagnostic:
        return Diagnostic(self.code, self.message, self.severity, self.line, file, self.column,
                          self.value)

    def render(self) -> str:
        prefix = "" if self.severity == "error" else "warning: "
        if self.file is None:  # a wrong command line: no file to point at
            return f"shipyard: {prefix}{self.message}"
        return f"{self.file}:{self.line if self.line is not None else 1}: {prefix}{self.message}"

    def as_json(self) -> dict[str, object]:
        # column and value are always present (null where unknown): readers need not test keys
        return {"code": self.code, "message": self.message, "line": self.line,
                "column": self.column, "value": self.value}


@dataclass
class UserError(Exception):
    """One or more problems the user caused, each printed as one `FILE:LINE: message` line."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    status: Exit = Exit.INPUT

    def __str__(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)

    @classmethod
    def single(
        cls, code: str, message: str, file: str | None = None, line: int | None = None,
        status: Exit = Exit.INPUT, *, column: int | None = None, value: JsonValue = None,
    ) -> UserError:
        return cls([Diagnostic(code, message, "error", line, file, column, value)], status)
