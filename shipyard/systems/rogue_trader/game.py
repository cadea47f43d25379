"""rogue-trader at the table: each ship's Hull Integrity, Crew Population and Morale, what the
Critical Hit chart has done to her, and hits applied by the fights' own rules
(combat/fight.py), told by the fights' own narrator.

A hit builds the encounter as a battle's numbers (`prepare_battle`, every ship of the game),
sets each ship's state from the game file, then runs what follows the Ballistic Skill test in
a fight: the weapon's hits as one attack (`resolve`: the void shields the attacker's hits are
given up to, with a flickering shield's d10; each hit's damage, Armour, Hull Integrity with
Crew Population and Morale; a critical hit past 0; the weapon's Crit Rating met: 1d5 on the
Critical Hit chart) and an exploding drive's blast (`settle`). `game round` rolls R11's fires
for every burning ship (`fires`), as at the start of her next turn (RULINGS G2).

Not kept (RULINGS G1): where the ships stand, so a drive's blast is told with its reach and
left to the table; which enemy knows which component (the file keeps what her enemies know of
each ship, one list). Torpedoes fired are kept, by tube (`spent:`): a hit with a tube spends a
salvo, a salvo that lands nothing is `game spend` (RULINGS G5).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from pydantic import Field

from shipyard.api import (
    Event,
    GameRules,
    HitDone,
    HitOrder,
    Recorder,
    Roll,
    Spends,
    Store,
    TableDice,
    TableShip,
    Terms,
    UserError,
    YamlPath,
    battle_sides,
    quoted,
    spend,
    suggest,
    weapon_named,
)
from shipyard.systems.rogue_trader.combat import RULES, SUPPORT, _side
from shipyard.systems.rogue_trader.combat import fight as f
from shipyard.systems.rogue_trader.combat import ship as sh
from shipyard.systems.rogue_trader.combat import terms as tables
from shipyard.systems.rogue_trader.combat.narrator import STATE_WORDS, Narrator
from shipyard.systems.rogue_trader.combat.spec import Spec, build

MAX = 100_000
State = Literal["damaged", "depressurised", "on fire", "unpowered", "destroyed"]
OUT = {sh.OUT_CREW: "crew lost", sh.OUT_HULKED: "a hulk", sh.OUT_EXPLODED: "exploded",
       sh.OUT_WARP: "dragged into the warp", sh.OUT_SURRENDERED: "surrendered"}
Out = Literal["", "crew lost", "a hulk", "exploded", "dragged into the warp", "surrendered"]
BITS = {word: bit for bit, word in STATE_WORDS.items()}
APART = 10**6  # doubled VU between any two ships: where they stand is the table's (G1)


class ShipState(Spends):
    hull_integrity: int = Field(ge=0, le=MAX, description="Hull Integrity left")
    crew_population: int = Field(ge=0, le=MAX, description="Crew Population left")
    morale: int = Field(ge=0, le=MAX, description="Morale left")
    out: Out = Field(default="", description="why she is out of the fight (R15), if she is")
    sensors_damaged: bool = False
    thrusters_damaged: int = Field(default=0, ge=0, le=MAX, description=(
        "Thrusters Damaged results that cost Manoeuvrability"))
    cannot_turn: bool = False
    engines_halved: int = Field(default=0, ge=0, le=MAX, description=(
        "Engines Crippled results that halved her Speed"))
    engines_wrecked: bool = False
    components: dict[str, list[State]] = Field(default_factory=dict, max_length=MAX,
                                               description=(
        "each component struck, by its name on the sheet: what it is"))
    known: list[str] = Field(default_factory=list, max_length=MAX, description=(
        "her components her enemies know of (a critical hit picks among them)"))


def names(spec: Spec) -> list[str]:
    """Each component's name as the file writes it: its name on the sheet, numbered where a
    ship carries two of one name ("Macrobattery (port) 2")."""
    out: list[str] = []
    for part in spec.parts:
        seen = sum(1 for p in spec.parts[:part.index] if p.name == part.name)
        out.append(part.name if seen == 0 else f"{part.name} {seen + 1}")
    return out


class Table:
    """The game's ships as one battle's numbers, in the file's state."""

    def __init__(self, ships: list[TableShip]) -> None:
        prepared = SUPPORT.prepare_battle(*battle_sides(ships), Terms())
        told = prepared.told
        specs = tuple(dataclasses.replace(spec, name=ship.name)
                      for spec, ship in zip(told.specs, ships, strict=True))
        self.prepared = prepared._replace(told=told._replace(specs=specs))
        self.specs = specs
        self.names = [names(spec) for spec in specs]
        p: sh.Params = prepared.state
        self.p = p
        self.s = s = sh.new_state(p)
        self.start = [(s[sh.ship(k) + sh.HULL], s[sh.ship(k) + sh.CREW],
                       s[sh.ship(k) + sh.MORALE]) for k in range(len(ships))]
        for k, ship in enumerate(ships):
            self.put(k, ship.state)
            s[sh.ship(k) + sh.XP] = k * APART  # no blast reaches another ship (G1)
            s[sh.ship(k) + sh.YP] = 0
        for k in range(len(ships)):
            sh.changed(p, s, k)

    def enemies(self, k: int) -> list[int]:
        return [j for j in range(self.p.ships) if sh.side_of(self.p, j) != sh.side_of(self.p, k)]

    def put(self, k: int, state: ShipState) -> None:
        p, s, me = self.p, self.s, sh.ship(k)
        s[me + sh.HULL] = state.hull_integrity
        s[me + sh.CREW] = state.crew_population
        s[me + sh.MORALE] = state.morale
        s[me + sh.OUT] = next((code for code, word in OUT.items() if word == state.out), 0)
        s[me + sh.SENSORS] = int(state.sensors_damaged)
        s[me + sh.THRUSTERS] = -p.thrusters_damaged * state.thrusters_damaged
        s[me + sh.CANNOT_TURN] = int(state.cannot_turn)
        s[me + sh.ENGINES_HALVED] = state.engines_halved
        s[me + sh.ENGINES_WRECKED] = int(state.engines_wrecked)
        for name, words in state.components.items():
            part = self.names[k].index(name)
            for word in words:
                s[sh.states(p, k) + part] |= BITS[word]
        for name in state.known:
            for enemy in self.enemies(k):
                s[sh.known(p, k, enemy) + self.names[k].index(name)] = 1
        for name, n in state.spent.items():  # a tube's torpedoes left (-1: no store)
            s[sh.torpedoes(p, k) + self.names[k].index(name)] -= n

    def get(self, k: int) -> dict[str, Any]:
        """Ship k's tracks as the file writes them: her three tracks always, the rest where
        anything is marked."""
        p, s, me = self.p, self.s, sh.ship(k)
        parts = range(len(self.names[k]))
        found = [s[sh.states(p, k) + part] for part in parts]
        state = ShipState(
            hull_integrity=s[me + sh.HULL], crew_population=s[me + sh.CREW],
            morale=s[me + sh.MORALE], out=OUT.get(s[me + sh.OUT], ""),
            sensors_damaged=s[me + sh.SENSORS] == 1,
            # put() keeps -(the modifier) a result: the catalog's modifier is negative (-20)
            thrusters_damaged=(-s[me + sh.THRUSTERS] // p.thrusters_damaged
                               if p.thrusters_damaged else 0),
            cannot_turn=s[me + sh.CANNOT_TURN] == 1, engines_halved=s[me + sh.ENGINES_HALVED],
            engines_wrecked=s[me + sh.ENGINES_WRECKED] == 1,
            components={self.names[k][part]: [word for bit, word in STATE_WORDS.items()
                                              if found[part] & bit]
                        for part in parts if found[part]},
            known=[self.names[k][part] for part in parts
                   if any(s[sh.known(p, k, enemy) + part] for enemy in self.enemies(k))])
        return {"hull_integrity": state.hull_integrity,
                "crew_population": state.crew_population, "morale": state.morale,
                **state.model_dump(mode="json", exclude_defaults=True)}

    def narrate(self, events: list[tuple[int, ...]], shots: list[int],
                headlines: list[tuple[int, Event]]) -> list[Event]:
        """The events in the narrated fights' words, each headline before what it started;
        `shots`: the weapon (part) of each shot of the attack, as the narrator reads them."""
        narrator = Narrator(self.prepared)
        narrator.shots, narrator.closed = list(shots), False
        out: list[Event] = []
        for k, event in enumerate(events):
            for at, line in headlines:
                if at == k:
                    out += narrator.events
                    narrator.events = []
                    out.append(line)
            if event[0] != f.EV_REACHES:  # how far apart they stand is not kept (G1)
                narrator.tell(event)
        out += narrator.events
        if narrator.blast:  # the reach, said without the distance to any ship (G1)
            out.append(Event(0, "critical", f"{narrator.blast}: the ships within it are the "
                             "table's to find", tuple(narrator.blast_rolls), 2))
        out += [line for at, line in headlines if at >= len(events)]
        return [e._replace(text=f"{e.text}; " + ", ".join(
                    f"{r.die} rolled {r.rolled}: {r.meaning}" for r in e.rolls
                    if isinstance(r, Roll)))
                if e.rolls and "rolled" not in e.text else e for e in out]


