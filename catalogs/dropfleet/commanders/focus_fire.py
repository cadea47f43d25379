"""A commander of your own for dropfleet (RULINGS.md R21, B10):

    shipyard battle A.yaml B.yaml --pilot-a catalogs/dropfleet/commanders/focus_fire.py:FocusFire

Its battlegroup named "Flag" activates first, and every ship of the side fires at the same
enemy ship, the first in the enemy's fleet order still in the fight, until it is gone. What it
leaves out (shields, which weapon system) the default commander decides. It commands a duel's
group too (`duel --pilot-a`), where the only battlegroup never needs choosing.
"""


class FocusFire:
    def battlegroup(self, facts, default):
        # facts.battlegroups: {number: name} of the side's battlegroups yet to activate
        for number, name in facts.battlegroups.items():
            if name == "Flag":
                return number
        return default

    def target(self, facts, default):
        # facts.enemies: {place: name} of the enemy ships still in the fight;
        # facts.asking: the ship that fires ("Toulon Cruiser 2 (A)")
        return min(facts.enemies)
