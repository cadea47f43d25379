"""Commands about designs and catalogs: systems, catalog, new, validate, show, schema."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from shipyard.cli.app import DesignFiles, SystemId, app, finish, report, state, user_errors
from shipyard.cli.completion import design_files, hulls, stocks
from shipyard.cli.tables import render
from shipyard.core.table import Table
from shipyard.errors import Exit, UserError

if TYPE_CHECKING:
    from shipyard.core.yard import Report

# Core modules are imported inside the commands: `--help` must not pay for Pydantic models.

JsonFlag = Annotated[bool, typer.Option("--json", help="machine-readable output")]


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _print_tables(tables: list[Table]) -> None:
    typer.echo("\n".join(render(t) for t in tables), nl=False)


@app.command(epilog="""
    shipyard systems
    shipyard systems --json
""")
@user_errors
def systems(as_json: JsonFlag = False) -> None:
    """List the rules systems."""
    found, broken = state.yard().loadable()
    for line in broken:  # a third party's broken system costs one line, not the command
        print(f"shipyard: warning: {line}", file=sys.stderr)
    if as_json:
        _print_json([{"id": s.id, "title": s.title, "dice": s.dice, "hull": s.hull_help}
                     for s in found])
        return
    _print_tables([Table("Rules systems", ["id", "title", "dice", "--hull takes"],
                         [[s.id, s.title, s.dice, s.hull_help] for s in found])])


@app.command(epilog="""
    shipyard catalog rogue-trader
    shipyard catalog smallcraft --json > smallcraft.json
""")
@user_errors
def catalog(system: SystemId, as_json: JsonFlag = False) -> None:
    """Hull classes, components, weapons and tables of a rules system."""
    yard = state.yard()
    rules = yard.system(system)
    data = yard.catalog(rules)
    if as_json:
        _print_json(data.model_dump(mode="json"))
        return
    _print_tables(rules.catalog_tables(data))


@app.command(epilog="""
    shipyard new smallcraft -o wasp.yaml
    shipyard new smallcraft --hull 40
    shipyard new rogue-trader --hull sword-class-frigate -o sword.yaml
    shipyard new dropfleet --stock centurion-grand-cruiser -o centurion.yaml
""")
@user_errors
def new(
    system: SystemId,
    hull: Annotated[str | None, typer.Option(
        metavar="HULL", autocompletion=hulls,
        help="the hull: a size or a hull id, as the system has them (see "
        "`shipyard systems`)")] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", metavar="FILE", help="write here instead of printing")] = None,
    force: Annotated[bool, typer.Option(help="overwrite an existing file")] = False,
    stock: Annotated[str | None, typer.Option(
        metavar="ID", autocompletion=stocks,
        help="a published ship of the system's catalog, by id (systems that "
        "have them)")
    ] = None,
) -> None:
    """Write a minimal legal design to start from, or a published stock ship (--stock)."""
    from shipyard.core.output import write_atomic
    from shipyard.core.yamlio import dump

    yard = state.yard()
    rules = yard.system(system)
    data = yard.catalog(rules)
    if stock is not None:
        _check_stock(rules.id, stock, hull, rules.stock_ids(data))
    text = dump(rules.new_design(data, hull, stock))
    if output is None:
        typer.echo(text, nl=False)
        return
    if output.exists() and not force:
        raise UserError.single("output.exists", "already exists; choose another name "
                               "or pass --force", str(output))
    write_atomic(output, text)
    typer.echo(f"wrote {output}", err=True)


def _check_stock(system_id: str, stock: str, hull: str | None, known: list[str]) -> None:
    from shipyard.core.suggest import suggest

    if hull is not None:
        raise UserError.single("cli.stock", "--stock and --hull: a stock ship has its own hull; "
                               "give one or the other")
    if not known:
        raise UserError.single("cli.stock", f"--stock {stock}: {system_id} has no stock ships")
    if stock not in known:
        raise UserError.single("cli.stock", f"--stock {stock}: not a {system_id} stock ship; "
                               f"{suggest(stock, known, always=True)} (see `shipyard catalog "
                               f"{system_id}`)")


@app.command(epilog="""
    shipyard validate wasp.yaml
    shipyard validate *.yaml --strict
    shipyard validate fleets/patrol.yaml --json
