"""Every rule of the seed's combat chapter, played with scripted dice on the stock ships."""

from __future__ import annotations

import dataclasses
from typing import Any

from shipyard.core.catalog import ValidationContext
from shipyard.core.combat import Check
from shipyard.core.dice import Dice
from shipyard.systems.rogue_trader.combat.criticals import EFFECTS
from shipyard.systems.rogue_trader.combat.spec import Gun
from tests.systems.rogue_trader.fights import Scripted, design, fight, place, texts


def test_shooting_void_shields_armour_hull_crew_and_morale() -> None:
    # Hazeroth (Crack 40 + Command Bridge 5 = BS 45): prow lance and dorsal macrocannon
    dice = Scripted([15, 5,   # lance: 3 degrees, 1 hit (Strength 1), Crit Rating 3 met;
                              # macrocannon: 4 degrees, 3 hits (Strength 3), Crit 5 not met
                     6,       # lance damage 1d10+4 = 10 (rolled first: design order)
                     8, 9,    # two macrocannon hits land (the shield took the third): 10 + 11
                     3])      # the lance's Crit Rating: 1d5 = 3, Sensors Damaged
    f = fight("hazeroth", "sword", dice)
    place(f, 3.0)
    a, b = f.ships
    f._shoot(a, b)
    assert dice.faces == [] and dice.asked == [100, 100, 10, 10, 10, 5]
    # 21 summed macrobattery damage - Armour 18 once = 3, + 10 lance damage past the armour
    assert b.hull_integrity == 35 - 13
    assert (b.crew_population, b.morale) == (100 - 13, 103 - 13)  # a point of each per point
    assert b.sensors_damaged
    shield = next(p for p in b.spec.parts if p.void_shields)
    assert shield.index in b.known  # it stopped one of her hits
    assert {p.index for p in a.spec.guns} <= a.known  # they fired on Sword
    assert "Sword-class Frigate's void shields (1) stop 1 hit" in texts(f)


def test_void_shields_are_back_for_the_next_attack() -> None:
    dice = Scripted([100, 30,  # lance misses; macrocannon 1 degree: 2 hits
                     10])      # one lands: 12 damage, under Armour 18
    f = fight("hazeroth", "sword", dice)
    place(f, 3.0)
    a, b = f.ships
    b.hull_integrity = 20  # the shields do not care what happened before
    f._shoot(a, b)
    assert b.hull_integrity == 20
    assert any("stop 1 hit" in t for t in texts(f))
    assert any("armour holds" in t for t in texts(f))


def test_attacker_keeps_lance_hits_from_the_shields() -> None:
    # Ambition's port side (BS 60): Titanforge Lance Battery and Mars Macrocannon Broadside
    dice = Scripted([1, 45,    # lance battery: 5 degrees, 2 hits; broadside: 1 degree, 2 hits
                     5, 5,     # both lance hits land: 9 + 9, past the armour
                     10,       # the shield took a broadside hit; the other: 12, under Armour 18
                     3])       # the lance battery's Crit Rating 3 is met: 1d5 = 3
    f = fight("ambition", "sword", dice)
    a, b = f.ships
    a.position, a.facing = (0.0, 0.0), 0
    b.position, b.facing = (0.0, 3.0), 0  # off her port side
    f._shoot(a, b)
    assert b.hull_integrity == 35 - 18  # had the shield taken a lance hit: 9 + 6 = 15
    assert dice.faces == []


def test_crippled_at_zero_and_damage_past_hull_integrity_is_a_critical() -> None:
    dice = Scripted([100, 5,    # lance misses; macrocannon 3 hits, one stopped
                     10, 10])   # 12 + 12 = 24 - 18 = 6 damage
    f = fight("hazeroth", "sword", dice)
    place(f, 3.0)
    a, b = f.ships
    b.hull_integrity = 5
    f._shoot(a, b)
    assert b.hull_integrity == 0 and b.crippled
    assert (b.crew_population, b.morale) == (95, 98)  # only the 5 points lost count (R15)
    # 1 past Hull Integrity: Holed; Sword's shields are all Hazeroth knows of
    shield = next(p for p in b.spec.parts if p.void_shields)
    assert b.states[shield.index] == {"depressurised"}
    assert b.void_shields == 0
    assert "1 damage past Hull Integrity: a critical hit of 1" in texts(f)


