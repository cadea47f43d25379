"""traveller space combat as a `FightSupport`: the seed's turn sequence on the fight pattern.

rules.py holds every rule and the default crew's policy as plain functions over numbers (a
narrated duel and a compiled series run the same ones); setup.py turns designs into those
numbers; narrate.py tells the recorded events; odds.py enumerates one attack and one salvo.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal

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
    UserError,
    battle_ships,
    consult,
    load_instance,
    refuse,
    ship_entries,
)
from shipyard.systems.traveller.combat import odds as o
from shipyard.systems.traveller.combat import rules as r
from shipyard.systems.traveller.combat.setup import prepare_ships, side_of

ENDS: dict[int, tuple[int | None, str]] = {
    r.A_WINS: (0, "destroyed"), r.B_WINS: (1, "destroyed"),
    r.A_BOARDS: (0, "surrendered"), r.B_BOARDS: (1, "surrendered"),
    r.CAP: (None, "cap"), r.HARMLESS: (None, "harmless"),
    r.LOST_CONTACT: (None, "lost-contact"), r.FLED: (None, "escaped"),
    r.BOTH_LOST: (None, "both-lost"), r.A_OUTLASTS: (0, "escaped"), r.B_OUTLASTS: (1, "escaped")}

RULES = FightRules(play=r.play, fights=r.fights,
                   modules=("shipyard.systems.traveller.combat.rules",), ends=ENDS,
                   fates=r.FATES)


class TravellerCombat(FightSupport[Any]):
    def prepare(self, a: Any, b: Any, terms: Terms) -> Prepared:
        """A duel: the battle of one ship a side (TRV-R36..R48), named as duels always were."""
        return self._prepared(BattleSide.duel(a, b), terms, battle=False)

    def prepare_battle(self, a: BattleSide, b: BattleSide, terms: Terms) -> Prepared:
        return self._prepared((a, b), terms, battle=True)

    def _prepared(self, both: tuple[BattleSide, BattleSide], terms: Terms,
                  battle: bool) -> Prepared:
        a, b = both
        for side, crew in zip("ab", terms.crew, strict=True):
            if "aim" in crew:
                raise UserError.single("cli.crew", f"--crew-{side} aim: aim is for odds; in a "
                                       "fight the gunners aim when their weapon does not reach")
        fleet = battle_ships(both)
        designs = [s.design for s in fleet]
        names = [s.name for s in fleet]
        of_side = [s.side for s in fleet]
        catalog = designs[0].catalog
        ships = [side_of(d.built, catalog, name, terms.crew[side])
                 for d, name, side in zip(designs, names, of_side, strict=True)]
        params, told, notes = prepare_ships(catalog, designs, ships, of_side, terms)
        role = "Commander" if battle else "Captain"
        askers = tuple(load_instance(ref, role) for ref in terms.pilots)
        asker = None
        if any(c is not None for c in askers):
            def asker(ship: int, question: int, facts: tuple[Any, ...], default: int) -> int:
                mine = askers[of_side[ship]]  # each side's own commands all its ships
                if mine is None:
                    return default
                who = f"the {role.lower()} of {names[ship]}, turn {facts[0]}"
                if not battle:
                    return _band(mine, facts, default, who) if question == r.Q_BAND else default
                return _command(mine, params, names, ship, question, facts, default, who)
        notes += tuple(f"{side.name}: your own {role.lower()} {ref.rpartition('/')[2]} "
                       "chooses " + ("each ship's target and band (TRV-R49)" if battle else
                                     "the band to steer for")
                       for side, ref in zip((a, b), terms.pilots, strict=True) if ref)
        sides = (f"{a.name} ({a.tag})", f"{b.name} ({b.tag})") if battle else (
            told.names[0], told.names[1])
        return Prepared(names=sides, cap=params.cap, round_name="turn",
                        damage_unit="Hull points", state=params, batchable=asker is None,
                        notes=notes, asker=asker, told=told,
                        ships=ship_entries((a, b), lambda d: Decimal(d.system.price(d))))

    def rules(self) -> FightRules:
        return RULES

    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        from shipyard.systems.traveller.combat.narrate import narrate

        return narrate(prepared, events, end, rounds)

    def odds(self, attacker: Any, target: Any, terms: Terms, samples: int,
             seed: int) -> OddsReport:
        return attack_odds(attacker, target, terms)


# a captain's or commander's band answers: the bands, and "break-off" (TRV-R50: for Distant,
# escaping once clear of every enemy), rules.BREAK_OFF
BAND_NAMES = ("adjacent", "close", "short", "medium", "long", "very-long", "distant",
              "break-off")
BAND = Literal["adjacent", "close", "short", "medium", "long", "very-long", "distant",
               "break-off"]  # what `band` answers


def _band(captain: Any, facts: tuple[Any, ...], default: int, who: str) -> int:
    """A user's captain in a duel: `band(turn, band, own_hull, enemy_hull, default) -> str`
    names the range band to steer for ("short", ...), or "break-off" (TRV-R50), as
    docs/systems/traveller.md shows."""
    rnd, band, mine, theirs = facts[:4]
    answer = consult(captain.band, rnd, BAND_NAMES[band], mine, theirs, BAND_NAMES[default],
                     answer=BAND, who=who)
    return BAND_NAMES.index(answer)


def _command(commander: Any, p: r.Params, names: list[str], ship: int, question: int,
             facts: tuple[Any, ...], default: int, who: str) -> int:
    """A user's commander in a battle, asked for each ship of its side by name: `target(turn,
    ship, enemies, default)` picks the turn's target among the enemies still in the battle
    (each name with its band from `ship` and its Hull points left); `band(turn, ship, enemy,
    band, own_hull, enemy_hull, default)` names the band to steer for against that enemy
    (TRV-R49), or "break-off" (TRV-R50). Both asked through the core's one adapter."""
    if question == r.Q_TARGET:
        rnd, st = facts
        enemies = {names[e]: (BAND_NAMES[r.band_of(p, st, ship, e)], st[e * p.block + r.HULL])
                   for e in range(p.n) if r.enemies(p, st, ship, e) and r.in_battle(p, st, e)}
        answer = consult(commander.target, rnd, names[ship], enemies, names[default],
                         answer=str, who=who, choices=f"one of {', '.join(enemies)}")
        if answer not in enemies:
            raise refuse(commander.target, who, f"target() answered {_cut(answer)!r}: give one "
                         f"of {', '.join(enemies)}")
        return names.index(answer)
    rnd, band, mine, theirs, enemy = facts
    answer = consult(commander.band, rnd, names[ship], names[enemy], BAND_NAMES[band], mine,
                     theirs, BAND_NAMES[default], answer=BAND, who=who)
    return BAND_NAMES.index(answer)


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def attack_odds(attacker: Any, target: Any, terms: Terms) -> OddsReport:
    """Each weapon of the attacker fired once at the target, and its missile salvo: exact."""
    catalog = attacker.catalog
    me = side_of(attacker.built, catalog, attacker.model.name, terms.crew[0])
    them = side_of(target.built, catalog, target.model.name, {})
    bands = catalog.combat.bands
    given = terms.values.get("range")
    aim = int(terms.crew[0].get("aim", 0))
    dists, chances = [], []
    for w in me.weapons:
        if w.kind != r.DIRECT:
            continue
        skill = me.skills[r.GUNNERY]  # the pilot fires fixed mounts with Gunnery (TRV-R16)
        armour = max(0, them.armour - w.ap)
        for i, band in enumerate(bands):
            if i > w.reach or (given is not None and band.id != given):
                continue
            dm = skill + band.dm + w.dm + aim
            points = o.attack(dm, w.dice, w.dd, w.per_die, armour, w.multiple)
            label = f"{w.label} at {band.name} (2D {dm:+d} vs 8+)"
            dists.append(Distribution(f"damage of {label}",
                                      tuple(Point(v, float(c)) for v, c in points),
                                      float(o.mean(points))))
            effect = o.effects(dm)
            dists.append(Distribution(f"Effect of {label}",
                                      tuple(Point(v, float(c)) for v, c in effect),
                                      float(o.mean(effect))))
            chances.append(Chance(f"{label} hits", float(o.hit_chance(dm))))
            chances.append(Chance(f"{label} does damage",
                                  float(sum(c for v, c in points if v > 0))))
    if me.salvo:
        tl_dm = min(6, max(1, me.tl - them.tl))
        n = me.salvo
        points = o.salvo(n, tl_dm, me.missile_dice, me.missile_dd, them.armour)
        label = f"a salvo of {n} missile{'s' * (n != 1)} that all reach {them.name}"
        dists.append(Distribution(f"damage of {label}",
                                  tuple(Point(v, float(c)) for v, c in points),
                                  float(o.mean(points))))
        effect = o.effects(n - 1 + tl_dm)
        dists.append(Distribution(f"Effect of {label} (damage × Effect, at least 1)",
                                  tuple(Point(v, float(c)) for v, c in effect),
                                  float(o.mean(effect))))
        chances.append(Chance(f"{label} hits (2D {n - 1 + tl_dm:+d} vs 8+)",
                              float(o.hit_chance(n - 1 + tl_dm))))
    notes: tuple[str, ...] = (
             f"gunnery DM {me.skills[r.GUNNERY]:+d} (the pilot fires fixed mounts with Gunnery "
             f"too), aim {aim:+d}; {them.name} armour {them.armour}",
             "no dodge, sand, point defence or ECM taken off: the attack as it is rolled",
             "a salvo: 2D + 1 per missile beyond the first + TL DM (+1..+6) vs 8+; one "
             "missile's damage × Effect (at least 1) − armour once (TRV-R19)")
    if not dists:
        notes += (f"{me.name} has no weapon that attacks",)
    return OddsReport(f"one attack of each of {me.name}'s weapons at {them.name}", True, None,
                      notes, tuple(dists), tuple(chances))


SUPPORT = TravellerCombat()
