"""d12-facings: fights a second on the uncompiled rule functions (frigate against destroyer).

    .venv/bin/python bench/d12-facings-bench.py [FIGHTS]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shipyard.api import Terms  # noqa: E402
from shipyard.core.yard import Yard  # noqa: E402
from shipyard.systems.d12_facings.combat import SUPPORT  # noqa: E402

EXAMPLES = ROOT / "catalogs" / "d12-facings" / "examples"


def main() -> None:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    yard = Yard()
    a, b = yard.read(EXAMPLES / "lancer.yaml"), yard.read(EXAMPLES / "sabre.yaml")
    prepared = SUPPORT.prepare(a, b, Terms())
    times = []
    for repeat in range(3):
        started = time.perf_counter()
        columns = SUPPORT.batch(prepared, fights, repeat)
        times.append(time.perf_counter() - started)
    median = statistics.median(times)
    print(f"{fights:,} fights of Lancer (frigate) against Sabre (destroyer): median "
          f"{median:.2f} s of 3, {fights / median:,.0f} fights/s, "
          f"{columns.draws / fights:.0f} dice a fight")


if __name__ == "__main__":
    main()
