"""`shipyard battle A B`: fleets against fleets, or one design against a fleet, for a system that
declares battles (`FightOptions.battle`): one narrated battle, or a series summarised per side,
per design and per ship. The rules live in each system's FightSupport (`prepare_battle`); the
series report in core/battle.py; this module reads options and prints.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from shipyard.cli.app import app, fail, judged, state, user_errors
from shipyard.cli.completion import design_files, geometries, ranges, rule_names
from shipyard.cli.fight import (
    AllowIllegal,
    Engine,
    HelpSystem,
    Json,
    Seed,
    _against,
    _users_code,
    check_engine,
    echo_told,
    replay_command,
    replay_lines,
    series_display,
    told_json,
    told_lines,
)
from shipyard.cli.printing import PaperChoice, PaperOption
from shipyard.cli.report import ReportOutput, house_rules, report_format, write_report
from shipyard.core.figures import bound, percent
from shipyard.errors import UserError

if TYPE_CHECKING:
    from shipyard.core.battle import BattleSummary, Fates
    from shipyard.core.combat import FightResult, Prepared
    from shipyard.core.pattern import BattleSide
    from shipyard.core.yard import Report

# a series keeps every ship's fate in every battle (8 bytes a cell while it runs): at most this
# many cells, ~160 MB, whatever the fleets' sizes
MAX_CELLS = 20_000_000
SCHEMA = "battle.schema.json"  # the JSON Schema of `battle --runs N --json`, in this package


def schema() -> dict[str, Any]:
    """The published JSON Schema of a battle series' `--json` output."""
    document: dict[str, Any] = json.loads(
        resources.files("shipyard.cli").joinpath(SCHEMA).read_text(encoding="utf-8"))
    return document


def _sides(paths: list[Path], allow_illegal: bool) -> tuple[BattleSide, BattleSide]:
    """Each side a fleet file's entries, or one design; both of one system that has battles."""
    from shipyard.core.pattern import BattleSide

    reports = judged(paths, allow_illegal)
    systems = [r.system for r in reports]
    if systems[0] != systems[1]:
        fail(UserError.single("fight.systems", f"{reports[0].file} is {systems[0]} and "
                              f"{reports[1].file} is {systems[1]}: a battle needs two sides of "
                              "the same system", reports[1].file))
    system = state.yard().system(str(systems[0]))
    if system.fight_options is None or system.fight_options.battle is None:
        fail(UserError.single("battle.unsupported", f"the {system.id} system has no battles "
                              "yet: its fights are one ship against one (shipyard duel)",
                              reports[0].file))
    return BattleSide.of(reports[0], "A"), BattleSide.of(reports[1], "B")


def _side(report: Report, tag: str, *_: Any) -> BattleSide:
    """`BattleSide.of`, as tests of this module's callers still call it (the side and entrant
    classes they pass are not needed: tests/systems/{smallcraft,traveller} call it so)."""
    from shipyard.core.pattern import BattleSide

    return BattleSide.of(report, tag)


