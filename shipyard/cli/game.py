"""`shipyard game ...`: a game at the table, its ships' damage kept by the rules. The game file
and its undo live in core/gamefile.py, each system's tracks and hits in its `GameRules`
(core/game.py); this module reads options and prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from shipyard.cli.app import _App, app, judged, state, user_errors
from shipyard.cli.completion import design_files
from shipyard.cli.fight import MAX_SEED, Json
from shipyard.cli.help import Group
from shipyard.errors import UserError

if TYPE_CHECKING:
    from shipyard.core.game import HitDone, TableDice, TableShip
    from shipyard.core.gamefile import Game

game_app = _App(name="game", cls=Group, no_args_is_help=True, add_completion=False,
                pretty_exceptions_enable=False, rich_markup_mode=None,
                help="A game at the table: each ship's damage kept by the rules, every change "
                     "undoable.", epilog="""
    shipyard game start starfury-wing.yaml raiders.yaml -o game.yaml
    shipyard game hit game.yaml "Raider delta-wing 2" --from "Starfury 1" --weapon beam
    shipyard game show game.yaml
    shipyard game round game.yaml
    shipyard game strike game.yaml "Raider delta-wing 3"
    shipyard game undo game.yaml
""")
app.add_typer(game_app, name="game")

Rolls = Annotated[list[int] | None, typer.Option(
    "--roll", metavar="N", help="a die as rolled at the table, in the order the rules roll "
    "them (again for the next); the rest come from the random seed")]
DiceSeed = Annotated[int | None, typer.Option(
    "--seed", metavar="N", min=0, max=MAX_SEED, help="replay the dice exactly; without it one "
    "is chosen and printed")]
GameFile = Annotated[Path, typer.Argument(metavar="GAME", help="the game file (.yaml) "
                                          "`game start` wrote", autocompletion=design_files)]


@game_app.command(epilog="""
    shipyard game start starfury-wing.yaml raiders.yaml -o game.yaml
""")
@user_errors
def start(
    sides: Annotated[list[Path], typer.Argument(
        metavar="SIDE", help="each side: a fleet file or one design (.yaml); two or more",
        autocompletion=design_files)],
    output: Annotated[Path, typer.Option("-o", "--output", metavar="FILE",
                                         help="the game file to write (.yaml)")],
) -> None:
    """Start a game: every ship of the sides, named as its sheet names it, every track at its
    start."""
    from shipyard.core import gamefile
    from shipyard.core.output import write_atomic

    if len(sides) < 2:
        raise UserError.single("game.sides", "a game needs two sides or more: give a fleet "
                               "file or a design for each")
    reports = judged(sides, allow_illegal=True)
    text = gamefile.start(state.yard(), reports, output)
    write_atomic(output, text)
    gamefile.clear_history(output)
    game = gamefile.read(state.yard(), output)
    typer.echo(f"{output}: a {game.system.id} game of {len(game.ships)} ships")
    _print_show(game)


@game_app.command(epilog="""
    shipyard game show game.yaml
    shipyard game show game.yaml --json
""")
@user_errors
def show(game_file: GameFile, as_json: Json = False) -> None:
    """Every ship's state at a glance."""
    from shipyard.core import gamefile

    game = gamefile.read(state.yard(), game_file)
    if as_json:
        typer.echo(json.dumps(_show_json(game), indent=2, ensure_ascii=False))
        return
    _print_show(game)


def _tracks(game: Game) -> list[dict[str, Any]]:
    """Each ship's tracks, with her stores left where her weapons spend any (`stores`)."""
    from shipyard.core.game import stores_left

    return [{**t, "stores": stores_left(stores, ship)} if (stores := game.rules.stores_of(
        ship)) else t for ship, t in zip(game.ships, game.rules.tracks(game.ships), strict=True)]


def _stores_cell(game: Game, ship: TableShip) -> str:
    """A ship's stores left as `game show` prints them: "10 of 12 torpedoes", named where
    she has several."""
    from shipyard.core.game import stores_left

    stores = game.rules.stores_of(ship)
    told = stores_left(stores, ship)
    if len(stores) == 1:
        return told[0].removeprefix(stores[0].name + " ")
    return "; ".join(told) or "none"


