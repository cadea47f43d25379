"""Results as printed pages: `-o FILE` on `battle --runs` and `duel --runs` (the encounter
report). The format comes from the file's name and the paper from `--paper`, as for `sheet`;
the page is rendered and written by the same code as sheets (printing.py).
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from shipyard.cli.app import state
from shipyard.cli.printing import SUFFIXES, FormatChoice, _format, _write
from shipyard.errors import UserError

if TYPE_CHECKING:
    from shipyard.core.model import Printable

ReportOutput = Annotated[Path | None, typer.Option(
    "-o", "--output", metavar="OUT", help="also write the series as a one-page report with "
    "charts, its format by its name: .pdf, .html or .png")]


def report_format(output: Path | None, runs: int, noun: str) -> FormatChoice | None:
    """What `-o` asks for, checked before any fight: None without -o."""
    if output is None:
        return None
    if runs < 2:
        raise UserError.single("cli.output", f"-o {output}: a report is of a series; add "
                               f"--runs N (2 or more {noun})")
    return _format(output, None)


def chart_format(output: Path) -> FormatChoice | None:
    """What `-o` asks for where the charts alone may be had too: None for .svg."""
    if output.suffix.lower() == ".svg":
        return None
    if output.suffix.lower() not in SUFFIXES:
        raise UserError.single("cli.format", f"-o {output}: shipyard cannot write a "
                               f"{output.suffix or 'nameless'} file here; name it .pdf, .html, "
                               ".png or .svg")
    return _format(output, None)


def write_report(page: Printable, kind: FormatChoice, paper: str, output: Path, title: str,
                 as_json: bool) -> None:
    """Render and write the report; "wrote FILE" goes where it does not spoil --json."""
    from shipyard.core.render import Page

    target = contextlib.redirect_stdout(sys.stderr) if as_json else contextlib.nullcontext()
    with target:
        _write([Page(page)], kind, paper, output, title)


def house_rules() -> list[str]:
    """The --catalog folders layered over the built-in catalogs, as the report names them."""
    return [str(path) for path in state.overlays]
