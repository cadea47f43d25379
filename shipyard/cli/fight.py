"""Commands that fight: `duel` (one narrated fight, or a Monte Carlo series) and `odds` (one
volley). The rules live in each system's FightSupport; this module reads options and prints.

Core modules are imported inside the commands, NumPy and Numba only by a series (`--runs`), and
Rich only for the progress bar of a long series on a terminal.
"""

from __future__ import annotations

import functools
import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from shipyard.cli.app import app, fail, judged, state, user_errors
from shipyard.cli.completion import (
    ENGINES,
    crew_keys,
    design_files,
    engines,
    geometries,
    ranges,
    rule_names,
    system_ids,
)
from shipyard.cli.printing import PaperChoice, PaperOption
from shipyard.cli.report import (
    ReportOutput,
    chart_format,
    house_rules,
    report_format,
    write_report,
)
from shipyard.core.figures import bound, percent
from shipyard.errors import UserError

if TYPE_CHECKING:
    from shipyard.cli.printing import FormatChoice
    from shipyard.core.combat import (
        Cell,
        Chance,
        Columns,
        FightResult,
        OddsReport,
        Prepared,
        Summary,
    )
    from shipyard.core.options import FightOptions
    from shipyard.core.system import AnyDesign, AnySystem

MAX_SEED = 2**63 - 1
MAX_SAMPLES = 1_000_000
BAR_FROM = 2_000  # runs; fewer finish before a bar is worth drawing

Seed = Annotated[int | None, typer.Option(
    "--seed", metavar="N", min=0, max=MAX_SEED, help="replay a fight exactly (a whole "
    "number, 0 or more); without it one is chosen and printed")]
Json = Annotated[bool, typer.Option("--json", help="machine-readable output")]
Engine = Annotated[str, typer.Option(
    "--engine", metavar="auto|compiled|plain", autocompletion=engines,
    help="auto (a series runs compiled where Numba is installed), compiled (compile the "
    "rules if need be and run them compiled, or say why not) or plain (the same rules "
    "uncompiled)")]
AllowIllegal = Annotated[bool, typer.Option(
    "--allow-illegal", help="fight with designs that break the rules")]
Range = Annotated[str | None, typer.Option(
    "--range", metavar="RANGE", autocompletion=ranges,
    help="distance between the two, in the system's units or steps (default: see "
    "--help-system)")]
Rules = Annotated[list[str] | None, typer.Option(
    "--rule", metavar="NAME[=VALUE]", autocompletion=rule_names,
    help="turn an optional rule of the system on (or set it to VALUE); may be repeated")]


def _help_system(ctx: typer.Context, system_id: str | None) -> None:
    if system_id is None or ctx.resilient_parsing:  # completing: load nothing, print nothing
        return
    try:
        yard = state.yard()
        system = yard.system(system_id)
        from shipyard.core.pattern import FIRST_LOST, LOST_CONTACT

        rules = system.fight().rules()
        produced = {name for _, name in rules.ends.values()}
        fates = [name if code < FIRST_LOST else f"lost to {name}"  # lost contact after escaped
                 for code, name in sorted(rules.fate_names().items(),
                                          key=lambda cn: 2.5 if cn[0] == LOST_CONTACT else cn[0])]
        lines = _declared(system).help_lines(system.id, yard.catalog(system), produced, fates)
    except UserError as err:
        fail(err)
    typer.echo("\n".join(lines))
    raise typer.Exit()


HelpSystem = Annotated[str | None, typer.Option(
    "--help-system", metavar="SYSTEM", is_eager=True, callback=_help_system,
    autocompletion=system_ids,
    help="list what one system's fights take (ranges, geometries, crew keys, rules) and exit")]


def _declared(system: AnySystem) -> FightOptions:
    if system.fight_options is None:
        raise UserError.single("fight.unsupported", f"the {system.id} system has no combat yet")
    return system.fight_options


@contextmanager
def _users_code() -> Iterator[None]:
    """A fight where a user's pilot, captain or commander may run: whatever their code does
    wrong is one line at their FILE:LINE (exit 2), in every system."""
    try:
        yield
    except (KeyboardInterrupt, GeneratorExit):
        raise
    except BaseException as exc:  # an exit or a BaseException of theirs too
        from shipyard.core.plugins import blame

        err = blame(exc)
        if err is None:
            raise
        fail(err)


