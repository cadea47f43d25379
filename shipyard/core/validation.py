"""Pydantic validation with every error reported as `FILE:LINE: message`.

Pydantic's messages say what would be right ("Input should be greater than 0"); we add where
(the line and column, from the YAML marks), what the file said, and, for an unknown key, the
nearest known key of the model that refused it.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from shipyard.core.suggest import quoted, suggest
from shipyard.core.yamlio import Located, YamlPath
from shipyard.errors import Diagnostic, Exit, JsonValue, UserError, json_value

M = TypeVar("M", bound=BaseModel)


def validate(model: type[M], located: Located, *, context: Any = None,
             code_prefix: str = "schema") -> M:
    try:
        return model.model_validate(located.data, context=context)
    except ValidationError as exc:
        raise UserError(diagnostics_of(exc, model, located, code_prefix), Exit.INPUT) from None


class At(ValueError):
    """A validator's error about a value elsewhere in the data than the field it validates
    (a catalog-wide check of one entry's special rule): `path` is that value's path in the
    data, so the error is told at its line, in the file that gave it."""

    def __init__(self, path: YamlPath, message: str,
                 also: tuple[tuple[YamlPath, str], ...] = ()) -> None:
        super().__init__(message)
        self.path = path
        # the same mistake seen from another value (two rows that give one roll): told there
        # too, since either may be the one the user changed (the other a built-in's)
        self.also = also


def each_roll_once(table: YamlPath, rows: list[tuple[str, int, int] | None], low: int,
                   high: int, dice: str) -> None:
    """A table a fight rolls on: each row is (its name, its lowest and highest roll), or None
    for a row reached otherwise, and every roll of `dice` from `low` to `high` must be in exactly
    one row. A row out of the dice's range, a roll two rows give or a roll no row gives is an At
    error, told at the row's line (in the overlay that gave it) or, for a missing roll, at the
    table's. `table` is the table's path in the catalog."""
    name_of = dotted(table)
    given: dict[int, tuple[int, str]] = {}
    for i, row in enumerate(rows):
        if row is None:
            continue
        name, first, last = row
        shown = str(first) if first == last else f"{first}-{last}"
        if not low <= first <= last <= high:
            raise At((*table, i), f"{name_of}: {name}: {shown} is not a roll of {dice}; give "
                     f"rolls from {low} to {high}")
        for roll in range(first, last + 1):
            if roll in given:
                j, other = given[roll]
                raise At((*table, i), f"{name_of}: {name}: the roll {roll} is {other}'s too; "
                         "give each roll to one row", also=(((*table, j), (
                             f"{name_of}: {other}: the roll {roll} is {name}'s too; give "
                             "each roll to one row")),))
            given[roll] = i, name
    missing = [roll for roll in range(low, high + 1) if roll not in given]
    if missing:
        raise At(table, f"{name_of}: no row for a roll of {', '.join(map(str, missing))} on "
                 f"{dice}; every roll from {low} to {high} needs a row")


# where a path of the validated data was written: the file's own Located and its path there
# (a merged catalog maps each entry back to the overlay file that gave it)
Source = Callable[[YamlPath], tuple[Located, YamlPath]]


def diagnostics_of(exc: ValidationError, model: type[BaseModel], located: Located,
                   code_prefix: str = "schema", source: Source | None = None
                   ) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        at = err.get("ctx", {}).get("error")
        data_path = at.path if isinstance(at, At) else _data_path(model, loc)
        origin, shown = source(data_path) if source is not None else (located, data_path)
        message = str(at) if isinstance(at, At) else _message(err, model, loc, shown)
        code = f"{code_prefix}.{_CODES.get(err['type'], 'invalid')}"
        line, column = origin.position_of(shown)
        out.append(Diagnostic(code, message, "error", line, origin.file, column,
                              _offending(err, loc)))
        for path, words in at.also if isinstance(at, At) else ():
            origin, shown = source(path) if source is not None else (located, path)
            line, column = origin.position_of(shown)
            out.append(Diagnostic(code, words, "error", line, origin.file, column))
    # by line; on one line a misspelt key reads better before the key it leaves missing
    return sorted(out, key=lambda d: (d.line or 0, d.code.endswith("missing_key")))


_CODES = {
    "extra_forbidden": "unknown_key",
    "missing": "missing_key",
    "union_tag_invalid": "unknown_type",
    "union_tag_not_found": "missing_key",
    "literal_error": "unknown_option",
    "greater_than": "out_of_range",
    "greater_than_equal": "out_of_range",
    "less_than": "out_of_range",
    "less_than_equal": "out_of_range",
    "too_long": "too_long",
}


def _offending(err: Any, loc: tuple[Any, ...]) -> JsonValue:
    """What the file said that was refused: an unknown key's name, a wrong value as written,
    nothing for a key that is missing."""
    kind = err["type"]
    if kind == "extra_forbidden":
        return str(loc[-1])
    if kind in ("missing", "union_tag_not_found"):
        return None
    if kind == "union_tag_invalid":
        return json_value(err.get("ctx", {}).get("tag", err.get("input")))
    return json_value(err.get("input"))


def _message(err: Any, model: type[BaseModel], loc: tuple[Any, ...],
             data_path: YamlPath) -> str:
    """The message, naming the value by `data_path` (its path in the file it came from)."""
    kind = err["type"]
    where = dotted(data_path)
    if kind == "extra_forbidden":
        key = str(loc[-1])
        known = _known_keys(model, loc[:-1])
        return (f"unknown key {quoted(key)} in {dotted(data_path[:-1]) or 'the file'}; "
                f"{suggest(key, known)}")
    if kind == "missing":
        return f"missing key '{loc[-1]}'" + (f" in {dotted(data_path[:-1])}"
                                             if data_path[:-1] else "")
    if kind == "union_tag_invalid":
        ctx = err.get("ctx", {})
        tag = ctx.get("tag", err.get("input"))
        return (f"{where}: unknown {ctx.get('discriminator', 'type').strip(chr(39))} "
                f"{quoted(tag)}; known: {ctx.get('expected_tags', '')}")
    msg = err["msg"]
    if kind.startswith(("value_error", "assertion_error")):
        msg = msg.removeprefix("Value error, ").removeprefix("Assertion failed, ")
        return f"{where}: {msg}" if where else msg
    if kind == "too_long":
        return f"{where}: {msg[0].lower()}{msg[1:]}"
    shown = _shown(err.get("input"))
    return f"{where}: {msg[0].lower()}{msg[1:]} (got {shown})" if where else msg


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def dotted(path: YamlPath) -> str:
    """A path as a message names it: `stock[0].weapons[2].rules`."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _data_path(model: type[BaseModel], loc: tuple[Any, ...]) -> YamlPath:
    """Pydantic's loc names union members and tags; the file's path does not."""
    path: list[str | int] = []
    annotation: Any = model
    for part in loc:
        annotation, kept = _step(annotation, part)
        if kept:
            path.append(part)
    return tuple(path)


def _step(annotation: Any, part: Any) -> tuple[Any, bool]:
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        field = annotation.model_fields.get(part) if isinstance(part, str) else None
        return (field.annotation if field else None), True
    origin = typing.get_origin(annotation)
    if origin in (list, tuple, set, frozenset) and isinstance(part, int):
        args = typing.get_args(annotation)
        return (args[0] if args else None), True
    if isinstance(origin, type) and isinstance(part, int) and typing.get_args(annotation):
        return typing.get_args(annotation)[0], True  # a generic table of entries (Entries[E])
    if origin is dict:
        args = typing.get_args(annotation)
        return (args[1] if len(args) == 2 else None), True
    if origin in (typing.Union, types.UnionType):
        for member in typing.get_args(annotation):
            member = _unwrap(member)
            if isinstance(member, type) and issubclass(member, BaseModel):
                tag = _tag_of(member)
                if part in (tag, member.__name__):
                    return member, False
        return None, not isinstance(part, str) or part not in ("function-after", "lax-or-strict")
    return None, True


def _tag_of(model: type[BaseModel]) -> str | None:
    field = model.model_fields.get("type")
    if field is None:
        return None
    args = typing.get_args(field.annotation)
    return str(args[0]) if args else None


def _unwrap(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    return annotation


def _known_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    annotation: Any = model
    for part in loc:
        annotation, _ = _step(annotation, part)
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [f.alias or name for name, f in annotation.model_fields.items()]
    return []
