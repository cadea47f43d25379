"""A game file: the ships of one encounter at the table, named as their sheets name them, each
with the tracks its system keeps (core/game.py), in plain YAML a person can read and correct.

    system: <the system's id>
    sides:
    - name: Starfury wing
      file: fleets/starfury-wing.yaml     # the fleet or design file, from the game file's folder
      ships:
      - name: Starfury 1
        design: Starfury
        destroyed: [17, 31]               # the system's tracks (here: the boxes lost)

Every read checks the file whole, each mistake one `FILE:LINE` line: the side's file is read
again and its ships must be the game's, in order and by name. Every change keeps the file as it
was in `<game>.undo/` (numbered), so `undo` puts back the exact bytes, change after change, to
the file `game start` wrote.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import Field, create_model

from shipyard.core.fleet import MAX_SHIPS
from shipyard.core.game import GameRules, TableShip, stores_wrong
from shipyard.core.model import StrictModel
from shipyard.core.output import write_atomic
from shipyard.core.pattern import BattleSide
from shipyard.core.suggest import quoted, suggest
from shipyard.core.system import AnySystem
from shipyard.core.validation import validate
from shipyard.core.yamlio import Located, load_file
from shipyard.core.yard import Report, Yard
from shipyard.errors import Diagnostic, Exit, UserError

MAX_SIDES = 26  # lettered A..Z where two sides' ships share a name
HEADER = ("# A game at the table, kept by `shipyard game` (show, hit, undo). Plain YAML: correct\n"
          "# it by hand where the table says otherwise. Each ship is named as its sheet names\n"
          "# it; `file:` is the fleet or design its side was started from.\n")


@dataclass
class Game:
    path: Path
    located: Located
    system: AnySystem
    rules: GameRules
    data: dict[str, Any]  # the file as read, to write back with new tracks
    sides: list[str]
    ships: list[TableShip]
    turn: int  # the turn being played (`game round` ends it)
    struck: frozenset[int]  # the ships (indices) struck from the game

    @property
    def file(self) -> str:
        return self.located.file

    def in_play(self, index: int, flag: str) -> int:
        """`index`, or the mistake in one line where that ship is struck from the game."""
        if index in self.struck:
            raise UserError.single("game.struck", f"{flag}{quoted(self.ships[index].name)}: "
                                   "struck from the game (`game undo` puts her back)",
                                   self.file, self.located.line_of(
                                       (*self.ships[index].at, "struck")))
        return index

    def index(self, name: str, flag: str) -> int:
        """The ship of this name (as its sheet names it), or the mistake in one line."""
        names = [s.name for s in self.ships]
        for i, known in enumerate(names):
            if known == name:
                return i
        folded = [i for i, known in enumerate(names) if known.casefold() == name.casefold()]
        if len(folded) == 1:
            return folded[0]
        raise UserError.single("game.ship", f"{flag}{quoted(name)}: no ship of that name in "
                               f"{self.file}; {suggest(name, names, always=True)}")


def _model(rules: GameRules) -> type[StrictModel]:
    ship: Any = create_model("Ship", __base__=rules.state_model,
                             name=(str, Field(min_length=1, max_length=200)),
                             design=(str, Field(min_length=1, max_length=200)),
                             struck=(bool, Field(default=False, description=(
                                 "struck from the game: no hit lands on her, she fires none, "
                                 "the end of a turn rolls nothing for her"))))
    side: Any = create_model("Side", __base__=StrictModel,
                             name=(str, Field(min_length=1, max_length=200)),
                             file=(str, Field(min_length=1, max_length=1000)),
                             ships=(list[ship], Field(min_length=1, max_length=MAX_SHIPS)))
    game: Any = create_model("GameFile", __base__=StrictModel, system=(str, ...),
                             turn=(int, Field(default=1, ge=1, le=10_000)),
                             sides=(list[side], Field(min_length=2, max_length=MAX_SIDES)))
    return game


def named(reports: list[Report]) -> list[tuple[BattleSide, list[str]]]:
    """Each side with its ships' names as their sheets print them ("Raider delta-wing 3"); where
    two sides hold a ship of one name, every ship takes its side's letter ("Starfury (B)")."""
    plain = [BattleSide.of(r, "") for r in reports]
    counts = Counter(n for side in plain for n in set(side.ship_names()))
    if any(c > 1 for c in counts.values()):
        plain = [BattleSide.of(r, chr(ord("A") + i)) for i, r in enumerate(reports)]
    return [(side, side.ship_names()) for side in plain]


def _designs(side: BattleSide) -> list[Any]:
    return [e.design for e in side.entrants for _ in range(e.count * e.ships)]


def start(yard: Yard, reports: list[Report], out: Path) -> str:
    """A new game's text: each side's ships with every track at its start."""
    systems = {str(r.system) for r in reports}
    if len(systems) > 1:
        raise UserError.single("game.systems", "a game is of one system: "
                               + ", ".join(f"{r.file} is {r.system}" for r in reports),
                               reports[-1].file)
    system = yard.system(str(reports[0].system))
    rules = system.game_rules()
    folder = out.resolve().parent
    sides = []
    for report, (side, names) in zip(reports, named(reports), strict=True):
        ships = [{"name": n, "design": d.model.name, **rules.start(d)}
                 for n, d in zip(names, _designs(side), strict=True)]
        sides.append({"name": side.name, "file": os.path.relpath(Path(report.file).resolve(),
                                                                 folder),
                      "ships": ships})
    return text_of({"system": system.id, "turn": 1, "sides": sides})


