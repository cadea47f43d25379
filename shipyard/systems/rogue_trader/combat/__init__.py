"""rogue-trader combat: the seed's Strategic Rounds for two ships, as a `FightSupport` for the core.

The rules are written once (fight.py, with ship.py, orders.py, geometry.py and rules.py): plain
functions over numbers that a narrated duel runs as they are and a series runs compiled. This
module makes their numbers from the designs (`prepare`); narrator.py tells what they recorded;
captain.py lets a captain of your own answer their questions; odds.py rates one volley exactly.
"""

from __future__ import annotations

import dataclasses
import math
from decimal import Decimal
from typing import Any, NamedTuple

from shipyard.api import (
    BattleSide,
    Event,
    FightRules,
    FightSupport,
    Prepared,
    Terms,
    UserError,
    battle_ships,
    ship_entries,
)
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
                   ends=ENDS,
                   fates={fight.FATE_LOST + sh.OUT_CREW: "the loss of her crew",
                          fight.FATE_LOST + sh.OUT_HULKED: "damage that left her a hulk",
                          fight.FATE_LOST + sh.OUT_EXPLODED: "explosion",
                          fight.FATE_LOST + sh.OUT_WARP: "the warp rift",
                          fight.FATE_LOST + sh.OUT_SURRENDERED: "boarders (surrendered)"},
                   crippling=True)
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

    specs: tuple[Spec, ...]  # every ship, in the battle's order (side A's, then side B's)
    catalog: RogueTraderCatalog
    geometry: str
    range: int


class RogueTraderCombat(FightSupport[ShipDesign]):
    def prepare(self, a: ShipDesign, b: ShipDesign, terms: Terms) -> Prepared:
        """The duel: the battle of one ship a side, named as the designs are (a mirror match
        tags its sides)."""
        return self.prepare_battle(*BattleSide.duel(a, b), terms)

    def prepare_battle(self, side_a: BattleSide, side_b: BattleSide, terms: Terms) -> Prepared:
        sides = (side_a, side_b)
        fleet = battle_ships(sides)
        designs: list[ShipDesign] = [s.design for s in fleet]
        teams = [s.side for s in fleet]
        if len(designs) > sh.MAX_SHIPS:
            raise UserError.single("battle.ships", f"{len(designs)} ships: a rogue-trader "
                                   f"battle takes at most {sh.MAX_SHIPS}, both sides together")
        catalog: RogueTraderCatalog = designs[0].catalog
        flags = ("--crew-a", "--crew-b")
        # each ship named as its side names her (a duel's as the design, a mirror's tagged)
        specs = tuple(
            dataclasses.replace(build(s.design.model, catalog, tables.crew(
                s.design.model, catalog, terms.crew[s.side], flags[s.side])), name=s.name)
            for s in fleet)
        # the cap grows with the battle: each ship of the larger side fights her own duel's
        # worth of rounds, ship after ship (F2)
        larger = max(teams.count(0), teams.count(1))
        cap = terms.whole("cap", catalog.combat.round_limit * larger)
        switches = tables.switches(terms.rules)
        switches.check_places((teams.count(0), teams.count(1)))
        reach = terms.whole("range", catalog.combat.start_range)
        geometry = terms.word("geometry", catalog.combat.geometry)
        params = _params(specs, tuple(teams), designs, catalog, switches, cap, reach, geometry)
        told = Told(specs, catalog, geometry, reach)
        asker = None
        commanded = []
        if any(ref is not None for ref in terms.pilots):
            from shipyard.api import consult, load_object
            from shipyard.systems.rogue_trader.combat.captain import Asker

            loaded = [None if ref is None else load_object(ref, "Captain")
                      for ref in terms.pilots]
            # each ship her own captain, made through the core's one adapter for user code
            asker = Asker(tuple(None if (made := loaded[team]) is None else consult(
                made, answer=Any, who=f"the captain of {spec.name}")
                for team, spec in zip(teams, specs, strict=True)), specs, params, catalog)
            commanded = [f"{side.name} commanded by "
                         f"{getattr(found, '__name__', str(found))}"
                         for side, found in zip(sides, loaded, strict=True) if found is not None]
        crew_notes = "; ".join(
            f"{s.name}: crew {s.crew.rating}, gunnery {s.crew.gunnery}, helm {s.crew.helm}, "
            f"command {s.crew.command}, tactic {s.crew.tactic}" for s in specs)
        duel = len(specs) == 2
        start = (f"{geometry}, {reach} VU apart" if duel else
                 f"{geometry}, the sides {reach} VU apart, each in line abreast "
                 f"{catalog.combat.formation_spacing} VU apart (F1)")
        places = [(s.name, team, teams[:i + 1].count(team))
                  for i, (s, team) in enumerate(zip(specs, teams, strict=True))]
        notes = (start, crew_notes, *switches.named(places), *commanded)
        shown = ((specs[0].name, specs[1].name) if duel and not (side_a.fleet or side_b.fleet)
                 else tuple(f"{side.name} ({side.tag})" if side.tag else side.name
                            for side in sides))
        return Prepared(names=(shown[0], shown[1]), cap=cap,
                        round_name="Strategic Round", damage_unit="Hull Integrity",
                        state=params, batchable=asker is None, notes=notes, asker=asker,
                        told=told, ships=ship_entries(sides, _price))

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


