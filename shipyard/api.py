"""Everything a rules system imports from shipyard: the interface, the data and paper helpers,
and the fight framework. Nothing else in `shipyard.*` is promised to a system author.

A system (built in or a third party's package) is a `RulesSystem` subclass registered in the
`shipyard.systems` entry-point group; docs/writing-a-rules-system.md walks through one. The
names below are re-exported from the core's private modules, the way pytest re-exports a chosen
set: the modules may move, these names stay.
"""

from __future__ import annotations

from shipyard.core.budget import Budget, LineItem
from shipyard.core.cards import default_cards
from shipyard.core.catalog import Entries, Ref, ValidationContext, origin
from shipyard.core.combat import (
    Chance,
    Check,
    Distribution,
    Event,
    FightRules,
    FightSupport,
    Modifier,
    OddsReport,
    OddsTable,
    Outcome,
    Point,
    Prepared,
    Progress,
    Roll,
    store,
    wilson,
)
from shipyard.core.dice import Dice, Roller, chance_all, chance_none
from shipyard.core.fleet import Fleet, FleetFile, Group, Member
from shipyard.core.options import (
    END_REASONS,
    MAX_CAP,
    Choice,
    FightOptions,
    Option,
    Steps,
    Terms,
    Value,
    Whole,
    Word,
    switch,
)
from shipyard.core.plugins import blame, load_instance, load_object
from shipyard.core.recorder import Asker, Recorder, ask, emit
from shipyard.core.sheets import BoxLine, BudgetLine, box_lines
from shipyard.core.stream import derive_seed, dice, die, new_stream, next32, seed_stream
from shipyard.core.suggest import quoted, suggest
from shipyard.core.system import (
    AnyDesign,
    Design,
    DesignBase,
    LineOf,
    Printable,
    RulesSystem,
    StrictModel,
    Verdict,
)
from shipyard.core.table import Table
from shipyard.core.validation import At
from shipyard.core.yamlio import Located, YamlPath
from shipyard.errors import Diagnostic, Exit, UserError

__all__ = [
    "END_REASONS",
    "MAX_CAP",
    "AnyDesign",
    "Asker",
    "At",
    "BoxLine",
    "Budget",
    "BudgetLine",
    "Chance",
    "Check",
    "Choice",
    "Design",
    "DesignBase",
    "Diagnostic",
    "Dice",
    "Distribution",
    "Entries",
    "Event",
    "Exit",
    "FightOptions",
    "FightRules",
    "FightSupport",
    "Fleet",
    "FleetFile",
    "Group",
    "LineItem",
    "LineOf",
    "Located",
    "Member",
    "Modifier",
    "OddsReport",
    "OddsTable",
    "Option",
    "Outcome",
    "Point",
    "Prepared",
    "Printable",
    "Progress",
    "Recorder",
    "Ref",
    "Roll",
    "Roller",
    "RulesSystem",
    "Steps",
    "StrictModel",
    "Table",
    "Terms",
    "UserError",
    "ValidationContext",
    "Value",
    "Verdict",
    "Whole",
    "Word",
    "YamlPath",
    "ask",
    "blame",
    "box_lines",
    "chance_all",
    "chance_none",
    "default_cards",
    "derive_seed",
    "dice",
    "die",
    "emit",
    "load_instance",
    "load_object",
    "new_stream",
    "next32",
    "origin",
    "quoted",
    "seed_stream",
    "store",
    "suggest",
    "switch",
    "wilson",
]
