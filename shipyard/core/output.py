"""Writing outputs so that a failure never leaves a partial file or clobbers a good one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from shipyard.errors import UserError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, content: bytes | str) -> None:
    """Write to a temporary file beside `path`, then move it into place in one step."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    directory = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=directory)
    except OSError as exc:
        raise UserError.single("output.unwritable",
                               f"cannot write here: {exc.strerror}", str(path)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp's 0600 would keep the file from the group
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise UserError.single("output.unwritable",
                               f"cannot write: {exc.strerror}", str(path)) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
