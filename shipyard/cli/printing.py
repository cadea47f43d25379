"""Commands that print: `sheet` (damage sheets of designs, a fleet in one file) and `cards`.

Jinja and WeasyPrint are imported inside the commands: `--help` and `validate` never pay for them.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from shipyard.cli.app import DesignFiles, SystemId, app, judged, state, user_errors

if TYPE_CHECKING:
    from shipyard.core.render import Page
    from shipyard.core.yard import Report


class PaperChoice(StrEnum):
    a4 = "a4"
    letter = "letter"


class FormatChoice(StrEnum):
    pdf = "pdf"
    html = "html"


PaperOption = Annotated[PaperChoice, typer.Option(
    "--paper", help="paper size: a4 or letter", case_sensitive=False)]
OutputOption = Annotated[Path | None, typer.Option(
    "-o", "--output", metavar="OUT", help="the file to write (default: see above)")]


@app.command()
@user_errors
def sheet(
    designs: DesignFiles,
    output: OutputOption = None,
    paper: PaperOption = PaperChoice.a4,
    fmt: Annotated[FormatChoice | None, typer.Option(
        "--format", help="pdf or html (default: pdf, or html when OUT ends in .html)",
        case_sensitive=False)] = None,
    cards: Annotated[bool, typer.Option(
        "--cards", help="append the reference cards of every system present")] = False,
    allow_illegal: Annotated[bool, typer.Option(
        "--allow-illegal", help="print illegal designs, marked NOT LEGAL with their errors")
    ] = False,
) -> None:
    """Print damage sheets: one file for any number of designs, a sheet (or more) each.

    Writes OUT, or <design>.pdf for one design and fleet.pdf for several, in the current
    directory; prints the path it wrote. An illegal design is refused (exit 1) unless
    --allow-illegal.
    """
    from shipyard.core import render

    yard = state.yard()
    reports = judged(designs, allow_illegal)
    kind = fmt or (FormatChoice.html if output is not None and output.suffix.lower() == ".html"
                   else FormatChoice.pdf)
    if output is None:
        output = Path(f"{designs[0].stem if len(designs) == 1 else 'fleet'}.{kind.value}")
    pages = [page for result in reports for page in _pages_of(result)]
    if cards:
        systems = dict.fromkeys(r.design.system for r in reports if r.design is not None)
        pages += [render.Page(s.cards(yard.catalog(s))) for s in systems]
    title = ", ".join(str(r.name) for r in reports)
    title = title if len(reports) == 1 else f"Fleet: {title}"
    _write(pages, kind, paper.value, output, title)
    typer.echo(f"wrote {output}")


def _pages_of(result: Report) -> list[Page]:
    """A design's sheet; a fleet's roster, then a sheet for every ship of it (a group of three
    gets three, each with its own tracks)."""
    from shipyard.core.render import Page
    from shipyard.core.roster import roster

    if result.fleet is None:
        return [_sheet_of(result)]
    fleet = result.fleet
    unit = str(result.budgets[0].unit) if result.budgets else ""
    pages = [Page(roster(fleet, result.budgets, unit), _problems(result))]
    for member in fleet.members:
        report = next((r for r in result.members if r.design is member.design), None)
        if report is not None and report.design is not None:
            pages += [_sheet_of(report)] * member.count
    return pages


def _problems(result: Report) -> tuple[str, ...]:
    return tuple(f"line {d.line}: {d.message}" if d.line is not None else d.message
                 for d in result.errors)


def _sheet_of(result: Report) -> Page:
    from shipyard.core.render import Page

    design = result.design
    assert design is not None  # only readable reports get here
    return Page(design.system.sheet(design, result.budgets), _problems(result))


@app.command()
@user_errors
def cards(
    system: SystemId,
    output: OutputOption = None,
    paper: PaperOption = PaperChoice.a4,
) -> None:
    """Print a system's reference cards: poker size, nine to a page, with cut lines.

    Writes OUT, or <system>-cards.pdf in the current directory; prints the path it wrote.
    """
    from shipyard.core import render

    yard = state.yard()
    rules = yard.system(system)
    page = render.Page(rules.cards(yard.catalog(rules)))
    output = output or Path(f"{rules.id}-cards.pdf")
    _write([page], FormatChoice.pdf, paper.value, output, f"{rules.id} reference cards")
    typer.echo(f"wrote {output}")


def _write(pages: list[Page], kind: FormatChoice, paper: str, output: Path, title: str) -> None:
    from shipyard.core.output import write_atomic

    if kind == FormatChoice.html:
        from shipyard.core import render

        write_atomic(output, render.book(pages, paper, title))
        return
    from shipyard.core import pdf

    write_atomic(output, pdf.book(pages, paper, title))
