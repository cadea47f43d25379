"""d12-facings on the fight pattern: a series row is the narrated fight of its seed, compiled,
uncompiled and without Numba (issue 11's bars for issue 14's frigate against destroyer)."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest

from shipyard.api import Terms
from shipyard.core.combat import Prepared, fight_once, series
from shipyard.core.stream import derive_seed
from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.combat import SUPPORT
from tests.conftest import ROOT
from tests.systems.d12_facings.helpers import EXAMPLES

RUNS = 200


def prepared(a: str = "lancer", b: str = "sabre", **values: Any) -> Prepared:
    yard = Yard()
    return SUPPORT.prepare(yard.read(EXAMPLES / f"{a}.yaml"), yard.read(EXAMPLES / f"{b}.yaml"),
                           Terms(values=values))


ROWS = """
import json, sys
from tests.systems.d12_facings.test_pattern import prepared
from shipyard.core.combat import series
from shipyard.systems.d12_facings.combat import SUPPORT
c = series(SUPPORT, prepared(*sys.argv[1:3]), {runs}, int(sys.argv[3]))
print(json.dumps([c.engine, c.draws, list(zip(c.winner.tolist(), c.reason.tolist(),
      c.rounds.tolist(), c.damage_a.tolist(), c.damage_b.tolist())), list(c.reason_names)]))
"""


def _rows(*args: str, **env: str) -> Any:
    import json

    done = subprocess.run([sys.executable, "-c", ROWS.format(runs=RUNS), *args], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, **env}, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize(("a", "b", "seed", "env"), [
    ("lancer", "sabre", 11, {}),  # the stock pairing, compiled
    ("lancer", "sabre", 11, {"NUMBA_DISABLE_JIT": "1"}),
    ("mastiff", "hornet", 3, {}),
    ("sovereign", "wasp", 8, {"NUMBA_DISABLE_JIT": "1"}),
])
def test_every_series_row_is_the_narrated_fight_of_its_seed(a: str, b: str, seed: int,
                                                            env: dict[str, str]) -> None:
    engine, draws, rows, names = _rows(a, b, str(seed), **env)
    assert engine == "compiled"  # NUMBA_DISABLE_JIT runs the compiled path as plain Python
    fight = prepared(a, b)
    told_draws = 0
    for i, (winner, reason, rounds, dealt_a, dealt_b) in enumerate(rows):
        told = fight_once(SUPPORT, fight, derive_seed(seed, i))
        assert (winner, names[reason], rounds, dealt_a, dealt_b) == (
            -1 if told.outcome.winner is None else told.outcome.winner, told.outcome.reason,
            told.rounds, *told.damage), f"fight {i}"
        assert told.events  # told blow by blow
        told_draws += told.draws
    assert draws == told_draws


SUMMARY = """
import sys
{block}
from tests.systems.d12_facings.test_pattern import prepared
from shipyard.core.combat import series, summarise
from shipyard.systems.d12_facings.combat import SUPPORT
p = prepared()
s = summarise(p, series(SUPPORT, p, 3000, seed=21), 21)
print(s.engine, s.wins[0].count, s.wins[1].count, s.reasons, s.rounds.mean, s.damage[0].mean,
      s.draws, s.examples)
"""
BLOCK_NUMBA = """
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "numba" or name.startswith("numba."):
            raise ImportError("numba blocked for this test")
sys.meta_path.insert(0, Block())
"""


def _summary(block: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", SUMMARY.format(block=block)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return done.stdout.split(" ", 1)


def test_the_same_summary_with_numba_made_unimportable() -> None:
    compiled, blocked = _summary(""), _summary(BLOCK_NUMBA)
    assert (compiled[0], blocked[0]) == ("compiled", "uncompiled")
    assert blocked[1] == compiled[1]


def test_chunks_and_workers_do_not_change_a_series() -> None:
    from shipyard.core import compiled

    fight = prepared()
    rules = SUPPORT.rules()
    one = compiled.run_series(rules, fight, 9000, 5, workers=1)
    two = compiled.run_series(rules, fight, 9000, 5, workers=2)
    assert (one.winner == two.winner).all() and (one.rounds == two.rounds).all()
    assert one.draws == two.draws


def test_a_users_captain_runs_uncompiled_and_the_defaults_compiled() -> None:
    assert prepared().batchable and prepared().asker is None
    assert series(SUPPORT, prepared(), 50, 1).engine == "compiled"