def test_a_crippled_ship_takes_a_critical_for_damage_past_its_armour() -> None:
    dice = Scripted([7])  # Thrusters Damaged: 1d10 7, Manoeuvrability -20
    f = fight("hazeroth", "sword", dice)
    a, b = f.ships
    b.hull_integrity = 0
    f.hurt(b, 4, a)
    assert b.thrusters == 20 and b.manoeuvrability == 20 - 10 - 20
    assert "Sword-class Frigate suffers Thrusters Damaged (4)" in texts(f)


def test_values_past_the_chart_read_as_catastrophic_and_a_space_hulk_8_is_r3() -> None:
    parts = 12  # Sword: ten components and two weapons
    rolls = [1, 2, 3, 7, 8, 9, 10, 8, 8, 8, 8, 8]
    dice = Scripted([3, *rolls, 4])  # Catastrophic 1d10 3: Space Hulk; 1d10 per part; crew
    f = fight("hazeroth", "sword", dice)
    a, b = f.ships
    b.hull_integrity = 0
    f.hurt(b, 30, a)
    assert "Sword-class Frigate suffers Catastrophic Damage (30, read as 11)" in texts(f)
    assert len(b.spec.parts) == parts
    assert b.states[0] == {"unpowered"} and b.states[1] == {"unpowered"}
    assert b.states[2] == b.states[3] == b.states[4] == {"depressurised", "damaged"}  # 8: R3
    assert b.states[5] == b.states[6] == {"destroyed"}
    assert b.crew_population == 4 and b.out == "hulked"
    over = f._over()
    assert over is not None and over.winner == 0 and over.reason == "hulked"


def test_simplified_destruction_hulks_below_10_and_explodes_from_10() -> None:
    f = fight("hazeroth", "sword", Scripted([]), rules={"simple-destruction": "b"})
    a, b = f.ships
    b.hull_integrity = 0
    f.critical(b, 9, a)
    assert b.out == "hulked"
    f = fight("hazeroth", "sword", Scripted([2]), rules={"simple-destruction": "b"})
    place(f, 3.0)
    a, b = f.ships
    b.hull_integrity = 0
    f.critical(b, 12, a)  # R1: 10 and above (12 included) is a Plasma Drive Explosion
    assert b.out == "exploded" and a.out is None  # the blast reached 2 VU, Hazeroth is at 3
    # above 0 Hull Integrity the chart applies as normal, and without the switch always
    f = fight("hazeroth", "sword", Scripted([]), rules={"simple-destruction": "b"})
    a, b = f.ships
    f.critical(b, 3, a)
    assert b.out is None and b.sensors_damaged
    f = fight("hazeroth", "sword", Scripted([1]))
    a, b = f.ships
    b.hull_integrity = 0
    f.critical(b, 9, a)  # Hull Breach: 1d5 = 1, but Hazeroth knows of nothing
    assert b.out is None and b.crew_population == 50


def test_turrets_shoot_down_torpedoes_before_the_attack_roll() -> None:
    dice = Scripted([20,            # Sword's turrets: Competent 30 + 2 x 5 = 40; 2 degrees
                     40,            # 2 shot down, then Ambition's attack: BS 60, 2 degrees
                     10, 10, 1, 1, 5, 5])  # 3 hits of 2d10+12: 32, 14 and 22
    f = fight("ambition", "sword", dice)
    place(f, 5.0)
    a, b = f.ships
    f._shoot(a, b)
    assert dice.faces == []
    tubes = next(p for p in a.spec.guns if "Torpedo" in p.name)
    assert a.torpedoes[tubes.index] == 42 - 6
    # torpedoes pass the void shields; each strikes on its own, Armour 18 stopping 18 of each
    # (R9): 14 + 0 + 4, where summed damage less Armour once would be 68 - 18 = 50
    assert b.hull_integrity == 35 - 18
    assert "Sword-class Frigate's turrets: turrets, crew rating 30 +10 Turret Rating = 40, " \
           "d100 rolled 20: success, 2 degrees; 2 torpedoes shot down" in texts(f)


