"""dropfleet's duel and battle as a `FightSupport`: the rules written once (rules.py,
commander.py, over state.py's numbers), set up by setup.py, told by narrate.py, one volley's
exact odds by volley.py. A user's own commander (`--pilot-a FILE.py:NAME`, in `duel` and
`battle`) answers the rules' questions through yours.py, uncompiled:

    class Commander:
        def shields(self, facts, default): ...      # 1 raise, 0 not
        def target(self, facts, default): ...       # a place in facts.enemies
        def system(self, facts, default): ...       # an index in facts.systems
        def battlegroup(self, facts, default): ...  # an index in facts.battlegroups (battles)

`facts` is the duel's numbers (turn, ship, shot) with the names of the asking ship and of
what it may choose (yours.Facts). Any method it lacks keeps the default commander's answer;
an answer the rules cannot use now (a system that does not bear, a ship already gone) is
replaced by the default's; one that names nothing in the fight is the user's mistake.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from shipyard.api import (
    BattleSide,
    Chance,
    Distribution,
    Event,
    FightRules,
    FightSupport,
    OddsReport,
    Point,
    Prepared,
    Terms,
    ship_entries,
)
from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.commander import count

RULES = FightRules(
    play=r.play, fights=r.fights,
    modules=("shipyard.systems.dropfleet.combat.state",
             "shipyard.systems.dropfleet.combat.commander",
             "shipyard.systems.dropfleet.combat.rules"),
    ends={s.A_WINS: (0, "destroyed"), s.B_WINS: (1, "destroyed"),
          s.BOTH_LOST: (None, "both-lost"), s.HARMLESS: (None, "harmless"),
          s.CAP: (None, "cap")},
    fates={s.F_FIRE: "enemy fire", s.F_BLAST: "explosion", s.F_OWN: "crippling or burning",
           s.F_DECAY: "orbital decay", s.F_RENT: "space-time rent"},
    crippling=True)


def _group_size(design: Any, crew: Any) -> int:
    return int(crew.get("ships", design.model.group or 1))


class DropfleetCombat(FightSupport[Any]):
    def prepare(self, a: Any, b: Any, terms: Terms) -> Prepared:
        """The duel: the battle of one group a side (R5: the design's `group:` ships, or
        `--crew-a ships=N`), named as a duel names them (a mirror match tags its sides)."""
        sizes = (_group_size(a, terms.crew[0]), _group_size(b, terms.crew[1]))
        return self._prepared(BattleSide.duel(a, b, sizes), terms, battle=False)

    def prepare_battle(self, a: BattleSide, b: BattleSide, terms: Terms) -> Prepared:
        return self._prepared((a, b), terms, battle=True)

    def _prepared(self, sides: tuple[BattleSide, BattleSide], terms: Terms,
                  battle: bool) -> Prepared:
        from shipyard.systems.dropfleet.combat.setup import setup
        from shipyard.systems.dropfleet.combat.yours import commander_asker

        params, told, notes = setup(sides, terms, battle)
        if battle:
            names = tuple(f"{side.name} ({side.tag})" for side in sides)
        else:
            names = tuple(f"{side.name}" + (f" (x{n})" if n > 1 else "")
                          + (f" ({side.tag})" if side.tag else "")
                          for side, n in zip(sides, (count(params, 0), count(params, 1)),
                                             strict=True))
        asker = commander_asker(terms.pilots, params, told)
        return Prepared(names=(names[0], names[1]), cap=params.cap, round_name="turn",
                        damage_unit="Hull points", state=params, batchable=asker is None,
                        notes=tuple(notes), asker=asker, told=told,
                        ships=ship_entries(sides, lambda d: Decimal(d.system.price(d))))

    def rules(self) -> FightRules:
        return RULES

    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        from shipyard.systems.dropfleet.combat.narrate import narrate

        return narrate(prepared, events, end, rounds)

    def odds(self, attacker: Any, target: Any, terms: Terms, samples: int,
             seed: int) -> OddsReport:
        return volley_odds(attacker, target, terms)


def volley_odds(attacker: Any, target: Any, terms: Terms) -> OddsReport:
    """Each weapon system of the attacker fired once at the target, every line bearing:
    hits, criticals, Point Defence and saves enumerated exactly."""
    from shipyard.systems.dropfleet.combat import setup as su
    from shipyard.systems.dropfleet.combat.commander import raise_shields
    from shipyard.systems.dropfleet.combat.volley import mean, volley
    from shipyard.systems.dropfleet.options import BAND_INCHES, DEFAULT_BAND

    catalog = attacker.catalog
    band = terms.word("range", DEFAULT_BAND)
    ship, enemy = attacker.built, target.built
    every = su.FORWARD | su.REAR | su.SIDE["L"] | su.SIDE["R"]
    stat = su.fixed(enemy, catalog)
    given = terms.rules.get("shields")
    if given is None:
        # R9: as the target's default commander would choose against this one ship's fire
        sides = [su.Side(x, x.name, 1, su.fixed(x, catalog), su.weapon_systems(x), [])
                 for x in (ship, enemy)]
        for i, side in enumerate(sides):
            su.arm(side, sides[1 - i].ship, every, band)
        p = su.packed(sides, catalog, s.HIGH, BAND_INCHES[band], 1)
        shields = raise_shields(p, p.data[p.o_ships:], 1)
    else:
        shields = int((given == "up" and stat[s.T_SHIELDS] == 1) or
                      (given == "up" and stat[s.T_PASSIVE] > 0))
    every = su.FORWARD | su.REAR | su.SIDE["L"] | su.SIDE["R"]
    dists, chances = [], []
    for system in su.weapon_systems(ship):
        rows = [su.line_row(line, enemy, every, band) for line in system.lines]
        if not any(row[s.L_BEARS] for row in rows):
            continue
        scald = su._scald(rows)
        pd = stat[s.T_PD_UP] if (stat[s.T_SHIELDS] and shields) else stat[s.T_PD]
        normal, crit = su.needs(stat, shields, scald)
        before, _, lost = volley(rows, pd, normal, crit)
        name = su._system_name(system)
        points = tuple(Point(k, p) for k, p in sorted(lost.items()) if p > 0)
        dists.append(Distribution(f"Hull lost to {name}", points, mean(lost)))
        crits = sum(p for (_, c), p in before.items() if c > 0)
        chances.append(Chance(f"{name}: at least one critical point", crits))
        chances.append(Chance(f"{name}: at least 1 Hull lost",
                              sum(p for k, p in lost.items() if k > 0)))
    shown = "raised" if shields else "down"
    fire = "fire" if band == "close" else "do not fire"
    pd = stat[s.T_PD_UP] if (stat[s.T_SHIELDS] and shields) else stat[s.T_PD]
    notes = (f"range band {band}: Close Action weapons {fire} (R2); every arc bears",
             f"{enemy.name}: Armour {enemy.armour}+"
             + (f", Passive {enemy.passive}+ (shields {shown})" if enemy.passive else "")
             + f", Point Defence {pd}",
             "a hit on a 6 is critical (5+ for Calibre against its tonnage, every hit for "
             "Particle: R8); criticals take only the Passive save")
    return OddsReport(f"one volley of each of {attacker.model.name}'s weapon systems at "
                      f"{target.model.name}", True, None, notes, tuple(dists), tuple(chances))


SUPPORT = DropfleetCombat()