def _price(design: ShipDesign) -> Decimal:
    return Decimal(design.system.price(design))


def _params(specs: tuple[Spec, ...], teams: tuple[int, ...], designs: list[ShipDesign],
            catalog: RogueTraderCatalog, switches: tables.Switches, cap: int, reach: int,
            geometry: str) -> sh.Params:
    table = catalog.combat
    n = len(specs)
    width = max(len(s.parts) for s in specs)
    rams = max(len(s.ram) for s in specs)
    hits = 8 + sum(p.gun.strength for s in specs for p in s.parts if p.gun is not None)
    hits = max(512, hits + sum(p.void_shields for s in specs for p in s.parts))
    starts = _starts(reach, geometry, teams, table.formation_spacing)
    ships = [_side(spec, team, teams[:i + 1].count(team), width, starts[i], switches)
             for i, (spec, team) in enumerate(zip(specs, teams, strict=True))]
    volleys = _volleys(specs, teams, designs, catalog)

    def flat(key: str) -> list[int]:
        out: list[int] = []
        for found in ships:
            for item in found[key]:
                out += item if isinstance(item, list) else [item]
        return out

    # the state as a fight starts (ship.py's layout): the fight's own numbers, every ship's,
    # their modifiers (summed below), the rows of one number a component (only the torpedoes
    # carried are not 0), then the scratch areas, all 0
    areas = {"shots": sh.SHOT_FIELDS * (width + 1), "pool": hits, "charges": hits,
             "guns": n * (1 + 4 * width)}
    start = [0] * sh.MISC_FIELDS
    for found in ships:
        start += found["ship"]
    at = {"at_mods": len(start)}
    start += [0] * (n * sh.MOD_FIELDS)
    at["at_parts"] = len(start)
    rows = [[0] * width for _ in range(sh.rows(n))]
    for i, found in enumerate(ships):
        rows[(sh.P_TORPEDOES + n - 1) * n + i] = found["torpedoes"]
    for one in rows:
        start += one
    for name, size in areas.items():
        at[f"at_{name}"] = len(start)
        start += [0] * size
    for i in range(n):  # each ship engages the first enemy in the battle's order to begin with
        me = sh.ship(i)
        start[me + sh.LOCK] = -1
        start[me + sh.TARGET] = next(j for j in range(n) if teams[j] != teams[i])
    start[sh.TRACKS] = sum(found["ship"][sh.HULL] + found["ship"][sh.CREW]
                           + found["ship"][sh.MORALE] for found in ships)
    ram = [k for s in specs for d in [*s.ram, *[None] * (rams - len(s.ram))]
           for k in ([d.count, d.sides, d.bonus] if d is not None else [0, 1, 0])]
    blocks = {"stat": flat("stat"), "kind": flat("kind"), "shields": flat("shields"),
              "fails_on": flat("fails_on"), "mods": flat("mods"), "gun": flat("gun"),
              "ram": ram, "chart": [0] + [CHART[catalog.critical(v).id] for v in range(1, 12)],
              "volley": volleys,
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
        memo_slots=orders.MEMO_SLOTS, cap=cap, ships=n, contact=table.contact_range,
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
    s = sh.new_state(params)  # every ship's modifiers summed as the fight starts
    for i in range(n):
        sh.changed(params, s, i)
    data[params.o_start:params.o_start + params.size] = s
    return params


def _dice(dice: Any) -> list[int]:
    return [dice.count, dice.sides, dice.bonus]


def _starts(reach: int, geometry: str, teams: tuple[int, ...],
            spacing: int) -> list[tuple[int, int, int]]:
    """(doubled x, doubled y, facing) of every ship (F1): side A about the origin heading 0°,
    side B about the duel's place for B `reach` VU off, with the duel's facing; each side in
    line abreast, `spacing` VU apart across its heading, in fleet order from port to
    starboard, centred on the side's place. One ship a side stands where a duel's does."""
    axis, facing = START[geometry]
    centres = ((0, 0, 0), (0, 2 * reach, facing) if axis else (2 * reach, 0, facing))
    out = []
    for team in (0, 1):
        count = sum(1 for t in teams if t == team)
        x, y, heading = centres[team]
        across = (heading + 2) % 8  # to port of her heading
        for k in range(count):
            vu = spacing * (count - 1 - 2 * k)  # doubled: spacing·(count−1)/2 − spacing·k
            # doubled coordinates keep √2 apart (geometry.py): an even heading has none
            dx, dy = geometry_step(across)
            out.append((x + vu * dx, y + vu * dy, heading))
    return out


def geometry_step(facing: int) -> tuple[int, int]:
    """Half a VU along `facing`, in doubled whole coordinates (x, y): headings a multiple of
    90°, as every side's across is (the duel's facings are 0°, 90° and 180°)."""
    from shipyard.systems.rogue_trader.combat.geometry import DXP, DYP

    return DXP[facing] // 2, DYP[facing] // 2


def _side(spec: Spec, side: int, place: int, width: int, start: tuple[int, int, int],
          switches: tables.Switches) -> dict[str, Any]:
    """One ship's numbers, `side` being her side (0: A, 1: B), `place` hers in its fleet
    order (from 1)."""
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
    stat[sh.S_SURPRISED] = int(switches.surprised(side, place))
    stat[sh.S_SIMPLE] = int(switches.simple_destruction[side])
    stat[sh.S_PARTS] = len(spec.parts)
    stat[sh.S_SIDE] = side
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


def _volleys(specs: tuple[Spec, ...], teams: tuple[int, ...], designs: list[ShipDesign],
             catalog: RogueTraderCatalog) -> list[int]:
    """Each ship's best volley against each enemy ([ship · ships + enemy], 0 between mates),
    in thousandths of Hull Integrity: the mean the best arc takes off the undamaged enemy
    (exact: odds.py), at 1 VU and at her standoff range. The default captain scales it by what
    her guns are still worth (orders.scaled). Reckoned once for each two designs."""
    from shipyard.systems.rogue_trader.combat.odds import ARCS as ODDS_ARCS
    from shipyard.systems.rogue_trader.combat.odds import bearing_guns, volley_dist
    from shipyard.systems.rogue_trader.combat.state import Ship

    n = len(specs)
    out = [0] * (n * n)
    known: dict[tuple[int, int, int], int] = {}
    for i in range(n):
        for j in range(n):
            if teams[i] == teams[j]:
                continue
            key = (teams[i], id(designs[i]), id(designs[j]))  # crews are a side's
            if key not in known:
                me = Ship.fresh(specs[i], 0, (0.0, 0.0), 0)
                enemy = Ship.fresh(specs[j], 1, (0.0, 0.0), 0)
                reaches = [p.gun.reach for p in me.spec.guns
                           if p.gun is not None and not p.gun.ordnance]
                standoff = max(1, min(reaches) - 1) if reaches else 0
                best = 0.0
                for reach in sorted({1, standoff or 1}):
                    for arc in ODDS_ARCS:
                        guns = bearing_guns(me, arc, reach)
                        if guns:
                            dist, _ = volley_dist(me, enemy, guns, 0, catalog)
                            best = max(best, math.fsum(k * v for k, v in dist.items()))
                known[key] = round(best * 1000)
            out[i * n + j] = known[key]
    return out


SUPPORT = RogueTraderCombat()
