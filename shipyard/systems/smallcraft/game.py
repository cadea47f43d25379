"""smallcraft at the table: each craft's destroyed boxes, and hits applied by the fights' own
rules (combat/fight.py), told by the fights' own narrator.

A hit builds the encounter as a battle's array (`prepare_battle`, every craft of the game),
destroys the boxes the game file lists through `fight.destroy` (so every count the rules keep
follows from them), then runs what follows a hit in a fight: a beam's dhits at its surviving,
powered cblocs against the target's screens (`screen`), or a salvo of missiles (`salvo`), then
Inflicting Damage box by box (`inflict`: the armor step, a d(hull) roll for each other dhit, a
box already destroyed rolled again) and R8 at once (`knocked_out`).

The missiles fired are kept by their rack (`spent:`, RULINGS G3): a missile hit spends the
missiles that strike, `game spend` those that struck nothing; a rack holds five missiles a cbloc
(rule 9) and a destroyed cbloc takes its missiles with it, as in the fights. What the game file
does not keep yet (RULINGS G1): the power each craft shares out in dPhase 1 (every surviving box
counts as powered).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from shipyard.api import (
    Event,
    GameRules,
    HitDone,
    HitOrder,
    Recorder,
    Spends,
    Store,
    TableDice,
    TableShip,
    Terms,
    UserError,
    YamlPath,
    battle_sides,
    emit,
    spend,
    weapon_named,
)
from shipyard.systems.smallcraft.combat import RULES, SUPPORT
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat.craft import Spec, build
from shipyard.systems.smallcraft.combat.narrator import Told, narrate
from shipyard.systems.smallcraft.rules import count

MAX_BOXES = 10_000  # the largest hull `new` makes


class CraftState(Spends):
    destroyed: list[int] = Field(default_factory=list, max_length=MAX_BOXES, description=(
        "the boxes destroyed, by their numbers on the sheet, in the order lost"))


class Table:
    """The game's craft as one battle's array, their losses destroyed box by box."""

    def __init__(self, ships: list[TableShip]) -> None:
        where = Terms(range=0, geometry="head-on")  # where the craft stand reads no hit
        prepared = SUPPORT.prepare_battle(*battle_sides(ships), where)
        told: Told = prepared.told
        self.specs: tuple[Spec, ...] = tuple(s._replace(name=ship.name)
                                             for s, ship in zip(told.specs, ships, strict=True))
        self.told = told._replace(specs=self.specs)
        self.a: list[int] = list(prepared.state.array)
        a = self.a
        for c, ship in enumerate(ships):
            for m, rack in enumerate(racks(ship.design)):  # before the boxes: they take theirs
                a[a[f.S_MISSILES] + c * a[f.MISSILE_STRIDE] + m] = (
                    rack.holds - ship.state.spent.get(rack.name, 0))
            for box in ship.state.destroyed:
                f.destroy(self.a, None, c, box, 0, 0)
            f.knocked_out(self.a, None, c)
        for c in range(len(ships)):  # every surviving box powered (RULINGS G1)
            for r in range(a[a[f.T_ROWS] + c]):
                at = c * a[f.ROW_STRIDE] + r
                a[a[f.S_POWER] + at] = a[a[f.S_ALIVE] + at]

    def left(self, c: int) -> int:
        return self.a[c * f.NS + f.LEFT]

    def out(self, c: int) -> str:
        """Why craft c is out of the fight (R8), or "": destroyed, once every box is gone,
        whatever took it out first."""
        fate = self.a[c * f.NS + f.FATE]
        if self.left(c) == 0:
            return "destroyed"
        if fate < f.FATE_LOST:
            return ""
        return ("destroyed", "out of action: crew lost", "out of action: power lost",
                "disarmed and immobile")[fate - f.FATE_LOST]


def racks(design: Any) -> list[Store]:
    """Each missile rack's store as the sheet names it: five missiles a cbloc (rule 9), as many
    a salvo as the craft has launch tubes."""
    spec = build(design.model, design.catalog)
    tubes = sum(spec.rows[r].boxes for r in spec.tubes)
    return [Store(m.label, spec.rows[m.row].boxes * m.per_cbloc, max(1, tubes), "missiles")
            for m in spec.missiles]


def racks_of(ship: TableShip) -> list[Store]:
    """The craft's racks as she stands: the missiles her destroyed cblocs took are lost."""
    spec = build(ship.design.model, ship.design.catalog)
    gone = set(ship.state.destroyed)
    out = []
    for m, rack in zip(spec.missiles, racks(ship.design), strict=True):
        row = spec.rows[m.row]
        room = sum(b not in gone for b in range(row.first, row.last + 1)) * m.per_cbloc
        unspent = rack.holds - ship.state.spent.get(rack.name, 0)
        out.append(rack._replace(lost=max(0, unspent - room)))
    return out


