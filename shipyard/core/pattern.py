"""The fight pattern's shapes, below both the narrated path (`combat.py`) and the series driver
(`compiled.py`): what a system hands the core to fight, and how a series stores its fights.
See `combat.py`'s docstring for the pattern itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any, NamedTuple

from shipyard.core.recorder import Asker
from shipyard.core.stream import DRAWS

MAX_RUNS = 1_000_000
MAX_UNCOMPILED_RUNS = 100_000  # uncompiled, a fight takes a millisecond or more

Progress = Callable[[int], None]  # told how many more fights are done


# --- battles: sides of several ships ------------------------------------------------------

# A ship's fate at the end of a battle, one column of a series row per ship (`store_fates`):
# these are the core's; a system numbers the ways its ships are lost from FIRST_LOST
# and names them in `FightRules.fates` ("destroyed by fire", "decayed into atmosphere").
# LOST_CONTACT: out of the battle, neither escaped nor lost (drifted beyond every enemy's sight).
SURVIVED, CRIPPLED, ESCAPED = 0, 1, 2
LOST_CONTACT = -1
FIRST_LOST = 3
CORE_FATES: Mapping[int, str] = MappingProxyType({
    SURVIVED: "survived", CRIPPLED: "survived crippled", ESCAPED: "escaped",
    LOST_CONTACT: "lost contact"})


@dataclass(frozen=True)
class Entrant:
    """One entry of a battle's side: `count` copies of one design, each `ships` ships (a
    design may be a group of ships), standing in the fleet group `group` (a battlegroup)."""

    design: Any  # core.system.Design (not imported: the core's shapes sit below it)
    count: int = 1
    ships: int = 1
    group: str = ""  # "" for a side of one design
    group_type: str | None = None  # the group's type, where the system has them
    line: int | None = None  # its line in the fleet file


@dataclass(frozen=True)
class BattleSide:
    """One side of a battle: a fleet file's entries in fleet order, or one design."""

    name: str  # the fleet's name, or the design's
    file: str
    entrants: tuple[Entrant, ...]
    tag: str  # "A" or "B", appended to every ship's name; "" in a duel (names as the duel's)
    fleet: bool = False  # read from a fleet file

    @staticmethod
    def one(design: Any, tag: str = "", ships: int = 1) -> BattleSide:
        """A side of one design (a duel's side: tag "")."""
        return BattleSide(design.model.name, design.file, (Entrant(design, 1, ships),), tag)

    @staticmethod
    def duel(a: Any, b: Any, ships: tuple[int, int] = (1, 1)) -> tuple[BattleSide, BattleSide]:
        """A duel's two sides, named as duels always were: untagged, except that a design
        fought against itself tags its sides (A) and (B) so that the two can be told apart."""
        mirror = a.model.name == b.model.name
        return (BattleSide.one(a, "A" if mirror else "", ships[0]),
                BattleSide.one(b, "B" if mirror else "", ships[1]))

    @staticmethod
    def of(report: Any, tag: str) -> BattleSide:
        """A checked file (core.yard.Report) as a side: a fleet file's entries in fleet order,
        or one design, with as many ships as it is (tag "": names as their sheets print
        them). `battle` and `game` read their sides so."""
        fleet = report.fleet
        if fleet is None:
            design = report.design
            assert design is not None
            return BattleSide.one(design, tag, design.system.ships_in(design))
        entrants = tuple(Entrant(m.design, m.count, m.ships, g.name, g.type, m.line)
                         for g in fleet.groups for m in g.members if m.design is not None)
        return BattleSide(fleet.model.fleet, report.file, entrants, tag, fleet=True)

    def designs(self) -> list[str]:
        return [e.design.model.name for e in self.entrants]

    def ship_names(self) -> list[str]:
        """Every ship of the side, in fleet order, named with its side and numbered across the
        side where it has two or more of one design: "Hazeroth 2 (B)"."""
        total: dict[str, int] = {}
        for e in self.entrants:
            name = e.design.model.name
            total[name] = total.get(name, 0) + e.count * e.ships
        seen: dict[str, int] = {}
        tag = f" ({self.tag})" if self.tag else ""
        out = []
        for e in self.entrants:
            name = e.design.model.name
            for _ in range(e.count * e.ships):
                seen[name] = seen.get(name, 0) + 1
                out.append(f"{name} {seen[name]}{tag}" if total[name] > 1 else f"{name}{tag}")
        return out


class ShipEntry(NamedTuple):
    """One ship of a battle as the report reads it (`Prepared.ships`, in series column
    order: side A's ships in fleet order, then side B's)."""

    name: str  # "Hazeroth 2 (B)"
    design: str  # its design's name: copies are pooled by it
    side: int  # 0 side A, 1 side B
    price: Decimal | None  # its share of its design's price; None where ships have none


class BattleShip(NamedTuple):
    """One ship of a battle as the rules set it up: its design, its name and its side."""

    design: Any
    name: str  # "Hazeroth 2 (B)"
    side: int  # 0 side A, 1 side B


