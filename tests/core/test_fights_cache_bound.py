"""The compiled-fights cache keeps within its bound: every edit of a rule adds a folder that
nothing loads again, so the least recently written folders go first, never the one in use."""

from __future__ import annotations

import os
from pathlib import Path

from shipyard.core.paths import keep_folders_within


def _entry(cache: Path, name: str, size: int, written: int) -> Path:
    folder = cache / name
    (folder / "index").mkdir(parents=True)
    data = folder / "index" / "fights.nbc"
    data.write_bytes(b"x" * size)
    os.utime(data, ns=(written, written))
    return folder


def test_the_oldest_folders_go_until_the_rest_fit_and_the_one_in_use_stays(tmp_path: Path) -> None:
    oldest = _entry(tmp_path, "a", 400, 1_000)
    older = _entry(tmp_path, "b", 400, 2_000)
    newer = _entry(tmp_path, "c", 400, 3_000)
    in_use = _entry(tmp_path, "d", 400, 500)  # written first, but the one just loaded
    timing = tmp_path / "smallcraft.seconds"
    timing.write_text("25.0")
    keep_folders_within(tmp_path, 1_000, keep=in_use)
    assert not oldest.exists() and not older.exists()
    assert newer.exists() and in_use.exists() and timing.exists()


def test_a_cache_within_its_bound_is_left_as_it_is(tmp_path: Path) -> None:
    folders = [_entry(tmp_path, name, 100, n) for n, name in enumerate("abc", start=1)]
    keep_folders_within(tmp_path, 1_000, keep=folders[0])
    assert all(f.exists() for f in folders)
