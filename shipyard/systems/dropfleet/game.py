"""dropfleet at the table: each ship's Hull and what crippling has done to it, and hits applied
by the fights' own rules (combat/rules.py), told by the fights' own narrator.

A hit builds the encounter as a battle's numbers (`prepare_battle`, every ship of the game a
group of its own), sets each ship's state from the game file, then runs what follows the attack
dice in a fight: each hit's damage (`damage_points`, variable damage rolled hit by hit), Point
Defence against Close Action, the saves and the Hull lost (`land`: the same code a volley
lands with), a ship at 0 Hull destroyed with its catastrophic damage, and the crippling rolls
its thresholds owe (`resolve_crippling`: a hit at the table is one step, R13).

`game round` rolls the Roundup and Clean-Up for every ship (`roundup`). Not kept (RULINGS G1):
where the ships stand, so a catastrophic blast is told with its reach and left to the table.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from pydantic import Field

from shipyard.api import (
    Check,
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
    suggest,
    weapon_named,
)
from shipyard.systems.dropfleet.combat import RULES, SUPPORT
from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.commander import fig, nsys, side_of, sysf
from shipyard.systems.dropfleet.combat.narrate import narrate
from shipyard.systems.dropfleet.combat.setup import Told

MAX = 1000


class ShipState(Spends):
    hull: int = Field(ge=0, le=MAX, description="Hull left")
    destroyed: bool = False
    fires: int = Field(default=0, ge=0, le=MAX, description="Fire markers")
    armour_cracked: int = Field(default=0, ge=0, le=MAX, description="Armour Cracked results")
    containment: int = Field(default=0, ge=0, le=MAX, description=(
        "damage-control successes still needed against containment failures (2 each)"))
    core_leaks: int = Field(default=0, ge=0, le=MAX, description="Primary Core Leaks")
    orbital_decay: bool = False
    weapons_offline: bool = False
    shields_raised: bool = False
    layer: Literal["high", "low", "atmosphere"] = Field(default="high", description=(
        "the orbital layer it is in"))
    repairable: list[str] = Field(default_factory=list, max_length=MAX, description=(
        "crippling results kept for damage control that change nothing in play here (R16)"))
    systems_lost: list[str] = Field(default_factory=list, max_length=MAX, description=(
        "weapon systems lost (Weapon Destroyed)"))


def limited(design: Any) -> list[Store]:
    """A ship's Limited (n) weapons and launches, by their names on the card: n uses a battle,
    one a firing or a launch (RULINGS D8)."""
    ship, catalog = design.built, design.catalog
    out = []
    for line, name in [*((m.line, m.line.name) for m in ship.weapons),
                       *((ld, catalog.load(ld.load).name) for ld in ship.launch)]:
        for rule in line.rules:
            known = catalog.rule(rule.name)
            if known is not None and known.uses and rule.number:
                out.append(Store(name, rule.number, 1, "uses"))
    return out


LAYERS = ("high", "low", "atmosphere")  # state.HIGH, LOW, ATMOSPHERE
APART = 10**6  # half inches between any two ships: where they stand is the table's (G1)
COUNTS = (("fires", s.S_FIRES), ("armour_cracked", s.S_CRACK), ("containment", s.S_ACF),
          ("core_leaks", s.S_LEAK))
FLAGS = (("orbital_decay", s.S_DECAY), ("weapons_offline", s.S_OFFLINE),
         ("shields_raised", s.S_SHIELDS))


class Table:
    """The game's ships as one battle's numbers, each its own group, in the file's state."""

    def __init__(self, ships: list[TableShip]) -> None:
        self.prepared = SUPPORT.prepare_battle(*battle_sides(ships), Terms())
        p: s.Params = self.prepared.state
        data = list(p.data)
        for unit in range(p.units):  # no blast reaches another ship by the duel's lines (G1)
            data[p.o_units + unit * s.NU + s.U_X] = unit * APART
        p = p._replace(data=data)
        self.p = p
        told: Told = self.prepared.told
        self.told = replace(told, ships=tuple(x.name for x in ships))
        self.prepared = self.prepared._replace(told=self.told)
        self.st: list[int] = p.data[p.o_ships:].copy()
        for k, ship in enumerate(ships):
            self.put(k, ship.state)

    def full_hull(self, k: int) -> int:
        return fig(self.p, k, s.T_HULL)

    def put(self, k: int, state: ShipState) -> None:
        p, st, base = self.p, self.st, k * s.NF
        st[base + s.S_HULL] = state.hull
        st[base + s.S_ALIVE] = 0 if state.destroyed else 1
        passed = r.thresholds_passed(p, k, state.hull)
        st[base + s.S_PASSED] = passed
        st[base + s.S_CRIPPLED] = 1 if passed else 0
        for key, field in COUNTS:
            st[base + field] = getattr(state, key)
        for key, field in FLAGS:
            st[base + field] = int(getattr(state, key))
        st[base + s.S_LAYER] = LAYERS.index(state.layer)
        dread = self.told.dread[k]
        for name in state.repairable:
            row = self.told.crippling[dread].index(name)
            st[base + s.S_INERT + r.inert_slot(row)] += 1
        for name in state.systems_lost:
            st[p.o_lost + k * p.smax + self.told.systems[k].index(name)] = 1

    def get(self, k: int) -> dict[str, Any]:
        """Ship k's tracks as the file writes them: Hull always, the rest where not at rest."""
        p, st, base = self.p, self.st, k * s.NF
        dread = self.told.dread[k]
        state = ShipState(
            hull=st[base + s.S_HULL], destroyed=st[base + s.S_ALIVE] == 0,
            **{key: st[base + field] for key, field in COUNTS},
            **{key: st[base + field] == 1 for key, field in FLAGS},
            layer=LAYERS[st[base + s.S_LAYER]],
            repairable=[self.told.crippling[dread][row] for slot, row in enumerate(s.INERT_ROWS)
                        for _ in range(st[base + s.S_INERT + slot])],
            systems_lost=[name for i, name in enumerate(self.told.systems[k])
                          if st[p.o_lost + k * p.smax + i] == 1])
        return {"hull": state.hull, **state.model_dump(mode="json", exclude_defaults=True)}


