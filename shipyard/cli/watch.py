"""`sheet --watch`: print again at every save, until Ctrl-C.

Polls each file's modification time and size every half second, with the standard library
only: editors that save by writing a new file and renaming it, network folders and containers
all show up that way, where file-system events often do not. A save that breaks the design is
reported in its one line and the watch goes on; catalogs are read afresh at every change, so an
overlay's house rule shows on the next sheet.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from shipyard.cli.app import report, state
from shipyard.errors import UserError

if TYPE_CHECKING:
    from shipyard.core.yard import Report

POLL = 0.5  # seconds between looks
Signature = dict[Path, tuple[int, int] | None]


def files(designs: list[Path], reports: list[Report], overlays: list[Path]) -> list[Path]:
    """What a sheet is made from: its designs, a fleet's ships, and the overlay catalogs."""
    found = list(designs)
    for result in reports:
        found += [Path(m.file) for m in result.members if not m.file.startswith("stock ")]
    for folder in overlays:  # every system's, and files added since
        found += sorted(folder.glob("*/*.yaml"))
    return list(dict.fromkeys(found))


def signature(paths: list[Path]) -> Signature:
    """Each file's modification time and size (None while it is missing)."""
    out: Signature = {}
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            out[path] = None  # its coming back is a change too
            continue
        out[path] = (stat.st_mtime_ns, stat.st_size)
    return out


def _attempt(print_once: Callable[[bool], list[Report]]) -> list[Report]:
    """One printing, its mistakes reported and survived."""
    state.configure(state.overlays)  # a fresh yard: catalogs read again
    try:
        return print_once(True)
    except UserError as err:
        report(err.diagnostics)
    except typer.Exit:  # judged() has reported the unreadable or illegal designs
        pass
    return []


class _Stop:
    """Ctrl-C: the watch ends once the printing under way is done, and a second Ctrl-C ends it
    at once. Raising at the first would land anywhere in a printing, and Python swallows a
    KeyboardInterrupt raised in a finalizer or a C library's callback, which a printing runs
    many of: the watch then went on after Ctrl-C."""

    def __init__(self) -> None:
        self.asked = False

    def __call__(self, signum: int, frame: object) -> None:
        if self.asked:
            raise KeyboardInterrupt
        self.asked = True

    def wait(self, seconds: float) -> None:
        """Sleep up to `seconds`, waking early when asked to stop."""
        until = time.monotonic() + seconds
        while not self.asked and (left := until - time.monotonic()) > 0:
            time.sleep(min(left, 0.1))


def watch(designs: list[Path], overlays: list[Path],
          print_once: Callable[[bool], list[Report]]) -> None:
    reports: list[Report] = []
    seen: Signature = {}
    stop = _Stop()
    previous = signal.signal(signal.SIGINT, stop)
    try:
        while not stop.asked:
            now = signature(files(designs, reports, overlays))
            if now != seen:
                first = not seen
                # looked at before printing, so that a save made while printing is seen next
                seen = now
                reports = _attempt(print_once) or reports
                # a fleet that gained a ship: watch it from now on
                seen |= signature([p for p in files(designs, reports, overlays) if p not in seen])
                if first:
                    print(f"watching {len(seen)} file{'s' * (len(seen) != 1)}; Ctrl-C stops",
                          file=sys.stderr, flush=True)
            stop.wait(POLL)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGINT, previous)
    raise typer.Exit(0)