def test_sensors_damaged_blinds_the_turrets_too() -> None:
    # seed, critical 3: -30 to all shooting tests; the turret test is a Ballistic Skill test
    dice = Scripted([20,            # Sword's turrets: 30 + 10 - 30 = 10: a miss
                     100])          # Ambition's attack misses
    f = fight("ambition", "sword", dice)
    place(f, 5.0)
    a, b = f.ships
    b.sensors_damaged = True
    f._shoot(a, b)
    assert dice.faces == []
    assert "Sword-class Frigate's turrets: turrets, crew rating 30 +10 Turret Rating -30 " \
           "sensors damaged = 10, d100 rolled 20: failure, 1 degree; 0 torpedoes shot down" \
           in texts(f)


def test_no_turrets_no_turret_test() -> None:
    dice = Scripted([100])  # only the attack roll
    f = fight("ambition", "sword", dice)
    place(f, 5.0)
    a, b = f.ships
    b.spec = dataclasses.replace(b.spec, turrets=0)
    f._shoot(a, b)
    assert dice.asked == [100]


def test_ramming() -> None:
    # Ambition rams: Veteran helm 50 + Manoeuvrability 12 - 20 = 42; 2d10 + prow armour 17
    dice = Scripted([10, 4, 6, 5])
    f = fight("ambition", "sword", dice)
    place(f, 0.5)
    a, b = f.ships
    f._ram(a, b)
    # R13: the die plus the prow armour is the damage inflicted: neither void shields nor
    # Armour stop it (R13 before issue 10 took Sword's Armour 18 off it: 9 instead of 27)
    assert b.hull_integrity == 35 - (4 + 6 + 17)
    assert a.hull_integrity == 66 - (18 + 5 - 17)  # Sword's Armour + 1d5 against the prow
    assert any("past void shields and Armour (R13)" in t for t in texts(f))
    assert dice.faces == []
    f = fight("ambition", "sword", Scripted([43]))
    place(f, 0.5)
    a, b = f.ships
    f._ram(a, b)
    assert b.hull_integrity == 35 and a.hull_integrity == 66


def test_ram_damage_dice_by_hull_class_and_prow_components() -> None:
    f = fight("vagabond", "hazeroth")
    assert [str(d) for d in f.ships[0].spec.ram] == ["1d5"]
    assert [str(d) for d in f.ships[1].spec.ram] == ["1d5"]
    assert [str(d) for d in fight("sword", "endeavour").ships[1].spec.ram] == ["2d5"]
    assert [str(d) for d in fight("ambition", "sword").ships[1].spec.ram] == ["1d10"]


def test_boarding_with_a_morale_rout() -> None:
    dice = Scripted([43,        # Hazeroth boards: Crack helm 40 + 23 - 20 = 43
                     50,        # Sword tries to break free (30 + 20 - 20): fails, -20 later
                                # (her captain told to: by default she stays, outmatched by 5)
                     15, 25,    # Command: Hazeroth 55 (4 degrees), Sword 30 (0 degrees)
                     1, 2, 3, 4, 5, 1, 2, 3,  # 4 degrees: 4 x (1d5 Crew, 1d5 Morale)
                     94])       # Sword's Morale 93: rolled over, the crew routs
    f = fight("hazeroth", "sword", dice)
    place(f, 0.8)
    a, b = f.ships
    f.captains[1].break_free = lambda s: True  # type: ignore[method-assign]
    f._board(a, b)
    assert f.locked_by == 0
    f.round = 2
    f._boarding_round()
    assert dice.faces == []
    assert (b.crew_population, b.morale) == (100 - 11, 103 - 10)
    assert b.out == "surrendered"
    over = f._over()
    assert over is not None and over.winner == 0