class SmallcraftGame(GameRules):
    state_model = CraftState
    hits = True
    damage_unit = "dhits"

    def start(self, design: Any) -> dict[str, Any]:
        return {"destroyed": []}  # `spent:` comes with the first missile fired (G3)

    def stores(self, design: Any) -> list[Store]:
        return racks(design)

    def stores_of(self, ship: TableShip) -> list[Store]:
        return racks_of(ship)

    def marked(self, ship: TableShip, sheet: Any) -> Any:
        from shipyard.systems.smallcraft.sheet import as_it_stands

        return as_it_stands(sheet, ship.state.destroyed,
                            [ship.state.spent.get(x.name, 0) for x in racks(ship.design)])

    def check(self, ships: list[TableShip], line_of: Any) -> list[tuple[str, YamlPath]]:
        from shipyard.systems.smallcraft.combat.craft import build

        wrong: list[tuple[str, YamlPath]] = []
        for ship in ships:
            boxes = build(ship.design.model, ship.design.catalog).box_count
            seen: set[int] = set()
            for k, box in enumerate(ship.state.destroyed):
                at = (*ship.at, "destroyed", k)
                if not 1 <= box <= boxes:
                    wrong.append((f"destroyed: box {box}: {ship.name}'s boxes are numbered "
                                  f"1..{boxes}", at))
                elif box in seen:
                    wrong.append((f"destroyed: box {box} is listed twice (a box is destroyed "
                                  "once)", at))
                seen.add(box)
        return wrong

    def tracks(self, ships: list[TableShip]) -> list[dict[str, Any]]:
        table = Table(ships)
        out = []
        for c, ship in enumerate(ships):
            spec = table.specs[c]
            lost = set(ship.state.destroyed)
            rows = {r.label: f"{sum(b not in lost for b in range(r.first, r.last + 1))} of "
                             f"{r.boxes}"
                    for r in spec.rows if any(b in lost for b in range(r.first, r.last + 1))}
            out.append({"boxes": f"{table.left(c)} of {spec.box_count}",
                        "destroyed": list(ship.state.destroyed), "rows": rows,
                        "out": table.out(c)})
        return out

    columns = ("boxes left", "rows hit", "out")

    def row(self, track: dict[str, Any]) -> list[str]:
        hit = "; ".join(f"{row} {left}" for row, left in track["rows"].items())
        return [track["boxes"], hit or "none", track["out"]]

    def notes(self, ships: list[TableShip]) -> list[str]:
        return ["power: every surviving box counts as powered (the power each pilot shares out "
                "is not kept yet; RULINGS G1)"]

    def hit(self, ships: list[TableShip], order: HitOrder, dice: TableDice) -> HitDone:
        table = Table(ships)
        a, tg = table.a, order.target
        name = ships[tg].name
        if table.left(tg) == 0:
            raise UserError.single("game.hit", f"{name} is destroyed already: every box is gone")
        before = table.out(tg)
        rec = Recorder()
        assert rec.events is not None
        headlines: list[tuple[int, Event]] = []  # (where in the events, the headline)
        fired: tuple[dict[str, int], str] | None = None
        with dice.rolling(RULES.modules):
            if order.firer is None:
                damage = order.damage or 0
                headlines.append((0, Event(0, "damage", f"{count(damage, 'dhit')} on {name}")))
                _through_screens(a, rec, tg, damage)
            else:
                kind, i = _weapon(table.specs[order.firer], order.weapon or "")
                if kind == "beam":
                    _beam_hits(table, rec, order.firer, i, order, headlines)
                else:
                    fired = _fired(table, ships[order.firer], order.firer, i, order.hits)
                    _salvo(table, rec, order.firer, i, order, headlines)
        events = _told(table.told, rec.events, headlines)
        lost = [e[3] for e in rec.events if e[0] == f.EV_HIT]
        spec = table.specs[tg]
        owner = spec.row_of_box()
        marks = [f"{name}: " + (", ".join(f"box {b} ({spec.rows[owner[b]].label})" for b in lost)
                                if lost else "nothing to mark")]
        if table.out(tg) != before:
            marks.append(f"{name} is {table.out(tg)}")
        states: dict[int, dict[str, Any]] = {tg: {"destroyed": [*ships[tg].state.destroyed,
                                                                *lost]}}
        if fired is not None and order.firer is not None:
            states[order.firer] = {"destroyed": list(ships[order.firer].state.destroyed),
                                   "spent": fired[0]}
            marks.append(fired[1])
        return HitDone(events, states, marks)


