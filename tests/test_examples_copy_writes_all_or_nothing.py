"""`examples --copy DIR` names the path in its way (DIR a file, DIR/fleets a file, a file's place
taken by a folder), checks before copying, and leaves nothing behind when it fails."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from shipyard.core.output import write_all
from shipyard.errors import UserError
from tests.cli import shipyard


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_a_copy_into_a_file_names_it_and_copies_nothing(tmp_path: Path) -> None:
    (tmp_path / "ships").write_text("mine\n")
    run = shipyard("examples", "smallcraft", "--copy", tmp_path / "ships")
    assert run.code == 2
    (said,) = run.err.strip().splitlines()
    assert said.startswith(f"{tmp_path / 'ships'}:1: is a file, not a folder")
    assert (tmp_path / "ships").read_text() == "mine\n"
    assert _files(tmp_path) == ["ships"]


def test_a_copy_below_a_file_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "ships").write_text("mine\n")
    run = shipyard("examples", "smallcraft", "--copy", tmp_path / "ships" / "mine")
    assert run.code == 2 and run.err.startswith(f"{tmp_path / 'ships'}:1: is a file")


def test_a_copy_whose_fleets_is_a_file_names_it_and_copies_nothing(tmp_path: Path) -> None:
    (tmp_path / "fleets").write_text("not a folder\n")
    run = shipyard("examples", "smallcraft", "--copy", tmp_path)
    assert run.code == 2
    (said,) = run.err.strip().splitlines()
    assert said.startswith(f"{tmp_path / 'fleets'}:1: is a file, not a folder"), said
    assert _files(tmp_path) == ["fleets"]  # no examples/ copied before the fleets failed


def test_a_folder_where_a_copied_file_goes_is_named(tmp_path: Path) -> None:
    (tmp_path / "fleets" / "raiders.yaml").mkdir(parents=True)
    run = shipyard("examples", "smallcraft", "--copy", tmp_path, "--force")
    assert run.code == 2
    assert run.err.startswith(f"{tmp_path / 'fleets' / 'raiders.yaml'}:1: is a folder")
    assert _files(tmp_path) == ["fleets", "fleets/raiders.yaml"]


def test_a_write_that_fails_midway_takes_back_the_rest(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "kept.yaml").write_text("old\n")
    made = []
    real = tempfile.mkstemp

    def full_disk_on_the_third(*args: object, **kwargs: object) -> tuple[int, str]:
        if len(made) == 2:
            raise OSError(28, "No space left on device")
        made.append(1)
        return real(*args, **kwargs)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(tempfile, "mkstemp", full_disk_on_the_third)
    with pytest.raises(UserError) as caught:
        write_all({tmp_path / "a" / "one.yaml": b"1", tmp_path / "b" / "kept.yaml": b"2",
                   tmp_path / "c" / "d" / "three.yaml": b"3"})
    assert "No space left on device" in str(caught.value)
    assert _files(tmp_path) == ["b", "b/kept.yaml"]  # the folders made for it are gone too
    assert (tmp_path / "b" / "kept.yaml").read_text() == "old\n"


def test_a_copy_that_can_be_made_is_made_whole(tmp_path: Path) -> None:
    run = shipyard("examples", "smallcraft", "--copy", tmp_path / "new" / "ships")
    assert run.code == 0, run.err
    copied = _files(tmp_path / "new" / "ships")
    assert "examples/starfury.yaml" in copied and "fleets/raiders.yaml" in copied
    assert not [name for name in copied if name.endswith(".part")]
