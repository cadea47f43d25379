"""PDF pages as PNG pictures, for a quick look without a PDF viewer (`sheet -o x.png`).

pypdfium2 renders the PDF that WeasyPrint made, so a picture shows exactly what prints.
"""

from __future__ import annotations

import io
from pathlib import Path

DPI = 150  # sharp enough to read a sheet's smallest print on screen, ~1,240 px across A4
INK = 200  # of 0-255: a pixel darker than this is ink (a 0.5 pt rule drawn at 50 dpi is grey)


def pages(pdf: bytes, dpi: int = DPI) -> list[bytes]:
    """Each page of `pdf` as PNG data, in order."""
    import pypdfium2  # type: ignore[import-untyped]

    document = pypdfium2.PdfDocument(pdf)
    try:
        out = []
        for page in document:
            # rules and boxes aliased: a 0.5 pt rule is a line of black pixels, not a grey one
            # here and a darker one there (text stays smoothed)
            image = page.render(scale=dpi / 72, no_smoothpath=True).to_pil()
            buffer = io.BytesIO()
            # the resolution in the file (pHYs), so a viewer or printer shows the page at its size
            image.save(buffer, format="PNG", optimize=True, dpi=(dpi, dpi))
            out.append(buffer.getvalue())
            page.close()
        return out
    finally:
        document.close()


def ink_depth(pdf: bytes, footer_mm: float = 0.0, dpi: int = 50) -> list[float]:
    """How far down each page of `pdf` its ink reaches: the lowest line with a pixel darker than
    light grey, as a share of the page's height (0 for a blank page). The bottom `footer_mm` (a
    margin whose running footer every page prints) is left out. What a page's use is measured
    by: a sheet that stops halfway down leaves half its paper to the table's notes."""
    import pypdfium2
    from PIL import ImageOps

    document = pypdfium2.PdfDocument(pdf)
    try:
        out = []
        for page in document:
            grey = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
            page.close()
            body = grey.crop((0, 0, grey.width, grey.height - round(footer_mm / 25.4 * dpi)))
            ink = ImageOps.invert(body).point(lambda v: 255 if v > 255 - INK else 0).getbbox()
            out.append(0.0 if ink is None else ink[3] / grey.height)
        return out
    finally:
        document.close()


def names(output: Path, count: int) -> list[Path]:
    """Where `count` pages go: x.png, then x-2.png, x-3.png, ..."""
    return [output] + [output.with_name(f"{output.stem}-{n}{output.suffix}")
                       for n in range(2, count + 1)]
