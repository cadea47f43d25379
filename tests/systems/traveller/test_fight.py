"""traveller fights: each step of the seed's turn sequence with scripted dice (the dice seam:
the rules module's `die` and `dice` replaced by a script that must be used up exactly), the
rulings TRV-R16.., exact odds, and whole duels."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from shipyard.api import Recorder, Terms
from shipyard.core.combat import Prepared, fight_once, series
from shipyard.core.yard import Yard
from shipyard.systems.traveller.combat import ENDS, SUPPORT
from shipyard.systems.traveller.combat import odds as o
from shipyard.systems.traveller.combat import rules as r
from shipyard.systems.traveller.models import WeaponEntry
from tests.cli import shipyard

EXAMPLES = Path(__file__).parents[3] / "catalogs" / "traveller" / "examples"
DRAGON = EXAMPLES / "dragon-sdb.yaml"
STRANDBELL = EXAMPLES / "strandbell-sdb.yaml"


def design(path: Path) -> Any:
    report = Yard().check(path)
    assert report.design is not None
    return report.design


@pytest.fixture(scope="module")
def prepared() -> Prepared:
    return SUPPORT.prepare(design(DRAGON), design(STRANDBELL), Terms())


@pytest.fixture
def p(prepared: Prepared) -> r.Params:
    params: r.Params = prepared.state
    return params


class Script:
    """Dice faces in the order the rules roll them."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = list(faces)

    def die(self, rng: list[int], sides: int) -> int:
        assert self.faces, "the rules rolled more dice than the script gives"
        face = self.faces.pop(0)
        assert 1 <= face <= sides
        return face

    def dice(self, rng: list[int], count: int, sides: int) -> int:
        return sum(self.die(rng, sides) for _ in range(count))


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Script]]:
    made: list[Script] = []

    def use(*faces: int) -> Script:
        s = Script(faces)
        monkeypatch.setattr(r, "die", s.die)
        monkeypatch.setattr(r, "dice", s.dice)
        made.append(s)
        return s

    yield use
    for s in made:
        assert s.faces == [], f"dice left unrolled: {s.faces}"


def at(p: r.Params, side: int, field: int) -> int:
    return side * p.block + field


def codes(rec: Recorder) -> list[int]:
    return [e[0] for e in rec.events or []]


RNG: list[int] = [0] * 5


# --- setting up: positions, range, finding the enemy ------------------------------------


def test_the_designs_become_the_seeds_positions_and_weapons(p: r.Params,
                                                           prepared: Prepared) -> None:
    # TRV-R16 positions, TRV-R28 battery DM
    assert [r.sv(p, side, r.SD_HULL) for side in (0, 1)] == [176, 88]
    assert [r.sv(p, side, r.SD_ARMOUR) for side in (0, 1)] == [13, 13]
    assert [r.sv(p, side, r.SD_THRUST) for side in (0, 1)] == [7, 9]
    assert prepared.told.weapons[0] == ("Particle Barbette", "PD Laser Battery II")
    assert prepared.told.weapons[1] == ("Beam Laser ×3",)
    assert [r.wv(p, 0, r.W_COPIES, w) for w in (0, 1)] == [2, 1]
    assert r.wv(p, 0, r.W_MULTIPLE, 0) == 3
    assert [r.wv(p, 0, r.W_KIND, w) for w in (0, 1)] == [r.DIRECT, r.BATTERY]
    assert r.wv(p, 0, r.W_PD_DM, 1) == 4  # TRV-R28
    assert r.wv(p, 1, r.W_PER_DIE, 0) == 2 and r.wv(p, 1, r.W_DM, 0) == 4
    assert r.wv(p, 1, r.W_LASER, 0) == 1
    assert [r.sv(p, side, r.SD_SALVO) for side in (0, 1)] == [12, 3]  # every mount at once
    assert [r.sv(p, side, r.SD_TL) for side in (0, 1)] == [13, 15]
    assert [r.sv(p, side, r.SD_ECM_DM) for side in (0, 1)] == [4, 4]
    assert [r.sv(p, side, r.SD_SHIELDED) for side in (0, 1)] == [1, 0]


def test_the_starting_range(p: r.Params, script: Callable[..., Script]) -> None:
    assert r.start_band(p._replace(start=r.START_RANDOM), RNG) == r.VERY_LONG
    script(2)
    assert r.start_band(p._replace(start=r.START_PLANET), RNG) == r.MEDIUM
    script(3)
    assert r.start_band(p._replace(start=r.START_PLANET), RNG) == r.LONG
    assert r.start_band(p._replace(start=r.SHORT), RNG) == r.SHORT


