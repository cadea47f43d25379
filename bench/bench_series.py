"""The fight pattern's bars (issue 11), for every system whose fights are on the pattern.

    python bench/bench_series.py [--runs 3] [--fights 100000] [--systems smallcraft,...]
                                 [--million]

Per system, with its stock pairing (medians of --runs; these machines are shared and noisy):
* cold compile: a series in a fresh process with an empty compile cache (the one-time cost);
* engine time of 100,000 fights on one core, warm cache (bar 1 s, aim 0.3 s), beside the time
  NumPy takes to draw as many random numbers as the fights drew, and the ratio;
* the same on every core (chunks on threads);
* `shipyard duel A B --runs 100000`, start-up and cache load included, against `shipyard
  validate A B` in the same run (bar 6x);
* a narrated `shipyard duel A B --seed 1`, start-up included (bar 300 ms), importing neither
  NumPy nor Numba;
* with --million: the peak memory of `duel --runs 1000000` (bar 300 MB).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CATALOGS = ROOT / "catalogs"
PAIRINGS = {
    "smallcraft": ("smallcraft/examples/starfury.yaml", "smallcraft/examples/raider.yaml"),
    "rogue-trader": ("rogue-trader/examples/ambition.yaml",
                     "rogue-trader/examples/endeavour.yaml"),
    "d12-facings": ("d12-facings/examples/lancer.yaml", "d12-facings/examples/sabre.yaml"),
    "dropfleet": ("dropfleet/duels/jade-frigates.yaml", "dropfleet/duels/berlin.yaml"),
    "traveller": ("traveller/examples/dragon-sdb.yaml", "traveller/examples/strandbell-sdb.yaml"),
}
# as installed: Python reads compiled bytecode (PYTHONDONTWRITEBYTECODE would recompile shipyard
# on every start)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER BAR"


def wall(argv: list[str], runs: int, env: dict[str, str] | None = None) -> float:
    """Median wall time of a fresh process, after one unmeasured run."""
    env = env or ENV
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def shipyard(*args: str) -> list[str]:
    return [sys.executable, "-m", "shipyard", *args]


def cold_compile(a: str, b: str) -> float:
    with tempfile.TemporaryDirectory() as cache:
        env = {**ENV, "SHIPYARD_CACHE": cache}
        start = time.perf_counter()
        subprocess.run(shipyard("duel", a, b, "--runs", "100", "--seed", "1", "--engine",
                                "compiled"), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        return time.perf_counter() - start


def stock_series(a: str, b: str) -> tuple[Any, Any]:
    """The fight rules and prepared state of a duel of designs A and B under default terms."""
    from shipyard.core.options import Terms
    from shipyard.core.yard import Yard

    yard = Yard()
    first, second = yard.read(Path(a)), yard.read(Path(b))
    support = first.system.fight()
    return support.rules(), support.prepare(first, second, Terms())


def engine_times(rules: Any, prepared: Any, fights: int, runs: int,
                 workers: int) -> tuple[list[float], list[float], Any]:
    """The wall and CPU times of `runs` series of `fights` fights on `workers` threads
    (compiled, the cache compiled or loaded first, unmeasured), and the last series' columns."""
    from shipyard.core import compiled

    compiled.run_series(rules, prepared, 2_000, 0, workers=1)  # compile or load the cache
    times, cpu = [], []
    for i in range(runs):
        start, used = time.perf_counter(), time.process_time()
        columns = compiled.run_series(rules, prepared, fights, i + 1, workers=workers)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
    return times, cpu, columns


