"""The rogue-trader cap sweep (issue 24's bar): how many duels between the bundled ships reach the
Strategic Round cap, over every ordered pairing (mirrors included) in each of the four geometries.

    .venv/bin/python scripts/rogue-trader-cap-sweep.py [--fights 400] [--seed 3] [--jobs 1]
        [--unordered] [--only endeavour,sword] [--geometry head-on,...] [--cap 50]
        [--engine auto|plain] [--json]

A pairing is two bundled examples, A against B, played both ways round (A against B and B
against A: who is A decides who starts where); --unordered plays each unordered pair once (A
the earlier in STOCK order), as issue 10's sweep did. Every fight is a default duel (default
captains, default range, the system's cap unless --cap) on the fight rules (compiled when
Numba is installed, unless --engine plain), seeded as `duel --runs` seeds them; every pairing
is played, none left out.

It prints each cell (pairing and geometry), every way its fights ended that is no decision
(the cap, and the endings a game master declares: disengaged, stalemate, harmless), the overall
share at the cap with its Wilson 95% bounds (shipyard.core.combat.wilson) and the worst cell.
The bar: the upper 95% bound of the overall share under 5%, and no cell above 15%. It exits 0
when both hold, 1 when either fails.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

from shipyard.core.combat import series, wilson
from shipyard.core.options import Terms
from shipyard.core.yard import Yard
from shipyard.systems.rogue_trader.combat import SUPPORT
from shipyard.systems.rogue_trader.options import GEOMETRIES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "catalogs" / "rogue-trader" / "examples"
STOCK = ("vagabond", "hazeroth", "sword", "endeavour", "ambition")
OVERALL_BAR = 0.05  # the upper 95% bound of the share at the cap must be under this
CELL_BAR = 0.15  # and no cell's share above this
UNDECIDED = ("cap", "disengaged", "stalemate", "harmless", "both-lost")


class Cell(NamedTuple):
    a: str
    b: str
    geometry: str
    fights: int
    ends: dict[str, int]  # how many fights ended each way (reason -> count)
    seconds: float

    @property
    def capped(self) -> int:
        return self.ends.get("cap", 0)


def cell(job: tuple[str, str, str, int, int, int | None, str]) -> Cell:
    a, b, geometry, fights, seed, cap, engine = job
    yard = Yard()
    first, second = (yard.read(EXAMPLES / f"{stem}.yaml") for stem in (a, b))
    terms = Terms(geometry=geometry) if cap is None else Terms(geometry=geometry, cap=cap)
    prepared = SUPPORT.prepare(first, second, terms)
    start = time.perf_counter()
    columns = series(SUPPORT, prepared, fights, seed, engine=engine)
    names = columns.reason_names  # a compiled series gives indices into its reason names
    ends = Counter(str(names[r]) if names else str(r) for r in columns.reason)
    return Cell(a, b, geometry, fights, dict(ends), time.perf_counter() - start)


def sweep(stems: tuple[str, ...], geometries: tuple[str, ...], fights: int, seed: int,
          ordered: bool = True, jobs: int = 1, cap: int | None = None,
          engine: str = "auto") -> list[Cell]:
    pairs = (list(itertools.product(stems, repeat=2)) if ordered
             else list(itertools.combinations_with_replacement(stems, 2)))
    work = [(a, b, g, fights, seed, cap, engine) for a, b in pairs for g in geometries]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(cell, work))
    return [cell(job) for job in work]


def verdict(cells: list[Cell]) -> tuple[bool, str]:
    """(both bars hold, the summary lines)."""
    total = sum(c.fights for c in cells)
    capped = sum(c.capped for c in cells)
    rate = wilson(capped, total)
    worst = max(cells, key=lambda c: (c.capped / c.fights, c.a, c.b, c.geometry))
    worst_share = worst.capped / worst.fights
    ends = Counter[str]()
    for c in cells:
        ends.update(c.ends)
    undecided = ", ".join(f"{reason} {ends[reason]} ({ends[reason] / total:.2%})"
                          for reason in UNDECIDED if ends[reason])
    ok_overall = rate.high < OVERALL_BAR
    ok_cell = worst_share <= CELL_BAR
    lines = [
        f"{len(cells)} cells, {total} fights; no decision: {undecided or 'none'}",
        f"at the cap: {capped} of {total}, {capped / total:.2%} (Wilson 95% {rate.low:.2%}.."
        f"{rate.high:.2%}; bar: upper bound under {OVERALL_BAR:.0%}) "
        f"{'ok' if ok_overall else 'FAILS'}",
        f"worst cell: {worst.a} v {worst.b} {worst.geometry}, {worst.capped}/{worst.fights} "
        f"({worst_share:.1%}; bar: at most {CELL_BAR:.0%}) {'ok' if ok_cell else 'FAILS'}",
    ]
    return ok_overall and ok_cell, "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--fights", type=int, default=400)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--unordered", action="store_true",
                        help="each unordered pair once (issue 10's sweep), not both ways round")
    parser.add_argument("--only", default="", help="comma-separated stems (default: all)")
    parser.add_argument("--geometry", default="", help="comma-separated (default: all four)")
    parser.add_argument("--cap", type=int, default=None, help="the round cap (default: the "
                        "catalog's)")
    parser.add_argument("--engine", choices=("auto", "plain"), default="auto")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    stems = tuple(s for s in args.only.split(",") if s) or STOCK
    geometries = tuple(g for g in args.geometry.split(",") if g) or tuple(GEOMETRIES)
    cells = sweep(stems, geometries, args.fights, args.seed, not args.unordered, args.jobs,
                  args.cap, args.engine)
    ok, summary = verdict(cells)
    if args.json:
        total = sum(c.fights for c in cells)
        capped = sum(c.capped for c in cells)
        print(json.dumps({"cells": [{**c._asdict(), "capped": c.capped} for c in cells],
                          "fights": total, "capped": capped,
                          "upper95": wilson(capped, total).high, "ok": ok}, indent=1))
    else:
        for c in cells:
            others = ", ".join(f"{r} {c.ends[r]}" for r in UNDECIDED[1:] if c.ends.get(r))
            print(f"{c.a:>9} v {c.b:<9} {c.geometry:<8} {c.capped:4d}/{c.fights} at the cap"
                  f"{f' ({others})' if others else ''} ({c.seconds:.1f} s)")
        print(summary)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
