"""d12-facings combat as a `FightSupport` for the core: the seed's quick reference, written once.

rules.py holds every rule as plain functions over plain state; a narrated duel (narrate.py) and
a series (`batch` below) call the same functions, with a recorder or without one; odds.py
enumerates one shot exactly; captain.py is the default captain and defender.
"""

from __future__ import annotations

from typing import Any

from shipyard.api import (
    Chance,
    Columns,
    Distribution,
    FightSupport,
    Log,
    OddsReport,
    Point,
    Prepared,
    Progress,
    Roller,
    Terms,
    UserError,
    counted,
    derive_seed,
)
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.odds import OUTCOMES, damage_counts
from shipyard.systems.d12_facings.combat.setup import inclusive, setup, start_range

ENDS: dict[int, tuple[int | None, str]] = {
    r.A_WINS: (0, "destroyed"), r.B_WINS: (1, "destroyed"),
    r.NO_WINNER_ESCAPED: (None, "escaped"), r.NO_WINNER_MUTUAL: (None, "both-lost"),
    r.GOING: (None, "cap")}


class D12Combat(FightSupport[Any]):
    def prepare(self, a: Any, b: Any, terms: Terms) -> Prepared:
        captains = tuple(_captain(ref) for ref in terms.pilots)
        for side, crew in zip("ab", terms.crew, strict=True):
            if crew:
                raise UserError.single("cli.crew", f"--crew-{side}: a d12-facings crew is "
                                       "written in the design (captain:, crew:); --crew is "
                                       "for odds")
        s, cap = setup(a.model, b.model, a.catalog, terms, (captains[0], captains[1]))
        rule = "under means at or under (R1)" if s.inclusive else "under means strictly " \
            "under (R1)"
        start = f"{r.RANGE_NAMES[s.start]} range" + (
            f", {s.ships[0].name} tailing" if s.start == r.TAILING else "")
        return Prepared(names=(s.ships[0].name, s.ships[1].name), cap=cap, round_name="turn",
                        damage_unit="hit points of systems", state=s,
                        batchable=True,
                        notes=(f"start at {start}; {rule}",
                               "captains: " + ", ".join(
                                   type(c).__name__ for c in s.captains)))

    def start(self, prepared: Prepared, roller: Roller, log: Log) -> Any:
        from shipyard.systems.d12_facings.combat.narrate import D12Fight

        return D12Fight(prepared.state, roller.random, log)

    def batch(self, prepared: Prepared, runs: int, seed: int,
              progress: Progress | None = None) -> Columns:
        """The same rule functions, fight after fight, with the no-op recorder: fight i uses
        the derived seed i, so `duel --seed` with that seed tells it blow by blow."""
        out = Columns(engine="batch")
        s = prepared.state
        for index in counted(runs, progress):
            roller = Roller(derive_seed(seed, index))
            ended, turns, dealt_a, dealt_b = r.play(s, prepared.cap, roller.random)
            winner, reason = ENDS[ended]
            out.add(winner, reason, turns, (dealt_a, dealt_b), roller.draws)
        return out

    def odds(self, attacker: Any, target: Any, terms: Terms, samples: int,
             seed: int) -> OddsReport:
        return shot_odds(attacker, target, terms)


def _captain(reference: str | None) -> Any:
    from shipyard.systems.d12_facings.combat.captain import DEFAULT

    if reference is None:
        return DEFAULT
    from shipyard.api import load_object

    found = load_object(reference, "Captain")
    return found() if isinstance(found, type) else found


def shot_odds(attacker: Any, target: Any, terms: Terms) -> OddsReport:
    """Each gun of the attacker fired once at the target: the damage it deals, exactly."""
    from shipyard.systems.d12_facings.combat.setup import ship

    under = inclusive(terms.rules)
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
            if a.kind[gun] not in (r.WEAPON, r.MISSILE):
                continue
            base = a.to_hit[gun] if a.kind[gun] == r.MISSILE else difficulty[rng]
            need = base + b.defence
            counts = damage_counts(total, need, a.damage[gun], a.sustain[gun], under)
            points = tuple(Point(dmg, c / OUTCOMES) for dmg, c in counts)
            mean = sum(dmg * c for dmg, c in counts) / OUTCOMES
            label = f"{a.labels[gun]} at {r.RANGE_NAMES[rng]} (needs {need})"
            dists.append(Distribution(f"damage of {label}", points, mean))
            hit = sum(c for dmg, c in counts if dmg) / OUTCOMES
            chances.append(Chance(f"{label} hits", hit))
    notes = (f"to-hit total {total}: gunnery {gunnery}, sensors and edges "
             f"{total - gunnery - helping}, help {helping}",
             "a d12; under the total a second d12 is added, once; natural 1 misses, natural "
             "12 hits; sustain: the least that makes a hit, never to 0 damage (R7)",
             "shields and outer armour are not taken off here: damage as it reaches them")
    return OddsReport(f"one shot of each of {a.name}'s guns at {b.name} (defence "
                      f"{b.defence})", True, None, notes, tuple(dists), tuple(chances))


SUPPORT = D12Combat()
