"""Catalogs: a system's YAML data files, layered, then validated by the system's catalog model.

Every `*.yaml` directly in `catalogs/<id>/` is one layer; a group's `--catalog DIR` adds the files
of `DIR/<id>/` on top. Layers merge so that an overlay says only what changes: a mapping merges
key by key at every depth (`points: {class_base: {medium: 30}}` changes one figure and keeps the
other classes); a list of entries with `id`s merges by id (an overlay entry replaces the earlier
one whole, or adds a new one); anything else (a number, a plain list) is replaced; and in an
overlay `key: null` removes the key, so the model's default applies. Every merged value
remembers the file and line it came from, so a wrong catalog is reported where the mistake is.

Within one layer (the built-in folder, or one overlay folder) an id names one entry: a second
entry with that id is an error at its own line, since nothing says which of the two was meant.
Replacing a built-in entry is what an overlay is for.

The machinery a system's models use:
- `Entries[Entry]`: a catalog section of entries indexed by id (`catalog.hulls["sword"]`);
- `Ref("hulls", "hull")`: in `Annotated[str, Ref(...)]`, "an id of that table", checked in
  design and catalog models alike, an unknown id answered with the nearest known one;
- `ValidationContext`: what the yard hands Pydantic validators (the system's catalog).
"""

from __future__ import annotations

import math
import re
import stat
from collections.abc import Collection, Iterable, Iterator, KeysView, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from types import UnionType
from typing import (
    Annotated,
    Any,
    Generic,
    Protocol,
    TypeGuard,
    TypeVar,
    Union,
    get_args,
    get_origin,
    overload,
)

from pydantic import BaseModel, GetCoreSchemaHandler, ValidationError, ValidationInfo
from pydantic.fields import FieldInfo
from pydantic_core import CoreSchema, core_schema

from shipyard.core.suggest import quoted, suggest
from shipyard.core.validation import diagnostics_of, dotted
from shipyard.core.yamlio import MAX_BYTES, Located, YamlPath, load_catalog_file
from shipyard.errors import Diagnostic, Exit, UserError

M = TypeVar("M", bound=BaseModel)
C = TypeVar("C")


class Entry(Protocol):
    """A catalog entry: anything with an id."""

    @property
    def id(self) -> str: ...


E = TypeVar("E", bound=Entry)


class Entries(Generic[E]):
    """A catalog section: its entries in the catalog's order, indexed by id.

    As a Pydantic field (`hulls: Entries[Hull]`) it reads a list of entries and writes one back.
    Iterating gives the entries, as the list did; `table[id]` is the entry with that id and
    `table[0]` the first.
    """

    __slots__ = ("_entries", "_index")

    def __init__(self, entries: Iterable[E]) -> None:
        self._entries = tuple(entries)
        self._index = {entry.id: entry for entry in self._entries}
        if len(self._index) != len(self._entries):
            ids = [e.id for e in self._entries]
            twice = next(i for n, i in enumerate(ids) if i in ids[:n])
            raise ValueError(f"two entries have the id '{twice}'; an id names one entry")

    @overload
    def __getitem__(self, key: str) -> E: ...

    @overload
    def __getitem__(self, key: int) -> E: ...

    def __getitem__(self, key: str | int) -> E:
        # an id is always text, so a number can only mean a position, as in the list it was
        # (templates write `crews[0]`, `crews[-1]`)
        return self._entries[key] if isinstance(key, int) else self._index[key]

    def get(self, entry_id: str) -> E | None:
        return self._index.get(entry_id)

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self._index

    def __iter__(self) -> Iterator[E]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def ids(self) -> list[str]:
        return list(self._index)

    def keys(self) -> KeysView[str]:
        """The ids as a set-like view: `in` without building a list."""
        return self._index.keys()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entries) and self._entries == other._entries

    def __hash__(self) -> int:
        return hash(tuple(self._index))

    def __repr__(self) -> str:
        return f"Entries({list(self._index)})"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        args = get_args(source)
        entries = core_schema.list_schema(handler.generate_schema(args[0] if args else Any))
        return core_schema.no_info_after_validator_function(
            cls, entries, serialization=core_schema.plain_serializer_function_ser_schema(
                list, return_schema=entries))


