"""The rules systems, found through the `shipyard.systems` entry-point group.

The built-in systems register exactly as a third-party package would, in pyproject.toml. A
system is imported only when a command needs it (`validate` of one system's design imports no
other system), and a broken entry point costs the user one line naming it, not the command.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from shipyard.core.paths import register_templates
from shipyard.core.system import AnySystem, RulesSystem

GROUP = "shipyard.systems"


class BrokenSystem(Exception):
    """An entry point that does not give a working rules system, and why, in one line."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"rules system '{name}' cannot be loaded: {reason}")
        self.name = name


@cache
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep)  # the first distribution to claim a name keeps it
    return found


def system_ids() -> tuple[str, ...]:
    """Every registered name, loadable or not (loading is what finds out)."""
    return tuple(sorted(_entry_points()))


@cache
def load_system(system_id: str) -> AnySystem | None:
    """The system registered as `system_id`; None if no such name; BrokenSystem if the entry
    point fails to import, gives something that is not a RulesSystem, or names another id."""
    ep = _entry_points().get(system_id)
    if ep is None:
        return None
    try:
        found = ep.load()
    except Exception as exc:  # a third party's code: any failure is one line about it
        raise BrokenSystem(system_id, f"{ep.value} failed to import: "
                           f"{type(exc).__name__}: {exc}") from None
    try:
        system = found() if isinstance(found, type) else found
    except Exception as exc:
        raise BrokenSystem(system_id, f"{ep.value} failed to start: "
                           f"{type(exc).__name__}: {exc}") from None
    if not isinstance(system, RulesSystem):
        raise BrokenSystem(system_id, f"{ep.value} is a {type(system).__name__}, not a "
                           "RulesSystem")
    if system.id != system_id:
        raise BrokenSystem(system_id, f"{ep.value} has the id '{system.id}', not its "
                           f"entry-point name '{system_id}'")
    register_templates(system.id, system.templates_dir())
    return system
