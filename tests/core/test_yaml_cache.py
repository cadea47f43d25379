"""Parsed catalog files are cached, and a cached parse never outlives an edit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shipyard.core.yamlio import load_catalog_file


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SHIPYARD_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "yaml"


def test_a_catalog_file_is_parsed_once_and_then_read_from_the_cache(
        tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "hulls.yaml"
    path.write_text("hulls:\n  - {id: skiff, hull: 4}\n", encoding="utf-8")
    first = load_catalog_file(path)
    assert [p.name for p in cache.iterdir()] and first.line_of(("hulls", 0)) == 2
    (entry,) = cache.iterdir()
    again = load_catalog_file(path)
    assert again == first and again is not first
    entry.write_bytes(b"not a pickle")  # a damaged entry costs a parse, not an error
    assert load_catalog_file(path) == first


def test_an_edit_is_seen_even_at_the_same_size_and_time(tmp_path: Path, cache: Path) -> None:
    """An edit within the clock's tick keeps both the size and the modification time."""
    path = tmp_path / "hulls.yaml"
    path.write_text("hulls:\n  - {id: skiff, hull: 4}\n", encoding="utf-8")
    load_catalog_file(path)
    stat = path.stat()
    path.write_text("hulls:\n  - {id: skiff, hull: 5}\n", encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert load_catalog_file(path).data == {"hulls": [{"id": "skiff", "hull": 5}]}


def test_a_cache_that_cannot_be_written_only_costs_the_parse(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("SHIPYARD_CACHE", str(blocker))  # a file where a folder should be
    path = tmp_path / "hulls.yaml"
    path.write_text("hulls: []\n", encoding="utf-8")
    assert load_catalog_file(path).data == {"hulls": []}


@pytest.mark.parametrize("damage", [b"not a pickle", b"",
                                    # unpickles into a module that is no longer there
                                    b"\x80\x04\x95\x15\x00\x00\x00\x00\x00\x00\x00\x8c\x0bgone_"
                                    b"module\x94\x8c\x01X\x94\x93\x94.",
                                    b"\x80\x04K\x01)R."])  # a TypeError: 1 is not callable
def test_a_damaged_entry_is_dropped_rebuilt_and_said_once(
        tmp_path: Path, cache: Path, damage: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    from shipyard.core import paths

    paths._noted.clear()
    path = tmp_path / "hulls.yaml"
    path.write_text("hulls:\n  - {id: skiff, hull: 4}\n", encoding="utf-8")
    first = load_catalog_file(path)
    (entry,) = cache.iterdir()
    entry.write_bytes(damage)
    assert load_catalog_file(path) == first
    assert load_catalog_file(path) == first
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "could not be read" in said[0] and "parsing the catalog again" in \
        said[0]
    assert entry.read_bytes() != damage  # rebuilt
