"""The yard: the rules systems, their (layered) catalogs, and designs read and checked against them.

One Yard serves one command: it caches each system's catalog, so checking a thousand designs
parses the catalog once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shipyard.core.budget import Budget
from shipyard.core.catalog import catalog_files, load_catalog
from shipyard.core.registry import BrokenSystem, load_system, system_ids
from shipyard.core.suggest import suggest
from shipyard.core.system import AnyDesign, AnySystem, Design
from shipyard.core.validation import validate
from shipyard.core.yamlio import load_file
from shipyard.errors import Diagnostic, Exit, UserError

__all__ = ["Design", "Report", "Yard"]


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
    design: AnyDesign | None = None

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
        self._catalogs: dict[str, Any] = {}

    def system_ids(self) -> tuple[str, ...]:
        return system_ids()

    def system(self, system_id: str, file: str | None = None,
               line: int | None = None) -> AnySystem:
        try:
            system = load_system(system_id) if isinstance(system_id, str) else None
        except BrokenSystem as exc:
            raise UserError.single("system.broken", str(exc), file, line) from None
        if system is None:
            raise UserError.single("system.unknown", f"unknown rules system '{system_id}'; "
                                   f"{suggest(str(system_id), system_ids())}", file, line)
        return system

    def loadable(self) -> tuple[list[AnySystem], list[str]]:
        """Every registered system that loads, and a line about each one that does not."""
        found, broken = [], []
        for system_id in system_ids():
            try:
                system = load_system(system_id)
            except BrokenSystem as exc:
                broken.append(str(exc))
                continue
            if system is not None:
                found.append(system)
        return found, broken

    def catalog(self, system: AnySystem) -> Any:
        if system.id not in self._catalogs:
            files = catalog_files(system.catalog_dir(), self.overlays, system.id)
            self._catalogs[system.id] = load_catalog(system.catalog_model, files)
        return self._catalogs[system.id]

    def read(self, path: Path, shown: str | None = None) -> AnyDesign:
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
        model = validate(system.design_model, located, context={"catalog": catalog})
        for i, code in enumerate(model.accept):
            if code not in system.codes:
                raise UserError.single("schema.unknown_code", f"accept: unknown code '{code}'; "
                                       f"{suggest(code, sorted(system.codes))}", located.file,
                                       located.line_of(("accept", i)))
        return Design(located, system, model, catalog,
                      system.build(model, catalog, located.line_of))

    def check(self, path: Path, shown: str | None = None) -> Report:
        report = Report(file=shown or str(path))
        try:
            design = self.read(path, shown)
        except UserError as err:
            report.readable = False
            report.errors = [d if d.file else d.located(report.file) for d in err.diagnostics]
            return report
        return self.judge(design, report)

    def judge(self, design: AnyDesign, report: Report | None = None) -> Report:
        report = report or Report(file=design.file)
        model = design.model
        report.system, report.name, report.design = design.system.id, model.name, design
        verdict = design.system.check(design)
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