def test_boarding_modifiers() -> None:
    f = fight("hazeroth", "sword")
    a, b = f.ships
    f.locked_by = 0
    mods = dict(f.command_modifiers(a, b))
    assert mods["Turret Rating"] == 10 and mods["more Crew Population"] == 0
    b.crew_population, b.hull_integrity = 79, 15
    mods = dict(f.command_modifiers(a, b))
    assert mods["more Crew Population"] == 20  # +10 per full 10 points (seed)
    assert mods["more Hull Integrity"] == 10  # 32 against 15: R4
    assert dict(f.command_modifiers(b, a))["Turret Rating"] == 20


def test_breaking_free_ends_the_boarding_action() -> None:
    f = fight("hazeroth", "sword", Scripted([10]))
    _a, b = f.ships
    f.captains[1].break_free = lambda s: True  # type: ignore[method-assign]
    f.locked_by = 0
    f.round = 2
    f._boarding_round()
    assert f.locked_by is None and b.out is None


def test_initiative_is_1d10_plus_the_detection_bonus() -> None:
    f = fight("hazeroth", "sword", Scripted([3, 6]))
    f.round = 1
    f._initiative()
    assert f.order == (1, 0)
    f = fight("hazeroth", "sword", Scripted([5, 5]))  # 6 each: the higher Detection (R16)
    f.round = 1
    f._initiative()
    assert f.order == (1, 0)


def test_surprise_and_sensors_modify_gunnery() -> None:
    f = fight("hazeroth", "sword", rules={"surprise": "b"})
    a, b = f.ships
    f.round = 1
    assert ("Surprised target", 20) in f._gunnery(a, b, [])
    f.round = 2
    assert ("Surprised target", 20) not in f._gunnery(a, b, [])
    a.sensors_damaged = True
    assert ("sensors damaged", -30) in f._gunnery(a, b, [])


def test_fire_r11() -> None:
    f = fight("hazeroth", "sword", Scripted([90, 3, 4, 10]))
    _a, b = f.ships
    b.states[9].add("on fire")
    f._fires(b)
    assert (b.crew_population, b.morale) == (97, 99) and "on fire" in b.states[9]
    f._fires(b)
    assert b.states[9] == set()


def test_critical_results() -> None:
    def ship_after(effect: str, faces: list[int]) -> object:
        dice = Scripted(faces)
        f = fight("hazeroth", "sword", dice)
        a, b = f.ships
        b.known = set(range(len(b.spec.parts)))
        EFFECTS[effect](f, b, a)
        assert dice.faces == []
        return b

    b = ship_after("surly-techsprites", [4] * 12 + [2])
    assert all("unpowered" in s for s in b.states) and b.morale == 101
    assert ship_after("thrusters-damaged", [8]).cannot_turn
    assert ship_after("engines-crippled", [7]).speed == 4
    assert ship_after("engines-crippled", [8]).speed == 1
    b = ship_after("decapitation", [6, 6])
    bridge = next(p for p in b.spec.parts if p.kind == "bridge")
    assert b.states[bridge.index] == {"depressurised"}
    b = ship_after("decapitation", [8, 8])
    assert b.states[bridge.index] == {"depressurised", "damaged"}
    b = ship_after("hull-breach", [2, 3, 9])
    shield = next(p for p in b.spec.parts if p.void_shields)
    assert b.states[shield.index] == {"damaged", "depressurised"}
    assert sum("destroyed" in s for s in b.states) == 1
    assert (b.crew_population, b.morale) == (50, 52)
    b = ship_after("holed", [])
    assert b.states[shield.index] == {"depressurised"}
    b = ship_after("internal-damage", [])
    assert b.states[shield.index] == {"damaged"}
    b = ship_after("fire", [])
    assert b.states[shield.index] == {"on fire"}
    assert ship_after("sensors-damaged", []).sensors_damaged


