"""The yard: the rules systems, their (layered) catalogs, and designs read and checked against them.

One Yard serves one command: it caches each system's catalog, so checking a thousand designs
parses the catalog once.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from shipyard.core.budget import Budget
from shipyard.core.catalog import ValidationContext, catalog_files, load_catalog
from shipyard.core.fleet import FleetEntry, FleetFile, entries, is_fleet, too_many
from shipyard.core.registry import BrokenSystem, load_system, system_ids
from shipyard.core.suggest import quoted, suggest
from shipyard.core.system import AnyDesign, AnySystem, Design, Fleet, Group, Member, Verdict
from shipyard.core.validation import validate
from shipyard.core.yamlio import Located, load_file
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
    fleet: Fleet | None = None  # a fleet file's roster
    members: list[Report] = field(default_factory=list)  # a fleet's designs, each once
    unchecked: str | None = None  # why a readable file could not be checked (a broken catalog)

    @property
    def kind(self) -> str:
        return "fleet" if self.fleet is not None else "design"

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
            **({"kind": "fleet", "members": [m.as_json() for m in self.members]}
               if self.fleet is not None else {}),
        }


class Yard:
    def __init__(self, overlays: list[Path] | None = None) -> None:
        self.overlays = list(overlays or [])
        self._catalogs: dict[str, Any] = {}
        self._parsed: dict[tuple[str, str | None], Located | UserError] = {}

    def system_ids(self) -> tuple[str, ...]:
        return system_ids()

    def system(self, system_id: str, file: str | None = None,
               line: int | None = None) -> AnySystem:
        try:
            system = load_system(system_id) if isinstance(system_id, str) else None
        except BrokenSystem as exc:
            raise UserError.single("system.broken", str(exc), file, line) from None
        if system is None:
            raise UserError.single("system.unknown", f"unknown rules system {quoted(system_id)}; "
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
            try:
                self._catalogs[system.id] = load_catalog(system.catalog_model, files)
            except UserError as err:  # read once: a thousand designs do not parse it again
                self._catalogs[system.id] = err
        found = self._catalogs[system.id]
        if isinstance(found, UserError):
            raise found
        return found

    def read(self, path: Path, shown: str | None = None) -> AnyDesign:
        """Read and schema-check one design file; a UserError (exit 2) if it is not a design."""
        located, system = self._load(path, shown)
        if is_fleet(located.data):
            raise UserError.single("fleet.nested", "this is a fleet file, where a design was "
                                   "wanted (a fleet lists designs, never fleets)",
                                   located.file, located.line_of(("fleet",)))
        return self.design_of(located, system)

    def parse(self, path: Path, shown: str | None = None) -> Located:
        """A file's YAML. A command may look at a file before it checks it (is it a fleet?), and
        a pipe (`duel <(...)`, a FIFO) can be read only once: what a pipe gave is kept for the
        rest of the command. A regular file is read afresh, as it may have changed since."""
        try:
            regular = stat.S_ISREG(path.stat().st_mode)
        except OSError:
            regular = True  # missing or unreadable: load_file says why
        if regular:
            return load_file(path, shown)
        key = (str(path), shown)
        found = self._parsed.get(key)
        if found is None:
            try:
                found = load_file(path, shown)
            except UserError as err:
                found = err
            self._parsed[key] = found
        if isinstance(found, UserError):
            raise found
        return found

    def _load(self, path: Path, shown: str | None) -> tuple[Located, AnySystem]:
        located = self.parse(path, shown)
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
        return located, self.system(data["system"], located.file, located.line_of(("system",)))

    def design_of(self, located: Located, system: AnySystem) -> AnyDesign:
        catalog = self.catalog(system)
        model = validate(system.design_model, located, context=ValidationContext(catalog=catalog))
        _check_accept(model.accept, system, located)
        return Design(located, system, model, catalog,
                      system.build(model, catalog, located.line_of))

    def check(self, path: Path, shown: str | None = None) -> Report:
        """The verdict on a design file, or on a fleet file and each design it lists."""
        report = Report(file=shown or str(path))
        try:
            located, system = self._load(path, shown)
        except UserError as err:
            return _unreadable(report, err)
        try:
            self.catalog(system)
        except UserError as err:  # the catalog's fault, not the design's: say so
            report.system, report.unchecked = system.id, f"the {system.id} catalog has errors"
            return _unreadable(report, err)
        try:
            if is_fleet(located.data):
                return self._check_fleet(path, located, system, report)
            design = self.design_of(located, system)
        except UserError as err:
            return _unreadable(report, err)
        return self.judge(design, report)

    def judge(self, design: AnyDesign, report: Report | None = None) -> Report:
        report = report or Report(file=design.file)
        report.system, report.name, report.design = design.system.id, design.model.name, design
        return self._file_verdict(report, design.system.check(design), set(design.model.accept),
                                  design.file)

    # --- fleets ---------------------------------------------------------------------------

    def _check_fleet(self, path: Path, located: Located, system: AnySystem,
                     report: Report) -> Report:
        catalog = self.catalog(system)
        model = validate(FleetFile, located)
        if system.price_unit is None and model.limit is not None:
            raise UserError.single("fleet.unsupported", f"limit: {system.id} ships have no "
                                   "price, so a fleet of them has no limit; remove limit: and "
                                   "list the ships with their counts", located.file,
                                   located.line_of(("limit",)))
        _check_accept(model.accept, system, located)
        fleet = Fleet(located, model, [], catalog)
        report.system, report.name, report.fleet = system.id, model.fleet, fleet
        priced = system.price_unit is not None
        total = Budget("fleet", system.price_unit or "ships", model.limit,
                       title=f"Fleet total ({system.price_unit})")
        listed = entries(model)
        refused = too_many([(e.count, located.line_of((*at, "ships", j)))
                            for _, _, at, ships in listed for j, e in enumerate(ships)],
                           "the counts up to this entry")
        if refused is not None:  # before any member is read
            raise UserError([d.located(located.file) for d in refused.diagnostics])
        seen: dict[str, Report] = {}
        over_at: int | None = None
        for name, kind, at, ships in listed:
            group = Group(name, kind, located.line_of(at) if at else None)
            fleet.groups.append(group)
            for j, entry in enumerate(ships):
                line = located.line_of((*at, "ships", j))
                member = self._member(path, located, system, entry, line, seen, report)
                group.members.append(member)
                if member.design is not None:
                    total.add(f"{entry.count} × {entry.label or member.name}", member.total,
                              line)
                    if over_at is None and total.over:
                        over_at = line
        report.members = list(seen.values())
        if not report.readable:
            return report
        refused = too_many([(m.count * m.ships, m.line) for m in fleet.members],
                           "the ships of its designs up to this entry")
        if refused is not None:  # a design may be a group of ships
            return _unreadable(report, refused)
        verdict = system.fleet_check(fleet)
        if priced:
            verdict.budgets.insert(0, total)
        if total.over:
            verdict.error("fleet.over", f"the fleet costs {total.used} {system.price_unit}, "
                          f"over its limit of {model.limit}; this entry takes it over (remove "
                          f"{total.excess})", over_at)
        return self._file_verdict(report, verdict, set(model.accept), located.file)

    def _member(self, path: Path, located: Located, system: AnySystem, entry: FleetEntry,
                line: int | None, seen: dict[str, Report], report: Report) -> Member:
        """One roster entry read as a design, once however often the roster names it."""
        if entry.stock is not None:
            key = f"stock {entry.stock}"
        else:
            key = os.path.normpath(Path(located.file).parent / str(entry.design))
        member = seen.get(key)
        if member is None:
            member = seen[key] = self._member_report(path, located, system, entry, line, key)
        if not member.readable:
            report.readable = False
            # errors in the member's own file: this line points there (an entry refused at its
            # own line, such as a missing file or a nested fleet, needs no second line)
            if any(d.file != located.file for d in member.errors):
                report.errors.append(Diagnostic(
                    "fleet.member_unreadable", f"{key}: not a {system.id} design (see its "
                    "errors)", "error", line, located.file))
        elif member.errors:
            report.errors.append(Diagnostic("fleet.member_illegal", f"{member.name} ({key}) is "
                                            "NOT LEGAL", "error", line, located.file))
        design = member.design
        if design is None:
            return Member(None, entry.count, line, key)
        price = Decimal(system.price(design)) if system.price_unit is not None else Decimal(0)
        return Member(design, entry.count, line, key, price, system.ships_in(design))

    def _member_report(self, path: Path, located: Located, system: AnySystem,
                       entry: FleetEntry, line: int | None, key: str) -> Report:
        if entry.stock is not None:
            catalog = self.catalog(system)
            known = system.stock_ids(catalog)
            if entry.stock not in known:
                return _unreadable(Report(file=located.file), UserError.single(
                    "fleet.unknown_stock", f"stock: unknown {system.id} stock ship "
                    f"{quoted(entry.stock)}; {suggest(entry.stock, known, always=True)}",
                    located.file, line))
            data = system.new_design(catalog, None, entry.stock)
            stock = Located(data, located.file, {(): line} if line is not None else {})
            return self.judge(self.design_of(stock, system), Report(file=key))
        file = path.parent / str(entry.design)
        why = _not_a_design_file(file, key)
        if why is not None:  # said at the fleet's line: the entry is the mistake
            code, what = why
            return _unreadable(Report(file=key), UserError.single(
                code, f"design: {what}", located.file, line))
        # its top-level keys first: a fleet here is refused before anything it lists is read,
        # so a fleet that lists itself, or a chain of fleets, costs one file's parse
        try:
            found, found_system = self._load(file, key)
            if is_fleet(found.data):
                raise UserError.single("fleet.nested", f"design: {key} is a fleet; a fleet "
                                       "lists designs, never fleets", located.file, line)
            if found_system.id != system.id:
                raise UserError.single("fleet.member_system", f"design: {key} is a "
                                       f"{found_system.id} design in a {system.id} fleet",
                                       located.file, line)
            design = self.design_of(found, found_system)
        except UserError as err:
            return _unreadable(Report(file=key), err)
        return self.judge(design, Report(file=key))

    def _file_verdict(self, report: Report, verdict: Verdict, accept: set[str],
                      file: str) -> Report:
        report.budgets = verdict.budgets
        for diag in verdict.diagnostics:
            diag = diag.located(file)
            if diag.severity == "error":
                report.errors.append(diag)
            elif diag.code in accept:
                report.accepted.append(diag)
            else:
                report.warnings.append(diag)
        return report


def _not_a_design_file(file: Path, key: str) -> tuple[str, str] | None:
    """Why a fleet's `design:` path cannot be a design file (a code and the words), or None: a
    regular file or a pipe is read (and its own mistakes said in it)."""
    try:
        mode = file.stat().st_mode
    except FileNotFoundError:
        return "fleet.member_missing", f"no such file {key}"
    except OSError as exc:
        return "fleet.member_missing", f"cannot read {key}: {exc.strerror}"
    if stat.S_ISDIR(mode):
        return "fleet.member_unreadable", f"{key} is a folder, not a design file; name a .yaml " \
            "design in it"
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        return ("fleet.member_unreadable", f"{key} is a device or socket, not a design file; "
                "name a .yaml design file")
    return None


def _unreadable(report: Report, err: UserError) -> Report:
    report.readable = False
    report.errors = [d if d.file else d.located(report.file) for d in err.diagnostics]
    return report


def _check_accept(accept: list[str], system: AnySystem, located: Located) -> None:
    for i, code in enumerate(accept):
        if code not in system.codes:
            raise UserError.single("schema.unknown_code", f"accept: unknown code {quoted(code)}; "
                                   f"{suggest(code, sorted(system.codes))}", located.file,
                                   located.line_of(("accept", i)))
