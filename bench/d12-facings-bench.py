"""d12-facings: the series engine on one core, frigate against destroyer (issue 14's pairing,
issue 11's bars: 100,000 fights in at most 1 s warm, aim 0.3 s).

    .venv/bin/python bench/d12-facings-bench.py [--runs 100000] [--repeats 3] [--no-cold]

Prints fights/s and the median time of `--repeats` series of `--runs` fights (compiled, warm
cache, one worker), the random numbers they drew, the time NumPy takes to draw as many and the
ratio, and the cold compile time (a fresh cache folder, in a subprocess).
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
sys.path.insert(0, str(ROOT))
os.environ["SHIPYARD_WORKERS"] = "1"

from shipyard.api import Prepared, Terms  # noqa: E402
from shipyard.core.combat import series  # noqa: E402
from shipyard.core.yard import Yard  # noqa: E402
from shipyard.systems.d12_facings.combat import SUPPORT  # noqa: E402

EXAMPLES = ROOT / "catalogs" / "d12-facings" / "examples"
PAIRING = ("lancer", "sabre")  # Lancer (frigate) against Sabre (destroyer)
def prepared() -> Prepared:
    yard = Yard()
    a, b = (yard.read(EXAMPLES / f"{slug}.yaml") for slug in PAIRING)
    return SUPPORT.prepare(a, b, Terms())


def cold_compile() -> float:
    """Seconds the first series takes with an empty cache (compiling the rules), measured in
    a fresh process."""
    with tempfile.TemporaryDirectory() as cache:
        done = subprocess.run([sys.executable, __file__, "--cold-only"], capture_output=True,
                              text=True, check=True, env={**os.environ, "SHIPYARD_CACHE": cache})
        return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-cold", action="store_true", help="skip the cold compile")
    parser.add_argument("--cold-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    import numpy as np

    p = prepared()
    if args.cold_only:
        started = time.perf_counter()
        series(SUPPORT, p, 1, 0)
        print(time.perf_counter() - started)
        return
    columns = series(SUPPORT, p, 1000, 0)  # loads (or compiles) the cache: not timed
    times, cpu = [], []
    for repeat in range(args.repeats):
        started, used = time.perf_counter(), time.thread_time()
        columns = series(SUPPORT, p, args.runs, repeat + 1)
        times.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - used)  # one worker: the fights run on this thread
    median = statistics.median(times)
    draws = columns.draws
    started = time.perf_counter()
    np.random.default_rng(1).random(draws)
    numpy = time.perf_counter() - started
    names = " against ".join(p.names)
    print(f"{names}, {args.runs:,} fights on one core ({columns.engine}, warm cache):")
    print(f"  median {median:.3f} s of {args.repeats} "
          f"({', '.join(f'{t:.3f}' for t in times)}): {args.runs / median:,.0f} fights/s; "
          f"best {min(times):.3f} s; CPU time median {statistics.median(cpu):.3f} s (a busy "
          "machine inflates wall time)")
    print(f"  random numbers drawn: {draws:,} ({draws / args.runs:.1f} a fight); NumPy draws "
          f"as many in {numpy:.3f} s; the fights take {median / numpy:.1f}x that")
    outcome = [int((columns.winner == side).sum()) for side in (0, 1, -1)]
    print(f"  A wins {outcome[0]:,}, B wins {outcome[1]:,}, no winner {outcome[2]:,}")
    if not args.no_cold:
        print(f"  cold compile (empty cache, first series): {cold_compile():.1f} s")


if __name__ == "__main__":
    main()
