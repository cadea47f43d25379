"""A pilot whose beams finish off the worst-hurt enemy: `--pilot-a finisher.py:Finisher`.

It flies as the default pilot (steering against the nearest enemy, RULINGS C2), but each beam
chooses its own target ("each beam ... chooses its target"): of the enemies its side knows of
(C7) that the beam can fire at now, the one with the fewest boxes left, the likeliest to drop
out of the battle. `fire` answers {row: enemy}; a list of rows would fire them at `s.foe`.
"""

from shipyard.systems.smallcraft.combat.pilot import Pilot, Situation


class Finisher(Pilot):
    def fire(self, s: Situation) -> dict:
        orders = {}
        for beam in s.me.spec.beams:
            able = [e for e in s.enemies if s.me.can_fire(beam, e)]
            if able:
                orders[beam.row] = min(able, key=lambda e: (e.boxes.left, e.name))
        return orders
