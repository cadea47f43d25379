"""d12-facings at the table: each ship's shield points up, outer armour left and the hit points
of every system hit, and hits applied by the fights' own rules (combat/rules.py), told by the
fights' own narrator.

A hit builds the encounter as a battle's numbers (`prepare_battle`, every ship of the game),
sets each ship's state from the game file, then lands each hit as a fight lands it
(`apply_hit`): shields, then outer armour, then one system, its overflow to another system on
that side, then the core, and the ship destroyed when the core has nothing left. The system hit
first (and each overflow's) is the chooser's: the defender, or the attacker at tailing range or
with an attacker-chooses edge (the seed); `--choose SYSTEM` answers the rules' own question
(Q_PICK) for it, else the default captain's choice is taken and said.

`game round` raises every ship's shields again (R13), the one thing that comes back each turn.
Not kept (RULINGS G1): the range between two ships, so the default captain weighs a hit at the
catalog's start range, and `--facing` says where a hit lands at tailing range.
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
from shipyard.systems.d12_facings.combat import SUPPORT
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.narrate import words
from shipyard.systems.d12_facings.combat.setup import FACING_NAMES, Setup, ship

MAX = 10_000
# --facing: where a hit lands at tailing range (R12): the target's aft (the firer tails her),
# or her fore (she tails the firer, who fires back)
FACINGS = ("aft", "fore")


class ShipState(StrictModel):
    shields: int = Field(ge=0, le=MAX, description="shield points up this turn")
    armour: int = Field(ge=0, le=MAX, description="outer armour left")
    systems: dict[str, int] = Field(default_factory=dict, max_length=MAX, description=(
        "each system hit, by its label on the sheet: the hit points it has left"))
    destroyed: bool = False


class Table:
    """The game's ships as one battle's numbers, in the file's state."""

    def __init__(self, ships: list[TableShip]) -> None:
        prepared = SUPPORT.prepare_battle(*battle_sides(ships), Terms())
        told: Setup = prepared.told
        self.setup = told._replace(ships=tuple(s._replace(name=x.name)
                                               for s, x in zip(told.ships, ships, strict=True)))
        self.fight: r.Fight = prepared.state
        self.p = self.fight.p
        self.f = f = r.begin(self.fight)
        for k, one in enumerate(ships):
            state: ShipState = one.state
            at = r.ship(k)
            f[at + r.S_SHIELDS] = state.shields
            f[at + r.S_ARMOUR] = state.armour
            for label, hp in state.systems.items():
                f[f[r.H_LIVE] + self.g(k, label)] = hp
            if state.destroyed:
                f[f[r.H_FATES] + k] = r.DESTROYED
        for k in range(len(ships)):
            r.refresh(self.p, f, k)

    def g(self, k: int, label: str) -> int:
        return int(k * self.p.n + self.setup.ships[k].labels.index(label))

    def get(self, k: int) -> dict[str, Any]:
        """Ship k's tracks as the file writes them: shields and armour always, the systems
        hit, destroyed where she is."""
        f, one = self.f, self.setup.ships[k]
        hit = {label: f[f[r.H_LIVE] + k * self.p.n + i] for i, label in enumerate(one.labels)
               if f[f[r.H_LIVE] + k * self.p.n + i] < one.hp[i]}
        state = {"shields": f[r.ship(k) + r.S_SHIELDS], "armour": f[r.ship(k) + r.S_ARMOUR]}
        if hit:
            state["systems"] = hit  # type: ignore[assignment]
        if f[f[r.H_FATES] + k] == r.DESTROYED:
            state["destroyed"] = True
        return state

    def tell(self, events: list[tuple[int, ...]], guns: dict[int, str] | None = None
             ) -> list[Event]:
        """The fights' own lines for `events`; `guns` names the firer's gun, as the fights
        head each hit's damage with it."""
        out = []
        for event in events:
            said = words(self.setup, event, guns)
            if said is not None:
                phase, text, checks, depth = said
                out.append(Event(0, phase, text, tuple(checks), depth))
        return out


def _full(design: Any) -> tuple[int, int, dict[str, int]]:
    """A design's shield points (as its shield systems raise them on turn 1), outer armour,
    and each system's hit points."""
    one = ship(design.model, design.catalog)
    raised = sum(one.figure[i] for i, kind in enumerate(one.kind) if kind == r.SHIELD)
    return min(one.shields_max, raised), one.armour, dict(zip(one.labels, one.hp, strict=True))


