"""The Typer application and the state its global options set.

Commands live in sibling modules (design.py, and one module per capability) and register on
`app` here. This package is the only place that prints, exits, or imports Rich.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, ParamSpec, TypeVar

import typer
import typer.completion
from typer.core import TyperGroup

from shipyard import __version__
from shipyard.cli.completion import design_files, system_ids
from shipyard.cli.help import SYSTEMS, Command
from shipyard.errors import Diagnostic, Exit, UserError

if TYPE_CHECKING:
    from shipyard.core.yard import Report, Yard

F = TypeVar("F", bound=Callable[..., Any])


class _App(typer.Typer):
    """Typer, with every command's help written as `Command` writes it."""

    def command(self, *args: Any, **settings: Any) -> Callable[[F], F]:
        settings["cls"] = settings.get("cls") or Command
        return super().command(*args, **settings)


# `shipyard --help` lists the commands in the order a newcomer uses them; a command not named
# here follows them, in the order it was registered
NEWCOMER_ORDER = ("systems", "examples", "new", "validate", "show", "sheet", "cards", "duel",
                  "battle", "odds", "catalog", "schema", "rulings", "compile")


class _Commands(TyperGroup):
    def list_commands(self, ctx: Any) -> list[str]:  # Typer's own click Context
        rank = {name: k for k, name in enumerate(NEWCOMER_ORDER)}
        return sorted(super().list_commands(ctx), key=lambda n: rank.get(n, len(rank)))


app = _App(
    name="shipyard",
    cls=_Commands,
    help="Build, check, print and fight starships for tabletop rules systems.",
    no_args_is_help=True,
    add_completion=False,  # ours take the shell's name: see _main
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class _State:
    """What the global options set: one yard per command line, so catalogs load once."""

    def __init__(self) -> None:
        self.overlays: list[Path] = []
        self._yard: Yard | None = None

    def configure(self, overlays: list[Path]) -> None:
        self.overlays, self._yard = overlays, None

    def yard(self) -> Yard:
        if self._yard is None:
            from shipyard.core.yard import Yard  # Pydantic models: not for --help

            self._yard = Yard(self.overlays)
        return self._yard


state = _State()

# Arguments several commands share, with what TAB offers for them.
SystemId = Annotated[str, typer.Argument(metavar="SYSTEM", help=f"a rules system: {SYSTEMS}",
                                         autocompletion=system_ids)]
DesignFiles = Annotated[list[Path], typer.Argument(
    metavar="DESIGN", help="design or fleet files (.yaml)", autocompletion=design_files)]


_EVERY_COMMAND: list[Any] = []
_EVERY_GROUP: list[Any] = []


def only(argv: list[str]) -> None:
    """Build only the command that `argv` runs: Typer builds every registered command, its
    parameters and their types at each start, and one command line runs one. A command line
    naming none (`--help`, a misspelt command) keeps them all, to list or suggest. Each call
    starts from every command, so a caller may run main() again in one process (the tests)."""
    if not _EVERY_COMMAND:
        _EVERY_COMMAND.extend(app.registered_commands)
        _EVERY_GROUP.extend(app.registered_groups)
    app.registered_commands[:] = _EVERY_COMMAND
    app.registered_groups[:] = _EVERY_GROUP
    words = iter(argv)
    for word in words:
        if word == "--catalog":
            next(words, None)
        elif not word.startswith("-"):
            chosen = [c for c in app.registered_commands if _name(c) == word]
            groups = [g for g in app.registered_groups if g.name == word]  # `game ...`
            if chosen or groups:
                app.registered_commands[:] = chosen
                app.registered_groups[:] = groups
            return


def _name(info: Any) -> str:
    return str(info.name or info.callback.__name__.replace("_", "-"))


def report(diagnostics: list[Diagnostic]) -> None:
    for diag in diagnostics:
        print(diag.render(), file=sys.stderr)


def fail(err: UserError) -> NoReturn:
    report(err.diagnostics)
    raise typer.Exit(int(err.status))


P = ParamSpec("P")
R = TypeVar("R")


def user_errors(command: Callable[P, R]) -> Callable[P, R]:
    """A command's UserError becomes its `FILE:LINE: message` lines and its exit status.

    Goes under `@app.command()`, so a command body raises UserError wherever it finds a mistake
    instead of wrapping itself in try/except. functools.wraps keeps the signature and
    annotations Typer reads the options from.
    """

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except UserError as err:
            fail(err)

    return run


class Shell(StrEnum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"
    powershell = "powershell"
    pwsh = "pwsh"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"shipyard {__version__}")
        raise typer.Exit()


@app.callback()
@user_errors
def _main(
    catalog: Annotated[list[Path] | None, typer.Option(
        "--catalog", metavar="DIR",
        help="a group's own catalog files (DIR/<system>/*.yaml), layered over the built-in ones; "
             "may be given more than once")] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
    install_completion: Annotated[Shell | None, typer.Option(
        "--install-completion", metavar="SHELL", callback=typer.completion.install_callback,
        expose_value=False, is_eager=True,
        help="set up TAB completion for SHELL (bash, zsh, fish, powershell, pwsh) and exit")
    ] = None,
    show_completion: Annotated[Shell | None, typer.Option(
        "--show-completion", metavar="SHELL", callback=typer.completion.show_callback,
        expose_value=False, is_eager=True,
        help="print SHELL's completion script, to install it your own way, and exit")
    ] = None,
) -> None:
    for directory in catalog or []:
        if not directory.is_dir():
            raise UserError.single("cli.catalog", "--catalog: not a directory; give a folder "
                                   "holding <system>/*.yaml files", str(directory))
    state.configure(list(catalog or []))


def judged(paths: list[Path], allow_illegal: bool) -> list[Report]:
    """Check designs for a command that needs them all: refuse unreadable ones (exit 2) and,
    unless `allow_illegal`, illegal ones (exit 1), reporting every file before stopping."""
    reports = [state.yard().check(path) for path in paths]
    worst = Exit.OK
    for result in reports:
        if not result.readable:  # a fleet's own refusals may sit on its members
            report([d for m in result.members if not m.readable for d in m.errors]
                   + result.errors)
            worst = max(worst, Exit.INPUT)
        elif result.errors and not allow_illegal:
            report(result.errors)
            print(f"{result.file}: {result.name} is NOT LEGAL; fix it or pass --allow-illegal",
                  file=sys.stderr)
            worst = max(worst, Exit.ILLEGAL)
    finish(worst)
    return reports


def finish(status: Exit) -> None:
    if status != Exit.OK:
        raise typer.Exit(int(status))
