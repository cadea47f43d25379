"""How a fight ends: each end code the rules return, read as (winner, reason). Kept apart from the
package's support so that the narrator, which tells the ending, imports it without importing the
package that imports the narrator."""

from __future__ import annotations

from shipyard.systems.rogue_trader.combat import fight
from shipyard.systems.rogue_trader.combat import ship as sh

OUT_REASONS = {sh.OUT_CREW: "crew-lost", sh.OUT_HULKED: "hulked", sh.OUT_EXPLODED: "exploded",
               sh.OUT_WARP: "warp", sh.OUT_SURRENDERED: "surrendered"}
ENDS: dict[int, tuple[int | None, str]] = {
    **{10 * winner + code: (winner, why) for winner in (0, 1)
       for code, why in OUT_REASONS.items()},
    fight.BOTH_LOST: (None, "both-lost"), fight.CAP: (None, "cap"),
    fight.DISENGAGED: (None, "disengaged"), fight.STALEMATE: (None, "stalemate"),
    fight.HARMLESS: (None, "harmless")}
# side B out is end 0·10 + code: A wins; side A out is 1·10 + code: B wins