def engine(system_id: str, a: str, b: str, fights: int, runs: int) -> None:
    import numpy as np

    from shipyard.core import compiled

    rules, prepared = stock_series(a, b)
    for workers in (1, compiled.workers_wanted()):
        times, _, columns = engine_times(rules, prepared, fights, runs, workers)
        t = statistics.median(times)
        if workers == 1:
            draws = columns.draws
            rng = np.random.default_rng(0)
            draw_times = []
            for _ in range(runs):
                start = time.perf_counter()
                left = draws
                while left:
                    n = min(left, 1_000_000)
                    rng.random(n)
                    left -= n
                draw_times.append(time.perf_counter() - start)
            d = statistics.median(draw_times)
            print(f"  {fights:,} fights, one core: {t:.3f} s (median of {runs}, best "
                  f"{min(times):.3f} s; bar 1 s, aim 0.3 s)  {verdict(t <= 1.0)}; "
                  f"{fights / t:,.0f} fights/s")
            print(f"  random numbers drawn: {draws:,} ({draws / fights:.0f} a fight); NumPy "
                  f"draws as many in {d:.3f} s: the fights take {t / d:.1f}x that")
        else:
            print(f"  {fights:,} fights, {workers} cores: {t:.3f} s (median of {runs})")


def narrated_imports(a: str, b: str, command: str = "duel") -> list[str]:
    """What a narrated `command` (duel or battle) of A and B imports of NumPy and Numba."""
    code = ("import sys; from shipyard.cli import main; sys.argv = ['shipyard', "
            f"{command!r}, {a!r}, {b!r}, '--seed', '1']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "import json; print(json.dumps([m for m in ('numpy', 'numba') if m in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=ENV, check=False)
    found: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def peak_memory(a: str, b: str, runs: int = 1_000_000, command: str = "duel") -> float:
    """The peak memory in MB of `command` (duel or battle) A B --runs `runs`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(shipyard(command, a, b, "--runs", str(runs), "--seed", "1", "--json"),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(after, before) / 1024  # ru_maxrss is in KiB on Linux


def bench(system_id: str, runs: int, fights: int, million: bool) -> None:
    a, b = (str(CATALOGS / p) for p in PAIRINGS[system_id])
    print(f"{system_id}: {Path(a).stem} against {Path(b).stem}")
    print(f"  cold compile (empty cache, a 100-fight series with start-up): "
          f"{cold_compile(a, b):.1f} s")
    engine(system_id, a, b, fights, runs)
    validate = wall(shipyard("validate", a, b), runs)
    series = wall(shipyard("duel", a, b, "--runs", str(fights), "--seed", "1"), runs)
    print(f"  `duel --runs {fights:,}` {series:.2f} s against `validate` {validate:.2f} s: "
          f"{series / validate:.1f}x (bar 6x)  {verdict(series <= 6 * validate)}")
    duel = wall(shipyard("duel", a, b, "--seed", "1"), runs)
    imported = narrated_imports(a, b)
    print(f"  narrated duel with start-up: {duel * 1000:.0f} ms (bar 300 ms)  "
          f"{verdict(duel <= 0.3)}; imports {imported or 'neither NumPy nor Numba'}")
    if million:
        mb = peak_memory(a, b)
        print(f"  1,000,000 fights: peak {mb:.0f} MB (bar 300 MB)  {verdict(mb <= 300)}")


def on_the_pattern() -> list[str]:
    from shipyard.core.registry import system_ids
    from shipyard.core.yard import Yard

    yard = Yard()
    return [s for s in system_ids() if s in PAIRINGS and yard.system(s).fight_options
            and all((CATALOGS / p).exists() for p in PAIRINGS[s])]


def chosen_systems(told: str) -> list[str]:
    """The systems `--systems` names (comma-separated), each with a stock pairing; by default
    every system whose fights run on the pattern."""
    chosen = told.split(",") if told else on_the_pattern()
    unknown = sorted(set(chosen) - set(PAIRINGS))
    if unknown:
        raise SystemExit(f"--systems: no stock pairing for {', '.join(unknown)}; "
                         f"choose from {', '.join(PAIRINGS)}")
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fights", type=int, default=100_000)
    parser.add_argument("--systems", default="")
    parser.add_argument("--million", action="store_true")
    args = parser.parse_args()
    for system_id in chosen_systems(args.systems):
        bench(system_id, args.runs, args.fights, args.million)


if __name__ == "__main__":
    main()