class D12Game(GameRules):
    state_model = ShipState
    hits = True
    chooses = True
    facings = FACINGS
    damage_unit = "damage (shields and outer armour first)"

    def marked(self, ship: TableShip, sheet: Any) -> Any:
        from shipyard.systems.d12_facings.sheet import as_it_stands

        st = ship.state
        return as_it_stands(sheet, st.shields, st.armour, st.systems)

    def start(self, design: Any) -> dict[str, Any]:
        shields, armour, _ = _full(design)
        return {"shields": shields, "armour": armour}

    def check(self, ships: list[TableShip], line_of: Any) -> list[tuple[str, YamlPath]]:
        wrong: list[tuple[str, YamlPath]] = []
        for one in ships:
            _, armour, hp = _full(one.design)
            state: ShipState = one.state
            most = ship(one.design.model, one.design.catalog).shields_max
            if state.shields > most:
                wrong.append((f"shields: {state.shields}: {one.name}'s hull raises at most "
                              f"{most}", (*one.at, "shields")))
            if state.armour > armour:
                wrong.append((f"armour: {state.armour}: {one.name} starts with {armour}",
                              (*one.at, "armour")))
            for label, left in state.systems.items():
                at = (*one.at, "systems", label)
                if label not in hp:
                    wrong.append((f"systems: {quoted(label)} is not one of {one.name}'s "
                                  f"systems; {suggest(label, list(hp), always=True)}", at))
                elif not 0 <= left <= hp[label]:
                    wrong.append((f"systems: {label}: {left}: it has 0..{hp[label]} hit points",
                                  at))
        return wrong

    def tracks(self, ships: list[TableShip]) -> list[dict[str, Any]]:
        table = Table(ships)
        out = []
        for k in range(len(ships)):
            now = table.get(k)
            one = table.setup.ships[k]
            hit = now.get("systems", {})
            out.append({"shields": now["shields"], "armour": f"{now['armour']} of {one.armour}",
                        "systems": {label: f"{left} of {one.hp[one.labels.index(label)]}"
                                    for label, left in hit.items()},
                        "out": "destroyed" if now.get("destroyed") else ""})
        return out

    columns = ("shields", "outer armour", "systems hit", "out")

    def row(self, track: dict[str, Any]) -> list[str]:
        hit = "; ".join(f"{label}: {left} hp" for label, left in track["systems"].items())
        return [str(track["shields"]), track["armour"], hit or "none", track["out"]]

    def notes(self, ships: list[TableShip]) -> list[str]:
        return ["the range is not kept: the default captain weighs a hit at the start range; "
                "at tailing range give --facing (RULINGS G1)"]

    def hit(self, ships: list[TableShip], order: HitOrder, dice: TableDice) -> HitDone:
        table = Table(ships)
        p, f, t = table.p, table.f, order.target
        name = ships[t].name
        if f[f[r.H_FATES] + t] != r.IN:
            raise UserError.single("game.hit", f"{name} is destroyed already")
        before = [table.get(k) for k in range(len(ships))]
        chooser = Chooser(table, t, order.choose)
        rec = Recorder(asker=chooser)
        assert rec.events is not None
        headlines: list[tuple[int, Event]] = []
        if order.firer is None:
            damage = [order.damage or 0]
            attacker = next(k for k in range(len(ships)) if r.opposed(p, k, t))
            f[f[r.H_CHOOSES] + attacker] = 0  # no weapon's hit: the one hit chooses (G2)
            headlines.append((0, Event(0, "damage", f"{damage[0]} damage on {name}")))
        else:
            attacker = order.firer
            gun = _gun(table, order)
            _tailing(table, attacker, t, order.facing, gun)
            damage = [f[f[r.H_DAMAGE] + gun]] * order.hits
        for k, points in enumerate(damage):
            if f[f[r.H_FATES] + t] != r.IN:
                break
            if order.firer is not None:
                which = f" (hit {k + 1} of {order.hits})" if order.hits > 1 else ""
                label = table.setup.ships[attacker].labels[gun - attacker * p.n]
                headlines.append((len(rec.events), Event(0, "fire", (
                    f"{ships[attacker].name}'s {label} hits {name} for {points}{which}"))))
            r.apply_hit(p, f, attacker, t, points, rec)
        chooser.check_used()
        events: list[Event] = []
        starts = [at for at, _ in headlines] + [len(rec.events)]
        guns = None if order.firer is None else {
            attacker: table.setup.ships[attacker].labels[gun - attacker * p.n]}
        for (at, line), end in zip(headlines, starts[1:], strict=True):
            events.append(line)
            events += table.tell(rec.events[at:end], guns)
        if chooser.defaulted:
            who = "the attacker" if chooser.by_attacker else "the defender"
            events.append(Event(0, "choice", f"{who}'s choice of system was the default "
                                "captain's (--choose SYSTEM gives it)"))
        return _done(table, ships, before, events, f"{name}: nothing to mark")

    def end_round(self, ships: list[TableShip], turn: int, dice: TableDice) -> HitDone:
        """R13: every ship still in the fight raises her shields again, to what her working
        shield systems give; nothing is rolled."""
        table = Table(ships)
        before = [table.get(k) for k in range(len(ships))]
        rec = Recorder()
        assert rec.events is not None
        r.raise_shields(table.p, table.f, rec)
        events = table.tell(rec.events) or [Event(0, "shields", "no ship raises shields")]
        return _done(table, ships, before, events, "nothing to mark")


