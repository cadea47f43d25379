"""What a first series waits for, beside what compiling buys: per system on the pattern, with its
stock pairing (bench_series.PAIRINGS),

    python bench/bench_compile.py [--runs 3] [--fights 100000] [--systems smallcraft,...]

* cold compile: a fresh process (start-up included) that compiles the system's series loop into
  an empty cache folder, as a first `duel --runs N` after an install does; CPU (user + sys) and
  wall, the whole process and the compile alone, medians of --runs (bar 60 s, aim 30 s);
* engine: the CPU and wall time of --fights compiled duels on one core (medians of --runs, the
  cache warm),
  so a change that trades compile time for engine time shows both numbers.

These machines are shared: CPU time is the steadier figure, and what the bars judge (a compile
runs on one core: on a quiet machine its wall time is its CPU time); wall time is what a user
waits here and now.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_series import (  # noqa: E402
    CATALOGS,
    ENV,
    PAIRINGS,
    chosen_systems,
    engine_times,
    stock_series,
    verdict,
)

# the child: compile (nothing is cached) and time the compile alone
COMPILE = """
import json, sys, time
sys.path.insert(0, {root!r})
from bench.bench_series import stock_series
from shipyard.core import compiled
rules, prepared = stock_series({a!r}, {b!r})
params = compiled.as_arrays(prepared.state)
wall, cpu = time.perf_counter(), time.process_time()
fights = compiled.compile_fights(rules, params)
print(json.dumps({{"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                  "compiled": compiled._compiles(fights)}}))
"""


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cold_compile(a: str, b: str, cache: Path) -> dict[str, float]:
    """One cold compile in a fresh process with `cache` as its (empty) cache folder."""
    env = {**ENV, "SHIPYARD_CACHE": str(cache)}
    cpu, wall = children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, "-c", COMPILE.format(root=str(ROOT), a=a, b=b)],
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode:
        raise SystemExit(f"the compile failed:\n{done.stderr}")
    took = {"process wall": time.perf_counter() - wall, "process cpu": children_cpu() - cpu}
    alone = json.loads(done.stdout.strip().splitlines()[-1])
    if not alone["compiled"]:
        raise SystemExit("an empty cache folder was not compiled into: is the cache shared?")
    return {**took, "compile wall": alone["wall"], "compile cpu": alone["cpu"]}


def bench(system_id: str, runs: int, fights: int) -> dict[str, float]:
    a, b = (str(CATALOGS / p) for p in PAIRINGS[system_id])
    print(f"{system_id}: {Path(a).stem} against {Path(b).stem}", flush=True)
    samples: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as scratch:
        for i in range(runs):
            samples.append(cold_compile(a, b, Path(scratch) / f"cold-{i}"))
        median = {key: statistics.median(s[key] for s in samples) for key in samples[0]}
        print(f"  cold compile (median of {runs}): process {median['process cpu']:.1f} s CPU, "
              f"{median['process wall']:.1f} s wall; the compile alone "
              f"{median['compile cpu']:.1f} s CPU, {median['compile wall']:.1f} s wall "
              f"(bar 60 s, aim 30 s, of CPU)  {verdict(median['process cpu'] <= 60)}",
              flush=True)
        # the engine, loading what the last cold compile cached
        import os

        os.environ["SHIPYARD_CACHE"] = str(Path(scratch) / f"cold-{runs - 1}")
        rules, prepared = stock_series(a, b)
        times, cpu, _ = engine_times(rules, prepared, fights, runs, workers=1)
    median["engine"], median["engine cpu"] = statistics.median(times), statistics.median(cpu)
    print(f"  engine: {fights:,} duels on one core {median['engine cpu']:.3f} s CPU, "
          f"{median['engine']:.3f} s wall (medians of {runs})", flush=True)
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fights", type=int, default=100_000)
    parser.add_argument("--systems", default="")
    args = parser.parse_args()
    chosen = chosen_systems(args.systems)
    table = {system_id: bench(system_id, args.runs, args.fights) for system_id in chosen}
    print(f"\n| system | cold compile, process CPU / wall | compile alone CPU / wall | "
          f"{args.fights:,} duels, one core, CPU / wall |")
    print("|---|---|---|---|")
    for system_id, m in table.items():
        print(f"| {system_id} | {m['process cpu']:.1f} s / {m['process wall']:.1f} s | "
              f"{m['compile cpu']:.1f} s / {m['compile wall']:.1f} s | "
              f"{m['engine cpu']:.3f} s / {m['engine']:.3f} s |")


if __name__ == "__main__":
    main()
