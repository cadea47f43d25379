"""The encounter report: a series of battles (or duels) on one printed page, as charts.

What a game master files in the binder before a game night: who fights whom and under what
terms, how often each side wins (bars with their 95% whiskers), how each design's ships end
(stacked bars: survived, crippled, escaped, lost by each cause), how long the battles last and
how much damage each side deals (histograms in the system's own words), and a seed to replay
each kind of ending. The numbers come from the series summary (core/battle.py), the drawing
from core/chart.py; no system draws anything of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from markupsafe import Markup

from shipyard import __version__
from shipyard.core import chart
from shipyard.core.battle import BattleSummary, Fates
from shipyard.core.combat import Chance, OddsReport
from shipyard.core.matrix import Matrix
from shipyard.core.model import Printable
from shipyard.core.pattern import Prepared

TEMPLATE = "_base/report.html"
STYLESHEET = "_base/report.css"


def _rate_text(rate: Any) -> str:
    """"61.7% (59.6–63.8%)": a share and its 95% interval."""
    return (f"{chart.percent(rate.rate)} ({100 * rate.low:.1f}–{100 * rate.high:.1f}%)")


def _number(x: float | Decimal) -> str:
    return f"{x:,.1f}".removesuffix(".0")


def sides(prepared: Prepared, summary: BattleSummary) -> list[dict[str, str]]:
    """Each side's name, its ships (a design's copies counted) and, where ships are priced,
    what the side costs."""
    out = []
    for side, name in enumerate(prepared.names):
        ships = ", ".join(f.name if f.copies == 1 else f"{f.name} ×{f.copies}"
                          for f in summary.designs if f.side == side)
        prices = [s.price for s in prepared.ships if s.side == side]
        priced = summary.price_unit is not None and all(p is not None for p in prices)
        cost = f"{_number(sum(p for p in prices if p is not None))} {summary.price_unit}" \
            if priced else ""
        out.append({"tag": "AB"[side], "name": name, "ships": ships, "cost": cost})
    return out


def fate_kinds(designs: Sequence[Fates], crippling: bool) -> list[str]:
    """The parts of a ship's bar, in order: survived, crippled (where the system has
    crippling), escaped (where any ship did), then each way of being lost that happened."""
    kinds = ["survived"] + (["crippled"] if crippling else [])
    if any(f.escaped.count for f in designs):
        kinds.append("escaped")
    kinds += list(dict.fromkeys(f"lost: {how}" for f in designs for how in f.how))
    return kinds


def fate_stack(f: Fates, crippling: bool) -> chart.Stack:
    whole = f.survived.rate - (f.crippled.rate if crippling else 0.0)
    parts = [chart.Segment("survived", whole)]
    if crippling:
        parts.append(chart.Segment("crippled", f.crippled.rate))
    parts.append(chart.Segment("escaped", f.escaped.rate))
    parts += [chart.Segment(f"lost: {how}", r.rate) for how, r in f.how.items()]
    label = f"{'AB'[f.side]} · {f.name}" + ("" if f.copies == 1 else f" ×{f.copies}")
    return chart.Stack(label, tuple(parts))


def encounter(prepared: Prepared, summary: BattleSummary, *, system: str, noun: str,
              crippling: bool, replay: str, house_rules: Sequence[str] = ()) -> Printable:
    """The report's page: `noun` counts the series ("battles", "fights"); `replay` is the
    command that replays a seed, without its --seed."""
    base = summary.summary
    a, b = base.names
    told = {"a": f"{a} wins", "b": f"{b} wins", "none": "no winner"}
    outcomes = [chart.Whisker(f"{told[k]}", rate.rate, rate.low, rate.high, _rate_text(rate))
                for k, rate in (("a", base.wins[0]), ("b", base.wins[1]),
                                ("none", base.no_winner))]
    how = [{"outcome": told[k], "reasons": ", ".join(f"{r} {n:,}" for r, n in tally.items())}
           for k, tally in base.reasons.items() if tally]
    kinds = fate_kinds(summary.designs, crippling)
    stacks = [fate_stack(f, crippling) for f in summary.designs]
    r = base.rounds
    length = {
        "chart": chart.histogram("length", base.length_bins, f"{base.round_name}s", 60.0,
                                 marks=[(r.mean, f"mean {r.mean:.1f}")]),
        "title": f"Length ({base.round_name}s)",
        "words": f"mean {r.mean:.1f}, median {r.median:g}, {r.range('–')}",
    }
    damage = []
    for side, (name, d, bins) in enumerate(zip(base.names, base.damage, base.damage_bins,
                                               strict=True)):
        damage.append({
            "chart": chart.histogram(f"damage-{'ab'[side]}", bins, base.damage_unit, 60.0,
                                     marks=[(d.mean, f"mean {d.mean:.1f}")]),
            "title": f"Damage dealt by {'AB'[side]}",
            "words": f"mean {d.mean:.1f}, median {d.median:g}, {d.range('–')}",
            "name": name,
        })
    lost = []
    for side in (0, 1):
        spread = ", ".join(f"{n}: {chart.percent(rate.rate)}"
                           for n, rate in sorted(summary.lost[side].items()))
        row = {"tag": "AB"[side], "of": summary.sizes[side], "spread": spread, "price": ""}
        if summary.price_lost is not None:
            p = summary.price_lost[side]
            row["price"] = (f"{summary.price_unit} lost: mean {p.mean:.1f}, median "
                            f"{p.median:g}, {p.range('–')}")
        lost.append(row)
    # the command once and the seeds by outcome: a row of the whole command per seed took a
    # second page where a system has many ways to end
    seeds = [{"outcome": told[k], "reasons": list(reasons.items())}
             for k, reasons in summary.replays.items() if reasons]
    title = f"{a} against {b}"
    return Printable(TEMPLATE, {
        "title": title, "system": system, "noun": noun, "runs": base.runs, "seed": base.seed,
        "engine": base.engine, "version": __version__, "sides": sides(prepared, summary),
        "terms": list(prepared.notes), "house_rules": list(house_rules),
        "outcomes": chart.whisker_bars("outcomes", outcomes), "how": how,
        "fates": chart.stacked_bars("fates", stacks, kinds), "length": length,
        "damage": damage, "lost": lost, "seeds": seeds, "replay": f"{replay} --seed SEED",
    }, (STYLESHEET,))


# --- the odds of one volley ----------------------------------------------------------------

ODDS_TEMPLATE = "_base/odds.html"
CHART_HEIGHT = 46.0  # mm: each distribution's chart


def _odds_charts(odds: OddsReport) -> list[tuple[str, Markup]]:
    """Each distribution (each weapon system's, where odds reports them so) as its chart."""
    out = []
    for i, dist in enumerate(odds.distributions):
        points, above = [], 1.0
        for p in dist.points:
            points.append(chart.Chance(p.value, p.chance, max(above, 0.0)))
            above -= p.chance
        out.append((dist.name, chart.distribution(f"dist-{i}", points, dist.name, dist.mean,
                                                  height=CHART_HEIGHT)))
    return out


def _chance_text(c: Chance) -> str:
    interval = "" if c.low is None else f" ({100 * c.low:.1f}–{100 * (c.high or 0):.1f}%)"
    return chart.percent(c.chance) + interval


def odds_page(odds: OddsReport, seed: int, system: str) -> Printable:
    """One volley's odds as a page: the method (exact, or sampled with its seed), each
    distribution as bars "exactly" and "at least" with the mean marked, the chances (of
    crippling, destroying...) as bars with their intervals, and the odds' own tables."""
    chances = chart.whisker_bars("chances", [
        chart.Whisker(c.label, c.chance, c.chance if c.low is None else c.low,
                      c.chance if c.high is None else c.high, _chance_text(c))
        for c in odds.chances]) if odds.chances else None
    tables = [{"title": t.title, "columns": list(t.columns),
               "rows": [["" if c is None else c if isinstance(c, str) else _chance_text(c)
                         for c in row] for row in t.rows]} for t in odds.tables]
    return Printable(ODDS_TEMPLATE, {
        "title": odds.title, "system": system, "version": __version__,
        "method": odds.method + ("" if odds.exact else f", seed {seed}"),
        "notes": list(odds.notes),
        "charts": [{"name": name, "chart": svg} for name, svg in _odds_charts(odds)],
        "chances": chances, "tables": tables,
    }, (STYLESHEET,))


def odds_svg(odds: OddsReport, seed: int) -> str:
    """The distributions alone, as one standalone SVG (the page's charts, with their titles)."""
    parts: list[tuple[Markup, float]] = [
        (chart.caption(odds.title), 4.8),
        (chart.caption(odds.method + ("" if odds.exact else f", seed {seed}"), size=2.6), 3.9)]
    for name, svg in _odds_charts(odds):
        parts += [(chart.caption(name, size=2.8), 4.2), (svg, CHART_HEIGHT)]
    return chart.stacked_svg(parts, 186.0, 1.5)


# --- every design against every other ------------------------------------------------------

MATRIX_TEMPLATE = "_base/matrix.html"


def per_win_text(matrix: Matrix, row: int) -> str:
    value = matrix.per_win(row)
    return "—" if value is None else f"{value:,.0f}"


def matrix_page(matrix: Matrix, system: str) -> Printable:
    """The matrix as a heatmap with its numbers, the designs strongest first, each row's
    overall share and, where ships are priced, its price per win."""
    order = matrix.order()
    cells = [[None if r == c else matrix.share(r, c) for c in order] for r in order]
    extra: list[tuple[str, list[str]]] = [
        ("overall", [chart.percent(matrix.strength(r)) for r in order])]
    if matrix.price_unit is not None:
        extra.append((matrix.price_unit, [_number(matrix.prices[r] or 0) for r in order]))
        extra.append((f"{matrix.price_unit} per win", [per_win_text(matrix, r) for r in order]))
    n = len(order)
    return Printable(MATRIX_TEMPLATE, {
        "title": f"{n} designs, each against every other", "system": system,
        "runs": matrix.runs, "fights": n * (n - 1) // 2 * matrix.runs, "seed": matrix.seed,
        "engine": matrix.engine, "version": __version__,
        "heatmap": chart.heatmap("matrix", [matrix.names[r] for r in order], cells, extra),
        "priced": matrix.price_unit,
    }, (STYLESHEET,))
