"""A user's own code (a replaced pilot, captain or commander), named `FILE.py:NAME` or
`module:NAME`: the one loader every system uses, and the one way its failures are told.

Whatever the user's code does wrong (its import, its `__init__`, a method that raises or that
it lacks) is one line at the user's own FILE:LINE, exit 2: `blame` finds that line in the
traceback (the innermost frame in a file this module loaded) or, for a missing method, at the
class's own definition. The CLI runs a fight under `blame`, so it holds for every system
without each one writing its own handler.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import traceback
from pathlib import Path
from typing import Any

from shipyard.errors import UserError

# the user's files this process loaded (resolved path -> (the path as given, what it holds)),
# and the classes and functions taken from them
_FILES: dict[str, tuple[str, str]] = {}
_OBJECTS: dict[int, tuple[str, str, str, str]] = {}  # reference, what, shown, real file


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
    source = getattr(module, "__file__", None)
    shown = where if where.endswith(".py") else (source or where)
    if source:
        _FILES[os.path.realpath(source)] = (shown, what)
    found = getattr(module, name, None)
    if found is None or not callable(found):
        raise UserError.single("cli.pilot", f"no {what.lower()} named '{name}' here", where)
    _OBJECTS[id(found)] = (reference, what, shown, source or "")
    return found


def load_instance(reference: str | None, what: str) -> Any:
    """A user's pilot, captain or commander ready to ask: `load_object`'s class instantiated
    (an instance or function as it is), None where the side keeps the rules' default."""
    if reference is None:
        return None
    found = load_object(reference, what)
    if not isinstance(found, type):
        return found
    try:
        return found()
    except Exception as exc:  # the user's __init__
        raise blame(exc) or UserError.single(
            "cli.pilot", f"cannot make the {what.lower()}: {type(exc).__name__}: {exc}",
            reference.rpartition(":")[0]) from None


def blame(exc: BaseException) -> UserError | None:
    """One line at the user's FILE:LINE for an exception their pilot, captain or commander
    caused; None when no user code is to blame (then it is shipyard's own bug)."""
    if isinstance(exc, UserError):
        return exc
    if not isinstance(exc, Exception):
        return None
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if os.path.realpath(f.filename) in _FILES]
    if frames:
        shown, what = _FILES[os.path.realpath(frames[-1].filename)]
        return UserError.single("cli.pilot", f"the {what.lower()} failed: "
                                f"{type(exc).__name__}: {_cut(str(exc))}", shown,
                                frames[-1].lineno)
    owner = getattr(exc, "obj", None) if isinstance(exc, AttributeError) else None
    cls = owner if isinstance(owner, type) else type(owner)
    for candidate in (owner, cls):
        if id(candidate) in _OBJECTS:
            reference, what, shown, source = _OBJECTS[id(candidate)]
            missing = getattr(exc, "name", None)
            return UserError.single("cli.pilot", f"the {what.lower()} {reference} has no "
                                    f"method '{missing}'; give it one, or inherit the "
                                    f"default {what.lower()}'s", shown,
                                    _defined_at(source, reference.rpartition(":")[2]))
    return None


def _defined_at(source: str, name: str) -> int | None:
    """The line of `class NAME` (or `def NAME`) in the user's file."""
    import ast

    try:
        tree = ast.parse(Path(source).read_text(encoding="utf-8"))
    except (OSError, ValueError, SyntaxError):
        return None
    return next((node.lineno for node in tree.body if isinstance(
        node, ast.ClassDef | ast.FunctionDef) and node.name == name), None)


def _cut(text: str, most: int = 200) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."