def _fired(table: Table, ship: TableShip, c: int, m: int, hits: int
           ) -> tuple[dict[str, int], str]:
    """Craft c's `spent:` after `hits` missiles of its rack m strike, and what to mark; more
    than the rack has left (a destroyed cbloc's missiles gone with it) is one line."""
    a = table.a
    rack = racks_of(ship)[m]
    left = a[a[f.S_MISSILES] + c * a[f.MISSILE_STRIDE] + m]
    if hits > left:
        raise UserError.single("game.hit", f"--hits {hits}: {ship.name}'s {rack.name} has "
                               f"{count(left, 'missile')} left")
    spent, n = spend(ship, rack, hits)
    return spent, (f"{ship.name}: {count(n, 'missile')} of {rack.name} fired, "
                   f"{left - n} left")


def _weapon(spec: Spec, given: str) -> tuple[str, int]:
    """The firer's beam or missile row that `--weapon` names: ("beam" or "missiles", its
    index among them)."""
    weapons = [("beam", i, b.label) for i, b in enumerate(spec.beams)]
    weapons += [("missiles", i, m.label) for i, m in enumerate(spec.missiles)]
    kind, index, _ = weapons[weapon_named(given, [w[2] for w in weapons], spec.name)]
    return kind, index


def _beam_hits(table: Table, rec: Recorder, s: int, i: int, order: HitOrder,
               headlines: list[tuple[int, Event]]) -> None:
    """`hits` hits of beam i of craft s: each its dhits at its surviving, powered cblocs, then
    as `fight.shoot` goes on after its d100 hits."""
    a, tg = table.a, order.target
    beam = table.specs[s].beams[i]
    assert rec.events is not None
    for k in range(order.hits):
        dhits = f.beam_dhits(a, s, i)
        if dhits == 0:
            raise UserError.single("game.hit", f"--weapon: {table.specs[s].name}'s {beam.label} "
                                   "has no cbloc left to fire (0 dhits)")
        which = f" (hit {k + 1} of {order.hits})" if order.hits > 1 else ""
        headlines.append((len(rec.events), Event(0, "beams", (
            f"{table.specs[s].name}'s {beam.label} ({count(dhits, 'dhit')}) hits "
            f"{table.specs[tg].name}{which}"))))
        _through_screens(a, rec, tg, dhits)
        if table.left(tg) == 0:
            break


def _through_screens(a: list[int], rec: Recorder, tg: int, dhits: int) -> None:
    strength = f.powered(a, tg, f.K_SCREENS)
    stopped, base, remainder, rolled = f.screen(a, dhits, strength, a[f.SCREENS_RATIO],
                                                a[f.STRICT_REMAINDER])
    emit(rec, (f.EV_SCREEN, tg, dhits, stopped, base, remainder, rolled, strength, f.UNIT_DHIT))
    f.inflict(a, rec, tg, dhits - stopped)
    f.knocked_out(a, rec, tg)


def _salvo(table: Table, rec: Recorder, s: int, m: int, order: HitOrder,
           headlines: list[tuple[int, Event]]) -> None:
    """`hits` missiles of row m of craft s striking as one salvo: a flight placed striking its
    target, then `fight.salvo` as when missiles reach it in dPhase 5."""
    a, tg = table.a, order.target
    slot = a[f.S_FLIGHTS]
    a[f.FLIGHTS] = 1
    a[slot + f.F_OWNER] = s
    a[slot + f.F_MISSILE] = m
    a[slot + f.F_COUNT] = order.hits
    a[slot + f.F_DAMAGE] = a[a[f.T_MISSILE_DAMAGE] + s * a[f.MISSILE_STRIDE] + m]
    a[slot + f.F_FATE] = f.STRIKING
    a[slot + f.F_TARGET] = tg
    f.salvo(a, rec, tg)


def _told(told: Told, events: list[tuple[int, ...]],
          headlines: list[tuple[int, Event]]) -> list[Event]:
    """The hit in the narrated fights' words, each headline before what it started."""
    out: list[Event] = []
    starts = [at for at, _ in headlines] + [len(events)]
    if not headlines or headlines[0][0] > 0:
        out += narrate(told, events[:starts[0]], f.CAP)[0]
    for (at, line), end in zip(headlines, starts[1:], strict=True):
        out.append(line)
        out += narrate(told, events[at:end], f.CAP)[0]
    return out