def _show_json(game: Game) -> dict[str, Any]:
    tracks = _tracks(game)
    return {"file": game.file, "system": game.system.id, "sides": game.sides,
            "ships": [{"name": s.name, "side": game.sides[s.side], "design": s.design.model.name,
                       "struck": k in game.struck, "tracks": t}
                      for k, (s, t) in enumerate(zip(game.ships, tracks, strict=True))]}


def _print_show(game: Game) -> None:
    from shipyard.cli.tables import render
    from shipyard.core.table import Table

    tracks = _tracks(game)
    if not game.rules.columns:
        rows = [[game.sides[s.side], s.name, s.design.model.name] for s in game.ships]
        typer.echo(render(Table("Ships", ["side", "ship", "design"], rows)), nl=False)
        typer.echo(f"the {game.system.id} system keeps no damage at the table yet")
        return
    stores = any("stores" in t for t in tracks)
    rows = [[game.sides[ship.side], ship.name + (" (struck)" if k in game.struck else ""),
             *game.rules.row(t), *([_stores_cell(game, ship)] if stores else [])]
            for k, (ship, t) in enumerate(zip(game.ships, tracks, strict=True))]
    typer.echo(render(Table("Ships", ["side", "ship", *game.rules.columns,
                                      *(["stores left"] if stores else [])], rows)), nl=False)
    for note in game.rules.notes(game.ships):
        typer.echo(note)


@game_app.command(epilog="""
    shipyard game hit game.yaml "Raider delta-wing 2" --from "Starfury 1" --weapon beam
    shipyard game hit game.yaml "Raider delta-wing 2" --from "Starfury 1" --weapon beam --roll 17
    shipyard game hit game.yaml "Starfury 3" --damage 4 --seed 7
""")
@user_errors
def hit(
    game_file: GameFile,
    ship: Annotated[str, typer.Argument(metavar="SHIP", help="the ship hit, as its sheet names "
                                        "it (\"Raider delta-wing 3\")")],
    firer: Annotated[str | None, typer.Option("--from", metavar="SHIP",
                                              help="the ship that fired")] = None,
    weapons: Annotated[list[str] | None, typer.Option(
        "--weapon", metavar="WEAPON", help="a weapon the firing ship carries: its sheet label, "
        "or words of it that name one (rogue-trader: again for each weapon of one attack)")
    ] = None,
    hits_given: Annotated[list[int] | None, typer.Option(
        "--hits", metavar="N", min=1, max=1000, help="hits of that weapon (missiles: one salvo "
        "of N), 1..1000; one for each --weapon")] = None,
    crits_given: Annotated[list[int] | None, typer.Option(
        "--crits", metavar="N", min=0, max=1000, help="critical hits besides --hits, where the "
        "system has them (dropfleet; rogue-trader: 1 where the weapon's Crit Rating was met), "
        "0..1000; one for each --weapon")] = None,
    facing: Annotated[str | None, typer.Option(
        "--facing", metavar="WORD", help="where the hits land, where the system needs it said "
        "(d12-facings at tailing range: aft, the firer tails the target; fore, the target "
        "tails the firer)")] = None,
    choose: Annotated[list[str] | None, typer.Option(
        "--choose", metavar="SYSTEM", help="the system a hit lands on, the chooser's choice "
        "(d12-facings; again for each system the damage overflows to); else the default "
        "captain's")] = None,
    effect: Annotated[int | None, typer.Option(
        "--effect", metavar="N", min=-20, max=40, help="the attack's Effect the table rolled, "
        "where the system has one (traveller); else the attack is rolled")] = None,
    band: Annotated[str | None, typer.Option(
        "--range", metavar="BAND", help="the range band between the ships, where the system "
        "needs it (traveller: adjacent .. distant; else the fights' start)")] = None,
    damage: Annotated[int | None, typer.Option(
        "--damage", metavar="N", min=1, max=10_000,
        help="instead of a weapon: N points in the system's damage unit, 1..10000")] = None,
    rolls: Rolls = None,
    seed: DiceSeed = None,
) -> None:
    """Apply hits by the rules: every die printed, and what to mark on the sheets."""
    from shipyard.core import gamefile
    from shipyard.core.dice import new_seed
    from shipyard.core.game import HitOrder, TableDice

    game = gamefile.read(state.yard(), game_file)
    volley = _volley(weapons or [], hits_given, crits_given, game.rules.volleys)
    weapon, hits, _ = volley[0] if volley else (None, (hits_given or [1])[0], 0)
    crits = sum(crits_given or [])
    if not game.rules.hits:
        raise UserError.single("game.unsupported", f"the {game.system.id} system has no "
                               "`game hit` yet: mark its hits by hand", game.file)
    if (damage is None) == (firer is None):
        raise UserError.single("game.hit", "give --from SHIP --weapon WEAPON (a weapon's "
                               "hits) or --damage N (points with no weapon), one of the two")
    if firer is not None and weapon is None:
        raise UserError.single("game.hit", "--from: give the --weapon it fired too")
    if crits and not game.rules.criticals:
        raise UserError.single("game.hit", f"--crits: {game.system.id} hits are never "
                               "critical; give --hits N")
    if crits and firer is None:
        raise UserError.single("game.hit", "--crits: critical hits are a weapon's; give --from "
                               "SHIP --weapon WEAPON")
    if facing is not None and facing not in game.rules.facings:
        raise UserError.single("game.hit", f"--facing {facing}: " + (
            f"give {' or '.join(game.rules.facings)}" if game.rules.facings else
            f"{game.system.id} hits need no facing said"))
    if facing is not None and firer is None:
        raise UserError.single("game.hit", "--facing: a weapon's hits land on a facing; give "
                               "--from SHIP --weapon WEAPON")
    if choose and not game.rules.chooses:
        raise UserError.single("game.hit", f"--choose: in {game.system.id} nobody chooses the "
                               "system a hit lands on")
    if effect is not None and not (game.rules.effects and firer is not None):
        raise UserError.single("game.hit", "--effect: " + (
            "an attack's Effect is a weapon's; give --from SHIP --weapon WEAPON"
            if game.rules.effects else f"{game.system.id} attacks have no Effect to give"))
    if band is not None and band not in game.rules.bands:
        raise UserError.single("game.hit", f"--range {band}: " + (
            f"give one of {', '.join(game.rules.bands)}" if game.rules.bands else
            f"{game.system.id} hits need no range said"))
    target = game.in_play(game.index(ship, "SHIP "), "SHIP ")
    shooter = None if firer is None else game.in_play(game.index(firer, "--from "), "--from ")
    if shooter == target:
        raise UserError.single("game.hit", f"--from {firer}: a ship does not fire at itself")
    dice = TableDice(seed if seed is not None else new_seed(), list(rolls or []))
    done = game.rules.hit(game.ships, HitOrder(target, shooter, weapon, hits, damage, crits,
                                               tuple(volley), facing, tuple(choose or ()), effect,
                                               band),
                          dice)
    extra = dice.left_over()
    if extra is not None:
        raise extra
    gamefile.save(game, done.states)
    _print_done(game, done, dice)


