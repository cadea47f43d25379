"""A design given as a pipe (`duel <(cat a.yaml) b.yaml`, a FIFO) is read once: a command that
looks at a file before checking it (is it a fleet?) passes on what it read, since a second read of
a pipe finds it empty."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"
FLEETS = ROOT / "catalogs" / "smallcraft" / "fleets"

pytestmark = pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="needs /dev/fd pipes")


@pytest.fixture
def piped() -> Iterator[Path]:
    """starfury.yaml as process substitution gives it: /dev/fd/N of a pipe already written."""
    read, write = os.pipe()
    os.write(write, (EXAMPLES / "starfury.yaml").read_bytes())
    os.close(write)
    try:
        yield Path(f"/dev/fd/{read}")
    finally:
        os.close(read)


@pytest.mark.parametrize("command", [
    ("duel", "--seed", "1"),
    ("duel", "--runs", "20", "--seed", "1", "--engine", "plain"),
    ("odds", "--seed", "1"),
    ("battle", "--seed", "1"),
])
def test_a_piped_design_fights_as_the_file_would(piped: Path, command: tuple[str, ...]) -> None:
    name, *options = command
    from_pipe = shipyard(name, piped, EXAMPLES / "raider.yaml", *options)
    from_file = shipyard(name, EXAMPLES / "starfury.yaml", EXAMPLES / "raider.yaml", *options)
    assert from_pipe.code == 0, from_pipe.err
    assert from_pipe.out.replace(str(piped), "starfury.yaml") == from_file.out.replace(
        str(EXAMPLES / "starfury.yaml"), "starfury.yaml")


def test_a_piped_fleet_is_still_refused_by_duel_in_one_line() -> None:
    read, write = os.pipe()
    os.write(write, (FLEETS / "raiders.yaml").read_bytes())
    os.close(write)
    try:
        run = shipyard("duel", f"/dev/fd/{read}", EXAMPLES / "raider.yaml", "--seed", "1")
    finally:
        os.close(read)
    assert run.code == 2
    (said,) = run.err.strip().splitlines()
    assert said.startswith(f"/dev/fd/{read}:") and "a fleet file" in said
