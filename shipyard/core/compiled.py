"""Series of fights on the pattern: the system's own rule functions, compiled by Numba when it is
installed (`pip install shipyard[fast]`), else run as they are.

Imported only on the series path: it is what imports NumPy and Numba.

- Compiling: every function of the modules a `FightRules` names is registered with Numba
  (`register_jitable`, so the plain function stays what a narrated duel calls), the recorder's
  hooks get compiled versions that do nothing, and the series loop is compiled with `nogil`.
- The cache cannot go stale and is shared by every copy of the same code: Numba's own cache
  notices an edit only to the file of the function it compiled, not to the rules it calls, and
  files it by the source's folder, so the cache folder is named by a hash of the code of every
  rule module, the stream's, Numba's version and Python's (never a path), and a locator of our
  own (`ContentLocator`) files Numba's index there, stamped with that hash: a clone in another
  folder or a reinstall loads the compiled fights, an edit compiles them again.
- Chunks: fight i is seeded `derive_seed(seed, i)` whoever plays it, so the result is the same
  for any chunk size and any number of workers; compiled chunks run on threads (the compiled
  loop releases the GIL), one per core unless told otherwise.
"""

from __future__ import annotations

import dis
import hashlib
import importlib
import inspect
import os
import shutil
import sys
import threading
import time
import traceback
import types
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from shipyard.core import pattern, recorder, stream
from shipyard.core.paths import MAX_FIGHTS_BYTES, cache_root, keep_folders_within
from shipyard.core.pattern import Columns, FightRules, Prepared, Progress
from shipyard.core.recorder import Recorder
from shipyard.errors import UserError

# The most code (bytecode instructions, counting the inlined functions it calls) that a function
# a rules module's INLINE names may have to be inlined into its callers. An inlined call saves
# counting a reference in and out for each array it passes, which pays in the short helpers
# inner loops call; but Numba copies an inlined function's IR into each caller and types it
# again there, so inlining long functions, or functions that inline others, multiplies the
# compile. The trades measured: docs/writing-a-rules-system.md.
INLINED_MOST = 80
COMPILED_CHUNK = 4096  # ~40 ms of compiled fights: a progress bar that moves
PLAIN_CHUNK = 64  # uncompiled fights take a millisecond or more each
MAX_WORKERS = 256  # threads a series may run on (SHIPYARD_WORKERS)
LONG_UNCOMPILED = 60.0  # seconds: say so before going on
HINT = "fights run uncompiled; pip install 'shipyard[fast]' makes a series ~100x faster"

# seconds a system's first compile is expected to take before one is timed here (16-48 s of CPU
# on a 2-core machine, bench/bench_compile.py), and the most an estimate says
DEFAULT_COMPILE, LONGEST_COMPILE = 30.0, 120.0
Notice = Callable[[str], None]


class CompileNotice(str):
    """A notice that fight rules are being compiled, with the seconds that is expected to take
    (a terminal's progress bar fills over them); as text, what to tell the user."""

    seconds: float

    def __new__(cls, text: str, seconds: float) -> CompileNotice:
        said = super().__new__(cls, text)
        said.seconds = seconds
        return said

_lock = threading.Lock()
_registered: set[int] = set()
_compiled: dict[tuple[str, ...], Callable[..., None]] = {}


def numba_module() -> Any | None:
    """Numba, or None when it is not installed (or cannot load)."""
    try:
        import numba
    except ImportError:
        return None
    return numba


def rule_modules(rules: FightRules) -> list[Any]:
    return [stream, *(importlib.import_module(name) for name in rules.modules)]


