"""d12-facings on the fight pattern: a series row is the narrated fight of its seed, compiled and
uncompiled, for pairings beyond the contract suite's (which also runs a series without Numba and
with its JIT off)."""

from __future__ import annotations

from typing import Any

import pytest

from shipyard.api import Terms
from shipyard.core.combat import Prepared, fight_once, series
from shipyard.core.stream import derive_seed
from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.combat import SUPPORT
from tests.systems.d12_facings.helpers import EXAMPLES

# fights a series plays: 200 compiled; 20 uncompiled, in the developer's loop
RUNS = {"auto": 200, "plain": 20}
COMPILED = pytest.param("auto", marks=pytest.mark.compiled)


def prepared(a: str = "lancer", b: str = "sabre", **values: Any) -> Prepared:
    yard = Yard()
    return SUPPORT.prepare(yard.read(EXAMPLES / f"{a}.yaml"), yard.read(EXAMPLES / f"{b}.yaml"),
                           Terms(values=values))


@pytest.mark.parametrize("engine", [COMPILED, "plain"])
@pytest.mark.parametrize(("a", "b", "seed"), [
    ("lancer", "sabre", 11),  # the stock pairing
    ("mastiff", "hornet", 3),
    ("sovereign", "wasp", 8),
])
def test_every_series_row_is_the_narrated_fight_of_its_seed(a: str, b: str, seed: int,
                                                            engine: str) -> None:
    fight = prepared(a, b)
    c = series(SUPPORT, fight, RUNS[engine], seed, engine=engine)
    assert c.engine == ("compiled" if engine == "auto" else "uncompiled")
    told_draws = 0
    for i in range(RUNS[engine]):
        told = fight_once(SUPPORT, fight, derive_seed(seed, i))
        assert (int(c.winner[i]), c.reason_names[c.reason[i]], int(c.rounds[i]),
                int(c.damage_a[i]), int(c.damage_b[i])) == (
            -1 if told.outcome.winner is None else told.outcome.winner, told.outcome.reason,
            told.rounds, *told.damage), f"fight {i}"
        assert told.events  # told blow by blow
        told_draws += told.draws
    assert c.draws == told_draws


@pytest.mark.compiled
def test_chunks_and_workers_do_not_change_a_series() -> None:
    from shipyard.core import compiled

    fight = prepared()
    rules = SUPPORT.rules()
    one = compiled.run_series(rules, fight, 9000, 5, workers=1)
    two = compiled.run_series(rules, fight, 9000, 5, workers=2)
    assert (one.winner == two.winner).all() and (one.rounds == two.rounds).all()
    assert one.draws == two.draws


@pytest.mark.compiled
def test_a_users_captain_runs_uncompiled_and_the_defaults_compiled() -> None:
    assert prepared().batchable and prepared().asker is None
    assert series(SUPPORT, prepared(), 50, 1).engine == "compiled"
