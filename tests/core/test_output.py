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


# --- what -o may name: a temporary FIFO and folder, never real /dev nodes ----------------------


def test_a_link_to_a_file_replaces_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.pdf"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    write_atomic(link, b"new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # its mode kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.pdf", "real.pdf"]


def test_a_fifo_is_written_to_not_replaced(tmp_path: Path) -> None:
    import threading

    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    write_atomic(fifo, b"through")
    reader.join(10)
    assert got == [b"through"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_failing_write_to_a_non_file_is_one_line(tmp_path: Path, monkeypatch) -> None:
    import builtins
    import io

    fifo = tmp_path / "full"
    os.mkfifo(fifo)
    real_open = builtins.open

    class Full(io.RawIOBase):  # what /dev/full does to a write
        def writable(self) -> bool:
            return True

        def write(self, data: object) -> int:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(builtins, "open", lambda p, *a, **k: Full() if Path(p) == fifo
                        else real_open(p, *a, **k))
    with pytest.raises(UserError) as caught:
        write_atomic(fifo, b"x")
    assert caught.value.diagnostics[0].render() == (f"{fifo}:1: cannot write: No space left "
                                                    "on device")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # never replaced by a file


def test_a_dangling_link_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "gone.pdf"
    link.symlink_to(tmp_path / "nowhere" / "x.pdf")
    with pytest.raises(UserError) as caught:
        write_atomic(link, b"x")
    assert caught.value.diagnostics[0].message.startswith("is a link to ")
    assert link.is_symlink() and not link.exists()


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UserError) as caught:
        write_atomic(tmp_path, b"x")
    assert caught.value.diagnostics[0].message == "is a directory; give a file name"
