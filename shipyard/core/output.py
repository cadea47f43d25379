"""Writing outputs so that a failure never leaves a partial file or clobbers a good one.

A regular file, reached through any symlinks, is replaced whole: a temporary file in its own
folder, given its mode, moved onto it in one step (the link stays a link). An existing path that
is not a regular file (a device such as /dev/null, a FIFO) is written to directly, never
replaced. A link that points nowhere is refused: which file was meant is not ours to guess.

Several files that belong together (`examples --copy`) are written all or none: every path is
looked at before anything is written, each file is written beside its target first, and only when
all are written are they moved into place.
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
    tmp = _stage(path, target, data, mode)
    try:
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _unwritable(path, f"cannot write: {exc.strerror}") from None


def _stage(path: Path, target: Path, data: bytes, mode: int) -> str:
    """`data` in a temporary file beside `target`, with its mode: the name of that file."""
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=directory)
    except OSError as exc:
        raise _unwritable(path, f"cannot write here: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, mode)  # mkstemp's 0600 would keep the file from the group
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _unwritable(path, f"cannot write: {exc.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def write_all(files: dict[Path, bytes]) -> None:
    """Write every file whole, or none of them (see the module's note): a path that cannot be
    written is named before anything is written, and a write that fails takes back the rest."""
    for path in files:
        _check_target(path)
    made: list[Path] = []  # folders this call created, removed again if it fails
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files.items():
            _make_folders(path.parent, made)
            try:
                info: os.stat_result | None = os.stat(path)
            except FileNotFoundError:
                info = None
            target = Path(os.path.realpath(path)) if info is not None else path
            mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
            staged.append((_stage(path, target, data, mode), target))
    except BaseException:
        for tmp, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    for tmp, target in staged:  # a rename in one folder: nothing left to fail but the disk
        os.replace(tmp, target)


def _check_target(path: Path) -> None:
    """Refuse, naming it, a path whose file or folders are in the way of writing it."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise _unwritable(path, f"is a link to {os.readlink(path)}, which does not exist; "
                              "remove the link or write elsewhere") from None
        info = None
    except NotADirectoryError:
        info = None  # a file where a folder should be: found below, by name
    except OSError as exc:
        raise _unwritable(path, f"cannot write here: {exc.strerror}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise _unwritable(path, "is a folder where this file goes; move it away or write "
                              "elsewhere")
        if not stat.S_ISREG(info.st_mode):
            raise _unwritable(path, "is not a regular file (a device or FIFO?); move it away or "
                              "write elsewhere")
        return
    folder = path.parent
    while True:  # the nearest folder that exists must be a folder we may write in
        try:
            found = os.stat(folder)
        except (FileNotFoundError, NotADirectoryError):
            if folder == folder.parent:
                break
            folder = folder.parent
            continue
        except OSError as exc:
            raise _unwritable(folder, f"cannot write here: {exc.strerror}") from None
        if not stat.S_ISDIR(found.st_mode):
            raise _unwritable(folder, "is a file, not a folder; give a folder, or a name that "
                              "does not exist yet")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise _unwritable(folder, "cannot write here: Permission denied")
        break


def _make_folders(folder: Path, made: list[Path]) -> None:
    missing = []
    while not folder.is_dir():
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):
        try:
            each.mkdir()
        except FileExistsError:
            continue  # made meanwhile by another: used as it is
        except OSError as exc:
            raise _unwritable(each, f"cannot make this folder: {exc.strerror}") from None
        made.append(each)
