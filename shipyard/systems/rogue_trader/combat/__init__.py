"""rogue-trader combat: the seed's Strategic Rounds for two ships, as a `FightSupport` for the core.

The rules are written once (fight.py, with ship.py, orders.py, geometry.py and rules.py): plain
functions over numbers that a narrated duel runs as they are and a series runs compiled. This
module makes their numbers from the designs (`prepare`); narrator.py tells what they recorded;
captain.py lets a captain of your own answer their questions; odds.py rates one volley exactly.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, NamedTuple

from shipyard.api import Event, FightRules, FightSupport, Prepared, Terms
from shipyard.systems.rogue_trader.combat import fight, orders
from shipyard.systems.rogue_trader.combat import ship as sh
from shipyard.systems.rogue_trader.combat import terms as tables
from shipyard.systems.rogue_trader.combat.ends import ENDS as ENDS
from shipyard.systems.rogue_trader.combat.ends import OUT_REASONS as OUT_REASONS
from shipyard.systems.rogue_trader.combat.spec import Spec, build
from shipyard.systems.rogue_trader.models import RogueTraderCatalog
from shipyard.systems.rogue_trader.rules import ShipDesign

RULES = FightRules(play=fight.play, fights=fight.fights,
                   modules=("shipyard.systems.rogue_trader.combat.fight",
                            "shipyard.systems.rogue_trader.combat.ship",
                            "shipyard.systems.rogue_trader.combat.orders",
                            "shipyard.systems.rogue_trader.combat.geometry",
                            "shipyard.systems.rogue_trader.combat.rules"),
                   ends=ENDS)
CHART = {"holed": fight.C_HOLED, "internal-damage": fight.C_INTERNAL,
         "sensors-damaged": fight.C_SENSORS, "thrusters-damaged": fight.C_THRUSTERS,
         "fire": fight.C_FIRE, "engines-crippled": fight.C_ENGINES,
         "surly-techsprites": fight.C_TECHSPRITES, "decapitation": fight.C_DECAPITATION,
         "hull-breach": fight.C_BREACH, "catastrophic-damage": fight.C_CATASTROPHIC,
         "space-hulk": fight.C_HULK, "plasma-drive-explosion": fight.C_PLASMA,
         "warp-drive-explosion": fight.C_WARP}
KINDS = {"plasma-drive": sh.K_DRIVE, "warp-engine": sh.K_WARP, "bridge": sh.K_BRIDGE,
         "augur-array": sh.K_AUGUR}
GUNS = {"macrobattery": sh.GUN_MACRO, "lance": sh.GUN_LANCE, "torpedo-tubes": sh.GUN_TORPEDO,
        "landing-bay": sh.GUN_BAY, "nova-cannon": sh.GUN_NOVA}
ARCS = {"fore": 1, "port": 2, "starboard": 4, "aft": 8}
MODIFIERS = {"speed": sh.M_SPEED, "manoeuvrability": sh.M_MAN, "detection": sh.M_DETECTION,
             "armour": sh.M_ARMOUR, "prow_armour": sh.M_PROW, "turrets": sh.M_TURRETS,
             "hull_integrity": sh.M_HULL, "crew_population": sh.M_CREW,
             "morale": sh.M_MORALE, "ballistic_skill": sh.M_BS, "command": sh.M_COMMAND,
             "boarding": sh.M_BOARDING, "boarding_defence": sh.M_BOARDING_DEFENCE,
             "macrobattery_damage": sh.M_MACRO_DAMAGE, "fire_fighting": sh.M_FIRE_FIGHTING}
START = {"head-on": (0, 4), "pursuit": (0, 0), "crossing": (0, 2), "abeam": (1, 0)}


class Told(NamedTuple):
    """What only the narrator and a captain of your own read."""

    specs: tuple[Spec, Spec]
    catalog: RogueTraderCatalog
    geometry: str
    range: int


class RogueTraderCombat(FightSupport[ShipDesign]):
    def prepare(self, a: ShipDesign, b: ShipDesign, terms: Terms) -> Prepared:
        catalog: RogueTraderCatalog = a.catalog
        crews = (tables.crew(a.model, catalog, terms.crew[0], "--crew-a"),
                 tables.crew(b.model, catalog, terms.crew[1], "--crew-b"))
        specs = _named(build(a.model, catalog, crews[0]), build(b.model, catalog, crews[1]))
        cap = terms.whole("cap", catalog.combat.round_limit)
        switches = tables.switches(terms.rules)
        reach = terms.whole("range", catalog.combat.start_range)
        geometry = terms.word("geometry", catalog.combat.geometry)
        params = _params(specs, catalog, switches, cap, reach, geometry)
        told = Told(specs, catalog, geometry, reach)
        asker = None
        names = []
        if any(ref is not None for ref in terms.pilots):
            from shipyard.systems.rogue_trader.combat.captain import Asker, load

            loaded = [None if ref is None else load(ref) for ref in terms.pilots]
            captains = tuple(None if found is None else found[0]() for found in loaded)
            asker = Asker((captains[0], captains[1]), specs, params, catalog,
                          (loaded[0][1] if loaded[0] else "", loaded[1][1] if loaded[1] else ""))
            names = [f"{s.name} commanded by {getattr(found[0], '__name__', str(found[0]))}"
                     for s, found in zip(specs, loaded, strict=True) if found is not None]
        crew_notes = "; ".join(
            f"{s.name}: crew {s.crew.rating}, gunnery {s.crew.gunnery}, helm {s.crew.helm}, "
            f"command {s.crew.command}, tactic {s.crew.tactic}" for s in specs)
        notes = (f"{geometry}, {reach} VU apart", crew_notes, *switches.named(), *names)
        return Prepared(names=(specs[0].name, specs[1].name), cap=cap,
                        round_name="Strategic Round", damage_unit="Hull Integrity",
                        state=params, batchable=asker is None, notes=notes, asker=asker,
                        told=told)

    def rules(self) -> FightRules:
        return RULES

    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        from shipyard.systems.rogue_trader.combat.narrator import narrate

        return narrate(prepared, events, end, rounds)

    def odds(self, attacker: ShipDesign, target: ShipDesign, terms: Terms, samples: int,
             seed: int) -> Any:
        from shipyard.systems.rogue_trader.combat.odds import volley

        return volley(attacker, target, terms)


def _named(a: Spec, b: Spec) -> tuple[Spec, Spec]:
    if a.name != b.name:
        return a, b
    return (dataclasses.replace(a, name=f"{a.name} (A)"),
            dataclasses.replace(b, name=f"{b.name} (B)"))


def _params(specs: tuple[Spec, Spec], catalog: RogueTraderCatalog, switches: tables.Switches,
            cap: int, reach: int, geometry: str) -> sh.Params:
    table = catalog.combat
    width = max(len(s.parts) for s in specs)
    rams = max(len(s.ram) for s in specs)
    hits = 8 + sum(p.gun.strength for s in specs for p in s.parts if p.gun is not None)
    hits = max(512, hits + sum(p.void_shields for s in specs for p in s.parts))
    starts = _starts(reach, geometry)
    sides = [_side(spec, side, width, starts[side], switches) for side, spec in enumerate(specs)]
    volleys = _volleys(specs, catalog)
    for side, found in enumerate(sides):
        found["stat"][0][sh.S_VOLLEY] = volleys[side]
    def flat(key: str) -> list[int]:
        out: list[int] = []
        for found in sides:
            for item in found[key]:
                out += item if isinstance(item, list) else [item]
        return out

    # the state as a fight starts (ship.py's layout): both ships, the fight's own numbers,
    # their modifiers, the rows of one number a component (only the torpedoes carried are not
    # 0), then the scratch areas, all 0
    areas = {"shots": sh.SHOT_FIELDS * (width + 1), "pool": hits, "charges": hits,
             "guns": 2 * (1 + 4 * width)}
    start = [*sides[0]["ship"], *sides[1]["ship"], *[0] * sh.MISC_FIELDS,
             *[0] * (2 * sh.MOD_FIELDS)]  # the modifiers are summed below
    for row in range(sh.PART_ROWS):
        start += (sides[(row - sh.P_TORPEDOES) % 2]["torpedoes"]
                  if row in (sh.P_TORPEDOES, sh.P_TORPEDOES + 1) else [0] * width)
    at = {}
    for name, size in areas.items():
        at[f"at_{name}"] = len(start)
        start += [0] * size
    start[sh.LOCKED] = -1
    start[sh.PENDING_BLAST] = -1
    start[sh.TRACKS] = sh.tracks(start)
    ram = [n for s in specs for d in [*s.ram, *[None] * (rams - len(s.ram))]
           for n in ([d.count, d.sides, d.bonus] if d is not None else [0, 1, 0])]
    blocks = {"stat": flat("stat"), "kind": flat("kind"), "shields": flat("shields"),
              "fails_on": flat("fails_on"), "mods": flat("mods"), "gun": flat("gun"),
              "ram": ram, "chart": [0] + [CHART[catalog.critical(v).id] for v in range(1, 12)],
              "bridge": [next((p.index for p in s.parts if p.kind == "bridge"), -1)
                         for s in specs],
              "fire_crew": _dice(table.fire_crew_loss),
              "fire_morale": _dice(table.fire_morale_loss),
              "start": start,
              "memo": [0] * (orders.MEMO_SLOTS * orders.MEMO_FIELDS)}
    data: list[int] = []
    offsets = {}
    for name, block in blocks.items():
        offsets[f"o_{name}"] = len(data)
        data += block
    params = sh.Params(
        memo_slots=orders.MEMO_SLOTS, cap=cap, contact=table.contact_range,
        disengaged_after=table.disengaged_after,
        stalemate_after=table.stalemate_after, width=width, rams=rams, hits=hits, data=data,
        size=len(start), **at, **offsets,
        surprise_bonus=table.surprise_bonus,
        sensors_damaged=table.sensors_damaged, turret_bonus=table.turret_bonus_per_point,
        simplified_hulk_below=table.simplified_hulk_below,
        thrusters_damaged=table.thrusters_damaged, fire_test=table.fire_test,
        ram_test=table.ram_test, board_test=table.board_test,
        break_free_test=table.break_free_test, break_free_penalty=table.break_free_penalty,
        boarding_crew_step=table.boarding_crew_step,
        boarding_hull_step=table.boarding_hull_step,
        boarding_per_step=table.boarding_bonus_per_step,
        boarding_per_turret=table.boarding_bonus_per_turret,
        crippled_man=table.crippled_manoeuvrability,
        crippled_detection=table.crippled_detection)
    s = sh.new_state(params)  # both ships' modifiers summed as the fight starts
    sh.changed(params, s, 0)
    sh.changed(params, s, 1)
    data[params.o_start:params.o_start + params.size] = s
    return params


def _dice(dice: Any) -> list[int]:
    return [dice.count, dice.sides, dice.bonus]


def _starts(reach: int, geometry: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(doubled x, doubled y, facing) of A and of B: A at the origin heading 0°."""
    axis, facing = START[geometry]
    return (0, 0, 0), ((0, 2 * reach, facing) if axis else (2 * reach, 0, facing))


