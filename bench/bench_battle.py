"""The battle bars (issue 30), for every system that declares battles, with its first and last
bundled fleets.

    SHIPYARD_WORKERS=1 python bench/bench_battle.py [--runs 5] [--battles 10000] [--largest]

Per system (medians of --runs, in one run: these machines are shared and noisy):
* engine time of --battles battles on one core, warm cache (bar 2 s, aim 1 s), and per
  ship-turn against the system's duel pairing per ship-turn (100,000 duels; bar 2x);
* `shipyard battle A B --runs N` against `shipyard validate A B` (bar 6x);
* a narrated `shipyard battle A B --seed 1` against that `validate` (bar + 200 ms), importing
  neither NumPy nor Numba;
* with --largest: the peak memory of `battle --runs` at the most the command allows for these
  fleets (bar 300 MB).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_series import (  # noqa: E402
    PAIRINGS,
    narrated_imports,
    peak_memory,
    shipyard,
    verdict,
    wall,
)

CATALOGS = ROOT / "catalogs"


def fleets(system_id: str) -> tuple[str, str]:
    found = sorted((CATALOGS / system_id / "fleets").glob("*.yaml"))
    return str(found[0]), str(found[-1])


def per_ship_turn(prepared: Any, columns: Any, seconds: float) -> float:
    import numpy as np

    turns = float(np.asarray(columns.rounds).sum())
    return seconds / (turns * len(prepared.ships or ()) or 1)


def engine_times(system_id: str, battles: int, runs: int) -> tuple[float, float, float]:
    """(battle engine s, battle s per ship-turn, duel s per ship-turn)."""
    from shipyard.cli.battle import _side
    from shipyard.core import compiled
    from shipyard.core.options import Terms
    from shipyard.core.pattern import BattleSide, Entrant
    from shipyard.core.yard import Yard

    yard = Yard()
    a, b = fleets(system_id)
    sides = (_side(yard.check(Path(a)), "A", BattleSide, Entrant),
             _side(yard.check(Path(b)), "B", BattleSide, Entrant))
    support = sides[0].entrants[0].design.system.fight()
    rules = support.rules()
    prepared = support.prepare_battle(*sides, Terms())
    compiled.run_series(rules, prepared, 500, 0, workers=1)  # compile or load the cache
    times, columns = [], None
    for i in range(runs):
        start = time.perf_counter()
        columns = compiled.run_series(rules, prepared, battles, i + 1, workers=1)
        times.append(time.perf_counter() - start)
    t = statistics.median(times)
    battle_each = per_ship_turn(prepared, columns, t)
    da, db = (yard.read(CATALOGS / p) for p in PAIRINGS[system_id])
    duel = support.prepare(da, db, Terms())
    duels = 100_000
    compiled.run_series(rules, duel, 500, 0, workers=1)
    times = []
    for i in range(runs):
        start = time.perf_counter()
        columns = compiled.run_series(rules, duel, duels, i + 1, workers=1)
        times.append(time.perf_counter() - start)
    d = statistics.median(times)
    print(f"  {duels:,} duels ({Path(PAIRINGS[system_id][0]).stem} against "
          f"{Path(PAIRINGS[system_id][1]).stem}), one core: {d:.3f} s (median of {runs})")
    return t, battle_each, per_ship_turn(duel, columns, d)


def bench(system_id: str, runs: int, battles: int, largest: bool) -> None:
    a, b = fleets(system_id)
    print(f"{system_id}: {Path(a).stem} against {Path(b).stem}")
    t, battle_each, duel_each = engine_times(system_id, battles, runs)
    print(f"  {battles:,} battles, one core: {t:.3f} s (median of {runs}; bar 2 s, aim 1 s)  "
          f"{verdict(t <= 2.0)}")
    print(f"  per ship-turn: battle {battle_each * 1e9:.0f} ns, duel {duel_each * 1e9:.0f} ns: "
          f"{battle_each / duel_each:.2f}x (bar 2x)  {verdict(battle_each <= 2 * duel_each)}")
    validate = wall(shipyard("validate", a, b), runs)
    series = wall(shipyard("battle", a, b, "--runs", str(battles), "--seed", "1"), runs)
    print(f"  `battle --runs {battles:,}` {series:.2f} s against `validate` {validate:.2f} s: "
          f"{series / validate:.1f}x (bar 6x)  {verdict(series <= 6 * validate)}")
    narrated = wall(shipyard("battle", a, b, "--seed", "1"), runs)
    imported = narrated_imports(a, b, "battle")
    print(f"  narrated battle {narrated * 1000:.0f} ms against `validate` {validate * 1000:.0f} "
          f"ms: +{(narrated - validate) * 1000:.0f} ms (bar +200 ms)  "
          f"{verdict(narrated <= validate + 0.2)}; imports "
          f"{imported or 'neither NumPy nor Numba'}")
    if largest:
        from shipyard.cli.battle import max_runs
        from shipyard.core.yard import Yard

        yard = Yard()
        ships = sum(m.count * m.ships for p in (a, b)
                    for m in (yard.check(Path(p)).fleet.members))  # type: ignore[union-attr]
        most = max_runs(ships)
        mb = peak_memory(a, b, most, "battle")
        print(f"  `battle --runs {most:,}` (the most for {ships} ships): peak {mb:.0f} MB "
              f"(bar 300 MB)  {verdict(mb <= 300)}")


def with_battles() -> list[str]:
    from shipyard.core.registry import system_ids
    from shipyard.core.yard import Yard

    yard = Yard()
    out = []
    for system_id in system_ids():
        options = yard.system(system_id).fight_options
        if options is not None and options.battle is not None and system_id in PAIRINGS:
            out.append(system_id)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--battles", type=int, default=10_000)
    parser.add_argument("--systems", default="")
    parser.add_argument("--largest", action="store_true")
    args = parser.parse_args()
    for system_id in (args.systems.split(",") if args.systems else with_battles()):
        bench(system_id, args.runs, args.battles, args.largest)


if __name__ == "__main__":
    main()
