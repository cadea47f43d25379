"""Catalog layering and catalog errors that name their file and line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import pytest
from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator

from shipyard.core.catalog import Entries, Ref, ValidationContext, catalog_files, load_catalog
from shipyard.core.validation import validate
from shipyard.core.yamlio import load_text
from shipyard.errors import Diagnostic, Exit, UserError


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
    # named where it is in the overlay, not at its merged position (entries[1])
    assert diag.message.startswith("entries[0].cost: ")


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


# --- the machinery: tables by id, references, duplicate ids -------------------------------


class Hull(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    space: int


class Defaults(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    hull: Annotated[str, Ref("hulls", "hull")]


class Yardbook(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    hulls: Entries[Hull]
    defaults: Defaults


class Order(BaseModel):
    model_config = ConfigDict(extra="forbid")
    hull: Annotated[str, Ref("hulls", "hull", "see the yardbook")]
    escorts: list[Annotated[str, Ref("hulls", "hull", always=True)]] = []


BOOK = "hulls:\n  - {id: sword, space: 40}\n  - {id: lunar, space: 75}\ndefaults:\n  hull: sword\n"


def test_a_table_indexes_its_entries_by_id_and_keeps_their_order(tmp_path) -> None:
    (base,) = files(tmp_path, a=BOOK)
    book = load_catalog(Yardbook, [base])
    assert book.hulls["lunar"].space == 75
    assert [h.id for h in book.hulls] == ["sword", "lunar"] == book.hulls.ids()
    assert book.hulls[0].id == "sword" and book.hulls[-1].id == "lunar"  # as the list was
    assert "sword" in book.hulls and "cobra" not in book.hulls and len(book.hulls) == 2
    assert book.hulls.get("cobra") is None
    with pytest.raises(KeyError):
        book.hulls["cobra"]
    assert book.model_dump()["hulls"] == [{"id": "sword", "space": 40},
                                          {"id": "lunar", "space": 75}]
    assert Yardbook.model_json_schema()["properties"]["hulls"]["type"] == "array"
    assert book == load_catalog(Yardbook, [base]) and hash(book.hulls) == hash(book.hulls)


def test_a_table_built_directly_refuses_two_entries_with_one_id() -> None:
    with pytest.raises(ValueError, match="two entries have the id 'sword'"):
        Entries([Hull(id="sword", space=1), Hull(id="lunar", space=2), Hull(id="sword", space=3)])


def test_a_reference_in_a_catalog_is_checked_against_its_table_at_its_line(tmp_path) -> None:
    (base,) = files(tmp_path, a=BOOK.replace("hull: sword", "hull: lunr"))
    with pytest.raises(UserError) as caught:
        load_catalog(Yardbook, [base])
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line) == (str(base), 5)
    assert diag.message == "defaults.hull: unknown hull 'lunr'; did you mean 'lunar'?"


def test_an_overlay_entry_satisfies_a_reference(tmp_path) -> None:
    base, over = files(tmp_path, a=BOOK,
                       b="hulls:\n  - {id: cobra, space: 10}\ndefaults:\n  hull: cobra\n")
    assert load_catalog(Yardbook, [base, over]).defaults.hull == "cobra"


def test_a_reference_in_a_design_is_checked_against_the_catalog(tmp_path) -> None:
    (base,) = files(tmp_path, a=BOOK)
    context = ValidationContext(catalog=load_catalog(Yardbook, [base]))
    order = validate(Order, load_text("hull: lunar\nescorts: [sword]\n", "o.yaml"),
                     context=context)
    assert order.hull == "lunar"
    with pytest.raises(UserError) as caught:
        validate(Order, load_text("hull: lunar\nescorts:\n  - sword\n  - zzz\n", "o.yaml"),
                 context=context)
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line) == ("o.yaml", 4)
    # the closest id however far (always=True), else the known ones
    assert diag.message == "escorts[1]: unknown hull 'zzz'; did you mean 'sword'?"
    with pytest.raises(UserError) as caught:
        validate(Order, load_text("hull: zzz\n", "o.yaml"), context=context)
    assert caught.value.diagnostics[0].message == (
        "hull: unknown hull 'zzz'; known: sword, lunar (see the yardbook)")


def test_without_a_catalog_a_reference_is_not_checked() -> None:
    assert Order.model_validate({"hull": "anything"}).hull == "anything"


def test_a_plain_dict_context_is_refused_rather_than_silently_unchecked() -> None:
    with pytest.raises(TypeError, match="not a ValidationContext"):
        Order.model_validate({"hull": "x"}, context={"catalog": None})


def test_a_validator_reads_the_typed_context() -> None:
    seen: list[Yardbook | None] = []

    class Probe(BaseModel):
        hull: str

        @field_validator("hull")
        @classmethod
        def _look(cls, value: str, info: ValidationInfo) -> str:
            seen.append(ValidationContext.of(info).catalog_as(Yardbook))
            return value

    book = Yardbook(hulls=Entries([Hull(id="sword", space=40)]), defaults=Defaults(hull="sword"))
    Probe.model_validate({"hull": "a"}, context=ValidationContext(catalog=book))
    Probe.model_validate({"hull": "a"}, context=ValidationContext(catalog="not a book"))
    Probe.model_validate({"hull": "a"})
    assert seen == [book, None, None]


def _duplicate_error(load: list[Path]) -> Diagnostic:
    with pytest.raises(UserError) as caught:
        load_catalog(Yardbook, load)
    (diag,) = caught.value.diagnostics
    assert diag.code == "catalog.duplicate_id" and caught.value.status == Exit.INPUT
    return diag


def test_two_entries_with_one_id_in_one_file_are_an_error_at_the_second(tmp_path) -> None:
    (base,) = files(tmp_path, a=BOOK.replace("defaults:", "  - {id: sword, space: 41}\ndefaults:"))
    diag = _duplicate_error([base])
    assert (diag.file, diag.line) == (str(base), 4)
    assert diag.message.startswith("hulls: a second entry with id 'sword' (the first is at line 2)")


def test_two_files_of_one_folder_are_one_layer(tmp_path) -> None:
    (tmp_path / "builtin").mkdir()
    first, second = tmp_path / "builtin" / "a.yaml", tmp_path / "builtin" / "b.yaml"
    first.write_text(BOOK)
    second.write_text("# more\nhulls:\n  - {id: cobra, space: 10}\n  - {id: lunar, space: 9}\n")
    diag = _duplicate_error([first, second])
    assert (diag.file, diag.line) == (str(second), 4)
    assert f"(the first is at {first}:3)" in diag.message


def test_an_overlay_may_replace_an_entry_once_but_not_twice(tmp_path) -> None:
    base, over = files(tmp_path, a=BOOK, b="hulls:\n  - {id: sword, space: 44}\n")
    assert load_catalog(Yardbook, [base, over]).hulls["sword"].space == 44
    over.write_text("hulls:\n  - {id: sword, space: 44}\n  - {id: sword, space: 45}\n")
    diag = _duplicate_error([base, over])
    assert (diag.file, diag.line) == (str(over), 3)


def test_one_overlay_folder_named_twice_is_one_layer(tmp_path) -> None:
    (tmp_path / "sys").mkdir()
    (tmp_path / "house" / "sys").mkdir(parents=True)
    (tmp_path / "sys" / "a.yaml").write_text(BOOK)
    (tmp_path / "house" / "sys" / "b.yaml").write_text("hulls:\n  - {id: sword, space: 44}\n")
    found = catalog_files(tmp_path / "sys", [tmp_path / "house", tmp_path / "house"], "sys")
    assert load_catalog(Yardbook, found).hulls["sword"].space == 44


def test_an_id_that_is_not_a_word_is_an_error_at_its_line_not_a_crash(tmp_path) -> None:
    base, over = files(tmp_path, a=BOOK, b="hulls:\n  - id: [sword]\n    space: 3\n")
    with pytest.raises(UserError) as caught:
        load_catalog(Yardbook, [base, over])
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line) == (str(over), 2) and "hulls[0].id" in diag.message


def test_two_entries_with_one_id_on_one_line_are_caught_too(tmp_path) -> None:
    (base,) = files(tmp_path, a="hulls: [{id: a, space: 1}, {id: a, space: 2}]\n"
                                "defaults: {hull: a}\n")
    diag = _duplicate_error([base])
    assert (diag.file, diag.line) == (str(base), 1)
    assert "(the first is at line 1)" in diag.message


class Deep(BaseModel):
    model_config = ConfigDict(extra="forbid")
    points: dict[str, dict[str, int]]
    note: str | None = "built in"
    entries: list[Entry]


def test_maps_merge_key_by_key_at_every_depth_and_null_removes_a_key(tmp_path) -> None:
    # an overlay's nested map replaced the whole built-in map
    base, over = files(
        tmp_path,
        a="points:\n  class_base: {light: 10, medium: 20, heavy: 40}\n  per: {x: 1}\n"
          "note: base\nentries:\n  - {id: one, cost: 1}\n",
        b="points:\n  class_base: {medium: 30}\nnote: null\n")
    deep = load_catalog(Deep, [base, over])
    assert deep.points == {"class_base": {"light": 10, "medium": 30, "heavy": 40},
                           "per": {"x": 1}}
    assert deep.note == "built in"  # removed by the overlay: the model's default


def test_a_deep_error_is_told_at_the_layer_that_set_it(tmp_path) -> None:
    base, over = files(
        tmp_path,
        a="points:\n  class_base: {light: 10, medium: 20}\nentries:\n  - {id: one, cost: 1}\n",
        b="# house\npoints:\n  class_base:\n    medium: lots\n")
    with pytest.raises(UserError) as caught:
        load_catalog(Deep, [base, over])
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line) == (str(over), 4)
    assert diag.message.startswith("points.class_base.medium: ")


class Whole(BaseModel):
    model_config = ConfigDict(extra="forbid")
    points: dict[str, int]

    @field_validator("points")
    @classmethod
    def every_grade(cls, value: dict[str, int]) -> dict[str, int]:
        missing = [g for g in ("a", "b", "c") if g not in value]
        if missing:
            raise ValueError(f"no value for {missing[0]}")
        return value


def test_a_map_an_overlay_emptied_of_a_key_is_told_at_the_overlay(tmp_path) -> None:
    # dropfleet `lock_value: {"4+": null}` was told at the built-in
    # points.yaml:8, the line of the map before the overlay removed one of its keys
    base, over = files(tmp_path, a="# built in\n\npoints: {a: 1, b: 2, c: 3}\n",
                       b="points:\n  b: null\n")
    with pytest.raises(UserError) as caught:
        load_catalog(Whole, [base, over])
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line) == (str(over), 1)
    assert diag.message.startswith("points: ") and "no value for b" in diag.message


def test_a_key_an_overlay_left_alone_is_still_told_at_its_own_layer(tmp_path) -> None:
    base, over = files(tmp_path, a="# built in\n\npoints:\n  a: 1\n  b: lots\n",
                       c="points:\n  a: 5\n  c: 3\n")
    with pytest.raises(UserError) as caught:
        load_catalog(Whole, [base, over])
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line) == (str(base), 5)
