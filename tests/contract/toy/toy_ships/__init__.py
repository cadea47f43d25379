"""toy: the smallest complete rules system, written only against shipyard.api.

A hull of boxes and some guns; each round every ship fires every gun at once, a 4+ on a d6 hits
and the gun's damage dice take boxes off its target's hull. It declares battles (`shipyard
battle`: fleets of toy ships, `catalog/fleets/`), and its duel is the battle of one ship a side.
The test suite installs it as its own distribution (a
.dist-info folder on PYTHONPATH) with its own catalog and template folders.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, ClassVar

from pydantic import Field

from shipyard.api import (
    BattleSide,
    Budget,
    BudgetLine,
    Check,
    Design,
    DesignBase,
    Dice,
    Distribution,
    Entries,
    Event,
    FightOptions,
    FightRules,
    FightSupport,
    LineItem,
    LineOf,
    OddsReport,
    Option,
    Point,
    Prepared,
    Printable,
    Ref,
    RulesSystem,
    StrictModel,
    Table,
    Terms,
    Verdict,
    Whole,
    battle_ships,
    box_lines,
    ship_entries,
)
from toy_ships.rules import A_WINS, B_WINS, BOTH_LOST, CAP, SUNK, Params, fights, play

HERE = Path(__file__).resolve().parent
ENDS: dict[int, tuple[int | None, str]] = {A_WINS: (0, "destroyed"), B_WINS: (1, "destroyed"),
                                           BOTH_LOST: (None, "both-lost"), CAP: (None, "cap")}
ENDINGS = {A_WINS: "{a} wins: {b} wrecked in round {rounds}",
           B_WINS: "{b} wins: {a} wrecked in round {rounds}",
           BOTH_LOST: "no winner: both sides wrecked in round {rounds}",
           CAP: "no decision after {rounds} rounds"}


class Hull(StrictModel):
    id: str
    name: str
    hull: int = Field(ge=1, le=100)
    slots: int = Field(ge=0, le=10)
    source: str


class Gun(StrictModel):
    id: str
    name: str
    damage: Dice
    source: str


class ToyCatalog(StrictModel):
    hulls: Entries[Hull]
    guns: Entries[Gun]


class ToyDesign(DesignBase):
    hull: Annotated[str, Ref("hulls", "hull")]
    guns: list[Annotated[str, Ref("guns", "gun")]] = Field(default_factory=list, max_length=10)


@dataclass(frozen=True)
class Built:
    hull: Hull
    guns: tuple[Gun, ...]


ToyShip = Design[ToyDesign, ToyCatalog, Built]

CAP_OPTION = Option("cap", "rounds before a draw", Whole(1, 100, "rounds"))
GUNNERY = Option("gunnery", "the to-hit roll needed on a d6", Whole(2, 6))
# battle=(...): the options `shipyard battle` takes; a system that leaves it out (None) keeps
# its duels only, and `battle` refuses it in one line
OPTIONS = FightOptions(duel=(CAP_OPTION,), crew=(GUNNERY,), battle=(CAP_OPTION,))


class Toy(RulesSystem[ToyDesign, ToyCatalog, Built]):
    id = "toy"
    title = "Toy ships (a test plugin)"
    dice = "d6"
    hull_help = "a hull id (skiff, cutter)"
    design_model = ToyDesign
    catalog_model = ToyCatalog
    codes: ClassVar[dict[str, str]] = {"slots.over": "more guns than the hull has slots"}
    fight_options = OPTIONS

    def catalog_dir(self) -> Path:
        return HERE / "catalog"

    def templates_dir(self) -> Path:
        return HERE / "templates"

    def build(self, design: ToyDesign, catalog: ToyCatalog, line_of: LineOf) -> Built:
        return Built(catalog.hulls[design.hull], tuple(catalog.guns[g] for g in design.guns))

    def check(self, design: ToyShip) -> Verdict:
        built = design.built
        items = [LineItem(g.name, 1, design.line_of(("guns", i)))
                 for i, g in enumerate(built.guns)]
        verdict = Verdict([Budget("slots", "guns", built.hull.slots, items)])
        if len(built.guns) > built.hull.slots:
            verdict.error("slots.over", f"{len(built.guns)} guns on a {built.hull.name} with "
                          f"{built.hull.slots} slots", design.line_of(("guns",)))
        return verdict

    def profile(self, design: ToyShip) -> list[tuple[str, str]]:
        return [("Hull", str(design.built.hull.hull)),
                ("Guns", ", ".join(f"{g.name} ({g.damage})" for g in design.built.guns))]

    def new_design(self, catalog: ToyCatalog, hull: str | None,
                   stock: str | None = None) -> dict[str, Any]:
        chosen = catalog.hulls[hull or catalog.hulls.ids()[0]]
        return {"system": "toy", "name": f"New {chosen.name}", "hull": chosen.id, "guns": []}

    def hull_ids(self, catalog: ToyCatalog) -> list[str]:
        return catalog.hulls.ids()

    def catalog_tables(self, catalog: ToyCatalog) -> list[Table]:
        return [Table("Hulls", ["id", "hull", "slots"],
                      [[h.id, str(h.hull), str(h.slots)] for h in catalog.hulls]),
                Table("Guns", ["id", "damage"], [[g.id, str(g.damage)] for g in catalog.guns])]

    def sheet(self, design: ToyShip, budgets: list[Budget]) -> Printable:
        return Printable("toy/sheet.html", {
            "title": design.model.name, "heading": "Toy ship", "subtitle": design.built.hull.name,
            "track": box_lines(design.built.hull.hull, 10),
            "budgets": [BudgetLine.of(b) for b in budgets]},
            ("_base/macros.css", "_base/strips.css", "toy/sheet.css"))

    def fight(self) -> FightSupport[ToyShip]:
        return SUPPORT


class ToyCombat(FightSupport[ToyShip]):
    def prepare(self, a: ToyShip, b: ToyShip, terms: Terms) -> Prepared:
        """The duel: the battle of one ship a side, named as a duel names them (a mirror
        match tags its sides)."""
        return self.prepare_battle(*BattleSide.duel(a, b), terms)

    def prepare_battle(self, a: BattleSide, b: BattleSide, terms: Terms) -> Prepared:
        """Every ship of both sides in fleet order, side A's first (the order of its fates)."""
        fleet = battle_ships((a, b))
        ships: list[Built] = [s.design.built for s in fleet]
        side_of = [s.side for s in fleet]
        width = max(1, *(len(s.guns) for s in ships))

        def per_gun(field: str) -> list[list[int]]:
            return [[getattr(g.damage, field) for g in s.guns] + [0] * (width - len(s.guns))
                    for s in ships]

        params = Params(side=side_of, hull=[s.hull.hull for s in ships],
                        gunnery=[int(terms.crew[i].get("gunnery", 4)) for i in side_of],
                        guns=[len(s.guns) for s in ships], count=per_gun("count"),
                        sides=per_gun("sides"), bonus=per_gun("bonus"), zeros=[0, 0],
                        cap=terms.whole("cap", 20))
        names = tuple(f"{side.name} ({side.tag})" if side.tag else side.name for side in (a, b))
        told = (tuple(a.ship_names() + b.ship_names()), tuple(ships))
        return Prepared((names[0], names[1]), params.cap, "round", "boxes", params,
                        batchable=True, told=told,
                        ships=ship_entries((a, b), lambda design: None))

    def rules(self) -> FightRules:
        return FightRules(play, fights, ("toy_ships.rules",), ENDS, fates={SUNK: "gunfire"})

    def narrate(self, prepared: Prepared, events: list[tuple[int, ...]], end: int,
                rounds: int) -> tuple[list[Event], str]:
        names, ships = prepared.told
        told = []
        for _, round_, ship, gun, roll, damage, aim in events:
            check = Check("gunnery", prepared.state.gunnery[ship], (), "d6", roll, unit="",
                          roll_under=False)
            told.append(Event(round_, "fire", f"{names[ship]} fires {ships[ship].guns[gun].name}"
                              f" at {names[aim]}: {check.describe()}, {damage} damage",
                              (check,)))
        a, b = prepared.names
        return told, ENDINGS[end].format(a=a, b=b, rounds=rounds)

    def odds(self, attacker: ToyShip, target: ToyShip, terms: Terms, samples: int,
             seed: int) -> OddsReport:
        hit = Fraction(7 - int(terms.crew[0].get("gunnery", 4)), 6)
        total: dict[int, Fraction] = {0: Fraction(1)}
        for gun in attacker.built.guns:  # every gun fires at once: convolve their damage
            one = {0: 1 - hit, **{v: hit * p for v, p in gun.damage.distribution().items()}}
            step: dict[int, Fraction] = {}
            for a, pa in total.items():
                for b, pb in one.items():
                    step[a + b] = step.get(a + b, Fraction(0)) + pa * pb
            total = step
        points = tuple(Point(v, float(p)) for v, p in sorted(total.items()))
        mean = float(sum(v * p for v, p in total.items()))
        return OddsReport(f"{attacker.model.name} fires on {target.model.name}", True, None,
                          (), (Distribution("damage", points, mean),), ())


SUPPORT = ToyCombat()
system = Toy()
NOT_A_SYSTEM = 42
misnamed = Toy.__new__(type("Misnamed", (Toy,), {"id": "not-toy"}))