def cache_key(rules: FightRules, numba_version: str) -> str:
    """A folder name that changes with any rule, constant, Numba or Python, and with nothing
    else: not the folder the code is in. It hashes what this process runs (the functions' code
    and the modules' constants), not the files on disk, which an edit may have changed since
    they were imported."""
    digest = hashlib.sha256()
    for module in rule_modules(rules):
        for name, value in sorted(vars(module).items()):
            if name.startswith("__"):
                continue  # __file__, __cached__: where the module is, not what it does
            digest.update(name.encode())
            if inspect.isfunction(value) and value.__module__ == module.__name__:
                digest.update(code_text(value.__code__).encode())
            elif isinstance(value, int | str | tuple) or hasattr(value, "_fields"):
                digest.update(repr(getattr(value, "_fields", value)).encode())
    # and how they are compiled: what is inlined changes the machine code, not the fights
    for function in (pattern.store, pattern.store_fates, inlined, _register_module, _register):
        digest.update(code_text(function.__code__).encode())
    digest.update(f"{numba_version} {sys.version} {INLINED_MOST}".encode())
    return digest.hexdigest()[:20]


def code_text(code: types.CodeType) -> str:
    """What a function does, as text that is the same in every process and folder: its
    bytecode, names, constants and line numbers, never its file name (which `marshal` keeps,
    along with flags that depend on how many references this process holds to a constant)."""
    return repr(_canonical(code))


def _canonical(value: Any) -> Any:
    if isinstance(value, types.CodeType):
        return ("code", value.co_qualname, value.co_argcount, value.co_posonlyargcount,
                value.co_kwonlyargcount, value.co_flags, value.co_code, value.co_names,
                value.co_varnames, value.co_freevars, value.co_cellvars, value.co_firstlineno,
                value.co_linetable, value.co_exceptiontable,
                tuple(_canonical(c) for c in value.co_consts))
    if isinstance(value, frozenset):  # iterated in an order that varies with string hashing
        return ("frozenset", tuple(sorted(repr(_canonical(v)) for v in value)))
    if isinstance(value, tuple):
        return tuple(_canonical(v) for v in value)
    return value


_stamps: dict[Any, tuple[Path, str]] = {}  # series loop -> (its cache folder, its key)


def _content_locator() -> Any:
    """A Numba cache locator for the series loops compiled here: their index and data files go
    in the loop's own cache folder (not in one named by the source file's folder), stamped with
    the key of the code that was compiled (not the source file's bytes, which do not cover the
    rules it calls). Other functions are left to Numba's own locators."""
    from numba.core.caching import _CacheLocator

    class ContentLocator(_CacheLocator):
        def __init__(self, folder: Path, key: str, lineno: int) -> None:
            self._folder, self._key, self._lineno = folder, key, lineno

        def get_cache_path(self) -> str:
            return str(self._folder)

        def get_source_stamp(self) -> str:
            return self._key

        def get_disambiguator(self) -> str:
            return str(self._lineno)

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> ContentLocator | None:
            stamp = _stamps.get(py_func)
            if stamp is None:
                return None
            self = cls(*stamp, py_func.__code__.co_firstlineno)
            try:
                self.ensure_cache_path()  # type: ignore[no-untyped-call]
            except OSError:
                return None  # not writable: Numba's own locators are tried next
            return self

    return ContentLocator


def _use_content_locator() -> None:
    from numba.core.caching import CacheImpl

    if not any(c.__name__ == "ContentLocator" for c in CacheImpl._locator_classes):
        CacheImpl._locator_classes.insert(0, _content_locator())


def _njit(numba: Any, rules: FightRules, folder: Path) -> Callable[..., None]:
    """The series loop of `rules`, compiled lazily (at its first call) into `folder`."""
    _use_content_locator()
    _stamps[rules.fights] = (folder, folder.name)
    fights: Callable[..., None] = numba.njit(cache=True, nogil=True)(rules.fights)
    return fights


