"""d12-facings combat as a `FightSupport` for the core: the seed's quick reference, written once.

rules.py holds every rule and the default captain's decisions as plain functions over numbers,
which a narrated duel runs as they are and a series runs compiled (the fight pattern); setup.py
turns two designs into those numbers; narrate.py words the events; captain.py lets a user's own
captain answer the rules' questions; odds.py enumerates one shot exactly.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from shipyard.api import (
    FIRST_LOST,
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
    UserError,
    load_instance,
    ship_entries,
)
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.odds import OUTCOMES, damage_counts
from shipyard.systems.d12_facings.combat.setup import (
    RANGE_NAMES,
    Setup,
    battle_setup,
    free_tailer,
    inclusive,
    start_range,
)

RULES = FightRules(
    play=r.play, fights=r.fights, modules=("shipyard.systems.d12_facings.combat.rules",),
    ends={r.A_WINS: (0, "destroyed"), r.B_WINS: (1, "destroyed"),
          r.A_ESCAPES: (None, "escaped"), r.B_ESCAPES: (None, "escaped"),
          r.BOTH_LOST: (None, "both-lost"), r.CAPPED: (None, "cap"),
          r.A_WINS_ESCAPED: (0, "escaped"), r.B_WINS_ESCAPED: (1, "escaped")},
    fates={r.DESTROYED: "enemy fire"})  # "lost to enemy fire", as the other systems say
assert r.DESTROYED == FIRST_LOST and r.ESCAPED_FATE == 2  # the core's fate codes


class D12Combat(FightSupport[Any]):
    def prepare(self, a: Any, b: Any, terms: Terms) -> Prepared:
        """The duel: the battle of one ship a side, named as the designs are (a mirror match
        tags its sides)."""
        return self._prepared(BattleSide.duel(a, b), terms, False)

    def prepare_battle(self, a: BattleSide, b: BattleSide, terms: Terms) -> Prepared:
        return self._prepared((a, b), terms, True)

    def _prepared(self, sides: tuple[BattleSide, BattleSide], terms: Terms,
                  battle: bool) -> Prepared:
        for side, crew in zip("ab", terms.crew, strict=True):
            if crew:
                raise UserError.single("cli.crew", f"--crew-{side}: a d12-facings crew is "
                                       "written in the design (captain:, crew:); --crew is "
                                       "for odds")
        s = battle_setup(sides, terms)
        captains = tuple(load_instance(ref, "Captain") for ref in terms.pilots)
        names = tuple(type(c).__name__ if c is not None else "DefaultCaptain"
                      for c in captains)
        rule = "under means at or under (R2)" if s.inclusive else "under means strictly " \
            "under (R2)"
        start = f"{RANGE_NAMES[s.start]} range" + (
            f", {s.ships[0].name} tailing" if s.start == r.TAILING else "")
        if not s.duel:
            start = f"{RANGE_NAMES[s.start]} range between every two enemies (R32)"
        tailer = ("the tailer fires every gun and hits any side (--rule tailer=free)"
                  if s.free_tailer else "the tailer fires fore guns and turrets at the "
                  "target's aft (R12, house)")
        from shipyard.systems.d12_facings.combat.captain import asker

        refs = (terms.pilots[0] or "", terms.pilots[1] or "")
        shown = (tuple(f"{side.name} ({side.tag})" for side in sides) if battle
                 else (s.ships[0].name, s.ships[1].name))
        return Prepared(names=(shown[0], shown[1]), cap=s.fight.p.cap,
                        round_name="turn", damage_unit="hit points of systems",
                        state=s.fight, batchable=captains == (None, None),
                        notes=(f"start at {start}; {rule}", tailer,
                               "captains: " + ", ".join(names)),
                        asker=asker(s, (captains[0], captains[1]), refs), told=s,
                        ships=ship_entries(sides, lambda d: Decimal(d.system.price(d))))

    def rules(self) -> FightRules:
        return RULES

    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        from shipyard.systems.d12_facings.combat.narrate import narrate

        told: Setup = prepared.told
        return narrate(told, events, end, rounds)

    def odds(self, attacker: Any, target: Any, terms: Terms, samples: int,
             seed: int) -> OddsReport:
        return shot_odds(attacker, target, terms)


def shot_odds(attacker: Any, target: Any, terms: Terms) -> OddsReport:
    """Each gun of the attacker fired once at the target: the damage it deals, exactly."""
    from shipyard.systems.d12_facings.combat.setup import ship

    under = inclusive(terms.rules)
    free = free_tailer(terms.rules)
    catalog = attacker.catalog
    a, b = ship(attacker.model, catalog), ship(target.model, catalog)
    crew = terms.crew[0]
    gunnery = int(crew.get("gunnery", a.gunners[0] if a.gunners else 0))
    helping = int(crew.get("help", 0))
    total = gunnery + a.gunnery_bonus + helping + sum(
        a.figure[i] for i in range(len(a.hp)) if a.kind[i] == r.SENSOR)
    given = terms.values.get("range")
    ranges = ([start_range(catalog, str(given))] if given is not None
              else [r.SHORT, r.MEDIUM, r.LONG])
    dists, chances = [], []
    d = catalog.combat.difficulty
    difficulty = (d.tailing, d.short, d.medium, d.long)
    for rng in ranges:
        for gun in range(len(a.hp)):
            if a.kind[gun] not in (r.WEAPON, r.MISSILE) or (
                    rng == r.TAILING and not free and not a.turret[gun]
                    and a.facing[gun] != r.FORE):
                continue  # R12, R21: at tailing the attacker tails, fore guns and turrets
            base = a.to_hit[gun] if a.kind[gun] == r.MISSILE else difficulty[rng]
            need = base + b.defence
            counts = damage_counts(total, need, a.damage[gun], a.sustain[gun], under)
            points = tuple(Point(dmg, c / OUTCOMES) for dmg, c in counts)
            mean = sum(dmg * c for dmg, c in counts) / OUTCOMES
            label = f"{a.labels[gun]} at {RANGE_NAMES[rng]} (needs {need})"
            dists.append(Distribution(f"damage of {label}", points, mean))
            hit = sum(c for dmg, c in counts if dmg) / OUTCOMES
            chances.append(Chance(f"{label} hits", hit))
    notes = (f"to-hit total {total}: gunnery {gunnery}, sensors and edges "
             f"{total - gunnery - helping}, help {helping}",
             "a d12; under the total a second d12 is added, once; natural 1 misses, natural "
             "12 hits; sustain: the least that makes a hit, never to 0 damage (R7)",
             "shields and outer armour are not taken off here: damage as it reaches them",
             "at tailing range the attacker is the tailer: " + (
                 "every gun bears (--rule tailer=free)" if free else
                 "fore guns and turrets bear (R12, house; --rule tailer=free for all)"))
    return OddsReport(f"one shot of each of {a.name}'s guns at {b.name} (defence "
                      f"{b.defence})", True, None, notes, tuple(dists), tuple(chances))


SUPPORT = D12Combat()
