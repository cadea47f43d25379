"""Every tag PyYAML's safe loader constructs, given a value it cannot build, and every key that is
not a name: one `FILE:LINE: message` at the value's own line, exit 2, never a traceback."""

from __future__ import annotations

import pytest

from shipyard.core.yamlio import load_text
from shipyard.errors import Exit, UserError
from tests.cli import shipyard
from tests.conftest import ROOT

# tag -> (a value it cannot build, the code said, words the message carries). The value sits on
# line 3 of a design, so a line taken from anywhere but the value's node shows.
CANNOT_BUILD = {
    "null": ("!!null x", "yaml.value", "(null)"),
    "bool": ("!!bool maybe", "yaml.value", "(true or false); write true or false"),
    "bool, empty": ('!!bool ""', "yaml.value", "(true or false)"),
    "int, empty": ('!!int ""', "yaml.value", "(a whole number)"),
    "int, a sign alone": ("!!int +", "yaml.value", "(a whole number)"),
    "int, 5,000 digits": ("9" * 5000, "yaml.value", "(5,000 characters) as a YAML value"),
    "int, a bare prefix": ("!!int 0x", "yaml.value", "(a whole number)"),
    "float, empty": ('!!float ""', "yaml.value", "(a number)"),
    "float, a dot": ("!!float .", "yaml.value", "(a number)"),
    "binary": ("!!binary aGk=", "yaml.tag", "!!binary on a single value"),
    "binary, not base64": ('!!binary "a"', "yaml.tag", "!!binary"),
    "timestamp, not a date": ("!!timestamp foo", "yaml.value", "(a date)"),
    "timestamp, month 13": ("2024-13-45", "yaml.value", "(a date)"),
    "timestamp, day out of range": ("2024-02-30", "yaml.value", "(a date)"),
    "timestamp, hour 99": ("!!timestamp 2024-01-01 99:00:00", "yaml.value", "(a date)"),
    "omap, a list of numbers": ("!!omap [1, 2]", "yaml.tag", "!!omap on a list"),
    "omap, a single value": ("!!omap x", "yaml.tag", "!!omap on a single value"),
    "pairs": ("!!pairs [1]", "yaml.tag", "!!pairs on a list"),
    "set, a list": ("!!set [1]", "yaml.tag", "!!set on a list"),
    "set, a mapping": ("!!set {a: 1}", "yaml.tag", "!!set on a mapping"),
    "str, a list": ("!!str [1]", "yaml.tag", "!!str on a list"),
    "str, a mapping": ("!!str {a: 1}", "yaml.tag", "!!str on a mapping"),
    "seq, a single value": ("!!seq x", "yaml.tag", "!!seq on a single value"),
    "seq, a mapping": ("!!seq {a: 1}", "yaml.tag", "!!seq on a mapping"),
    "map, a single value": ("!!map x", "yaml.tag", "!!map on a single value"),
    "map, a list": ("!!map [1]", "yaml.tag", "!!map on a list"),
    "merge, as a value": ("!!merge x", "yaml.tag", "!!merge"),
    "a local tag": ("!ship x", "yaml.tag", "!ship"),
}


def _error(text: str) -> tuple[str, int | None, str]:
    with pytest.raises(UserError) as caught:
        load_text(text, "f.yaml")
    assert caught.value.status == Exit.INPUT
    (diag,) = caught.value.diagnostics
    return diag.code, diag.line, diag.message


@pytest.mark.parametrize("case", sorted(CANNOT_BUILD))
def test_a_value_its_tag_cannot_build_is_one_line_at_the_value(case: str) -> None:
    value, code, words = CANNOT_BUILD[case]
    found = _error(f"system: smallcraft\nname: x\nnotes: {value}\nhull: 60\n")
    assert found[:2] == (code, 3)
    assert words in found[2], found[2]


@pytest.mark.parametrize("case", sorted(CANNOT_BUILD))
def test_a_key_its_tag_cannot_build_is_one_line_at_the_key(case: str) -> None:
    value, code, _ = CANNOT_BUILD[case]
    found = _error(f"system: smallcraft\nname: x\n? {value}\n: 1\n")
    # a key that builds (a number, a date, a null) is still not a name
    assert found[:2] in ((code, 3), ("yaml.key", 3), ("yaml.merge", 3))


# key -> what it reads as
NOT_A_NAME = {"1": "a number", "1.5": "a number", "~": "null", "null": "null",
              "true": "true or false", "no": "true or false", "2024-01-01": "a date",
              "!!int 7": "a number"}


@pytest.mark.parametrize("key", sorted(NOT_A_NAME))
def test_a_key_that_is_not_text_is_not_a_name(key: str) -> None:
    code, line, message = _error(f"system: smallcraft\nparts:\n  {key}: 1\n")
    assert (code, line) == ("yaml.key", 3)
    assert message.startswith("a key must be a name") and NOT_A_NAME[key] in message, message


@pytest.mark.parametrize("key", ["[1, 2]", "{a: 1}"])
def test_a_list_or_mapping_as_a_key_is_not_a_name(key: str) -> None:
    code, line, message = _error(f"system: smallcraft\n? {key}\n: 1\n")
    assert (code, line) == ("yaml.key", 2) and message.startswith("a key must be a name")


def test_a_quoted_number_is_a_name() -> None:
    assert load_text("'1': x\n\"2024-01-01\": y\n", "f").data == {"1": "x", "2024-01-01": "y"}


def test_a_merge_key_is_refused_at_its_line() -> None:
    code, line, _ = _error("base: &b {x: 1}\nother:\n  <<: *b\n")
    assert (code, line) == ("yaml.merge", 3)


def test_the_tags_a_design_may_use_still_build() -> None:
    text = ("a: !!str 12\nb: !!int '7'\nc: !!float 2\nd: !!bool yes\ne: !!null ''\nf: 2024-02-29\n"
            "g: !!seq [1]\nh: !!map {x: 1}\n")
    data = load_text(text, "f").data
    assert data["a"] == "12" and data["b"] == 7 and data["c"] == 2.0 and data["d"] is True
    assert data["e"] is None and str(data["f"]) == "2024-02-29"
    assert data["g"] == [1] and data["h"] == {"x": 1}


EXAMPLE = ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml"


@pytest.mark.parametrize("line", ['notes: !!int ""', "!!bool maybe: 1", "notes: !!timestamp foo",
                                  "2024-13-45: 1", "? " + "9" * 5000 + "\n: 1"])
def test_a_design_fleet_and_overlay_with_such_a_value_exit_2_in_one_line(tmp_path, line) -> None:
    design = tmp_path / "design.yaml"
    design.write_text(f"system: smallcraft\nname: Odd\n{line}\nhull: 60\n")
    fleet = tmp_path / "fleet.yaml"
    fleet.write_text(f"system: smallcraft\nname: Odd\n{line}\nships:\n  - {EXAMPLE}\n")
    overlay = tmp_path / "overlay" / "smallcraft"
    overlay.mkdir(parents=True)
    (overlay / "combat.yaml").write_text(f"combat:\n  {line.replace(chr(10), chr(10) + '  ')}\n")
    for args, where in (((design,), design), ((fleet,), fleet),
                        (("--catalog", tmp_path / "overlay", "validate", EXAMPLE),
                         overlay / "combat.yaml")):
        run = shipyard(*args) if args[0] == "--catalog" else shipyard("validate", *args)
        assert run.code == 2, run.err
        (said,) = run.err.strip().splitlines()
        assert said.startswith(f"{where}:{3 if where != overlay / 'combat.yaml' else 2}: ")
        assert "Traceback" not in run.err + run.out
