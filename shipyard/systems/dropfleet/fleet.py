"""A dropfleet fleet's composition (RULINGS.md F1–F3): battlegroups of groups, by game size.

The core has already priced the fleet against its limit; this checks what the battlegroup and
game-size tables of the catalog (battlegroups.yaml, house) ask beyond the total.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from shipyard.api import Budget, Verdict, suggest
from shipyard.systems.dropfleet.models import DropfleetCatalog, GameSize

CODES = {
    "fleet.battlegroups": "a dropfleet fleet is listed as battlegroups (groups: with a type) "
                          "(shipyard rulings dropfleet F1)",
    "fleet.battlegroup": "a battlegroup's groups, or its groups of one tonnage, outside its "
                         "type's limits (shipyard rulings dropfleet F1)",
    "fleet.group_size": "a group's ships outside its class's group size "
                        "(shipyard rulings dropfleet F2)",
    "fleet.game_size": "battlegroups of a type outside what the game size allows, or no game "
                       "size for the fleet (shipyard rulings dropfleet F3)",
}


def _within(value: int, span: tuple[int, int]) -> bool:
    return span[0] <= value <= span[1]


def _span(span: tuple[int, int]) -> str:
    return str(span[0]) if span[0] == span[1] else f"{span[0]}-{span[1]}"


def fleet_check(fleet: Any, catalog: DropfleetCatalog) -> Verdict:
    """`fleet` is the core's Fleet: its file, model, groups and members."""
    verdict = Verdict()
    model, located = fleet.model, fleet.located
    if not model.groups:
        verdict.error("fleet.battlegroups", "list the ships as battlegroups: groups:, each with "
                      f"a type ({', '.join(catalog.battlegroups.ids())})",
                      located.line_of(("ships",)))
        return verdict
    kinds: Counter[str] = Counter()
    for i, group in enumerate(fleet.groups):
        line = located.line_of(("groups", i))
        battlegroup = catalog.battlegroups.get(group.type or "")
        if battlegroup is None:
            verdict.error("fleet.battlegroup", f"battlegroup {group.name}: type "
                          f"'{group.type}' is not one of {', '.join(catalog.battlegroups.ids())}"
                          f"; {suggest(str(group.type), catalog.battlegroups.ids())}", line)
            continue
        kinds[battlegroup.id] += 1
        tonnages: Counter[str] = Counter()
        for member in group.members:
            ship = member.design.built
            tonnages[catalog.tonnage_class(ship.ship_class).tonnage] += 1
            ships = member.count * (member.design.model.group or 1)
            if not _within(ships, ship.group):
                verdict.error("fleet.group_size", f"{ships} × {member.name}: a group of "
                              f"{ship.ship_class} ships is {_span(ship.group)} strong",
                              member.line)
        if not _within(len(group.members), battlegroup.groups):
            verdict.error("fleet.battlegroup", f"battlegroup {group.name} ({battlegroup.name}) "
                          f"has {len(group.members)} groups; a {battlegroup.name} has "
                          f"{_span(battlegroup.groups)}", line)
        for tonnage, span in battlegroup.tonnage.items():
            if not _within(tonnages[tonnage], span):
                verdict.error("fleet.battlegroup", f"battlegroup {group.name} "
                              f"({battlegroup.name}) has {tonnages[tonnage]} {tonnage} groups; "
                              f"a {battlegroup.name} has {_span(span)}", line)
        for extra in sorted(set(tonnages) - set(battlegroup.tonnage)):
            verdict.error("fleet.battlegroup", f"battlegroup {group.name} ({battlegroup.name}) "
                          f"has {extra} groups; a {battlegroup.name} takes none", line)
    _game_size(fleet, catalog, kinds, verdict)
    return verdict


def _game_size(fleet: Any, catalog: DropfleetCatalog, kinds: Counter[str],
               verdict: Verdict) -> None:
    model, located = fleet.model, fleet.located
    size: GameSize | None
    if model.size is not None:
        size = catalog.game_sizes.get(model.size)
        if size is None:
            verdict.error("fleet.game_size", f"size: '{model.size}' is not a game size; "
                          f"{suggest(model.size, catalog.game_sizes.ids())}",
                          located.line_of(("size",)))
            return
    elif model.limit is None:
        verdict.error("fleet.game_size", "no game size: give size: (" +
                      ", ".join(catalog.game_sizes.ids()) + ") or a limit: in points",
                      located.line_of(("fleet",)))
        return
    else:
        size = next((s for s in catalog.game_sizes if _within(int(model.limit), s.points)),
                    None)
        if size is None:
            verdict.error("fleet.game_size", f"no game size takes a limit of {model.limit} "
                          "points; give size: or a limit within one", located.line_of(("limit",)))
            return
    counts = Budget("battlegroups", "battlegroups", None,
                    title=f"Battlegroups for a {size.name} ({_span(size.points)} points)")
    for kind, span in size.battlegroups.items():
        counts.add(f"{catalog.battlegroups[kind].name} ({_span(span)})", kinds[kind])
        if not _within(kinds[kind], span):
            verdict.error("fleet.game_size", f"{kinds[kind]} {catalog.battlegroups[kind].name} "
                          f"battlegroups; a {size.name} takes {_span(span)}",
                          located.line_of(("groups",)))
    verdict.budgets.append(counts)
