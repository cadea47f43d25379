"""What smallcraft fights take from the command line (the core parses it; core/options.py)."""

from __future__ import annotations

from shipyard.api import MAX_CAP, Choice, FightOptions, Option, Whole, switch

MAX_DHEXES = 10_000
ODDS_RANGE = 5  # dhexes: the distance of a volley when none is given

GEOMETRIES = {
    "head-on": "B straight ahead of A, facing each other",
    "pursuit": "B straight ahead of A, both facing the same way (A on B's tail)",
    "crossing": "B straight ahead of A, B facing across A's line (90° to its right)",
    "random": "B at a random bearing, each facing a random clock direction",
}

RANGE = Option("range", "distance between the craft at the start, within detection range",
               Whole(0, MAX_DHEXES, "dhexes"), default="combat.start_range")
BATTLE_RANGE = Option("range", "distance between the sides' leaders at the start, within "
                      "detection range", Whole(0, MAX_DHEXES, "dhexes"),
                      default="combat.start_range")
BATTLE_CAP = Option("cap", "dturns before the battle is called a draw",
                    Whole(1, MAX_CAP, "dturns"), default="combat.cap")
GEOMETRY = Option("geometry", "how the craft start", Choice(GEOMETRIES),
                  default="combat.geometry")
CAP = Option("cap", "dturns before the fight is called a draw", Whole(1, MAX_CAP, "dturns"),
             default="combat.cap")
ODDS_AT = Option("range", f"distance between the craft (default: {ODDS_RANGE}, or the beams' "
                 "reach where that is shorter)", Whole(0, MAX_DHEXES, "dhexes"))
SPEED = Option("speed", "the target's movement (only across the line of fire under --rule "
               "transverse)", Whole(0, MAX_DHEXES, "dhexes/dturn"))

GUNNERY = Option("gunnery", "the gunner's skill", Whole(0, 100, "%"))
GUNNER = Option("gunner", "who fires", Choice({
    "pilot": "the pilot also fires, with a penalty", "crew": "a separate gunner"}))
COMPUTER = Option("computer", "the skill of the computer that aims a turret with no gunner",
                  Whole(0, 100, "%"))
PILOTING = Option("piloting", "the pilot's skill at flying, to confuse a missile (RULINGS M3)",
                  Whole(0, 100, "%"))
QUICKNESS = Option("quickness", "the pilot's Quickness, for the order within a dphase",
                   Whole(-100, 100))

RULES = (
    Option("transverse", "beam optional rule 1: only the target's transverse movement counts",
           switch()),
    Option("range-penalty", "beam optional rule 2: a penalty per dhex of distance beyond 5",
           switch()),
    Option("quickness-die", "phases optional rule 1: a die added to each Quickness", switch()),
    Option("gunner-quickness", "phases optional rule 2: weapon dphases go by the gunner's "
           "Quickness; a pilot who also fires takes a penalty", switch()),
    Option("missile-screens", "R6: how screens meet a missile salvo", Choice({
        "literal": "as the text reads: one missile in six penetrates, the screens repel the "
                   "rest up to their power level",
        "as-beams": "screens repel one missile in six, as they absorb dhits"})),
    Option("screens-remainder", "R12: \"if you roll below the remainder on a d6, add one\"",
           Choice({"at-or-under": "a d6 at or under the remainder adds one: one in six on "
                                  "average",
                   "below": "only a d6 strictly below the remainder adds one"})),
)

OPTIONS = FightOptions(
    duel=(RANGE, GEOMETRY, CAP),
    battle=(BATTLE_RANGE, GEOMETRY, BATTLE_CAP),
    odds=(ODDS_AT, SPEED),
    crew=(GUNNERY, GUNNER, QUICKNESS, COMPUTER, PILOTING),
    rules=RULES,
    rule_defaults="combat.rules",
    pilot="pilot",
    battle_pilot="pilot (it flies every craft of its side)",
    end_reasons={"stalemate": "dturns passed with no box lost, no missile in flight and no shot "
                              "with any chance of a hit (RULINGS C8): no winner"},
)
