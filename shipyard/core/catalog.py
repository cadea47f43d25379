"""Catalogs: a system's YAML data files, layered, then validated by the system's catalog model.

Every `*.yaml` directly in `catalogs/<id>/` is one layer; a group's `--catalog DIR` adds the files
of `DIR/<id>/` on top. Layers merge at entry granularity: a top-level list of entries with `id`s
merges by id (an overlay entry replaces the built-in one whole, or adds a new one); a top-level
mapping merges key by key; anything else is replaced. Every merged entry remembers the file and
line it came from, so a wrong catalog is reported where the mistake is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeGuard, TypeVar

from pydantic import BaseModel, ValidationError

from shipyard.core.validation import diagnostics_of
from shipyard.core.yamlio import Located, YamlPath, load_file
from shipyard.errors import Diagnostic, Exit, UserError

M = TypeVar("M", bound=BaseModel)


def catalog_files(system_dir: Path, overlays: list[Path], system_id: str) -> list[Path]:
    files = sorted(system_dir.glob("*.yaml"))
    for overlay in overlays:
        files += sorted((overlay / system_id).glob("*.yaml"))
    return files


def load_catalog(model: type[M], files: list[Path]) -> M:
    merged: dict[str, Any] = {}
    taken: dict[YamlPath, tuple[Located, YamlPath]] = {}  # merged path -> (source, its path)
    for path in files:
        located = load_file(path)
        if located.data is None:
            continue
        if not isinstance(located.data, dict):
            raise UserError.single("catalog.invalid", "a catalog file is a mapping of "
                                   "sections (hulls:, components:, ...)", located.file, 1)
        _merge_layer(merged, taken, located)
    try:
        return model.model_validate(merged)
    except ValidationError as exc:
        raise UserError(_located_errors(exc, model, merged, taken), Exit.INPUT) from None


def _merge_layer(merged: dict[str, Any], taken: dict[YamlPath, tuple[Located, YamlPath]],
                 located: Located) -> None:
    for key, value in located.data.items():
        base = merged.get(key)
        if _is_entry_list(value) and _is_entry_list(base):
            index = {entry["id"]: i for i, entry in enumerate(base)}
            for j, entry in enumerate(value):
                i = index.get(entry["id"])
                if i is None:
                    i = len(base)
                    base.append(entry)
                else:
                    base[i] = entry
                taken[(key, i)] = (located, (key, j))
        elif isinstance(value, dict) and isinstance(base, dict):
            for sub, sub_value in value.items():
                base[sub] = sub_value
                taken[(key, sub)] = (located, (key, sub))
        else:
            merged[key] = value
            for path in [p for p in taken if p[:1] == (key,)]:
                del taken[path]
            taken[(key,)] = (located, (key,))


def _is_entry_list(value: Any) -> TypeGuard[list[dict[str, Any]]]:
    return isinstance(value, list) and all(isinstance(e, dict) and "id" in e for e in value)


def _located_errors(exc: ValidationError, model: type[BaseModel], merged: dict[str, Any],
                    taken: dict[YamlPath, tuple[Located, YamlPath]]) -> list[Diagnostic]:
    # diagnostics_of words them against the merged data; each moves to its source file and line
    diagnostics = diagnostics_of(exc, model, Located(merged, "catalog"), "catalog")
    out = []
    for diag, err in zip(diagnostics, exc.errors(include_url=False), strict=True):
        file, line = _origin(tuple(err["loc"]), taken)
        out.append(Diagnostic(diag.code, diag.message, "error", line, file))
    return out


def _origin(loc: tuple[Any, ...], taken: dict[YamlPath, tuple[Located, YamlPath]]
            ) -> tuple[str, int | None]:
    for end in (2, 1):
        hit = taken.get(tuple(loc[:end]))
        if hit is not None:
            located, src = hit
            rest = tuple(p for p in loc[end:] if isinstance(p, str | int))
            return located.file, located.line_of((*src, *rest))
    return "catalog", None
