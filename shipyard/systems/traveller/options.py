"""What traveller fights take from the command line (the core parses it against this)."""

from __future__ import annotations

from shipyard.api import MAX_CAP, Choice, FightOptions, Option, Steps, Whole

BANDS = Steps(("adjacent", "close", "short", "medium", "long", "very-long", "distant"))
GEOMETRY = Option("geometry", "how the ships meet",
                  Choice({"random": "a random encounter: Very Long (the turn sequence)",
                          "planet": "near a planet or other object: Medium on 1-2 of a d6, "
                                    "else Long (the turn sequence)"}), default="combat.start")
START = Option("range", "the band it starts at (over --geometry's)", BANDS)
ATTACK = Option("range", "the band of the attack (default: every band the weapon reaches)",
                BANDS)
CAP = Option("cap", "turns before the duel is a draw", Whole(1, MAX_CAP, "turns"),
             default="combat.cap")
AIM = Option("aim", "the gunner's aim, +2 a turn aimed, at most +6", Whole(0, 6, "DM"),
             only="odds")
SKILL = Whole(-3, 10, "DM")
CREW = (
    Option("pilot", "the pilot's DM: Pilot + DEX DM (manoeuvre, dodge, line up, boarding)",
           SKILL),
    Option("pilot_skill", "the pilot's Pilot skill alone, which initiative adds (the turn "
           "sequence: \"the Pilot's skill\")", Whole(-3, 6, "skill")),
    Option("gunnery", "each gunner's DM, and the pilot's at a fixed mount: Gunnery + DEX or "
           "INT DM", SKILL),
    Option("sensors", "the sensor operator's DM: Electronics (sensors) + INT or EDU DM", SKILL),
    Option("tactics", "the captain's DM: Tactics (naval) + INT DM", SKILL),
    Option("leadership", "the captain's DM: Leadership + SOC DM", SKILL),
    Option("engineer", "the engineers' DM: Engineer + EDU DM (overcharge, repair)", SKILL),
    AIM,
)

BATTLE_START = Option("range", "the band every pair of enemy ships starts at (over --geometry's; "
                      "TRV-R45)", BANDS)
BATTLE_CAP = Option("cap", "turns before the battle has no winner", Whole(1, MAX_CAP, "turns"),
                    default="combat.cap")

OPTIONS = FightOptions(
    duel=(START, GEOMETRY, CAP),
    battle=(BATTLE_START, GEOMETRY, BATTLE_CAP),
    odds=(ATTACK,),
    crew=CREW,
    pilot="captain",
    battle_pilot="commander",
)