def test_catastrophic_damage_explodes_drives() -> None:
    f = fight("hazeroth", "sword", Scripted([8, 1]))  # plasma drive; the blast reaches 1 VU
    place(f, 3.0)
    a, b = f.ships
    EFFECTS["catastrophic-damage"](f, b, a)
    assert b.out == "exploded" and "Sword-class Frigate's plasma drive explodes" in texts(f)
    f = fight("hazeroth", "sword", Scripted([10, 1, 1, 5]))  # warp drive: 2d10 = 2, rift 5
    place(f, 3.0)
    a, b = f.ships
    dice = f.roller
    assert isinstance(dice, Scripted)
    dice.faces += [99]  # Hazeroth fails the Challenging test: into the warp
    EFFECTS["catastrophic-damage"](f, b, a)
    assert "Sword-class Frigate's warp drive explodes" in texts(f)
    assert a.out == "warp"
    over = f._over()
    assert over is not None and over.winner is None and over.reason == "both-lost"
    f = fight("hazeroth", "sword", Scripted([10, 1]))  # no warp engine left: plasma instead
    place(f, 3.0)
    a, b = f.ships
    warp = next(p for p in b.spec.parts if p.kind == "warp-engine")
    b.states[warp.index].add("destroyed")
    EFFECTS["catastrophic-damage"](f, b, a)
    assert "Sword-class Frigate's plasma drive explodes" in texts(f)


def test_plasma_drive_debris_hits_through_shields_and_armour() -> None:
    dice = Scripted([5,     # the blast reaches 5 VU; Hazeroth is 3 VU away
                     99,    # Hard (-20) Operate (Voidship) + Manoeuvrability fails
                     3,     # 1d5 = 3 macrobattery hits of 1d10+4
                     10, 10])  # two get past the shield: 14 + 14 = 28 - Armour 14
    f = fight("hazeroth", "sword", dice)
    place(f, 3.0)
    a, b = f.ships
    f.blast(b, "plasma")
    assert a.hull_integrity == 32 - 14 and dice.faces == []


def test_r6_arcs_decide_which_weapons_fire() -> None:
    f = fight("endeavour", "sword")
    a, b = f.ships
    a.position, a.facing = (0.0, 0.0), 0
    b.position = (5.0, 0.0)  # dead ahead: the prow weapons bear, the broadsides do not
    assert {p.gun.location for p in f._bearing_guns(a, b) if p.gun} == {"prow"}
    b.position = (0.0, 5.0)  # to port
    assert [p.gun.location for p in f._bearing_guns(a, b) if p.gun] == ["port"]
    b.position = (0.0, -5.0)
    assert [p.gun.location for p in f._bearing_guns(a, b) if p.gun] == ["starboard"]
    b.position = (0.0, 7.0)  # beyond the broadside's 6 VU
    assert f._bearing_guns(a, b) == []
    h = fight("hazeroth", "sword")
    a, b = h.ships
    a.position, a.facing = (0.0, 0.0), 0
    b.position = (0.0, 4.0)  # the dorsal macrocannon fires to port, the prow lance does not
    assert [p.gun.location for p in h._bearing_guns(a, b) if p.gun] == ["dorsal"]


def test_r8_battlecruisers_ram_as_cruisers() -> None:
    from shipyard.systems.rogue_trader.build import new_design
    from tests.systems.rogue_trader.fights import YARD

    catalog = YARD.catalog(YARD.system("rogue-trader"))
    data = new_design(catalog, "mars-class-battlecruiser")
    d = design("sword")
    d.model = d.model.model_validate(data, context=ValidationContext(catalog=catalog))
    f = fight(d, "sword")
    assert [str(x) for x in f.ships[0].spec.ram] == ["2d10"]


