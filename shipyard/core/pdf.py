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
from typing import Any, cast

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
from shipyard.core.model import Printable
from shipyard.core.render import Page

STAMP = "_base/stamp.html"  # a copy's line alone, stamped on its sheet laid out once


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
    once and its copy joined again: layout is what costs (~0.8 s a sheet). So is a fleet's
    numbered copy of a sheet: the sheet laid out once, each copy's line ("ship 2 of 4") laid
    out alone and stamped on its first page."""
    done: dict[tuple[int, tuple[str, ...]], PdfReader] = {}

    def rendered(page: Page) -> PdfReader:
        key = (id(page.printable) if page.copy is not None else id(page), page.problems)
        if key not in done:
            bare = Page(page.printable, page.problems) if page.copy is not None else page
            done[key] = PdfReader(io.BytesIO(render_pdf(bare, paper)))
        return done[key]

    def document(page: Page) -> PdfReader | tuple[PdfReader, PdfReader]:
        if page.copy is None:
            return rendered(page)
        stamp = Page(Printable(STAMP, {"copy": page.copy, "title": page.copy.name},
                               ("_base/stamp.css",)))
        return rendered(page), PdfReader(io.BytesIO(render_pdf(stamp, paper)))

    return join((document(page) for page in pages), title)


def _stamped(writer: PdfWriter, sheet: Any, stamp: Any) -> None:
    """The sheet's page with the stamp's page drawn over it, as a form of its own: the sheet's
    content is referred to, never parsed (pypdf's merge_page re-parses a whole sheet, ~150 ms a
    copy) nor changed (every copy of the sheet shares it)."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject

    page = writer.add_page(sheet)
    form = DecodedStreamObject()
    form.set_data(stamp.get_contents().get_data())
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject(stamp.mediabox)
    form[NameObject("/Resources")] = stamp["/Resources"].clone(writer)
    resources = DictionaryObject(cast(DictionaryObject, page["/Resources"].get_object()))
    forms = DictionaryObject(cast(DictionaryObject,  # this page's own, the sheet's untouched
                                  resources.get("/XObject", DictionaryObject()).get_object()))
    forms[NameObject("/ShipyardCopy")] = writer._add_object(form)
    resources[NameObject("/XObject")] = forms
    page[NameObject("/Resources")] = resources
    contents = page.raw_get("/Contents")  # a reference: a stream is never written inline
    parts = list(contents.get_object()) if isinstance(contents.get_object(), ArrayObject) \
        else [contents]

    def stream(data: bytes) -> Any:
        made = DecodedStreamObject()
        made.set_data(data)
        return writer._add_object(made)

    page[NameObject("/Contents")] = ArrayObject(
        [stream(b"q\n"), *parts, stream(b"\nQ q /ShipyardCopy Do Q\n")])


def join(documents: Any, title: str) -> bytes:
    """PDF documents (bytes, or read once and given again) joined in order, with fixed
    metadata (so equal input gives equal bytes)."""
    writer = PdfWriter()
    for data in documents:
        if isinstance(data, tuple):  # a sheet, and the stamp its first page takes
            sheet, stamp = data
            _stamped(writer, sheet.pages[0], stamp.pages[0])
            for page in sheet.pages[1:]:
                writer.add_page(page)
            continue
        writer.append(data if isinstance(data, PdfReader) else PdfReader(io.BytesIO(data)))
    writer.compress_identical_objects()  # each document embeds the same whole fonts: keep one
    writer.add_metadata({"/Title": title, "/Producer": f"shipyard {__version__}"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
