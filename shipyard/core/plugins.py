"""A user's own code (a replaced pilot or captain), named `FILE.py:NAME` or `module:NAME`."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Any

from shipyard.errors import UserError


def load_object(reference: str, what: str) -> Any:
    """The callable `NAME` from a file or module; any failure of the user's code is one line."""
    where, _, name = reference.rpartition(":")
    if not where or not name:
        raise UserError.single("cli.pilot", f"--pilot {reference}: give FILE.py:NAME or "
                               f"module:NAME (a {what} class)")
    try:
        if where.endswith(".py"):
            path = Path(where)
            if not path.is_file():
                raise UserError.single("cli.pilot", "no such file", where)
            spec = importlib.util.spec_from_file_location(f"_{what.lower()}_{path.stem}", path)
            if spec is None or spec.loader is None:  # pragma: no cover
                raise UserError.single("cli.pilot", "cannot load this file", where)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except UserError:
        raise
    except Exception as exc:  # the user's own code: report it in one line
        raise UserError.single("cli.pilot", f"cannot load the {what.lower()}: "
                               f"{type(exc).__name__}: {exc}", where) from None
    found = getattr(module, name, None)
    if found is None or not callable(found):
        raise UserError.single("cli.pilot", f"no {what.lower()} named '{name}' here", where)
    return found


def load_instance(reference: str | None, what: str) -> Any:
    """A user's pilot, captain or commander ready to ask: `load_object`'s class instantiated
    (an instance or function as it is), None where the side keeps the rules' default."""
    if reference is None:
        return None
    found = load_object(reference, what)
    return found() if isinstance(found, type) else found
