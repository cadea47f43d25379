"""The Resistance's modular hardpoints as picks: what a hull offers and what a design chose.

A broadside is offered as its Port and Starboard lines together (one pick); a turret is one line;
a launch option is one load. How many of each group a hull picks is house data (picks.yaml).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shipyard.systems.dropfleet.models import DropfleetCatalog, LaunchLine, StockShip, WeaponLine

_SIDE = re.compile(r",?\s*\(?(Port|Starboard)\)?\s*$")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class Pick:
    id: str
    group: str
    name: str
    weapons: tuple[WeaponLine, ...] = ()
    launch: tuple[LaunchLine, ...] = ()


def pick_options(stock: StockShip) -> list[Pick]:
    grouped: dict[tuple[str, str], list[WeaponLine]] = {}
    for w in stock.options:
        group = w.pick or "options"
        base = _SIDE.sub("", w.name) if group == "broadsides" else w.name
        grouped.setdefault((group, base), []).append(w)
    out = [Pick(_slug(base), group, base + (" (pair)" if len(lines) > 1 else ""),
                tuple(lines)) for (group, base), lines in grouped.items()]
    out += [Pick(ld.load, "launch", ld.printed or ld.load, launch=(ld,))
            for ld in stock.launch_options]
    return out


def required(stock: StockShip, catalog: DropfleetCatalog) -> dict[str, tuple[int, bool]]:
    """group -> (count, optional) for the groups this hull offers."""
    offered = {p.group for p in pick_options(stock)}
    out = {}
    for group in sorted(offered):
        rule = catalog.picks.groups.get(group)
        out[group] = (rule.count, rule.optional) if rule is not None else (1, False)
    return out


def default_picks(stock: StockShip, catalog: DropfleetCatalog) -> list[Pick]:
    """The first listed option of every group a hull must pick from (none of an optional one):
    what `new --stock` writes and what the catalog prices a Frigate-systems hull with."""
    options = pick_options(stock)
    out: list[Pick] = []
    for group, (count, optional) in required(stock, catalog).items():
        if not optional:
            out += [p for p in options if p.group == group][:count]
    return out
