"""PDF pages as PNG pictures, for a quick look without a PDF viewer (`sheet -o x.png`).

pypdfium2 renders the PDF that WeasyPrint made, so a picture shows exactly what prints.
"""

from __future__ import annotations

import io
from pathlib import Path

DPI = 150  # sharp enough to read a sheet's smallest print on screen, ~1,240 px across A4


def pages(pdf: bytes, dpi: int = DPI) -> list[bytes]:
    """Each page of `pdf` as PNG data, in order."""
    import pypdfium2  # type: ignore[import-untyped]

    document = pypdfium2.PdfDocument(pdf)
    try:
        out = []
        for page in document:
            image = page.render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", optimize=True)
            out.append(buffer.getvalue())
            page.close()
        return out
    finally:
        document.close()


def names(output: Path, count: int) -> list[Path]:
    """Where `count` pages go: x.png, then x-2.png, x-3.png, ..."""
    return [output] + [output.with_name(f"{output.stem}-{n}{output.suffix}")
                       for n in range(2, count + 1)]
