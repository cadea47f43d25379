"""HTML to PDF with WeasyPrint: the only module that imports it (~0.9 s), so only printing pays.

Every HTML and CSS object gets the same locked-down URL fetcher: it serves the package's own assets
(render.asset_path) and refuses everything else, so a page can embed no file from outside the
package and reach no network, whatever its text says. Stylesheets are CSS objects built from the
package's files, never text pasted through a template. They and the font configuration are built
once per process and reused by every page rendered in it.

Several pages make one PDF by rendering each as its own document and joining them (pypdf): one
HTML document holding a 50-sheet fleet took 8x the memory of one sheet.
"""

from __future__ import annotations

import io
import mimetypes
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pypdf import PdfReader, PdfWriter

with warnings.catch_warnings():
    # Without the optional HarfBuzz-Subset library WeasyPrint warns that a future version will
    # need it. We embed whole fonts and never subset, so this one does not concern us.
    warnings.filterwarnings("ignore", "HarfBuzz-Subset will be required", DeprecationWarning)
    import weasyprint  # type: ignore[import-untyped]
    from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]
    from weasyprint.urls import URLFetcher, URLFetcherResponse  # type: ignore[import-untyped]

from shipyard import __version__
from shipyard.core import render
from shipyard.core.render import Page


class PackageFetcher(URLFetcher):  # type: ignore[misc] # WeasyPrint ships no type hints
    """Serves the package's own assets; any other URL raises, and WeasyPrint skips it."""

    def __init__(self) -> None:
        super().__init__(allow_redirects=False)

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = render.asset_path(url)
        if path is None:
            raise ValueError(f"shipyard loads only its own assets, not {url}")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": mime})


@dataclass
class _Renderer:
    fetcher: PackageFetcher = field(default_factory=PackageFetcher)
    fonts: FontConfiguration = field(default_factory=FontConfiguration)
    images: dict[str, Any] = field(default_factory=dict)  # WeasyPrint's image cache, shared
    sheets: dict[str, Any] = field(default_factory=dict)

    def css(self, name: str) -> Any:
        if name not in self.sheets:
            self.sheets[name] = weasyprint.CSS(
                filename=render.stylesheet_path(name), url_fetcher=self.fetcher,
                font_config=self.fonts)
        return self.sheets[name]

    def paper(self, paper: str) -> Any:
        key = f"@page {paper}"
        if key not in self.sheets:
            self.sheets[key] = weasyprint.CSS(string=render.paper_css(paper),
                                              url_fetcher=self.fetcher, font_config=self.fonts)
        return self.sheets[key]

    def document(self, html: str, stylesheets: Sequence[str], paper: str) -> Any:
        css = [*(self.css(name) for name in stylesheets), self.paper(paper)]
        return weasyprint.HTML(string=html, url_fetcher=self.fetcher).render(
            stylesheets=css, font_config=self.fonts, cache=self.images)

    def pdf(self, html: str, stylesheets: Sequence[str], paper: str) -> bytes:
        # Whole font files, not subsets: subsetting (fontTools, without HarfBuzz's subsetter)
        # took half of a sheet's time, and stamped the clock into every subset.
        data: bytes = self.document(html, stylesheets, paper).write_pdf(full_fonts=True)
        return data


@cache
def _renderer() -> _Renderer:
    return _Renderer()


def layout(page: Page, paper: str) -> Any:
    """The laid-out WeasyPrint document of one page, for tests that measure boxes."""
    return _renderer().document(render.html(page, paper), page.stylesheets, paper)


def render_pdf(page: Page, paper: str) -> bytes:
    """One page (or pages) as a PDF document of its own."""
    return html_to_pdf(render.html(page, paper), page.stylesheets, paper)


def html_to_pdf(html: str, stylesheets: Sequence[str], paper: str) -> bytes:
    """HTML and stylesheets (names under templates/) as a PDF document."""
    return _renderer().pdf(html, stylesheets, paper)


def book(pages: Sequence[Page], paper: str, title: str) -> bytes:
    """Pages in order as one PDF: each rendered on its own, then joined. A page given again
    (a fleet's group of three ships: one sheet each, alike until play marks them) is laid out
    once and its copy joined again: layout is what costs (~0.8 s a sheet)."""
    done: dict[int, PdfReader] = {}

    def rendered(page: Page) -> PdfReader:
        if id(page) not in done:
            done[id(page)] = PdfReader(io.BytesIO(render_pdf(page, paper)))
        return done[id(page)]

    return join((rendered(page) for page in pages), title)


def join(documents: Any, title: str) -> bytes:
    """PDF documents (bytes, or read once and given again) joined in order, with fixed
    metadata (so equal input gives equal bytes)."""
    writer = PdfWriter()
    for data in documents:
        writer.append(data if isinstance(data, PdfReader) else PdfReader(io.BytesIO(data)))
    writer.compress_identical_objects()  # each document embeds the same whole fonts: keep one
    writer.add_metadata({"/Title": title, "/Producer": f"shipyard {__version__}"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