class DropfleetGame(GameRules):
    state_model = ShipState
    hits = True
    criticals = True
    damage_unit = "Hull points before saves"

    def start(self, design: Any) -> dict[str, Any]:
        return {"hull": design.built.hull}

    def stores(self, design: Any) -> list[Store]:
        return limited(design)

    def marked(self, ship: TableShip, sheet: Any) -> Any:
        from shipyard.systems.dropfleet.sheet import as_it_stands

        st = ship.state
        # the lasting results the file keeps, by their names on the card (R16); the rest of
        # the results it keeps by name
        suffered = {"Armour cracked": st.armour_cracked, "Primary core leak": st.core_leaks,
                    "Weapons offline": int(st.weapons_offline),
                    "Weapon destroyed": len(st.systems_lost)}
        for name in st.repairable:
            suffered[name] = suffered.get(name, 0) + 1
        return as_it_stands(sheet, ship.design.built.hull, st.hull, st.fires, suffered,
                            st.spent)

    def check(self, ships: list[TableShip], line_of: Any) -> list[tuple[str, YamlPath]]:
        wrong: list[tuple[str, YamlPath]] = []
        prepared = SUPPORT.prepare_battle(*battle_sides(ships), Terms())
        told: Told = prepared.told
        for k, ship in enumerate(ships):
            full = ship.design.built.hull
            if ship.state.hull > full:
                wrong.append((f"hull: {ship.state.hull}: {ship.name} starts with {full}",
                              (*ship.at, "hull")))
            results = told.crippling[told.dread[k]]
            known = [results[row] for row in s.INERT_ROWS if row < len(results)]
            for i, name in enumerate(ship.state.repairable):
                if name not in known:
                    wrong.append((f"repairable: {quoted(name)}: "
                                  f"{suggest(name, known, always=True)}",
                                  (*ship.at, "repairable", i)))
            for i, name in enumerate(ship.state.systems_lost):
                if name not in told.systems[k]:
                    wrong.append((f"systems_lost: {quoted(name)} is not one of {ship.name}'s "
                                  f"weapon systems; {suggest(name, told.systems[k], always=True)}",
                                  (*ship.at, "systems_lost", i)))
        return wrong

    def tracks(self, ships: list[TableShip]) -> list[dict[str, Any]]:
        table = Table(ships)
        out = []
        for k, ship in enumerate(ships):
            now = table.get(k)
            out.append({"hull": f"{now['hull']} of {table.full_hull(k)}",
                        "state": {key: v for key, v in now.items() if key != "hull"},
                        "crippled": bool(table.st[k * s.NF + s.S_CRIPPLED]),
                        "out": "destroyed" if ship.state.destroyed else ""})
        return out

    columns = ("Hull", "crippled", "marked", "out")

    def row(self, track: dict[str, Any]) -> list[str]:
        marked = "; ".join(f"{key.replace('_', ' ')} {_value(value)}"
                           for key, value in track["state"].items() if key != "destroyed")
        return [track["hull"], "yes" if track["crippled"] else "", marked or "none",
                track["out"]]

    def notes(self, ships: list[TableShip]) -> list[str]:
        return ["catastrophic damage: its reach is told, the ships within it are the table's to "
                "find and mark (RULINGS G1)"]

    def hit(self, ships: list[TableShip], order: HitOrder, dice: TableDice) -> HitDone:
        table = Table(ships)
        p, st, t = table.p, table.st, order.target
        name = ships[t].name
        if st[t * s.NF + s.S_ALIVE] == 0:
            raise UserError.single("game.hit", f"{name} is destroyed already")
        before = [table.get(k) for k in range(len(ships))]
        rec = Recorder()
        assert rec.events is not None
        headlines: list[tuple[int, Event]] = []
        with dice.rolling(RULES.modules):
            if order.firer is None:
                damage = order.damage or 0
                headlines.append((0, Event(0, "damage", f"{damage} damage on {name}")))
                r.land(p, st, [], rec, t, 0, 0, damage, 0, 0)
            else:
                line, system = _weapon(table, order)
                first = len(dice.rolled)
                points = _points(table, rec, order, line, system)
                headlines.append((0, _volley(table, order, line, points,
                                             dice.rolled[first:])))
                r.land(p, st, [], rec, t, *points)
            r.resolve_crippling(p, st, [], rec)
        events = _told(table, [e for e in rec.events
                               if not (e[0] == s.EV_ROLL and e[1] == s.R_DAMAGE)], headlines)
        return _done(table, ships, before, rec, events, f"{name}: nothing to mark")

    def end_round(self, ships: list[TableShip], turn: int, dice: TableDice) -> HitDone:
        """The Roundup and Clean-Up as the duel plays them (R17): fires and containment
        failures burn, damage control for every repairable effect, orbital decay, primary
        core leaks; crippling rolled at the end of each step."""
        table = Table(ships)
        before = [table.get(k) for k in range(len(ships))]
        rec = Recorder()
        assert rec.events is not None
        with dice.rolling(RULES.modules):
            r.roundup(table.p, table.st, [], rec, turn)
        events = _told(table, rec.events, [])
        return _done(table, ships, before, rec, events, "nothing to mark")


