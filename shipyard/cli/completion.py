"""What the shell offers on TAB: system ids, design files, and every choice a system declares.

The shell runs the whole command line for every TAB, so these answer from what is cheap to read:
system ids are the entry-point names in the installed metadata (no system, no Pydantic is
imported), design files are a directory listing, and a system's own choices (hulls, stock
ships, geometries, ranges, crew keys, rules) come from the index in choices.py, for the system
named by the SYSTEM argument or by the first design's `system:` line, with the --catalog
overlays given. Where nothing here fits, an empty answer hands
the word back to the shell's own file completion, which also walks into directories properly.
"""

from __future__ import annotations

import itertools
import os
from typing import Any

import typer

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


# --- a system's own choices: read from the cached index (shipyard/cli/choices.py) ------------

ENGINES = ("auto", "compiled", "plain")


def _system_of(args: list[str]) -> str | None:
    """The system the command line is about: a system id among its words (`new SYSTEM`), else
    the `system:` line of its first design file (duel A, odds ATTACKER)."""
    from shipyard.cli.choices import design_system

    known = set(system_ids(""))
    for word in args:
        if word in known:
            return word
    for word in args:
        if not word.startswith("-") and word.lower().endswith(DESIGN_SUFFIXES):
            found = design_system(word)
            if found:
                return found
    return None


def _words() -> list[str]:
    """The words typed so far, as the shell's completion script hands them over (bash:
    COMP_WORDS; zsh, fish, PowerShell: _TYPER_COMPLETE_ARGS). Read here rather than from the
    parsed context: click stops parsing at an option still waiting for its value, before it
    reaches the positional words (SYSTEM, A) that tell which system's choices to offer."""
    import shlex

    line = os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS", "")
    try:
        return shlex.split(line)
    except ValueError:  # an open quote, mid-word
        return line.split()


def _overlays(args: list[str]) -> list[str]:
    """The folders given with --catalog (as `--catalog DIR` or `--catalog=DIR`)."""
    found = [word.partition("=")[2] for word in args if word.startswith("--catalog=")]
    found += [after for word, after in itertools.pairwise(args) if word == "--catalog"]
    return found


def _choices(args: list[str]) -> dict[str, Any]:
    from shipyard.cli.choices import choices

    system_id = _system_of(args)
    if system_id is None:
        return {}
    try:
        return choices(system_id, _overlays(args))
    except Exception:  # whatever went wrong, a TAB is never a traceback
        return {}


def _starting(names: Any, incomplete: str) -> list[str]:
    return [str(n) for n in names if str(n).startswith(incomplete)]


def _keyed(table: dict[str, list[str]], incomplete: str) -> list[str]:
    """KEY=VALUE items: the keys (as `key=`) until an `=` is typed, then that key's values;
    after a comma, the next item of the same option."""
    done, comma, item = incomplete.rpartition(",")
    head = done + comma
    key, eq, value = item.partition("=")
    if eq:
        return [f"{head}{key}={v}" for v in table.get(key, []) if v.startswith(value)]
    return [f"{head}{k}=" for k in table if k.startswith(key)]


def hulls(ctx: typer.Context, incomplete: str) -> list[str]:
    return _starting(_choices(_words()).get("hull", []), incomplete)


def stocks(ctx: typer.Context, incomplete: str) -> list[str]:
    return _starting(_choices(_words()).get("stock", []), incomplete)


def engines(incomplete: str) -> list[str]:
    return _starting(ENGINES, incomplete)


def _fight_command(ctx: typer.Context) -> str:
    return ctx.info_name if ctx.info_name in ("odds", "battle") else "duel"


def geometries(ctx: typer.Context, incomplete: str) -> list[str]:
    found = _choices(_words()).get(_fight_command(ctx), {})
    return _starting(found.get("geometry", []), incomplete)


def ranges(ctx: typer.Context, incomplete: str) -> list[str]:
    found = _choices(_words()).get(_fight_command(ctx), {})
    return _starting(found.get("range", []), incomplete)


def crew_keys(ctx: typer.Context, incomplete: str) -> list[str]:
    command = "odds" if ctx.info_name == "odds" else "duel"
    return _keyed(_choices(_words()).get(f"crew {command}", {}), incomplete)


def rule_names(ctx: typer.Context, incomplete: str) -> list[str]:
    return _keyed(_choices(_words()).get("rules", {}), incomplete)
