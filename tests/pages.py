"""What the page tests of every system measure on a printed sheet: how far down its ink
reaches, and the smallest type laid out on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shipyard.core import pdf, png, render

FOOTER_MM = 14.0  # base.css: the bottom margin, where every page prints "page 1 of 2"
SMALLEST_PT = 6.5  # nothing a player reads is set smaller
FULL = 0.80  # a single ship's sheet uses at least this share of its page


def page_use(path: Path) -> list[float]:
    """Each page's lowest ink line as a share of its height (bench/page_use.py prints them)."""
    return png.ink_depth(path.read_bytes(), FOOTER_MM)


def smallest_type_pt(page: render.Page, paper: str) -> tuple[float, str]:
    """The smallest font size (pt) of any text laid out on the page, and that text."""
    document = pdf.layout(page, paper)
    found = (999.0, "")
    for laid in document.pages:
        for root in laid._page_box.children:
            for box in _descendants(root):
                text = getattr(box, "text", "").strip()
                if text:
                    size = box.style["font_size"] * 0.75  # CSS px to pt
                    found = min(found, (size, text))
    return found


def _descendants(box: Any) -> Any:
    yield box
    for child in getattr(box, "children", ()):
        yield from _descendants(child)