def _volley(weapons: list[str], hits: list[int] | None, crits: list[int] | None,
            several: bool) -> list[tuple[str, int, int]]:
    """Each --weapon with its --hits and --crits (one of each a weapon, or none: 1 hit, 0
    critical); several weapons only where the system fires them as one attack."""
    if len(weapons) > 1 and not several:
        raise UserError.single("game.hit", "--weapon: one weapon a hit; give each its own "
                               "`game hit`")
    count = max(1, len(weapons))
    for flag, given in (("--hits", hits), ("--crits", crits)):
        if given is not None and len(given) != count:
            raise UserError.single("game.hit", f"{flag}: {len(given)} given for {count} "
                                   f"weapon{'s' * (count != 1)}; give one for each --weapon")
    return [(w, h, c) for w, h, c in zip(weapons, hits or [1] * count, crits or [0] * count,
                                         strict=False)]


def _print_done(game: Game, done: HitDone, dice: TableDice) -> None:
    for event in done.events:
        lead = f"{event.phase:<8}" if event.depth == 0 else " " * 8 + "  " * event.depth
        typer.echo(f"  {lead} {event.text}".rstrip())
    typer.echo(f"dice: {dice.told()}; seed {dice.seed}" if dice.rolled else
               "dice: none rolled")
    for mark in done.marks:
        typer.echo(f"to mark: {mark}")
    for note in game.rules.notes(game.ships):
        typer.echo(note)