@dataclass(frozen=True)
class ValidationContext:
    """What the yard hands a model's validators.

    `catalog` is the system's catalog model when a design is read. While the catalog itself is
    read it is None, and `ids` holds the ids of each of its top-level tables, so references
    between sections are checked in the same single pass.
    """

    catalog: Any = None
    ids: Mapping[str, Collection[str]] = field(default_factory=dict)

    @staticmethod
    def of(info: ValidationInfo) -> ValidationContext:
        """The context of this validation (an empty one where none was given, as in a test
        that validates a design without its catalog)."""
        context = info.context
        if context is None:
            return _NO_CONTEXT
        if not isinstance(context, ValidationContext):
            # a plain dict here would switch every reference check off without a word
            raise TypeError(f"validation context is a {type(context).__name__}, "
                            "not a ValidationContext")
        return context

    def catalog_as(self, model: type[C]) -> C | None:
        """The catalog, if it is one of `model` (None while no catalog is at hand)."""
        return self.catalog if isinstance(self.catalog, model) else None

    def known_ids(self, table: str) -> Collection[str] | None:
        """The ids of a top-level table of the catalog, or None when nothing can be checked."""
        if self.catalog is not None:
            found = getattr(self.catalog, table, None)
            if isinstance(found, Entries):
                return found.keys()
            raise TypeError(f"{type(self.catalog).__name__}.{table} is not an Entries table")
        return self.ids.get(table)


_NO_CONTEXT = ValidationContext()


@dataclass(frozen=True)
class Ref:
    """An id of that table, for `Annotated[str, Ref("hulls", "hull")]`.

    `table` is the catalog model's field (an Entries); `what` names an entry in messages; `see`
    is added to them ("see `shipyard catalog SYSTEM`"); `always` offers the closest id however
    far it is, for a table too long to list.
    """

    table: str
    what: str
    see: str = ""
    always: bool = False

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        return core_schema.with_info_after_validator_function(self.check, handler(source))

    def check(self, value: str, info: ValidationInfo) -> str:
        known = ValidationContext.of(info).known_ids(self.table)
        if known is not None and value not in known:
            see = f" ({self.see})" if self.see else ""
            raise ValueError(f"unknown {self.what} {quoted(value)}; "
                             f"{suggest(value, known, always=self.always)}{see}")
        return value


def catalog_files(system_dir: Path, overlays: list[Path], system_id: str) -> list[Path]:
    """The catalog's files in layer order. The files of one folder are one layer."""
    files = sorted(system_dir.glob("*.yaml"))
    for overlay in dict.fromkeys(overlays):  # one folder named twice is still one layer
        files += sorted((overlay / system_id).glob("*.yaml"))
    return files


def load_catalog(model: type[M], files: list[Path]) -> M:
    """`files` merged in layer order and validated by `model`: from a cache of catalogs
    already validated when neither the files nor any code could have changed the result (a
    catalog of a hundred and fifty ships validates in ~0.1 s and unpickles in ~10 ms)."""
    key = _cache_key(model, files)
    catalog = None if key is None else _cached(key, model)
    if catalog is not None:  # where its values came from is worked out again if asked
        _ORIGINS[id(catalog)] = (catalog, files)
        return catalog
    merged, taken = _merge(files)
    ids = {key: [e["id"] for e in value] for key, value in merged.items()
           if _is_entry_list(value)}
    try:
        catalog = model.model_validate(merged, context=ValidationContext(ids=ids))
    except ValidationError as exc:
        raise UserError(_located_errors(exc, model, merged, taken), Exit.INPUT) from None
    _ORIGINS[id(catalog)] = (catalog, taken)
    if key is not None:
        _store(key, catalog)
    return catalog


def _merge(files: list[Path]) -> tuple[dict[str, Any], dict[YamlPath, tuple[Located, YamlPath]]]:
    """The layers merged, and where each merged value came from; a UserError for duplicate ids
    within a layer and for absurd numbers."""
    merged: dict[str, Any] = {}
    taken: dict[YamlPath, tuple[Located, YamlPath]] = {}  # merged path -> (source, its path)
    duplicates: list[Diagnostic] = []
    layer: Path | None = None
    # (section, id) -> (file, position, line) of its first entry in this layer
    first: dict[tuple[str, str], tuple[str, int, int | None]] = {}
    overlay = False  # the first folder is the built-in catalog
    for path in files:
        located = load_catalog_file(path)
        if path.parent != layer:
            overlay = layer is not None
            layer, first = path.parent, {}
        if located.data is None:
            continue
        if not isinstance(located.data, dict):
            raise UserError.single("catalog.invalid", "a catalog file is a mapping of "
                                   "sections (hulls:, components:, ...)", located.file, 1)
        duplicates += _duplicates(located, first)
        _merge_layer(merged, taken, located, overlay)
    if duplicates:
        raise UserError(duplicates, Exit.INPUT)
    absurd = _absurd_numbers(merged, (), taken)
    if absurd:
        raise UserError(absurd, Exit.INPUT)
    return merged, taken


