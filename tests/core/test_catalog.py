"""Catalog layering and catalog errors that name their file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from shipyard.core.catalog import load_catalog
from shipyard.errors import UserError


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    cost: int


class Toy(BaseModel):
    model_config = ConfigDict(extra="forbid")
    options: dict[str, int]
    entries: list[Entry]


def files(tmp_path: Path, **texts: str) -> list[Path]:
    """One file per layer: each in its own folder, as the built-in catalog and an overlay."""
    out = []
    for name, text in texts.items():
        (tmp_path / name).mkdir()
        path = tmp_path / name / f"{name}.yaml"
        path.write_text(text)
        out.append(path)
    return out


def test_overlay_replaces_entries_by_id_and_options_by_key(tmp_path) -> None:
    base, over = files(
        tmp_path,
        a="options: {x: 1, y: 2}\nentries:\n  - {id: one, cost: 1}\n  - {id: two, cost: 2}\n",
        b="options: {y: 20}\nentries:\n  - {id: two, cost: 22}\n  - {id: three, cost: 3}\n")
    toy = load_catalog(Toy, [base, over])
    assert toy.options == {"x": 1, "y": 20}
    assert [(e.id, e.cost) for e in toy.entries] == [("one", 1), ("two", 22), ("three", 3)]


def test_error_in_an_overlay_names_the_overlay_file_and_line(tmp_path) -> None:
    base, over = files(
        tmp_path,
        a="options: {x: 1}\nentries:\n  - {id: one, cost: 1}\n",
        b="entries:\n  - id: two\n    cost: lots\n")
    with pytest.raises(UserError) as caught:
        load_catalog(Toy, [base, over])
    (diag,) = caught.value.diagnostics
    assert diag.file == str(over) and diag.line == 3
    assert "entries[1].cost" in diag.message


def test_error_in_a_base_file_names_it(tmp_path) -> None:
    (base,) = files(tmp_path, a="options: {x: 1}\nentries:\n  - {id: one, cost: 1, extra: 2}\n")
    with pytest.raises(UserError) as caught:
        load_catalog(Toy, [base])
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line, diag.code) == (str(base), 3, "catalog.unknown_key")


def test_a_catalog_file_must_be_a_mapping(tmp_path) -> None:
    (base,) = files(tmp_path, a="- 1\n- 2\n")
    with pytest.raises(UserError) as caught:
        load_catalog(Toy, [base])
    assert caught.value.diagnostics[0].code == "catalog.invalid"


def test_every_builtin_catalog_loads(yard) -> None:
    for system_id in yard.system_ids():
        assert yard.catalog(yard.system(system_id)) is not None
