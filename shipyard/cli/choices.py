"""What a system's options may be, for TAB: hull and stock ids, geometries, range bands, crew
keys and optional rules, with their values, from a small cached index.

The index of one system (under one set of `--catalog` overlays) is written the first time it
is asked for, by loading the system and its catalog, and kept in the cache folder beside the
parsed catalogs. A TAB then reads it as JSON and checks the files it came from (the catalog
files and folders, the overlays', the system's code) by their modification time and size: no
system, no Pydantic and no YAML library is imported, unless something changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from shipyard import __version__
from shipyard.core.paths import cache_root, keep_within

Choices = dict[str, Any]
_SYSTEM_LINE = re.compile(rb"^system:[ \t]*[\"']?([A-Za-z0-9_.-]+)", re.MULTILINE)


def design_system(path: str) -> str | None:
    """The system a design file names on its `system:` line, read without a YAML parser."""
    try:
        with open(os.path.expanduser(path), "rb") as handle:
            found = _SYSTEM_LINE.search(handle.read(16_384))
    except OSError:
        return None
    return found.group(1).decode() if found else None


def _stamp(path: Path) -> list[Any]:
    try:
        stat = os.stat(path)
    except OSError:
        return [str(path), None, None]
    return [str(path), stat.st_mtime_ns, stat.st_size]


def _index_file(system_id: str, overlays: list[str]) -> Path:
    key = "|".join([__version__, system_id, *(os.path.abspath(o) for o in overlays)])
    digest = hashlib.sha1(key.encode()).hexdigest()[:16]
    return cache_root() / "completion" / f"{system_id}-{digest}.json"


def choices(system_id: str, overlays: list[str]) -> Choices:
    """The system's choices (empty when it cannot be loaded): from the index if it is fresh,
    else built and saved."""
    where = _index_file(system_id, overlays)
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
        index = json.loads(where.read_text(encoding="utf-8"))
        if all(_stamp(Path(p)) == [p, m, s] for p, m, s in index["sources"]):
            return dict(index["choices"])
    built = _build(system_id, overlays)
    if built is None:
        return {}
    sources, found = built
    with contextlib.suppress(OSError):
        where.parent.mkdir(parents=True, exist_ok=True)
        partial = where.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps({"sources": sources, "choices": found}), encoding="utf-8")
        os.replace(partial, where)
        keep_within(where.parent)
    return found


def _values(kind: Any) -> list[str]:
    from shipyard.core.options import Choice, Steps

    if isinstance(kind, Choice):
        return list(kind.choices)
    if isinstance(kind, Steps):
        return list(kind.steps)
    return []


def _build(system_id: str, overlays: list[str]) -> tuple[list[list[Any]], Choices] | None:
    import inspect

    from shipyard.core.catalog import catalog_files
    from shipyard.core.yard import Yard

    layers = [Path(o) for o in overlays]
    try:
        yard = Yard(layers)
        system = yard.system(system_id)
        catalog = yard.catalog(system)
    except Exception:  # a broken system or overlay: TAB offers nothing, `validate` says why
        return None
    code = Path(inspect.getfile(type(system))).parent
    folders = [system.catalog_dir(), *(layer / system.id for layer in layers), code]
    files = catalog_files(system.catalog_dir(), layers, system.id) + sorted(code.glob("*.py"))
    found: Choices = {
        "hull": [h for h in system.hull_ids(catalog) if not h.isdigit()],
        "stock": list(system.stock_ids(catalog)),
    }
    options = system.fight_options
    if options is not None:
        for command in ("duel", "battle", "odds"):
            found[command] = {o.name: _values(o.kind)
                              for o in getattr(options, command) or ()}
            found[f"crew {command}"] = {o.name: _values(o.kind)
                                        for o in options.crew_for(command)}
        found["rules"] = {o.name: _values(o.kind) for o in options.rules}
    return [_stamp(p) for p in folders + files], found
