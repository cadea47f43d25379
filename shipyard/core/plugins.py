"""A user's own code (a replaced pilot, captain or commander), named `FILE.py:NAME` or
`module:NAME`: the one loader every system uses, and the one way its failures are told.

Whatever the user's code does wrong (its import, its `__init__`, a method that raises, exits or
that it lacks, an answer of the wrong type) is one line at the user's own FILE:LINE, exit 2:
`blame` finds that line in the traceback (the innermost frame in a file this module loaded) or,
for a missing method, at the class's own definition. The CLI runs a fight under `blame`, so it
holds for every system without each one writing its own handler.

`consult` is the one adapter every system calls a user's pilot, captain or commander through: it
calls the method, turns whatever it raises (an exception, `sys.exit`, any BaseException but a
KeyboardInterrupt, which still ends the run as an interrupt) into that one line, and checks the
answer against the type the method declares (`answers(DefaultClass, "fire")` reads it from the
default's annotations) before the system reads it. What an answer of the right type asks that the
rules cannot do (a beam that does not bear) the system says with `refuse`, at the same place and
with the same code.
"""

from __future__ import annotations

import importlib
import importlib.util
import numbers
import os
import traceback
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from shipyard.errors import UserError

CODE = "cli.pilot"  # every mistake of a user's pilot, captain or commander

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
            # known before it runs: what its import raises is told at its own line
            _FILES[os.path.realpath(path)] = (where, what)
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except UserError:
        raise
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the user's own code (an exit too): report it in one line
        raise blame(exc) or UserError.single(CODE, f"cannot load the {what.lower()}: "
                                             f"{_what_happened(exc)}", where) from None
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
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the user's __init__ (an exit too)
        raise blame(exc) or UserError.single(
            CODE, f"cannot make the {what.lower()}: {_what_happened(exc)}",
            reference.rpartition(":")[0]) from None


def blame(exc: BaseException) -> UserError | None:
    """One line at the user's FILE:LINE for an exception their pilot, captain or commander
    caused; None when no user code is to blame (then it is shipyard's own bug)."""
    if isinstance(exc, UserError):
        return exc
    if isinstance(exc, KeyboardInterrupt):
        return None  # the person at the keyboard, not their code: the run ends as asked
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if os.path.realpath(f.filename) in _FILES]
    if frames:
        shown, what = _FILES[os.path.realpath(frames[-1].filename)]
        return UserError.single(CODE, f"the {what.lower()} failed: {_what_happened(exc)}",
                                shown, frames[-1].lineno)
    if not isinstance(exc, Exception):
        return None
    owner = getattr(exc, "obj", None) if isinstance(exc, AttributeError) else None
    cls = owner if isinstance(owner, type) else type(owner)
    for candidate in (owner, cls):
        if id(candidate) in _OBJECTS:
            reference, what, shown, source = _OBJECTS[id(candidate)]
            missing = getattr(exc, "name", None)
            return UserError.single(CODE, f"the {what.lower()} {reference} has no "
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


# --- asking a user's method ---------------------------------------------------------------


def answers(default: type, name: str) -> Any:
    """The type `default.name` declares it returns: what a user's own method must answer."""
    return typing.get_type_hints(getattr(default, name))["return"]


def consult(method: Callable[..., Any], *args: Any, answer: Any, who: str,
            choices: str = "") -> Any:
    """`method(*args)`, a user's own, with its answer checked against the type `answer`
    (`dict[int, int]`, `str | None`, `Literal["half", "full"]`...). `who` says who was asked
    and when ("the pilot of Starfury, dturn 3"); `choices`, what the rules can use now, for a
    wrong answer's line. Whatever goes wrong is one line at the user's FILE:LINE (see the
    module's note); a KeyboardInterrupt ends the run."""
    try:
        given = method(*args)
    except (KeyboardInterrupt, UserError):
        raise
    except BaseException as exc:  # the user's own code: an exception, an exit, anything
        raise _failed(method, exc, who) from None
    if not _fits(given, answer):
        raise refuse(method, who, f"{_name(method)}() answered {_shown(given)}; it answers "
                     f"{describe(answer)}" + (f" ({choices})" if choices else ""))
    return given


def refuse(method: Any, who: str, message: str) -> UserError:
    """An answer the rules cannot carry out: one line at the user's method that gave it."""
    file, line = _method_at(method)
    return UserError.single(CODE, f"{who}: {message}", file, line)


def _failed(method: Any, exc: BaseException, who: str) -> UserError:
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if os.path.realpath(f.filename) in _FILES]
    if frames:
        file: str | None = _FILES[os.path.realpath(frames[-1].filename)][0]
        line: int | None = frames[-1].lineno
    else:
        file, line = _method_at(method)
    return UserError.single(CODE, f"{who}: {_name(method)}() {_what_happened(exc)}", file, line)


