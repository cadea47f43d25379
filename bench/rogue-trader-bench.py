"""rogue-trader: the stock pairing's series on one core, compiled, warm cache (issue 11's bar).

    SHIPYARD_WORKERS=1 .venv/bin/python bench/rogue-trader-bench.py [FIGHTS] [RUNS]

Prints fights a second, the median time of RUNS series of FIGHTS Ambition–Endeavour fights
(default 100,000 and 3), the random numbers they drew, and the time NumPy takes to draw as many
(`np.random.default_rng(1).random(n)`) with the ratio. The first series compiles or loads the
cache and is not measured.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shipyard.api import Terms  # noqa: E402
from shipyard.core import compiled  # noqa: E402
from shipyard.core.yard import Yard  # noqa: E402
from shipyard.systems.rogue_trader.combat import RULES, SUPPORT  # noqa: E402

EXAMPLES = ROOT / "catalogs" / "rogue-trader" / "examples"


def main() -> None:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    yard = Yard()
    a, b = yard.read(EXAMPLES / "ambition.yaml"), yard.read(EXAMPLES / "endeavour.yaml")
    prepared = SUPPORT.prepare(a, b, Terms())
    started = time.perf_counter()
    compiled.run_series(RULES, prepared, 1, 0, workers=1)
    print(f"compile or cache load: {time.perf_counter() - started:.1f} s")
    times = []
    draws = 0
    for repeat in range(runs):
        started = time.perf_counter()
        columns = compiled.run_series(RULES, prepared, fights, repeat + 1, workers=1)
        times.append(time.perf_counter() - started)
        draws = columns.draws
        assert columns.engine == "compiled", columns.engine
    median = statistics.median(times)
    import numpy as np

    started = time.perf_counter()
    np.random.default_rng(1).random(draws)
    numpy = time.perf_counter() - started
    print(f"{fights:,} Ambition–Endeavour fights, one core: median {median:.2f} s of {runs} "
          f"({', '.join(f'{t:.2f}' for t in times)}), {fights / median:,.0f} fights/s, "
          f"{100_000 * median / fights:.2f} s per 100,000")
    print(f"random numbers drawn: {draws:,} ({draws / fights:.0f} a fight); NumPy draws as many "
          f"in {numpy * 1000:.1f} ms: the fights take {median / numpy:,.0f}x that")


if __name__ == "__main__":
    main()
