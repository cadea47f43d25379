"""The output format follows OUT's extension; PNG writes a picture of each page."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.cli import shipyard

ROOT = Path(__file__).resolve().parent.parent
STARFURY = ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml"
PNG = b"\x89PNG\r\n\x1a\n"


def _kind(path: Path) -> str:
    head = path.read_bytes()[:16]
    if head.startswith(b"%PDF"):
        return "pdf"
    if head.startswith(PNG):
        return "png"
    return "html" if b"<" in head.lower() else "?"


@pytest.mark.parametrize("name", ["x.pdf", "x.html", "x.HTM", "x.png"])
def test_sheet_writes_what_the_name_says(name: str, tmp_path: Path) -> None:
    run = shipyard("sheet", STARFURY, "-o", tmp_path / name)
    assert run.code == 0, run.err
    assert _kind(tmp_path / name) == {"pdf": "pdf", "html": "html", "htm": "html",
                                      "png": "png"}[name.split(".")[1].lower()]


def test_cards_take_the_extension_and_format_too(tmp_path: Path) -> None:
    assert shipyard("cards", "smallcraft", "-o", tmp_path / "c.html").code == 0
    assert _kind(tmp_path / "c.html") == "html"
    run = shipyard("cards", "smallcraft", "--format", "png", cwd=tmp_path)
    assert run.code == 0 and run.out == "wrote smallcraft-cards.png\n"
    assert _kind(tmp_path / "smallcraft-cards.png") == "png"


def test_png_is_one_file_a_page(tmp_path: Path) -> None:
    run = shipyard("sheet", STARFURY, STARFURY, "-o", tmp_path / "pair.png")
    assert run.code == 0, run.err
    assert run.out.splitlines() == [f"wrote {tmp_path / 'pair.png'}",
                                    f"wrote {tmp_path / 'pair-2.png'}"]
    assert _kind(tmp_path / "pair.png") == _kind(tmp_path / "pair-2.png") == "png"
    assert not (tmp_path / "pair-3.png").exists()


def test_a_png_carries_its_resolution_so_it_prints_at_the_pages_size(tmp_path: Path) -> None:
    from PIL import Image

    from shipyard.core import png

    assert shipyard("sheet", STARFURY, "-o", tmp_path / "s.png").code == 0
    with Image.open(tmp_path / "s.png") as image:
        dpi = image.info.get("dpi")
        assert dpi is not None and round(dpi[0]) == round(dpi[1]) == png.DPI
        assert abs(image.width / png.DPI * 25.4 - 210) < 1  # A4's 210 mm across


def test_a_png_draws_a_thin_rule_as_one_row_of_dark_pixels() -> None:
    """A 0.5 pt rule (every table line on a sheet) is one row of dark pixels, not smeared over
    two rows of grey (anti-aliased paths): crisp on screen and in print."""
    import io

    from PIL import Image

    from shipyard.core import pdf, png

    document = pdf.html_to_pdf('<p style="border-bottom: 0.5pt solid #000; height: 10mm">x</p>'
                               '<p style="border-bottom: 0.5pt solid #000; height: 13.3mm">y</p>',
                               [], "a4")
    image = Image.open(io.BytesIO(png.pages(document)[0])).convert("L")
    across = range(image.width // 4, image.width // 2)  # clear of the text
    rows = [min(image.getpixel((x, y)) for x in across) for y in range(image.height // 4)]
    ruled = [y for y, darkest in enumerate(rows) if darkest < 250]
    assert len(ruled) == 2 and ruled[1] - ruled[0] > 1  # two rules, a pixel row each
    assert all(rows[y] < 100 for y in ruled)  # dark, not a pale grey


@pytest.mark.parametrize(("args", "says"), [
    (["-o", "x.docx"], "cannot write a .docx file"),
    (["-o", "x.pdf", "--format", "html"], "--format html and -o x.pdf disagree"),
    (["-o", "x.html", "--format", "png"], "--format png and -o x.html disagree"),
])
def test_a_wrong_extension_is_one_line_and_exit_2(args: list[str], says: str,
                                                   tmp_path: Path) -> None:
    for command in (["sheet", str(STARFURY)], ["cards", "smallcraft"]):
        run = shipyard(*command, *args, cwd=tmp_path)
        assert run.code == 2
        assert run.err.count("\n") == 1 and says in run.err
        assert not list(tmp_path.iterdir())


def test_pypdfium2_is_a_runtime_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(d.startswith("pypdfium2") for d in project["dependencies"])
