"""Running the command line in-process, as a user would."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from shipyard.cli import app


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def shipyard(*args: str | Path, cwd: Path | None = None) -> Run:
    """The command line, in-process; `cwd` runs it from that folder (file names as given)."""
    before = Path.cwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner().invoke(app, [str(a) for a in args])
    finally:
        os.chdir(before)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.stdout, result.stderr)