def _not_fleets(paths: list[Path], command: str) -> None:
    """A fleet file is a battle's side, never a duel's: said in one line (exit 2) before the
    fleet is read."""
    from shipyard.core.fleet import is_fleet

    for path in paths:
        try:
            located = state.yard().parse(path)  # kept: the check below reads it from there
        except UserError:
            continue  # unreadable: the design check says why
        if is_fleet(located.data):
            fail(UserError.single("fight.fleet", f"a fleet file: {command} fights one design "
                                  f"against one; fight fleets with shipyard battle "
                                  f"{' '.join(str(p) for p in paths)}", str(path),
                                  located.line_of(("fleet",))))


def _designs(paths: list[Path], allow_illegal: bool, command: str = "duel") -> list[AnyDesign]:
    """Two readable designs of one system, legal unless `allow_illegal`."""
    _not_fleets(paths, command)
    designs = [r.design for r in judged(paths, allow_illegal) if r.design is not None]
    systems = {d.system.id for d in designs}
    if len(systems) > 1:
        fail(UserError.single("fight.systems", f"{designs[0].file} is {designs[0].system.id} "
                              f"and {designs[1].file} is {designs[1].system.id}: a fight "
                              "needs two designs of the same system", designs[1].file))
    return designs


@app.command(epilog="""
    shipyard duel wasp.yaml hornet.yaml --seed 1
    shipyard duel wasp.yaml hornet.yaml --runs 10000
    shipyard duel wasp.yaml hornet.yaml --runs 10000 -o report.pdf --paper letter
    shipyard duel wasp.yaml hornet.yaml --range 3 --crew-a gunnery=70 --rule quickness-die=off
    shipyard duel --help-system smallcraft
""")
@user_errors
def duel(
    a: Annotated[Path, typer.Argument(metavar="A", help="design of side A (.yaml)",
                                      autocompletion=design_files)],
    b: Annotated[Path, typer.Argument(metavar="B", help="design of side B (.yaml)",
                                      autocompletion=design_files)],
    seed: Seed = None,
    runs: Annotated[int, typer.Option(
        "--runs", metavar="N", help="1: one narrated fight; more: a Monte Carlo summary (at most "
        "1,000,000)")] = 1,
    as_json: Json = False,
    allow_illegal: AllowIllegal = False,
    start_range: Range = None,
    geometry: Annotated[str | None, typer.Option(
        "--geometry", metavar="NAME", autocompletion=geometries,
        help="how the two start (each system's own: see "
        "--help-system)")] = None,
    cap: Annotated[str | None, typer.Option(
        "--cap", metavar="ROUNDS", help="rounds before the fight is called a draw (default "
        "from the system)")] = None,
    crew_a: Annotated[list[str] | None, typer.Option(
        "--crew-a", metavar="KEY=VALUE", autocompletion=crew_keys,
        help="side A's crew, over its design's combat: "
        "section; may be repeated")] = None,
    crew_b: Annotated[list[str] | None, typer.Option(
        "--crew-b", metavar="KEY=VALUE", autocompletion=crew_keys,
        help="side B's crew, as --crew-a")] = None,
    rules: Rules = None,
    pilot_a: Annotated[str | None, typer.Option(
        "--pilot-a", metavar="FILE.py:NAME", help="your own pilot or captain for side A (its "
        "fights run uncompiled)")] = None,
    pilot_b: Annotated[str | None, typer.Option(
        "--pilot-b", metavar="FILE.py:NAME", help="your own pilot or captain for side B")
    ] = None,
    engine: Engine = "auto",
    output: ReportOutput = None,
    paper: PaperOption = PaperChoice.a4,
    help_system: HelpSystem = None,
) -> None:
    """Fight A against B: one narrated fight, or --runs N fights summarised as win rates
    (with -o, also as a printed report with charts).

    The same --seed replays the same narrated fight on every machine, and gives the same
    summary on the same installation. An illegal design is refused (exit 1) unless
    --allow-illegal.
    """
    from shipyard.core.combat import check_runs, fight_once
    from shipyard.core.dice import new_seed
    from shipyard.core.options import parse_terms

    check_runs(runs)
    check_engine(engine)
    kind = report_format(output, runs, "fights")
    first, second = _designs([a, b], allow_illegal)
    terms = parse_terms(first.system.id, _declared(first.system), "duel",
                        {"range": start_range, "geometry": geometry, "cap": cap},
                        [crew_a or [], crew_b or []], rules or [], (pilot_a, pilot_b))
    chosen = seed if seed is not None else new_seed()
    with _users_code():
        prepared = first.system.fight().prepare(first, second, terms)
        if runs == 1:
            result = fight_once(first.system.fight(), prepared, chosen)
        else:
            columns = _series(first, prepared, runs, chosen, engine)
    if runs == 1:
        _print_fight(prepared, result, chosen, as_json)
        return
    from shipyard.core.combat import summarise

    _print_summary(prepared, summarise(prepared, columns, chosen), as_json)
    if kind is not None and output is not None:
        _write_report(first.system, prepared, columns, chosen, kind, paper.value, output,
                      as_json, replay_command("duel", [a, b], {
                          "--range": start_range, "--geometry": geometry, "--cap": cap},
                          rules or []))


