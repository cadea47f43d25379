"""smallcraft combat: the seed's six dphases on a hex map, as a `FightSupport` for the core.

On the fight pattern: fight.py (with geometry.py) holds the rules and the default pilot, written
once, run as Python for a narrated duel and compiled by Numba for a series; narrator.py tells a
fight from its events; pilot.py lets a user's own pilot answer the rules' questions; odds.py
rates one volley.
"""

from __future__ import annotations

from typing import Any

from shipyard.api import Event, FightRules, FightSupport, Prepared, Terms, UserError, origin
from shipyard.systems.smallcraft.combat import fight
from shipyard.systems.smallcraft.combat import table as tables
from shipyard.systems.smallcraft.combat.craft import Spec, build
from shipyard.systems.smallcraft.combat.narrator import Told
from shipyard.systems.smallcraft.models import SmallcraftCatalog
from shipyard.systems.smallcraft.rules import CraftDesign


class SmallcraftCombat(FightSupport[CraftDesign]):
    def prepare(self, a: CraftDesign, b: CraftDesign, terms: Terms) -> Prepared:
        catalog: SmallcraftCatalog = a.catalog
        table = catalog.combat
        specs = _named(build(a.model, catalog), build(b.model, catalog))
        geometry = terms.word("geometry", table.geometry)
        start = terms.whole("range", table.start_range)
        sees = min(_detection(s) for s in specs)
        if not 0 <= start <= sees:
            told = "range" in terms.values  # else the catalog's start_range: point at its line
            raise UserError.single(
                "cli.range", f"{'--range' if told else 'combat.start_range:'} {start}: the "
                f"craft must start within detection range, 0..{sees} dhexes here",
                *((None, None) if told else origin(catalog, ("combat", "start_range"))))
        if geometry == "random" and start == 0:
            raise UserError.single("cli.range", "--range 0 with --geometry random: give a "
                                   "range of at least 1")
        cap = terms.whole("cap", table.cap)
        crews = (tables.crew(a.model, table, terms.crew[0], _gunner_line(a)),
                 tables.crew(b.model, table, terms.crew[1], _gunner_line(b)))
        switches = tables.switches(table, terms.rules)
        pilots = tuple(None if ref is None else _pilot(ref) for ref in terms.pilots)
        setup = tables.Setup(specs, crews, switches, table, catalog.ranges.beam_dhexes, start,
                             geometry, (pilots[0], pilots[1]))
        figures = tables.params(setup, cap)
        packed = tables.pack(figures)
        asker = None
        if pilots != (None, None):
            from shipyard.systems.smallcraft.combat.pilot import PilotAsker

            asker = PilotAsker(figures, packed.array, specs, pilots)
        return Prepared(
            names=(specs[0].name, specs[1].name), cap=cap, round_name="dturn",
            damage_unit="cblocs destroyed", state=packed, batchable=asker is None,
            notes=_notes(setup), asker=asker, told=Told(specs, setup, figures),
        )

    def rules(self) -> FightRules:
        return RULES

    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        from shipyard.systems.smallcraft.combat.narrator import narrate

        return narrate(prepared.told, events, end)

    def odds(self, attacker: CraftDesign, target: CraftDesign, terms: Terms, samples: int,
             seed: int) -> Any:
        from shipyard.systems.smallcraft.combat.odds import volley

        return volley(attacker, target, terms, samples, seed)


WIN_REASONS = ("destroyed", "crew-lost", "power-lost", "disabled")
RULES = FightRules(
    play=fight.play, fights=fight.fights,
    modules=("shipyard.systems.smallcraft.combat.geometry",
             "shipyard.systems.smallcraft.combat.fight"),
    ends={**{2 * reason + side: (side, name) for reason, name in enumerate(WIN_REASONS)
             for side in (0, 1)},
          fight.ESCAPED: (None, "escaped"), fight.LOST_CONTACT: (None, "lost-contact"),
          fight.HARMLESS: (None, "harmless"), fight.BOTH_LOST: (None, "both-lost"),
          fight.CAP: (None, "cap")})


def _named(a: Spec, b: Spec) -> tuple[Spec, Spec]:
    if a.name != b.name:
        return a, b
    return a._replace(name=f"{a.name} (A)"), b._replace(name=f"{b.name} (B)")


def _detection(spec: Spec) -> int:
    sensors = sum(spec.rows[r].boxes for r in spec.sensors)
    return spec.detection + spec.per_sensor * sensors


def _gunner_line(design: CraftDesign) -> tuple[str, int | None]:
    return design.file, design.line_of(("combat", "pilot_is_gunner"))


def _pilot(reference: str) -> Any:
    from shipyard.api import load_object

    return load_object(reference, "Pilot")


def _notes(setup: tables.Setup) -> tuple[str, ...]:
    crews = "; ".join(
        f"{s.name}: gunnery {c.gunnery}%"
        f"{' (the pilot fires)' if c.pilot_fires else ' (a gunner)'}, quickness {c.quickness}"
        + (f", turret computer {c.computer}%" if c.pilot_fires and any(
            b.turret for b in s.beams) else "")
        for s, c in zip(setup.specs, setup.crews, strict=True))
    pilots = [f"{s.name} flown by {getattr(p, '__name__', str(p))}"
              for s, p in zip(setup.specs, setup.pilots, strict=True) if p is not None]
    rules = setup.switches.named(setup.table.quickness_die)
    return (
        f"{setup.geometry}, {setup.range} dhexes apart, at rest; 2D",
        crews,
        f"optional rules: {', '.join(rules) if rules else 'none'}; readings: "
        f"{', '.join(setup.switches.readings())}",
        *([f"pilots: {', '.join(pilots)}"] if pilots else []),
    )


SUPPORT = SmallcraftCombat()
