"""Narrated duel and volley odds speed (QUALITY.md): medians of several runs, beside baselines
measured in the same run. Series of fights, every system: bench/bench_series.py.

    python bench/bench_duel.py [--runs 5]

Bars:
* a narrated duel, `shipyard duel STARFURY RAIDER --seed N` as a fresh process: <= 0.3 s wall
  (shown beside a bare `python -c "import typer, pydantic"` and `shipyard validate` of the
  same two designs, which a duel reads and checks first);
* the exact odds of one volley of up to 40 dice: <= 50 ms.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"
STARFURY, RAIDER = EXAMPLES / "starfury.yaml", EXAMPLES / "raider.yaml"

# ten 4-dhit beams: each volley rolls a d100 per beam, a d6 per beam against the Starfury's
# screens (4 // 6 leaves a remainder of 4) and up to two d60 per beam for the random boxes
# (armor, random, armor, random): at most 40 dice
BEAM = "  - {type: beam, mount: fixed, facing: front, cblocs: 4}\n"
GUNSHIP = ("system: smallcraft\nname: Gunship\nhull: 100\ncomponents:\n"
           "  - {type: drive, facing: back, g: 1}\n  - {type: armor, cblocs: 10}\n"
           + BEAM * 10 + "  - {type: power, cblocs: 7}\n  - {type: crew, people: 1}\n")


def wall(argv: list[str], runs: int) -> float:
    """Median wall time of a fresh process (its best run and CPU time are printed too: the
    machines this runs on are shared, and wall times swing with their load)."""
    # as installed: Python reads compiled bytecode, so it must be allowed to write it once
    # (PYTHONDONTWRITEBYTECODE=1 would recompile every module of shipyard on every start)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env)
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    LAST[:] = [min(times), statistics.median(cpu)]
    return statistics.median(times)


LAST: list[float] = []  # the best wall time and the median CPU time of the last measurement


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER BAR"


def narrated(runs: int) -> None:
    py = sys.executable
    rows = [
        ("baseline `import typer, pydantic`", [py, "-c", "import typer, pydantic"], None),
        ("shipyard validate STARFURY RAIDER", [py, "-m", "shipyard", "validate", str(STARFURY),
                                               str(RAIDER)], None),
        ("shipyard duel STARFURY RAIDER --seed 79", [py, "-m", "shipyard", "duel",
         str(STARFURY), str(RAIDER), "--seed", "79"], 0.3),
        ("shipyard duel STARFURY RAIDER --seed 63", [py, "-m", "shipyard", "duel",
         str(STARFURY), str(RAIDER), "--seed", "63"], 0.3),
    ]
    for name, argv, bar in rows:
        t = wall(argv, runs)
        best, cpu = LAST
        tail = "" if bar is None else f"  (bar {bar * 1000:.0f} ms)  {verdict(t <= bar)}"
        print(f"{name:42s} median {t * 1000:4.0f} ms, best {best * 1000:4.0f} ms, "
              f"CPU {cpu * 1000:4.0f} ms{tail}")


def volley(runs: int) -> None:
    from shipyard.core.combat import Terms
    from shipyard.core.yard import Yard
    from shipyard.systems.smallcraft.combat.odds import volley as odds

    yard = Yard()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "gunship.yaml"
        path.write_text(GUNSHIP, encoding="utf-8")
        gunship = yard.read(path)
    target = yard.read(STARFURY)
    times = []
    for _ in range(max(runs, 5)):
        start = time.perf_counter()
        report = odds(gunship, target, Terms(range=3), 1, 1)
        times.append(time.perf_counter() - start)
    t = statistics.median(times)
    assert report.exact
    print(f"exact odds of one volley, up to 40 dice (10 x d100, 10 x d6, 20 x d60): "
          f"{t * 1000:.1f} ms (bar 50 ms)  {verdict(t <= 0.05)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    narrated(args.runs)
    volley(args.runs)


if __name__ == "__main__":
    main()
