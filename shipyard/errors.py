"""Diagnostics and the user-facing error type.

A Diagnostic is a finding about a design (or a catalog) tied to a file and line. Its `code` is
stable: scripts and the `accept:` list of a design rely on it. A UserError is a mistake the user
can fix; the CLI prints its lines and exits with its status, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Literal

Severity = Literal["error", "warning"]


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

    def located(self, file: str) -> Diagnostic:
        return Diagnostic(self.code, self.message, self.severity, self.line, file)

    def render(self) -> str:
        prefix = "" if self.severity == "error" else "warning: "
        if self.file is None:  # a wrong command line: no file to point at
            return f"shipyard: {prefix}{self.message}"
        return f"{self.file}:{self.line if self.line is not None else 1}: {prefix}{self.message}"

    def as_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "line": self.line}


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
        status: Exit = Exit.INPUT,
    ) -> UserError:
        return cls([Diagnostic(code, message, "error", line, file)], status)