def test_a_side_that_finds_the_other_alone_gets_the_free_round(
        p: r.Params, script: Callable[..., Script]) -> None:
    script(3, 3, 1, 1)  # A: 6 + 2 sensors + 1 DM = 9 finds; B: 2 + 3 = 5 does not
    assert r.find(p, RNG, None) == 0
    script(3, 3, 4, 3)  # both find (B: 7 + 3 - 2 for the Dragon's stealth): no free round
    assert r.find(p, RNG, None) == -1


def test_stealth_is_a_dm_to_the_enemys_scan_and_the_suite_jams_trv_r29(
        p: r.Params, script: Callable[..., Script]) -> None:
    # the Dragon's Improved Stealth: -2 to the Strandbell's scan (csv: DM to detect)
    assert [r.sv(p, side, r.SD_STEALTH) for side in (0, 1)] == [-2, 0]
    script(3, 3)  # 6 + 2 + 1 - 2 = 7 vs 8+: not found (9 without the stealth)
    assert r.scan(p, RNG, None, 1, 1) == 0


def test_both_failing_both_scan_again_trv_r17(p: r.Params,
                                              script: Callable[..., Script]) -> None:
    script(1, 1, 1, 1, 1, 1, 4, 4)  # both fail, then only B finds
    rec = Recorder()
    assert r.find(p, RNG, rec) == 1
    assert [e[2] for e in rec.events or []] == [1, 1, 2, 2]  # the attempt numbers
    script(*([1] * 40))
    assert r.find(p, RNG, None) == 2  # ten tries each: lost contact


# --- initiative ---------------------------------------------------------------------------


def test_reactions_by_initiative() -> None:
    # TRV-R21
    assert [r.reactions_for(i) for i in (-3, 0, 4, 5, 8, 9, 12, 13, 30)] == \
        [1, 1, 1, 2, 2, 3, 3, 4, 4]


def test_initiative_is_2d_pilot_tactics_effect_thrust(p: r.Params,
                                                      script: Callable[..., Script]) -> None:
    st = r.new_state(p)
    # TRV-R21: the Pilot's skill alone (1 by default), not the pilot's DM (skill + DEX, 2)
    script(4, 4, 3, 3)  # Tactics 8 + 1 -> Effect +1; initiative 2D 6
    assert r.initiative(p, st, RNG, None, 0) == 6 + 1 + 1 + 7
    assert st[at(p, 0, r.REACT)] == 4 and st[at(p, 0, r.THRUST)] == 7
    st[at(p, 0, r.INSPIRE)] = 3  # last turn's Inspire Effect chains in
    st[at(p, 0, r.BURN_NEXT)] = 2  # two reactions bought last turn: -4
    script(1, 1, 3, 3)  # Tactics 2 + 1 -> Effect -5, good or bad
    assert r.initiative(p, st, RNG, None, 0) == 6 + 1 - 5 + 7 + 3 - 4
    assert st[at(p, 0, r.REACT)] == 2  # initiative 8
    crew = SUPPORT.prepare(design(DRAGON), design(STRANDBELL),
                           Terms(crew=({"pilot": 5, "pilot_skill": 3}, {}))).state
    st = r.new_state(crew)
    script(4, 4, 3, 3)
    assert r.initiative(crew, st, RNG, None, 0) == 6 + 3 + 1 + 7


# --- manoeuvre step -------------------------------------------------------------------


def test_overcharge_effect_is_thrust_and_minus_4_or_6_hits_the_m_drive(
        p: r.Params, script: Callable[..., Script]) -> None:
    st = r.new_state(p)
    st[at(p, 0, r.THRUST)] = 7
    script(1, 1, 2, 2)  # Engineer 2 + 2 = 4: Effect -4; then Pilot 4 + 2 = 6 vs 6+
    assert r.manoeuvre(p, st, RNG, None, 0, r.LONG, 0, r.SHORT) == 2  # 3 thrust, 1 kept
    assert st[at(p, 0, r.MHITS)] == 1 and st[at(p, 0, r.THRUST)] == 1
    data = list(p.data)
    data[p.skill_at + r.ENGINEER] = 0
    q = p._replace(overcharge_from=0, data=data)
    st = r.new_state(p)
    st[at(p, 0, r.THRUST)] = 7
    script(1, 1)  # Engineer 2 + 0: Effect -6: two hits, thrust 1, nothing to spare
    assert r.manoeuvre(q, st, RNG, None, 0, r.LONG, 0, r.SHORT) == 0
    assert st[at(p, 0, r.MHITS)] == 2
    st = r.new_state(p)
    st[at(p, 0, r.THRUST)] = 7
    script(6, 6, 1, 1)  # Effect +6: thrust 13 (at most double 7 = 14); Pilot fails
    assert r.manoeuvre(p, st, RNG, None, 0, r.LONG, 0, r.SHORT) == 0
    assert st[at(p, 0, r.THRUST)] == 13 and st[at(p, 0, r.MHITS)] == 0


