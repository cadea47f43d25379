"""What rogue-trader fights take from the command line (the core parses it; core/options.py)."""

from __future__ import annotations

from shipyard.api import MAX_CAP, Choice, FightOptions, Option, Whole, Word

MAX_RANGE = 100  # VU: far beyond any weapon; refuses absurd starts before any work
ODDS_RANGE = 5  # VU: the distance of a volley when none is given and no gun has a reach

GEOMETRIES = {
    "head-on": "B straight ahead of A, facing each other",
    "pursuit": "B straight ahead of A, both facing the same way (A on B's tail)",
    "crossing": "B straight ahead of A, crossing A's course from starboard to port",
    "abeam": "B off A's port side, both facing the same way (broadside to broadside)",
}
TACTICS = {"gunnery": "stand off and shoot", "ram": "close and ram",
           "board": "close and board"}

RANGE = Option("range", "VU apart at the start", Whole(0, MAX_RANGE, "VU"),
               default="combat.start_range")
GEOMETRY = Option("geometry", "how the ships start", Choice(GEOMETRIES), default="combat.geometry")
CAP = Option("cap", "Strategic Rounds before the fight is called a draw",
             Whole(1, MAX_CAP, "Strategic Rounds"), default="combat.round_limit")

SURPRISE_HELP = ("none, a (every ship of side A), b, or ships by side letter and place in "
                 "their side's fleet order, joined by +: b1+b3")

SKILL = Whole(0, 100)
CREW = (
    Option("crew", "the crew rating (incompetent, competent, crack, veteran, elite, or an "
           "overlay's own)", Word("a crew rating id from the catalog")),
    Option("gunnery", "Ballistic Skill of the gunnery officer", SKILL),
    Option("helm", "Operate (Voidship) of the helmsman", SKILL),
    Option("command", "Command of the leader of the ship's warriors", SKILL),
    Option("tactic", "what the captain tries", Choice(TACTICS)),
)

RULES = (
    Option("simple-destruction", "the combat rules' simplified NPC destruction for the ships named "
           "(R1): at 0 Hull Integrity any critical hulks (1-9) or explodes (10+)",
           Choice({"off": "neither ship", "a": "side A", "b": "side B", "both": "both ships"},
                  {"on": "both"})),
    Option("surprise", "the ships named are Surprised (B3: the GM determines which vessels): "
           "+20 to attacks on each of them in the first round",
           Word(SURPRISE_HELP)),
)

BATTLE_RANGE = Option("range", "VU between the two sides' lines at the start (each side in line "
                      "abreast, F1)", Whole(0, MAX_RANGE, "VU"), default="combat.start_range")
BATTLE_GEOMETRY = Option("geometry", "how the sides start (side A's place and heading as ship "
                         "A's in a duel, side B's as ship B's)", Choice(GEOMETRIES),
                         default="combat.geometry")

BATTLE_CAP = Option("cap", "Strategic Rounds before the battle is called a draw; default: the "
                    "catalog's round limit for each ship of the larger side (F2; with the bundled "
                    "catalog a duel's 50, 3 against 3, 150)", Whole(1, MAX_CAP, "Strategic Rounds"))

ODDS_AT = Option("range", "VU apart (default: the shortest reach of the attacker's guns, where "
                 "every gun without a minimum range fires)", Whole(0, MAX_RANGE, "VU"))

OPTIONS = FightOptions(
    duel=(RANGE, GEOMETRY, CAP),
    battle=(BATTLE_RANGE, BATTLE_GEOMETRY, BATTLE_CAP),
    battle_pilot="captain (asked for every ship of its side)",
    odds=(ODDS_AT,),
    crew=CREW,
    rules=RULES,
    pilot="captain",
    end_reasons={"hulked": "the loser is a drifting space hulk",
                 "exploded": "the loser's plasma drive or warp engine exploded",
                 "warp": "the loser's last ship was dragged into a warp rift (a battle's: in a "
                         "duel the exploding ship is lost too, both-lost)",
                 "disengaged": "the ships stayed beyond every weapon's reach of each other, "
                               "none attacking (R25): no winner",
                 "stalemate": "rounds passed without loss or boarding action (R26): no winner"},
)
