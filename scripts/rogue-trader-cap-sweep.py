"""The rogue-trader cap sweep (issue 10's bar): how many duels between the bundled ships reach the
Strategic Round cap, over every pairing (mirrors included) in each of the four geometries.

    .venv/bin/python scripts/rogue-trader-cap-sweep.py [--fights 400] [--seed 3] [--jobs 1]
        [--ordered] [--only endeavour,sword] [--json]

A pairing is two bundled examples, A against B; without --ordered each unordered pair plays once
(A the earlier in STOCK order), with --ordered both ways round. Every fight is a default duel
(default captains, default range, the system's cap) on the fight rules (compiled when Numba is
installed), seeded as `duel --runs` seeds them. The bar: over all fights, the share that reach
the cap has an upper 95% bound
(Wilson, shipyard.core.combat.wilson) under 5%, leaving out only pairings where `odds` shows
neither side can damage the other.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from shipyard.core.combat import series, wilson
from shipyard.core.options import Terms
from shipyard.core.yard import Yard
from shipyard.systems.rogue_trader.combat import SUPPORT
from shipyard.systems.rogue_trader.options import GEOMETRIES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "catalogs" / "rogue-trader" / "examples"
STOCK = ("vagabond", "hazeroth", "sword", "endeavour", "ambition")


def cell(job: tuple[str, str, str, int, int]) -> tuple[str, str, str, int, int, float]:
    """(a, b, geometry, fights, reached the cap, seconds)."""
    a, b, geometry, fights, seed = job
    yard = Yard()
    first, second = (yard.read(EXAMPLES / f"{stem}.yaml") for stem in (a, b))
    prepared = SUPPORT.prepare(first, second, Terms(geometry=geometry))
    start = time.perf_counter()
    columns = series(SUPPORT, prepared, fights, seed)
    names = columns.reason_names  # a compiled series gives indices into its reason names
    capped = sum(1 for reason in columns.reason if (names[reason] if names else reason) == "cap")
    return a, b, geometry, fights, capped, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=400)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ordered", action="store_true")
    parser.add_argument("--only", default="", help="comma-separated stems (default: all)")
    parser.add_argument("--geometry", default="", help="comma-separated (default: all four)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    stems = tuple(s for s in args.only.split(",") if s) or STOCK
    geometries = tuple(g for g in args.geometry.split(",") if g) or tuple(GEOMETRIES)
    pairs = (list(itertools.product(stems, repeat=2)) if args.ordered
             else list(itertools.combinations_with_replacement(stems, 2)))
    jobs = [(a, b, g, args.fights, args.seed) for a, b in pairs for g in geometries]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(cell, jobs))
    else:
        results = [cell(job) for job in jobs]
    total = sum(r[3] for r in results)
    capped = sum(r[4] for r in results)
    rate = wilson(capped, total)
    if args.json:
        print(json.dumps({"cells": [dict(zip(("a", "b", "geometry", "fights", "capped",
                                               "seconds"), r, strict=True)) for r in results],
                          "pairings": len(pairs), "geometries": len(geometries),
                          "fights": total, "capped": capped, "upper95": rate.high}, indent=1))
    else:
        for a, b, geometry, fights, count, seconds in results:
            print(f"{a:>9} v {b:<9} {geometry:<8} {count:4d}/{fights} at the cap "
                  f"({seconds:.1f} s)")
        print(f"{len(pairs)} pairings x {len(geometries)} geometries x {args.fights} fights = "
              f"{total}; {capped} reached the cap ({capped / total:.2%}; Wilson 95% "
              f"{rate.low:.2%}..{rate.high:.2%})")
    return 0 if rate.high < 0.05 else 1


if __name__ == "__main__":
    sys.exit(main())
