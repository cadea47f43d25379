"""The interface every rules system implements, and the shapes it hands back to the core.

A rules system is one folder of code (`shipyard/systems/<id>/`), one of catalogs and one of
templates. The core calls it only through this interface; it never names a system.

`RulesSystem` is generic over the system's design model `D`, its catalog model `C` and its built
form `B`: what `build()` makes of a design once (its fitted parts, its derived figures), which
the core keeps on the `Design` and hands to every later step, so no step rebuilds it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, Field

from shipyard.core.budget import Budget
from shipyard.core.fleet import FleetFile
from shipyard.core.model import Printable, StrictModel
from shipyard.core.paths import catalogs_dir, templates_dir
from shipyard.core.table import Table
from shipyard.core.yamlio import Located, YamlPath
from shipyard.errors import Diagnostic, UserError

if TYPE_CHECKING:
    from shipyard.core.combat import FightSupport
    from shipyard.core.game import GameRules
    from shipyard.core.options import FightOptions

LineOf = Callable[[YamlPath], int | None]


class DesignBase(StrictModel):
    """What every design file has, whatever its system."""

    system: str = Field(description="the rules system the design is built under (`shipyard "
                        "systems` lists them)")
    name: str = Field(min_length=1, max_length=200, description="the ship's name, as sheets, "
                      "cards and fights print it (1 to 200 characters)")
    accept: list[str] = Field(default_factory=list, max_length=100,
                              description="warning codes this design accepts on purpose")


D = TypeVar("D", bound=DesignBase)
C = TypeVar("C", bound=BaseModel)
B = TypeVar("B")


@dataclass
class Design(Generic[D, C, B]):
    """A design file that passed its schema, built once, ready for the rules."""

    located: Located
    system: RulesSystem[D, C, B]
    model: D
    catalog: C
    built: B

    @property
    def file(self) -> str:
        return self.located.file

    def line_of(self, path: YamlPath) -> int | None:
        return self.located.line_of(path)


@dataclass
class Verdict:
    """A system's findings on one design: its budgets and what breaks or bends the rules."""

    budgets: list[Budget] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def error(self, code: str, message: str, line: int | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, message, "error", line))

    def warn(self, code: str, message: str, line: int | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, message, "warning", line))


