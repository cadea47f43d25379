"""dropfleet's duel against issue 11's bars: three Jade Frigates against a Berlin Cruiser.

    python bench/dropfleet-bench.py [--runs 3] [--fights 100000]

Prints, on one core with a warm compile cache: fights a second, the median time of --fights
fights over --runs runs, the random numbers the fights drew and the time NumPy takes to draw
as many (and the ratio); then the narrated duel with start-up (bar 300 ms), whether it imported
NumPy or Numba, and `validate` of the same two files for scale (the catalog's own load).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SHIPYARD_WORKERS"] = "1"
DUELS = ROOT / "catalogs" / "dropfleet" / "duels"
A, B = DUELS / "jade-frigates.yaml", DUELS / "berlin.yaml"
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(argv: list[str], runs: int) -> float:
    subprocess.run(argv, check=True, capture_output=True, env=ENV)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, env=ENV)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _timed(work: Any) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fights", type=int, default=100_000)
    args = parser.parse_args()

    import numpy as np

    from shipyard.core import compiled
    from shipyard.core.options import Terms
    from shipyard.core.yard import Yard

    yard = Yard()
    a, b = (yard.check(path).design for path in (A, B))
    assert a is not None and b is not None
    support = a.system.fight()
    prepared = support.prepare(a, b, Terms())
    rules = support.rules()
    compiled.run_series(rules, prepared, 1000, 1, workers=1)  # load or compile the cache
    times, draws = [], 0
    for run in range(args.runs):
        start = time.perf_counter()
        columns = compiled.run_series(rules, prepared, args.fights, 1 + run, workers=1)
        times.append(time.perf_counter() - start)
        draws = columns.draws
        wins = (int((columns.winner == 0).sum()), int((columns.winner == 1).sum()))
    engine = statistics.median(times)
    np.random.default_rng(0).random(draws)  # NumPy's own first call, not measured
    numpy = min(_timed(lambda: np.random.default_rng(1).random(draws)) for _ in range(3))
    print(f"dropfleet: {a.model.name} (x{prepared.state.n_a}) against {b.model.name}")
    print(f"  {args.fights:,} fights, one core, warm cache: {engine:.3f} s (median of "
          f"{args.runs}, best {min(times):.3f} s; bar 1 s): {args.fights / engine:,.0f} "
          "fights/s")
    print(f"  wins in the last run: A {wins[0]:,}, B {wins[1]:,}")
    print(f"  random numbers drawn: {draws:,} ({draws / args.fights:.0f} a fight); NumPy "
          f"draws as many in {numpy:.3f} s: the fights take {engine / numpy:.1f}x that")
    shipyard = [sys.executable, "-m", "shipyard"]
    duel = wall([*shipyard, "duel", str(A), str(B), "--seed", "1"], args.runs)
    validate = wall([*shipyard, "validate", str(A), str(B)], args.runs)
    done = subprocess.run([*shipyard[:1], "-X", "importtime", *shipyard[1:], "duel", str(A),
                           str(B), "--seed", "1"], capture_output=True, text=True, env=ENV,
                          check=True)
    heavy = sorted({name for name in ("numpy", "numba") if f" {name}\n" in done.stderr
                    or f"| {name}" in done.stderr})
    print(f"  narrated duel with start-up: {duel * 1000:.0f} ms (bar 300 ms); imports "
          f"{', '.join(heavy) if heavy else 'neither NumPy nor Numba'}")
    print(f"  validate of the same two files: {validate * 1000:.0f} ms (the catalog's load "
          "and start-up, before any fight)")


if __name__ == "__main__":
    main()
