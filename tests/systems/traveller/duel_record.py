"""Records what every duel of a few pairings tells, seed by seed, as one digest a fight: the
narrated lines, the end, the turns, the damage and the random numbers drawn. The digests in
golden/duels-200.json were first written by this module on main at 5183729, before traveller's
fight rules took N ships a side, and the duel of one ship a side told them all; they were
written again when TRV-R50 (an outmatched captain breaks off) changed what duels tell, when
TRV-R21 (initiative ties on thrust rolled again, not given to side A) did, and when TRV-R40
(salvos in flight land before a battle is decided) did.
test_battle.py compares the duel of today against them.

    .venv/bin/python -m tests.systems.traveller.duel_record \
        > tests/systems/traveller/golden/duels-200.json
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from shipyard.api import Prepared, Terms
from shipyard.core.combat import fight_once
from shipyard.core.yard import Yard
from shipyard.systems.traveller.combat import SUPPORT

EXAMPLES = Path(__file__).parents[3] / "catalogs" / "traveller" / "examples"
SEEDS = 200
# missiles, point defence and barbettes; fixed mounts and sand; bays and a spinal-less
# cruiser; a random encounter at Very Long; boarding-prone small ships at Close
PAIRINGS: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("dragon-sdb", "strandbell-sdb", {}),
    ("valiant-light-cruiser", "ambush-corvette", {}),
    ("gothta-ambush-fighter", "botfly-ultralight-fighter", {"range": "close"}),
    ("type-k-safari-ship", "dragon-sdb-alternate", {"range": "random"}),
    ("suleiman-scout-courier", "beagle-laboratory-ship", {"range": "adjacent"}),
)


def digests(a: str, b: str, values: dict[str, str]) -> list[str]:
    """One digest a seed, 0 .. SEEDS - 1."""
    yard = Yard()
    one = yard.check(EXAMPLES / f"{a}.yaml").design
    two = yard.check(EXAMPLES / f"{b}.yaml").design
    prepared = SUPPORT.prepare(one, two, Terms(values=values))
    return [digest(prepared, seed) for seed in range(SEEDS)]


def digest(prepared: Prepared, seed: int) -> str:
    told = fight_once(SUPPORT, prepared, seed)
    lines = [f"{e.round}|{e.phase}|{e.depth}|{e.text}" for e in told.events]
    lines.append(f"{told.outcome.winner}|{told.outcome.reason}|{told.rounds}|{told.damage}|"
                 f"{told.draws}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def record() -> dict[str, list[str]]:
    return {key(a, b, v): digests(a, b, v) for a, b, v in PAIRINGS}


def key(a: str, b: str, values: dict[str, str]) -> str:
    return f"{a} {b} {json.dumps(values, sort_keys=True)}"


if __name__ == "__main__":
    print(json.dumps(record(), indent=0))
