"""How long a printed result takes to draw, warm (the process has rendered a page already), for
every system: the encounter report of a battle series (`battle --runs N -o`), as PDF and as
PDF then PNG.

    python bench/bench_report.py [--runs 5] [--battles 2000]

The series is run once per system (it is not what is timed); then the page is built from it
and rendered `--runs` times after one warm-up, and the medians are printed: CPU (user+sys of
this process) and wall, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shipyard.core import pdf, png  # noqa: E402
from shipyard.core.battle import BattleSummary, summarise_battle  # noqa: E402
from shipyard.core.compiled import run_series  # noqa: E402
from shipyard.core.options import Terms  # noqa: E402
from shipyard.core.pattern import BattleSide, Entrant, Prepared  # noqa: E402
from shipyard.core.render import Page  # noqa: E402
from shipyard.core.report import encounter  # noqa: E402
from shipyard.core.yard import Yard  # noqa: E402

FLEETS = {
    "smallcraft": ("starfury-wing", "raiders"),
    "traveller": ("raiders", "system-defence"),
    "rogue-trader": ("patrol", "raiders"),
    "d12-facings": ("escort-squadron", "raider-pack"),
    "dropfleet": ("ucm-patrol", "scourge-raid"),
}


def side(yard: Yard, system: str, name: str, tag: str) -> BattleSide:
    path = ROOT / "catalogs" / system / "fleets" / f"{name}.yaml"
    report = yard.check(path)
    fleet = report.fleet
    assert fleet is not None, path
    entrants = tuple(Entrant(m.design, m.count, m.ships, g.name, g.type, m.line)
                     for g in fleet.groups for m in g.members if m.design is not None)
    return BattleSide(fleet.model.fleet, str(path), entrants, tag, fleet=True)


def timed(work: Callable[[], object], runs: int) -> tuple[float, float]:
    """Medians of CPU and wall milliseconds over `runs`, after one warm-up."""
    work()
    cpu, walls = [], []
    for _ in range(runs):
        c, w = time.process_time(), time.perf_counter()
        work()
        cpu.append(1000 * (time.process_time() - c))
        walls.append(1000 * (time.perf_counter() - w))
    return statistics.median(cpu), statistics.median(walls)


def report_pdf(prepared: Prepared, summary: BattleSummary, title: str, crippling: bool
               ) -> bytes:
    """The report page built from the series' summary, and rendered: what `-o` does."""
    page = Page(encounter(prepared, summary, system=title, noun="battles",
                          crippling=crippling, replay="shipyard battle"))
    return pdf.book([page], "a4", "report")


def pictures(as_pdf: Callable[[], bytes]) -> list[bytes]:
    return png.pages(as_pdf())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--battles", type=int, default=2000)
    args = parser.parse_args()
    yard = Yard()
    print(f"{'system':<14}{'report PDF cpu/wall ms':>24}{'PDF+PNG cpu/wall ms':>24}  pages")
    for system_id, (a, b) in FLEETS.items():
        system = yard.system(system_id)
        support = system.fight()
        prepared = support.prepare_battle(side(yard, system_id, a, "A"),
                                          side(yard, system_id, b, "B"), Terms())
        columns = run_series(support.rules(), prepared, args.battles, 1)
        summary = summarise_battle(prepared, columns, 1, system.price_unit)
        as_pdf = partial(report_pdf, prepared, summary, system.title,
                         support.rules().crippling)
        pages = len(png.pages(as_pdf()))
        cpu, wall = timed(as_pdf, args.runs)
        cpu_png, wall_png = timed(partial(pictures, as_pdf), args.runs)
        print(f"{system_id:<14}{cpu:>15.0f} / {wall:<6.0f}{cpu_png:>16.0f} / {wall_png:<6.0f}"
              f"  {pages}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