def test_manoeuvre_is_routine_and_the_range_adds_thrust_toward_and_away_trv_r18(
        p: r.Params, script: Callable[..., Script]) -> None:
    assert [r.tv(p, r.T_COST, band) for band in range(7)] == [1, 1, 2, 5, 10, 25, 50]
    assert r.move_range(p, r.LONG, 0, 10) == (r.MEDIUM, 0)  # Long's 10 crosses inward
    assert r.move_range(p, r.LONG, 0, 9) == (r.LONG, 9)  # banked
    assert r.move_range(p, r.MEDIUM, 0, -10) == (r.LONG, 0)  # and outward: the same 10
    assert r.move_range(p, r.LONG, 9, 5 - 3) == (r.MEDIUM, 1)  # toward 5, away 3: net 2
    assert r.move_range(p, r.CLOSE, 0, 3) == (r.ADJACENT, 0)
    st = r.new_state(p)
    st[at(p, 1, r.THRUST)] = 9
    script(4, 4, 2, 1)  # overcharge Effect +2: 11; then 3 + 2 = 5 vs Routine 6+: no thrust
    assert r.manoeuvre(p, st, RNG, None, 1, r.LONG, 0, r.CLOSE) == 0
    assert st[at(p, 1, r.THRUST)] == 11  # all kept for line-ups and dodges


def test_the_later_mover_counts_the_thrust_already_applied(p: r.Params) -> None:
    # TRV-R25 the default pilot
    # the manoeuvre step goes in reverse initiative order: the second ship sees the first's
    assert r.steer(p, r.LONG, 0, r.MEDIUM, 9) == 9
    assert r.steer(p, r.LONG, 7, r.MEDIUM, 9) == 3
    assert r.steer(p, r.MEDIUM, 5, r.MEDIUM, 9) == -1  # hold Medium against a push
    assert r.steer(p, r.MEDIUM, 0, r.LONG, 9) == -9


def test_boarding_is_opposed_pilot_at_adjacent_and_ends_the_duel_trv_r22(
        p: r.Params, script: Callable[..., Script]) -> None:
    st = r.new_state(p)
    st[at(p, 0, r.THRUST)] = 1
    assert r.board(p, st, RNG, None, 0) == 0  # the enemy still has more than half its Hull
    st[at(p, 1, r.HULL)] = 44
    script(4, 3, 3, 3)  # 7 + 2 against 6 + 2
    assert r.board(p, st, RNG, None, 0) == 1 and st[at(p, 0, r.THRUST)] == 0
    assert ENDS[r.A_BOARDS] == (0, "surrendered")
    st[at(p, 0, r.THRUST)] = 1
    script(3, 3, 3, 3)  # a tie beats the boarders off
    assert r.board(p, st, RNG, None, 0) == 0


def test_line_up_costs_a_thrust_and_chains_its_effect(p: r.Params,
                                                      script: Callable[..., Script]) -> None:
    # TRV-R23, TRV-R20
    st = r.new_state(p)
    st[at(p, 0, r.THRUST)] = 2
    script(5, 5)  # 10 + 2 - 8: Effect +4
    r.line_up(p, st, RNG, None, 0, r.SHORT)
    assert st[at(p, 0, r.CHAIN)] == 4 and st[at(p, 0, r.THRUST)] == 1
    r.line_up(p, st, RNG, None, 0, r.SHORT)  # one thrust left: kept for a dodge
    assert st[at(p, 0, r.CHAIN)] == 4


# --- attack step ----------------------------------------------------------------------


def test_direct_fire_damage_criticals_and_radiation(p: r.Params,
                                                    script: Callable[..., Script]) -> None:
    # TRV-R19 damage, TRV-R24 criticals, TRV-R27 Radiation
    st = r.new_state(p)
    rec = Recorder()
    # 2D 8 + 2 gunnery + 1 Short = 11: Effect 3; 4D 24 + 3 - 13 armour = 14, x3 = 42
    # 42 of 88 is four tenths: four criticals of severity 1 (Core 2022 p.169), at 2, 5, 6, 8
    script(4, 4, 6, 6, 6, 6, 1, 1, 2, 3, 3, 3, 4, 4)
    r.fire(p, st, RNG, rec, 0, 0, 0, r.SHORT, 0)
    assert st[at(p, 1, r.HULL)] == 46 and st[at(p, 0, r.DEALT)] == 42
    levels = st[at(p, 1, r.CRIT):at(p, 1, r.CRIT) + 11]
    assert levels == [1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0]  # ... and Radiation: Crew 1
    assert r.EV_RADIATION in codes(rec)
    assert r.armour_now(p, st, 1) == 12 and r.thrust_now(p, st, 1) == 8
    assert r.level(p, st, 1, r.EF_ATTACK) == 1


