"""The seed's damage thresholds as pure functions over the catalog's figures (damage.yaml).

Crippling: at a cumulative loss of 50% or more of starting Hull (a ship of 4 Hull at 2 lost), once;
never for starting Hull 3 or less; a Dreadnought at 18 Hull and again at 10 or less. Catastrophic
damage: starting Hull 4 or more, +1 to the roll from starting Hull 10, radius by starting Hull.
"""

from __future__ import annotations

import math

from shipyard.systems.dropfleet.models import Thresholds


def crippled_at(hull: int, dreadnought: bool, t: Thresholds) -> list[int]:
    """The Hull values left at which the ship is crippled (highest first); none if never."""
    if hull <= t.never_crippled_at_or_below:
        return []
    if dreadnought:
        return [h for h in t.dreadnought_crippled_at if h < hull]
    lost = math.ceil(hull * t.crippled_at_loss - 1e-9)
    return [hull - lost]


def catastrophic(hull: int, t: Thresholds) -> tuple[str, int] | None:
    """(explosion radius, bonus to the D6) for a ship of starting `hull`; None if it rolls no
    catastrophic damage."""
    if hull < t.catastrophic_from_hull:
        return None
    radius = next(r for low, high, r in t.radius if low <= hull <= high)
    return radius, 1 if hull >= t.catastrophic_bonus_from_hull else 0
