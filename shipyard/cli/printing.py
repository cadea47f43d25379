"""Commands that print: `sheet` (damage sheets of designs, a fleet in one file, a game's ships
as they stand) and `cards`.

Jinja and WeasyPrint are imported inside the commands: `--help` and `validate` never pay for them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from shipyard.cli.app import DesignFiles, SystemId, app, judged, state, user_errors
from shipyard.errors import UserError

if TYPE_CHECKING:
    from shipyard.core.model import Printable
    from shipyard.core.render import Page
    from shipyard.core.roster import Copy
    from shipyard.core.system import AnyDesign
    from shipyard.core.yard import Report


class PaperChoice(StrEnum):
    a4 = "a4"
    letter = "letter"


class FormatChoice(StrEnum):
    pdf = "pdf"
    html = "html"
    png = "png"


SUFFIXES = {".pdf": FormatChoice.pdf, ".html": FormatChoice.html, ".htm": FormatChoice.html,
            ".png": FormatChoice.png}


PaperOption = Annotated[PaperChoice, typer.Option(
    "--paper", help="paper size: a4 or letter", case_sensitive=False)]
OutputOption = Annotated[Path | None, typer.Option(
    "-o", "--output", metavar="OUT", help="the file to write, its format by its name: .pdf, "
    ".html or .png (a picture of each page: OUT, OUT-2.png, ...); default: see above")]
FormatOption = Annotated[FormatChoice | None, typer.Option(
    "--format", help="pdf, html or png, where OUT does not name it (default: pdf)",
    case_sensitive=False)]


def _format(output: Path | None, given: FormatChoice | None) -> FormatChoice:
    """The format OUT's name asks for; --format where the name has no extension."""
    if output is None or not output.suffix:
        return given or FormatChoice.pdf
    named = SUFFIXES.get(output.suffix.lower())
    if named is None:
        raise UserError.single("cli.format", f"-o {output}: shipyard cannot write a "
                               f"{output.suffix} file; name it .pdf, .html or .png")
    if given is not None and given != named:
        raise UserError.single("cli.format", f"--format {given.value} and -o {output} disagree; "
                               f"name the file .{given.value}, or leave --format out")
    return named


@app.command(epilog="""
    shipyard sheet wasp.yaml
    shipyard sheet wasp.yaml hornet.yaml --cards -o squadron.pdf
    shipyard sheet fleets/patrol.yaml --paper letter
    shipyard sheet wasp.yaml -o wasp.png
    shipyard sheet wasp.yaml --watch
    shipyard sheet game.yaml
""")
@user_errors
def sheet(
    designs: DesignFiles,
    output: OutputOption = None,
    paper: PaperOption = PaperChoice.a4,
    fmt: FormatOption = None,
    cards: Annotated[bool, typer.Option(
        "--cards", help="append the table deck of every system present: the rules cards, "
        "with only the weapons the ships carry")] = False,
    allow_illegal: Annotated[bool, typer.Option(
        "--allow-illegal", help="print illegal designs, marked NOT LEGAL with their errors")
    ] = False,
    watch: Annotated[bool, typer.Option(
        "--watch", help="print again whenever a design, a fleet's ship or a --catalog file is "
        "saved, with the verdict; Ctrl-C stops")] = False,
) -> None:
    """Print damage sheets: one file for any number of designs, a sheet (or more) each.

    A game file (`shipyard game start` writes one) prints every ship of the game, named as
    the game names it, with the boxes it has lost marked: the sheets as they stand.

    Writes OUT, or <design>.pdf for one design and fleet.pdf for several, in the current
    directory; prints the path it wrote. An illegal design is refused (exit 1) unless
    --allow-illegal.
    """
    kind = _format(output, fmt)
    if output is None:
        output = Path(f"{designs[0].stem if len(designs) == 1 else 'fleet'}.{kind.value}")
    target = output

    def once(verdicts: bool) -> list[Report]:
        return _print_sheets(designs, target, kind, paper.value, cards, allow_illegal, verdicts)

    if watch:
        from shipyard.cli.watch import watch as watching

        watching(designs, state.overlays, once)
    else:
        once(False)


def _print_sheets(designs: list[Path], output: Path, kind: FormatChoice, paper: str,
                  cards: bool, allow_illegal: bool, verdicts: bool) -> list[Report]:
    from shipyard.core import render

    yard = state.yard()
    games = [path for path in designs if _is_game(path)]
    reports = judged([p for p in designs if p not in games], allow_illegal)
    _check_sheets(reports)
    if verdicts:
        from shipyard.cli.design import verdict_line

        for result in reports:
            typer.echo(verdict_line(result))
    played = [_game_pages(path) for path in games]
    pages = [page for game_pages, _ in played for page in game_pages]
    pages += [page for result in reports for page in _pages_of(result)]
    if cards:
        carried = [d for _, sides in played for r in sides for d in _designs_of(r)]
        carried += [d for r in reports for d in _designs_of(r)]
        systems = dict.fromkeys(d.system for d in carried)
        pages += [render.Page(s.cards(yard.catalog(s), designs=[
            d for d in carried if d.system is s])) for s in systems]
    names = [f"Game: {path.name}" for path in games] + [str(r.name) for r in reports]
    title = ", ".join(names)
    title = title if len(names) == 1 or games else f"Fleet: {title}"
    _write(pages, kind, paper, output, title)
    return reports


