"""Where the package's own data lives: inside the wheel, or at the top of a source checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@cache
def data_root() -> Path:
    installed = _PACKAGE / "_data"  # the wheel force-includes catalogs/ and templates/ here
    if (installed / "catalogs").is_dir():
        return installed
    return _PACKAGE.parent  # a source checkout or editable install


def catalogs_dir() -> Path:
    return data_root() / "catalogs"


def templates_dir() -> Path:
    return data_root() / "templates"
