"""rogue-trader combat: the seed's Strategic Rounds for two ships, as a `FightSupport` for the core.

engine.py is the narrated reference engine (and the only one: the fight's geometry and critical
hits make a batch engine a project of its own); odds.py rates one volley exactly.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from shipyard.api import FightSupport, Log, Prepared, Roller, Terms
from shipyard.systems.rogue_trader.combat import terms as tables
from shipyard.systems.rogue_trader.combat.spec import Spec, build
from shipyard.systems.rogue_trader.models import RogueTraderCatalog
from shipyard.systems.rogue_trader.rules import ShipDesign


class RogueTraderCombat(FightSupport[ShipDesign]):
    def prepare(self, a: ShipDesign, b: ShipDesign, terms: Terms) -> Prepared:
        catalog: RogueTraderCatalog = a.catalog
        crews = (tables.crew(a.model, catalog, terms.crew[0], "--crew-a"),
                 tables.crew(b.model, catalog, terms.crew[1], "--crew-b"))
        specs = _named(build(a.model, catalog, crews[0]), build(b.model, catalog, crews[1]))
        cap = terms.whole("cap", catalog.combat.round_limit)
        captains = tuple(None if ref is None else _captain(ref) for ref in terms.pilots)
        setup = tables.Setup(specs, tables.switches(terms.rules), catalog,
                             terms.whole("range", catalog.combat.start_range),
                             terms.word("geometry", catalog.combat.geometry),
                             (captains[0], captains[1]))
        return Prepared(names=(specs[0].name, specs[1].name), cap=cap,
                        round_name="Strategic Round", damage_unit="Hull Integrity",
                        state=setup, batchable=False, notes=_notes(setup))

    def start(self, prepared: Prepared, roller: Roller, log: Log) -> Any:
        from shipyard.systems.rogue_trader.combat.engine import RogueTraderFight

        return RogueTraderFight(prepared.state, roller, log)

    def odds(self, attacker: ShipDesign, target: ShipDesign, terms: Terms, samples: int,
             seed: int) -> Any:
        from shipyard.systems.rogue_trader.combat.odds import volley

        return volley(attacker, target, terms)


def _named(a: Spec, b: Spec) -> tuple[Spec, Spec]:
    if a.name != b.name:
        return a, b
    return (dataclasses.replace(a, name=f"{a.name} (A)"),
            dataclasses.replace(b, name=f"{b.name} (B)"))


def _captain(reference: str) -> Any:
    from shipyard.api import load_object

    return load_object(reference, "Captain")


def _notes(setup: tables.Setup) -> tuple[str, ...]:
    crews = "; ".join(f"{s.name}: crew {s.crew.rating}, gunnery {s.crew.gunnery}, helm "
                      f"{s.crew.helm}, command {s.crew.command}, tactic {s.crew.tactic}"
                      for s in setup.specs)
    captains = [f"{s.name} commanded by {getattr(c, '__name__', str(c))}"
                for s, c in zip(setup.specs, setup.captains, strict=True) if c is not None]
    return (f"{setup.geometry}, {setup.range} VU apart",
            crews, *setup.switches.named(), *captains)


SUPPORT = RogueTraderCombat()
