"""The fixed cost every command pays (QUALITY.md's start-up bars, issue 24), for every system.

    python bench/bench_startup.py [--runs 7] [--systems rogue-trader,...] [--fights 100000]
                                  [--series SYSTEMS] [--base DIR]

Per system, with its stock pairing, each a fresh process run as installed (byte-compiled), the
median of --runs after one unmeasured run:
* `shipyard validate A B`;
* a narrated `shipyard duel A B --seed 1` (bar 300 ms wall, start-up included);
* `shipyard duel A B --runs 100` (the compiled series' fixed cost: its imports and the cached
  compiled rules, before its first fights; a hundred fights take under a millisecond), for the
  systems --series names (all by default; a first series in a checkout compiles its rules once,
  minutes, before it is timed);
* for rogue-trader, `shipyard duel A B --runs FIGHTS` and its ratio to `validate` (bar 6x),
  with every core (SHIPYARD_WORKERS unset).
Beside them, `python -c "import typer, pydantic"` and `shipyard --help`.

With --base DIR (another checkout of shipyard, e.g. a worktree of main), each command is timed
there too, its runs interleaved with these so that both meet the same load: the ratios of one
run are what to quote on a shared machine. `python -m shipyard` in DIR imports DIR's code, which
must be byte-compiled once as well (the unmeasured run does it).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# the stock pairings and the installed-as-bytecode environment, as the series bench has them
from bench.bench_series import CATALOGS, ENV, PAIRINGS  # noqa: E402


def timed(argv: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=ENV, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def measure(argv: list[str], runs: int, trees: list[Path]) -> list[tuple[float, float]]:
    """The median wall and CPU seconds of `argv` in each tree, runs interleaved."""
    for tree in trees:
        timed(argv, tree)  # unmeasured: writes the bytecode, warms the file cache
    samples: list[list[tuple[float, float]]] = [[] for _ in trees]
    for _ in range(runs):
        for tree, found in zip(trees, samples, strict=True):
            found.append(timed(argv, tree))
    return [(statistics.median(w for w, _ in found), statistics.median(c for _, c in found))
            for found in samples]


def shipyard(*args: str) -> list[str]:
    return [sys.executable, "-m", "shipyard", *args]


def line(name: str, found: list[tuple[float, float]], bar: float | None = None) -> list[float]:
    cells = "   ".join(f"{w * 1000:5.0f} ms (CPU {c * 1000:4.0f})" for w, c in found)
    ratio = f"   now/base {found[0][0] / found[1][0]:.2f}" if len(found) > 1 else ""
    verdict = ""
    if bar is not None:
        verdict = f"   bar {bar * 1000:.0f} ms {'ok' if found[0][0] <= bar else 'OVER BAR'}"
    print(f"  {name:34s} {cells}{ratio}{verdict}")
    return [w for w, _ in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--systems", default=",".join(PAIRINGS))
    parser.add_argument("--fights", type=int, default=100_000)
    parser.add_argument("--series", default=",".join(PAIRINGS))
    parser.add_argument("--base", type=Path, default=None)
    args = parser.parse_args()
    trees = [ROOT] + ([args.base.resolve()] if args.base else [])
    print(f"medians of {args.runs} runs, wall (CPU), {os.cpu_count()} cores; columns: "
          + ", ".join(str(t) for t in trees))
    line("python -c 'import typer, pydantic'",
         measure([sys.executable, "-c", "import typer, pydantic"], args.runs, trees))
    line("shipyard --help", measure(shipyard("--help"), args.runs, trees))
    for system_id in args.systems.split(","):
        a, b = (str(CATALOGS / p) for p in PAIRINGS[system_id])
        print(f"{system_id}: {Path(a).stem} against {Path(b).stem}")
        validate = line("validate A B", measure(shipyard("validate", a, b), args.runs, trees))
        line("duel A B --seed 1 (narrated)",
             measure(shipyard("duel", a, b, "--seed", "1"), args.runs, trees), bar=0.3)
        if system_id not in args.series.split(","):
            continue
        line("duel A B --runs 100 (series' fixed cost)",
             measure(shipyard("duel", a, b, "--runs", "100", "--seed", "1"), args.runs, trees))
        if system_id == "rogue-trader":
            series = line(f"duel A B --runs {args.fights:,}",
                          measure(shipyard("duel", a, b, "--runs", str(args.fights), "--seed",
                                           "1"), args.runs, trees))
            print("  ratio to validate (bar 6x): "
                  + ", ".join(f"{s / v:.1f}x" for s, v in zip(series, validate, strict=True)))


if __name__ == "__main__":
    main()
