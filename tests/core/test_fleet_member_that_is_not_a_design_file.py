"""A fleet's `design:` that is a folder, a device or missing is refused at that entry's line,
saying which it is; a pipe is read as a file would be."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT

STARFURY = ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml"


def _fleet(tmp_path: Path, design: str) -> Path:
    path = tmp_path / "fleet.yaml"
    path.write_text(f"system: smallcraft\nfleet: Odd\nships:\n  - design: {STARFURY}\n"
                    f"  - design: {design}\n")
    return path


@pytest.mark.parametrize(("member", "words"), [
    ("folder", "folder is a folder, not a design file"),
    ("/dev/zero", "/dev/zero is a device or socket, not a design file"),
    ("/dev/null", "/dev/null is a device or socket, not a design file"),
    ("nowhere.yaml", "no such file"),
])
def test_a_member_that_is_not_a_design_file_is_named_at_its_line(tmp_path: Path, member: str,
                                                                   words: str) -> None:
    (tmp_path / "folder").mkdir()
    path = _fleet(tmp_path, member)
    run = shipyard("validate", path)
    assert run.code == 2
    errors = [ln for ln in run.err.splitlines() if ": warning: " not in ln]
    (said,) = errors
    assert said.startswith(f"{path}:5: design: ") and words in said, said
    assert "Traceback" not in run.err + run.out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_member_that_is_a_fifo_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fed.yaml"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "wb") as handle:
            handle.write(STARFURY.read_bytes())

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    run = shipyard("validate", _fleet(tmp_path, "fed.yaml"))
    feeder.join(timeout=10)
    assert run.code == 0, run.err
    assert "fed.yaml: Starfury [smallcraft]: legal" in run.out