def compile_fights(rules: FightRules, params: Any,
                   notice: Notice | None = None) -> Callable[..., None] | None:
    """The series loop of `rules`, compiled for `params` (None without Numba). The first
    compile after an edit or an install says so on `notice`, with its expected time."""
    numba = numba_module()
    if numba is None:
        return None
    with _lock:
        folder = cache_root() / "fights" / cache_key(rules, numba.__version__)
        # cold until a compile for these types has finished: a folder left by an interrupted
        # compile (Numba makes it before it compiles) still gets the notice
        done = _done(folder, params)
        cold = not done.exists()
        fights = _compiled.get(rules.modules)
        if fights is None:
            _register_hooks()
            modules = rule_modules(rules)
            inline = inlined(modules)
            for module in modules:
                _register_module(module, inline)
            _register(pattern.store)
            _register(pattern.store_fates)
            fights = _compiled[rules.modules] = _njit(numba, rules, folder)
        timing = cache_root() / "fights" / f"{rules.modules[0]}.seconds"
        if cold and notice is not None:
            expected = _last_time(timing)
            notice(CompileNotice(f"compiling fight rules once, about {expected:.0f} s", expected))
        compiles = _compiles(fights)
        started = time.perf_counter()
        try:
            _first_call(fights, params)
        except Exception as exc:
            if not _from_cache(exc):
                raise
            # an unreadable cache entry (garbage, truncated, empty) is treated as absent:
            # dropped, rebuilt, and said once
            shutil.rmtree(folder, ignore_errors=True)
            if notice is not None:
                expected = _last_time(timing)
                notice(CompileNotice(f"the compiled fight rules cached in {folder} could not "
                                     f"be read ({type(exc).__name__}); compiling them again, "
                                     f"about {expected:.0f} s", expected))
            fights = _compiled[rules.modules] = _njit(numba, rules, folder)
            compiles = _compiles(fights)
            cold = True
            _first_call(fights, params)
        seconds = time.perf_counter() - started
        # only a real compile's time is the next estimate: a folder missing at the start may
        # have been filled by another process meanwhile, and loading it takes no time at all
        if _compiles(fights) > compiles:
            _save_time(timing, seconds)
        if cold:
            _save_time(done, seconds)
            keep_folders_within(folder.parent, MAX_FIGHTS_BYTES, keep=folder)
    return fights


def _done(folder: Path, params: Any) -> Path:
    """The file that says a compile of the series loop for the types of `params` finished
    (holding its seconds): a duel's and a battle's state may differ in type, and each is
    compiled once."""
    from numba import typeof

    types_ = str(typeof(params)).encode()  # type: ignore[no-untyped-call]
    return folder / f"complete-{hashlib.sha256(types_).hexdigest()[:12]}"


def _first_call(fights: Callable[..., None], params: Any) -> None:
    """The first call for these types compiles or loads the cache: once, before any thread.
    Numba's inliner warns of its own assumptions on INLINE functions with loops (harmless)."""
    from numba.core.errors import NumbaIRAssumptionWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaIRAssumptionWarning)
        fights(params, 0, 0, 0, np.zeros(stream.STREAM_SIZE, np.int64),
               np.zeros((0, pattern.OUT_SHIPS), np.int64))


def _from_cache(exc: BaseException) -> bool:
    """Whether `exc` came from reading Numba's cache (not from compiling or running)."""
    return any(Path(frame.filename).name == "caching.py" and "numba" in frame.filename
               for frame in traceback.extract_tb(exc.__traceback__))


def _compiles(fights: Any) -> int:
    """How many times Numba compiled `fights` in this process (each a miss of its cache)."""
    stats = getattr(fights, "stats", None)
    return sum(getattr(stats, "cache_misses", {}).values())


def _save_time(timing: Path, seconds: float) -> None:
    try:
        timing.parent.mkdir(parents=True, exist_ok=True)
        timing.write_text(f"{seconds:.1f}")
    except OSError:
        pass  # only the next estimate is lost


def _last_time(timing: Path) -> float:
    """The last compile's seconds on this machine, else what one takes on a small machine; at
    most LONGEST_COMPILE (a compile timed under heavy load, or by an older version that
    compiled longer, would keep a first series uncompiled far longer than compiling takes)."""
    try:
        seconds = float(timing.read_text())
    except (OSError, ValueError):
        return DEFAULT_COMPILE
    return min(seconds, LONGEST_COMPILE) if seconds > 0 else DEFAULT_COMPILE


