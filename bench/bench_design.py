"""Start-up and validation speed (QUALITY.md): medians of several runs, ratios to a baseline.

    python bench/bench_design.py [--runs 7]

Bars: `shipyard --help` <= 1.5x and `validate`/`show` of one design <= 2x a bare
`python -c "import typer, pydantic"`, each a fresh process; a TAB <= 1.5x `--help`; validate
>= 1,000 designs/s in one process; a fleet of 500 entries validated in under a second,
start-up included.
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
STARFURY = ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml"


def wall(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def startup(runs: int) -> None:
    py = sys.executable
    baseline = wall([py, "-c", "import typer, pydantic"], runs)
    print(f"baseline `import typer, pydantic`: {baseline * 1000:.0f} ms (median of {runs})")
    cases = [
        ("shipyard --help", [py, "-m", "shipyard", "--help"], 1.5),
        ("shipyard validate STARFURY", [py, "-m", "shipyard", "validate", str(STARFURY)], 2.0),
        ("shipyard show STARFURY", [py, "-m", "shipyard", "show", str(STARFURY)], 2.0),
    ]
    times = {}
    for name, argv, bar in cases:
        t = times[name] = wall(argv, runs)
        ratio = t / baseline
        verdict = "ok" if ratio <= bar else "OVER BAR"
        print(f"{name:30s} {t * 1000:6.0f} ms  {ratio:4.2f}x baseline (bar {bar}x)  {verdict}")
    tab(runs, times["shipyard --help"])


def tab(runs: int, help_time: float) -> None:
    """One TAB of a system's choices (`duel A B --geometry <TAB>`), its index already built,
    against `--help`: bar 1.5x."""
    words = f"shipyard duel {STARFURY} {STARFURY} --geometry "
    env = {**os.environ, "_SHIPYARD_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": "5"}
    argv = [sys.executable, "-m", "shipyard"]
    subprocess.run(argv, env=env, check=False, capture_output=True)  # builds the index once
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, env=env, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
    t = statistics.median(times)
    ratio = t / help_time
    verdict = "ok" if ratio <= 1.5 else "OVER BAR"
    print(f"{'TAB duel A B --geometry':30s} {t * 1000:6.0f} ms  {ratio:4.2f}x --help (bar 1.5x)"
          f"  {verdict}")


def throughput(runs: int, count: int) -> None:
    from shipyard.core.yard import Yard

    with tempfile.TemporaryDirectory() as tmp:
        text = STARFURY.read_text()
        paths = []
        for i in range(count):
            path = Path(tmp) / f"d{i}.yaml"
            path.write_text(text.replace("name: Starfury", f"name: Starfury {i}"))
            paths.append(path)
        rates = []
        for _ in range(runs):
            yard = Yard()  # one process, one yard: the catalog is parsed once per run
            start = time.perf_counter()
            for path in paths:
                yard.check(path)
            rates.append(count / (time.perf_counter() - start))
    rate = statistics.median(rates)
    verdict = "ok" if rate >= 1000 else "UNDER BAR"
    print(f"validate throughput: {rate:,.0f} designs/s (median of {runs} x {count}; bar 1,000)"
          f"  {verdict}")


def fleet(runs: int, entries: int = 500) -> None:
    ships = ["sword", "endeavour", "ambition", "hazeroth", "vagabond"]
    examples = ROOT / "catalogs" / "rogue-trader" / "examples"
    lines = ["system: rogue-trader", "fleet: Armada", "limit: 1000000", "ships:"]
    lines += [f"  - {{design: {examples / ships[i % 5]}.yaml, count: {i % 3 + 1}}}"
              for i in range(entries)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "armada.yaml"
        path.write_text("\n".join(lines) + "\n")
        t = wall([sys.executable, "-m", "shipyard", "validate", str(path)], runs)
    verdict = "ok" if t <= 1.0 else "OVER BAR"
    print(f"validate a {entries}-entry fleet: {t * 1000:.0f} ms with start-up (median of "
          f"{runs}; bar 1,000 ms)  {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--designs", type=int, default=2000)
    args = parser.parse_args()
    startup(args.runs)
    throughput(args.runs, args.designs)
    fleet(args.runs)


if __name__ == "__main__":
    main()
