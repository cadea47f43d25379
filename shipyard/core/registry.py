"""The rules systems, found through the `shipyard.systems` entry-point group.

The built-in systems register exactly as a third-party package would, in pyproject.toml.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from shipyard.core.system import RulesSystem

GROUP = "shipyard.systems"


@cache
def system_ids() -> tuple[str, ...]:
    return tuple(sorted(ep.name for ep in entry_points(group=GROUP)))


@cache
def load_system(system_id: str) -> RulesSystem | None:
    for ep in entry_points(group=GROUP, name=system_id):
        found = ep.load()
        system: RulesSystem = found() if isinstance(found, type) else found
        return system
    return None
