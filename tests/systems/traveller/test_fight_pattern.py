"""Issue 11's bars for traveller: every series row is the narrated fight of its seed, compiled
and with NUMBA_DISABLE_JIT=1; numba made unimportable gives the same summary; the narrated path
imports neither NumPy nor Numba."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from shipyard.api import Terms, derive_seed
from shipyard.core.combat import fight_once, series
from shipyard.core.yard import Yard
from shipyard.systems.traveller.combat import SUPPORT
from tests.core.test_pattern import BLOCK_NUMBA

ROOT = Path(__file__).parents[3]
EXAMPLES = ROOT / "catalogs" / "traveller" / "examples"


def prepared() -> object:
    yard = Yard()
    a = yard.check(EXAMPLES / "dragon-sdb.yaml").design
    b = yard.check(EXAMPLES / "strandbell-sdb.yaml").design
    return SUPPORT.prepare(a, b, Terms())


ROWS = """
import sys
{block}
from tests.systems.traveller.test_fight_pattern import prepared, rows_of
from shipyard.core.combat import series, summarise
from shipyard.systems.traveller.combat import SUPPORT
p = prepared()
c = series(SUPPORT, p, {runs}, seed=9)
s = summarise(p, c, 9)
print(c.engine, rows_of(c) if {runs} <= 200 else "",
      s.wins[0].count, s.wins[1].count, s.no_winner.count, s.rounds.mean, s.draws)
"""


def rows_of(columns: object) -> list[tuple[int, int, int, int]]:
    c = columns
    return list(zip(c.winner.tolist(), c.rounds.tolist(), c.damage_a.tolist(),  # type: ignore[attr-defined]
                    c.damage_b.tolist(), strict=True))  # type: ignore[attr-defined]


def narrated_rows(count: int) -> list[tuple[int, int, int, int]]:
    p = prepared()
    out = []
    for i in range(count):
        told = fight_once(SUPPORT, p, derive_seed(9, i))  # type: ignore[arg-type]
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        out.append((winner, told.rounds, *told.damage))
    return out


def run(block: str, runs: int, **env: str) -> str:
    done = subprocess.run([sys.executable, "-c", ROWS.format(block=block, runs=runs)],
                          cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **env}, check=True)
    return done.stdout.strip()


def test_series_rows_are_the_narrated_fights_compiled() -> None:
    columns = series(SUPPORT, prepared(), 200, seed=9)  # type: ignore[arg-type]
    assert columns.engine == "compiled"
    assert rows_of(columns) == narrated_rows(200)


def test_series_rows_uncompiled_and_without_numba() -> None:
    expected = str(narrated_rows(200))
    plain = run("", 200, NUMBA_DISABLE_JIT="1")
    assert expected in plain
    blocked = run(BLOCK_NUMBA, 200)
    assert blocked.startswith("uncompiled") and expected in blocked


def test_a_bigger_summary_is_the_same_compiled_and_blocked() -> None:
    compiled = run("", 3000)
    assert compiled.startswith("compiled")
    assert run(BLOCK_NUMBA, 3000).split(" ", 1)[1] == compiled.split(" ", 1)[1]


def test_the_narrated_path_imports_neither_numpy_nor_numba() -> None:
    code = ("import sys\nfrom tests.cli import shipyard\n"
            "r = shipyard('duel', 'catalogs/traveller/examples/dragon-sdb.yaml', "
            "'catalogs/traveller/examples/strandbell-sdb.yaml', '--seed', '1')\n"
            "assert r.code == 0, r.err\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'numba')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "[]"
