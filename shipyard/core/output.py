"""Writing outputs so that a failure never leaves a partial file or clobbers a good one.

A regular file, reached through any symlinks, is replaced whole: a temporary file in its own
folder, given its mode, moved onto it in one step (the link stays a link). An existing path that
is not a regular file (a device such as /dev/null, a FIFO) is written to directly, never
replaced. A link that points nowhere is refused: which file was meant is not ours to guess.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from shipyard.errors import UserError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _unwritable(path: Path, why: str) -> UserError:
    return UserError.single("output.unwritable", why, str(path))


def write_atomic(path: Path, content: bytes | str) -> None:
    """Write `content` to `path` whole or not at all (see the module's note)."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        info: os.stat_result | None = os.stat(path)  # through any links
    except FileNotFoundError:
        if os.path.islink(path):
            raise _unwritable(path, f"is a link to {os.readlink(path)}, which does not exist; "
                              "remove the link or give another name") from None
        info = None
    except OSError as exc:
        raise _unwritable(path, f"cannot write here: {exc.strerror}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise _unwritable(path, "is a directory; give a file name")
    if info is not None and not stat.S_ISREG(info.st_mode):
        _write_through(path, data)
        return
    target = Path(os.path.realpath(path)) if info is not None else path
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    _replace(path, target, data, mode)


def _write_through(path: Path, data: bytes) -> None:
    """A device or FIFO: written to as it is (a failed write leaves no file to clean up)."""
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise _unwritable(path, f"cannot write: {exc.strerror}") from None


def _replace(path: Path, target: Path, data: bytes, mode: int) -> None:
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=directory)
    except OSError as exc:
        raise _unwritable(path, f"cannot write here: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, mode)  # mkstemp's 0600 would keep the file from the group
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _unwritable(path, f"cannot write: {exc.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
