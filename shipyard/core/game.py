"""At the table: what a system keeps of each ship of a game in play, and how it applies a hit.

A game (core/gamefile.py reads and writes its file) is the ships of one encounter, each named as
its sheet names it, with what it has lost. A system plugs in through `GameRules`
(`RulesSystem.game_rules()`): the tracks it keeps on each ship (`state_model`, the ship's keys
in the game file), their check against the ship's design, how they read at a glance, and
`hit`, which applies hits through the same rules code the system's fights run. The default keeps
nothing and applies no hit: a system without them says so.

The dice of a hit are the fights' own stream (`core/stream.py`), seeded; given rolls replace
its dice in the order the rules roll them (`TableDice`, swapped in for `die` and `dice` in the
rules' modules while the hit runs: the rules code is not touched).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NamedTuple

from pydantic import Field

from shipyard.core.combat import Event
from shipyard.core.model import StrictModel
from shipyard.core.pattern import BattleSide, Entrant
from shipyard.core.stream import die as stream_die
from shipyard.core.stream import new_stream
from shipyard.core.suggest import quoted, suggest
from shipyard.core.yamlio import YamlPath
from shipyard.errors import UserError


class NoTracks(StrictModel):
    """A ship of a system that keeps no tracks at the table yet: its name and design only."""


class TableShip(NamedTuple):
    """One ship of a game, as a system's `GameRules` sees it."""

    name: str  # as its sheet names it: "Raider delta-wing 3"
    side: int  # the game's sides in order, 0 first
    design: Any  # core.system.Design (not imported: this module sits below it)
    state: Any  # the system's `state_model`, read from the game file
    at: YamlPath  # where the ship is in the game file: ("sides", i, "ships", j)


def battle_sides(ships: list[TableShip]) -> tuple[BattleSide, BattleSide]:
    """A game's ships as a battle's two sides for the system's fight rules, each ship an entry
    of its own in game order (so ship k is the rules' k-th): side A the game's first side,
    side B the rest (a third side fights side A as side B does: a hit reads no sides)."""
    first = tuple(Entrant(x.design) for x in ships if x.side == 0)
    rest = tuple(Entrant(x.design) for x in ships if x.side != 0)
    return BattleSide("A", "", first, "A", True), BattleSide("B", "", rest, "B", True)


def weapon_named(given: str, labels: list[str], ship: str) -> int:
    """The weapon `--weapon` names among a ship's `labels` (as its sheet prints them): the
    label itself, or words of it that name one weapon (a label printed twice is one weapon);
    its first index, or the mistake in one line."""
    wanted = given.casefold().strip()
    exact = [i for i, label in enumerate(labels) if label.casefold() == wanted]
    found = exact or [i for i, label in enumerate(labels)
                      if wanted and wanted in label.casefold()]
    if len({labels[i] for i in found}) == 1:
        return found[0]
    if not labels:
        raise UserError.single("game.weapon", f"--from {ship}: it carries no weapon")
    why = "names several" if found else "is not one"
    raise UserError.single("game.weapon", f"--weapon {quoted(given)} {why} of {ship}'s "
                           f"weapons; {suggest(given, list(dict.fromkeys(labels)), always=True)}")


class Store(NamedTuple):
    """What a weapon or launch of a ship holds for a battle, spent in play: a torpedo tube's
    torpedoes, a Limited (n) launch's uses. `name` as the game file and the sheet name it;
    `salvo` what one firing spends (fewer where fewer are left)."""

    name: str
    holds: int
    salvo: int
    noun: str  # what it holds, plural: "torpedoes", "uses"
    lost: int = 0  # gone without being spent: a rack's missiles lost with a destroyed box

    def left(self, ship: TableShip) -> int:
        return max(0, self.holds - int(ship.state.spent.get(self.name, 0)) - self.lost)


class Spends(StrictModel):
    """The tracks of a system whose weapons spend a store (`GameRules.stores`)."""

    spent: dict[str, Annotated[int, Field(ge=1, le=100_000)]] = Field(
        default_factory=dict, description=(
            "each store spent in play by its weapon's or launch's name on the sheet: the "
            "torpedoes fired from a tube, the uses of a Limited (n) launch or weapon"))


