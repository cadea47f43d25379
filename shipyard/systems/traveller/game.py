"""traveller at the table: each ship's Hull, its criticals by location and level, its reactions
left and its magazines, and hits applied by the fights' own rules (combat/rules.py), told by the
fights' own narrator.

A hit builds the encounter as a battle's numbers (`prepare_battle`, every ship of the game its
own, the default crew), sets each ship's state from the game file and every pair of enemies at
the range band given (RULINGS G1), then runs what the turn sequence runs: a weapon's attack
(`fire`: the attack roll with its DMs, the target's dodge and sand, damage + Effect - armour,
Hull, the criticals of Effect 6+ and of every tenth of the Hull), a salvo arriving
(`salvo_hits`: ECM, point defence, the salvo's roll, one missile's damage × Effect), or damage
with no weapon (`hurt`, after armour). `--effect N` replaces the attack roll's 2D with the
roll that gives that Effect; every other die is the fights'.

The turn sequence rolls nothing at the end of a turn that the file keeps (its missile step is
the salvos arriving: `game hit --weapon RACK`); `game round` ends the turn and puts every
ship's reactions back to their start, one, for the table to set from the initiative it rolls
(RULINGS G2, G3).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

from pydantic import Field

from shipyard.api import (
    Event,
    GameRules,
    HitDone,
    HitOrder,
    Recorder,
    StrictModel,
    TableDice,
    TableShip,
    Terms,
    UserError,
    YamlPath,
    battle_sides,
    quoted,
    suggest,
    weapon_named,
)
from shipyard.systems.traveller.combat import BAND_NAMES, RULES, SUPPORT
from shipyard.systems.traveller.combat import rules as r
from shipyard.systems.traveller.combat.narrate import Narrator, signed
from shipyard.systems.traveller.combat.setup import Told, side_of

MAX = 10**9
BANDS = BAND_NAMES[:r.DISTANT + 1]  # what --range takes
Level = Annotated[int, Field(ge=1, le=6)]


class ShipState(StrictModel):
    hull: int = Field(ge=0, le=MAX, description="Hull points left")
    destroyed: bool = False
    criticals: dict[str, Level] = Field(default_factory=dict, description=(
        "each location hit by its name (Sensors, M-drive, ...) with its critical level, 1..6"))
    reactions: int = Field(default=1, ge=0, le=20, description=(
        "reactions left this turn: dodge, sand, ECM, point defence (RULINGS G2)"))
    missiles: int = Field(default=0, ge=0, le=MAX, description="missiles left in the magazines")
    sand: int = Field(default=0, ge=0, le=MAX, description="sand canisters left")


def _magazines(design: Any) -> tuple[int, int]:
    """The missiles and sand canisters a design starts with, as its fights count them."""
    side = side_of(design.built, design.catalog, design.model.name, {})
    return side.stock, side.sands


def _racks(design: Any) -> list[str]:
    """The names of the missile weapons a design carries: each fires the ship's salvo."""
    catalog = design.catalog
    names = [w.name for ln in design.built.lines if ln.section == "Weapons"
             for wid in ln.weapons if (w := catalog.weapon(wid)) is not None
             and w.ordnance == "missile"]
    return list(dict.fromkeys(names))