""")
@user_errors
def validate(
    designs: DesignFiles,
    as_json: JsonFlag = False,
    strict: Annotated[bool, typer.Option(help="warnings fail too (exit 1)")] = False,
) -> None:
    """The legality verdict for each design."""
    yard = state.yard()
    worst = Exit.OK
    out = []
    for path in designs:
        result = yard.check(path)
        for member in result.members:  # a fleet's designs, each with its own FILE:LINE
            report(member.errors + member.warnings)
            worst = max(worst, member.status(strict))
        report(result.errors + result.warnings)
        worst = max(worst, result.status(strict))
        if as_json:
            out.append(result.as_json())
        else:
            typer.echo(verdict_line(result))
            for member in result.members:
                typer.echo("  " + verdict_line(member))
    if as_json:
        _print_json(out)
    finish(worst)


def verdict_line(result: Any) -> str:
    if result.unchecked is not None:
        return f"{result.file}: not checked: {result.unchecked}"
    if result.legal is None:
        return f"{result.file}: not a {'fleet' if result.fleet else 'design'}"
    verdict = "legal" if result.legal else "NOT LEGAL"
    budgets = ", ".join(f"{b.name} {b.shown()}" for b in result.budgets)
    notes = []
    if result.errors:
        notes.append(f"{len(result.errors)} error{'s' * (len(result.errors) != 1)}")
    if result.warnings:
        notes.append(f"{len(result.warnings)} warning{'s' * (len(result.warnings) != 1)}")
    tail = f" ({', '.join(notes)})" if notes else ""
    kind = "fleet " if result.fleet is not None else ""
    return f"{result.file}: {kind}{result.name} [{result.system}]: {verdict}; {budgets}{tail}"


@app.command(epilog="""
    shipyard show wasp.yaml
    shipyard show fleets/patrol.yaml --json
""")
@user_errors
def show(design: Annotated[Path, typer.Argument(
        metavar="DESIGN", help="a design or fleet file (.yaml)", autocompletion=design_files)],
         as_json: JsonFlag = False) -> None:
    """The budgets with their line items, and the derived profile."""
    yard = state.yard()
    result = yard.check(design)
    for member in result.members:
        report(member.errors + member.warnings)
    report(result.errors + result.warnings)
    if result.fleet is not None and result.readable:
        _show_fleet(result, as_json)
        finish(result.status())
        return
    if result.design is None:
        finish(result.status())
        return
    d = result.design
    profile = d.system.profile(d)
    if as_json:
        from shipyard.core.budget import reading  # not for --help

        _print_json({**result.as_json(),
                     "budgets": [b.as_json_full() for b in result.budgets],
                     "profile": [{"rating": k, "value": v, **reading(v)} for k, v in profile]})
    else:
        verdict = "legal" if result.legal else "NOT LEGAL"
        typer.echo(f"{result.name} [{result.system}]: {verdict}")
        tables = [Table(f"{b.title or b.name}: {b.shown(' of ', named=True)}",
                        ["item", b.unit, "line"],
                        [[i.label, _amount(i.amount, b.unit), str(i.line or "")]
                         for i in b.items])
                  for b in result.budgets]
        tables.append(Table("Profile", ["rating", "value"], [list(r) for r in profile]))
        _print_tables(tables)
    finish(result.status())


def _amount(value: object, unit: str) -> str:
    from shipyard.core.figures import figure  # not for --help

    return figure(value, unit)  # type: ignore[arg-type]


def _show_fleet(result: Report, as_json: bool) -> None:
    fleet = result.fleet
    assert fleet is not None
    unit = str(result.budgets[0].unit) if result.budgets else ""
    rows = [[g.name, m.name, str(m.count), _amount(m.price, unit), _amount(m.total, unit),
             str(m.line or "")]
            for g in fleet.groups for m in g.members]
    if as_json:
        _print_json({**result.as_json(),
                     "budgets": [b.as_json_full() for b in result.budgets],
                     "roster": [{"group": g.name, "type": g.type, "ship": m.name,
                                 "from": m.shown, "count": m.count, "price": float(m.price),
                                 "total": float(m.total), "line": m.line}
                                for g in fleet.groups for m in g.members]})
        return
    verdict = "legal" if result.legal else "NOT LEGAL"
    typer.echo(f"fleet {result.name} [{result.system}]: {verdict}")
    if unit:
        tables = [Table(f"Roster ({unit})", ["group", "ship", "count", "each", "total", "line"],
                        rows)]
    else:  # a system whose ships have no price: ships and counts only
        tables = [Table("Roster", ["group", "ship", "count", "line"],
                        [[r[0], r[1], r[2], r[5]] for r in rows])]
    tables += [Table(f"{b.title or b.name}: {b.shown(' of ', named=True)}",
                     ["item", b.unit, "line"],
                     [[i.label, _amount(i.amount, b.unit), str(i.line or "")] for i in b.items])
               for b in result.budgets]
    _print_tables(tables)


@app.command(epilog="""
    shipyard schema smallcraft > smallcraft.schema.json
    shipyard schema rogue-trader --fleet
""")
@user_errors
def schema(
    system: SystemId,
    fleet: Annotated[bool, typer.Option(
        "--fleet", help="the schema of a fleet file instead of a design")] = False,
) -> None:
    """The JSON Schema of a system's design file (or, with --fleet, its fleet file)."""
    rules = state.yard().system(system)
    if fleet:
        from shipyard.core.fleet import FleetFile

        kind, document = "fleet", FleetFile.model_json_schema()
    else:
        kind, document = "design", rules.design_model.model_json_schema()
    document = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "$id": f"shipyard:{rules.id}{':fleet' * fleet}", **document,
                "title": f"shipyard {rules.id} {kind}"}
    sys.stdout.write(json.dumps(document, indent=2) + "\n")
