"""smallcraft combat: the seed's six dphases on a hex map, as a `FightSupport` for the core.

On the fight pattern: fight.py (with geometry.py) holds the rules and the default pilot, written
once, run as Python for a narrated duel and compiled by Numba for a series; narrator.py tells a
fight from its events; pilot.py lets a user's own pilot answer the rules' questions; odds.py
rates one volley.
"""

from __future__ import annotations

from typing import Any

from shipyard.api import (
    BattleSide,
    Event,
    FightRules,
    FightSupport,
    Prepared,
    Terms,
    UserError,
    battle_ships,
    origin,
    ship_entries,
)
from shipyard.systems.smallcraft.combat import fight
from shipyard.systems.smallcraft.combat import table as tables
from shipyard.systems.smallcraft.combat.craft import Spec, build
from shipyard.systems.smallcraft.combat.narrator import Told
from shipyard.systems.smallcraft.models import SmallcraftCatalog
from shipyard.systems.smallcraft.rules import CraftDesign


class SmallcraftCombat(FightSupport[CraftDesign]):
    def prepare(self, a: CraftDesign, b: CraftDesign, terms: Terms) -> Prepared:
        """A duel: the battle of one craft against one, named as duels always were."""
        return self._prepared(BattleSide.duel(a, b), terms, battle=False)

    def prepare_battle(self, a: BattleSide, b: BattleSide, terms: Terms) -> Prepared:
        return self._prepared((a, b), terms, battle=True)

    def _prepared(self, both: tuple[BattleSide, BattleSide], terms: Terms,
                  battle: bool) -> Prepared:
        a, b = both
        ships = battle_ships(both)
        designs: list[CraftDesign] = [s.design for s in ships]
        names = [s.name for s in ships]
        sides = [s.side for s in ships]
        catalog: SmallcraftCatalog = designs[0].catalog
        table = catalog.combat
        specs = tuple(build(d.model, catalog)._replace(name=n)
                      for d, n in zip(designs, names, strict=True))
        geometry = terms.word("geometry", table.geometry)
        start = terms.whole("range", table.start_range)
        leader_b = sides.index(1)
        sees = min(_detection(specs[0]), _detection(specs[leader_b]))
        if not 0 <= start <= sees:
            told = "range" in terms.values  # else the catalog's start_range: point at its line
            raise UserError.single(
                "cli.range", f"{'--range' if told else 'combat.start_range:'} {start}: the "
                f"{'craft' if not battle else 'leaders'} must start within detection range, "
                f"0..{sees} dhexes here",
                *((None, None) if told else origin(catalog, ("combat", "start_range"))))
        if geometry == "random" and start == 0:
            raise UserError.single("cli.range", "--range 0 with --geometry random: give a "
                                   "range of at least 1")
        cap = terms.whole("cap", table.cap)
        crews = tuple(tables.crew(d.model, table, terms.crew[side], _gunner_line(d))
                      for d, side in zip(designs, sides, strict=True))
        switches = tables.switches(table, terms.rules)
        loaded = tuple(None if ref is None else _pilot(ref) for ref in terms.pilots)
        pilots = tuple(loaded[side] for side in sides)  # a side's pilot flies each of its craft
        setup = tables.Setup(specs, crews, switches, table, catalog.ranges.beam_dhexes, start,
                             geometry, pilots, tuple(sides))
        figures = tables.params(setup, cap)
        packed = tables.pack(figures)
        asker = None
        if any(p is not None for p in pilots):
            from shipyard.systems.smallcraft.combat.pilot import PilotAsker

            asker = PilotAsker(figures, packed.array, specs, pilots)
        return Prepared(
            names=(f"{a.name} (A)", f"{b.name} (B)") if battle else (specs[0].name,
                                                                   specs[1].name),
            cap=cap, round_name="dturn", damage_unit="cblocs destroyed", state=packed,
            batchable=asker is None, notes=_notes(setup), asker=asker,
            told=Told(specs, setup, figures), ships=ship_entries((a, b), lambda d: None),
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
          fight.WON_ESCAPED: (0, "escaped"), fight.WON_ESCAPED + 1: (1, "escaped"),
          fight.ESCAPED: (None, "escaped"), fight.LOST_CONTACT: (None, "lost-contact"),
          fight.HARMLESS: (None, "harmless"), fight.BOTH_LOST: (None, "both-lost"),
          fight.STALEMATE: (None, "stalemate"),
          fight.CAP: (None, "cap")},
    fates={fight.FATE_LOST + fight.DESTROYED: "destruction",
           fight.FATE_LOST + fight.CREW_LOST: "crew casualties",
           fight.FATE_LOST + fight.POWER_LOST: "power failure",
           fight.FATE_LOST + fight.DISABLED: "disarming and immobility"},
    contact=True)


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
