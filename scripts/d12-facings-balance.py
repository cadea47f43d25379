"""d12-facings balance: do points predict fights? (issue 14, "Balance").

Fights every pairing of the catalog's examples with `shipyard matrix`'s own engine
(shipyard.core.matrix: each pairing's fights split over both orders, default captains, default
start; a draw is worth half to each side, an escape a quarter to the ship that ran and three
quarters to the one that stayed, RULINGS R17), writes the win-rate matrix with the points into
catalogs/d12-facings/README.md between its BALANCE markers, and checks the bars:

  1. among pairings of different designs within 10% of each other's points, none worse than 35/65;
  2. among pairings whose points differ by 1.5x or more, the dearer ship wins at least 70%;
  3. on 30 legal designs drawn at random from the catalog (seeded, never tuned on), the dearer of
     two ships within those bounds (points more than 10% and less than 1.5x apart) wins at least
     60% of the time across all their pairings.

It also fights every pairing of the bundled fleets (catalogs/d12-facings/fleets/, battles of
several ships a side, RULINGS R24-R32; 2,000 battles a pairing) and each fleet against the ship
an encounter is for, and writes that matrix between the README's FLEETS markers.

    .venv/bin/python scripts/d12-facings-balance.py            # 2,000 fights a pairing
    .venv/bin/python scripts/d12-facings-balance.py --check    # exit 1 when a bar fails
    .venv/bin/python scripts/d12-facings-balance.py --fleets   # the fleet matrix only
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shipyard.api import (  # noqa: E402
    BattleSide,
    Entrant,
    Terms,
    ValidationContext,
)
from shipyard.core import matrix as core_matrix  # noqa: E402
from shipyard.core.compiled import run_series  # noqa: E402
from shipyard.core.fleet import FleetFile  # noqa: E402
from shipyard.core.system import AnyDesign  # noqa: E402
from shipyard.core.yamlio import Located, load_file  # noqa: E402
from shipyard.core.yard import Yard  # noqa: E402
from shipyard.systems.d12_facings.combat import (  # noqa: E402
    RULES,
    SUPPORT,
)
from shipyard.systems.d12_facings.combat import rules as r  # noqa: E402
from shipyard.systems.d12_facings.models import D12Catalog, D12Design  # noqa: E402
from shipyard.systems.d12_facings.rules import check, fit, points  # noqa: E402

README = ROOT / "catalogs" / "d12-facings" / "README.md"
BEGIN, END = "<!-- BALANCE BEGIN -->", "<!-- BALANCE END -->"
FLEETS_BEGIN, FLEETS_END = "<!-- FLEETS BEGIN -->", "<!-- FLEETS END -->"
FLEETS = ROOT / "catalogs" / "d12-facings" / "fleets"
# the lone ship each encounter fleet is for (a game master's question: does it survive them?)
ENCOUNTERS = {"pair-of-corsairs": "paladin"}
SEED = 14
# R17: what an escape is worth here, in quarters of a win: the ship that ran saved itself (more
# than being destroyed, 0) and gave up the field (less than a draw, 2); the one that stayed holds
# it (more than a draw, less than destroying the runner, 4)
RAN, STAYED = 1, 3
# the series with each side's escape told apart (the core reads both as "escaped")
TOLD_APART = RULES._replace(ends={**RULES.ends, r.A_ESCAPES: (None, "a-escaped"),
                                  r.B_ESCAPES: (None, "b-escaped")})


def r17_share(m: core_matrix.Matrix, i: int, j: int) -> float:
    """Design i's share of its fights against design j (both orders): a win 1, a draw 1/2, an
    escape as R17 says (`RAN`, `STAYED`)."""
    quarters = fights = 0
    for key, mine in (((i, j), 0), ((j, i), 1)):  # i as side A, then as side B
        for (winner, reason), n in m.tallies.get(key, {}).items():
            fights += n
            if winner >= 0:
                quarters += 4 * n if winner == mine else 0
            elif reason in ("a-escaped", "b-escaped"):
                ran = "ab"[mine] == reason[0]
                quarters += (RAN if ran else STAYED) * n
            else:
                quarters += 2 * n
    return quarters / (4 * fights)


def examples(yard: Yard) -> tuple[D12Catalog, list[tuple[str, AnyDesign]]]:
    out = []
    catalog = None
    for path in sorted((ROOT / "catalogs" / "d12-facings" / "examples").glob("*.yaml")):
        design = yard.read(path)
        catalog = design.catalog
        out.append((path.stem, design))
    assert catalog is not None
    return catalog, out


def random_design(yard: Yard, catalog: D12Catalog, rng: random.Random, n: int) -> AnyDesign:
    """A legal design: a random hull, each slot filled by a random system that fits, a bridge
    in the core, random crew within the berths, random armour within the limit."""
    hull = rng.choice(catalog.hulls)
    systems = catalog.systems
    station = next(s for s in systems if s.kind == "station" and s.weight == "heavy")
    mounts: list[dict[str, Any]] = [{"system": station.id, "facing": "core"}]
    shields = 0
    for facing in ("fore", "aft", "port", "starboard", "core"):
        free = hull.slots.of(facing) - sum(1 for m in mounts if m["facing"] == facing)
        while free > 0:
            fits = [s for s in systems if s.slots <= free
                    and not (facing == "core" and s.kind in ("weapon", "missile"))
                    and shields + (s.shields or 0) <= hull.shields]
            if not fits or rng.random() < 0.1:
                break
            s = rng.choice(fits)
            shields += s.shields or 0
            mount: dict[str, Any] = {"system": s.id, "facing": facing}
            if s.kind in ("weapon", "missile") and rng.random() < 0.15:
                mount["turret"] = True
            mounts.append(mount)
            free -= s.slots
    top = catalog.construction.max_skill
    crew = [{"name": f"Hand {i}", "piloting": rng.randint(3, top), "gunnery": rng.randint(3, top)}
            for i in range(rng.randint(1, hull.berths))]
    data = {"system": "d12-facings", "name": f"Random {n} ({hull.id})", "hull": hull.id,
            "armour": rng.randint(0, hull.armour), "captain": crew[0], "crew": crew[1:],
            "systems": mounts,
            "edges": rng.sample([e.id for e in catalog.edges], rng.randint(0, 2))}
    design = D12Design.model_validate(data, context=ValidationContext(catalog=catalog))
    verdict = check(fit(design, catalog), catalog, lambda _: None)
    assert not [d for d in verdict.diagnostics if d.severity == "error"], verdict.diagnostics
    return yard.design_of(Located(data, str(data["name"])), yard.system("d12-facings"))


def matrix(designs: list[tuple[str, AnyDesign]], runs: int) -> dict[tuple[int, int], float]:
    """Every pairing's R17 share, from `shipyard matrix`'s fights (both orders, one seed)."""
    m = core_matrix.play([d for _, d in designs], runs, SEED, rules=TOLD_APART)
    return {(i, j): r17_share(m, i, j) for i, j in combinations(range(len(designs)), 2)
            } | {(j, i): r17_share(m, j, i) for i, j in combinations(range(len(designs)), 2)}


def bars(designs: list[tuple[str, AnyDesign]], catalog: D12Catalog,
         shares: dict[tuple[int, int], float]) -> tuple[float, float]:
    """(the worst share within 10% of points, the dearer's worst share at 1.5x or more)."""
    cost = [points(d.model, catalog) for _, d in designs]
    close, far = 1.0, 1.0
    for (i, j), share in shares.items():
        if i >= j:
            continue
        dear, cheap = (i, j) if cost[i] >= cost[j] else (j, i)
        dear_share = share if dear == i else 1 - share
        if cost[dear] <= 1.1 * cost[cheap]:
            close = min(close, share, 1 - share)
        elif cost[dear] >= 1.5 * cost[cheap]:
            far = min(far, dear_share)
    return close, far


def random_bar(yard: Yard, catalog: D12Catalog, runs: int) -> tuple[float, int, float, int]:
    """How often the dearer of two random designs wins: over the pairings whose points differ by
    more than 10% and less than 1.5x ("within those bounds", the bar), and over every pairing of
    different points (for the record)."""
    rng = random.Random(SEED)
    designs = [(f"random-{n}", random_design(yard, catalog, rng, n)) for n in range(30)]
    cost = [points(d.model, catalog) for _, d in designs]
    shares = matrix(designs, runs)
    bounded, bounded_n, every, every_n = 0.0, 0, 0.0, 0
    for (i, j), share in shares.items():
        if i >= j or cost[i] == cost[j]:
            continue
        dear = share if cost[i] > cost[j] else 1 - share
        ratio = max(cost[i], cost[j]) / min(cost[i], cost[j])
        every += dear
        every_n += 1
        if 1.1 < ratio < 1.5:
            bounded += dear
            bounded_n += 1
    return bounded / bounded_n, bounded_n, every / every_n, every_n


def table(designs: list[tuple[str, AnyDesign]], catalog: D12Catalog,
          shares: dict[tuple[int, int], float], runs: int) -> str:
    names = [slug for slug, _ in designs]
    cost = [points(d.model, catalog) for _, d in designs]
    head = "| row wins against → | points | " + " | ".join(names) + " |"
    rule = "|---|---:|" + "---:|" * len(names)
    rows = [head, rule]
    for i, name in enumerate(names):
        cells = ["—" if i == j else f"{100 * shares[i, j]:.0f}" for j in range(len(names))]
        rows.append(f"| {name} ({designs[i][1].model.hull}) | {cost[i]} | " + " | ".join(cells)
                    + " |")
    return (f"Share (%) of the row's ship against the column's, {runs:,} fights a pairing (half "
            f"with each as side A; `shipyard matrix --seed {SEED}` fights them): a win 1, a draw "
            "1/2, an escape 1/4 to the ship that ran and 3/4 to the one that stayed (R17); "
            "default captains, default start.\n\n" + "\n".join(rows))


def fleet_side(yard: Yard, path: Path, tag: str) -> tuple[BattleSide, int]:
    """A fleet file as a battle side, and its points (the core's `battle` reads it so too)."""
    model = FleetFile.model_validate(load_file(path).data)
    entrants = tuple(Entrant(yard.read(path.parent / e.design), e.count) for e in model.ships)
    cost = sum(points(e.design.model, e.design.catalog) * e.count for e in entrants)
    return BattleSide(model.fleet, str(path), entrants, tag, True), cost


def design_side(yard: Yard, slug: str, tag: str) -> tuple[BattleSide, int]:
    design = yard.read(ROOT / "catalogs" / "d12-facings" / "examples" / f"{slug}.yaml")
    return BattleSide.one(design, tag), points(design.model, design.catalog)


def battle_score(a: BattleSide, b: BattleSide, runs: int, seed: int) -> tuple[float, ...]:
    """(A's share as `score` counts it, A wins, B wins, no winner) of `runs` battles."""
    prepared = SUPPORT.prepare_battle(a, b, Terms())
    c = run_series(TOLD_APART, prepared, runs, seed)
    names = list(c.reason_names)
    ran_a = (c.reason == names.index("a-escaped")).sum() if "a-escaped" in names else 0
    ran_b = (c.reason == names.index("b-escaped")).sum() if "b-escaped" in names else 0
    drawn = (c.winner == -1).sum() - ran_a - ran_b
    quarters = 4 * (c.winner == 0).sum() + 2 * drawn + RAN * ran_a + STAYED * ran_b
    return (float(quarters / (4 * runs)), float((c.winner == 0).mean()),
            float((c.winner == 1).mean()), float((c.winner == -1).mean()))


def fleet_matrix(runs: int) -> str:
    """Every pairing of the bundled fleets, and each encounter against its lone ship."""
    yard = Yard()
    paths = sorted(FLEETS.glob("*.yaml"))
    rows = ["| A against B | points | A's share | A wins | B wins | no winner |",
            "|---|---:|---:|---:|---:|---:|"]
    pairings = [(x, y) for i, x in enumerate(paths) for y in paths[i + 1:]]
    for n, (x, y) in enumerate(pairings):
        (a, cost_a), (b, cost_b) = fleet_side(yard, x, "A"), fleet_side(yard, y, "B")
        rows.append(_battle_row(a, b, cost_a, cost_b, runs, SEED * 7000 + n))
    for n, (fleet, slug) in enumerate(sorted(ENCOUNTERS.items())):
        (a, cost_a), (b, cost_b) = design_side(yard, slug, "A"), fleet_side(
            yard, FLEETS / f"{fleet}.yaml", "B")
        rows.append(_battle_row(a, b, cost_a, cost_b, runs, SEED * 9000 + n))
    return (f"Battles of the bundled fleets (and each encounter against its lone ship), "
            f"{runs:,} a pairing: A's share counts a win 1, no winner ½, an escape as R17 "
            "(a side that all ran ¼); default captains, every pair of enemies starting at "
            "medium (R32).\n\n" + "\n".join(rows))


def _battle_row(a: BattleSide, b: BattleSide, cost_a: int, cost_b: int, runs: int,
                seed: int) -> str:
    share, wins_a, wins_b, none = battle_score(a, b, runs, seed)
    shown = [f"{side.name}: {', '.join(side.ship_names())}" if side.fleet
             else side.ship_names()[0] for side in (a, b)]
    return (f"| {shown[0]} against {shown[1]} | {cost_a} v {cost_b} | "
            f"{100 * share:.0f}% | {100 * wins_a:.0f}% | {100 * wins_b:.0f}% | "
            f"{100 * none:.0f}% |")


def write(begin: str, end: str, text: str) -> None:
    readme = README.read_text(encoding="utf-8")
    start, stop = readme.index(begin) + len(begin), readme.index(end)
    README.write_text(readme[:start] + "\n" + text + readme[stop:], encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--random-runs", type=int, default=200)
    parser.add_argument("--check", action="store_true", help="exit 1 when a bar fails")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--fleets", action="store_true", help="only the fleet matrix")
    args = parser.parse_args()
    started = time.perf_counter()
    fleets = fleet_matrix(args.runs) + "\n"
    print(fleets)
    print(f"fleet battles in {time.perf_counter() - started:.0f} s")
    if not args.no_write:
        write(FLEETS_BEGIN, FLEETS_END, fleets)
    if args.fleets:
        return 0
    yard = Yard()
    catalog, designs = examples(yard)
    started = time.perf_counter()
    shares = matrix(designs, args.runs)
    close, far = bars(designs, catalog, shares)
    fights = args.runs * len(designs) * (len(designs) - 1) // 2
    rand_share, rand_pairs, all_share, all_pairs = random_bar(yard, catalog, args.random_runs)
    seconds = time.perf_counter() - started
    verdicts = [
        (close >= 0.35, f"within 10% of points, the worst share is {100 * close:.1f}% "
         "(bar: 35%)"),
        (far >= 0.70, f"at 1.5x the points or more, the dearer's worst share is "
         f"{100 * far:.1f}% (bar: 70%)"),
        (rand_share >= 0.60, f"30 random designs, {rand_pairs} pairings whose points differ by "
         f"more than 10% and less than 1.5x, {args.random_runs} fights each: the dearer wins "
         f"{100 * rand_share:.1f}% (bar: 60%; over all {all_pairs} pairings of different points "
         f"{100 * all_share:.1f}%)"),
    ]
    text = table(designs, catalog, shares, args.runs) + "\n\n" + "\n".join(
        f"- {'holds' if ok else 'FAILS'}: {line}" for ok, line in verdicts) + "\n"
    print(text)
    print(f"{fights:,} example fights and the random set in {seconds:.0f} s")
    if not args.no_write:
        write(BEGIN, END, text)
    return 0 if all(ok for ok, _ in verdicts) or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
