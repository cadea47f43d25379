"""The traveller ship record (filled in below)."""

from __future__ import annotations

from typing import Any

from shipyard.core.system import Printable


def sheet(design: Any, catalog: Any) -> Printable:
    raise NotImplementedError