class Table:
    """The game's ships as one battle's numbers, in the file's state, every pair at `band`."""

    def __init__(self, ships: list[TableShip], band: int | None = None) -> None:
        self.prepared = SUPPORT.prepare_battle(*battle_sides(ships), Terms())
        self.p: r.Params = self.prepared.state
        told: Told = self.prepared.told
        self.told = told._replace(names=tuple(x.name for x in ships))
        self.prepared = self.prepared._replace(told=self.told)
        self.band = default_band(self.p) if band is None else band
        self.st = r.new_state(self.p)
        self.ships = ships
        for k, ship in enumerate(ships):
            self.put(k, ship.state)
        r.set_bands(self.p, self.st, self.band)

    def full_hull(self, k: int) -> int:
        return r.sv(self.p, k, r.SD_HULL)

    def put(self, k: int, state: ShipState) -> None:
        p, st, o = self.p, self.st, k * self.p.block
        st[o + r.HULL] = 0 if state.destroyed else state.hull
        full = self.full_hull(k)
        st[o + r.LOST] = (full - state.hull) * 10 // full  # the tenths' criticals already taken
        for loc, name in enumerate(self.told.locations):
            r.set_level(p, st, k, loc, state.criticals.get(name, 0))
        st[o + r.REACT] = state.reactions
        st[o + r.BURNED] = p.burn_max  # a reaction bought is the table's (RULINGS G2)
        st[o + r.STOCK] = state.missiles
        st[o + r.SANDS] = state.sand
        st[o + r.THRUST] = r.thrust_now(p, st, k)
        if state.destroyed or state.hull <= 0:
            r.leave(p, st, k, r.DESTROYED)

    def get(self, k: int) -> dict[str, Any]:
        """Ship k's tracks as the file writes them: Hull and reactions always, the rest where
        the ship has them."""
        st, o = self.st, k * self.p.block
        stock, sands = _magazines(self.ships[k].design)
        out: dict[str, Any] = {"hull": max(0, st[o + r.HULL])}
        if st[o + r.HULL] <= 0:
            out["destroyed"] = True
        criticals = {name: st[o + r.CRIT + loc] for loc, name in enumerate(self.told.locations)
                     if st[o + r.CRIT + loc] > 0}
        if criticals:
            out["criticals"] = criticals
        out["reactions"] = st[o + r.REACT]
        if stock or st[o + r.STOCK]:
            out["missiles"] = st[o + r.STOCK]
        if sands or st[o + r.SANDS]:
            out["sand"] = st[o + r.SANDS]
        return out


def default_band(p: r.Params) -> int:
    """The band a hit is at when the table gives none: the fights' start (RULINGS G1), Long
    near a planet (its likelier band, 3-6 of a d6), Very Long for a random encounter."""
    if p.start == r.START_PLANET:
        return r.LONG
    if p.start == r.START_RANDOM:
        return r.VERY_LONG
    return p.start


