"""The arithmetic of the seed's combat, rule by rule (no dice)."""

from __future__ import annotations

import pytest

from shipyard.core.dice import Dice
from shipyard.systems.rogue_trader.combat import rules
from shipyard.systems.rogue_trader.combat.captain import Situation
from shipyard.systems.rogue_trader.combat.geometry import bearing, distance, move
from shipyard.systems.rogue_trader.combat.spec import Gun
from tests.systems.rogue_trader.fights import fight


def gun(kind: str = "macrobattery", damage: str = "1d10+2") -> Gun:
    return Gun(kind, "dorsal", ("fore",), 3, Dice.parse(damage), None, 6, 0,
               3 if kind == "lance" else 1, 0, None)


@pytest.mark.parametrize(("rolled", "expected"), [(31, 0), (30, 1), (21, 1), (20, 2), (11, 2),
                                                  (10, 3), (1, 3)])
def test_macrobattery_hits_one_plus_one_per_degree_up_to_strength(rolled: int,
                                                                  expected: int) -> None:
    # R7 (published): Ballistic Skill 30; degrees are full tens under the target
    assert rules.hits(30, rolled, cap=3, step=1) == expected


def test_strength_caps_the_hits_and_crippled_strength_halves_up() -> None:
    assert rules.hits(90, 1, cap=6, step=1) == 6
    f = fight("ambition", "sword")
    ship = f.ships[0]
    broadside = next(p for p in ship.spec.guns if "Broadside" in p.name)
    assert ship.strength(broadside) == 6
    ship.hull_integrity = 0
    assert ship.strength(broadside) == 3  # seed: halved, rounding up
    tubes = next(p for p in ship.spec.guns if "Torpedo" in p.name)
    assert tubes.gun is not None and tubes.gun.strength == 6


def test_lance_hits_one_plus_one_per_three_degrees() -> None:
    assert rules.hits(60, 35, cap=2, step=3) == 1  # 2 degrees
    assert rules.hits(60, 30, cap=2, step=3) == 2  # 3 degrees
    assert rules.hits(60, 1, cap=1, step=3) == 1


def test_turrets_hit_once_plus_one_per_two_degrees() -> None:
    # seed, Turrets: "hit once, plus one additional hit for every two degrees of success"
    assert [rules.hits(40, r, cap=10, step=2) for r in (40, 31, 30, 20, 1)] == [1, 1, 1, 2, 2]


def test_degrees_count_full_tens_for_success_and_failure_alike() -> None:
    # R14: one degree per full 10 points; 84 against 40 fails by 4 degrees (issue 10), not 5
    assert [rules.degrees(40, r) for r in (41, 50, 51, 84, 40, 31, 30, 1)] == [
        0, 1, 1, 4, 0, 0, 1, 3]
    # a failure stands one below the barest success, then one lower per degree of failure
    assert [rules.standing(40, r) for r in (40, 41, 50, 84)] == [0, -1, -2, -5]


def test_detection_bonus_is_the_tens_digit() -> None:
    assert [rules.detection_bonus(d) for d in (4, 10, 15, 20, -5)] == [0, 1, 1, 2, 0]


def test_armour_is_subtracted_once_from_the_summed_damage() -> None:
    # seed, Armour: three hits of 10 against Armour 20 do 10, not nothing
    assert rules.through_armour(30, 0, 20) == 10
    assert rules.through_armour(15, 0, 20) == 0
    assert rules.through_armour(15, 7, 20) == 7  # lance damage is past the armour (R7)


def test_attacker_gives_up_the_weakest_macrobattery_hits_to_the_shields() -> None:
    shots = [rules.Shot(0, gun("lance", "1d10+4"), 1, False),
             rules.Shot(1, gun("macrobattery", "1d10+2"), 2, False),
             rules.Shot(2, gun("macrobattery", "1d10+1"), 1, False),
             rules.Shot(3, gun("torpedo-tubes", "2d10+12"), 3, False)]
    order = rules.shield_order(shots)
    assert order == [(2, 0), (1, 0), (1, 1), (0, 0)]  # torpedoes are not in the pool


