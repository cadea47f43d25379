"""YAML with positions.

PyYAML's C loader composes a node tree whose marks carry line and column numbers; we build plain
Python data from it ourselves, recording the position of every key and item by its path. That
keeps loading at C speed (a round-trip loader is ~40x slower) and lets every later error,
Pydantic's included, point at a line. Walking the tree ourselves is also where duplicate keys,
alias bombs and runaway nesting are refused, before any work grows with them.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from shipyard.core.paths import cache_root, keep_within, note_once
from shipyard.errors import Diagnostic, JsonValue, UserError, json_value

YamlPath = tuple[str | int, ...]

MAX_BYTES = 1_000_000  # a design is a page of text; a megabyte is already absurd
MAX_NODES = 50_000  # stops alias bombs ("billion laughs") long before they cost anything
MAX_DEPTH = 40

try:  # the C loader is what makes this fast; fall back only where libyaml is missing
    _Loader: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment]
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


_SELF = Path(__file__)  # an edit to how files are parsed makes every cached parse stale
_YAML_TAG = "tag:yaml.org,2002:"
_MAP, _SEQ, _NULL, _MERGE = (_YAML_TAG + t for t in ("map", "seq", "null", "merge"))
_NULL_WORDS = ("", "~", "null", "Null", "NULL")  # what YAML 1.1 reads as null
# The single values a design may hold, each tag with what it reads and what would be right.
# !!binary is left out: bytes have no place in a design, and Pydantic would take them as text.
_SCALARS: dict[str, tuple[str, str]] = {
    _YAML_TAG + "str": ("text", "write plain text"),
    _NULL: ("null", "write ~ or nothing for no value, or drop the tag"),
    _YAML_TAG + "bool": ("true or false", "write true or false"),
    _YAML_TAG + "int": ("a whole number", "write a whole number of at most 4,300 digits, "
                        "such as 12"),
    _YAML_TAG + "float": ("a number", "write a number such as 1.5"),
    _YAML_TAG + "timestamp": ("a date", "write a real date as YYYY-MM-DD, or quote the value "
                              "to keep it as text"),
}


@dataclass
class Located:
    """Plain data from one YAML file, with the line and column of every path in it.

    Both are 1-based, as editors count. A key's position is the key's; an item's is the item's.
    """

    data: Any
    file: str
    lines: dict[YamlPath, int] = field(default_factory=dict)
    columns: dict[YamlPath, int] = field(default_factory=dict)

    def line_of(self, path: YamlPath) -> int | None:
        """The line of `path`, or of its nearest ancestor that has one."""
        return self.position_of(path)[0]

    def position_of(self, path: YamlPath) -> tuple[int | None, int | None]:
        """The line and column of `path`, or of its nearest ancestor that has a line (both from
        the same place, so the column never belongs to another line)."""
        for end in range(len(path), -1, -1):
            key = tuple(path[:end])
            line = self.lines.get(key)
            if line is not None:
                return line, self.columns.get(key)
        return None, None


def _fail(file: str, line: int | None, code: str, message: str, column: int | None = None,
          value: JsonValue = None) -> UserError:
    return UserError([Diagnostic(code, message, "error", line, file, column, value)])


def _at(text: str, mark: yaml.Mark) -> JsonValue:
    """The character a syntax error's mark points at (None at the end of the text)."""
    lines = text.split("\n")
    if mark.line >= len(lines) or mark.column >= len(lines[mark.line]):
        return None
    return lines[mark.line][mark.column]


def read_text(path: Path, shown: str | None = None) -> str:
    """Read a file as UTF-8 text, refusing what is unreadable, binary or absurdly large.

    The file is opened first and what was opened is looked at (fstat, never a separate stat
    that a swapped file could dodge): a regular file or a pipe (`validate <(...)`) is read, at
    most MAX_BYTES and one byte more, so a device such as /dev/zero or an endless pipe costs a
    megabyte, not the memory of the machine.
    """
    name = shown or str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise _fail(name, None, "file.missing", "no such file; check the path") from None
    except OSError as exc:
        raise _fail(name, None, "file.unreadable", f"cannot read: {exc.strerror}") from None
    try:
        raw = _read_bounded(fd, name)
    finally:
        os.close(fd)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - raw.rfind(b"\n", 0, exc.start)  # in bytes: the line is not text
        raise _fail(name, line, "file.encoding",
                    f"byte 0x{raw[exc.start]:02x} is not UTF-8; save the file as UTF-8 text",
                    column) from None


