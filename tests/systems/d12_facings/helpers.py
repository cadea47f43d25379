"""Shared pieces for the d12-facings tests: the catalog, designs from plain data, a fight at the
table with scripted dice."""

from __future__ import annotations

from typing import Any

from shipyard.api import Recorder, Terms, ValidationContext
from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.captain import DefaultCaptain, State, asker
from shipyard.systems.d12_facings.combat.setup import Setup, setup
from shipyard.systems.d12_facings.models import D12Catalog, D12Design
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "d12-facings" / "examples"
BAD = ROOT / "catalogs" / "d12-facings" / "bad"
DEFAULT = DefaultCaptain()
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


class Table:
    """A fight at the table for a test: the setup, its changing numbers `f`, a recorder that
    keeps the events and asks each side's own captain (None: the rules' default)."""

    def __init__(self, s: Setup, captains: tuple[Any, Any] = (None, None)) -> None:
        self.s = s
        self.p = s.fight.p
        self.f = r.begin(s.fight)
        self.rec = Recorder(True, asker(s, captains, ("test.py:A", "test.py:B")))

    def of(self, code: int) -> list[tuple[int, ...]]:
        return [e for e in self.rec.events or [] if e[0] == code]

    def hp(self, side: int) -> list[int]:
        at = self.f[r.H_LIVE] + side * self.p.n
        return self.f[at:at + len(self.s.ships[side].hp)]

    def set_hp(self, side: int, system: int, hp: int) -> None:
        self.f[self.f[r.H_LIVE] + side * self.p.n + system] = hp
        r.refresh(self.p, self.f, side)

    def state(self) -> State:
        return State(self.p, self.f)

    def at(self, side: int, field: int) -> int:
        """A ship's changing figure (rules.S_SHIELDS, S_CREW, ...)."""
        return self.f[r.ship(side) + field]

    @property
    def range(self) -> int:
        """The range of the duel's one pair."""
        return r.rng_of(self.p, self.f, 0, 1)

    @property
    def tailer(self) -> int:
        return r.tailer_of(self.p, self.f, 0, 1)

    def set_range(self, rng: int, tailer: int = -1) -> None:
        r.set_pair(self.p, self.f, 0, 1, rng, tailer)


def fight_setup(a: D12Design, b: D12Design, **terms: Any) -> Setup:
    return setup(a, b, catalog(), Terms(**terms))