def test_r10_landing_bays_launch_bombers_past_the_shields() -> None:
    ambition = design("ambition")
    weapons = [w.model_copy(update={"weapon": "jovian-pattern-landing-bay"}) if i == 2 else w
               for i, w in enumerate(ambition.model.weapons)]
    ambition.model = ambition.model.model_copy(update={"weapons": weapons})
    dice = Scripted([100,          # the lance battery misses
                     99,           # Sword's turrets miss the 2 squadrons
                     40,           # the bombers' attack: BS 60, 2 degrees: both hit
                     10, 10, 10, 10])  # 2 x 2d10+4 = 48, void shields useless
    f = fight(ambition, "sword", dice)
    a, b = f.ships
    a.position, a.facing = (0.0, 0.0), 0
    b.position = (0.0, 3.0)  # to port, within the bombers' 8 VU
    f._shoot(a, b)
    assert dice.faces == [] and b.hull_integrity == 35 - (48 - 18)
    assert "Ambition-class Cruiser launches 2 squadrons" in " ".join(texts(f))


def test_r12_torpedo_warheads_and_their_crit_ratings() -> None:
    endeavour = design("endeavour")
    weapons = [w.model_copy(update={"torpedoes": "vortex"}) if i == 0 else w
               for i, w in enumerate(endeavour.model.weapons)]
    endeavour.model = endeavour.model.model_copy(update={"weapons": weapons})
    f = fight(endeavour, "sword")
    tubes = next(p for p in f.ships[0].spec.guns if p.gun and p.gun.kind == "torpedo-tubes")
    assert tubes.gun is not None
    assert (str(tubes.gun.damage), tubes.gun.crit, tubes.gun.reach) == ("2d10+5", 6, 10)


def test_glimmer_shields_flicker() -> None:
    sword = design("sword")
    components = ["voss-glimmer-pattern-void-shield-array" if c == "single-void-shield" else c
                  for c in sword.model.components]
    sword.model = sword.model.model_copy(update={"components": components})
    dice = Scripted([100, 30,  # lance misses; macrocannon 2 hits
                     3,        # the flicker: 3 or less, the hit goes through anyway
                     10, 10])  # 12 + 12 = 24 - 18 = 6
    f = fight("hazeroth", sword, dice)
    place(f, 3.0)
    a, b = f.ships
    f._shoot(a, b)
    assert dice.faces == [] and b.hull_integrity == 35 - 6


def test_a_captain_of_your_own(tmp_path: object) -> None:
    from pathlib import Path

    from shipyard.core.combat import Terms, fight_once
    from shipyard.systems.rogue_trader.combat import SUPPORT

    path = Path(str(tmp_path)) / "captains.py"
    path.write_text(
        "from shipyard.systems.rogue_trader.combat.captain import Captain\n"
        "class Drifter(Captain):\n"
        "    def manoeuvre(self, s):\n"
        "        return ('half', 0)\n"
        "    def action(self, s):\n"
        "        return 'shoot'\n", encoding="utf-8")
    prepared = SUPPORT.prepare(design("sword"), design("hazeroth"),
                               Terms(pilots=(f"{path}:Drifter", None), cap=3))
    result = fight_once(SUPPORT, prepared, 4)
    moves = [e.text for e in result.events if e.text.startswith("Sword-class Frigate moves")]
    assert moves and all("4 VU (half speed) and holds her heading" in m for m in moves)
    assert any("commanded by Drifter" in n for n in prepared.notes)


def test_boarders_may_set_charges_instead() -> None:
    from shipyard.systems.rogue_trader.combat.captain import Captain

    class Sappers(Captain):
        def boarding_blow(self, s: object) -> str:
            return "hull"

    dice = Scripted([15, 45,  # Command: Hazeroth 55 (4 degrees), Sword 50 (0): 4 degrees won
                     50])     # Sword's Morale test: 103 - 4 = 99, holds
    f = fight("hazeroth", "sword", dice)
    f.captains = (Sappers(), Captain())
    _, b = f.ships
    b.spec = dataclasses.replace(b.spec, crew=dataclasses.replace(b.spec.crew, helm=0))
    f.locked_by, f.round = 0, 2
    f._boarding_round()  # Sword does not try to break free: her helm has no chance
    assert dice.faces == []
    assert (b.hull_integrity, b.crew_population, b.morale) == (31, 96, 99)
    assert b.out is None


