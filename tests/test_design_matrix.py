"""`shipyard matrix`: every design against every other, each pairing's fights split over both
orders, bounded before any fight, the same for the same seed however many processes run it;
its page's numbers are its `--json`'s."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from shipyard.core import matrix as core_matrix
from tests.cli import shipyard
from tests.conftest import ROOT

CAT = ROOT / "catalogs"
D12 = [CAT / "d12-facings/examples" / f"{name}.yaml" for name in ("wasp", "kestrel", "bulldog")]
SMALLCRAFT = [CAT / "smallcraft/examples" / f"{n}.yaml" for n in ("galileo", "raider", "starfury")]


def test_each_pairing_is_fought_runs_times_split_over_both_orders() -> None:
    todo = core_matrix.tasks(3, 11, 7)
    assert len(todo) == 6 and len({t.seed for t in todo}) == 6
    for i in range(3):
        for j in range(i + 1, 3):
            mine = [t for t in todo if {t.row, t.col} == {i, j}]
            assert sorted(t.runs for t in mine) == [5, 6]
            assert {(t.row, t.col) for t in mine} == {(i, j), (j, i)}


def test_the_table_and_the_json_agree_and_cells_add_up(tmp_path: Path) -> None:
    args = ["matrix", *SMALLCRAFT, "--runs", "8", "--seed", "3", "--engine", "plain"]
    data = shipyard(*args, "--json").json()
    assert data["system"] == "smallcraft" and data["runs"] == 8
    names = [d["name"] for d in data["designs"]]
    assert sorted(d["file"] for d in data["designs"]) == sorted(map(str, SMALLCRAFT))
    shares = [d["share"] for d in data["designs"]]
    assert shares == sorted(shares, reverse=True)  # strongest first
    cells = data["cells"]
    for r in range(3):
        assert cells[r][r] is None
        for c in range(3):
            if r != c:
                assert cells[r][c]["fights"] == 8
                assert cells[r][c]["won"] + cells[c][r]["won"] <= 8
    assert all(d["price"] is None and d["per_win"] is None for d in data["designs"])
    out = tmp_path / "matrix.pdf"
    done = shipyard(*args, "-o", out)
    assert done.code == 0, done.err
    rows = [line.split() for line in done.out.splitlines()[1:] if line.strip()[:1].isdigit()]
    assert [row[1] for row in rows] == [n.split()[0] for n in names]
    text = re.sub(r"\s+", " ", " ".join(
        p.extract_text() for p in PdfReader(io.BytesIO(out.read_bytes())).pages))
    for d in data["designs"]:
        assert d["name"] in text and f"{100 * d['share']:.1f}%" in text
    for row in cells:
        for cell in row:
            if cell is not None:
                assert f"{100 * cell['share']:.0f}" in text


def test_a_priced_system_gives_the_price_per_win() -> None:
    data = shipyard("matrix", *D12, "--runs", "6", "--seed", "1", "--engine", "plain",
                    "--json").json()
    for d in data["designs"]:
        assert d["price"] > 0
        assert d["per_win"] is None if not d["share"] else d["per_win"] == pytest.approx(
            d["price"] / d["share"])


def test_a_folder_gives_its_designs_and_leaves_fleets_out(tmp_path: Path) -> None:
    folder = tmp_path / "set"
    folder.mkdir()
    for path in D12[:2]:
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "pack.yaml").write_bytes((CAT / "d12-facings/fleets/raider-pack.yaml").read_bytes())
    data = shipyard("matrix", folder, "--runs", "2", "--seed", "1", "--engine", "plain",
                    "--json").json()
    assert len(data["designs"]) == 2


@pytest.mark.parametrize(("given", "says"), [
    (lambda: [D12[0]] * 31, "31 designs: a matrix takes at most 30"),
    (lambda: [*D12, "--runs", "700000"], "is 2,100,000 fights; a matrix takes at most "
                                         "2,000,000: give --runs 666,666 or fewer"),
    (lambda: [D12[0], SMALLCRAFT[0]], "a matrix is of one system's designs"),
    (lambda: [D12[0]], "a matrix needs two or more"),
    (lambda: [D12[0], CAT / "d12-facings/fleets/raider-pack.yaml"], "a fleet file"),
    (lambda: [*D12, "-o", "m.txt"], "name it .pdf, .html, .png or .svg"),
])
def test_what_a_matrix_refuses_is_one_line_and_exit_2(given, says: str, tmp_path: Path) -> None:
    done = shipyard("matrix", *given(), "--engine", "plain", cwd=tmp_path)
    assert done.code == 2, done.out
    assert says in done.err and len(done.err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


def test_the_documented_bounds_are_the_codes() -> None:
    page = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    assert f"| designs in one `matrix` | {core_matrix.MAX_DESIGNS} |" in page
    assert f"| fights in one `matrix` | {core_matrix.MAX_FIGHTS:,} |" in page


@pytest.mark.slow
def test_the_same_seed_gives_the_same_matrix_in_one_process_or_two(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.core.yard import Yard

    yard = Yard()
    designs = [yard.read(path) for path in D12]
    alone = core_matrix.play(designs, 10, 4, "plain", processes=1)
    monkeypatch.setattr(core_matrix, "POOL_FROM", 1)
    pooled = core_matrix.play(designs, 10, 4, "plain", files=D12, processes=2)
    assert pooled.tallies == alone.tallies