class TravellerGame(GameRules):
    state_model = ShipState
    hits = True
    effects = True
    bands = BANDS
    damage_unit = "Hull points before armour"

    def start(self, design: Any) -> dict[str, Any]:
        stock, sands = _magazines(design)
        return {"hull": design.built.hull_points, "reactions": 1,
                **({"missiles": stock} if stock else {}), **({"sand": sands} if sands else {})}

    def marked(self, ship: TableShip, sheet: Any) -> Any:
        from shipyard.systems.traveller.sheet import as_it_stands

        st = ship.state
        stock, sands = _magazines(ship.design)
        return as_it_stands(sheet, 0 if st.destroyed else st.hull, st.criticals,
                            {"missile": stock - st.missiles, "sand": sands - st.sand})

    def check(self, ships: list[TableShip], line_of: Any) -> list[tuple[str, YamlPath]]:
        wrong: list[tuple[str, YamlPath]] = []
        locations = [loc.name for loc in ships[0].design.catalog.critical_locations
                     if loc.roll.isdigit()] if ships else []
        for ship in ships:
            full = ship.design.built.hull_points
            if ship.state.hull > full:
                wrong.append((f"hull: {ship.state.hull}: {ship.name} starts with {full}",
                              (*ship.at, "hull")))
            for name in ship.state.criticals:
                if name not in locations:
                    wrong.append((f"criticals: {quoted(name)} is not a location; "
                                  f"{suggest(name, locations, always=True)}",
                                  (*ship.at, "criticals", name)))
            stock, sands = _magazines(ship.design)
            for key, most, what in (("missiles", stock, "missiles"),
                                    ("sand", sands, "sand canisters")):
                if getattr(ship.state, key) > most:
                    wrong.append((f"{key}: {getattr(ship.state, key)}: {ship.name} starts with "
                                  f"{most} {what}", (*ship.at, key)))
        return wrong

    def tracks(self, ships: list[TableShip]) -> list[dict[str, Any]]:
        table = Table(ships)
        out = []
        for k, ship in enumerate(ships):
            now = table.get(k)
            stock, sands = _magazines(ship.design)
            magazines = [f"{now[key]} of {most} {what}" for key, most, what in
                         (("missiles", stock, "missiles"), ("sand", sands, "sand"))
                         if key in now]
            out.append({"hull": f"{now['hull']} of {table.full_hull(k)}",
                        "criticals": now.get("criticals", {}),
                        "reactions": now["reactions"], "magazines": magazines,
                        "out": "destroyed" if now.get("destroyed") else ""})
        return out

    columns = ("Hull", "criticals", "reactions", "magazines", "out")

    def row(self, track: dict[str, Any]) -> list[str]:
        criticals = "; ".join(f"{name} {level}" for name, level in track["criticals"].items())
        return [track["hull"], criticals or "none", str(track["reactions"]),
                "; ".join(track["magazines"]) or "none", track["out"]]

    def notes(self, ships: list[TableShip]) -> list[str]:
        return ["the range is not kept: a hit is at --range BAND, else Long (RULINGS G1); "
                "reactions: set them each turn from the initiative rolled (RULINGS G2)"]

    def end_round(self, ships: list[TableShip], turn: int, dice: TableDice) -> HitDone:
        """Nothing rolled; the reactions of the turn over go back to their start (RULINGS G2)."""
        start = ShipState.model_fields["reactions"].default
        table = Table(ships)
        states = {k: {**table.get(k), "reactions": start} for k, ship in enumerate(ships)
                  if not ship.state.destroyed and ship.state.reactions != start}
        events = [Event(0, "round", f"nothing is rolled at the end of turn {turn} (its missile "
                        "step: each salvo a `game hit`)")]
        if states:
            events.append(Event(0, "round", f"reactions back to {start} for turn {turn + 1}: "
                                "set them from the initiative rolled (RULINGS G2)"))
        return HitDone(events, states, [f"{ships[k].name}: reactions {start}" for k in states])

    def hit(self, ships: list[TableShip], order: HitOrder, dice: TableDice) -> HitDone:
        table = Table(ships, None if order.band is None else BANDS.index(order.band))
        p, st, t = table.p, table.st, order.target
        name = ships[t].name
        if not r.in_battle(p, st, t):
            raise UserError.single("game.hit", f"{name} is destroyed already")
        before = [table.get(k) for k in range(len(ships))]
        rec = Recorder()
        assert rec.events is not None
        headline: list[Event] = []
        with dice.rolling(RULES.modules):
            if order.firer is None:
                headline.append(_damage(table, rec, t, order.damage or 0))
            else:
                firer = order.firer
                if ships[firer].side == ships[t].side:  # the game's sides: a third is apart
                    raise UserError.single("game.hit", f"--from {ships[firer].name}: {name} is "
                                           "on its own side")
                labels = [*table.told.weapons[firer], *_racks(ships[firer].design)]
                w = weapon_named(order.weapon or "", labels, ships[firer].name)
                st[firer * p.block + r.AT] = t
                if w >= len(table.told.weapons[firer]):
                    if order.effect is not None:
                        raise UserError.single("game.hit", "--effect: a salvo's roll is the "
                                               "tool's (its missiles, TL and the defences "
                                               "change it); give --effect with a gun")
                    _salvo(table, rec, firer, t, order.hits)
                else:
                    for copy in range(order.hits):
                        if not r.in_battle(p, st, t):
                            break
                        if order.effect is not None:
                            with _effect(table, firer, w, order.effect):
                                r.fire(p, st, [], rec, firer, w, copy, table.band, 0)
                        else:
                            r.fire(p, st, [], rec, firer, w, copy, table.band, 0)
        events = headline + _told(table, rec.events, order.effect is not None)
        if not r.in_battle(p, st, t):
            events.append(Event(0, "damage", f"{name} is destroyed (0 Hull)"))
        states = {k: now for k in range(len(ships)) if (now := table.get(k)) != before[k]}
        marks = [_mark(ships[k].name, before[k], now) for k, now in states.items()]
        return HitDone(events, states, marks or [f"{name}: nothing to mark"])