def _write_report(system: AnySystem, prepared: Prepared, columns: Columns, seed: int,
                  kind: FormatChoice, paper: str, output: Path, as_json: bool,
                  replay: str) -> None:
    """A duel series' encounter report: the battle report's page, each ship a side."""
    from shipyard.core.battle import summarise_battle
    from shipyard.core.report import encounter

    if not prepared.ships:
        raise UserError.single("cli.output", f"-o {output}: the {system.id} system reports no "
                               "ship's fate in its fights, so it has no report yet")
    summary = summarise_battle(prepared, columns, seed, system.price_unit)
    crippling = system.fight().rules().crippling
    page = encounter(prepared, summary, system=system.title, noun="fights",
                     crippling=crippling, replay=replay, house_rules=house_rules())
    write_report(page, kind, paper, output, _against(*prepared.names), as_json)


def _series(design: AnyDesign, prepared: Prepared, runs: int, seed: int,
            engine: str) -> Columns:
    from shipyard.core.combat import series

    with series_display(runs, "fights") as (progress, notice):
        return series(design.system.fight(), prepared, runs, seed, progress, engine, notice,
                      quick=True)


def replay_command(command: str, files: list[Path], options: dict[str, str | None],
                   rules: list[str]) -> str:
    """The command line that replays one fight of a series, without its --seed."""
    import shlex

    words = ["shipyard", command, *(str(f) for f in files)]
    for flag, value in options.items():
        if value is not None:
            words += [flag, value]
    for rule in rules:
        words += ["--rule", rule]
    return shlex.join(words)


def check_engine(engine: str) -> None:
    if engine not in ENGINES:
        raise UserError.single("cli.engine", f"--engine {engine}: give auto, compiled or plain")


def _notice(line: str) -> None:
    typer.echo(line, err=True)


@contextmanager
def series_display(runs: int, noun: str) -> Iterator[tuple[Callable[[int], None] | None,
                                                            Callable[[str], None]]]:
    """Where a series reports (its progress, its notices): on a terminal, a bar of its fights
    (from BAR_FROM of them) and, while its rules compile, a bar that fills over the seconds the
    compile is expected to take; elsewhere, each notice as a line on standard error."""
    if not sys.stderr.isatty():
        yield None, _notice
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        shown = _SeriesBar(bar, runs if runs >= BAR_FROM else 0, noun)
        try:
            yield shown.advance, shown.notice
        finally:
            shown.compiled()


