"""`shipyard matrix DESIGN...`: every design against every other, as a win-rate table (and with
-o, a heatmap page). The fights and the bounds are core/matrix.py's; this reads the designs,
checks the bounds before any fight, and prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from shipyard.cli.app import app, judged, state, user_errors
from shipyard.cli.completion import design_files
from shipyard.cli.fight import AllowIllegal, Engine, Json, check_engine, series_display
from shipyard.cli.printing import PaperChoice, PaperOption
from shipyard.cli.report import chart_format, write_report
from shipyard.errors import UserError

if TYPE_CHECKING:
    from shipyard.cli.printing import FormatChoice
    from shipyard.core.matrix import Matrix
    from shipyard.core.system import AnyDesign


def _files(paths: list[Path]) -> list[Path]:
    """The files given, a folder as its design files (.yaml, by name; fleet files left out)."""
    from shipyard.core.fleet import is_fleet

    out: list[Path] = []
    for path in paths:
        if not path.is_dir():
            out.append(path)
            continue
        for found in sorted(path.glob("*.yaml")) + sorted(path.glob("*.yml")):
            try:
                if is_fleet(state.yard().parse(found).data):
                    continue
            except UserError:
                pass  # unreadable: the design check says why, at its line
            out.append(found)
    return out


def _designs(paths: list[Path], allow_illegal: bool) -> list[AnyDesign]:
    """Readable designs (legal unless `allow_illegal`), all of one system that fights, none a
    fleet, each said in one line (exit 2) before any fight."""
    from shipyard.core.fleet import is_fleet

    for path in paths:
        try:
            located = state.yard().parse(path)
        except UserError:
            continue  # the design check below says why
        if is_fleet(located.data):
            raise UserError.single("matrix.fleet", "a fleet file: matrix fights designs, one "
                                   "against one", str(path), located.line_of(("fleet",)))
    designs = [r.design for r in judged(paths, allow_illegal) if r.design is not None]
    first = designs[0]
    for design in designs[1:]:
        if design.system.id != first.system.id:
            raise UserError.single("matrix.systems", f"{design.file} is {design.system.id} and "
                                   f"{first.file} is {first.system.id}: a matrix is of one "
                                   "system's designs", design.file)
    if first.system.fight_options is None:
        raise UserError.single("fight.unsupported", f"the {first.system.id} system has no "
                               "combat yet", first.file)
    return designs


def _check_bounds(designs: int, runs: int, seed: int) -> None:
    from shipyard.core.matrix import MAX_DESIGNS, MAX_FIGHTS, fights_asked, highest_seed

    if designs < 2:
        raise UserError.single("cli.matrix", f"{designs} design given: a matrix needs two or "
                               "more")
    if designs > MAX_DESIGNS:
        raise UserError.single("cli.matrix", f"{designs} designs: a matrix takes at most "
                               f"{MAX_DESIGNS}; split them into sets")
    if runs < 1:
        raise UserError.single("cli.runs", f"--runs {runs}: give 1 or more fights a pairing")
    fights = fights_asked(designs, runs)
    if fights > MAX_FIGHTS:
        most = MAX_FIGHTS // (designs * (designs - 1) // 2)
        raise UserError.single("cli.runs", f"--runs {runs:,} with {designs} designs is "
                               f"{fights:,} fights; a matrix takes at most {MAX_FIGHTS:,}: "
                               f"give --runs {most:,} or fewer")
    if seed > highest_seed(designs, runs):
        raise UserError.single("cli.seed", f"--seed {seed}: a matrix this size takes a seed "
                               f"of 0..{highest_seed(designs, runs):,}")


@app.command(epilog="""
    shipyard matrix catalogs/d12-facings/examples --runs 2000
    shipyard matrix wasp.yaml hornet.yaml harpy.yaml --runs 1000 -o matrix.pdf
    shipyard matrix my-designs/ --runs 500 --json
""")
@user_errors
def matrix(
    designs: Annotated[list[Path], typer.Argument(
        metavar="DESIGN", help="design files (.yaml), or folders of them, all of one system",
        autocompletion=design_files)],
    runs: Annotated[int, typer.Option(
        "--runs", metavar="N", help="fights a pairing, half with each design as side A")
    ] = 1000,
    seed: Annotated[int | None, typer.Option(
        "--seed", metavar="N", min=0, help="the same seed gives the same matrix; without it "
        "one is chosen and printed")] = None,
    as_json: Json = False,
    allow_illegal: AllowIllegal = False,
    engine: Engine = "auto",
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", metavar="OUT", help="also draw the matrix as a heatmap, the format "
        "by OUT's name: .pdf, .html, .png or .svg (the heatmap alone)")] = None,
    paper: PaperOption = PaperChoice.a4,
) -> None:
    """Fight every design against every other and print who beats whom: each cell the share
    of fights the row's design won against the column's.

    The designs are ordered by overall strength, with their price per win where the system
    prices ships. At most 30 designs and 2,000,000 fights a matrix; the fights run in a
    process a core.
    """
    from shipyard.core.dice import new_seed
    from shipyard.core.matrix import fights_asked, play

    check_engine(engine)
    kind = None if output is None else chart_format(output)
    files = _files(designs)
    chosen = seed if seed is not None else new_seed() % 1_000_000_000
    _check_bounds(len(files), runs, chosen)
    read = _designs(files, allow_illegal)
    with series_display(fights_asked(len(read), runs), "fights") as (progress, notice):
        result = play(read, runs, chosen, engine, progress=progress, files=files,
                      overlays=state.overlays, notice=notice)
    if as_json:
        data = {"system": read[0].system.id, **result.as_json()}
        for entry, row in zip(data["designs"], result.order(), strict=True):
            entry["file"] = str(files[row])
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        _print_table(result)
    if output is not None:
        _draw(result, read[0].system.title, output, kind, paper.value, as_json)


def _print_table(m: Matrix) -> None:
    from shipyard.cli.tables import render
    from shipyard.core.report import per_win_text
    from shipyard.core.table import Table

    order = m.order()
    n = len(order)
    typer.echo(f"{n} designs, each against every other: {m.runs:,} fights a pairing (half "
               f"with each as side A), seed {m.seed} ({m.engine})")
    priced = m.price_unit is not None
    columns = ["", "design", *(str(k + 1) for k in range(n)), "overall",
               *([str(m.price_unit), f"{m.price_unit} per win"] if priced else [])]
    rows = []
    for k, r in enumerate(order):
        cells = ["—" if r == c else f"{100 * m.share(r, c):.0f}" for c in order]
        price = [f"{float(m.prices[r] or 0):,g}", per_win_text(m, r)] if priced else []
        rows.append([str(k + 1), m.names[r], *cells, f"{100 * m.strength(r):.1f}%", *price])
    typer.echo(render(Table("Share (%) of fights the row's design won against the column's",
                            columns, rows)), nl=False)


def _draw(m: Matrix, system: str, output: Path, kind: FormatChoice | None, paper: str,
          as_json: bool) -> None:
    from shipyard.core import report

    page = report.matrix_page(m, system)
    if kind is not None:
        write_report(page, kind, paper, output, page.context["title"], as_json)
        return
    from shipyard.core.output import write_atomic

    write_atomic(output, str(page.context["heatmap"]))
    typer.echo(f"wrote {output}", err=as_json)
