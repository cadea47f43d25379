"""The Resistance's modular hardpoints: how many of each group a hull must pick, and the default
picks. What a hull offers (`pick_options`) is in models.py, where the design's schema reads it; how
many of each group a hull picks is house data (picks.yaml).
"""

from __future__ import annotations

from shipyard.systems.dropfleet.models import DropfleetCatalog, Pick, StockShip, pick_options


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
