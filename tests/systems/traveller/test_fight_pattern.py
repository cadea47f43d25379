"""traveller on the fight pattern: every series row is the narrated fight of its seed, compiled
and uncompiled (the contract suite also runs a series without Numba and with its JIT off); the
narrated path imports neither NumPy nor Numba."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from shipyard.api import Terms, derive_seed
from shipyard.core.combat import fight_once, series
from shipyard.core.yard import Yard
from shipyard.systems.traveller.combat import SUPPORT

ROOT = Path(__file__).parents[3]
EXAMPLES = ROOT / "catalogs" / "traveller" / "examples"


def prepared() -> object:
    yard = Yard()
    a = yard.check(EXAMPLES / "dragon-sdb.yaml").design
    b = yard.check(EXAMPLES / "strandbell-sdb.yaml").design
    return SUPPORT.prepare(a, b, Terms())


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


@pytest.mark.compiled
def test_series_rows_are_the_narrated_fights_compiled() -> None:
    columns = series(SUPPORT, prepared(), 200, seed=9)  # type: ignore[arg-type]
    assert columns.engine == "compiled"
    assert rows_of(columns) == narrated_rows(200)
    plain = series(SUPPORT, prepared(), 200, seed=9, engine="plain")  # type: ignore[arg-type]
    assert rows_of(plain) == rows_of(columns)


def test_series_rows_are_the_narrated_fights_uncompiled() -> None:
    """The developer's loop: 20 fights (compiled, 200 above)."""
    columns = series(SUPPORT, prepared(), 20, seed=9, engine="plain")  # type: ignore[arg-type]
    assert columns.engine == "uncompiled"
    assert rows_of(columns) == narrated_rows(20)


def test_the_narrated_path_imports_neither_numpy_nor_numba() -> None:
    code = ("import sys\nfrom tests.cli import shipyard\n"
            "r = shipyard('duel', 'catalogs/traveller/examples/dragon-sdb.yaml', "
            "'catalogs/traveller/examples/strandbell-sdb.yaml', '--seed', '1')\n"
            "assert r.code == 0, r.err\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'numba')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "[]"
