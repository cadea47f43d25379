"""The Typer application and the state its global options set.

Commands live in sibling modules (design.py, and one module per capability) and register on
`app` here. This package is the only place that prints, exits, or imports Rich.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from shipyard import __version__
from shipyard.errors import Diagnostic, Exit, UserError

if TYPE_CHECKING:
    from shipyard.core.yard import Yard

app = typer.Typer(
    name="shipyard",
    help="Build, check, print and fight starships for tabletop rules systems.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class _State:
    overlays: list[Path] = []  # noqa: RUF012 - one process, one command line

    def yard(self) -> Yard:
        from shipyard.core.yard import Yard  # Pydantic models: not for --help

        return Yard(self.overlays)


state = _State()


def _version(value: bool) -> None:
    if value:
        typer.echo(f"shipyard {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    catalog: Annotated[list[Path] | None, typer.Option(
        "--catalog", metavar="DIR",
        help="a group's own catalog files (DIR/<system>/*.yaml), layered over the built-in ones; "
             "may be given more than once")] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    for directory in catalog or []:
        if not directory.is_dir():
            fail(UserError.single("cli.catalog", "--catalog: not a directory; give a folder "
                                  "holding <system>/*.yaml files", str(directory)))
    state.overlays = list(catalog or [])


def report(diagnostics: list[Diagnostic]) -> None:
    for diag in diagnostics:
        print(diag.render(), file=sys.stderr)


def fail(err: UserError) -> NoReturn:
    report(err.diagnostics)
    raise typer.Exit(int(err.status))


def finish(status: Exit) -> None:
    if status != Exit.OK:
        raise typer.Exit(int(status))