def test_armour_stops_a_weak_hit_and_no_damage_no_critical(
        p: r.Params, script: Callable[..., Script]) -> None:
    # TRV-R29 no screens, no comms: not simulated
    st = r.new_state(p)
    st[at(p, 0, r.REACT)] = 0
    # Strandbell's triple beam laser: 2D 12 + 2 + 4 Medium 0 = 18, Effect 10; 1D 1 + 2
    # (triple: +1 a die per extra weapon) + 10 - 13 = 0: no damage; the Dragon has no thrust
    # to dodge and no sand
    script(6, 6, 1)
    r.fire(p, st, RNG, None, 1, 0, 0, r.MEDIUM, 0)
    assert st[at(p, 0, r.HULL)] == 176 and sum(st[at(p, 0, r.CRIT):at(p, 0, r.CRIT) + 11]) == 0


def test_effect_6_with_damage_is_a_critical(p: r.Params, script: Callable[..., Script]) -> None:
    st = r.new_state(p)
    script(1, 1)  # 5 damage of 88 loses no tenth; Effect 6 makes one critical, severity 1
    r.hurt(p, st, RNG, None, 0, 5, 6, 0)
    assert st[at(p, 1, r.CRIT) + 0] == 1


def test_hull_lost_is_severity_1_a_tenth_and_effect_6_damage_over_10_trv_r24(
        p: r.Params, script: Callable[..., Script]) -> None:
    # Core Rulebook 2022 p.169: a Severity 1 critical for each 10% of starting Hull lost; only
    # the Effect 6+ critical takes its severity from the damage (÷ 10, rounded up). A referee's
    # Strandbell salvo: 57 damage with Effect +5 on the Dragon (176) is three tenths: three
    # criticals of severity 1 (at 2, 5 and 6), never three of severity 6
    st = r.new_state(p)
    rec = Recorder()
    script(1, 1, 2, 3, 3, 3)
    r.hurt(p, st, RNG, rec, 1, 57, 5, 0)
    crits = [e for e in rec.events or [] if e[0] == r.EV_CRIT]
    assert [e[4] for e in crits] == [1, 1, 1]
    assert st[at(p, 0, r.CRIT):at(p, 0, r.CRIT) + 5] == [1, 0, 0, 1, 1]
    # the same hit with Effect +6: first the Effect's critical, severity 57 / 10 up = 6 (at 8),
    # then the three tenths at severity 1
    st = r.new_state(p)
    rec = Recorder()
    script(4, 4, 1, 1, 2, 3, 3, 3)
    r.hurt(p, st, RNG, rec, 1, 57, 6, 0)
    assert [e[4] for e in rec.events or [] if e[0] == r.EV_CRIT] == [6, 1, 1, 1]
    assert r.thrust_now(p, st, 0) == 1


def test_tenths_a_hull_criticals_own_damage_crosses_count_at_once_trv_r24(
        p: r.Params, script: Callable[..., Script]) -> None:
    # 8 damage of 88 loses no tenth; Effect 6: severity 1 at 7 (Hull), 1D 6 more: Hull 74, one
    # tenth lost by the critical's own damage, so its severity-1 critical (at 2) comes at once
    st = r.new_state(p)
    script(3, 4, 6, 1, 1)
    r.hurt(p, st, RNG, None, 0, 8, 6, 0)
    assert st[at(p, 1, r.HULL)] == 74 and st[at(p, 1, r.LOST)] == 1
    assert st[at(p, 1, r.CRIT)] == 1 and st[at(p, 1, r.CRIT) + 5] == 1
    assert st[at(p, 0, r.DEALT)] == 14


def test_dodge_is_pilot_10_for_a_thrust_and_a_reaction(p: r.Params,
                                                       script: Callable[..., Script]) -> None:
    # TRV-R20 one thrust budget, TRV-R21 reactions after the roll
    st = r.new_state(p)
    st[at(p, 1, r.THRUST)] = 1
    st[at(p, 1, r.REACT)] = 1
    script(5, 5)  # 10 + 2: Effect 2
    assert r.dodge(p, st, RNG, None, 1, 0) == 2
    assert st[at(p, 1, r.THRUST)] == 0 and st[at(p, 1, r.REACT)] == 0
    assert r.dodge(p, st, RNG, None, 1, 1) == 0  # no thrust left: no dodge, no dice


