"""The arithmetic of the seed's combat, rule by rule (no dice)."""

from __future__ import annotations

import pytest

from shipyard.core.dice import Dice
from shipyard.systems.rogue_trader.combat import geometry as g
from shipyard.systems.rogue_trader.combat import rules
from shipyard.systems.rogue_trader.combat import ship as sh
from tests.systems.rogue_trader.fights import Bout


@pytest.mark.parametrize(("rolled", "expected"), [(31, 0), (30, 1), (21, 1), (20, 2), (11, 2),
                                                  (10, 3), (1, 3)])
def test_macrobattery_hits_one_plus_one_per_degree_up_to_strength(rolled: int,
                                                                  expected: int) -> None:
    # R7 (published): Ballistic Skill 30; degrees are full tens under the target
    assert rules.hits(30, rolled, cap=3, step=1) == expected


def test_strength_caps_the_hits_and_crippled_strength_halves_up() -> None:
    assert rules.hits(90, 1, cap=6, step=1) == 6
    b = Bout("ambition", "sword")
    broadside = b.part(0, lambda p: "Broadside" in p.name)
    assert sh.strength(b.p, b.s, 0, broadside) == 6
    b.ship(0)[sh.HULL] = 0
    assert sh.strength(b.p, b.s, 0, broadside) == 3  # seed: halved, rounding up
    tubes = b.part(0, lambda p: "Torpedo" in p.name)
    assert b.p.data[b.p.o_gun + tubes * sh.GUN_FIELDS + sh.G_STRENGTH] == 6


def test_lance_hits_one_plus_one_per_three_degrees() -> None:
    assert rules.hits(60, 35, cap=2, step=3) == 1  # 2 degrees
    assert rules.hits(60, 30, cap=2, step=3) == 2  # 3 degrees
    assert rules.hits(60, 1, cap=1, step=3) == 1


def test_turrets_hit_once_plus_one_per_two_degrees() -> None:
    # seed, Turrets: "hit once, plus one additional hit for every two degrees of success"
    assert [rules.hits(40, r, cap=10, step=2) for r in (40, 31, 30, 20, 1)] == [1, 1, 1, 2, 2]


def test_degrees_count_full_tens_for_success_and_failure_alike() -> None:
    # R14: one degree per full 10 points; 84 against 40 fails by 4 degrees, not 5
    assert [rules.degrees(40, r) for r in (41, 50, 51, 84, 40, 31, 30, 1)] == [
        0, 1, 1, 4, 0, 0, 1, 3]
    # a failure stands one below the barest success, then one lower per degree of failure
    assert [rules.standing(40, r) for r in (40, 41, 50, 84)] == [0, -1, -2, -5]


def test_detection_bonus_is_the_tens_digit() -> None:
    assert [rules.detection_bonus(d) for d in (4, 10, 15, 20, -5)] == [0, 1, 1, 2, 0]


def test_a_negative_detection_counts_its_tens_digit_against_it() -> None:
    # R16: the docstring said a negative Detection gives 0; -15 gave -1 all along
    detections = (-5, -9, -10, -15, -20, -25)
    assert [rules.detection_bonus(d) for d in detections] == [0, 0, -1, -1, -2, -2]
    bonuses = [rules.detection_bonus(d) for d in range(-40, 41)]
    assert bonuses == sorted(bonuses)  # a worse Detection never gives a better bonus


def test_armour_is_subtracted_once_from_the_summed_damage() -> None:
    # seed, Armour: three hits of 10 against Armour 20 do 10, not nothing
    assert rules.through_armour(30, 0, 20, 0) == 10
    assert rules.through_armour(15, 0, 20, 0) == 0
    assert rules.through_armour(15, 7, 20, 0) == 7  # lance damage is past the armour (R7)
    assert rules.through_armour(15, 7, 20, 4) == 11  # what torpedoes put past it, each alone


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
    assert rules.opposed(-1, -3) == (-1, 0)  # both fail: nobody wins
    assert rules.opposed(2, 2) == (-1, 0)


