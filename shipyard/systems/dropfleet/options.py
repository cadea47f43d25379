"""What dropfleet fights take from the command line (the core parses it; core/options.py).

Every default is a ruling of catalogs/dropfleet/RULINGS.md (the duel, R1-R21; battles, B1-B9).
"""

from __future__ import annotations

from shipyard.api import MAX_CAP, Choice, FightOptions, Option, Steps, Whole

BANDS = Steps(("close", "long"))
BAND_INCHES = {"close": 3, "long": 12}  # R2: the distance between the two groups
MATE_INCHES = 2  # R6: group mates keep this close
DEFAULT_BAND = "close"
DEFAULT_GEOMETRY = "head-on"
DEFAULT_LAYER = "high"
DEFAULT_CAP = 12  # R18: turns; a published game lasts six

GEOMETRIES = {
    "head-on": "the groups face each other: F, F(N), F/S, F/S(L), F/S(R), F/S/R bear (R3)",
    "broadside": "each group turns its stronger side to the other: F/S, F/S/R and that side's "
                 "S(x), F/S(x) bear (R3)",
    "pursuit": "A chases B: A's forward arcs bear, B's F/S/R only (R3)",
}
LAYERS = {
    "high": "both groups in high orbit (two decays from atmosphere)",
    "low": "both groups in low orbit (one decay from atmosphere)",
    "atmosphere": "both groups in atmosphere: no catastrophic damage (damage rules, step 7)",
}

RANGE = Option("range", f"the range band of the duel (default {DEFAULT_BAND}: "
               f"{BAND_INCHES['close']}\", Close Action weapons fire; long: "
               f"{BAND_INCHES['long']}\", they do not; R2)", BANDS)
GEOMETRY = Option("geometry", f"how the groups stand (default {DEFAULT_GEOMETRY})",
                  Choice(GEOMETRIES))
CAP = Option("cap", f"turns before the duel is a draw (default {DEFAULT_CAP})",
             Whole(1, MAX_CAP, "turns"))
BATTLE_RANGE = Option("range", f"the range band between every pair of enemy groups (default "
                      f"{DEFAULT_BAND}; R2, B3)", BANDS)
BATTLE_GEOMETRY = Option("geometry", f"how each pair of enemy groups stands (default "
                         f"{DEFAULT_GEOMETRY}; R3, B3)", Choice(GEOMETRIES))
BATTLE_CAP = Option("cap", "turns before the battle has no winner (B8)",
                    Whole(1, MAX_CAP, "turns"), default="combat.battle_cap")
SHIPS = Option("ships", "ships in the side's group (default: the design's group:, else 1; "
               "R5)", Whole(1, 12, "ships"))
LAYER = Option("layer", f"the orbital layer both groups start on (default {DEFAULT_LAYER}; "
               "R7)", Choice(LAYERS))
SHIELDS = Option("shields", "odds: the target's shields (default: as the default commander "
                 "raises them, R9)", Choice({"up": "raised", "down": "lowered"}))

OPTIONS = FightOptions(
    duel=(RANGE, GEOMETRY, CAP),
    battle=(BATTLE_RANGE, BATTLE_GEOMETRY, BATTLE_CAP),
    odds=(RANGE,),
    crew=(SHIPS,),
    rules=(LAYER, SHIELDS),
    pilot="commander",
    battle_pilot="commander",
)