def _side(spec: Spec, side: int, width: int, start: tuple[int, int, int],
          switches: tables.Switches) -> dict[str, Any]:
    pad = width - len(spec.parts)
    mods = [[0] * sh.MODIFIERS for _ in range(width)]
    guns = [[0] * sh.GUN_FIELDS for _ in range(width)]
    torpedoes = [-1] * width
    for part in spec.parts:
        for name, value in part.modifiers:
            if name in MODIFIERS and isinstance(value, int):
                mods[part.index][MODIFIERS[name]] = value
        gun = part.gun
        if gun is not None:
            d = gun.damage
            guns[part.index] = [
                GUNS[gun.kind], sum(ARCS[a] for a in gun.arcs), gun.strength, d.count, d.sides,
                d.bonus, -1 if gun.crit is None else gun.crit, gun.reach, gun.min_range,
                gun.step, gun.to_hit, -1 if gun.capacity is None else gun.capacity,
                (d.count * (d.sides + 1) + 2 * d.bonus) * (2 if gun.ignores_armour else 1)]
            if gun.capacity is not None:
                torpedoes[part.index] = gun.capacity

    def total(which: int) -> int:
        return sum(row[which] for row in mods)

    stat = [0] * sh.STAT_FIELDS
    stat[sh.S_SPEED], stat[sh.S_MAN] = spec.speed, spec.manoeuvrability
    stat[sh.S_DETECTION], stat[sh.S_ARMOUR] = spec.detection, spec.armour
    stat[sh.S_TURRETS], stat[sh.S_TURN] = spec.turrets, spec.turn_steps
    crew = spec.crew
    stat[sh.S_RATING], stat[sh.S_GUNNERY] = crew.rating, crew.gunnery
    stat[sh.S_HELM], stat[sh.S_COMMAND] = crew.helm, crew.command
    stat[sh.S_TACTIC] = {"gunnery": sh.TACTIC_GUNNERY, "ram": sh.TACTIC_RAM,
                         "board": sh.TACTIC_BOARD}[crew.tactic]
    stat[sh.S_SURPRISED] = int(switches.surprised[side])
    stat[sh.S_SIMPLE] = int(switches.simple_destruction[side])
    stat[sh.S_PARTS] = len(spec.parts)
    stat[sh.S_WORTH] = sum(row[sh.G_STRENGTH] * row[sh.G_VALUE] for row in guns)
    ship = [0] * sh.SHIP_FIELDS
    ship[sh.HULL] = spec.hull_integrity + total(sh.M_HULL)
    ship[sh.CREW] = spec.crew_population + total(sh.M_CREW)
    ship[sh.MORALE] = spec.morale + total(sh.M_MORALE)
    ship[sh.XP], ship[sh.YP], ship[sh.FACING] = start
    return {"stat": [stat], "ship": ship, "mods": mods, "gun": guns, "torpedoes": torpedoes,
            "kind": [KINDS.get(p.kind, sh.K_OTHER) for p in spec.parts] + [0] * pad,
            "shields": [p.void_shields for p in spec.parts] + [0] * pad,
            "fails_on": [-1 if p.shield_fails_on is None else p.shield_fails_on
                         for p in spec.parts] + [-1] * pad}