def _done(table: Table, ships: list[TableShip], before: list[dict[str, Any]], rec: Recorder,
          events: list[Event], nothing: str) -> HitDone:
    """The ships whose tracks changed, and what to mark: theirs, and a blast's reach."""
    states = {k: now for k in range(len(ships)) if (now := table.get(k)) != before[k]}
    marks = [_mark(ships[k].name, before[k], now) for k, now in states.items()]
    for e in rec.events or []:
        if e[0] == s.EV_CATASTROPHIC and e[5]:
            marks.append(f"every ship within {e[5]}\" of {ships[e[1]].name}: "
                         f"{table.told.catastrophic[e[4]]} (by the damage table; with "
                         "`game hit SHIP --damage N` where it deals damage with saves)")
    return HitDone(events, states, marks or [nothing])


def _line(table: Table, unit: int, target: int, given: str) -> tuple[int, int]:
    """The firer's weapon line that `--weapon` names (its name, or words of it naming one
    line) and its weapon system: (line, system)."""
    li = weapon_named(given, list(table.told.lines[unit]), table.told.ships[unit])
    p = table.p
    for system in range(nsys(p, unit)):
        first = sysf(p, unit, target, system, s.Y_FIRST)
        if first <= li < first + sysf(p, unit, target, system, s.Y_LINES):
            return li, system
    raise AssertionError("a line outside every system")  # pragma: no cover


