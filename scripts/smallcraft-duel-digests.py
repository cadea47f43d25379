"""The smallcraft duel, seed by seed, as digests: what `tests/systems/smallcraft/test_battle.py`
holds the battle of one against one to (issue 26: the duel tells what it told before). Written
once from the duel engine of main 527ae96, before the battle generalised it; rerun only when a
ruling changes a duel on purpose (and say so in the CHANGELOG).

    .venv/bin/python scripts/smallcraft-duel-digests.py \
        > tests/systems/smallcraft/golden/duels.json
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
from shipyard.systems.smallcraft.combat import SUPPORT  # noqa: E402

EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"
CRAFT = ("starfury", "raider", "galileo")
GEOMETRIES = ("head-on", "pursuit", "crossing", "random")


def seeds(a: str, b: str, geometry: str) -> range:
    """200 seeds of the stock pairing; every 27th of 200 for the other pairings and starts."""
    stock = (a, b, geometry) == ("starfury", "raider", "head-on")
    return range(200) if stock else range(0, 200, 27)


def digest(result: Any) -> list[Any]:
    text = "".join(f"{e.round} {e.phase} {'  ' * e.depth}{e.text}|{[str(x) for x in e.rolls]}\n"
                   for e in result.events)
    return [result.outcome.winner, result.outcome.reason, result.outcome.text, result.rounds,
            list(result.damage), result.draws, hashlib.sha1(text.encode()).hexdigest()]


def key(a: str, b: str, geometry: str, seed: int) -> str:
    return f"{a}-{b}-{geometry}-{seed}"


def main() -> None:
    yard = Yard()
    designs = {n: yard.read(EXAMPLES / f"{n}.yaml") for n in CRAFT}
    out = {}
    for a in CRAFT:
        for b in CRAFT:
            for geometry in GEOMETRIES:
                prepared = SUPPORT.prepare(designs[a], designs[b],
                                           Terms(values={"geometry": geometry}))
                for seed in seeds(a, b, geometry):
                    out[key(a, b, geometry, seed)] = digest(fight_once(SUPPORT, prepared, seed))
    print(json.dumps(out, indent=0, sort_keys=True))


if __name__ == "__main__":
    main()
