"""Commands that reach what a system ships, from any folder, installed or not: examples (list
and copy the example designs and fleets) and rulings (print a system's rulings, or one)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from shipyard.cli.app import SystemId, app, state, user_errors
from shipyard.cli.tables import render
from shipyard.core.table import Table
from shipyard.errors import UserError

if TYPE_CHECKING:
    from shipyard.core.bundled import Example


@app.command(epilog="""
    shipyard examples traveller
    shipyard examples dropfleet --copy my-ships
""")
@user_errors
def examples(
    system: SystemId,
    copy: Annotated[Path | None, typer.Option(
        "--copy", metavar="DIR", help="copy them into DIR (examples/, fleets/ and duels/ "
        "inside, so the fleets find their designs; bad/ the designs that break a rule on "
        "purpose)")] = None,
    force: Annotated[bool, typer.Option(help="overwrite files DIR already has")] = False,
) -> None:
    """List a system's bundled example designs and fleets, or copy them (--copy DIR)."""
    from shipyard.core import bundled

    source = state.yard().system(system).catalog_dir()
    found = bundled.examples(source)
    if not found:
        raise UserError.single("cli.examples", f"{system} has no bundled examples")
    bad = bundled.bad_designs(source)
    if copy is None:
        _table(f"{system} examples (shipyard examples {system} --copy DIR copies them)",
               "", found, _bad_note(bad, "DIR/"))
        return
    paths = [example.path for example in found] + bad
    targets = [copy / path for path in paths]
    existing = [target for target in targets if target.exists()]
    if existing and not force:
        more = f" (and {len(existing) - 1} more)" if len(existing) > 1 else ""
        raise UserError.single("output.exists", f"already exists{more}; pass --force to "
                               "overwrite, or copy to another folder", str(existing[0]))
    from shipyard.core.output import write_all

    write_all({target: (source / path).read_bytes()
               for path, target in zip(paths, targets, strict=True)})
    _table(f"copied {len(found)} {system} examples to {copy}", f"{copy}/", found,
           _bad_note(bad, f"{copy}/"))


def _bad_note(bad: list[str], where: str) -> str:
    if not bad:
        return ""
    return f"and {len(bad)} designs in {where}bad/, each wrong on purpose: validate them to see " \
        "the errors"


def _table(title: str, prefix: str, found: list[Example], note: str) -> None:
    rows = [[f"{prefix}{e.path}", e.name] for e in found]
    typer.echo(render(Table(title, ["file", "name"], rows, note)), nl=False)


@app.command(epilog="""
    shipyard rulings smallcraft
    shipyard rulings traveller TRV-R24
    shipyard rulings dropfleet formula
""")
@user_errors
def rulings(
    system: SystemId,
    code: Annotated[str | None, typer.Argument(
        help="one ruling or rule code (R4, TRV-R24, budget.over), or words of a heading")
    ] = None,
) -> None:
    """Print how shipyard reads a system's rules where the text is silent, or one ruling."""
    from shipyard.core import bundled

    folder = state.yard().system(system).catalog_dir()
    text = bundled.rulings_text(folder)
    if text is None:
        raise UserError.single("cli.rulings", f"{system} has no rulings")
    if code is None:
        typer.echo(text.rstrip("\n"))
        return
    notes = folder / bundled.NOTES
    parts = bundled.find(text, code) or (
        bundled.find(notes.read_text(encoding="utf-8"), code) if notes.is_file() else [])
    if not parts:
        from shipyard.core.suggest import suggest

        raise UserError.single("cli.rulings", f"{system} has no ruling '{code}'; "
                               f"{suggest(code, bundled.codes(text))}")
    typer.echo("\n\n".join(parts))