def test_burning_initiative_buys_reactions_for_minus_2_each(p: r.Params) -> None:
    # TRV-R25 burn_max
    st = r.new_state(p)
    assert r.spend_reaction(p, st, None, 0, 0) == 0  # none left, and not worth a burn
    assert r.spend_reaction(p, st, None, 0, 1) == 2
    assert r.spend_reaction(p, st, None, 0, 1) == 2
    assert r.spend_reaction(p, st, None, 0, 1) == 0  # burn_max 2 (TRV-R25)
    assert r.end_turn(p, st, RNG, None) == -1
    assert st[at(p, 0, r.BURN_NEXT)] == 2


def test_sand_takes_1d_off_a_laser(p: r.Params, script: Callable[..., Script]) -> None:
    # TRV-R27 sand against lasers
    st = r.new_state(p)
    st[at(p, 0, r.SANDS)] = 1
    st[at(p, 0, r.REACT)] = 1
    script(4, 4, 5)  # 8 + 2 vs 8+: 1D 5 off
    assert r.sand(p, st, RNG, None, 0, 0) == 5 and st[at(p, 0, r.SANDS)] == 0


def test_out_of_range_gunners_aim_and_the_sensor_operator_jams(
        p: r.Params, script: Callable[..., Script]) -> None:
    # TRV-R23 aim
    st = r.new_state(p)
    rec = Recorder()
    # jam: 11 + 3 + 4 (the countermeasures suite, TRV-R29) = 18, Effect 10; launch 6 + 2
    script(6, 5, 3, 3)
    r.set_bands(p, st, r.DISTANT)
    assert r.attack_step(p, st, RNG, rec, 0) == 0
    assert st[at(p, 0, r.AIM)] == 2  # the barbette reaches Very Long only
    assert st[at(p, 1, r.JAM_NEXT)] == 10
    slot = at(p, 0, r.AIM) + p.maxw
    assert st[slot:slot + 2] == [12, 10]  # 12 missiles, 10 rounds from Distant
    assert codes(rec) == [r.EV_JAM, r.EV_AIM, r.EV_LAUNCH]


def test_no_launch_at_close_and_salvos_fly_their_rounds(p: r.Params,
                                                        script: Callable[..., Script]) -> None:
    st = r.new_state(p)
    assert r.free_slot(p, st, 1, r.CLOSE) == -1 and r.free_slot(p, st, 1, r.LONG) == 0
    script(3, 3)
    r.launch(p, st, RNG, None, 1, 0, r.LONG)  # 2 rounds
    slot = at(p, 1, r.AIM) + p.maxw
    assert st[slot:slot + 2] == [3, 2]
    r.missiles(p, st, RNG, None, 1)
    assert st[slot:slot + 2] == [3, 1]


# --- missiles -------------------------------------------------------------------------


def test_a_salvo_hits_on_2d_plus_missiles_and_tl_times_effect_less_armour_once(
        p: r.Params, script: Callable[..., Script]) -> None:
    # TRV-R19 armour once, TRV-R27 Smart is the TL DM
    st = r.new_state(p)
    st[at(p, 0, r.BURNED)] = 2  # no reaction left to the Dragon
    # 3 missiles: 2D 6 + 2 more missiles + TL 15 - 13 = 2 -> Effect 2; 4D 20 x 2 - 13 = 27;
    # 27 of 176 is one tenth: a critical of severity 1, at 2 (sensors)
    script(3, 3, 5, 5, 5, 5, 1, 1)
    r.salvo_hits(p, st, RNG, None, 1, 3)
    assert st[at(p, 0, r.HULL)] == 149 and st[at(p, 0, r.CRIT)] == 1


def test_ecm_and_point_defence_take_missiles_off_by_their_effect(
        p: r.Params, script: Callable[..., Script]) -> None:
    st = r.new_state(p)
    st[at(p, 0, r.REACT)] = 4
    rec = Recorder()
    # the Dragon against 12 of the Strandbell's missiles: ECM 10 + 2 + 1 + 4 suite = 17 vs
    # 10+: 7 removed; its PD battery (+4, TRV-R28): 6 + 2 + 4 = 12 vs 8+: 4 destroyed; the last:
    # 2D 4 + 0 + TL DM 2 = 6: a miss
    script(5, 5, 3, 3, 2, 2)
    r.salvo_hits(p, st, RNG, rec, 1, 12)
    events = rec.events or []
    assert [e[0] for e in events] == [r.EV_ECM, r.EV_PD, r.EV_SALVO]
    assert events[0][5:7] == (7, 5) and events[1][6:8] == (4, 1)
    assert events[2][2] == 1 and events[2][5] == 2 and events[2][7] == -2
    assert st[at(p, 0, r.HULL)] == 176 and st[at(p, 0, r.REACT)] == 2