class Chooser:
    """The rules' question of the system a hit lands on first (and each overflow's), answered
    from `--choose` in order, then by the default captain."""

    def __init__(self, table: Table, target: int, given: tuple[str, ...]) -> None:
        self.table, self.target = table, target
        self.given = list(given)
        self.defaulted = False
        self.by_attacker = False

    def __call__(self, side: int, question: int, facts: tuple[Any, ...], default: int) -> int:
        if question != r.Q_PICK:
            return default
        f, target, count, _, by_attacker = facts
        self.by_attacker = bool(by_attacker)
        one = self.table.setup.ships[target]
        base = target * self.table.p.n
        if not self.given:
            self.defaulted = self.defaulted or count > 1
            return default
        wanted = self.given.pop(0)
        can = [int(f[f[r.H_CANDS] + k]) - base for k in range(count)]
        named = [f"{one.labels[i]}" for i in can]
        found = [i for i in can if one.labels[i].casefold() == wanted.casefold()]
        if not found:
            where = ", ".join(f"{one.labels[i]} ({FACING_NAMES[one.facing[i]]})" for i in can)
            raise UserError.single("game.choose", f"--choose {quoted(wanted)}: the hit may land "
                                   f"on {where} now; {suggest(wanted, named, always=True)}")
        return int(found[0])

    def check_used(self) -> None:
        if self.given:
            raise UserError.single("game.choose", f"--choose {quoted(self.given[0])}: the hit "
                                   "made no more choices; give one --choose for each system "
                                   "it lands on")


def _gun(table: Table, order: HitOrder) -> int:
    """The firer's gun that `--weapon` names: its system (g) in the battle's numbers."""
    firer = order.firer
    assert firer is not None
    p, one = table.p, table.setup.ships[firer]
    if not r.opposed(p, firer, order.target):
        raise UserError.single("game.hit", f"--from {one.name}: "
                               f"{table.setup.ships[order.target].name} is on its own side")
    guns = [i for i, kind in enumerate(one.kind) if kind in (r.WEAPON, r.MISSILE)]
    i = guns[weapon_named(order.weapon or "", [one.labels[i] for i in guns], one.name)]
    g = firer * p.n + i
    if not r.works(p, table.f, g, table.f[table.f[r.H_LIVE] + g]):
        raise UserError.single("game.hit", f"--weapon: {one.name}'s {one.labels[i]} does not "
                               "work (a normal system stops when damaged, a heavy one when "
                               "destroyed)")
    return int(g)


def _tailing(table: Table, attacker: int, target: int, facing: str | None, g: int) -> None:
    """`--facing aft`: the attacker tails the target; `fore`: the target tails the attacker,
    who fires back (R12); neither: the start range (G1). A gun that does not bear then is
    refused."""
    p, f = table.p, table.f
    if facing is None:
        return
    tailer = attacker if facing == "aft" else target
    r.set_pair(p, f, attacker, target, r.TAILING, tailer)
    if not r.bears(p, f, g, r.TAILING, tailer, attacker):
        one = table.setup.ships[attacker]
        label = one.labels[g - attacker * p.n]
        arc = "fore" if tailer == attacker else "aft"
        raise UserError.single("game.hit", f"--facing {facing}: at tailing range "
                               f"{one.name} fires only {arc} guns and turrets; {label} is "
                               f"{FACING_NAMES[one.facing[g - attacker * p.n]]} (R12)")


def _done(table: Table, ships: list[TableShip], before: list[dict[str, Any]],
          events: list[Event], nothing: str) -> HitDone:
    states = {k: now for k in range(len(ships)) if (now := table.get(k)) != before[k]}
    marks = []
    for k, now in states.items():
        was = before[k]
        said = [f"{key} {now[key]}" for key in ("shields", "armour") if now[key] != was[key]]
        hp = was.get("systems", {})
        said += [f"{label}: {left} hp left" for label, left in now.get("systems", {}).items()
                 if hp.get(label) != left]
        if now.get("destroyed"):
            said.append("destroyed")
        marks.append(f"{ships[k].name}: " + "; ".join(said))
    return HitDone(events, states, marks or [nothing])
