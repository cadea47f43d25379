"""Printed pages as HTML: Jinja2 over templates/ (a shared `_base/`, and a folder per rules system).

HTML only; pdf.py turns it into PDF. Autoescaping is on for every template, so nothing a design
file supplies (a name, a label) can become markup. Stylesheets are never pasted through a
template: pdf.py hands them to WeasyPrint as CSS objects, and a standalone HTML file gets them
inlined here, after rendering, from the package's own files.

The package's own assets are the one place either output may load anything from: files under
templates/, and the bundled font through the `shipyard-font:` scheme. `asset_path` decides what
that means for both.
"""

from __future__ import annotations

import base64
import mimetypes
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jinja2
from markupsafe import Markup

from shipyard.core.model import Printable
from shipyard.core.paths import plugin_templates, template_file, templates_dir
from shipyard.core.sheets import amount_text

FONT_SCHEME = "shipyard-font"
# what every sheet template may read beside its own values: the copy it prints (a fleet's
# "ship 2 of 4", core/roster.Copy; none for a design printed alone) and whether it is packed
# several to a page (its compact form, laid out by _base/copy.html)
DEFAULTS: dict[str, object] = {"copy": None, "packed": False}
BASE_STYLESHEET = "_base/base.css"


@dataclass(frozen=True)
class Paper:
    id: str
    css_size: str  # the @page size keyword
    width_mm: float
    height_mm: float


PAPERS = {p.id: p for p in (Paper("a4", "A4", 210.0, 297.0),
                            Paper("letter", "letter", 215.9, 279.4))}


def environment() -> jinja2.Environment:
    """The templates/ folder, with each plugin's own folder served as `<id>/...`."""
    return _environment(tuple(sorted((k, str(v)) for k, v in plugin_templates().items())))


@cache
def _environment(plugins: tuple[tuple[str, str], ...]) -> jinja2.Environment:
    loader: jinja2.BaseLoader = jinja2.FileSystemLoader(templates_dir())
    if plugins:
        loader = jinja2.ChoiceLoader([
            jinja2.PrefixLoader({k: jinja2.FileSystemLoader(v) for k, v in plugins}), loader])
    env = jinja2.Environment(
        loader=loader,
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["amount"] = amount_text
    env.globals["block"] = _block
    return env


@jinja2.pass_context
def _block(context: jinja2.runtime.Context, printable: Printable) -> Markup:
    """Another printable laid into this page (a packed page's ships, a roster sharing page
    one): its template rendered with its own values and this page's paper."""
    template = context.environment.get_template(printable.template)
    return Markup(template.render({**DEFAULTS, **printable.context, "paper": context["paper"],
                                   "fragment": True, "problems": []}))


@dataclass(frozen=True)
class Page:
    """What to print: a system's printable, and the errors of an illegal design printed anyway
    (the base template marks such a page NOT LEGAL and lists them)."""

    printable: Printable
    problems: tuple[str, ...] = ()
    # the ship of a fleet this sheet is ("ship 2 of 4", core/roster.Copy): said on its head; the
    # PDF lays the sheet out once for all its copies and stamps each copy's line on it
    copy: Any = None

    @property
    def stylesheets(self) -> tuple[str, ...]:
        """In cascade order: the shared base first."""
        return tuple(dict.fromkeys([BASE_STYLESHEET, *self.printable.stylesheets]))


def html(page: Page, paper: str, fragment: bool = False) -> str:
    """One page as an HTML document, or with `fragment` its body only, to join into a book."""
    context = {**DEFAULTS, **page.printable.context,
               **({"copy": page.copy} if page.copy is not None else {}), "paper": PAPERS[paper].id,
               "problems": list(page.problems), "fragment": fragment}
    return environment().get_template(page.printable.template).render(context)


def paper_css(paper: str) -> str:
    return f"@page {{ size: {PAPERS[paper].css_size}; }}\n"


def book(pages: Sequence[Page], paper: str, title: str) -> str:
    """Pages in order as one standalone HTML file, their stylesheets inlined."""
    names = dict.fromkeys(name for page in pages for name in page.stylesheets)
    css = paper_css(paper) + "\n".join(inline_css(name) for name in names)
    return environment().get_template("_base/book.html").render(
        # both are the package's own text: its CSS, and fragments rendered with autoescape
        title=title, paper=PAPERS[paper].id, css=Markup(css),
        fragments=[Markup(html(page, paper, fragment=True)) for page in pages])


# --- the package's own assets ---------------------------------------------------------------


@cache
def font_dir() -> Path:
    import fontpkg_ibm_plex_sans_condensed as plex  # type: ignore[import-untyped]

    return Path(plex.ROOT).resolve() / "files"


def asset_path(url: str) -> Path | None:
    """The file a URL names if it is one of the package's own assets, else None.

    Allowed: `file:` URLs inside templates/ (or a plugin system's template folder), and
    `shipyard-font:NAME` for a bundled font file. Everything else (other files, other schemes,
    the network, `data:`) is refused.
    """
    parts = urlsplit(url)
    if parts.scheme == FONT_SCHEME:
        roots = [font_dir()]
        candidate = font_dir() / unquote(parts.path)
    elif parts.scheme == "file" and parts.netloc in ("", "localhost"):
        roots = [templates_dir().resolve(), *(p.resolve() for p in plugin_templates().values())]
        candidate = Path(unquote(parts.path))
    else:
        return None
    try:
        resolved = candidate.resolve()
    except (OSError, RuntimeError):
        return None
    if not any(resolved.is_relative_to(r) for r in roots) or not resolved.is_file():
        return None
    return resolved


def stylesheet_path(name: str) -> Path:
    return template_file(name)


_URL = re.compile(r"url\(\s*(['\"]?)([^)'\"]+)\1\s*\)")


def inline_css(name: str) -> str:
    """A stylesheet with every url() turned into a data: URI, for a self-contained HTML file."""
    path = stylesheet_path(name)
    text = path.read_text(encoding="utf-8")

    def data_uri(match: re.Match[str]) -> str:
        target = match.group(2)
        url = target if ":" in target else path.parent.joinpath(target).resolve().as_uri()
        found = asset_path(url)
        if found is None:
            raise ValueError(f"{name}: url({target}) is not one of the package's assets")
        mime = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        encoded = base64.b64encode(found.read_bytes()).decode("ascii")
        return f'url("data:{mime};base64,{encoded}")'

    return _URL.sub(data_uri, text)
