"""`sheet --watch`: a save prints again, a broken save is one line and the watch goes on,
Ctrl-C ends it with status 0."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STARFURY = ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml"
WAIT = 10.0  # seconds for each printing after a save


def _lines(stream: object, into: queue.Queue[str]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        into.put(line.rstrip("\n"))


def _until(lines: queue.Queue[str], wanted: str, seen: list[str]) -> str:
    deadline = time.monotonic() + WAIT
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        seen.append(line)
        if wanted in line:
            return line
    raise AssertionError(f"no {wanted!r} within {WAIT} s; saw {seen}")


def test_a_save_prints_again_and_a_broken_one_does_not_stop_the_watch(tmp_path: Path) -> None:
    design = tmp_path / "fury.yaml"
    design.write_text(STARFURY.read_text())
    watcher = subprocess.Popen([sys.executable, "-m", "shipyard", "sheet", str(design),
                                "--watch", "-o", str(tmp_path / "fury.pdf")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out: queue.Queue[str] = queue.Queue()
    err: queue.Queue[str] = queue.Queue()
    readers = [threading.Thread(target=_lines, args=(stream, into), daemon=True)
               for stream, into in ((watcher.stdout, out), (watcher.stderr, err))]
    for reader in readers:
        reader.start()
    seen: list[str] = []
    try:
        deadline = time.monotonic() + 60  # the first printing pays for WeasyPrint's import
        while "wrote" not in (line := out.get(timeout=max(0.1, deadline - time.monotonic()))):
            seen.append(line)
        _until(err, "watching 1 file", seen)

        design.write_text(STARFURY.read_text().replace("name: Starfury", "name: Thunderbolt"))
        assert "Thunderbolt [smallcraft]: legal" in _until(out, "Thunderbolt", seen)
        _until(out, "wrote", seen)

        design.write_text(STARFURY.read_text() + "hull: [\n")  # a broken save
        assert _until(err, "fury.yaml:", seen).startswith(f"{design}:")

        design.write_text(STARFURY.read_text())  # mended: the watch went on
        _until(out, "Starfury [smallcraft]: legal", seen)
        _until(out, "wrote", seen)
    finally:
        watcher.send_signal(signal.SIGINT)
        try:
            status = watcher.wait(timeout=30)
        except subprocess.TimeoutExpired:
            watcher.kill()  # no watcher outlives the test
            raise
        for reader in readers:
            reader.join(timeout=10)
        for pipe in (watcher.stdout, watcher.stderr):
            if pipe is not None:
                pipe.close()
    assert status == 0
    while not err.empty():
        seen.append(err.get())
    assert not any("Traceback" in line for line in seen), seen


def test_a_fleet_watches_its_ships_and_the_overlays(tmp_path: Path) -> None:
    from shipyard.cli.watch import files, signature
    from shipyard.core.yard import Yard

    fleet = next((ROOT / "catalogs" / "rogue-trader" / "fleets").glob("*.yaml"))
    result = Yard().check(fleet)
    overlay = tmp_path / "house" / "rogue-trader"
    overlay.mkdir(parents=True)
    (overlay / "guns.yaml").write_text("weapons: []\n")
    watched = files([fleet], [result], [tmp_path / "house"])
    assert watched[0] == fleet and watched[-1] == overlay / "guns.yaml"
    members = {Path(m.file) for m in result.members}
    assert members and members <= set(watched) and all(p.is_file() for p in watched)
    before = signature(watched)
    (overlay / "guns.yaml").write_text("weapons: []\n# a house rule\n")
    assert signature(watched) != before


def test_ctrl_c_during_a_printing_ends_the_watch_even_where_python_swallows_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The flaky CI failure: a SIGINT that lands while a finalizer runs raises a
    KeyboardInterrupt that Python ignores, and the watch went on printing forever."""
    import typer

    from shipyard.cli import watch as watching

    class Freed:
        def __del__(self) -> None:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while a printing frees something

    printings: list[int] = []

    def print_once(first: bool) -> list[object]:
        printings.append(1)
        assert len(printings) < 3, "the watch went on after Ctrl-C"
        freed = Freed()
        del freed
        return []

    design = tmp_path / "fury.yaml"
    design.write_text(STARFURY.read_text())
    sleeps: list[float] = []
    monkeypatch.setattr(watching.time, "sleep", lambda s: sleeps.append(s) or
                        design.write_text(design.read_text() + "#\n"))
    with pytest.raises(typer.Exit) as ended:
        watching.watch([design], [], print_once)  # type: ignore[arg-type]
    assert ended.value.exit_code == 0 and printings == [1]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