def _register_hooks() -> None:
    if id(recorder.emit) in _registered:
        return
    from numba.extending import overload

    # unannotated: Numba compares these signatures with the lambdas', annotations included
    @overload(recorder.emit)
    def _emit(rec, event):  # type: ignore[no-untyped-def]
        return lambda rec, event: None

    @overload(recorder.ask)
    def _ask(rec, side, question, facts, default):  # type: ignore[no-untyped-def]
        return lambda rec, side, question, facts, default: default

    _registered.add(id(recorder.emit))


def _register_module(module: Any, inline: set[Callable[..., Any]] | None = None) -> None:
    """Every function of a rules module, those in `inline` (by default, those `inlined` picks
    from the module's own INLINE) to be inlined into their callers."""
    inline = inlined([module]) if inline is None else inline
    for value in vars(module).values():
        if (inspect.isfunction(value) and value.__module__ == module.__name__
                and value not in (recorder.emit, recorder.ask)):
            _register(value, inline=value in inline)


def inlined(modules: list[Any]) -> set[Callable[..., Any]]:
    """The functions the modules' `INLINE` lists name that are inlined: those whose code, with
    the inlined functions it calls copied in, is at most INLINED_MOST instructions."""
    listed = {getattr(m, name) for m in modules for name in getattr(m, "INLINE", ())}
    size: dict[Callable[..., Any], int] = {}

    def expanded(function: Callable[..., Any]) -> int:
        if function not in size:
            size[function] = INLINED_MOST + 1  # a call back into itself: never inlined
            calls = [function.__globals__.get(i.argval) for i in dis.get_instructions(function)
                     if i.opname == "LOAD_GLOBAL"]
            copied = [expanded(f) for f in calls if f is not None and f in listed]
            size[function] = len(list(dis.get_instructions(function))) + sum(
                n for n in copied if n <= INLINED_MOST)
        return size[function]

    return {f for f in listed if expanded(f) <= INLINED_MOST}


def _register(function: Callable[..., Any], inline: bool = False) -> None:
    if id(function) not in _registered:
        from numba.extending import register_jitable

        register_jitable(inline="always")(function) if inline else register_jitable(function)
        _registered.add(id(function))


def _each_leaf(value: Any, leaf: Callable[[Any], Any]) -> Any:
    """`value` with `leaf` applied inside its tuples and NamedTuples, which keep their shape."""
    if isinstance(value, tuple):
        converted = [_each_leaf(v, leaf) for v in value]
        return type(value)(*converted) if hasattr(value, "_fields") else tuple(converted)
    return leaf(value)


def as_arrays(value: Any) -> Any:
    """Prepared state as Numba takes it: lists of ints become int64 arrays (lists of lists,
    2-D), tuples and NamedTuples keep their shape, numbers stay numbers."""
    return _each_leaf(value, lambda v: np.asarray(v, dtype=np.int64)
                      if isinstance(v, list) else v)


def copied(value: Any) -> Any:
    """`as_arrays` output with every array copied."""
    return _each_leaf(value, lambda v: v.copy() if isinstance(v, np.ndarray) else v)


def chunks(runs: int, size: int, start: int = 0) -> Iterator[tuple[int, int]]:
    """Fights `start` .. `runs` - 1 as (first, count) chunks of `size`."""
    for first in range(start, runs, size):
        yield first, min(size, runs - first)


