"""Where the package's own data lives: inside the wheel, or at the top of a source checkout."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@cache
def data_root() -> Path:
    installed = _PACKAGE / "_data"  # the wheel force-includes catalogs/ and templates/ here
    if (installed / "catalogs").is_dir():
        return installed
    return _PACKAGE.parent  # a source checkout or editable install


def catalogs_dir() -> Path:
    return data_root() / "catalogs"


def templates_dir() -> Path:
    return data_root() / "templates"


_plugin_templates: dict[str, Path] = {}


def register_templates(system_id: str, folder: Path) -> None:
    """A system whose templates live outside templates/ (a plugin) names its folder, which
    then serves `<id>/...` template and stylesheet paths."""
    if folder.resolve() != (templates_dir() / system_id).resolve():
        _plugin_templates[system_id] = folder


def plugin_templates() -> dict[str, Path]:
    return dict(_plugin_templates)


def template_file(name: str) -> Path:
    """The file a template or stylesheet path (`<id>/sheet.css`, `_base/base.css`) names."""
    head, _, rest = name.partition("/")
    folder = _plugin_templates.get(head)
    return folder / rest if folder is not None and rest else templates_dir() / name


def cache_root() -> Path:
    """Where shipyard keeps what it can rebuild (compiled fight rules, parsed catalogs):
    $SHIPYARD_CACHE, else $XDG_CACHE_HOME/shipyard, else ~/.cache/shipyard."""
    if os.environ.get("SHIPYARD_CACHE"):
        return Path(os.environ["SHIPYARD_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "shipyard"


# what each kind of rebuildable file (parsed catalog files, validated catalogs, completion
# indexes) may fill of the cache: every edit of a catalog adds an entry and none is ever used
# again, so without a bound the folder only grows
MAX_CACHE_BYTES = 32 * 1024 * 1024


def keep_within(folder: Path) -> None:
    """Drop the oldest files of `folder` (a cache kind: one file an entry) until the rest fit in
    MAX_CACHE_BYTES. Called after an entry is written; a file another process removed first, or
    one this process may not remove, is passed over."""
    entries = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            with contextlib.suppress(OSError):
                found = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(found.st_mode):
                    entries.append((found.st_mtime_ns, found.st_size, entry.path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= MAX_CACHE_BYTES:
            break
        with contextlib.suppress(OSError):
            os.unlink(path)
            total -= size


# compiled fight rules: a folder a version of a system's rules (a few hundred KB to a few MB
# each); every edit of a rule adds one that nothing loads again
MAX_FIGHTS_BYTES = 256 * 1024 * 1024


def keep_folders_within(folder: Path, limit: int, keep: Path) -> None:
    """Drop the least recently written entry folders of `folder` (a cache kind: one folder an
    entry) until the rest fit in `limit`, never `keep`, the entry just used. Files beside the
    folders are left alone; a folder another process removed first is passed over."""
    entries = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.is_dir(follow_symlinks=False) and Path(entry.path) != keep:
                entries.append((*_written_and_size(Path(entry.path)), entry.path))
    total = sum(size for _, size, _ in entries) + _written_and_size(keep)[1]
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        shutil.rmtree(path, ignore_errors=True)
        total -= size


def _written_and_size(folder: Path) -> tuple[int, int]:
    """When `folder`'s newest file was written (ns), and its files' total size."""
    newest = total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            with contextlib.suppress(OSError):
                found = os.stat(os.path.join(root, name), follow_symlinks=False)
                newest, total = max(newest, found.st_mtime_ns), total + found.st_size
    return newest, total


_noted: set[str] = set()


def note_once(text: str) -> None:
    """Say on standard error, once a process, that a cache was found damaged and rebuilt (the
    only thing the core prints: it happens below any command, and is not a user's mistake)."""
    if text not in _noted:
        _noted.add(text)
        print(text, file=sys.stderr)
