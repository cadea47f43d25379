"""traveller fight speed (issue 11's bars), Dragon against Strandbell, medians of several runs.

    SHIPYARD_WORKERS=1 python bench/traveller-bench.py [--runs 3] [--fights 100000]

Prints: the cold compile (a fresh cache folder), fights/s and the 100,000-fight time compiled
on one core with a warm cache, the random numbers drawn and the time NumPy takes to draw as many
(`np.random.default_rng(1).random(n)`) with the ratio, the narrated duel with start-up
(`shipyard duel DRAGON STRANDBELL --seed 1` as a fresh process) and `shipyard validate` of the
same two beside it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "catalogs" / "traveller" / "examples"
DRAGON, STRANDBELL = EXAMPLES / "dragon-sdb.yaml", EXAMPLES / "strandbell-sdb.yaml"
SHIPYARD = str(Path(sys.executable).parent / "shipyard")

ENGINE = """
import time
from shipyard.core.yard import Yard
from shipyard.core.combat import series
from shipyard.core.options import Terms
yard = Yard()
from pathlib import Path
a = yard.check(Path({a!r})).design
b = yard.check(Path({b!r})).design
support = a.system.fight()
prepared = support.prepare(a, b, Terms())
started = time.perf_counter()
series(support, prepared, 1, seed=0)
print("load", time.perf_counter() - started)
for _ in range({runs}):
    started = time.perf_counter()
    columns = series(support, prepared, {fights}, seed=1)
    print("run", time.perf_counter() - started, columns.draws, columns.engine)
"""


def engine(fights: int, runs: int, cache: str | None = None) -> list[str]:
    env = {**os.environ, "SHIPYARD_WORKERS": "1"}
    if cache is not None:
        env["SHIPYARD_CACHE"] = cache
    code = ENGINE.format(a=str(DRAGON), b=str(STRANDBELL), fights=fights, runs=runs)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout.split("\n")


def wall(argv: list[str], runs: int) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(argv, check=True, capture_output=True, env=env)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fights", type=int, default=100_000)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as cold:
        load = [ln for ln in engine(1, 0, cold) if ln.startswith("load")]
        print(f"cold compile (fresh cache): {float(load[0].split()[1]):.1f} s")

    lines = engine(args.fights, args.runs)
    runs = [ln.split() for ln in lines if ln.startswith("run")]
    seconds = statistics.median(float(r[1]) for r in runs)
    draws = int(runs[0][2])
    print(f"engine: {runs[0][3]}, one core (SHIPYARD_WORKERS=1), warm cache")
    print(f"{args.fights:,} fights: {seconds:.3f} s median of {args.runs} "
          f"({args.fights / seconds:,.0f} fights/s; bar 1 s, aim 0.3 s)")

    import numpy as np

    generator = np.random.default_rng(1)
    times = []
    for _ in range(args.runs):
        started = time.perf_counter()
        generator.random(draws)
        times.append(time.perf_counter() - started)
    numpy_time = statistics.median(times)
    print(f"random numbers drawn: {draws:,} ({draws / args.fights:.0f} a fight); NumPy draws "
          f"as many in {numpy_time:.3f} s; ratio {seconds / numpy_time:.1f}x")

    duel = wall([SHIPYARD, "duel", str(DRAGON), str(STRANDBELL), "--seed", "1"], args.runs)
    validate = wall([SHIPYARD, "validate", str(DRAGON), str(STRANDBELL)], args.runs)
    print(f"narrated duel with start-up: {duel * 1000:.0f} ms (bar 300 ms); validate "
          f"{validate * 1000:.0f} ms")
    series_wall = wall([SHIPYARD, "duel", str(DRAGON), str(STRANDBELL), "--runs",
                        str(args.fights)], args.runs)
    print(f"duel --runs {args.fights:,} with start-up and cache load: {series_wall:.2f} s "
          f"({series_wall / validate:.1f}x validate; bar 6x)")


if __name__ == "__main__":
    main()
