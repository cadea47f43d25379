"""Outputs are written whole or not at all, with ordinary permissions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from shipyard.core.output import write_atomic
from shipyard.errors import UserError


def test_writes_text_and_bytes(tmp_path: Path) -> None:
    write_atomic(tmp_path / "a.txt", "hello")
    write_atomic(tmp_path / "b.bin", b"\x00\x01")
    assert (tmp_path / "a.txt").read_text() == "hello"
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\x01"


def test_mode_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o644


def test_failure_leaves_the_existing_file_and_no_temporary(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "keep.pdf"
    target.write_bytes(b"good")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(UserError) as caught:
        write_atomic(target, b"new")
    assert "No space left" in caught.value.diagnostics[0].message
    assert target.read_bytes() == b"good"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.pdf"]


def test_unwritable_directory_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError) as caught:
        write_atomic(tmp_path / "missing" / "out.pdf", "x")
    assert caught.value.diagnostics[0].code == "output.unwritable"
