"""What d12-facings fights take from the command line (the core parses it against this)."""

from __future__ import annotations

from shipyard.api import MAX_CAP, Choice, FightOptions, Option, Steps, Whole

RANGES = Steps(("tailing", "short", "medium", "long"))
RANGE = Option("range", "where the duel starts (tailing: A tails B)", RANGES,
               default="combat.start_range")
BATTLE_RANGE = Option("range", "where the battle starts: every two enemies at this range "
                      "(tailing: one ship a side only, R32)", RANGES,
                      default="combat.start_range")
SHOT = Option("range", "the range of the shot (default: short, medium and long)", RANGES)
CAP = Option("cap", "turns before the duel is a draw", Whole(1, MAX_CAP, "turns"),
             default="combat.cap")
BATTLE_CAP = Option("cap", "turns before the battle is a draw", Whole(1, MAX_CAP, "turns"),
                    default="combat.cap")
UNDER = Option("under", "how the quick reference's 'under this total' is read (R2)", Choice({
    "strict": "roll again when the first die is less than the total",
    "inclusive": "roll again when it is less than or equal to the total"}))
TAILER = Option("tailer", "what the tailer may fire and hit at tailing range (R12)", Choice({
    "house": "fore weapons and turrets, hits on the target's aft (R12, house)",
    "free": "any weapon, hits on any side (the quick reference limits only the tailed "
             "ship)"}))
CREW = (
    Option("gunnery", "the firer's gunnery (default: the best aboard)", Whole(0, 30),
           only="odds"),
    Option("help", "the gunnery a helping hand adds (R14)", Whole(0, 30), only="odds"),
)

OPTIONS = FightOptions(
    duel=(RANGE, CAP),
    battle=(BATTLE_RANGE, BATTLE_CAP),
    odds=(SHOT,),
    crew=CREW,
    rules=(UNDER, TAILER),
    pilot="captain",
    battle_pilot="captain (asked for every ship of its side)",
)