def test_lasers_without_the_point_defense_trait_never_defend_trv_r28(
        p: r.Params, script: Callable[..., Script]) -> None:
    # the seed: "Only weapons with the Point Defense trait may be used"; the Strandbell's beam
    # lasers have no such trait, so its only answer to a salvo is ECM
    st = r.new_state(p)
    st[at(p, 1, r.REACT)] = 4
    rec = Recorder()
    script(1, 1, 1, 1)  # ECM 2 + 7 = 9 vs 10+: none removed; 2D 2 + TL DM 1 = 3: a miss
    r.salvo_hits(p, st, RNG, rec, 0, 1)
    assert [e[0] for e in rec.events or []] == [r.EV_ECM, r.EV_SALVO]
    assert r.wv(p, 1, r.W_PD, 0) == 0 and r.wv(p, 0, r.W_PD, 1) == 1


# --- repair and the end ---------------------------------------------------------------


def test_repair_mends_the_worst_damage_one_level(p: r.Params,
                                                 script: Callable[..., Script]) -> None:
    # TRV-R24 repair
    st = r.new_state(p)
    r.set_level(p, st, 0, 4, 3)  # armour level 3
    st[at(p, 1, r.HULL)] = 1
    script(3, 3, 6, 6, 6, 6)  # jam, repair 12 + 2, the barbettes aim (no dice), launch
    r.set_bands(p, st, r.DISTANT)
    r.attack_step(p, st, RNG, None, 0)
    assert st[at(p, 0, r.CRIT) + 4] == 2 and r.armour_now(p, st, 0) == 11


def test_overcharge_and_inspire_judge_the_dm_they_would_roll_with_trv_r25(
        p: r.Params, script: Callable[..., Script]) -> None:
    # Engineer +2 with Crew level 4 (-2) rolls at DM 0, below the +1 threshold: no overcharge;
    # Leadership +1 is below inspire's +2 (a Leadership +2 crew at Crew level 2 would be too)
    st = r.new_state(p)
    st[at(p, 0, r.THRUST)] = 7
    r.set_level(p, st, 0, p.crew_loc, 4)
    rec = Recorder()
    script(2, 2)  # only the manoeuvre: Pilot 4 + 2 - 2 = 4 vs 6+, a failure
    r.manoeuvre(p, st, RNG, rec, 0, r.LONG, 0, r.SHORT)
    assert codes(rec) == [r.EV_MANOEUVRE]
    data = list(p.data)
    data[p.skill_at + r.LEADERSHIP] = 2
    q = p._replace(data=data)
    st = r.new_state(p)
    r.set_level(q, st, 0, q.crew_loc, 2)
    st[at(q, 1, r.HULL)] = 1
    rec = Recorder()
    script(3, 3, 6, 6, 6, 6)  # jam, then the repair of the crew, then the launch
    r.set_bands(q, st, r.DISTANT)
    r.attack_step(q, st, RNG, rec, 0)
    assert r.EV_INSPIRE not in codes(rec)


def test_repair_mends_what_costs_most_this_turn_trv_r25(p: r.Params,
                                                       script: Callable[..., Script]) -> None:
    # the Dragon at Short (its barbettes reach) wanting Short: Weapons level 1 before the
    # M-drive's two overcharge hits and Armour level 3
    st = r.new_state(p)
    st[at(p, 0, r.MHITS)] = 2
    st[at(p, 0, r.WANTED)] = r.SHORT
    r.set_level(p, st, 0, 3, 1)
    r.set_level(p, st, 0, 4, 3)
    assert r.repair_target(p, st, 0, r.SHORT) == 3
    # at Distant, wanting Short, nothing reaches but a salvo: still attacks first
    assert r.repair_target(p, st, 0, r.DISTANT) == 3
    # no missiles left: thrust, the overcharge's hits, before the higher Armour
    st[at(p, 0, r.STOCK)] = 0
    assert r.repair_target(p, st, 0, r.DISTANT) == -1
    # on the wanted band with no shot: the highest level, Armour
    st[at(p, 0, r.WANTED)] = r.DISTANT
    assert r.repair_target(p, st, 0, r.DISTANT) == 4
    st = r.new_state(p)
    assert r.repair_target(p, st, 0, r.SHORT) == -2