class RulesSystem(ABC, Generic[D, C, B]):
    """One rules system: its data models, its construction rules, its paper and its fights."""

    id: ClassVar[str]
    title: ClassVar[str]
    dice: ClassVar[str]
    hull_help: ClassVar[str]  # what `new --hull` takes in this system
    design_model: type[D]
    catalog_model: type[C]
    codes: ClassVar[dict[str, str]]  # every rule finding's stable code, with what it means
    fight_options: ClassVar[FightOptions | None] = None  # what its fights take; None: no combat
    price_unit: ClassVar[str | None] = None  # what ships cost ("points"); None: no fleets
    price_places: ClassVar[int | None] = None  # decimals every page prints a price to

    def catalog_dir(self) -> Path:
        """The folder of the system's built-in catalog (a plugin returns its own)."""
        return catalogs_dir() / self.id

    def templates_dir(self) -> Path:
        """The folder of the system's templates, named `<id>/...` in a Printable."""
        return templates_dir() / self.id

    @abstractmethod
    def build(self, design: D, catalog: C, line_of: LineOf) -> B:
        """What the design is once its parts are looked up and its figures derived (each part
        may keep its line); called once per design that passed its schema, legal or not."""

    @abstractmethod
    def check(self, design: Design[D, C, B]) -> Verdict:
        """Budgets and rule findings; never raises for a design that passed its schema."""

    @abstractmethod
    def profile(self, design: Design[D, C, B]) -> list[tuple[str, str]]:
        """The derived profile, as (rating, value) rows in the game's words."""

    @abstractmethod
    def new_design(self, catalog: C, hull: str | None, stock: str | None = None
                   ) -> dict[str, Any]:
        """A minimal legal design to start from (or the stock ship `stock`), as plain data."""

    @abstractmethod
    def catalog_tables(self, catalog: C) -> list[Table]:
        """The catalog as tables for people."""

    def hull_ids(self, catalog: C) -> list[str]:
        """The `new --hull` values the system offers (a sample, where hulls are sizes, that
        holds the smallest and the largest size `new` accepts); the contract suite checks that
        `new` is legal for each."""
        return []

    def stock_ids(self, catalog: C) -> list[str]:
        """The published ships `new --stock` can write; none unless the system has them."""
        return []

    def price(self, design: Design[D, C, B]) -> int | Decimal:
        """What one ship costs in `price_unit`, for fleets (a system with a price_unit
        writes this)."""
        raise UserError.single("fleet.unsupported", f"{self.id} ships have no price")

    def ships_in(self, design: Design[D, C, B]) -> int:
        """How many ships one copy of a design is (a design may be a group of ships); its
        `price()` is for all of them."""
        return 1

    def fleet_check(self, fleet: Fleet) -> Verdict:
        """A fleet's composition beyond its total price (groups, counts per game size...):
        budgets and findings at the lines of the fleet file; none by default."""
        return Verdict()

    def sheet(self, design: Design[D, C, B], budgets: list[Budget]) -> Printable:
        """The printed sheet of one design (budgets as `check` found them)."""
        raise UserError.single("sheet.unsupported", f"the {self.id} system has no sheet yet")

    def packs(self, design: Design[D, C, B]) -> bool:
        """Whether the design is a small ship whose sheet prints several to a page in a fleet
        (its template's `packed` form); no by default: a sheet a ship."""
        return False

    def pack_reference(self, designs: list[Design[D, C, B]]) -> Printable | None:
        """What a page of packed sheets leaves out and prints once after them (the tables
        its cards roll on), for the ships `designs`; none by default."""
        return None

    def starting(self, design: Design[D, C, B]) -> str:
        """What a fleet's roster says the ship starts with, that play strikes off ("Hull 4");
        nothing by default."""
        return ""

    def cards(self, catalog: C, simulator: bool = False,
              designs: Sequence[Design[D, C, B]] = ()) -> Printable:
        """The system's reference cards: the table deck (the rules a player uses at the table),
        or with `simulator` the deck about shipyard's simulator (its default captain, its
        battles). Given `designs` (`sheet --cards`), a deck may keep only the cards of what
        they carry (their weapons). By default, the table deck is cards made from the catalog
        tables and rule codes, so a new system prints cards before it writes its own, and
        there is no simulator deck."""
        from shipyard.core.cards import default_cards  # only a command that prints cards

        if simulator:
            raise UserError.single("cards.no_simulator", f"the {self.id} system has no "
                                   "simulator cards; `shipyard cards "
                                   f"{self.id}` prints its table deck")
        return default_cards(self.id, self.catalog_tables(catalog), self.codes)

    def fight(self) -> FightSupport[Design[D, C, B]]:
        """The system's combat (core/combat.py): duels, Monte Carlo series, volley odds."""
        raise UserError.single("fight.unsupported", f"the {self.id} system has no combat yet")

    def game_rules(self) -> GameRules:
        """The system's play at the table (core/game.py): the tracks a game file keeps of each
        ship and the hits `game hit` applies; by default none."""
        from shipyard.core.game import GameRules  # only `shipyard game`

        return GameRules()


AnySystem = RulesSystem[Any, Any, Any]
AnyDesign = Design[Any, Any, Any]


@dataclass
class Member:
    """One entry of the roster, once its design is read."""

    design: AnyDesign | None  # None: the entry could not be read as a design
    count: int
    line: int | None
    shown: str  # the file it came from, or "stock ID"
    price: Decimal = Decimal(0)
    ships: int = 1  # ships in one copy of the design (a group of ships is one design)

    @property
    def name(self) -> str:
        return self.design.model.name if self.design is not None else self.shown

    @property
    def total(self) -> Decimal:
        return self.price * self.count


@dataclass
class Group:
    name: str
    type: str | None
    line: int | None
    members: list[Member] = field(default_factory=list)


@dataclass
class Fleet:
    """A fleet file read and its members resolved: what a system's `fleet_check` sees."""

    located: Located
    model: FleetFile
    groups: list[Group]
    catalog: Any

    @property
    def file(self) -> str:
        return self.located.file

    @property
    def members(self) -> list[Member]:
        return [m for g in self.groups for m in g.members]
