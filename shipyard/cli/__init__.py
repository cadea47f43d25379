"""The `shipyard` command line."""

from __future__ import annotations

import sys

from shipyard.cli import design, fight, printing  # noqa: F401 - each registers its commands
from shipyard.cli.app import app, report
from shipyard.errors import UserError


def main() -> None:
    try:
        app()
    except UserError as err:  # raised outside a command (a global option)
        report(err.diagnostics)
        sys.exit(int(err.status))