def _read_bounded(fd: int, name: str) -> bytes:
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _fail(name, None, "file.unreadable", "is a directory; give a .yaml design file")
        if os.isatty(fd):
            raise _fail(name, None, "file.unreadable", "is a terminal; give a .yaml file (or "
                        "pipe one in)")
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            raise _fail(name, None, "file.unreadable", "is not a regular file (a device or "
                        "socket?); give a .yaml file")
        if stat.S_ISREG(info.st_mode) and info.st_size > MAX_BYTES:
            raise _too_large(name, f"file is {info.st_size:,} bytes")
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _fail(name, None, "file.unreadable", f"cannot read: {exc.strerror}") from None
    if size > MAX_BYTES:  # a pipe, or a file that grew since fstat
        raise _too_large(name, f"more than {MAX_BYTES:,} bytes")
    return b"".join(chunks)


def _too_large(name: str, what: str) -> UserError:
    return _fail(name, None, "file.too_large",
                 f"{what}; a design or catalog file is at most {MAX_BYTES:,} bytes")


def load_file(path: Path, shown: str | None = None) -> Located:
    name = shown or str(path)
    return load_text(read_text(path, name), name)


def load_catalog_file(path: Path) -> Located:
    """A catalog file, from a cache of parsed files when it has not changed since: a catalog of
    a hundred and fifty ships parses in ~0.1 s and unpickles in a few ms, at every start."""
    import hashlib
    import pickle

    try:
        regular = stat.S_ISREG(path.stat().st_mode)
    except OSError:
        regular = False
    if not regular:  # a pipe is read once, as it comes; what is wrong with the rest, said
        return load_file(path)
    text = read_text(path)  # bounded, as every read is
    # keyed by content: an edit in the clock's tick at the same size must still count
    key = (f"{path.resolve()}|{hashlib.sha256(text.encode()).hexdigest()}|"
           f"{_SELF.stat().st_mtime_ns}")
    cached = cache_root() / "yaml" / (hashlib.sha1(key.encode()).hexdigest() + ".pickle")
    try:
        raw = cached.read_bytes()
    except OSError:
        raw = None  # not cached yet
    if raw is not None:
        try:
            found = pickle.loads(raw)
            if isinstance(found, Located) and found.file == str(path):
                return found
        except Exception as exc:  # whatever an unreadable entry raises
            # treated as absent: dropped, rebuilt below, and said once
            with contextlib.suppress(OSError):
                cached.unlink()
            note_once(f"shipyard: note: a cached parse in {cached.parent} could not be read "
                      f"({type(exc).__name__}); parsing the catalog again")
    located = load_text(text, str(path))
    try:  # written whole or not at all: a reader never sees half a file
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(pickle.dumps(located, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(partial, cached)
        keep_within(cached.parent)
    except OSError:
        pass  # a read-only cache only costs the parse
    return located


def load_text(text: str, file: str) -> Located:
    if text.startswith("\ufeff"):
        text = text[1:]
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        located = Located(None, file)
        if node is not None:
            located.data = _Builder(loader, located).build(node, (), 0)
        return located
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "not valid YAML"
        if mark is None:
            raise _fail(file, None, "yaml.syntax", f"YAML syntax: {problem}") from None
        if _at(text, mark) == "\t":  # the parser's words ("cannot start any token") hide it
            problem = "a tab, which YAML does not allow here: indent with spaces"
        raise _fail(file, mark.line + 1, "yaml.syntax", f"YAML syntax: {problem}",
                    mark.column + 1, _at(text, mark)) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - text.rfind("\n", 0, exc.position)
        raise _fail(file, line, "yaml.syntax", f"character {exc.character!r} is not allowed in "
                    "YAML text; remove it", column, chr(exc.character)
                    if isinstance(exc.character, int) else str(exc.character)) from None
    except yaml.YAMLError as exc:
        raise _fail(file, 1, "yaml.syntax", f"YAML syntax: {exc}") from None
    finally:
        loader.dispose()


class _Builder:
    def __init__(self, loader: yaml.SafeLoader, located: Located) -> None:
        self.loader = loader
        self.located = located
        self.count = 0

    def _error(self, node: yaml.Node, code: str, message: str,
               value: JsonValue = None) -> UserError:
        mark = node.start_mark
        return _fail(self.located.file, mark.line + 1, code, message, mark.column + 1, value)

    def _place(self, path: YamlPath, mark: yaml.Mark) -> None:
        self.located.lines[path] = mark.line + 1
        self.located.columns[path] = mark.column + 1

    def build(self, node: yaml.Node, path: YamlPath, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise self._error(node, "yaml.too_large",
                              f"more than {MAX_NODES:,} values (an alias bomb?); "
                              "write the design out plainly")
        if depth > MAX_DEPTH:
            raise self._error(node, "yaml.too_deep",
                              f"nested more than {MAX_DEPTH} levels deep (a recursive alias?)")
        lines = self.located.lines
        if path not in lines:  # a key's own position was placed by its mapping
            mark = node.start_mark  # inlined, not _place(): this runs for every value of a file
            lines[path] = mark.line + 1
            self.located.columns[path] = mark.column + 1
        if isinstance(node, yaml.MappingNode):
            if node.tag != _MAP:
                raise self._wrong_tag(node, "a mapping")
            return self._mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                raise self._wrong_tag(node, "a list")
            return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _wrong_tag(self, node: yaml.Node, kind: str) -> UserError:
        return self._error(node, "yaml.tag", f"unsupported YAML tag {_short(node.tag)} on {kind}; "
                           "write plain values, mappings and lists without tags",
                           _short(node.tag))

    def _scalar(self, node: yaml.Node) -> Any:
        """One value, built by PyYAML's constructor for its tag. Whatever that constructor raises
        on a value it cannot build (an IndexError for `!!int ""`, a KeyError for `!!bool maybe`,
        an AttributeError for `!!timestamp foo`, a ValueError for a 5,000-digit number) is the
        user's mistake, said at the value's line."""
        what = _SCALARS.get(node.tag)
        if what is None:  # !!seq, !!map, !!set, !!binary, !!merge, a local tag such as !foo
            raise self._wrong_tag(node, "a single value")
        if node.tag == _NULL and node.value not in _NULL_WORDS:  # PyYAML would drop the value
            raise self._cannot(node, what)
        try:
            return self.loader.construct_object(node)
        except Exception:  # each constructor fails in its own way; all of them mean one thing
            raise self._cannot(node, what) from None

    def _cannot(self, node: yaml.Node, what: tuple[str, str]) -> UserError:
        value = str(node.value)
        shown = value if len(value) <= 40 else f"{value[:37]}..."
        size = f" ({len(value):,} characters)" if len(value) > 40 else ""
        kind, right = what
        return self._error(node, "yaml.value", f"cannot read {shown!r}{size} as a YAML value "
                           f"({kind}); {right}", shown)

    def _mapping(self, node: yaml.MappingNode, path: YamlPath, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                raise self._error(key_node, "yaml.merge",
                                  "YAML merge keys (<<) are not supported; write the keys out",
                                  "<<")
            if not isinstance(key_node, yaml.ScalarNode):
                kind = "list" if isinstance(key_node, yaml.SequenceNode) else "mapping"
                raise self._error(key_node, "yaml.key", f"a key must be a name, not a {kind}; "
                                  "write a word before the colon")
            key = self._scalar(key_node)
            if not isinstance(key, str):  # a number, date, true or null is not a name
                raise self._error(key_node, "yaml.key", f"a key must be a name, but "
                                  f"{key_node.value!r} reads as {_kind_of(key)}; write a word, "
                                  "or quote it to keep it as text", json_value(key_node.value))
            if key in out:
                first = self.located.lines.get((*path, key))
                raise self._error(key_node, "yaml.duplicate_key",
                                  f"duplicate key '{key}' (first given on line {first}); "
                                  "keep one of them", key)
            self._place((*path, key), key_node.start_mark)
            out[key] = self.build(value_node, (*path, key), depth + 1)
        return out


def _short(tag: str) -> str:
    """`!!int` for tag:yaml.org,2002:int, as the user wrote it."""
    return "!!" + tag.removeprefix(_YAML_TAG) if tag.startswith(_YAML_TAG) else tag


def _kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, datetime.date):
        return "a date"
    return "a value"


def dump(data: Any) -> str:
    """YAML text for data we generate (new designs), keys in the order given."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
