"""Error objects in JSON carry the column and the offending value; the printed line does not."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from shipyard.cli.app import user_errors
from shipyard.core.yamlio import load_text
from shipyard.errors import Diagnostic, UserError, json_value
from tests.cli import shipyard
from tests.conftest import ROOT

BAD = ROOT / "tests" / "bad"


def first_error(path: Path) -> dict[str, object]:
    run = shipyard("validate", "--json", path)
    errors = run.json()[0]["errors"]
    assert errors
    first: dict[str, object] = errors[0]
    return first


def column_of(path: Path, line: int, text: str) -> int:
    """Where `text` starts on `line` of the file, counted from 1 as editors do."""
    return path.read_text().splitlines()[line - 1].index(text) + 1


def test_a_yaml_syntax_error_has_its_column_and_the_character_there() -> None:
    path = BAD / "malformed.yaml"  # `hull: [60` never closes; the parser stops at `components:`
    error = first_error(path)
    assert error["code"] == "yaml.syntax" and error["line"] == 4
    assert isinstance(error["column"], int)
    line = path.read_text().splitlines()[3]
    assert error["value"] == line[error["column"] - 1]


def test_an_unknown_key_has_the_column_of_the_key_and_its_name() -> None:
    path = BAD / "unknown_key.yaml"
    error = first_error(path)
    assert (error["code"], error["line"]) == ("schema.unknown_key", 5)
    assert error["column"] == column_of(path, 5, "cblocks")
    assert error["value"] == "cblocks"


@pytest.mark.parametrize(("name", "line", "key", "value"), [
    ("wrong_type_hull.yaml", 3, "hull", "sixty"),
    ("wrong_type_bool.yaml", 6, "room_to_move", "maybe"),
])
def test_a_wrong_type_has_the_column_of_its_key_and_the_value_given(
        name: str, line: int, key: str, value: str) -> None:
    path = BAD / name
    error = first_error(path)
    assert (error["code"], error["line"]) == ("schema.invalid", line)
    assert error["column"] == column_of(path, line, key)
    assert error["value"] == value


def test_the_printed_line_keeps_file_line_message_without_the_column() -> None:
    path = BAD / "unknown_key.yaml"
    run = shipyard("validate", path)
    assert run.err.splitlines()[0].startswith(f"{path}:5: unknown key 'cblocks'")


def test_every_error_object_has_column_and_value_even_when_unknown() -> None:
    # a budget finding knows its line but not a column or a single offending value
    report = shipyard("validate", "--json", BAD / "illegal_over_hull.yaml").json()[0]
    for error in report["errors"]:
        assert {"code", "message", "line", "column", "value"} <= set(error)
    missing = first_error(BAD / "missing_hull.yaml")
    assert missing["value"] is None


def test_positions_come_from_the_same_place_as_the_line() -> None:
    located = load_text("a: 1\nb:\n  - {x: 2}\n  -   y: 3\n", "f.yaml")
    assert located.position_of(("b", 0, "x")) == (3, 6)
    assert located.position_of(("b", 1, "y")) == (4, 7)
    assert located.position_of(("b", 1, "y", "deeper")) == (4, 7)  # nearest ancestor
    assert located.position_of(("nowhere",)) == (1, 1)  # the document itself


def test_values_are_plain_json_or_left_out() -> None:
    import datetime

    assert json_value(datetime.date(2024, 5, 1)) == "2024-05-01"
    assert json_value(float("nan")) is None
    assert json_value(b"\x00") is None
    assert json_value({"a": (1, 2)}) == {"a": [1, 2]}
    assert json_value(list(range(1000))) is None  # would swamp the report


def test_user_errors_turns_a_user_error_into_its_lines_and_status(capsys) -> None:
    @user_errors
    def command(size: int) -> int:
        if size < 0:
            raise UserError([Diagnostic("x.bad", "too small", line=3, file="f.yaml", column=2)])
        return size

    assert command(5) == 5
    with pytest.raises(typer.Exit) as caught:
        command(-1)
    assert caught.value.exit_code == 2
    assert capsys.readouterr().err == "f.yaml:3: too small\n"