def workers_wanted() -> int:
    told = os.environ.get("SHIPYARD_WORKERS")
    if told:
        if not told.strip().isdigit() or not 1 <= int(told) <= MAX_WORKERS:
            raise UserError.single("cli.workers", f"SHIPYARD_WORKERS={told[:40]}: give a whole "
                                   f"number of threads, 1..{MAX_WORKERS}")
        return int(told)
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def run_series(rules: FightRules, prepared: Prepared, runs: int, seed: int,
               progress: Progress | None = None, engine: str = "auto",
               notice: Notice | None = None, workers: int | None = None,
               quick: bool = False) -> Columns:
    """`runs` fights; row i is the fight `duel --seed derive_seed(seed, i)` tells. `engine`:
    "auto" (compiled where Numba is installed and no user's pilot plays), "compiled" (or a
    UserError saying why not) or "plain". `quick` (the command line's `--engine auto`): where
    "auto" would first compile, fights that run sooner uncompiled do so."""
    threads = workers or workers_wanted()  # a wrong SHIPYARD_WORKERS before any work
    # a row: the fight's end, length, damage and draws; a battle's ships' fates beside it, a
    # byte each (the rules write them into each chunk's own int64 rows, copied out here)
    out = np.zeros((runs, pattern.OUT_SHIPS), dtype=np.int64)
    fates = np.zeros((runs, len(prepared.ships)), dtype=np.int8) if prepared.ships else None
    fights = None
    if engine == "compiled":
        why = uncompilable(prepared)
        if why:
            raise UserError.single("cli.engine", f"--engine compiled: {why}")
    start = 0  # fights run already (uncompiled, to time them)
    if engine in ("auto", "compiled") and prepared.batchable and numba_module() is not None:
        params = as_arrays(prepared.state)
        wait = compile_wait(rules, params)
        if engine == "auto" and quick and wait > 0:
            # a compile is due: time a first chunk uncompiled, and run the rest so too where
            # that is quicker than compiling first (every row is the same either way)
            start = min(PLAIN_CHUNK, runs)
            took = _run_plain(rules, prepared, seed, out, fates, progress, None, 0, start)
            if (runs - start) * took / start <= wait:
                if notice is not None:
                    notice(f"running these fights uncompiled: quicker than compiling the fight "
                           f"rules first (about {wait:.0f} s); --engine compiled compiles them")
                wait = -1.0
        if wait >= 0:
            fights = compile_fights(rules, params, notice)
    if fights is not None:
        _run_compiled(fights, params, seed, out, fates, progress, threads, start)
        name = "compiled"
    else:
        if runs > pattern.MAX_UNCOMPILED_RUNS:
            why = ("Numba is not installed: pip install 'shipyard[fast]'" if
                   engine == "auto" and prepared.batchable else
                   "a user's own pilot or captain, or --engine plain")
            raise UserError.single("cli.runs", f"--runs {runs:,}: these fights run uncompiled "
                                   f"({why}), at most {pattern.MAX_UNCOMPILED_RUNS:,} of them")
        if engine == "auto" and prepared.batchable and notice is not None and not start:
            notice(HINT)
        _run_plain(rules, prepared, seed, out, fates, progress, notice, start, runs)
        name = "uncompiled"
    return _columns(rules, out, fates, name)


def compile_wait(rules: FightRules, params: Any) -> float:
    """The seconds a series of `rules` would wait for a compile before its first compiled
    fight: 0 where the rules are compiled for these types already (in this process, or in the
    cache), else the last compile's time on this machine."""
    numba = numba_module()
    if numba is None:
        return 0.0
    folder = cache_root() / "fights" / cache_key(rules, numba.__version__)
    if _done(folder, params).exists():
        return 0.0
    return _last_time(cache_root() / "fights" / f"{rules.modules[0]}.seconds")


def uncompilable(prepared: Prepared) -> str | None:
    """Why these fights cannot run compiled, or None."""
    if not prepared.batchable:
        return ("a user's own pilot or captain plays these fights (they run uncompiled); "
                "give --engine auto or plain")
    if numba_module() is None:
        return "Numba is not installed: pip install 'shipyard[fast]'"
    return None


def _rows(out: Any, fates: Any, first: int, count: int) -> Any:
    """Where a chunk's fights are stored: its rows of `out`, or (a battle) rows of its own
    with room for each ship's fate."""
    if fates is None:
        return out[first:first + count]
    return np.zeros((count, pattern.OUT_SHIPS + fates.shape[1]), dtype=np.int64)


def _keep(rows: Any, out: Any, fates: Any, first: int) -> None:
    if fates is not None:
        out[first:first + len(rows)] = rows[:, :pattern.OUT_SHIPS]
        fates[first:first + len(rows)] = rows[:, pattern.OUT_SHIPS:]