def _weapon(table: Table, order: HitOrder) -> tuple[int, int]:
    firer = order.firer
    assert firer is not None
    if side_of(table.p, firer) == side_of(table.p, order.target):
        raise UserError.single("game.hit", f"--from {table.told.ships[firer]}: "
                               f"{table.told.ships[order.target]} is on its own side")
    return _line(table, firer, order.target, order.weapon or "")


def _points(table: Table, rec: Recorder, order: HitOrder, li: int, system: int
            ) -> tuple[int, int, int, int, int]:
    """(near, near critical, far, far critical, scald) of the hits, as `fire_system` sums a
    line's: its damage rolled hit by hit, Close Action's apart for Point Defence."""
    p, unit, target = table.p, order.firer or 0, order.target
    line = p.o_lines + ((unit * p.units + target) * p.lmax + li) * s.NL
    d = p.data
    normal = r.damage_points([], rec, order.hits, d[line + s.L_DMG_N], d[line + s.L_DMG_S],
                             d[line + s.L_DMG_B])
    crit = r.damage_points([], rec, order.crits, d[line + s.L_DMG_N], d[line + s.L_DMG_S],
                           d[line + s.L_DMG_B])
    scald = sysf(p, unit, target, system, s.Y_SCALD)
    if d[line + s.L_CA] == 1:
        return normal, crit, 0, 0, scald
    return 0, 0, normal, crit, scald


def _volley(table: Table, order: HitOrder, li: int, points: tuple[int, int, int, int, int],
            rolled: list[Any]) -> Event:
    firer = order.firer or 0
    normal, crit = points[0] + points[2], points[1] + points[3]
    crits = f" ({order.crits} critical)" if order.crits else ""
    close = " (Close Action: Point Defence meets it)" if points[0] + points[1] else ""
    rolls = tuple(Roll(f"D{x.sides}", x.rolled, "damage") for x in rolled)
    return Event(0, "fire", f"{table.told.ships[firer]} hits {table.told.ships[order.target]} "
                 f"with {table.told.lines[firer][li]}: {order.hits + order.crits} hits{crits}: "
                 f"{normal} damage, {crit} critical{close}", rolls)


def _told(table: Table, events: list[tuple[int, ...]],
          headlines: list[tuple[int, Event]]) -> list[Event]:
    """The hit in the narrated fights' words, each line's dice said after it."""
    told = [line for _, line in headlines] + narrate(table.prepared, events, s.CAP, 0)[0]
    return [e._replace(text=e.text + _dice(e.rolls)) if e.rolls else e for e in told]


def _dice(rolls: tuple[Check | Roll, ...]) -> str:
    said = [f"{x.rolled} {'made' if x.success else 'failed'}" if isinstance(x, Check)
            else f"{x.rolled} ({x.meaning})" for x in rolls]
    return f"; {rolls[0].die} rolled {', '.join(said)}"


def _mark(name: str, before: dict[str, Any], now: dict[str, Any]) -> str:
    changed = [f"{key.replace('_', ' ')} {_value(now.get(key))}"
               for key in dict.fromkeys([*before, *now]) if before.get(key) != now.get(key)]
    return f"{name}: " + "; ".join(changed)


def _value(value: Any) -> str:
    if value is None or value is False:
        return "none" if value is None else "no"
    if value is True:
        return "yes"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    return str(value)
