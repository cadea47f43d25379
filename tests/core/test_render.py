"""Templates to HTML: autoescaping, the package's own assets, the standalone HTML book."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from jinja2 import UndefinedError

from shipyard.core import render
from shipyard.core.paths import templates_dir
from shipyard.core.system import Printable

EVIL = '<img src="file:///etc/passwd"><link rel="stylesheet" href="file:///etc/passwd">&'


def sheet_of(title: str) -> render.Page:
    """A sheet of the shared base only, its title from a design."""
    return render.Page(Printable("_base/sheet.html", {
        "title": title, "heading": "Damage Allocation Sheet", "subtitle": "a test"}))


def test_everything_a_design_supplies_is_escaped() -> None:
    html = render.html(sheet_of(EVIL), "a4")
    assert "<img" not in html and "<link" not in html
    assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in html
    assert "&amp;" in html


def test_problems_mark_the_page_not_legal_and_are_escaped() -> None:
    page = render.Page(sheet_of("Thin").printable, ("line 5: <b>armor</b> is 5 cblocs",))
    html = render.html(page, "a4")
    assert "NOT LEGAL" in html
    assert "line 5: &lt;b&gt;armor&lt;/b&gt; is 5 cblocs" in html
    assert "NOT LEGAL" not in render.html(sheet_of("Thin"), "a4")


def test_a_missing_value_is_an_error_not_a_blank() -> None:
    with pytest.raises(UndefinedError):
        render.html(render.Page(Printable("_base/sheet.html", {"title": "x"})), "a4")


def test_paper_sizes() -> None:
    assert render.paper_css("a4") == "@page { size: A4; }\n"
    assert render.paper_css("letter") == "@page { size: letter; }\n"
    assert 'class="paper-letter"' in render.html(sheet_of("x"), "letter")


def test_the_shared_stylesheet_comes_first_once() -> None:
    page = render.Page(Printable("_base/sheet.html", {}, ("smallcraft/sheet.css",
                                                          "_base/base.css")))
    assert page.stylesheets == ("_base/base.css", "smallcraft/sheet.css")


# --- the package's own assets --------------------------------------------------------------------


def test_assets_are_the_templates_and_the_bundled_font() -> None:
    css = (templates_dir() / "_base" / "base.css").resolve()
    assert render.asset_path(css.as_uri()) == css
    font = render.asset_path("shipyard-font:IBMPlexSansCondensed-Regular.ttf")
    assert font is not None and font.name == "IBMPlexSansCondensed-Regular.ttf"


@pytest.mark.parametrize("url", [
    "file:///etc/passwd",
    "file:///etc/hostname",
    "http://example.com/x.css",
    "https://example.com/font.ttf",
    "data:text/css,body{}",
    "ftp://example.com/x",
    "shipyard-font:../../../../etc/passwd",
    "shipyard-font:missing.ttf",
    "file://example.com/etc/passwd",
])
def test_anything_else_is_refused(url: str) -> None:
    assert render.asset_path(url) is None


def test_no_way_out_of_the_templates_folder(tmp_path: Path) -> None:
    inside = templates_dir().resolve()
    sneaky = f"{inside.as_uri()}/../../../../../../etc/passwd"
    assert render.asset_path(sneaky) is None
    assert render.asset_path((inside / "_base").as_uri()) is None  # a folder is not a file


def test_every_url_in_the_stylesheets_is_an_asset() -> None:
    for css in templates_dir().glob("**/*.css"):
        for target in re.findall(r"url\(\s*['\"]?([^)'\"]+)", css.read_text()):
            url = target if ":" in target else (css.parent / target).resolve().as_uri()
            assert render.asset_path(url) is not None, f"{css.name}: url({target})"


# --- one standalone HTML file -------------------------------------------------------------------


def test_a_book_is_one_self_contained_html_file() -> None:
    pages = [sheet_of("First"), sheet_of(EVIL)]
    html = render.book(pages, "letter", "Fleet")
    assert html.startswith("<!DOCTYPE html>") and html.count("<html") == 1
    assert html.count('<section class="sheet">') == 2
    assert "@page { size: letter; }" in html
    assert "<img" not in html and "&lt;img" in html
    urls = re.findall(r"url\(([^)]*)\)", html)
    assert urls and all(u.startswith('"data:') for u in urls)  # nothing loaded from anywhere
