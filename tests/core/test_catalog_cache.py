"""Validated catalogs are cached, and a cached catalog never outlives an edit to its files or to
the code that validates them; a damaged entry costs a validation, and a catalog with errors is
never cached."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from shipyard.core import catalog as catalogs
from shipyard.core.catalog import load_catalog, origin
from shipyard.errors import UserError


class Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    cost: int


class Book(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    start: int = 1
    parts: list[Part]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SHIPYARD_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "catalogs"


def _book(tmp_path: Path, text: str = "start: 3\nparts:\n  - {id: hull, cost: 4}\n") -> Path:
    (tmp_path / "book").mkdir(exist_ok=True)
    path = tmp_path / "book" / "parts.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _bump(path: Path) -> None:
    """A later modification time, as an edit a moment later has."""
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))


def test_a_catalog_is_validated_once_and_then_read_from_the_cache(
        tmp_path: Path, cache: Path) -> None:
    path = _book(tmp_path)
    first = load_catalog(Book, [path])
    (entry,) = cache.iterdir()
    again = load_catalog(Book, [path])
    assert again == first and again is not first
    # where a value came from is told the same for a catalog read from the cache
    assert origin(again, ("start",)) == origin(first, ("start",)) == (str(path), 1)
    assert origin(again, ("parts", 0, "cost")) == (str(path), 3)
    assert [p.name for p in cache.iterdir()] == [entry.name]


def test_an_edit_is_seen_even_at_the_same_size_and_time(tmp_path: Path, cache: Path) -> None:
    """An edit within the clock's tick keeps both the size and the modification time."""
    path = _book(tmp_path)
    load_catalog(Book, [path])
    stat = path.stat()
    path.write_text("start: 3\nparts:\n  - {id: hull, cost: 5}\n", encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert load_catalog(Book, [path]).parts[0].cost == 5


def test_an_edit_to_the_code_that_validates_it_is_seen(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "rules_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    model = package / "model.py"
    code = ("from pydantic import BaseModel, field_validator\n"
            "class Book(BaseModel):\n    start: int\n"
            "    @field_validator('start')\n    @classmethod\n"
            "    def scaled(cls, v: int) -> int:\n        return v * {factor}\n")
    model.write_text(code.format(factor=1), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = _book(tmp_path, "start: 3\n")
    assert load_catalog(importlib.import_module("rules_pkg.model").Book, [path]).start == 3
    model.write_text(code.format(factor=10), encoding="utf-8")
    _bump(model)
    for name in ("rules_pkg.model", "rules_pkg"):
        del sys.modules[name]
    importlib.invalidate_caches()
    assert load_catalog(importlib.import_module("rules_pkg.model").Book, [path]).start == 30
    assert len(list(cache.iterdir())) == 2


def test_a_catalog_with_errors_is_never_cached(tmp_path: Path, cache: Path) -> None:
    path = _book(tmp_path, "parts:\n  - {id: hull, cost: lots}\n")
    for _ in range(2):
        with pytest.raises(UserError) as caught:
            load_catalog(Book, [path])
        (diag,) = caught.value.diagnostics
        assert (diag.file, diag.line) == (str(path), 2)
    assert not cache.exists() or not list(cache.iterdir())


@pytest.mark.parametrize("damage", [b"not a pickle", b"",
                                    # unpickles into a module that is no longer there
                                    b"\x80\x04\x95\x15\x00\x00\x00\x00\x00\x00\x00\x8c\x0bgone_"
                                    b"module\x94\x8c\x01X\x94\x93\x94.",
                                    b"\x80\x04K\x01."])  # a pickle of 1, not of a catalog
def test_a_damaged_entry_is_dropped_rebuilt_and_said_once(
        tmp_path: Path, cache: Path, damage: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    from shipyard.core import paths

    paths._noted.clear()
    path = _book(tmp_path)
    first = load_catalog(Book, [path])
    (entry,) = cache.iterdir()
    entry.write_bytes(damage)
    assert load_catalog(Book, [path]) == first
    assert load_catalog(Book, [path]) == first
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "could not be read" in said[0] and "validating the catalog " \
        "again" in said[0]
    assert entry.read_bytes() != damage  # rebuilt


def test_a_cache_that_cannot_be_written_only_costs_the_validation(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("SHIPYARD_CACHE", str(blocker))  # a file where a folder should be
    path = _book(tmp_path)
    assert load_catalog(Book, [path]).start == 3


def test_a_model_defined_in_a_function_is_not_cached(tmp_path: Path, cache: Path) -> None:
    class Local(BaseModel):  # two of these may share a name and differ: nothing tells them
        start: int

    path = _book(tmp_path, "start: 3\n")
    assert load_catalog(Local, [path]).start == 3
    assert catalogs._cache_key(Local, [path]) is None
    assert not cache.exists()


def test_the_cache_keeps_within_its_bound_by_dropping_the_oldest_entries(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every edit of a catalog adds an entry that is never read again: the folder drops its
    oldest entries past its bound (the catalogs' and the parsed files' alike)."""
    from shipyard.core import paths

    path = _book(tmp_path)
    load_catalog(Book, [path])
    (first,) = cache.iterdir()
    monkeypatch.setattr(paths, "MAX_CACHE_BYTES", first.stat().st_size * 2)
    names = [first.name]
    for cost in (5, 6):  # two edits, each a new entry, each written later than the last
        stat = first.stat()
        for entry in cache.iterdir():
            os.utime(entry, ns=(stat.st_atime_ns, entry.stat().st_mtime_ns - 1_000_000_000))
        path.write_text(f"start: 3\nparts:\n  - {{id: hull, cost: {cost}}}\n", encoding="utf-8")
        load_catalog(Book, [path])
        names += [p.name for p in cache.iterdir() if p.name not in names]
    assert len(names) == 3
    assert sorted(p.name for p in cache.iterdir()) == sorted(names[1:])  # the oldest dropped
    parsed = cache.parent / "yaml"
    assert sum(p.stat().st_size for p in parsed.iterdir()) <= paths.MAX_CACHE_BYTES
    assert load_catalog(Book, [path]).parts[0].cost == 6