def test_dd_damage_dice_trv_r26() -> None:
    entry = WeaponEntry.model_validate({"id": "nuke", "name": "Nuclear Missile", "tl": 6,
                                        "range": "Special", "dice": "2DD", "source": "test"})
    assert entry.dice is not None and entry.dice.count == 2 and entry.destructive
    plain = WeaponEntry.model_validate({"id": "l", "name": "L", "tl": 9, "range": "Long",
                                        "dice": "2D", "source": "test"})
    assert not plain.destructive
    # 1DD against armour 5: each d6 x10; Effect 0 on 8
    points = dict(o.attack(0, 1, 10, 0, 5, 1))
    assert points[5] == Fraction(5, 36) * Fraction(1, 6)  # 10 + 0 - 5


# --- odds ---------------------------------------------------------------------------------


def test_exact_odds_of_one_attack_and_a_salvo() -> None:
    points = dict(o.attack(0, 1, 1, 0, 0, 1))
    assert sum(points.values()) == 1
    assert points[0] == Fraction(21, 36)  # a miss; every hit does at least 1
    assert points[1] == Fraction(5, 36) * Fraction(1, 6)  # 2D 8 (Effect 0) and a 1
    salvo = dict(o.salvo(1, 1, 1, 1, 0))
    assert salvo[0] == Fraction(15, 36)  # 2D + 0 + 1 vs 8: 7 or more hits
    assert salvo[6] == Fraction(6, 36) * Fraction(1, 6) + Fraction(5, 36) * Fraction(1, 6) \
        + Fraction(4, 36) * Fraction(1, 6) + Fraction(3, 36) * Fraction(1, 6)
    assert sum(salvo.values()) == 1


def test_odds_command(tmp_path: Path) -> None:
    run = shipyard("odds", DRAGON, STRANDBELL)
    assert run.code == 0, run.err
    assert "Particle Barbette at Short (2D +3 vs 8+)" in run.out
    assert "a salvo of 12 missiles" in run.out
    assert "Effect of Particle Barbette at Short" in run.out


# --- whole duels ------------------------------------------------------------------------


def test_dragon_against_strandbell_narrated(prepared: Prepared) -> None:
    told = fight_once(SUPPORT, prepared, 1)
    text = "\n".join(e.text for e in told.events)
    assert told.outcome.reason in ("destroyed", "surrendered", "cap", "harmless")
    assert "initiative" in text and "Particle Barbette" in text
    again = fight_once(SUPPORT, prepared, 1)
    assert again.events == told.events


def armed() -> list[Path]:
    yard = Yard()
    out = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        built = yard.check(path).design
        if built is not None and any(ln.weapons for ln in built.built.lines):
            out.append(path)
    return out


@pytest.mark.parametrize("path", armed(), ids=lambda p: p.stem)
def test_every_armed_golden_ship_fights_a_seeded_duel(path: Path) -> None:
    a = design(path)
    b = design(STRANDBELL if path != STRANDBELL else DRAGON)
    prepared = SUPPORT.prepare(a, b, Terms())
    told = fight_once(SUPPORT, prepared, 7)
    assert 1 <= told.rounds <= prepared.cap and told.events
    assert told.outcome.reason in ("destroyed", "surrendered", "cap", "harmless",
                                   "lost-contact", "escaped")  # escaped: TRV-R50


def test_a_users_captain_steers(tmp_path: Path) -> None:
    pilot = tmp_path / "far.py"
    pilot.write_text("class Captain:\n"
                     "    def band(self, turn, band, mine, theirs, default):\n"
                     "        return 'distant'\n")
    prepared = SUPPORT.prepare(design(DRAGON), design(STRANDBELL),
                               Terms(pilots=(f"{pilot}:Captain", None)))
    assert not prepared.batchable
    told = fight_once(SUPPORT, prepared, 3)
    assert any("Dragon System Defense Boat steers for Distant" in e.text for e in told.events)
    assert series(SUPPORT, prepared, 5, seed=1).engine == "uncompiled"


def test_the_cli_duel_and_its_options() -> None:
    run = shipyard("duel", DRAGON, STRANDBELL, "--seed", "5", "--geometry", "random")
    assert run.code == 0, run.err
    assert "Very Long" in run.out
    bad = shipyard("duel", DRAGON, STRANDBELL, "--crew-a", "pilot=40")
    assert bad.code == 2 and "pilot=40" in bad.err