def test_crippled_ship_loses_manoeuvrability_detection_and_half_speed() -> None:
    b = Bout("hazeroth", "sword")

    def profile() -> tuple[int, int, int]:
        return (sh.manoeuvrability(b.p, b.s, 0), sh.detection(b.p, b.s, 0),
                sh.speed(b.p, b.s, 0))

    before = profile()
    assert before == (23, 12, 10)
    b.ship(0)[sh.HULL] = 0
    assert profile() == (13, 2, 5)
    b.ship(0)[sh.HULL] = 1  # regained one point: no longer Crippled
    assert profile() == before
    vagabond = Bout("vagabond", "sword")
    vagabond.ship(0)[sh.HULL] = 0
    assert sh.speed(vagabond.p, vagabond.s, 0) == 2  # 4 halved


def test_turns_by_hull_class() -> None:
    # seed: transports, raiders and frigates turn up to 90°, other ships 45°
    b = Bout("sword", "ambition")
    stat = b.p.data[b.p.o_stat:]
    assert (stat[sh.S_TURN], stat[sh.STAT_FIELDS + sh.S_TURN]) == (2, 1)
    full = sh.speed(b.p, b.s, 1)
    assert (full, g.half_up(full)) == (5, 3)  # Speed or half Speed, never standing still


def test_component_states_switch_effects_off() -> None:
    b = Bout("ambition", "sword")
    shields = b.part(0, lambda p: p.void_shields > 0)
    assert b.p.data[b.p.o_shields + shields] == 2 and sh.working(b.p, b.s, 0, shields)
    b.states(0)[shields] |= sh.UNPOWERED
    assert not sh.working(b.p, b.s, 0, shields)
    bridge = b.part(0, lambda p: p.kind == "bridge")
    assert sh.ballistic_skill(b.p, b.s, 0) == 60  # Veteran 50 + Ship Master's Bridge 10
    b.states(0)[bridge] |= sh.DEPRESSURISED
    assert sh.ballistic_skill(b.p, b.s, 0) == 50


def arc(x: float, y: float, facing: int = 0) -> int:
    return g.arc_bits(round(2 * x), 0, round(2 * y), 0, facing)


def test_arcs_and_movement() -> None:
    assert arc(5, 1) == g.FORE
    assert arc(1, 5) == g.PORT
    assert arc(1, -5) == g.STARBOARD
    assert arc(-5, 0.5) == g.AFT
    assert arc(0, 5, 2) == g.FORE  # facing 90° to port
    assert arc(3, 3) == g.FORE  # on the boundary: fore (R6)
    assert arc(-3, 3) == g.AFT
    assert arc(0, 0) == g.ALL_ARCS  # alongside (R22)
    # 6 VU along the diagonal is exactly 6 VU: in reach of a 6 VU gun, not of a 5 VU one
    dp, dq = g.dist4(0, 6, 0, 6)
    assert g.within(dp, dq, 6) and g.beyond(dp, dq, 6) and not g.within(dp, dq, 5)
    assert g.arc_bits(0, 3, 0, 3, 1) == g.FORE


def test_exact_signs() -> None:
    # p + q√2, decided in integers: 3 - 2√2 > 0 (0.17), 7 - 5√2 < 0 (-0.07), 99 - 70√2 > 0
    assert [g.sign2(3, -2), g.sign2(7, -5), g.sign2(99, -70), g.sign2(-99, 70)] == [1, -1, 1, -1]
    assert g.sign2(0, 0) == 0 and g.sign2(-1, 1) == 1 and g.sign2(2, -1) == 1


def test_dice_expressions() -> None:
    d = Dice.parse("2d10+4")
    assert (d.count, d.sides, d.bonus, d.mean, str(d)) == (2, 10, 4, 15.0, "2d10+4")
    assert Dice.parse("d5").mean == 3.0
