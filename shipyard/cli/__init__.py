"""The `shipyard` command line."""

from __future__ import annotations

import contextlib
import gc
import os
import sys

# Start-up builds tens of thousands of objects that live as long as the process (Pydantic's
# model classes, a catalog's entries); the default thresholds have the collector scan them over
# and over, a tenth of a `validate`. Collections still run, a hundred times less often.
gc.set_threshold(100_000, 50, 100)

# the imports below come after, so that what they build is counted under the new thresholds
from shipyard.cli import battle, bundled, design, fight, game, matrix, printing  # noqa: E402, F401 - each registers commands
from shipyard.cli.app import app, only, report  # noqa: E402
from shipyard.cli.completion import completing, skip_coercion_while_completing  # noqa: E402
from shipyard.errors import Exit, UserError  # noqa: E402


def main() -> None:
    only([] if completing() else sys.argv[1:])  # a TAB may complete any command's name
    if completing():
        # what typer.completion does on import of its options, which ours replace: without it
        # only bash is answered ("Shell zsh not supported")
        from typer._completion_classes import completion_init

        completion_init()
        skip_coercion_while_completing()
    try:
        try:
            # one name however it is started (`python -m shipyard` too): the completion scripts
            # call back through _SHIPYARD_COMPLETE, and usage lines say what users type
            app(prog_name="shipyard")
        finally:  # what is still buffered fails here, not in the interpreter's last flush
            sys.stdout.flush()
    except UserError as err:  # raised outside a command (a global option)
        report(err.diagnostics)
        sys.exit(int(err.status))
    except OSError as exc:  # standard output that takes nothing more (`> /dev/full`)
        _stdout_failed(exc)


def _stdout_failed(exc: OSError) -> None:
    with contextlib.suppress(OSError):
        print(f"shipyard: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
    with contextlib.suppress(OSError, ValueError):  # nothing more to try at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(int(Exit.INPUT))