def _damage(table: Table, rec: Recorder, t: int, damage: int) -> Event:
    """`--damage N`: N Hull points before armour, then Hull and criticals as a hit's."""
    p, st = table.p, table.st
    armour = r.armour_now(p, st, t)
    through = max(0, damage - armour)
    firer = 1 if t == 0 else 0  # who dealt it: nobody (the rules count it as some ship's)
    st[firer * p.block + r.AT] = t
    left = st[t * p.block + r.HULL] - through
    if through:
        r.hurt(p, st, [], rec, firer, through, 0, 0)
    sums = f"{damage} −{armour} armour " + (f"= {through} damage" if through
                                             else f"= {damage - armour}: no damage")
    return Event(0, "damage", f"{sums} on {table.told.names[t]}; Hull {max(0, left)}")


def _salvo(table: Table, rec: Recorder, firer: int, t: int, n: int) -> None:
    """A salvo of `n` of the firer's missiles arriving at `t`, as the missile step lands it;
    they leave its magazine now (launched earlier, RULINGS G3)."""
    p, st = table.p, table.st
    name = table.told.names[firer]
    salvo = r.sv(p, firer, r.SD_SALVO)
    stock = st[firer * p.block + r.STOCK]
    if n > salvo:
        raise UserError.single("game.hit", f"--hits {n}: a salvo of {name} is at most {salvo} "
                               f"missile{'s' * (salvo != 1)}, every missile mount at once")
    if n > stock:
        raise UserError.single("game.hit", f"--hits {n}: {name} has {stock} missile"
                               f"{'s' * (stock != 1)} left (the file's `missiles:`)")
    st[firer * p.block + r.STOCK] -= n
    rec.events.append((r.EV_ARRIVE, firer, n, t))  # type: ignore[union-attr]
    r.salvo_hits(p, st, [], rec, firer, n)


@contextmanager
def _effect(table: Table, firer: int, w: int, effect: int) -> Iterator[None]:
    """The attack roll of `fire` given as the 2D total that makes `effect`: the DMs are the
    ones `fire` adds (no aim, nothing chained: RULINGS G1); every later roll is the dice's."""
    p, st = table.p, table.st
    dm = (r.sk(p, firer, r.GUNNERY) + r.tv(p, r.T_RANGE_DM, table.band)
          + r.wv(p, firer, r.W_DM, w) - r.level(p, st, firer, r.EF_ATTACK)
          - r.crew_dm(p, st, firer))
    real = r.roll2
    first = [True]

    def roll2(rng: list[int]) -> int:
        if first[0]:
            first[0] = False
            return effect - dm + r.AVERAGE
        return real(rng)

    r.roll2 = roll2
    try:
        yield
    finally:
        r.roll2 = real


def _told(table: Table, events: list[tuple[int, ...]], given: bool) -> list[Event]:
    """The hit in the narrated fights' words; an attack whose Effect the table gave says so
    in place of the attack roll."""
    teller = Narrator(table.prepared)
    for e in events:
        teller.tell(e)
        if given and e[0] == r.EV_FIRE:
            told = teller.out[-1]
            dodged = e[11] - _given_effect(table, e)
            word = "hits" if e[11] >= 0 else "misses"
            lead = told.text.split(": ", 1)[0]
            dodge = f" {signed(dodged)} dodge = {signed(e[11])}" if dodged else ""
            teller.out[-1] = told._replace(
                text=f"{lead}: Effect {signed(_given_effect(table, e))} (given){dodge}: {word}",
                rolls=())
    return teller.out


def _given_effect(table: Table, e: tuple[int, ...]) -> int:
    """The attack's Effect before the dodge, from an EV_FIRE event."""
    return e[4] + e[5] + e[6] + e[7] + e[8] + e[9] - e[10] - r.AVERAGE


def _mark(name: str, before: dict[str, Any], now: dict[str, Any]) -> str:
    changed = []
    for key in dict.fromkeys([*before, *now]):
        if before.get(key) == now.get(key):
            continue
        value = now.get(key)
        if value is True:
            value = "yes"
        elif isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        changed.append(f"{key} {value}")
    return f"{name}: " + "; ".join(changed)