GAME_KEY = re.compile(r"^sides\s*:", re.MULTILINE)  # a game file's sides (core/gamefile.py)
LOOK = 1 << 16  # bytes looked at: a game file's `sides:` is among its first lines


def _is_game(path: Path) -> bool:
    """A game file, told by its content (a top-level `sides:`, which no design or fleet has).
    A glance at the file's head, not a read: a design or a fleet is read once, by the yard,
    and standard input (`-`) is never a game (a game is a file `game` saves)."""
    if str(path) == "-" or not path.is_file():
        return False
    try:
        with path.open("rb") as file:
            head = file.read(LOOK).decode("utf-8", errors="replace")
    except OSError:
        return False  # the design reader says what is wrong with it
    return GAME_KEY.search(head) is not None


def _game_pages(path: Path) -> tuple[list[Page], list[Report]]:
    """A game's ships as they stand: each side's ships packed as its fleet's are, each named as
    the game names it, with what it has lost marked (its system's `GameRules.marked`); the
    sides' reports (for --cards)."""
    from shipyard.core import gamefile
    from shipyard.core.game import TableShip
    from shipyard.core.roster import copies_of, fleet_copies

    yard = state.yard()
    game = gamefile.read(yard, path)
    pages: list[Page] = []
    reports: list[Report] = []
    ship_of: dict[int, TableShip] = {}  # by id of its copy

    def marked(copy: Copy, sheet: Printable) -> Printable:
        done: Printable = game.rules.marked(ship_of[id(copy)], sheet)
        return done

    for i, side in enumerate(game.data["sides"]):
        file = path.parent / side["file"]
        report = yard.check(file, str(file))
        reports.append(report)
        if report.fleet is not None:
            copies = fleet_copies(report.fleet)
            by_design = {id(r.design): r for r in report.members if r.design is not None}
        else:
            design = report.design
            assert design is not None  # gamefile.read read every side's file
            copies = copies_of([(design, design.system.ships_in(design), "", None, None)])
            by_design = {id(design): report}
        ships = [ship for ship in game.ships if ship.side == i]
        named = [replace(c, name=ship.name) for c, ship in zip(copies, ships, strict=True)]
        ship_of.update((id(c), ship) for c, ship in zip(named, ships, strict=True))
        pages += _paged(named, by_design, None, marked)
    return pages, reports


def _designs_of(result: Report) -> list[AnyDesign]:
    """The designs a report prints: itself, or a fleet's members."""
    if result.fleet is None:
        return [] if result.design is None else [result.design]
    return [m.design for m in result.fleet.members if m.design is not None]


def _check_sheets(reports: list[Report]) -> None:
    """One command prints at most a fleet's worth of ship sheets, refused before rendering."""
    from shipyard.core.fleet import MAX_SHIPS

    sheets = sum(1 if r.fleet is None else sum(m.count for m in r.fleet.members)
                 for r in reports)
    if sheets > MAX_SHIPS:
        raise UserError.single("sheet.too_many", f"{sheets:,} ship sheets asked for; one "
                               f"`sheet` prints at most {MAX_SHIPS} (a fleet's worth): print "
                               "them in parts")


def _pages_of(result: Report) -> list[Page]:
    """A design's sheet (a sheet for each ship of a group design); a fleet's roster, then a
    sheet for every ship of it, each numbered and named (core/roster.py). Small ships pack
    several to a page, after the roster where it leads (`_paged`)."""
    from shipyard.core.render import Page
    from shipyard.core.roster import copies_of, fleet_copies, roster

    if result.fleet is None:
        design = result.design
        assert design is not None  # only readable reports get here
        ships = design.system.ships_in(design)
        if ships == 1:
            return [_sheet_of(result)]
        return _paged(copies_of([(design, ships, "", None, None)]), {id(design): result}, None)
    fleet = result.fleet
    system = next((m.design.system for m in fleet.members if m.design is not None), None)
    reports = {id(r.design): r for r in result.members if r.design is not None}
    starting = {key: r.design.system.starting(r.design) for key, r in reports.items()
                if r.design is not None}
    unit = system.price_unit if system is not None else None
    places = system.price_places if system is not None else None
    lead = Page(roster(fleet, result.budgets, unit, places, starting), _problems(result))
    return _paged(fleet_copies(fleet), reports, lead)