class _Plain(yaml.SafeDumper):
    """No anchors (&id001), a key a line, a list of plain values on one line: a person reads
    and corrects every ship's own lines."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _mapping(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=False)


def _sequence(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    plain = all(not isinstance(x, dict | list) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=plain)


_Plain.add_representer(dict, _mapping)
_Plain.add_representer(list, _sequence)


def text_of(data: dict[str, Any]) -> str:
    body = yaml.dump(data, Dumper=_Plain, sort_keys=False, allow_unicode=True, width=100)
    return HEADER + body


def read(yard: Yard, path: Path) -> Game:
    """A game file read and checked whole: its sides' files read again, its ships theirs."""
    located = load_file(path)
    data = located.data
    if not isinstance(data, dict) or "system" not in data or "sides" not in data:
        raise UserError.single("game.not_a_game", "not a game file: it starts with 'system:' "
                               "and lists 'sides:' (shipyard game start writes one)",
                               located.file, 1)
    system = yard.system(data["system"], located.file, located.line_of(("system",)))
    rules = system.game_rules()
    model: Any = validate(_model(rules), located)
    reports = []
    for i, side in enumerate(model.sides):
        where = located.line_of(("sides", i, "file"))
        file = path.parent / side.file
        report = yard.check(file, os.path.normpath(file))
        if not report.readable:
            raise UserError([*report.errors, Diagnostic(
                "game.side", f"file: {side.file} cannot be read (see above)", "error", where,
                located.file)])
        if report.system != system.id:
            raise UserError.single("game.systems", f"file: {side.file} is {report.system}; a "
                                   f"game is of one system, this one {system.id}",
                                   located.file, where)
        reports.append(report)
    ships: list[TableShip] = []
    struck: set[int] = set()
    for i, (side, (battle, names)) in enumerate(zip(model.sides, named(reports), strict=True)):
        designs = _designs(battle)
        if len(side.ships) != len(names):
            raise UserError.single(
                "game.ships", f"side {side.name}: {side.file} has {len(names)} ships "
                f"({', '.join(names)}), the game lists {len(side.ships)}", located.file,
                located.line_of(("sides", i, "ships")))
        for j, (ship, name, design) in enumerate(zip(side.ships, names, designs, strict=True)):
            if ship.name != name:
                raise UserError.single(
                    "game.ships", f"name: {quoted(ship.name)}: ship {j + 1} of {side.file} is "
                    f"named {quoted(name)} on its sheet", located.file,
                    located.line_of(("sides", i, "ships", j, "name")))
            if ship.struck:
                struck.add(len(ships))
            ships.append(TableShip(name, i, design, ship, ("sides", i, "ships", j)))
    mistakes = rules.check(ships, located.line_of) + [
        wrong for ship in ships if hasattr(ship.state, "spent")
        for wrong in stores_wrong(rules.stores(ship.design), ship)]
    if mistakes:
        raise UserError([Diagnostic("game.tracks", why, "error", located.line_of(at),
                                    located.file) for why, at in mistakes])
    return Game(path, located, system, rules, data, [s.name for s in model.sides], ships,
                model.turn, frozenset(struck))


def in_play(game: Game) -> tuple[list[TableShip], list[int]] | None:
    """The ships not struck from the game, as the rules see a game (their sides numbered
    again from 0 in order, so the first side left is side A), and their indices in the game;
    None when they are all of one side or fewer."""
    kept = [k for k in range(len(game.ships)) if k not in game.struck]
    sides = sorted({game.ships[k].side for k in kept})
    if len(sides) < 2:
        return None
    return [game.ships[k]._replace(side=sides.index(game.ships[k].side)) for k in kept], kept


def history(path: Path) -> Path:
    """The folder of a game file's earlier texts, one numbered file a change."""
    return path.with_name(path.name + ".undo")


def _kept(path: Path) -> list[Path]:
    folder = history(path)
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.yaml") if p.stem.isdigit()),
                  key=lambda p: int(p.stem))


def save(game: Game, states: dict[int, dict[str, Any]], turn: int | None = None,
         strike: int | None = None) -> None:
    """The game with these ships' tracks changed (and the turn, `turn`; ship `strike` struck
    from the game), the file as it was kept for `undo`."""
    data = game.data
    if turn is not None:
        data = {"system": data["system"], "turn": turn,
                **{k: v for k, v in data.items() if k not in ("system", "turn")}}
    for index, fields in states.items():
        _, i, _, j = game.ships[index].at
        ship = data["sides"][i]["ships"][j]
        spent = {"spent": ship["spent"]} if "spent" in ship and "spent" not in fields else {}
        data["sides"][i]["ships"][j] = {"name": ship["name"], "design": ship["design"],
                                        **({"struck": True} if ship.get("struck") else {}),
                                        **fields, **spent}
    if strike is not None:
        _, i, _, j = game.ships[strike].at
        ship = data["sides"][i]["ships"][j]
        data["sides"][i]["ships"][j] = {"name": ship["name"], "design": ship["design"],
                                        "struck": True, **{k: v for k, v in ship.items()
                                                           if k not in ("name", "design",
                                                                        "struck")}}
    before = game.path.read_bytes()
    kept = _kept(game.path)
    number = int(kept[-1].stem) + 1 if kept else 1
    folder = history(game.path)
    folder.mkdir(exist_ok=True)
    write_atomic(folder / f"{number}.yaml", before)
    write_atomic(game.path, text_of(data))


def undo(path: Path) -> int:
    """Put back the file as it was before its last change; how many changes are left."""
    kept = _kept(path)
    if not kept:
        raise UserError.single("game.undo", "nothing to undo: the game is as `shipyard game "
                               "start` wrote it", str(path), status=Exit.ILLEGAL)
    write_atomic(path, kept[-1].read_bytes())
    kept[-1].unlink()
    return len(kept) - 1


def clear_history(path: Path) -> None:
    """A new game starts with nothing to undo."""
    for old in _kept(path):
        old.unlink()