def max_runs(ships: int) -> int:
    from shipyard.core.pattern import MAX_RUNS, OUT_SHIPS

    return min(MAX_RUNS, MAX_CELLS // (OUT_SHIPS + ships))


@app.command(epilog="""
    shipyard battle ucm-patrol.yaml scourge-raid.yaml --seed 1
    shipyard battle ucm-patrol.yaml scourge-raid.yaml --runs 10000
    shipyard battle berlin.yaml scourge-raid.yaml --runs 2000 --json
    shipyard battle ucm-patrol.yaml scourge-raid.yaml --runs 10000 -o report.pdf
    shipyard battle --help-system dropfleet
""")
@user_errors
def battle(
    a: Annotated[Path, typer.Argument(metavar="A", help="side A: a fleet file, or one design "
                                      "(.yaml)", autocompletion=design_files)],
    b: Annotated[Path, typer.Argument(metavar="B", help="side B: a fleet file, or one design",
                                      autocompletion=design_files)],
    seed: Seed = None,
    runs: Annotated[int, typer.Option(
        "--runs", metavar="N", help="1: one narrated battle; more: a summary per side, design "
        "and ship")] = 1,
    as_json: Json = False,
    allow_illegal: AllowIllegal = False,
    start_range: Annotated[str | None, typer.Option(
        "--range", metavar="RANGE", autocompletion=ranges,
        help="distance between the sides, in the system's units or steps (see "
        "--help-system)")] = None,
    geometry: Annotated[str | None, typer.Option(
        "--geometry", metavar="NAME", autocompletion=geometries,
        help="how the sides stand (see --help-system)")] = None,
    cap: Annotated[str | None, typer.Option(
        "--cap", metavar="ROUNDS", help="rounds before the battle has no winner (default from "
        "the system)")] = None,
    rules: Annotated[list[str] | None, typer.Option(
        "--rule", metavar="NAME[=VALUE]", autocompletion=rule_names,
        help="turn an optional rule of the system on (or set it to VALUE); may be "
        "repeated")] = None,
    pilot_a: Annotated[str | None, typer.Option(
        "--pilot-a", metavar="FILE.py:NAME", help="your own commander for side A, where the "
        "system takes one (see --help-system; its battles run uncompiled)")] = None,
    pilot_b: Annotated[str | None, typer.Option(
        "--pilot-b", metavar="FILE.py:NAME", help="your own commander for side B")] = None,
    engine: Engine = "auto",
    output: ReportOutput = None,
    paper: PaperOption = PaperChoice.a4,
    help_system: HelpSystem = None,
) -> None:
    """Fight side A against side B, each a fleet file or one design: one narrated battle, or
    --runs N battles summarised per side, per design and per ship (with -o, also as a printed
    report with charts).

    The same --seed replays the same battle. An illegal design, or a fleet over its limit, is
    refused (exit 1) unless --allow-illegal.
    """
    from shipyard.core.combat import check_runs, fight_once
    from shipyard.core.dice import new_seed
    from shipyard.core.options import parse_terms

    check_runs(runs, "battles")
    check_engine(engine)
    kind = report_format(output, runs, "battles")
    sides = _sides([a, b], allow_illegal)
    system = sides[0].entrants[0].design.system
    terms = parse_terms(system.id, system.fight_options, "battle",
                        {"range": start_range, "geometry": geometry, "cap": cap}, [],
                        rules or [], (pilot_a, pilot_b))
    chosen = seed if seed is not None else new_seed()
    support = system.fight()
    with _users_code():
        prepared = support.prepare_battle(sides[0], sides[1], terms)
        if runs > max_runs(len(prepared.ships)):
            raise UserError.single("cli.runs", f"--runs {runs:,}: a series keeps the fate of "
                                   f"each of these {len(prepared.ships)} ships in every battle; "
                                   f"give at most {max_runs(len(prepared.ships)):,}")
        if runs == 1:
            result = fight_once(support, prepared, chosen)
        else:
            summary = _series(support, prepared, runs, chosen, engine, system.price_unit)
    if runs == 1:
        _print_battle(prepared, result, chosen, as_json, support.rules().fate_names())
    else:
        _print_summary(prepared, summary, as_json, support.rules().crippling)
    if kind is not None and output is not None:
        from shipyard.core.report import encounter

        replay = replay_command("battle", [a, b], {"--range": start_range, "--geometry": geometry,
                                                   "--cap": cap}, rules or [])
        page = encounter(prepared, summary, system=system.title, noun="battles",
                         crippling=support.rules().crippling, replay=replay,
                         house_rules=house_rules())
        write_report(page, kind, paper.value, output, f"{_against(*prepared.names)}",
                     as_json)


def _series(support: Any, prepared: Prepared, runs: int, seed: int, engine: str,
            unit: str | None) -> BattleSummary:
    from shipyard.core.battle import summarise_battle
    from shipyard.core.combat import series

    with series_display(runs, "battles") as (progress, notice):
        columns = series(support, prepared, runs, seed, progress, engine, notice, quick=True)
    return summarise_battle(prepared, columns, seed, unit)


def _print_battle(prepared: Prepared, result: FightResult, seed: int, as_json: bool,
                  words: dict[int, str]) -> None:
    from shipyard.core.pattern import FIRST_LOST

    fates = [(ship, f"lost to {words[code]}" if code >= FIRST_LOST else words[code])
             for ship, code in zip(prepared.ships, result.fates, strict=True)]
    if as_json:
        ships = [{"name": s.name, "design": s.design, "side": "ab"[s.side], "fate": f}
                 for s, f in fates]
        typer.echo(json.dumps(told_json(prepared, result, seed, ships=ships), indent=2,
                              ensure_ascii=False))
        return
    lines = told_lines(prepared, result, seed, "no winner")
    for side, name in enumerate(prepared.names):
        told = "; ".join(f"{s.name} {f}" for s, f in fates if s.side == side)
        lines.append(f"{name}: {told}")
    echo_told(lines)


def _rate(rate: Any) -> str:
    """"36.8% (35.8–37.7)": the rate and its 95% interval, in percent."""
    return f"{percent(rate.rate)} ({bound(rate.low, False)}–{bound(rate.high, False)})"


def _share(rate: Any) -> str:
    return percent(rate.rate)


def _print_summary(prepared: Prepared, s: BattleSummary, as_json: bool,
                   crippling: bool) -> None:
    if as_json:
        typer.echo(json.dumps({**s.as_json(), "terms": list(prepared.notes)}, indent=2,
                              ensure_ascii=False))
        return
    from shipyard.cli.tables import render
    from shipyard.core.table import Table

    base = s.summary
    a, b = base.names
    lines = [f"{_against(a, b)}: {base.runs:,} battles, seed {base.seed} ({base.engine})"]
    lines += [f"  {note}" for note in prepared.notes]
    echo_told(lines)
    rows = []
    for label, rate, key in ((f"{a} wins", base.wins[0], "a"), (f"{b} wins", base.wins[1], "b"),
                             ("no winner", base.no_winner, "none")):
        how = ", ".join(f"{r} {n:,}" for r, n in base.reasons[key].items())
        rows.append([label, f"{rate.count:,}", percent(rate.rate),
                     f"{bound(rate.low)} – {bound(rate.high)}", how])
    typer.echo(render(Table("Outcomes", ["outcome", "battles", "rate", "95% interval", "how"],
                            rows)), nl=False)
    # "of which crippled" only where the system has crippling: a 0% column would read as a
    # finding about ships that cannot be crippled
    columns = ["side", "ship", "survived", *(["of which crippled"] if crippling else []), "lost"]
    typer.echo(render(Table(f"Designs (copies pooled): share of battles, 95% intervals; "
                            f"{_legend(s.designs, crippling)}", [*columns, "fate"],
                            [[*_fate_row(f, crippling), _fate_bar(f, crippling)]
                             for f in s.designs])), nl=False)
    ways = list(dict.fromkeys(way for f in s.designs for way in f.how))
    escaped = any(f.escaped.count for f in s.designs)
    apart = any(f.lost_contact.count for f in s.designs)
    gone = ["escaped"] * escaped + ["lost contact"] * apart
    if ways or gone:
        typer.echo(render(Table(
            f"Designs: {''.join(g + ', or ' for g in gone)}lost to what (share of battles)",
            ["side", "ship", *gone, *ways],
            [["AB"[f.side], _named(f), *([_share(f.escaped)] if escaped else []),
              *([_share(f.lost_contact)] if apart else []),
              *(_share(f.how[w]) if w in f.how else "" for w in ways)] for f in s.designs])),
            nl=False)
    copies = {f.name for f in s.designs if f.copies > 1}
    ships = [f for f, entry in zip(s.ships, prepared.ships, strict=True)
             if entry.design in copies]
    if ships:  # a single ship's row is its design's; how each was lost: --json
        typer.echo(render(Table("Ships of designs with copies, 95% intervals", columns,
                                [_fate_row(f, crippling) for f in ships])), nl=False)
    lost_rows = []
    for side, name in enumerate(base.names):
        spread = ", ".join(f"{n}: {_share(r)}" for n, r in sorted(s.lost[side].items()))
        lost_rows.append([name, str(s.sizes[side]), spread])
    typer.echo(render(Table("Ships lost per side (share of battles)",
                            ["side", "ships", "lost: share"], lost_rows)), nl=False)
    spread_rows = [["battle length", f"{base.rounds.mean:.1f}", f"{base.rounds.sd:.1f}",
                    f"{base.rounds.median:g}", base.rounds.range(),
                    f"{base.round_name}s"]]
    if s.price_lost is not None:
        for name, d in zip(base.names, s.price_lost, strict=True):
            spread_rows.append([f"{name} lost", f"{d.mean:.1f}", f"{d.sd:.1f}", f"{d.median:g}",
                                d.range(), str(s.price_unit)])
    for name, d in zip(base.names, base.damage, strict=True):
        spread_rows.append([f"damage by {name}", f"{d.mean:.1f}", f"{d.sd:.1f}",
                            f"{d.median:g}", d.range(), base.damage_unit])
    typer.echo(render(Table("Spread", ["", "mean", "sd", "median", "range", "unit"],
                            spread_rows)), nl=False)
    typer.echo(f"random numbers drawn: {base.draws:,}")
    told = {"a": f"{a} wins", "b": f"{b} wins", "none": "no winner"}
    seeds = [(f"{told[k]} ({why})", n) for k, reasons in s.replays.items()
             for why, n in reasons.items()]
    if seeds:
        echo_told(replay_lines("battle", seeds))


def _legend(designs: tuple[Fates, ...], crippling: bool) -> str:
    """What the blocks of the fate bars stand for (those that can appear)."""
    from shipyard.core.chart import BLOCKS

    words = ["survived", "crippled", "escaped", "lost"]
    shown = [True, crippling, any(f.escaped.count for f in designs), True]
    return " ".join(f"{b} {w}" for b, w, on in zip(BLOCKS, words, shown, strict=True) if on)


def _fate_bar(f: Fates, crippling: bool) -> str:
    """A design's fates at a glance, in ten characters."""
    from shipyard.core.chart import text_bar

    crippled = f.crippled.rate if crippling else 0.0
    return text_bar([f.survived.rate - crippled, crippled, f.escaped.rate, f.lost.rate])


def _named(f: Fates) -> str:
    return f.name if f.copies == 1 else f"{f.name} (x{f.copies})"


def _fate_row(f: Fates, crippling: bool) -> list[str]:
    crippled = [_rate(f.crippled)] if crippling else []
    return ["AB"[f.side], _named(f), _rate(f.survived), *crippled, _rate(f.lost)]