class _SeriesBar:
    """A series' bars on a terminal: its fights', and its compile's while the rules compile."""

    def __init__(self, bar: Any, runs: int, noun: str) -> None:
        self.bar = bar
        self.fights = bar.add_task(f"{runs:,} {noun}", total=runs) if runs else None
        self.compiling: Any = None
        self.stop = threading.Event()
        self.ticker: threading.Thread | None = None

    def notice(self, line: str) -> None:
        self.bar.console.print(line, highlight=False, markup=False)
        seconds = getattr(line, "seconds", None)  # a compile's notice (core.compiled)
        if seconds is None or self.compiling is not None:
            return
        self.compiling = self.bar.add_task("compiling fight rules", total=seconds)
        started = time.monotonic()

        def tick() -> None:  # the compile holds this thread: another fills its bar
            while not self.stop.wait(0.25):
                self.bar.update(self.compiling,
                                completed=min(time.monotonic() - started, 0.99 * seconds))

        self.ticker = threading.Thread(target=tick, daemon=True)
        self.ticker.start()

    def advance(self, done: int) -> None:
        self.compiled()
        if self.fights is not None:
            self.bar.advance(self.fights, done)

    def compiled(self) -> None:
        if self.ticker is not None:
            self.stop.set()
            self.ticker.join()
            self.bar.remove_task(self.compiling)
            self.ticker = self.compiling = None


def _said(system_id: str, line: str) -> None:
    typer.echo(f"{system_id}: {line}")


@app.command(name="compile", epilog="""
    shipyard compile
    shipyard compile smallcraft traveller
""")
@user_errors
def compile_rules(
    systems: Annotated[list[str] | None, typer.Argument(
        metavar="SYSTEM", help="the rules systems whose fights to compile (default: "
        "every installed system that fights)", autocompletion=system_ids)] = None,
) -> None:
    """Compile the systems' fight rules now, so that a first series starts at once.

    A series (`duel --runs`, `battle --runs`) runs compiled once a system's fight rules are,
    and compiles them itself the first time; this does it ahead, once per installation (a
    reinstall of the same version, or a second clone, reuses them). Needs Numba, the `fast`
    extra.
    """
    from shipyard.core import bundled, compiled
    from shipyard.core.options import Terms

    if compiled.numba_module() is None:
        raise UserError.single("cli.compile", "Numba is not installed: pip install "
                               "'shipyard[fast]'")
    yard = state.yard()
    chosen = [yard.system(system_id) for system_id in systems] if systems else [
        system for system in yard.loadable()[0] if system.fight_options is not None]
    for system in chosen:
        if system.fight_options is None:
            raise UserError.single("cli.compile", f"the {system.id} system has no combat")
        designs = [system.catalog_dir() / e.path for e in bundled.examples(
            system.catalog_dir()) if not e.name.startswith("fleet ")][:1]
        if not designs:
            typer.echo(f"{system.id}: no bundled design to compile its fights with")
            continue
        design = yard.read(designs[0])
        support = system.fight()
        prepared = support.prepare(design, design, Terms())
        params = compiled.as_arrays(prepared.state)
        if not compiled.compile_wait(support.rules(), params):
            typer.echo(f"{system.id}: fight rules compiled already")
            continue
        started = time.perf_counter()
        compiled.compile_fights(support.rules(), params, functools.partial(_said, system.id))
        typer.echo(f"{system.id}: compiled in {time.perf_counter() - started:.0f} s")


def _print_fight(prepared: Prepared, result: FightResult, seed: int, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(told_json(prepared, result, seed), indent=2, ensure_ascii=False))
        return
    echo_told(told_lines(prepared, result, seed, "a draw"))


def told_json(prepared: Prepared, result: FightResult, seed: int,
              **more: object) -> dict[str, object]:
    """One narrated fight (or battle: `more` adds its ships) as --json prints it."""
    a, b = prepared.names
    outcome = result.outcome
    return {
        "a": a, "b": b, "seed": seed, "terms": list(prepared.notes),
        "winner": None if outcome.winner is None else "ab"[outcome.winner],
        "reason": outcome.reason, "text": outcome.text, "rounds": result.rounds,
        "round_name": prepared.round_name,
        "damage": {"unit": prepared.damage_unit, "a": result.damage[0],
                   "b": result.damage[1]},
        **more,
        "random_numbers": result.draws,
        "log": [e.as_json() for e in result.events],
    }


