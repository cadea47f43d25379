"""The yard: the rules systems, their (layered) catalogs, and designs read and checked against them.

One Yard serves one command: it caches each system's catalog, so checking a thousand designs
parses the catalog once.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from shipyard.core.budget import Budget
from shipyard.core.catalog import ValidationContext, catalog_files, load_catalog
from shipyard.core.registry import load_system, system_ids
from shipyard.core.system import DesignBase, RulesSystem
from shipyard.core.validation import validate
from shipyard.core.yamlio import Located, load_file
from shipyard.errors import Diagnostic, Exit, UserError


@dataclass
class Design:
    """A design file that passed its schema: ready for the rules."""

    located: Located
    system: RulesSystem
    model: Any  # the system's design model
    catalog: Any  # the system's catalog model

    @property
    def file(self) -> str:
        return self.located.file


@dataclass
class Report:
    """The verdict on one design file, as `validate` and `show` report it."""

    file: str
    system: str | None = None
    name: str | None = None
    errors: list[Diagnostic] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    accepted: list[Diagnostic] = field(default_factory=list)
    budgets: list[Budget] = field(default_factory=list)
    readable: bool = True
    design: Design | None = None

    @property
    def legal(self) -> bool | None:
        return None if not self.readable else not self.errors

    def status(self, strict: bool = False) -> Exit:
        if not self.readable:
            return Exit.INPUT
        if self.errors or (strict and self.warnings):
            return Exit.ILLEGAL
        return Exit.OK

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.file, "system": self.system, "name": self.name, "legal": self.legal,
            "errors": [d.as_json() for d in self.errors],
            "warnings": [d.as_json() for d in self.warnings],
            "accepted": [d.as_json() for d in self.accepted],
            "budgets": [b.as_json() for b in self.budgets],
        }


class Yard:
    def __init__(self, overlays: list[Path] | None = None) -> None:
        self.overlays = list(overlays or [])
        self._catalogs: dict[str, BaseModel] = {}

    def system_ids(self) -> tuple[str, ...]:
        return system_ids()

    def system(self, system_id: str, file: str | None = None,
               line: int | None = None) -> RulesSystem:
        system = load_system(system_id) if isinstance(system_id, str) else None
        if system is None:
            known = system_ids()
            close = difflib.get_close_matches(str(system_id), known, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(known)}"
            raise UserError.single("system.unknown",
                                   f"unknown rules system '{system_id}'; {hint}", file, line)
        return system

    def catalog(self, system: RulesSystem) -> Any:
        if system.id not in self._catalogs:
            files = catalog_files(system.catalog_dir(), self.overlays, system.id)
            self._catalogs[system.id] = load_catalog(system.catalog_model, files)
        return self._catalogs[system.id]

    def read(self, path: Path, shown: str | None = None) -> Design:
        """Read and schema-check one design file; a UserError (exit 2) if it is not a design."""
        located = load_file(path, shown)
        data = located.data
        if data is None:
            raise UserError.single(
                "design.empty", "empty file; a design starts with 'system: <id>' "
                f"(known systems: {', '.join(system_ids())})", located.file, 1)
        if not isinstance(data, dict):
            raise UserError.single("design.not_mapping",
                                   "a design is a mapping of keys (system:, name:, ...), "
                                   f"not a {type(data).__name__}", located.file, 1)
        if "system" not in data:
            raise UserError.single("schema.missing_key", "missing key 'system'; name the rules "
                                   f"system first (known: {', '.join(system_ids())})",
                                   located.file, 1)
        system = self.system(data["system"], located.file, located.line_of(("system",)))
        catalog = self.catalog(system)
        model = validate(system.design_model, located, context=ValidationContext(catalog=catalog))
        for i, code in enumerate(model.accept):
            if code not in system.codes:
                close = difflib.get_close_matches(code, system.codes, n=1)
                hint = (f"did you mean '{close[0]}'?" if close
                        else f"known: {', '.join(sorted(system.codes))}")
                raise UserError.single("schema.unknown_code", f"accept: unknown code '{code}'; "
                                       f"{hint}", located.file, located.line_of(("accept", i)))
        return Design(located, system, model, catalog)

    def check(self, path: Path, shown: str | None = None) -> Report:
        report = Report(file=shown or str(path))
        try:
            design = self.read(path, shown)
        except UserError as err:
            report.readable = False
            report.errors = [d if d.file else d.located(report.file) for d in err.diagnostics]
            return report
        return self.judge(design, report)

    def judge(self, design: Design, report: Report | None = None) -> Report:
        report = report or Report(file=design.file)
        model: DesignBase = design.model
        report.system, report.name, report.design = design.system.id, model.name, design
        verdict = design.system.check(model, design.catalog, design.located.line_of)
        report.budgets = verdict.budgets
        accept = set(model.accept)
        for diag in verdict.diagnostics:
            diag = diag.located(design.file)
            if diag.severity == "error":
                report.errors.append(diag)
            elif diag.code in accept:
                report.accepted.append(diag)
            else:
                report.warnings.append(diag)
        return report
