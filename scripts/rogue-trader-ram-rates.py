"""How often a ramming captain wins (issue 10, R13): every bundled ship with `tactic=ram` against
every bundled ship with the default captain, head-on at the default range.

    .venv/bin/python scripts/rogue-trader-ram-rates.py [--fights 200] [--seed 3]

Run against another checkout with PYTHONPATH=/that/checkout to compare rulings.
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path

import shipyard
from shipyard.core.combat import series, wilson
from shipyard.core.options import Terms
from shipyard.core.yard import Yard
from shipyard.systems.rogue_trader.combat import SUPPORT

STOCK = ("vagabond", "hazeroth", "sword", "endeavour", "ambition")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    examples = Path(shipyard.__file__).resolve().parent.parent / "catalogs" / "rogue-trader" / (
        "examples")
    yard = Yard()
    wins = total = 0
    for a, b in itertools.product(STOCK, repeat=2):
        first, second = (yard.read(examples / f"{stem}.yaml") for stem in (a, b))
        prepared = SUPPORT.prepare(first, second, Terms(crew=({"tactic": "ram"}, {})))
        columns = series(SUPPORT, prepared, args.fights, args.seed)
        won = sum(1 for w in columns.winner if w == 0)
        lost = sum(1 for w in columns.winner if w == 1)
        wins, total = wins + won, total + args.fights
        print(f"{a:>9} rams {b:<9} wins {won:4d}, loses {lost:4d}, of {args.fights}")
    rate = wilson(wins, total)
    print(f"the rammer wins {wins} of {total} ({wins / total:.1%}; 95% {rate.low:.1%}.."
          f"{rate.high:.1%})")


if __name__ == "__main__":
    main()
