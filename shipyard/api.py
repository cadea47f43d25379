"""Everything a rules system imports from shipyard: the interface, the data and paper helpers,
and the fight framework. Nothing else in `shipyard.*` is promised to a system author.

A system (built in or a third party's package) is a `RulesSystem` subclass registered in the
`shipyard.systems` entry-point group; docs/writing-a-rules-system.md walks through one. The
names below are re-exported from the core's private modules, the way pytest re-exports a chosen
set: the modules may move, these names stay.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from shipyard.core.budget import Budget, LineItem
    from shipyard.core.cards import Card, Entry, default_cards
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
    from shipyard.core.fleet import FleetFile
    from shipyard.core.game import (
        GameRules,
        HitDone,
        HitOrder,
        TableDice,
        TableShip,
        battle_sides,
    )
    from shipyard.core.model import Printable, StrictModel
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
    from shipyard.core.pattern import (
        CRIPPLED,
        ESCAPED,
        FIRST_LOST,
        SURVIVED,
        BattleShip,
        BattleSide,
        Entrant,
        ShipEntry,
        battle_ships,
        ship_entries,
        store_fates,
    )
    from shipyard.core.plugins import answers, blame, consult, load_instance, load_object, refuse
    from shipyard.core.recorder import Asker, Recorder, ask, emit
    from shipyard.core.sheets import BoxLine, BudgetLine, box_lines
    from shipyard.core.stream import derive_seed, dice, die, new_stream, next32, seed_stream
    from shipyard.core.suggest import quoted, suggest
    from shipyard.core.system import (
        AnyDesign,
        Design,
        DesignBase,
        Fleet,
        Group,
        LineOf,
        Member,
        RulesSystem,
        Verdict,
    )
    from shipyard.core.table import Table
    from shipyard.core.validation import At, each_roll_once
    from shipyard.core.yamlio import Located, YamlPath
    from shipyard.errors import Diagnostic, Exit, UserError

# Each name is imported from its module when first asked for (PEP 562), so that a system whose
# `validate` needs its models and budgets does not also import the fight framework, the dice and
# the cards at every start. `from shipyard.api import X` works as it always did.
_WHERE = {
    "BattleShip": "shipyard.core.pattern",
    "BattleSide": "shipyard.core.pattern",
    "battle_ships": "shipyard.core.pattern",
    "Entrant": "shipyard.core.pattern",
    "ShipEntry": "shipyard.core.pattern",
    "ship_entries": "shipyard.core.pattern",
    "store_fates": "shipyard.core.pattern",
    "SURVIVED": "shipyard.core.pattern",
    "CRIPPLED": "shipyard.core.pattern",
    "ESCAPED": "shipyard.core.pattern",
    "FIRST_LOST": "shipyard.core.pattern",
    "AnyDesign": "shipyard.core.system",
    "Asker": "shipyard.core.recorder",
    "At": "shipyard.core.validation",
    "each_roll_once": "shipyard.core.validation",
    "BoxLine": "shipyard.core.sheets",
    "Budget": "shipyard.core.budget",
    "BudgetLine": "shipyard.core.sheets",
    "Card": "shipyard.core.cards",
    "Chance": "shipyard.core.combat",
    "Check": "shipyard.core.combat",
    "Choice": "shipyard.core.options",
    "Design": "shipyard.core.system",
    "DesignBase": "shipyard.core.system",
    "Diagnostic": "shipyard.errors",
    "Dice": "shipyard.core.dice",
    "Distribution": "shipyard.core.combat",
    "END_REASONS": "shipyard.core.options",
    "Entries": "shipyard.core.catalog",
    "Entry": "shipyard.core.cards",
    "Event": "shipyard.core.combat",
    "Exit": "shipyard.errors",
    "FightOptions": "shipyard.core.options",
    "FightRules": "shipyard.core.combat",
    "FightSupport": "shipyard.core.combat",
    "Fleet": "shipyard.core.system",
    "FleetFile": "shipyard.core.fleet",
    "Group": "shipyard.core.system",
    "LineItem": "shipyard.core.budget",
    "LineOf": "shipyard.core.system",
    "Located": "shipyard.core.yamlio",
    "MAX_CAP": "shipyard.core.options",
    "Member": "shipyard.core.system",
    "Modifier": "shipyard.core.combat",
    "OddsReport": "shipyard.core.combat",
    "OddsTable": "shipyard.core.combat",
    "Option": "shipyard.core.options",
    "Outcome": "shipyard.core.combat",
    "Point": "shipyard.core.combat",
    "Prepared": "shipyard.core.combat",
    "Printable": "shipyard.core.model",
    "Progress": "shipyard.core.combat",
    "Recorder": "shipyard.core.recorder",
    "Ref": "shipyard.core.catalog",
    "Roll": "shipyard.core.combat",
    "Roller": "shipyard.core.dice",
    "RulesSystem": "shipyard.core.system",
    "Steps": "shipyard.core.options",
    "StrictModel": "shipyard.core.model",
    "Table": "shipyard.core.table",
    "Terms": "shipyard.core.options",
    "GameRules": "shipyard.core.game",
    "HitDone": "shipyard.core.game",
    "HitOrder": "shipyard.core.game",
    "TableDice": "shipyard.core.game",
    "TableShip": "shipyard.core.game",
    "battle_sides": "shipyard.core.game",
    "UserError": "shipyard.errors",
    "ValidationContext": "shipyard.core.catalog",
    "Value": "shipyard.core.options",
    "Verdict": "shipyard.core.system",
    "Whole": "shipyard.core.options",
    "Word": "shipyard.core.options",
    "YamlPath": "shipyard.core.yamlio",
    "ask": "shipyard.core.recorder",
    "answers": "shipyard.core.plugins",
    "blame": "shipyard.core.plugins",
    "consult": "shipyard.core.plugins",
    "refuse": "shipyard.core.plugins",
    "box_lines": "shipyard.core.sheets",
    "chance_all": "shipyard.core.dice",
    "chance_none": "shipyard.core.dice",
    "default_cards": "shipyard.core.cards",
    "derive_seed": "shipyard.core.stream",
    "dice": "shipyard.core.stream",
    "die": "shipyard.core.stream",
    "emit": "shipyard.core.recorder",
    "load_instance": "shipyard.core.plugins",
    "load_object": "shipyard.core.plugins",
    "new_stream": "shipyard.core.stream",
    "origin": "shipyard.core.catalog",
    "quoted": "shipyard.core.suggest",
    "next32": "shipyard.core.stream",
    "seed_stream": "shipyard.core.stream",
    "store": "shipyard.core.combat",
    "suggest": "shipyard.core.suggest",
    "switch": "shipyard.core.options",
    "wilson": "shipyard.core.combat",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'shipyard.api' has no attribute '{name}'")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "CRIPPLED",
    "END_REASONS",
    "ESCAPED",
    "FIRST_LOST",
    "MAX_CAP",
    "SURVIVED",
    "AnyDesign",
    "Asker",
    "At",
    "BattleShip",
    "BattleSide",
    "BoxLine",
    "Budget",
    "BudgetLine",
    "Card",
    "Chance",
    "Check",
    "Choice",
    "Design",
    "DesignBase",
    "Diagnostic",
    "Dice",
    "Distribution",
    "Entrant",
    "Entries",
    "Entry",
    "Event",
    "Exit",
    "FightOptions",
    "FightRules",
    "FightSupport",
    "Fleet",
    "FleetFile",
    "GameRules",
    "Group",
    "HitDone",
    "HitOrder",
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
    "ShipEntry",
    "Steps",
    "StrictModel",
    "Table",
    "TableDice",
    "TableShip",
    "Terms",
    "UserError",
    "ValidationContext",
    "Value",
    "Verdict",
    "Whole",
    "Word",
    "YamlPath",
    "answers",
    "ask",
    "battle_ships",
    "battle_sides",
    "blame",
    "box_lines",
    "chance_all",
    "chance_none",
    "consult",
    "default_cards",
    "derive_seed",
    "dice",
    "die",
    "each_roll_once",
    "emit",
    "load_instance",
    "load_object",
    "new_stream",
    "next32",
    "origin",
    "quoted",
    "refuse",
    "seed_stream",
    "ship_entries",
    "store",
    "store_fates",
    "suggest",
    "switch",
    "wilson",
]