def battle_ships(sides: tuple[BattleSide, BattleSide]) -> list[BattleShip]:
    """Every ship of both sides, in fate order (`Prepared.ships`): side A's in fleet order,
    then side B's."""
    out = []
    for index, side in enumerate(sides):
        names = iter(side.ship_names())
        out += [BattleShip(e.design, next(names), index)
                for e in side.entrants for _ in range(e.count * e.ships)]
    return out


def ship_entries(sides: tuple[BattleSide, BattleSide],
                 price: Callable[[Any], Decimal | None]) -> tuple[ShipEntry, ...]:
    """Both sides' ships, each with its share of its design's `price` (None: no price)."""
    out = []
    for index, side in enumerate(sides):
        names = iter(side.ship_names())
        for e in side.entrants:
            each = price(e.design)
            share = None if each is None else each / e.ships
            out += [ShipEntry(next(names), e.design.model.name, index, share)
                    for _ in range(e.count * e.ships)]
    return tuple(out)


# --- what a system hands the core ---------------------------------------------------------


class Prepared(NamedTuple):
    """Two designs (or two battle sides) made ready to fight under given terms; `state`
    belongs to the system."""

    names: tuple[str, str]
    cap: int
    round_name: str  # "dturn"
    damage_unit: str  # what `damage` counts ("cblocs destroyed")
    state: Any
    batchable: bool  # may run compiled (default pilots or captains, supported parts)
    notes: tuple[str, ...] = ()  # the terms in force, for the top of a report
    asker: Asker | None = None  # the user's own pilots or captains, answering `ask`
    told: Any = None  # what only the narrator reads (names, labels): never compiled
    ships: tuple[ShipEntry, ...] = ()  # a battle's ships (a duel's too, on a system with
    # battles), in the order of the fates its rules report; () where the rules report none


class FightRules(NamedTuple):
    """A system's fight rules, written once (see the module's docstring).

    `play(params, rng, rec) -> (end, rounds, dealt_a, dealt_b)` plays one fight from
    `Prepared.state`; `fights(params, seed, first, count, rng, out)` plays fights `first` ..
    `first + count - 1` of a series, each from `derive_seed(seed, index)`, storing each with
    `store`; `modules` names every module whose functions they call, compiled together; `ends`
    reads an end code as (winner, reason).

    Battles: rules that report each ship's fate (`fates` names the system's lost fates, codes
    from FIRST_LOST) return a fifth value from `play`, a list of every ship's fate code in
    `Prepared.ships` order, and `fights` stores it with `store_fates` after `store`.
    """

    play: Callable[..., tuple[Any, ...]]
    fights: Callable[..., None]
    modules: tuple[str, ...]
    ends: dict[int, tuple[int | None, str]]
    fates: Mapping[int, str] = MappingProxyType({})  # lost fate code -> how, in the game's words
    crippling: bool = False  # a ship may end a battle crippled (CRIPPLED): the report says so
    contact: bool = False  # a ship may leave a battle out of contact (LOST_CONTACT)

    def fate_names(self) -> dict[int, str]:
        """Every fate these rules may report, named: the core's (crippled only where the
        system has crippling, escaped where a fight may end `escaped`, lost contact where the
        system declares it) and the system's ways of being lost."""
        escapes = any(name == "escaped" for _, name in self.ends.values())
        core = {code: name for code, name in CORE_FATES.items()
                if (code != CRIPPLED or self.crippling) and (code != ESCAPED or escapes)
                and (code != LOST_CONTACT or self.contact)}
        return {**core, **self.fates}


OUT_END, OUT_ROUNDS, OUT_DEALT_A, OUT_DEALT_B, OUT_DRAWS, OUT_SHIPS = range(6)


def store(out: Any, k: int, end: int, rounds: int, dealt_a: int, dealt_b: int,
          rng: list[int]) -> None:
    """Row k of a series chunk: one fight's end, length, damage and draws."""
    out[k, OUT_END] = end
    out[k, OUT_ROUNDS] = rounds
    out[k, OUT_DEALT_A] = dealt_a
    out[k, OUT_DEALT_B] = dealt_b
    out[k, OUT_DRAWS] = rng[DRAWS]


def store_fates(out: Any, k: int, fates: Any) -> None:
    """Row k's fate columns: ship i's fate (SURVIVED, CRIPPLED, ESCAPED, LOST_CONTACT or a lost
    code).
    Never past the row's end (the columns the caller made for `Prepared.ships`): compiled
    code would not catch a write beyond it."""
    for i in range(min(len(fates), out.shape[1] - OUT_SHIPS)):
        out[k, OUT_SHIPS + i] = fates[i]


@dataclass
class Columns:
    """The results of a series, one row per fight, as NumPy arrays (`reason` indexes
    `reason_names`)."""

    winner: Any  # 0, 1, or -1 for no winner
    reason: Any
    rounds: Any
    damage_a: Any
    damage_b: Any
    draws: int  # random numbers drawn
    engine: str  # "compiled" or "uncompiled"
    reason_names: tuple[str, ...]
    fates: Any = None  # runs x ships, int8 fate codes (battles: `Prepared.ships` order)
    fate_names: Mapping[int, str] = field(default_factory=dict)  # every fate code's words
