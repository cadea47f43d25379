"""What traveller fights take from the command line (the core parses it against this)."""

from __future__ import annotations

from shipyard.api import MAX_CAP, Choice, FightOptions, Option, Steps, Whole

BANDS = Steps(("adjacent", "close", "short", "medium", "long", "very-long", "distant"))
STARTS = {
    "random": "a random encounter: Very Long (the seed)",
    "planet": "near a planet or other object: Medium on 1-2 of a d6, else Long (the seed)",
    **{band: f"at {band.replace('-', ' ')} range" for band in BANDS.steps},
}
START = Option("start", "where the duel starts (default: combat.start in combat.yaml)",
               Choice(STARTS))
CAP = Option("cap", "turns before the duel is a draw (default: combat.cap)",
             Whole(1, MAX_CAP, "turns"))
RANGE = Option("range", "odds: the range band of the attack (default: every band the "
               "weapon reaches)", BANDS)
AIM = Option("aim", "odds: the attacker's aim DM, +2 a turn aimed (TRV-R23)", Whole(0, 6))
SKILL = Whole(-3, 10, "DM")
CREW = (
    Option("pilot", "the pilot's DM: Pilot + DEX DM (initiative, manoeuvre, dodge, line up, "
           "fixed mounts)", SKILL),
    Option("gunnery", "each gunner's DM: Gunnery + DEX or INT DM", SKILL),
    Option("sensors", "the sensor operator's DM: Electronics (sensors) + INT or EDU DM", SKILL),
    Option("tactics", "the captain's DM: Tactics (naval) + INT DM", SKILL),
    Option("leadership", "the captain's DM: Leadership + SOC DM", SKILL),
    Option("engineer", "the engineers' DM: Engineer + EDU DM (overcharge, repair)", SKILL),
)

OPTIONS = FightOptions(
    duel=(START, CAP),
    odds=(RANGE, AIM),
    crew=CREW,
    pilot="captain",
)