def _what_happened(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"called exit({_shown(exc.code)}); return an answer instead"
    return f"raised {type(exc).__name__}: {_cut(_text(exc))}"


def _method_at(method: Any) -> tuple[str | None, int | None]:
    """The user's file (as they named it) and the line of `def` of their method."""
    function = getattr(method, "__func__", method)
    code = getattr(function, "__code__", None)
    if code is None:
        return None, None
    shown = _FILES.get(os.path.realpath(code.co_filename), (code.co_filename, ""))[0]
    return shown, code.co_firstlineno


def _name(method: Any) -> str:
    return str(getattr(method, "__name__", "the method"))


def _text(value: BaseException) -> str:
    try:
        return str(value)
    except Exception:  # the user's own __str__
        return "(its message cannot be shown)"


def _shown(value: Any) -> str:
    try:
        return _cut(repr(value), 60)
    except Exception:  # the user's own __repr__
        return f"a {type(value).__name__}"


def _fits(value: Any, hint: Any) -> bool:
    """Whether `value` is of the type `hint`; False for anything that will not say (a user's
    object whose __eq__ or __iter__ raises)."""
    try:
        return _is(value, hint)
    except Exception:
        return False


def _is(value: Any, hint: Any) -> bool:
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_is(value, a) for a in args)
    if origin is typing.Literal:
        return any(type(value) is type(a) and value == a for a in args)
    if hint is bool:
        return isinstance(value, bool) or type(value).__name__ == "bool_"  # NumPy's too
    if hint is int:  # a NumPy integer too, never True or False
        return isinstance(value, numbers.Integral) and not _is(value, bool)
    if hint is float:
        return isinstance(value, numbers.Real) and not _is(value, bool)
    if origin is tuple:
        if not isinstance(value, tuple | list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_is(v, args[0]) for v in value)
        return len(value) == len(args) and all(_is(v, a) for v, a in zip(value, args,
                                                                          strict=True))
    if origin in (list, Sequence):
        return isinstance(value, list | tuple) and all(_is(v, args[0]) for v in value)
    if origin in (dict, Mapping):
        return isinstance(value, dict) and all(
            _is(k, args[0]) and _is(v, args[1]) for k, v in value.items())
    return isinstance(hint, type) and isinstance(value, hint)


def describe(hint: Any) -> str:
    """A type in words, for the line that says what a method answers."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is None or hint is type(None):
        return "None"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(describe(a) for a in args)
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple, each item {describe(args[0])}"
        return f"a tuple of {len(args)} (" + "; ".join(describe(a) for a in args) + ")"
    if origin in (list, Sequence):
        return f"a list, each item {describe(args[0])}"
    if origin in (dict, Mapping):
        return f"a dict, each key {describe(args[0])} and each value {describe(args[1])}"
    words = {int: "a whole number", float: "a number", bool: "True or False", str: "a text",
             Any: "anything"}
    return words.get(hint, f"a {getattr(hint, '__name__', str(hint))}")

