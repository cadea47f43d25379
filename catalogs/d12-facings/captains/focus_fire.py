"""A captain of your own for d12-facings: focus fire.

    shipyard battle FLEET FLEET --pilot-a catalogs/d12-facings/captains/focus_fire.py:FocusFire
    shipyard duel A B --pilot-a catalogs/d12-facings/captains/focus_fire.py:FocusFire

In a battle one captain answers for every ship of its side: each question names the asking ship
(`side`, its index in battle order: `setup.ships[side].name`) and the enemies it may choose
(`enemies`, indexes the same way). This one has every ship of its side fire at the enemy with
the least left to lose (hit points of systems, shields and outer armour), and move its range
against that enemy when it may; guns, hands, the range it wants and where a hit lands are the
default captain's (it inherits them). A duel asks neither question (one enemy), so there it is
the default captain.
"""

from shipyard.systems.d12_facings.combat.captain import DefaultCaptain


def left(state, ship):
    """What `ship` has left to lose: hit points of its systems, shields and outer armour."""
    return sum(state.hp[ship]) + state.shields[ship] + state.armour[ship]


class FocusFire(DefaultCaptain):
    def target(self, setup, state, side, enemies):
        """The enemy this ship fires at this turn: the weakest, the first in battle order of
        equals (so every ship of the side picks the same one)."""
        return min(enemies, key=lambda enemy: (left(state, enemy), enemy))

    def enemy(self, setup, state, side, enemies):
        """The enemy whose range this ship moves in the range step: the weakest it may."""
        return min(enemies, key=lambda enemy: (left(state, enemy), enemy))