def _paged(copies: list[Copy], reports: dict[int, Report], lead: Page | None,
           marked: Callable[[Copy, Printable], Printable] | None = None) -> list[Page]:
    """The copies' pages. The small ships (their system `packs` them) first, on the pages of
    one section, as many to a page as fit whole, under the lead (a fleet's roster) where there
    is one: a roster shares its page with them, never with a full sheet. Then every other ship
    on a sheet of its own, its copy's line on its head. Each kind in roster order. The same for
    every system: a system says only which ships are small and how its sheet looks packed.
    `marked` gives a copy its own sheet (a game's ship as it stands)."""
    from shipyard.core.render import Page

    sheets: dict[int, Printable] = {}  # each design's sheet, made once for all its copies

    def sheet(design: AnyDesign) -> Printable:
        if id(design) not in sheets:
            sheets[id(design)] = _sheet_of(reports[id(design)]).printable
        return sheets[id(design)]

    def own(copy: Copy) -> Printable:
        return sheet(copy.design) if marked is None else marked(copy, sheet(copy.design))

    small = [c for c in copies if c.design.system.packs(c.design)]
    pages = [] if lead is None else [lead]
    if small:
        pages = [_pack([_packed(own(c), c) for c in small],
                       list({id(c.design): c.design for c in small}.values()),
                       [p for c in small for p in _problems(reports[id(c.design)])], lead)]
    return pages + [Page(own(c), _problems(reports[id(c.design)]), c)
                    for c in copies if not c.design.system.packs(c.design)]


def _pack(blocks: list[Printable], designs: list[AnyDesign], problems: list[str],
          lead: Page | None) -> Page:
    """One section of packed sheets: headed by the lead (a fleet's roster, its own block) or by
    the first sheet's title, and closed by what each system prints once after its packed
    sheets (`pack_reference`: the tables its cards leave out)."""
    from shipyard.core.model import Printable
    from shipyard.core.render import Page

    head = (lead.printable if lead is not None else blocks[0]).context
    if lead is not None:
        blocks = [_packed(lead.printable, None), *blocks]
        problems = [*lead.problems, *problems]
    for system in dict.fromkeys(d.system for d in designs):
        reference = system.pack_reference([d for d in designs if d.system is system])
        if reference is not None:
            blocks.append(reference)
    stylesheets = dict.fromkeys([*(c for b in blocks for c in b.stylesheets), "_base/pack.css"])
    # a page after the roster's holds its ships, not more roster
    running = None if lead is None else f"{head['title']} — its ships, continued"
    return Page(Printable("_base/pack.html", {
        "title": head["title"], "heading": head["heading"], "subtitle": head["subtitle"],
        "running": running, "blocks": blocks}, tuple(stylesheets)),
        tuple(dict.fromkeys(problems)))


def _packed(printable: Printable, copy: Copy | None) -> Printable:
    """A sheet (or with no copy, a roster) in its form to share a page."""
    from shipyard.core.model import Printable

    return Printable(printable.template, {**printable.context, "copy": copy, "packed": True},
                     printable.stylesheets)


def _problems(result: Report) -> tuple[str, ...]:
    return tuple(f"line {d.line}: {d.message}" if d.line is not None else d.message
                 for d in result.errors)


def _sheet_of(result: Report) -> Page:
    from shipyard.core.render import Page

    design = result.design
    assert design is not None  # only readable reports get here
    return Page(design.system.sheet(design, result.budgets), _problems(result))


@app.command(epilog="""
    shipyard cards smallcraft
    shipyard cards traveller --paper letter -o traveller.pdf
    shipyard cards dropfleet --simulator
""")
@user_errors
def cards(
    system: SystemId,
    output: OutputOption = None,
    paper: PaperOption = PaperChoice.a4,
    fmt: FormatOption = None,
    simulator: Annotated[bool, typer.Option(
        "--simulator", help="print the deck about shipyard's simulator (its default captain, "
        "its battles) instead of the table deck")] = False,
) -> None:
    """Print a system's reference cards: poker size, nine to a page, with cut lines.

    The table deck is the rules a player uses at the table; --simulator prints the cards that
    say what shipyard's simulator decides where the rules leave it open. Writes OUT, or
    <system>-cards.pdf (<system>-simulator-cards.pdf) in the current directory; prints the
    path it wrote.
    """
    from shipyard.core import render

    kind = _format(output, fmt)
    yard = state.yard()
    rules = yard.system(system)
    printable = rules.cards(yard.catalog(rules), simulator=simulator)
    deck = "simulator-cards" if simulator else "cards"
    output = output or Path(f"{rules.id}-{deck}.{kind.value}")
    _write([render.Page(printable)], kind, paper.value, output, str(printable.context["title"]))


def _write(pages: list[Page], kind: FormatChoice, paper: str, output: Path, title: str) -> None:
    """Write `pages` as `kind` and say where: one file, or for PNG one file a page."""
    from shipyard.core.output import write_atomic

    if kind == FormatChoice.html:
        from shipyard.core import render

        write_atomic(output, render.book(pages, paper, title))
        typer.echo(f"wrote {output}")
        return
    from shipyard.core import pdf

    document = pdf.book(pages, paper, title)
    if kind == FormatChoice.pdf:
        write_atomic(output, document)
        typer.echo(f"wrote {output}")
        return
    from shipyard.core import png

    pictures = png.pages(document)
    for path, picture in zip(png.names(output, len(pictures)), pictures, strict=True):
        write_atomic(path, picture)
        typer.echo(f"wrote {path}")