@game_app.command("round", epilog="""
    shipyard game round game.yaml
    shipyard game round game.yaml --roll 4 --roll 1 --seed 3
""")
@user_errors
def end_round(
    game_file: GameFile,
    rolls: Rolls = None,
    seed: DiceSeed = None,
) -> None:
    """End the turn: roll what the rules roll then for every ship (dropfleet: the Roundup and
    Clean-Up; nothing where the text rolls nothing then), and go on to the next."""
    from shipyard.core import gamefile
    from shipyard.core.dice import new_seed
    from shipyard.core.game import TableDice

    game = gamefile.read(state.yard(), game_file)
    playing = gamefile.in_play(game)
    if playing is None:
        raise UserError.single("game.over", "`game round`: the ships not struck from the game "
                               "are all of one side: the game is over (`game undo` takes a "
                               "strike back)", game.file)
    ships, kept = playing
    dice = TableDice(seed if seed is not None else new_seed(), list(rolls or []))
    done = game.rules.end_round(ships, game.turn, dice)
    extra = dice.left_over()
    if extra is not None:
        raise extra
    gamefile.save(game, {kept[k]: state for k, state in done.states.items()}, game.turn + 1)
    _print_done(game, done, dice)
    typer.echo(f"turn {game.turn} is over: turn {game.turn + 1} begins")


@game_app.command(epilog="""
    shipyard game spend game.yaml "Ambition-class Cruiser" --weapon torpedo
    shipyard game spend game.yaml "Anvil" --weapon torpedo --uses 1
""")
@user_errors
def spend(
    game_file: GameFile,
    ship: Annotated[str, typer.Argument(metavar="SHIP", help="the ship that spends it, as its "
                                        "sheet names it")],
    weapon: Annotated[str, typer.Option(
        "--weapon", metavar="WEAPON", help="the torpedo tube, Limited launch or weapon: its "
        "sheet label, or words of it that name one")],
    uses: Annotated[int | None, typer.Option(
        "--uses", metavar="N", min=1, max=100_000, help="how many to spend; else one firing "
        "(a tube's salvo, a launch's use)")] = None,
) -> None:
    """Spend ammunition the rules spend and no `game hit` landed: a torpedo salvo all shot
    down or missed, a Limited (n) launch's use."""
    from shipyard.core import gamefile
    from shipyard.core.game import spend as spend_store
    from shipyard.core.game import store_named, stores_left

    game = gamefile.read(state.yard(), game_file)
    index = game.in_play(game.index(ship, "SHIP "), "SHIP ")
    who = game.ships[index]
    if not hasattr(who.state, "spent"):
        raise UserError.single("game.spend", f"the {game.system.id} game file keeps no store "
                               "spent this way", game.file)
    stores = game.rules.stores_of(who)
    store = store_named(stores, weapon, who.name)
    spent, n = spend_store(who, store, uses)
    fields = {k: v for k, v in game.data["sides"][who.at[1]]["ships"][who.at[3]].items()
              if k not in ("name", "design", "struck", "spent")}
    gamefile.save(game, {index: {**fields, "spent": spent}})
    left = stores_left([store], who._replace(state=who.state.model_copy(update={
        "spent": spent})))[0]
    typer.echo(f"{who.name} spends {n} from {store.name}: {left.removeprefix(store.name + ' ')} "
               "left")
    typer.echo(f"to mark: {who.name}: {store.name} {n} spent")


@game_app.command(epilog="""
    shipyard game strike game.yaml "Raider delta-wing 3"
""")
@user_errors
def strike(
    game_file: GameFile,
    ship: Annotated[str, typer.Argument(metavar="SHIP", help="the ship struck from the game, as "
                                        "its sheet names it")],
) -> None:
    """Strike a ship from the game (fled, surrendered, or off the table): no hit lands on her,
    she fires none, the end of a turn rolls nothing for her."""
    from shipyard.core import gamefile

    game = gamefile.read(state.yard(), game_file)
    index = game.in_play(game.index(ship, "SHIP "), "SHIP ")
    gamefile.save(game, {}, strike=index)
    typer.echo(f"{game.ships[index].name} is struck from the game: no hit lands on her and "
               "she fires none")


@game_app.command(epilog="""
    shipyard game undo game.yaml
""")
@user_errors
def undo(game_file: GameFile) -> None:
    """Take back the last change: the file as it was, exactly (again, for the one before)."""
    from shipyard.core import gamefile

    left = gamefile.undo(game_file)
    typer.echo(f"{game_file}: the last change taken back; {left} more to take back")