def test_every_fight_ruling_is_written_down_carded_and_tested() -> None:
    root = Path(__file__).parents[3]
    rulings = (root / "catalogs" / "traveller" / "RULINGS.md").read_text(encoding="utf-8")
    from shipyard.systems.traveller import cards as deck

    # a table's own rows, and the rulings a whole table states on its cards' rulings line
    cards = "\n".join([*(str(t) for t in deck.combat_tables(design(DRAGON).catalog)),
                        str(deck.TABLE_RULINGS)])
    code = (root / "shipyard" / "systems" / "traveller" / "combat" / "rules.py").read_text()
    for number in range(16, 36):
        tag = f"TRV-R{number}"
        assert f"**{tag} " in rulings, tag
        if number not in (16, 29):
            assert tag in cards or tag in code, tag


def test_golden_log_dragon_against_strandbell_seed_1() -> None:
    """Read as a referee: initiative with Tactics, M-drive and crew criticals
    lowering thrust and DMs, ECM before point defence, salvos resolved in initiative order,
    armour taken once off a salvo (TRV-R19), levels rising by one at a location hit again."""
    golden = Path(__file__).parent / "golden" / "dragon-strandbell-seed-1.txt"
    run = shipyard("duel", DRAGON, STRANDBELL, "--seed", "1")
    assert run.code == 0 and run.out == golden.read_text(encoding="utf-8")


def test_aim_is_an_odds_key_only() -> None:
    run = shipyard("duel", DRAGON, STRANDBELL, "--crew-b", "aim=2")
    assert run.code == 2 and "aim is for odds" in run.err
    assert shipyard("odds", DRAGON, STRANDBELL, "--crew", "aim=2").code == 0


def test_a_failed_launch_spends_the_salvo_trv_r31(p: r.Params,
                                                 script: Callable[..., Script]) -> None:
    st = r.new_state(p)
    r.set_level(p, st, 1, 3, 6)  # Weapons level 6: Gunnery 2 - 6 = -4
    rec = Recorder()
    script(1, 1)  # 2D 2 - 4 = -2 vs 2+: fails
    r.launch(p, st, RNG, rec, 1, 0, r.SHORT)
    assert st[at(p, 1, r.STOCK)] == r.new_state(p)[at(p, 1, r.STOCK)] - 3
    slot = at(p, 1, r.AIM) + p.maxw
    assert st[slot:slot + 2] == [0, 0] and (rec.events or [])[0][5] == 0


def test_sand_comes_off_before_armour_and_the_multiple_trv_r32(
        p: r.Params, script: Callable[..., Script]) -> None:
    # the Strandbell's triple beam laser made a ×3 mount: 2D 12 + 2 + 4 = 18, Effect 10; the
    # Dragon (no thrust to dodge) sands it: 12 + 2 vs 8+, -3; 1D 6 + 2 + 10 - 3 - 13 = 2, ×3 = 6
    # (sand after multiplying would leave 12); Effect 10: a critical, 2D 2, sensors
    data = list(p.data)
    data[p.w_at + (1 * r.NWF + r.W_MULTIPLE) * p.maxw + 0] = 3
    q = p._replace(data=data)
    st = r.new_state(q)
    st[at(q, 0, r.SANDS)] = 5
    st[at(q, 0, r.REACT)] = 1
    script(6, 6, 6, 6, 3, 6, 1, 1)
    r.fire(q, st, RNG, None, 1, 0, 0, r.MEDIUM, 0)
    assert st[at(q, 0, r.HULL)] == 176 - 6 and st[at(q, 0, r.SANDS)] == 4


def test_no_weapon_both_attacks_and_point_defends_trv_r33() -> None:
    for path in sorted(EXAMPLES.glob("*.yaml")):
        d = design(path)
        q: r.Params = SUPPORT.prepare(d, d, Terms()).state
        for w in range(r.sv(q, 0, r.SD_NW)):
            assert not (r.wv(q, 0, r.W_PD, w) and r.wv(q, 0, r.W_KIND, w) == r.DIRECT), path


def test_a_one_round_flight_lands_in_the_launching_turn_trv_r34(
        p: r.Params, script: Callable[..., Script]) -> None:
    st = r.new_state(p)
    rec = Recorder()
    script(3, 3)
    r.launch(p, st, RNG, rec, 1, 0, r.SHORT)
    st[at(p, 0, r.BURNED)] = 2  # the Dragon has no reaction left
    st[at(p, 0, r.THRUST)] = 0
    script(1, 1)  # 2D 2 + 2 more missiles + TL DM 2 = 6: a miss, but it arrived this turn
    assert r.end_turn(p, st, RNG, rec) == -1
    assert [e[0] for e in rec.events or []] == [r.EV_LAUNCH, r.EV_ARRIVE, r.EV_SALVO]
