"""What the shell offers on TAB: system ids and design files (commands and choices come free).

The shell runs the whole command line for every TAB, so these answer from what is cheap to read:
system ids are the entry-point names in the installed metadata (no system, no Pydantic is
imported), design files are a directory listing. Where nothing here fits, an empty answer hands
the word back to the shell's own file completion, which also walks into directories properly.
"""

from __future__ import annotations

import os
from typing import Any

# The variable Typer's completion scripts set to ask for completions instead of running.
COMPLETE_VAR = "_SHIPYARD_COMPLETE"
# shipyard.core.registry.GROUP, repeated: importing the registry imports Pydantic
SYSTEMS_GROUP = "shipyard.systems"
DESIGN_SUFFIXES = (".yaml", ".yml")


def completing() -> bool:
    return COMPLETE_VAR in os.environ


def skip_coercion_while_completing() -> None:
    """Let a TAB answer without importing Pydantic.

    Typer (0.29) coerces every option's value through a Pydantic TypeAdapter, and does so even
    while completing, when click parses the words typed so far with `resilient_parsing` and
    never uses a value. Importing Pydantic and building the adapters was most of a TAB's wait
    (about 3x `shipyard --help`). While completing, and only then, values pass through raw.
    Should Typer's private class move, this does nothing and completion is only slower
    (tests/test_completion.py says so).
    """
    import typer.core

    parameter: Any = getattr(typer.core, "_TyperParameter", None)
    original = getattr(parameter, "process_value", None)
    if parameter is None or original is None:
        return

    def process_value(self: Any, ctx: Any, value: Any) -> Any:
        if not ctx.resilient_parsing:
            return original(self, ctx, value)
        return value if self.callback is None else self.callback(ctx, self, value)

    parameter.process_value = process_value


def system_ids(incomplete: str) -> list[str]:
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group=SYSTEMS_GROUP)}
    return sorted(n for n in names if n.startswith(incomplete))


def design_files(incomplete: str) -> list[str]:
    """Design files (*.yaml, *.yml) whose path starts with `incomplete`, and the folders beside
    them; nothing when no design file matches, so the shell completes folders its own way."""
    head, tail = os.path.split(incomplete)
    try:
        with os.scandir(os.path.expanduser(head) or ".") as listing:
            entries = list(listing)
    except OSError:
        return []
    found: list[str] = []
    dirs: list[str] = []
    for entry in entries:
        if not entry.name.startswith(tail) or (entry.name.startswith(".") and
                                               not tail.startswith(".")):
            continue
        # the path as the user typed it, so the shell's prefix match keeps it
        shown = os.path.join(head, entry.name)
        try:
            is_dir = entry.is_dir()
        except OSError:
            continue
        if is_dir:
            dirs.append(shown + os.sep)
        elif entry.name.lower().endswith(DESIGN_SUFFIXES):
            found.append(shown)
    if not found:  # a lone folder offered here would get a space after it in bash
        return []
    return sorted(found) + sorted(dirs)