def test_boarding_bonus_per_full_ten_points() -> None:
    assert rules.step_bonus(100, 81, 10, 10) == 10
    assert rules.step_bonus(100, 80, 10, 10) == 20
    assert rules.step_bonus(80, 100, 10, 10) == 0


def test_opposed_tests_r14() -> None:
    # the winner's margin: her standing less the loser's (a success of 2 against a failure by
    # 0 degrees wins by 3)
    assert rules.opposed(rules.standing(40, 15), rules.standing(30, 35)) == (0, 3)
    assert rules.opposed(2, -1) == (0, 3)
    assert rules.opposed(-1, 0) == (1, 1)
    assert rules.opposed(-1, -3) == (None, 0)  # both fail: nobody wins
    assert rules.opposed(2, 2) == (None, 0)


def test_crippled_ship_loses_manoeuvrability_detection_and_half_speed() -> None:
    f = fight("hazeroth", "sword")
    ship = f.ships[0]
    before = (ship.manoeuvrability, ship.detection, ship.speed)
    assert before == (23, 12, 10)
    ship.hull_integrity = 0
    assert (ship.manoeuvrability, ship.detection, ship.speed) == (13, 2, 5)
    ship.hull_integrity = 1  # regained one point: no longer Crippled
    assert (ship.manoeuvrability, ship.detection, ship.speed) == before
    vagabond = fight("vagabond", "sword").ships[0]
    vagabond.hull_integrity = 0
    assert vagabond.speed == 2  # 4 halved


def test_turns_by_hull_class() -> None:
    # seed: transports, raiders and frigates turn up to 90°, other ships 45°
    f = fight("sword", "ambition")
    sword, ambition = f.ships
    assert {t for *_, t in Situation(1, sword, ambition, 1).options()} == {-2, -1, 0, 1, 2}
    assert {t for *_, t in Situation(1, ambition, sword, 1).options()} == {-1, 0, 1}
    speeds = {(w, vu) for w, vu, _ in Situation(1, ambition, sword, 1).options()}
    assert speeds == {("full", 5), ("half", 3)}  # Speed or half Speed, never standing still


def test_component_states_switch_effects_off() -> None:
    f = fight("ambition", "sword")
    ship = f.ships[0]
    shields = next(p for p in ship.spec.parts if p.void_shields)
    assert ship.void_shields == 2
    ship.states[shields.index].add("unpowered")
    assert ship.void_shields == 0
    bridge = next(p for p in ship.spec.parts if p.kind == "bridge")
    assert ship.ballistic_skill == 60  # Veteran 50 + Ship Master's Bridge 10
    ship.states[bridge.index].add("depressurised")
    assert ship.ballistic_skill == 50


def test_arcs_and_movement() -> None:
    assert bearing((0.0, 0.0), 0, (5.0, 1.0)) == "fore"
    assert bearing((0.0, 0.0), 0, (1.0, 5.0)) == "port"
    assert bearing((0.0, 0.0), 0, (1.0, -5.0)) == "starboard"
    assert bearing((0.0, 0.0), 0, (-5.0, 0.5)) == "aft"
    assert bearing((0.0, 0.0), 2, (0.0, 5.0)) == "fore"  # facing 90° to port
    there = move((0.0, 0.0), 1, 6)
    assert distance((0.0, 0.0), there) == pytest.approx(6.0)
    assert bearing((0.0, 0.0), 1, (3.0, 3.0)) == "fore"


def test_dice_expressions() -> None:
    d = Dice.parse("2d10+4")
    assert (d.count, d.sides, d.bonus, d.mean, str(d)) == (2, 10, 4, 15.0, "2d10+4")
    assert Dice.parse("d5").mean == 3.0
