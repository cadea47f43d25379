from __future__ import annotations

import pytest

from shipyard.core.yamlio import MAX_BYTES, load_file, load_text
from shipyard.errors import UserError


def error_of(text: str) -> tuple[str, int | None, str]:
    with pytest.raises(UserError) as caught:
        load_text(text, "f.yaml")
    (diag,) = caught.value.diagnostics
    return diag.code, diag.line, diag.message


def test_lines_of_keys_and_items() -> None:
    located = load_text("a: 1\nb:\n  - {x: 2}\n  - y: 3\n", "f.yaml")
    assert located.data == {"a": 1, "b": [{"x": 2}, {"y": 3}]}
    assert located.line_of(("b", 0, "x")) == 3
    assert located.line_of(("b", 1, "y")) == 4
    assert located.line_of(("b", 1, "y", "deeper", 7)) == 4  # nearest ancestor


def test_duplicate_key_names_both_lines() -> None:
    code, line, message = error_of("name: a\nhull: 3\nname: b\n")
    assert (code, line) == ("yaml.duplicate_key", 3)
    assert "first given on line 1" in message


def test_syntax_error_has_a_line() -> None:
    code, line, _ = error_of("a: 1\nb: [1, 2\nc: 3\n")
    assert code == "yaml.syntax" and line is not None


def test_alias_bomb_is_refused_quickly() -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [{','.join(['*' + prev] * 9)}]")
    code, _, _ = error_of("\n".join(lines) + "\n")
    assert code == "yaml.too_large"


def test_recursive_alias_is_refused() -> None:
    code, _, _ = error_of("a: &a [*a]\n")
    assert code in ("yaml.too_deep", "yaml.syntax", "yaml.too_large")


def test_python_tags_are_refused() -> None:
    code, line, _ = error_of("a: !!python/object/apply:os.system ['true']\n")
    assert (code, line) == ("yaml.tag", 1)


def test_merge_keys_are_refused() -> None:
    code, _, _ = error_of("base: &b {x: 1}\nother:\n  <<: *b\n")
    assert code == "yaml.merge"


def test_non_utf8_names_the_line(tmp_path) -> None:
    path = tmp_path / "d.yaml"
    path.write_bytes(b"system: smallcraft\nname: \xff\n")
    with pytest.raises(UserError) as caught:
        load_file(path)
    assert caught.value.diagnostics[0].line == 2
    assert caught.value.diagnostics[0].code == "file.encoding"


def test_oversized_file_is_refused_before_reading(tmp_path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(UserError) as caught:
        load_file(path)
    assert caught.value.diagnostics[0].code == "file.too_large"


def test_bom_is_ignored() -> None:
    assert load_text("\ufeffa: 1\n", "f").data == {"a": 1}


def test_empty_document_is_none() -> None:
    assert load_text("", "f").data is None


def test_a_tab_that_indents_is_named_a_tab_with_spaces_the_fix() -> None:
    code, line, message = error_of("name: a\nparts:\n\t- {part: bridge}\n")
    assert (code, line) == ("yaml.syntax", 3)
    assert "a tab" in message and "indent with spaces" in message
    assert "cannot start any token" not in message