def test_a_warp_drive_explosion_strikes_like_a_lance() -> None:
    dice = Scripted([2, 2,   # the chaos-storm reaches 4 VU; Hazeroth is 3 VU away
                     99,     # she fails the Hard (-20) test
                     7,      # a lance strike of 1d10 = 7: no void shield, no armour
                     1])     # the rift reaches 1 VU: she is clear of it
    f = fight("hazeroth", "sword", dice)
    place(f, 3.0)
    a, b = f.ships
    f.blast(b, "warp")
    assert dice.faces == [] and a.hull_integrity == 32 - 7 and a.out is None


# --- issue 10 ---------------------------------------------------------------------------------


def test_the_losing_boarder_may_break_free_too() -> None:
    # R20: either locked ship may try at the start of its turn; the default captain of a
    # boarder that is losing tries: outmatched by 20 or more (Hazeroth's Command 80 + 5 + 10
    # against Sword's 50) and her Morale under 50. Sword's helm 30 + 20 - 20 = 30
    dice = Scripted([25])  # Sword (the boarder) tears free: 25 against 30
    f = fight("sword", "hazeroth", dice, crew=({}, {"command": 80}))
    place(f, 0.5)
    f.ships[0].morale = 40
    f.locked_by, f.round, f.order = 0, 2, (1, 0)
    f._boarding_round()
    assert dice.faces == [] and f.locked_by is None
    assert any(t.startswith("Sword-class Frigate tears free") for t in texts(f))


def test_a_failed_break_free_costs_the_boarder_20_on_command() -> None:
    dice = Scripted([90,       # Sword, the boarder, fails to break free
                     99, 99])  # Command: both fail, nobody gains ground
    f = fight("sword", "hazeroth", dice, crew=({}, {"command": 80}))
    place(f, 0.5)
    f.ships[0].morale = 40
    f.locked_by, f.round, f.order = 0, 2, (0, 1)
    f._boarding_round()
    command = next(e for e in f.log.events if e.text.startswith("opposed Command"))
    sword = command.rolls[0]
    assert isinstance(sword, Check) and ("failed to break free", -20) in sword.modifiers


def test_boarding_losses_and_morale_are_in_the_log_die_by_die() -> None:
    dice = Scripted([15, 45,  # Command: Hazeroth 55 (4 degrees), Sword 50 (0): wins by 4
                     1, 2, 3, 4, 5, 1, 2, 3,
                     50])     # Sword's Morale test holds
    f = fight("hazeroth", "sword", dice)
    _, b = f.ships
    b.spec = dataclasses.replace(b.spec, crew=dataclasses.replace(b.spec.crew, helm=0))
    f.locked_by, f.round = 0, 2
    f._boarding_round()
    losses = next(e for e in f.log.events if "wins by 4 degrees" in e.text)
    assert [(r.die, r.rolled) for r in losses.rolls] == [
        ("d5", v) for v in (1, 2, 3, 4, 5, 1, 2, 3)]
    assert "4d5 Crew Population rolled 11, 4d5 Morale rolled 10" in losses.text


def test_opposed_degrees_words_and_margin() -> None:
    # 84 against 40 fails by 4 degrees (one per full 10 points), and stands at -5 (R14)
    dice = Scripted([])
    f = fight("hazeroth", "vagabond", dice)
    f.locked_by, f.round = 0, 2
    f.captains[1].break_free = lambda s: False  # type: ignore[method-assign]
    dice.faces = [9, 84] + [1] * 18 + [1]
    f._boarding_round()
    text = "\n".join(texts(f))
    assert "d100 rolled 84: failure, 4 degrees" in text
    assert "wins by 9 degrees" in text  # success by 4 stands 4, failure by 4 stands -5


def test_techsprites_and_space_hulk_dice_are_logged() -> None:
    f = fight("hazeroth", "sword", Scripted([1] * 12 + [3]))  # Sword: 12 components
    _, b = f.ships
    EFFECTS["surly-techsprites"](f, b, None)
    event = f.log.events[-1]
    assert [r.die for r in event.rolls] == ["d10"] * len(b.spec.parts) + ["d5"]
    f = fight("hazeroth", "sword", Scripted([5] * 12 + [4]))
    _, b = f.ships
    EFFECTS["space-hulk"](f, b, None)
    hulk = next(e for e in f.log.events if "every component rolls 1d10" in e.text)
    assert len(hulk.rolls) == len(b.spec.parts) + 1 and b.crew_population == 4


