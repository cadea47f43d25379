"""Shared bits of the rogue-trader tests: the catalog, the examples, designs built in code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shipyard.core.yamlio import dump
from shipyard.core.yard import Yard
from shipyard.systems.rogue_trader.models import RogueTraderCatalog
from tests.conftest import ROOT

CATALOG_DIR = ROOT / "catalogs" / "rogue-trader"
EXAMPLES = CATALOG_DIR / "examples"
STOCK = ("vagabond", "hazeroth", "sword", "endeavour", "ambition")


def catalog(yard: Yard | None = None) -> RogueTraderCatalog:
    yard = yard or Yard()
    found: RogueTraderCatalog = yard.catalog(yard.system("rogue-trader"))
    return found


def example(stem: str) -> Path:
    return EXAMPLES / f"{stem}.yaml"


def write_design(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(dump(data), encoding="utf-8")
    return path
