"""A captain of your own for rogue-trader: focus fire.

    shipyard battle FLEET FLEET --pilot-a catalogs/rogue-trader/captains/focus_fire.py:FocusFire
    shipyard duel A B --pilot-a catalogs/rogue-trader/captains/focus_fire.py:FocusFire

In a battle one captain class answers for every ship of its side (a fresh one a ship). `target`
is asked first in each ship's turn, with `s.enemies` every enemy still in the fight: this one
has every ship of its side engage the enemy with the least Hull Integrity left (the first in
the list of equals, so the whole side picks the same one), rather than the default's nearest
(D4). Every later question of the turn (`s.enemy`) is about that enemy, and every answer but
the target is the default captain's (it inherits them). In a duel there is one enemy to choose.
"""

from shipyard.systems.rogue_trader.combat.captain import Captain


class FocusFire(Captain):
    def target(self, s):
        weakest = min(s.enemies, key=lambda enemy: enemy.hull_integrity)
        return weakest.name