def _run_compiled(fights: Callable[..., None], params: Any, seed: int, out: Any, fates: Any,
                  progress: Progress | None, workers: int, start: int = 0) -> None:
    mine = threading.local()

    def play(chunk: tuple[int, int]) -> int:
        first, count = chunk
        rows = _rows(out, fates, first, count)
        # each thread its own copy: the compiled rules count references to the arrays they are
        # handed at every call, and two cores counting on one array fight over its cache line;
        # kept from chunk to chunk, so what rules remember in their parameters (a cache of a
        # pure function, such as a captain's memo of searched manoeuvres) serves the thread's
        # later chunks
        own = getattr(mine, "params", None)
        if own is None:
            own = mine.params = copied(params)
        fights(own, seed, first, count, np.zeros(stream.STREAM_SIZE, np.int64), rows)
        _keep(rows, out, fates, first)
        return count

    work = list(chunks(len(out), COMPILED_CHUNK, start))
    if workers <= 1 or len(work) <= 1:
        for chunk in work:
            done = play(chunk)
            if progress is not None:
                progress(done)
        return
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for done in pool.map(play, work):
            if progress is not None:
                progress(done)


def _run_plain(rules: FightRules, prepared: Prepared, seed: int, out: Any, fates: Any,
               progress: Progress | None, notice: Notice | None, start: int = 0,
               stop: int | None = None) -> float:
    """The same rules, uncompiled, fight by fight (fights `start` .. `stop` - 1): where a user's
    pilot or captain is in play, its answers reach them through the recorder, as in a narrated
    duel. Returns the seconds they took."""
    rec = None if prepared.asker is None else Recorder(narrate=False, asker=prepared.asker)
    rng = [0] * stream.STREAM_SIZE
    started = time.perf_counter()
    warned = False
    stop = len(out) if stop is None else stop
    for first, count in chunks(stop, PLAIN_CHUNK, start):
        rows = _rows(out, fates, first, count)
        for index in range(first, first + count):
            stream.seed_stream(rng, stream.derive_seed(seed, index))
            played = rules.play(prepared.state, rng, rec)
            end, rounds, dealt_a, dealt_b = played[:4]
            pattern.store(rows, index - first, end, rounds, dealt_a, dealt_b, rng)
            if fates is not None:
                pattern.store_fates(rows, index - first, played[4])
        _keep(rows, out, fates, first)
        if progress is not None:
            progress(count)
        if not warned and notice is not None and first + count < stop:
            rate = (first + count - start) / max(time.perf_counter() - started, 1e-9)
            left = (stop - first - count) / rate
            if left > LONG_UNCOMPILED:
                notice(f"uncompiled, these fights take about {left:.0f} s more")
            warned = True
    return time.perf_counter() - started


def _columns(rules: FightRules, out: Any, fates: Any, engine: str) -> Columns:
    codes = sorted(rules.ends)
    if len(out) and not np.isin(out[:, pattern.OUT_END], codes).all():
        raise UserError.single("fight.end", "a fight ended with a code its rules do not "
                               "declare: a bug in the system's fight rules")
    names = sorted({reason for _, reason in rules.ends.values()})
    winner = np.full(max(codes) + 1, -1, dtype=np.int8)
    reason = np.zeros(max(codes) + 1, dtype=np.int8)
    for code, (side, why) in rules.ends.items():
        winner[code] = -1 if side is None else side
        reason[code] = names.index(why)
    ends = out[:, pattern.OUT_END]
    return Columns(winner=winner[ends], reason=reason[ends], rounds=out[:, pattern.OUT_ROUNDS],
                   damage_a=out[:, pattern.OUT_DEALT_A], damage_b=out[:, pattern.OUT_DEALT_B],
                   draws=int(out[:, pattern.OUT_DRAWS].sum()), engine=engine,
                   reason_names=tuple(names), fates=fates,
                   fate_names=rules.fate_names())