def told_lines(prepared: Prepared, result: FightResult, seed: int, no_winner: str) -> list[str]:
    """One narrated fight (or battle) in words, round by round, to its outcome and damage;
    `no_winner` says an ending without a winner ("a draw" in a duel)."""
    a, b = prepared.names
    outcome = result.outcome
    lines = [f"{_against(a, b)}, seed {seed}"]
    lines += [f"  {note}" for note in prepared.notes]
    current = -1
    for event in result.events:
        if event.round != current:
            current = event.round
            if current:
                lines.append(f"{prepared.round_name} {current}")
        lead = f"{event.phase:<8}" if event.depth == 0 else " " * 8 + "  " * event.depth
        lines.append(f"  {lead} {event.text}".rstrip())
    verdict = no_winner if outcome.winner is None else f"{prepared.names[outcome.winner]} wins"
    lines.append(f"{verdict} after {result.rounds} {prepared.round_name}"
                 f"{'s' * (result.rounds != 1)} ({outcome.reason}): {outcome.text}")
    lines.append(f"damage dealt ({prepared.damage_unit}): {a} {result.damage[0]}, "
                 f"{b} {result.damage[1]}")
    return lines


def echo_told(lines: list[str]) -> None:
    """Told lines, wrapped to a terminal's width, one a line to a pipe or file."""
    from shipyard.cli.tables import fit_lines

    typer.echo(fit_lines(lines))


def replay_lines(command: str, seeds: list[tuple[str, int]]) -> list[str]:
    """The seed that tells each outcome blow by blow, one outcome a line."""
    return [f"to see one told blow by blow, {command} again with --seed:",
            *(f"  {outcome}: {seed}" for outcome, seed in seeds)]


def _against(a: str, b: str) -> str:
    """"A (A) against B (B)", where a mirror match has not already named the sides."""
    if a.endswith(" (A)") and b.endswith(" (B)"):
        return f"{a} against {b}"
    return f"{a} (A) against {b} (B)"


def _print_summary(prepared: Prepared, s: Summary, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({**s.as_json(), "terms": list(prepared.notes)}, indent=2,
                              ensure_ascii=False))
        return
    from shipyard.cli.tables import render
    from shipyard.core.table import Table

    a, b = s.names
    lines = [f"{_against(a, b)}: {s.runs:,} fights, seed {s.seed} ({s.engine})"]
    lines += [f"  {note}" for note in prepared.notes]
    echo_told(lines)
    outcome_rows = []
    for label, rate, key in ((f"{a} wins", s.wins[0], "a"), (f"{b} wins", s.wins[1], "b"),
                             ("no winner", s.no_winner, "none")):
        how = ", ".join(f"{r} {n:,}" for r, n in s.reasons[key].items())
        outcome_rows.append([label, f"{rate.count:,}", percent(rate.rate),
                             f"{bound(rate.low)} – {bound(rate.high)}", how])
    typer.echo(render(Table("Outcomes", ["outcome", "fights", "rate", "95% interval", "how"],
                            outcome_rows)), nl=False)
    r = s.rounds
    spread = [["fight length", f"{r.mean:.1f}", f"{r.sd:.1f}", f"{r.median:g}",
               r.range(), f"{s.round_name}s"]]
    for name, d in zip(s.names, s.damage, strict=True):
        spread.append([f"damage by {name}", f"{d.mean:.1f}", f"{d.sd:.1f}", f"{d.median:g}",
                       d.range(), s.damage_unit])
    typer.echo(render(Table("Spread", ["", "mean", "sd", "median", "range", "unit"], spread)),
               nl=False)
    typer.echo(f"random numbers drawn: {s.draws:,}")
    told = {"a": f"{a} wins", "b": f"{b} wins", "none": "no winner"}
    if s.examples:
        echo_told(replay_lines("duel", [(told[k], seed) for k, seed in s.examples.items()]))