def test_fire_losses_are_logged() -> None:
    f = fight("hazeroth", "sword", Scripted([99, 3, 4]))  # the fire burns on: 1d5 3, 1d5 4
    a, _ = f.ships
    a.states[0].add("on fire")
    f._fires(a)
    event = f.log.events[-1]
    assert [(r.die, r.rolled) for r in event.rolls][1:] == [("d5", 3), ("d5", 4)]
    assert (a.crew_population, a.morale) == (97, 99 - 4)


def test_initiative_tie_broken_by_detection_says_so() -> None:
    f = fight("hazeroth", "vagabond", Scripted([5, 5]))  # 5 + 1 each; Detection 12 and 10
    f._initiative()
    assert any("the higher Detection goes first" in t for t in texts(f))
    assert f.order == (0, 1)


def test_alongside_at_0_vu_every_arc_bears() -> None:
    # R22: ships on one point: the Endeavour's broadsides fire as well as her prow
    f = fight("endeavour", "sword")
    place(f, 0.0)
    a, b = f.ships
    names = {p.name for p in f._bearing_guns(a, b)}
    assert any("(port)" in n for n in names) and any("(starboard)" in n for n in names)
    assert any("(prow)" in n for n in names)


def test_an_unpowered_plasma_drive_gives_no_thrust() -> None:
    # R18: Surly Techsprites once left the drive unpowered and the ship still moving
    f = fight("sword", "endeavour")
    a, _ = f.ships
    drive = next(p for p in a.spec.parts if p.kind == "plasma-drive")
    before = a.position
    a.states[drive.index].add("unpowered")
    assert a.speed == 0
    f.round = 1
    f._turn(a)
    assert a.position == before
    augur = next(p for p in a.spec.parts if p.kind == "augur-array")
    a.states[augur.index].add("unpowered")
    assert ("augur array out", -30) in f._blind(a)


def test_orders_are_given_before_the_ship_moves() -> None:
    # the seed: every Action is chosen at the beginning of the turn; a ram the manoeuvre does
    # not make possible is lost with the Shooting Action given up for it (R23)
    from shipyard.systems.rogue_trader.combat.captain import Captain

    seen: list[tuple[float, float]] = []

    class Rammer(Captain):
        def manoeuvre(self, s: Any) -> tuple[str, int]:
            return ("full", 0)

        def action(self, s: Any) -> str:
            seen.append(s.me.position)
            return "ram"

    f = fight("sword", "hazeroth", Scripted([]))
    place(f, 30.0)
    f.captains = (Rammer(), Captain())
    f.round = 1
    f._turn(f.ships[0])
    assert seen == [(0.0, 0.0)]  # asked before she moved
    log = texts(f)
    assert log.index(next(t for t in log if "orders: full speed" in t)) < log.index(
        next(t for t in log if " moves " in t))
    assert any("the Shooting Action she gave up for it is lost" in t for t in log)


def test_the_default_captain_lets_the_shields_take_hits_without_a_crit() -> None:
    from shipyard.systems.rogue_trader.combat import rules

    strong = rules.Shot(0, _gun("macrobattery", "1d10+4"), 1, True)
    weak = rules.Shot(1, _gun("macrobattery", "1d10"), 1, False)
    lance = rules.Shot(2, _gun("lance", "1d10+4"), 1, False)
    order = rules.shield_order([strong, weak, lance])
    assert [i for i, _ in order] == [1, 2, 0]  # the crit hit is kept past the shields (R5)


def _gun(kind: str, damage: str) -> Gun:
    return Gun(kind, "dorsal", ("fore",), 3, Dice.parse(damage), 3, 6, 0,
               3 if kind == "lance" else 1, 0, None)
