"""The `shipyard` command line."""

from __future__ import annotations

import sys

from shipyard.cli import design, fight, printing  # noqa: F401 - each registers its commands
from shipyard.cli.app import app, report
from shipyard.cli.completion import completing, skip_coercion_while_completing
from shipyard.errors import UserError


def main() -> None:
    if completing():
        skip_coercion_while_completing()
    try:
        # one name however it is started (`python -m shipyard` too): the completion scripts
        # call back through _SHIPYARD_COMPLETE, and usage lines say what users type
        app(prog_name="shipyard")
    except UserError as err:  # raised outside a command (a global option)
        report(err.diagnostics)
        sys.exit(int(err.status))
