"""A commander of your own for dropfleet (RULINGS.md R21, B10):

    shipyard battle A.yaml B.yaml --pilot-a catalogs/dropfleet/commanders/hunt_capitals.py:HuntCapitals

Its battlegroup named "Flag" activates first, and every ship fires at the enemy's capital
ships (battleships, battlecruisers, dreadnoughts: by their names) while one is in the fight,
the first in the enemy's fleet order; then where the default commander would (the enemy ship
with the least Hull left). Shields and weapon systems it leaves to the default commander. It
commands a duel's group too (`duel --pilot-a`), where there is no battlegroup to choose.
"""

CAPITALS = ("Battleship", "Battlecruiser", "Dreadnought")


class HuntCapitals:
    def battlegroup(self, facts, default):
        # facts.battlegroups: {number: name} of the side's battlegroups yet to activate
        for number, name in facts.battlegroups.items():
            if name == "Flag":
                return number
        return default

    def target(self, facts, default):
        # facts.enemies: {place: name} of the enemy ships still in the fight;
        # facts.asking: the ship that fires, "Toulon picket 2 (A)"
        for place, name in facts.enemies.items():
            if any(word in name for word in CAPITALS):
                return place
        return default