@app.command(epilog="""
    shipyard odds wasp.yaml hornet.yaml
    shipyard odds wasp.yaml hornet.yaml --range 3 --json
    shipyard odds wasp.yaml hornet.yaml -o odds.png
    shipyard odds --help-system traveller
""")
@user_errors
def odds(
    attacker: Annotated[Path, typer.Argument(metavar="ATTACKER", help="the firing design (.yaml)",
                                      autocompletion=design_files)],
    target: Annotated[Path, typer.Argument(metavar="TARGET", help="the design fired on (.yaml)",
                                      autocompletion=design_files)],
    at_range: Range = None,
    speed: Annotated[str | None, typer.Option(
        "--speed", metavar="SPEED", help="the target's movement, in the system's units a "
        "round, where the system's odds take it")] = None,
    crew: Annotated[list[str] | None, typer.Option(
        "--crew", metavar="KEY=VALUE", autocompletion=crew_keys,
        help="the attacker's crew (as duel --crew-a)")] = None,
    rules: Rules = None,
    samples: Annotated[int, typer.Option(
        "--samples", metavar="N", min=1, max=MAX_SAMPLES, help="volleys to sample when the "
        "dice are too many to enumerate (at most 1,000,000)")] = 20_000,
    seed: Annotated[int | None, typer.Option(
        "--seed", metavar="N", min=0, max=MAX_SEED, help="the seed of a sampled volley; "
        "without it one is chosen and printed")] = None,
    as_json: Json = False,
    allow_illegal: AllowIllegal = False,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", metavar="OUT", help="also draw the odds as charts, the format by "
        "OUT's name: .pdf, .html, .png, or .svg (the charts alone)")] = None,
    paper: PaperOption = PaperChoice.a4,
    help_system: HelpSystem = None,
) -> None:
    """The odds of one volley: what ATTACKER's weapons do to TARGET in a single attack.

    The damage that gets through and what it destroys, in the system's own terms; exact where
    the dice allow, else sampled (and it says which). Without --range, at the ranges where the
    attacker's weapons reach.
    """
    from shipyard.core.dice import new_seed
    from shipyard.core.options import parse_terms

    kind = None if output is None else chart_format(output)
    first, second = _designs([attacker, target], allow_illegal, "odds")
    terms = parse_terms(first.system.id, _declared(first.system), "odds",
                        {"range": at_range, "speed": speed}, [crew or []], rules or [])
    chosen = seed if seed is not None else new_seed()
    with _users_code():
        result = first.system.fight().odds(first, second, terms, samples, chosen)
    _print_odds(result, chosen, as_json)
    if output is not None:
        _draw_odds(result, chosen, first.system.title, output, kind, paper.value, as_json)


def _draw_odds(result: OddsReport, seed: int, system: str, output: Path,
               kind: FormatChoice | None, paper: str, as_json: bool) -> None:
    """The odds as a page of charts (`kind`), or as the charts alone in one SVG file."""
    from shipyard.core import report

    if kind is not None:
        write_report(report.odds_page(result, seed, system), kind, paper, output, result.title,
                     as_json)
        return
    from shipyard.core.output import write_atomic

    write_atomic(output, report.odds_svg(result, seed))
    typer.echo(f"wrote {output}", err=as_json)


def _print_odds(result: OddsReport, seed: int, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({**result.as_json(), **({} if result.exact else {"seed": seed})},
                              indent=2, ensure_ascii=False))
        return
    lines = [result.title, f"  {result.method}" + ("" if result.exact else f", seed {seed}")]
    lines += [f"  {note}" for note in result.notes]
    for dist in result.distributions:
        lines.append(f"{dist.name} (mean {dist.mean:.2f})")
        for p in dist.points:
            interval = "" if p.low is None else f" ({bound(p.low)} – {bound(p.high or 0)})"
            bar = "#" * round(40 * p.chance)
            lines.append(f"  {p.value:>4}  {percent(p.chance):>6}{interval}  {bar}")
    if result.chances:
        lines.append("chances")
        for c in result.chances:
            lines.append(f"  {_chance(c):>6}  {c.label}")
    echo_told(lines)
    if result.tables:
        from shipyard.cli.tables import render
        from shipyard.core.table import Table

        for table in result.tables:
            rows = [[_cell(c) for c in row] for row in table.rows]
            typer.echo(render(Table(table.title, list(table.columns), rows)), nl=False)


def _cell(cell: Cell) -> str:
    return "" if cell is None else cell if isinstance(cell, str) else _chance(cell)


def _chance(c: Chance) -> str:
    interval = "" if c.low is None else f" ({bound(c.low)} – {bound(c.high or 0)})"
    return percent(c.chance) + interval
