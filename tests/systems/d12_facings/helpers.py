"""Shared pieces for the d12-facings tests: the catalog, designs from plain data, scripted dice."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from shipyard.api import Terms, ValidationContext
from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.combat.captain import DEFAULT
from shipyard.systems.d12_facings.combat.rules import Captain, Setup
from shipyard.systems.d12_facings.combat.setup import setup
from shipyard.systems.d12_facings.models import D12Catalog, D12Design
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "d12-facings" / "examples"
BAD = ROOT / "catalogs" / "d12-facings" / "bad"
_YARD = Yard()


def catalog() -> D12Catalog:
    found: D12Catalog = _YARD.catalog(_YARD.system("d12-facings"))
    return found


def design(**changes: Any) -> D12Design:
    """A small legal frigate, with `changes` over it."""
    data: dict[str, Any] = {
        "system": "d12-facings", "name": "Test", "hull": "frigate",
        "captain": {"name": "Cap", "piloting": 6, "gunnery": 6},
        "crew": [{"name": "Hand", "piloting": 4, "gunnery": 5}],
        "systems": [{"system": "light-laser", "facing": "fore"},
                    {"system": "armour-plate", "facing": "aft"},
                    {"system": "bridge", "facing": "core"}],
    }
    data.update(changes)
    return D12Design.model_validate(data, context=ValidationContext(catalog=catalog()))


def example(slug: str) -> D12Design:
    model: D12Design = _YARD.read(EXAMPLES / f"{slug}.yaml").model
    return model


def dice(*faces: int) -> Callable[[], float]:
    """A rand() that rolls exactly these d12 faces, then fails loudly."""
    it: Iterable[int] = iter(faces)

    def rand() -> float:
        face = next(it)  # StopIteration: the rules rolled more dice than the test expected
        return (face - 0.5) / 12

    return rand


class Book:
    """A recorder that keeps the events, for assertions."""

    def __init__(self) -> None:
        self.events: list[tuple[int, ...]] = []

    def __call__(self, *event: int) -> None:
        self.events.append(event)

    def of(self, code: int) -> list[tuple[int, ...]]:
        return [e for e in self.events if e[0] == code]


def fight_setup(a: D12Design, b: D12Design, captains: tuple[Captain, Captain] = (DEFAULT, DEFAULT),
                **terms: Any) -> Setup:
    return setup(a, b, catalog(), Terms(**terms), captains)[0]
