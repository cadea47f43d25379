"""The duel, seed by seed, as digests: what `tests/systems/d12_facings/test_battle.py` holds the
battle of one against one to (issue 30: "a duel equals the battle of one against one over 200
seeds"). Written once from the duel engine before the battle generalised it; rerun only when a
ruling changes a duel on purpose (and say so in the CHANGELOG).

    .venv/bin/python scripts/d12-facings-duel-digests.py \
        > tests/systems/d12_facings/golden/duels.json
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shipyard.api import Terms  # noqa: E402
from shipyard.core.combat import fight_once  # noqa: E402
from shipyard.core.yard import Yard  # noqa: E402
from shipyard.systems.d12_facings.combat import SUPPORT  # noqa: E402

EXAMPLES = ROOT / "catalogs" / "d12-facings" / "examples"
# (a, b, seeds, terms): the stock pairing and a brawl over 200 seeds, then the starts and
# switches a duel takes (tailing, short, tailer=free, under=inclusive) over fewer
CASES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("lancer", "sabre", 200, {}),
    ("mastiff", "hornet", 200, {}),
    ("sovereign", "wasp", 40, {"values": {"range": "tailing"}}),
    ("paladin", "viper", 40, {"values": {"range": "short"}, "rules": {"tailer": "free"}}),
    ("harpy", "juggernaut", 40, {"rules": {"under": "inclusive"}}),
]


def digest(a: str, b: str, seed: int, terms: dict[str, Any]) -> str:
    yard = Yard()
    prepared = SUPPORT.prepare(yard.read(EXAMPLES / f"{a}.yaml"), yard.read(EXAMPLES / f"{b}.yaml"),
                               Terms(**terms))
    told = fight_once(SUPPORT, prepared, seed)
    text = "\n".join([*prepared.notes, *(f"{e.round} {e.phase} {e.depth} {e.text} "
                                          f"{[c.as_json() for c in e.rolls]}" for e in told.events),
                      repr((told.outcome, told.rounds, told.damage, told.draws))])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    out = [{"a": a, "b": b, "terms": terms,
            "digests": [digest(a, b, seed, terms) for seed in range(seeds)]}
           for a, b, seeds, terms in CASES]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