# --- the cache of validated catalogs -----------------------------------------------------------
# A validated catalog is a function of its files, the code that validates them (the model's
# package and shipyard's own, whose validators may call anything in them), Python and Pydantic.
# The key holds the path and content of each catalog file (an edit within the clock's tick, at
# the same size, must still count) and the path, size and modification time of each code file,
# as Python's own bytecode cache does for code; a catalog that failed is never cached (its
# errors are worked out again, each time, exactly as before).

_SHIPYARD = Path(__file__).resolve().parent.parent


def _cache_key(model: type[BaseModel], files: list[Path]) -> str | None:
    import hashlib
    import sys

    import pydantic_core
    from pydantic.version import VERSION

    if "<locals>" in model.__qualname__ or model.__module__ == "__main__":
        return None  # a class pickle cannot find again, nor tell from another of its name
    package = sys.modules[model.__module__.partition(".")[0]].__file__
    if package is None:
        return None
    digest = hashlib.sha256()
    digest.update(f"{sys.version}|{VERSION}|{pydantic_core.__version__}|{model.__module__}."
                  f"{model.__qualname__}".encode())
    try:
        for path in files:
            found = path.stat()
            if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_BYTES:
                return None  # a pipe is read once; loading says what is wrong with the rest
            digest.update(f"|{path.resolve()}|".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        for root in dict.fromkeys((_SHIPYARD, Path(package).resolve().parent)):
            for path in sorted(root.rglob("*.py")):
                code = path.stat()
                digest.update(f"|{path}|{code.st_size}|{code.st_mtime_ns}".encode())
    except OSError:
        return None  # loading says what is wrong with a file
    return digest.hexdigest()


def _cache_file(key: str) -> Path:
    from shipyard.core.paths import cache_root

    return cache_root() / "catalogs" / f"{key}.pickle"


def _cached(key: str, model: type[M]) -> M | None:
    import contextlib
    import pickle

    from shipyard.core.paths import note_once

    cached = _cache_file(key)
    try:
        raw = cached.read_bytes()
    except OSError:
        return None  # not cached yet
    try:
        found = pickle.loads(raw)
        if type(found) is model:
            return found
        raise TypeError(f"a {type(found).__name__}, not a {model.__name__}")
    except Exception as exc:  # whatever an unreadable entry raises
        # treated as absent: dropped, rebuilt by the caller, and said once
        with contextlib.suppress(OSError):
            cached.unlink()
        note_once(f"shipyard: note: a cached catalog in {cached.parent} could not be read "
                  f"({type(exc).__name__}); validating the catalog again")
    return None


def _store(key: str, catalog: BaseModel) -> None:
    import os
    import pickle

    from shipyard.core.paths import keep_within

    cached = _cache_file(key)
    try:  # written whole or not at all: a reader never sees half a file
        raw = pickle.dumps(catalog, protocol=pickle.HIGHEST_PROTOCOL)
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(raw)
        os.replace(partial, cached)
        keep_within(cached.parent)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # a read-only cache, or a catalog holding what pickle cannot keep, costs the check


# each loaded catalog (kept alive here, so its id stays its own) -> where its values came from,
# or the files to work that out from again (a catalog read from the cache)
_ORIGINS: dict[int, tuple[Any, dict[YamlPath, tuple[Located, YamlPath]] | list[Path]]] = {}


def origin(catalog: Any, path: YamlPath) -> tuple[str | None, int | None]:
    """The file and line a value of a loaded catalog came from (`("combat", "start_range")`),
    so a message about a catalog's default points at the overlay that set it, not at the
    command line; (None, None) for a catalog not loaded from files."""
    found = _ORIGINS.get(id(catalog))
    if found is None:
        return None, None
    taken = found[1]
    if isinstance(taken, list):  # read from the cache: merged again, once
        taken = _merge(taken)[1]
        _ORIGINS[id(catalog)] = (catalog, taken)
    hit = _source(path, taken)
    return (None, None) if hit is None else (hit[0].file, hit[0].line_of(hit[1]))


def _duplicates(located: Located, first: dict[tuple[str, str], tuple[str, int, int | None]]
                ) -> list[Diagnostic]:
    """A second entry with an id already given in this layer, at the second one's line."""
    out = []
    for key, value in located.data.items():
        if not _is_entry_list(value):
            continue
        for j, entry in enumerate(value):
            line = located.line_of((key, j))
            seen = first.setdefault((key, str(entry["id"])), (located.file, j, line))
            if seen[:2] != (located.file, j):  # by position: a flow list puts both on one line
                where = f"line {seen[2]}" if seen[0] == located.file else f"{seen[0]}:{seen[2]}"
                out.append(Diagnostic(
                    "catalog.duplicate_id", f"{key}: a second entry with id '{entry['id']}' "
                    f"(the first is at {where}); keep one. To change a built-in entry, give "
                    "it again in an overlay folder (--catalog DIR)", "error", line,
                    located.file))
    return out


def _merge_layer(merged: dict[str, Any], taken: dict[YamlPath, tuple[Located, YamlPath]],
                 located: Located, overlay: bool) -> None:
    _merge_map(merged, located.data, (), taken, located, overlay)


def _merge_map(base: dict[Any, Any], value: dict[Any, Any], path: YamlPath,
               taken: dict[YamlPath, tuple[Located, YamlPath]], located: Located,
               overlay: bool) -> None:
    """`value` (at `path` in `located`'s file, which is its path in the catalog too: a map's
    keys keep their names) laid over `base`: maps key by key at every depth, lists of entries
    by id (an entry given again replaces the earlier one whole), anything else replaced; in an
    overlay, `key: null` removes the key, so the model's default applies."""
    for key, sub in value.items():
        here = (*path, key)
        old = base.get(key)
        if overlay and sub is None:
            base.pop(key, None)
            _forget(taken, here)
        elif isinstance(sub, dict) and isinstance(old, dict):
            base[key] = dict(old)  # a copy: the earlier layer's own data stays as it was read
            _claim_map(taken, here, old, located)
            _merge_map(base[key], sub, here, taken, located, overlay)
        elif _is_entry_list(sub) and _is_entry_list(old):
            entries = base[key] = list(old)
            index = {entry["id"]: i for i, entry in enumerate(entries)}
            for j, entry in enumerate(sub):
                i = index.get(entry["id"])
                if i is None:
                    i = index[entry["id"]] = len(entries)
                    entries.append(entry)
                else:
                    entries[i] = entry
                _forget(taken, (*here, i))
                taken[(*here, i)] = (located, (*here, j))
        else:
            base[key] = sub
            _forget(taken, here)
            taken[here] = (located, here)


def _claim_map(taken: dict[YamlPath, tuple[Located, YamlPath]], path: YamlPath,
               old: dict[Any, Any], located: Located) -> None:
    """A map a later file merges into is, as a whole, that file's: an error about the map
    itself (a key it now lacks, as after `"4+": null`) is told at that file's line. Each key it
    keeps stays told where it was set: its source is written down at its own path first."""
    for key in old:
        if (*path, key) not in taken:
            hit = _source((*path, key), taken)
            if hit is not None:
                taken[(*path, key)] = hit
    taken[path] = (located, path)


def _forget(taken: dict[YamlPath, tuple[Located, YamlPath]], path: YamlPath) -> None:
    """Where the values at and under `path` came from, now that they are replaced."""
    for known in [p for p in taken if p[:len(path)] == path]:
        del taken[known]


# Every number a catalog or overlay sets is at most MAX_NUMBER in size, and 0 or at least
# MIN_NUMBER: the compiled fights count in int64 (9.2e18), and no rule multiplies more than three
# catalog figures, so a product stays exact; a sheet draws boxes in proportion to a figure, so
# the fields a sheet draws from carry tighter bounds of their own (the systems' models). A
# figure of 2e18 wrapped a compiled fight silently; 1e308 or .inf overflowed every command.
MAX_NUMBER = 1_000_000
MIN_NUMBER = 0.00001


def _absurd_numbers(value: Any, path: YamlPath,
                    taken: dict[YamlPath, tuple[Located, YamlPath]]) -> list[Diagnostic]:
    if isinstance(value, dict):
        return [d for key, sub in value.items() for d in _absurd_numbers(sub, (*path, key), taken)]
    if isinstance(value, list):
        return [d for i, sub in enumerate(value) for d in _absurd_numbers(sub, (*path, i), taken)]
    if isinstance(value, bool) or not isinstance(value, int | float):
        return []
    if math.isfinite(value) and (value == 0 or MIN_NUMBER <= abs(value) <= MAX_NUMBER):
        return []
    source, shown = _source(path, taken) or (None, path)
    text = f"{value:.3g}" if isinstance(value, float) or abs(value) > 10**12 else f"{value:,}"
    return [Diagnostic("catalog.out_of_range", f"{dotted(shown)}: {text} is beyond any rule or "
                       f"sheet; a catalog number is 0 or between {MIN_NUMBER:g} and "
                       f"{MAX_NUMBER:,} in size (docs/limits.md)", "error",
                       source.line_of(shown) if source else None,
                       source.file if source else "catalog")]


def _is_entry_list(value: Any) -> TypeGuard[list[dict[str, Any]]]:
    return isinstance(value, list) and all(
        isinstance(e, dict) and isinstance(e.get("id"), str | int) and not isinstance(e["id"], bool)
        for e in value)


def _located_errors(exc: ValidationError, model: type[BaseModel], merged: dict[str, Any],
                    taken: dict[YamlPath, tuple[Located, YamlPath]]) -> list[Diagnostic]:
    """Each error at the file and line its value came from, named by its path in that file
    (`stock[0].hull` of the overlay, not the merged catalog's `stock[157].hull`)."""
    whole = Located(merged, "catalog")
    found = diagnostics_of(exc, model, whole, "catalog",
                           lambda path: _source(path, taken) or (whole, path))
    return [_with_range(d, model) if d.code == "catalog.out_of_range" else d for d in found]


def _with_range(diag: Diagnostic, model: type[BaseModel]) -> Diagnostic:
    """An out-of-range figure's message with the whole range its field allows, not one end."""
    where = diag.message.partition(": ")[0]
    bounds = bounds_of(model, tuple(_STEP.findall(where)))
    if bounds is None or None in bounds:
        return diag
    low, high = bounds
    return replace(diag, message=f"{diag.message}; a catalog sets it from {low:,} to {high:,} "
                   "(docs/limits.md)")


_STEP = re.compile(r"[^.\[\]]+")  # the names and indexes of a dotted path


def bounds_of(model: type[BaseModel], path: tuple[str, ...]) -> tuple[Any, Any] | None:
    """The (lowest, highest) a catalog model allows at `path` (`("weapons", "0", "salvo")`:
    an index or a key stands for every item of a list or mapping), None at either end it
    leaves open; None for a path it has no number at."""
    annotation: Any = model
    metadata: list[Any] = []
    steps = list(path)
    while True:
        origin, args = get_origin(annotation), get_args(annotation)
        if origin is Annotated:
            annotation, metadata = args[0], [*metadata, *args[1:]]
        elif origin in (Union, UnionType):
            inner = [a for a in args if a is not type(None)]
            if len(inner) != 1:
                return None
            annotation = inner[0]
        elif origin in (list, tuple, dict, Entries) and steps:
            steps.pop(0)  # an index or a key: every item has the same bounds
            annotation, metadata = args[-1] if origin is dict else args[0], []
        elif isinstance(annotation, type) and issubclass(annotation, BaseModel) and steps:
            field_info = annotation.model_fields.get(steps.pop(0))
            if field_info is None:
                return None
            annotation, metadata = field_info.annotation, list(field_info.metadata)
        elif not steps and annotation in (int, float, Decimal):
            # Field(...) inside Annotated[...] is a FieldInfo holding the constraints itself
            metadata = [c for m in metadata
                        for c in (m.metadata if isinstance(m, FieldInfo) else [m])]
            low = next((m.ge for m in metadata if getattr(m, "ge", None) is not None), None)
            high = next((m.le for m in metadata if getattr(m, "le", None) is not None), None)
            return low, high
        else:
            return None


def _source(path: YamlPath, taken: dict[YamlPath, tuple[Located, YamlPath]]
            ) -> tuple[Located, YamlPath] | None:
    for end in range(len(path), 0, -1):  # the deepest place a value was last set
        hit = taken.get(tuple(path[:end]))
        if hit is not None:
            located, src = hit
            return located, (*src, *path[end:])
    return None
