"""A worked example of your own commander for `shipyard battle` (docs/systems/traveller.md).

    shipyard battle house-far-trader.yaml corsairs.yaml --pilot-b focus-fire.py:Commander

Every ship of the side asks it, each turn, which enemy to take as its target, then which range
band to steer for against that enemy. A method that returns `default` keeps the default
commander's choice (TRV-R47: the nearest enemy, then the one with the fewest Hull points left).
"""


class Commander:
    """All ships fire at the weakest enemy and close to Short range with it."""

    def target(self, turn, ship, enemies, default):
        # ship: the asking ship's name, "House Corsair 1 (B)"; enemies: the names of those it
        # may choose, in fleet order, each with (its band from `ship`, its Hull points left)
        return min(enemies, key=lambda name: enemies[name][1])

    def band(self, turn, ship, enemy, band, own_hull, enemy_hull, default):
        # the band to steer for against `enemy`: adjacent, close, short, medium, long,
        # very-long or distant, or break-off to run for Distant and escape once clear (TRV-R50;
        # `default` says break-off while the default captain, outmatched, would run)
        return "short"
