"""`shipyard examples` and `shipyard rulings` reach what a system ships from any folder, and
nothing the tool prints cites a file an installed user does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shipyard.core import bundled
from tests.cli import shipyard
from tests.conftest import ROOT

SYSTEMS = ["smallcraft", "rogue-trader", "dropfleet", "traveller", "d12-facings"]
# a file name or a checkout's folder, where the reader should have been sent to a command
FILE_CITED = re.compile(r"\b[\w-]+\.md\b|\bcatalogs/|\bdocs/")
CITED = re.compile(r"shipyard rulings ([a-z0-9-]+) ([\w-]+(?:\.[\w-]+)*)")


def bundled_files(system: str) -> list[str]:
    folder = ROOT / "catalogs" / system
    return sorted(p.relative_to(folder).as_posix() for name in bundled.FOLDERS
                  for p in (folder / name).glob("*.yaml"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_examples_lists_every_bundled_design_and_fleet_by_name(system: str) -> None:
    run = shipyard("examples", system)
    assert run.code == 0, run.err
    listed = sorted(line.split()[0] for line in run.out.splitlines()[3:]
                    if not line.startswith("  ("))  # the note on the bad designs
    assert listed == bundled_files(system)
    assert "fleet " in run.out or not any(f.startswith("fleets/") for f in listed)


@pytest.mark.parametrize("system", ["dropfleet", "rogue-trader"])
def test_copied_fleets_find_their_designs(system: str, tmp_path: Path) -> None:
    run = shipyard("examples", system, "--copy", "mine", cwd=tmp_path)
    assert run.code == 0, run.err
    assert sorted(p.relative_to(tmp_path / "mine").as_posix()
                  for p in (tmp_path / "mine").rglob("*.yaml")) == sorted(
        bundled_files(system) + bundled.bad_designs(ROOT / "catalogs" / system))
    fleets = sorted((tmp_path / "mine" / "fleets").glob("*.yaml"))
    assert fleets
    read = []
    for fleet in fleets:  # dropfleet's Scourge raid lists stock ships only
        checked = shipyard("validate", fleet.relative_to(tmp_path), cwd=tmp_path)
        assert checked.code == 0, checked.err
        read.append("  mine/examples/" in checked.out)
    assert any(read)  # a fleet's designs, read from the copy


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_bad_designs_come_with_the_examples_and_fail_as_their_golden_lines_say(
        system: str, tmp_path: Path) -> None:
    run = shipyard("examples", system, "--copy", "mine", cwd=tmp_path)
    assert run.code == 0, run.err
    bad = sorted(p.name for p in (tmp_path / "mine" / "bad").glob("*.yaml"))
    assert bad and f"and {len(bad)} designs in mine/bad/, each wrong on purpose" in run.out
    checked = shipyard("validate", *bad, cwd=tmp_path / "mine" / "bad")
    golden = (ROOT / "catalogs" / system / "bad" / "expected.txt").read_text(encoding="utf-8")
    assert checked.code in (1, 2) and checked.err.splitlines() == golden.splitlines()


def test_copy_overwrites_only_with_force(tmp_path: Path) -> None:
    assert shipyard("examples", "smallcraft", "--copy", ".", cwd=tmp_path).code == 0
    mine = tmp_path / "examples" / "raider.yaml"
    mine.write_text("system: smallcraft\nname: Mine\n", encoding="utf-8")
    refused = shipyard("examples", "smallcraft", "--copy", ".", cwd=tmp_path)
    assert refused.code == 2
    assert refused.err.splitlines() == [
        "examples/galileo.yaml:1: already exists (and 10 more); pass --force to overwrite, or "
        "copy to another folder"]
    assert mine.read_text(encoding="utf-8").startswith("system: smallcraft\nname: Mine")
    assert shipyard("examples", "smallcraft", "--copy", ".", "--force", cwd=tmp_path).code == 0
    assert mine.read_bytes() == (ROOT / "catalogs/smallcraft/examples/raider.yaml").read_bytes()


@pytest.mark.parametrize("system", SYSTEMS)
def test_rulings_prints_the_system_rulings_and_each_code(system: str) -> None:
    text = (ROOT / "catalogs" / system / "RULINGS.md").read_text(encoding="utf-8")
    whole = shipyard("rulings", system)
    assert whole.code == 0 and whole.out == text.rstrip("\n") + "\n"
    codes = bundled.codes(text)
    assert len(codes) >= 5
    for code in codes:
        one = shipyard("rulings", system, code.lower())
        assert one.code == 0, (code, one.err)
        assert code in one.out.split("\n")[0] or code in one.out, code
        assert len(one.out) < len(text) / 2, code


def test_a_ruling_holds_its_indented_table() -> None:
    run = shipyard("rulings", "smallcraft", "R4")
    assert run.out.startswith("- **R4 ") and "  | `submersible` |" in run.out
    assert "**R5" not in run.out


def test_rulings_finds_a_ruling_by_title_and_a_section_of_the_catalog_notes() -> None:
    ties = shipyard("rulings", "smallcraft", "hex ties")
    assert ties.out.startswith("- **Hex ties.**") and ties.out.count("- **") == 1
    formula = shipyard("rulings", "dropfleet", "formula")
    assert formula.code == 0 and formula.out.startswith("## The points formula (house)")
    assert "## Calibration" not in formula.out


def test_an_unknown_ruling_is_one_line_with_the_nearest_code() -> None:
    run = shipyard("rulings", "traveller", "TRV-R99")
    assert run.code == 2
    (line,) = run.err.splitlines()
    assert re.fullmatch(r"shipyard: traveller has no ruling 'TRV-R99'; did you mean 'TRV-R\d\d'\?",
                        line), line


def _printed(system: str, folder: Path) -> str:
    """Everything a user of `system` reads: catalog, verdicts, profiles, sheet and cards."""
    assert shipyard("examples", system, "--copy", ".", cwd=folder).code == 0
    files = [p.relative_to(folder).as_posix() for p in sorted(folder.rglob("*.yaml"))
             if p.parent.name != bundled.BAD]  # those fail on purpose: tested above
    runs = [shipyard("catalog", system, cwd=folder), shipyard("catalog", system, "--json",
                                                             cwd=folder),
            shipyard("validate", "--json", *files, cwd=folder)]
    runs += [shipyard("show", file, cwd=folder) for file in files]
    sheet = shipyard("sheet", files[0], "--cards", "--format", "html", "-o", "out.html",
                     cwd=folder)
    assert sheet.code == 0, sheet.err
    return "\n".join(r.out + r.err for r in runs) + (folder / "out.html").read_text("utf-8")


@pytest.mark.parametrize("system", SYSTEMS)
def test_nothing_printed_cites_a_file_and_every_cited_ruling_exists(system: str,
                                                                    tmp_path: Path) -> None:
    printed = _printed(system, tmp_path)
    assert not FILE_CITED.findall(printed), sorted(set(FILE_CITED.findall(printed)))
    for cited_system, code in set(CITED.findall(printed)):
        assert shipyard("rulings", cited_system, code).code == 0, (cited_system, code)