def _volleys(specs: tuple[Spec, Spec], catalog: RogueTraderCatalog) -> tuple[int, int]:
    """Each side's best volley against the other, in thousandths of Hull Integrity: the mean
    the best arc takes off the undamaged enemy (exact: odds.py), at 1 VU and at her standoff
    range. The default captain scales it by what her guns are still worth (orders.tactic)."""
    from shipyard.systems.rogue_trader.combat.odds import ARCS as ODDS_ARCS
    from shipyard.systems.rogue_trader.combat.odds import bearing_guns, volley_dist
    from shipyard.systems.rogue_trader.combat.state import Ship

    ships = [Ship.fresh(spec, side, (0.0, 0.0), 0) for side, spec in enumerate(specs)]
    out = []
    for me, enemy in ((ships[0], ships[1]), (ships[1], ships[0])):
        reaches = [p.gun.reach for p in me.spec.guns if p.gun is not None and not p.gun.ordnance]
        standoff = max(1, min(reaches) - 1) if reaches else 0
        best = 0.0
        for reach in sorted({1, standoff or 1}):
            for arc in ODDS_ARCS:
                guns = bearing_guns(me, arc, reach)
                if guns:
                    dist, _ = volley_dist(me, enemy, guns, 0, catalog)
                    best = max(best, math.fsum(k * v for k, v in dist.items()))
        out.append(round(best * 1000))
    return out[0], out[1]


SUPPORT = RogueTraderCombat()