def store_named(stores: list[Store], given: str, ship: str) -> Store:
    """The store of a ship that `given` names, as `--weapon` names a weapon."""
    if not stores:
        raise UserError.single("game.spend", f"{ship} carries nothing spent in play (no torpedo "
                               "tube, no Limited launch or weapon)")
    return stores[weapon_named(given, [x.name for x in stores], ship)]


def spend(ship: TableShip, store: Store, n: int | None) -> tuple[dict[str, int], int]:
    """The ship's `spent:` with `n` more of `store` spent (None: a salvo, or what is left), and
    how many that is; a store spent already, or `n` past what is left, is one line."""
    spent = dict(ship.state.spent)
    left = store.left(ship)
    n = min(store.salvo, left) if n is None else n
    if left <= 0:
        raise UserError.single("game.spend", f"{ship.name}'s {store.name} is spent: 0 of "
                               f"{store.holds} {store.noun} left")
    if n > left:
        raise UserError.single("game.spend", f"{n} {store.noun}: {ship.name}'s {store.name} "
                               f"has {left} of {store.holds} left")
    spent[store.name] = spent.get(store.name, 0) + n
    return spent, n


def stores_wrong(stores: list[Store], ship: TableShip) -> list[tuple[str, YamlPath]]:
    """What is wrong with a ship's `spent:` against her stores: (why, its path in the file)."""
    holds = {x.name: x for x in stores}
    wrong: list[tuple[str, YamlPath]] = []
    for name, n in ship.state.spent.items():
        at = (*ship.at, "spent", name)
        if name not in holds:
            wrong.append((f"spent: {quoted(name)} is not one of {ship.name}'s stores; "
                          + (suggest(name, list(holds), always=True) if holds else
                             "she carries nothing spent in play"), at))
        elif n > holds[name].holds:
            wrong.append((f"spent: {name}: {n}: it holds {holds[name].holds} "
                          f"{holds[name].noun}", at))
    return wrong


def stores_left(stores: list[Store], ship: TableShip) -> list[str]:
    """Each store as `game show` says it: "Mars-pattern Torpedo Tubes (prow) 36 of 42"."""
    return [f"{x.name} {x.left(ship)} of {x.holds} {x.noun}" for x in stores]


class HitOrder(NamedTuple):
    """What `game hit` was told: `hits` hits of `weapon` carried by ship `firer` on ship
    `target` (indices into the game's ships), or `damage` points in the system's damage unit
    with no weapon (then `firer` and `weapon` are None)."""

    target: int
    firer: int | None
    weapon: str | None
    hits: int
    damage: int | None
    crits: int = 0  # critical hits besides `hits`, where the system has them
    # every weapon of one attack with its hits and critical hits, the first as above (several
    # only where `GameRules.volleys`)
    volley: tuple[tuple[str, int, int], ...] = ()
    facing: str | None = None  # where the hits land, where the system needs it said
    choose: tuple[str, ...] = ()  # the chooser's systems, in the order the hits need them
    effect: int | None = None  # the attack's Effect the table rolled, where the system has one
    band: str | None = None  # the range band between firer and target, where the system needs it


class HitDone(NamedTuple):
    """A hit applied: what happened in the narrated fights' words, each changed ship's new
    state (by index: its tracks' keys as the file writes them), and what to mark, a line
    each."""

    events: list[Event]
    states: dict[int, dict[str, Any]]
    marks: list[str]