def _spec(design: Any) -> Spec:
    """A design as a fight sees it, with the crew its design gives it."""
    return build(design.model, design.catalog, tables.crew(design.model, design.catalog, {},
                                                           "crew"))


def _tubes(design: Any) -> list[Store]:
    """Each torpedo tube's store as the game names it ("Mars-pattern Torpedo Tubes (prow)"):
    its capacity, a salvo of its Strength (R9)."""
    spec = _spec(design)
    return [Store(name, part.gun.capacity, part.gun.strength, "torpedoes")
            for part, name in zip(spec.parts, names(spec), strict=True)
            if part.gun is not None and part.gun.capacity is not None]


def _start(design: Any) -> tuple[int, int, int]:
    """A design's Hull Integrity, Crew Population and Morale as a fight starts (its
    components' modifiers counted, as `prepare_battle` counts them)."""
    spec = _spec(design)
    ship = _side(spec, 0, 1, len(spec.parts), (0, 0, 0), tables.switches({}))["ship"]
    return ship[sh.HULL], ship[sh.CREW], ship[sh.MORALE]


class RogueTraderGame(GameRules):
    state_model = ShipState
    hits = True
    criticals = True
    volleys = True
    damage_unit = "damage past Armour (Hull Integrity)"

    def start(self, design: Any) -> dict[str, Any]:
        hull, crew, morale = _start(design)
        return {"hull_integrity": hull, "crew_population": crew, "morale": morale}

    def stores(self, design: Any) -> list[Store]:
        return _tubes(design)

    def marked(self, ship: TableShip, sheet: Any) -> Any:
        from shipyard.systems.rogue_trader.sheet import as_it_stands

        st = ship.state
        conditions = {name for name, on in (
            ("Crippled", st.hull_integrity == 0), ("Sensors damaged", st.sensors_damaged),
            ("Thrusters damaged", st.thrusters_damaged > 0 or st.cannot_turn),
            ("Engines crippled", st.engines_halved > 0 or st.engines_wrecked)) if on}
        return as_it_stands(sheet, {"Hull Integrity": st.hull_integrity,
                                    "Crew Population": st.crew_population,
                                    "Morale": st.morale}, st.components, conditions,
                            {x.name: -(-st.spent.get(x.name, 0) // x.salvo)
                             for x in _tubes(ship.design)})

    def check(self, ships: list[TableShip], line_of: Any) -> list[tuple[str, YamlPath]]:
        wrong: list[tuple[str, YamlPath]] = []
        for ship in ships:
            started = _start(ship.design)
            state = ship.state
            for key, now, full in zip(("hull_integrity", "crew_population", "morale"),
                                      (state.hull_integrity, state.crew_population, state.morale),
                                      started, strict=True):
                if now > full:
                    wrong.append((f"{key}: {now}: {ship.name} starts with {full}",
                                  (*ship.at, key)))
            known = names(_spec(ship.design))
            for name in state.components:
                if name not in known:
                    wrong.append((f"components: {quoted(name)} is not one of {ship.name}'s "
                                  f"components; {suggest(name, known, always=True)}",
                                  (*ship.at, "components", name)))
            for i, name in enumerate(state.known):
                if name not in known:
                    wrong.append((f"known: {quoted(name)} is not one of {ship.name}'s "
                                  f"components; {suggest(name, known, always=True)}",
                                  (*ship.at, "known", i)))
        return wrong

    def tracks(self, ships: list[TableShip]) -> list[dict[str, Any]]:
        table = Table(ships)
        out = []
        for k in range(len(ships)):
            now = table.get(k)
            hull, crew, morale = table.start[k]
            out.append({"hull_integrity": f"{now['hull_integrity']} of {hull}",
                        "crew_population": f"{now['crew_population']} of {crew}",
                        "morale": f"{now['morale']} of {morale}",
                        "state": {key: v for key, v in now.items()
                                  if key not in ("hull_integrity", "crew_population", "morale",
                                                 "out", "known")},
                        "crippled": now["hull_integrity"] == 0,
                        "out": now.get("out", "")})
        return out

    columns = ("Hull Integrity", "Crew", "Morale", "marked", "out")

    def row(self, track: dict[str, Any]) -> list[str]:
        marked = []
        for key, value in track["state"].items():
            if key == "components":
                marked += [f"{name} {', '.join(words)}" for name, words in value.items()]
            else:
                marked.append(key.replace("_", " ") + ("" if value is True else f" {value}"))
        hull = track["hull_integrity"] + (" (Crippled)" if track["crippled"] else "")
        return [hull, track["crew_population"], track["morale"], "; ".join(marked) or "none",
                track["out"]]

    def notes(self, ships: list[TableShip]) -> list[str]:
        return ["where the ships stand is not kept: a drive's blast is told with its reach, the "
                "ships within it are the table's to find (RULINGS G1)"]

    def hit(self, ships: list[TableShip], order: HitOrder, dice: TableDice) -> HitDone:
        table = Table(ships)
        p, s, t = table.p, table.s, order.target
        name = ships[t].name
        if s[sh.ship(t) + sh.OUT]:
            raise UserError.single("game.hit", f"{name} is out of the fight already "
                                   f"({OUT[s[sh.ship(t) + sh.OUT]]})")
        before = [table.get(k) for k in range(len(ships))]
        rec = Recorder()
        assert rec.events is not None
        shots: list[int] = []
        with dice.rolling(RULES.modules):
            if order.firer is None:
                damage = order.damage or 0
                by = table.enemies(t)[0] if table.enemies(t) else t
                headline = Event(0, "damage", f"{damage} damage past Armour on {name}")
                f.hurt(p, s, [], rec, t, damage, by)
            else:
                volley = order.volley or ((order.weapon or "", order.hits, order.crits),)
                shots = _weapons(table, order, volley)
                fired = _salvos(ships, order.firer, table, shots, volley)
                headline = _attack(table, order, shots, volley)
                f.resolve(p, s, [], rec, order.firer, t, len(shots))
            if f.blasting(p, s):
                f.settle(p, s, [], rec)
        events = table.narrate(rec.events, shots, [(0, headline)])
        done = _done(table, ships, before, events, f"{name}: nothing to mark")
        if order.firer is None or not fired:
            return done
        firer, said = order.firer, "; ".join(fired[1])
        state = {**done.states.get(firer, table.get(firer)), "spent": fired[0]}
        lead = f"{ships[firer].name}: "
        marks = [m + f"; {said}" if m.startswith(lead) else m for m in done.marks
                 if m != f"{name}: nothing to mark"]
        if firer not in done.states:
            marks.append(lead + said)
        return HitDone(events, {**done.states, firer: state}, marks)

    def end_round(self, ships: list[TableShip], turn: int, dice: TableDice) -> HitDone:
        """R11 for every burning ship still in the fight, in the game's order, as at the start
        of her next Strategic Turn (RULINGS G2)."""
        table = Table(ships)
        p, s = table.p, table.s
        before = [table.get(k) for k in range(len(ships))]
        rec = Recorder()
        assert rec.events is not None
        headlines: list[tuple[int, Event]] = []
        with dice.rolling(RULES.modules):
            for k in range(len(ships)):
                if s[sh.ship(k) + sh.OUT] == 0 and sh.mod(p, s, k, sh.M_BURNING):
                    headlines.append((len(rec.events), Event(0, "fire", (
                        f"{ships[k].name} fights her fires (R11)"))))
                    f.fires(p, s, [], rec, k)
        if not headlines:
            headlines.append((0, Event(0, "round", "no ship is burning: no fire to fight")))
        events = table.narrate(rec.events, [], headlines)
        return _done(table, ships, before, events, "nothing to mark")


def _weapons(table: Table, order: HitOrder, volley: tuple[tuple[str, int, int], ...]
             ) -> list[int]:
    """The firer's weapons that each `--weapon` names: their parts, in the order given."""
    firer = order.firer
    assert firer is not None
    p, spec = table.p, table.specs[firer]
    if sh.side_of(p, firer) == sh.side_of(p, order.target):
        raise UserError.single("game.hit", f"--from {spec.name}: "
                               f"{table.specs[order.target].name} is on her own side")
    guns = [part for part in spec.parts if part.gun is not None]
    parts: list[int] = []
    for given, _, crits in volley:
        found = guns[weapon_named(given, [g.name for g in guns], spec.name)]
        if found.index in parts:
            raise UserError.single("game.hit", f"--weapon {quoted(given)}: {found.name} is "
                                   "given twice; a weapon fires once an attack")
        if crits > 1:
            raise UserError.single("game.hit", "--crits: 1 where the weapon's Crit Rating was "
                                   "met (its test's degrees of success), else 0")
        if crits and found.gun is not None and found.gun.crit is None:
            raise UserError.single("game.hit", f"--crits: {found.name} has no Crit Rating")
        parts.append(int(found.index))
    return parts


def _salvos(ships: list[TableShip], k: int, table: Table, parts: list[int],
            volley: tuple[tuple[str, int, int], ...]) -> tuple[dict[str, int], list[str]] | None:
    """The torpedoes the attack's tubes fire: a salvo of each tube's Strength, or what is left
    (R9), the hits given at most that (RULINGS G5); the firer's `spent:` after them and what to
    mark. None: no tube fired."""
    ship = ships[k]
    tubes = {x.name: x for x in _tubes(ship.design)}
    said = []
    for part, (_, hits, _) in zip(parts, volley, strict=True):
        tube = tubes.get(table.names[k][part])
        if tube is None:
            continue
        spent, n = spend(ship, tube, None)
        if hits > n:
            raise UserError.single("game.hit", f"--hits {hits}: a salvo of {tube.name} is "
                                   f"{n} torpedo{'es' * (n != 1)}")
        ship = ship._replace(state=ship.state.model_copy(update={"spent": spent}))
        said.append(f"{tube.name} {n} spent ({tube.holds - spent[tube.name]} of {tube.holds} "
                    "torpedoes left)")
    return (dict(ship.state.spent), said) if said else None


def _attack(table: Table, order: HitOrder, parts: list[int],
            volley: tuple[tuple[str, int, int], ...]) -> Event:
    """The attack's shots as `fight.shoot` writes them after each weapon's Ballistic Skill
    test: the table's hits, its Crit Rating met or not; and the headline."""
    p, s, firer, t = table.p, table.s, order.firer or 0, order.target
    said = []
    for n, (part, (_, hits, crits)) in enumerate(zip(parts, volley, strict=True)):
        g = p.o_gun + (firer * p.width + part) * sh.GUN_FIELDS
        r = p.at_shots + n * sh.SHOT_FIELDS
        s[r + sh.SH_PART] = part
        s[r + sh.SH_HITS] = hits
        s[r + sh.SH_LANDED] = hits
        s[r + sh.SH_CRIT] = 1 if crits else 0
        for field, at in ((sh.SH_KIND, sh.G_KIND), (sh.SH_COUNT, sh.G_COUNT),
                          (sh.SH_SIDES, sh.G_SIDES), (sh.SH_BONUS, sh.G_BONUS),
                          (sh.SH_VALUE, sh.G_VALUE)):
            s[r + field] = p.data[g + at]
        for enemy in table.enemies(firer):  # a component used against you is known (the seed)
            s[sh.known(p, firer, enemy) + part] = 1
        said.append(f"{table.specs[firer].parts[part].name}: {hits} hit{'s' * (hits != 1)}"
                    + (" (Crit Rating met)" if crits else ""))
    return Event(0, "shooting", f"{table.specs[firer].name} hits {table.specs[t].name} with "
                 + "; ".join(said))


def _done(table: Table, ships: list[TableShip], before: list[dict[str, Any]],
          events: list[Event], nothing: str) -> HitDone:
    """The ships whose tracks changed, and what to mark on their sheets."""
    states = {k: now for k in range(len(ships)) if (now := table.get(k)) != before[k]}
    marks = [_mark(ships[k].name, before[k], now) for k, now in states.items()]
    return HitDone(events, states, marks or [nothing])


def _mark(name: str, before: dict[str, Any], now: dict[str, Any]) -> str:
    changed = []
    for key in dict.fromkeys([*before, *now]):
        old, new = before.get(key), now.get(key)
        if old == new:
            continue
        words = key.replace("_", " ")
        if key == "components":
            was = old or {}
            changed += [f"{part} {', '.join(w for w in state if w not in was.get(part, []))}"
                        for part, state in (new or {}).items() if state != was.get(part)]
        elif key == "known":
            changed.append("known to her enemies: " + ", ".join(
                x for x in new or [] if x not in (old or [])))
        elif isinstance(new, bool) or new is None:
            changed.append(f"{words} {'yes' if new else 'no'}")
        else:
            changed.append(f"{words} {new}")
    return f"{name}: " + "; ".join(changed)