class GameRules:
    """A system's play at the table; this default keeps no tracks and applies no hit."""

    state_model: type[StrictModel] = NoTracks
    hits = False  # `hit` is written
    criticals = False  # a weapon's hits may be critical (`--crits N`)
    volleys = False  # several weapons' hits as one attack (`--weapon A --weapon B`)
    facings: tuple[str, ...] = ()  # the words `--facing` takes, where the system needs it
    chooses = False  # the system a hit lands on is chosen (`--choose SYSTEM`)
    effects = False  # an attack's Effect may be given (`--effect N`)
    bands: tuple[str, ...] = ()  # the words `--range` takes, where the system needs a range
    damage_unit = ""  # what `--damage N` counts ("dhits")

    def start(self, design: Any) -> dict[str, Any]:
        """A ship's tracks as `game start` writes them, before any damage."""
        return self.state_model().model_dump(mode="json")

    def check(self, ships: list[TableShip], line_of: Any) -> list[tuple[str, YamlPath]]:
        """Each ship's tracks against its design: (what is wrong, its path in the file)."""
        return []

    def tracks(self, ships: list[TableShip]) -> list[dict[str, Any]]:
        """Each ship's tracks as they stand, in the game's words (a `show` row, JSON values)."""
        return [{} for _ in ships]

    columns: tuple[str, ...] = ()  # `game show`'s columns after the side and the ship

    def row(self, track: dict[str, Any]) -> list[str]:
        """One ship's `tracks` as `game show` prints them, under `columns`."""
        return []

    def notes(self, ships: list[TableShip]) -> list[str]:
        """What the table's play takes for granted that the game file does not keep."""
        return []

    def stores(self, design: Any) -> list[Store]:
        """What the design's weapons and launches spend in play (the file's `spent:`, the
        state model a `Spends`); none where the system keeps no store this way."""
        return []

    def stores_of(self, ship: TableShip) -> list[Store]:
        """A ship's stores as she stands, with what her damage took from them (`Store.lost`);
        by default her design's."""
        return self.stores(ship.design)

    def marked(self, ship: TableShip, sheet: Any) -> Any:
        """The ship's sheet (its system's Printable) as it stands, every box it has lost
        marked (`sheet GAME`); by default the sheet as printed: these rules keep no tracks,
        so nothing is lost. A system that keeps tracks marks them (the contract suite checks
        each bundled one does)."""
        return sheet

    def hit(self, ships: list[TableShip], order: HitOrder, dice: TableDice) -> HitDone:
        raise NotImplementedError  # only called where `hits` is True

    def end_round(self, ships: list[TableShip], turn: int, dice: TableDice) -> HitDone:
        """What the text rolls at the end of turn `turn`, for every ship; this default: a text
        that rolls nothing then (the turn still ends)."""
        return HitDone([Event(0, "round", f"nothing is rolled at the end of turn {turn}: the "
                              "text rolls nothing then")], {}, [])


class Rolled(NamedTuple):
    sides: int
    rolled: int
    given: bool  # from --roll, not the stream


class TableDice:
    """The dice of one hit: the seeded stream of the fights, with the given rolls first."""

    def __init__(self, seed: int, given: list[int]) -> None:
        self.seed = seed
        self.stream = new_stream(seed)
        self.given = list(given)
        self.rolled: list[Rolled] = []

    def die(self, rng: Any, sides: int) -> int:
        """One die of the rules: the next given roll (checked against the die), else the
        stream's. `rng` is the rules' array: its stream words are left as they are."""
        if self.given:
            value = self.given.pop(0)
            if not 1 <= value <= sides:
                raise UserError.single(
                    "game.roll", f"--roll {value}: die {len(self.rolled) + 1} of this hit is a "
                    f"d{sides}; give 1..{sides}")
            self.rolled.append(Rolled(sides, value, True))
            return value
        value = stream_die(self.stream, sides)
        self.rolled.append(Rolled(sides, value, False))
        return value

    def dice(self, rng: Any, count: int, sides: int) -> int:
        return sum(self.die(rng, sides) for _ in range(count))

    def left_over(self) -> UserError | None:
        """Given rolls the rules never asked for: a mistake, said before anything is saved."""
        if not self.given:
            return None
        return UserError.single(
            "game.roll", f"--roll: {len(self.given)} more roll(s) given than this hit rolls "
            f"({self.told() or 'no dice'}); give at most {len(self.rolled)}")

    def told(self) -> str:
        return ", ".join(f"d{r.sides} {r.rolled}" + (" (given)" if r.given else "")
                         for r in self.rolled)

    @contextmanager
    def rolling(self, modules: tuple[str, ...]) -> Iterator[None]:
        """The rules' modules roll these dice while the hit runs (Python only: a hit is never
        compiled); their own names are put back after."""
        saved: list[tuple[Any, str, Any]] = []
        for name in modules:
            module = importlib.import_module(name)
            for attr, mine in (("die", self.die), ("dice", self.dice)):
                if hasattr(module, attr):
                    saved.append((module, attr, getattr(module, attr)))
                    setattr(module, attr, mine)
        try:
            yield
        finally:
            for module, attr, value in saved:
                setattr(module, attr, value)
