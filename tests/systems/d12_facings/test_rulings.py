"""Every ruling of catalogs/d12-facings/RULINGS.md, one test (or a few) each, with scripted dice."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from shipyard.core.system import Verdict
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.captain import State
from shipyard.systems.d12_facings.combat.odds import damage_counts
from shipyard.systems.d12_facings.combat.rules import (
    CORE,
    FORE,
    LONG,
    MEDIUM,
    SHORT,
    TAILING,
    shot_outcome,
)
from shipyard.systems.d12_facings.combat.setup import Setup, Ship, table
from shipyard.systems.d12_facings.profile import derive
from shipyard.systems.d12_facings.rules import check, fit, price
from tests.conftest import ROOT
from tests.systems.d12_facings.helpers import DEFAULT, Table, catalog, design, fight_setup

RULINGS = (ROOT / "catalogs" / "d12-facings" / "RULINGS.md").read_text(encoding="utf-8")
CARDS = ROOT / "templates" / "d12-facings" / "cards"


class Scripted:
    """A captain whose range wish is fixed; guns and defence as the default captain, asked
    through the rules' `ask` as a user's own captain is."""

    def __init__(self, want: int) -> None:
        self.want = want
        self.picks: list[tuple[list[int], int, bool]] = []

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int:
        return self.want

    def plan(self, setup: Setup, state: State, side: int, rng: int, tailer: int
             ) -> list[tuple[int, int]]:
        return DEFAULT.plan(setup, state, side, rng, tailer)

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        self.picks.append((list(candidates), damage, attacker))
        return DEFAULT.pick(setup, state, target, candidates, damage, attacker)


def tiny(name: str = "T", damage: int = 10, core_hp: int = 1, **changes: Any) -> Ship:
    """A ship of two systems: a fore gun (hp 2) and a one-seat bridge in the core."""
    ship = Ship(name=name, labels=("gun", "bridge"), facing=(FORE, CORE),
                kind=(r.WEAPON, r.STATION), resilient=(False, True), turret=(False, False),
                hp=(2, core_hp), damage=(damage, 0), sustain=(1, 0), to_hit=(0, 0),
                figure=(0, 1), value=(6, 3),
                defence=0, piloting=5, gunnery_bonus=0, gunners=(6,), shields_max=0, armour=0,
                after=0, chooses=False)
    return ship._replace(**changes)


def tiny_table(a: Ship, b: Ship, start: int = SHORT, captains: Any = (None, None),
               cap: int = 40) -> Table:
    return Table(table((a, b), start=start, cap=cap), captains)


def hit_chance(total: int, need: int, inclusive: bool) -> Fraction:
    return Fraction(sum(c for d, c in damage_counts(total, need, 1, 0, inclusive) if d), 144)


def test_every_ruling_is_on_a_card_and_tested() -> None:
    numbers = re.findall(r"\*\*([RC]\d+) ", RULINGS)
    assert len(numbers) == len(set(numbers)) >= 29
    cards = " ".join(p.read_text(encoding="utf-8") for p in CARDS.glob("*.html"))
    tests = set(re.findall(r"def test_([rc]\d+)_", (ROOT / __file__).read_text()))
    for number in numbers:
        assert re.search(rf"\b{number}\b", cards), f"{number} is on no card"
        assert number.lower() in tests, f"{number} has no test here"


# --- combat ---------------------------------------------------------------------------------


def test_r1_the_total_decides_the_second_die_and_the_result_is_compared(dice: Any) -> None:
    assert r.skill_roll(dice(5, 4), 6, False) == (5, 4)  # 5 is under 6: roll again and add
    assert r.skill_roll(dice(8), 6, False) == (8, 0)  # 8 is not: the result is 8, not 8 + 6
    assert shot_outcome(5, 9, 9, 4, 1, 0) == (4, 0, 0)  # 5 + 4 = 9 meets a need of 9
    assert shot_outcome(8, 8, 9, 5, 0, 0)[0] == 0  # the total 6 is never added to the die


def test_r2_under_is_strict_and_the_switch_reads_it_inclusive(dice: Any) -> None:
    assert r.skill_roll(dice(6), 6, False) == (6, 0)
    assert r.skill_roll(dice(6, 3), 6, True) == (6, 3)
    # by hand: firsts 2..8 add 2+3+...+8 = 35 hitting seconds, a natural 12 adds 12: 47/144
    assert hit_chance(9, 13, False) == Fraction(47, 144)
    assert hit_chance(9, 13, True) == Fraction(56, 144)  # a first 9 rolls again: 9 more
    widest = max(hit_chance(t, n, True) - hit_chance(t, n, False)
                 for t in range(1, 25) for n in range(2, 25))
    assert widest == Fraction(12, 144)  # 8.3 points, the "up to 8 points"
    assert hit_chance(3, 4, False) == Fraction(119, 144)
    assert hit_chance(3, 4, True) == Fraction(131, 144)


def test_r3_naturals_are_read_on_the_first_die_only(dice: Any) -> None:
    assert r.skill_roll(dice(12), 15, False) == (12, 0)  # a natural 12 is not rolled again
    assert shot_outcome(12, 12, 30, 4, 1, 0) == (4, 0, 0)  # and hits whatever the need
    assert shot_outcome(1, 13, 5, 4, 1, 0) == (0, 0, 0)  # a natural 1 misses whatever the sum
    assert shot_outcome(5, 17, 20, 4, 0, 0)[0] == 0  # a 12 on the second die is just 12


def test_r4_a_natural_12_ranks_first_in_the_range_step(dice: Any) -> None:
    t = tiny_table(tiny("A", piloting=5), tiny("B", piloting=12), MEDIUM,
                   (Scripted(LONG), Scripted(SHORT)))
    r.range_step(t.p, t.f, dice(12, 11, 6), t.rec)  # A: natural 12; B: 11 + 6 = 17
    assert t.of(r.EV_ORDER) == [(r.EV_ORDER, 0, -5)]
    assert t.range == LONG  # one step: a natural 12 is worth 12 for the margin
    t = tiny_table(tiny("A", piloting=12), tiny("B", piloting=3), SHORT,
                   (Scripted(LONG), Scripted(SHORT)))
    r.range_step(t.p, t.f, dice(9, 8, 5), t.rec)  # 17 against 5: beaten by 6 or more
    assert t.range == LONG  # two steps


def test_r5_equal_results_move_nobody(dice: Any) -> None:
    t = tiny_table(tiny("A", piloting=5), tiny("B", piloting=5), MEDIUM,
                   (Scripted(LONG), Scripted(SHORT)))
    r.range_step(t.p, t.f, dice(8, 8), t.rec)
    assert t.range == MEDIUM and t.of(r.EV_HOLD)


def test_r6_the_loser_moves_only_when_the_winner_held(dice: Any) -> None:
    t = tiny_table(tiny("A", piloting=1), tiny("B", piloting=1), MEDIUM,
                   (Scripted(MEDIUM), Scripted(LONG)))
    r.range_step(t.p, t.f, dice(9, 3), t.rec)  # A wins and holds: B may move
    assert t.range == LONG
    t = tiny_table(tiny("A", piloting=1), tiny("B", piloting=1), MEDIUM,
                   (Scripted(SHORT), Scripted(LONG)))
    r.range_step(t.p, t.f, dice(9, 3), t.rec)  # A moved against B: B may not
    assert t.range == SHORT


def test_r7_sustain_leaves_at_least_one_damage_and_never_saves_a_natural_1() -> None:
    assert shot_outcome(5, 5, 8, 4, 1, 0) == (1, 3, 0)  # three steps: 4 − 3 = 1 damage
    assert shot_outcome(5, 5, 9, 4, 1, 0) == (0, 0, 0)  # four would leave nothing: a miss
    assert shot_outcome(1, 1, 2, 40, 1, 0) == (0, 0, 0)
    assert shot_outcome(12, 12, 20, 4, 1, 0) == (4, 0, 0)


def test_r8_a_missile_uses_its_own_to_hit_plus_defence_and_cannot_sustain() -> None:
    a = design(systems=[{"system": "missile-rack", "facing": "fore"},
                        {"system": "bridge", "facing": "core"}])
    s = fight_setup(a, design())
    t = Table(s)
    to_hit = catalog().systems["missile-rack"].to_hit
    defence = catalog().hulls["frigate"].defence
    assert {r.need(t.p, t.f, 0, 0, rng) for rng in (TAILING, SHORT, MEDIUM, LONG)} == {
        (to_hit or 0) + defence}
    assert s.ships[0].sustain[0] == 0
    assert shot_outcome(5, 5, 6, 5, 0, 0) == (0, 0, 0)  # one short, and no S to trade


def test_r9_the_mover_into_tailing_is_the_tailer_and_the_tailed_must_break_away() -> None:
    t = tiny_table(tiny(), tiny(), SHORT)
    assert r.move(t.f, 1, TAILING, 1) and (t.range, t.tailer) == (TAILING, 1)
    assert r.move(t.f, 0, TAILING, 1) and (t.range, t.tailer) == (SHORT, -1)


def test_r10_outside_tailing_the_chooser_picks_on_any_side_and_overflow_stays_there() -> None:
    a = design(systems=[{"system": "light-laser", "facing": "fore"},
                        {"system": "armour-plate", "facing": "port"},
                        {"system": "armour-plate", "facing": "port"},
                        {"system": "light-laser", "facing": "starboard"},
                        {"system": "bridge", "facing": "core"}])
    chooser = Scripted(MEDIUM)
    t = Table(fight_setup(design(), a), (None, chooser))
    assert not r.apply_hit(t.p, t.f, 0, 6, t.rec)
    candidates, damage, by_attacker = chooser.picks[0]
    assert sorted(candidates) == [0, 1, 2, 3] and damage == 6 and not by_attacker
    hits = t.of(r.EV_SYSTEM)  # plate 1 (4 hp) then plate 2: both on the port side
    assert [(e[2], e[3]) for e in hits] == [(1, 4), (2, 2)]
    assert chooser.picks[1][0] == [2]  # the overflow's choice: the port side only


def test_r11_outside_tailing_every_gun_bears() -> None:
    t = Table(fight_setup(design(systems=[{"system": "light-laser", "facing": f} for f in
                                         ("fore", "aft", "port", "starboard")]
                                + [{"system": "bridge", "facing": "core"}]), design()))
    for rng in (SHORT, MEDIUM, LONG):
        assert all(r.bears(t.p, t.f, i, rng, -1, 0) for i in range(4))


def test_r12_at_tailing_arcs_are_fore_for_the_tailer_aft_for_the_tailed() -> None:
    systems = [{"system": "light-laser", "facing": f} for f in ("fore", "aft", "port")] + [
        {"system": "light-laser", "facing": "starboard", "turret": True},
        {"system": "bridge", "facing": "core"}]
    t = Table(fight_setup(design(systems=systems), design()))
    assert [r.bears(t.p, t.f, i, TAILING, 0, 0) for i in range(4)] == [True, False, False, True]
    assert [r.bears(t.p, t.f, i, TAILING, 1, 0) for i in range(4)] == [False, True, False, True]
    chooser = Scripted(TAILING)
    target = design(systems=[{"system": "light-laser", "facing": "fore"},
                             {"system": "armour-plate", "facing": "aft"},
                             {"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(design(), target, values={"range": "tailing"}),
              (chooser, None))  # A tails B
    assert not r.apply_hit(t.p, t.f, 0, 3, t.rec)
    assert chooser.picks[0] == ([1], 3, True)  # B's aft, chosen by the firer


def test_r13_shields_refill_from_working_generators_and_armour_never_does() -> None:
    a = design(armour=2, systems=[{"system": "shield-generator", "facing": "port"},
                                  {"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(a, design()))
    r.raise_shields(t.p, t.f, t.rec)
    assert t.f[r.S_SHIELDS] == 2
    assert not r.apply_hit(t.p, t.f, 1, 5, t.rec)  # 2 shields, 2 armour, 1 on the generator
    assert (t.f[r.S_SHIELDS], t.f[r.S_ARMOUR], t.hp(0)[0]) == (0, 0, 1)
    r.raise_shields(t.p, t.f, t.rec)
    assert (t.f[r.S_SHIELDS], t.f[r.S_ARMOUR]) == (0, 0)  # the damaged generator has stopped


def test_r14_each_hand_fires_or_helps_one_gun_from_a_working_seat() -> None:
    t = Table(fight_setup(design(), design()))
    assert DEFAULT.plan(t.s, t.state(), 0, MEDIUM, -1) == [(0, 11)]  # the hand helps: 6 + 5
    two = design(systems=[{"system": "light-laser", "facing": "fore"},
                          {"system": "light-laser", "facing": "fore"},
                          {"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(two, design()))
    assert sorted(DEFAULT.plan(t.s, t.state(), 0, MEDIUM, -1)) == [(0, 6), (1, 5)]
    t.set_hp(0, 2, 0)  # the bridge is gone: no seat, nobody acts
    assert DEFAULT.plan(t.s, t.state(), 0, MEDIUM, -1) == []


def test_r15_edges_each_name_one_effect(dice: Any) -> None:
    base = fit(design(), catalog())
    edged = fit(design(edges=["ace-pilot", "jinking"]), catalog())
    assert derive(edged, catalog()).piloting == derive(base, catalog()).piloting + 3
    assert derive(edged, catalog()).defence == derive(base, catalog()).defence + 1
    s = fight_setup(design(edges=["second-look", "called-shot"]), design())
    assert s.ships[0].after == 2 and s.ships[0].chooses
    t = Table(s)
    assert r.shoot(t.p, t.f, 0, 0, 6, dice(7), t.rec) == 4  # 7 + 2 reaches medium's 9
    assert t.f[r.S_AFTER]
    # once a turn: the same 7 now needs two sustain steps of S 1 from D 4
    assert r.shoot(t.p, t.f, 0, 0, 6, dice(7), t.rec) == 2
    assert [(e[7], e[8], e[9]) for e in t.of(r.EV_SHOT)] == [(2, 0, 4), (0, 2, 2)]
    chooser = Scripted(MEDIUM)
    t = Table(fight_setup(design(edges=["called-shot"]), design()), (chooser, None))
    r.apply_hit(t.p, t.f, 0, 2, t.rec)
    assert chooser.picks[0][2] is True  # the attacker chooses


def test_r16_shots_of_one_exchange_land_together(dice: Any) -> None:
    t = tiny_table(tiny("A"), tiny("B"), SHORT)
    assert r.action_step(t.p, t.f, dice(12, 12), t.rec) == r.BOTH_LOST


def test_r17_escaped_is_no_winner(dice: Any) -> None:
    t = tiny_table(tiny("A"), tiny("B"), LONG, (Scripted(r.ESCAPED), Scripted(LONG)))
    assert r.range_step(t.p, t.f, dice(9, 6), t.rec) == r.A_ESCAPES
    assert t.of(r.EV_ESCAPED) == [(r.EV_ESCAPED, 0)]


def test_r18_a_damaged_normal_system_stops_but_still_soaks() -> None:
    t = tiny_table(tiny("A"), tiny("B", core_hp=9), SHORT)
    t.set_hp(1, 0, 1)
    assert not r.works(t.p, t.f, t.p.n + 0, 1)
    assert not r.apply_hit(t.p, t.f, 0, 1, t.rec)
    assert t.hp(1) == [0, 9]  # the defender gave up the stopped gun's last box


def test_r19_destroyed_only_by_damage_past_an_empty_core() -> None:
    t = tiny_table(tiny("A"), tiny("B", core_hp=3), SHORT)
    assert not r.apply_hit(t.p, t.f, 0, 5, t.rec)  # 2 on the gun, 3 on the core: no more
    t = tiny_table(tiny("A"), tiny("B", core_hp=3), SHORT)
    assert r.apply_hit(t.p, t.f, 0, 6, t.rec)
    assert t.of(r.EV_CORE) == [(r.EV_CORE, 1, 1)]


def test_r20_the_cap_is_a_draw(dice: Any) -> None:
    passive = tiny(sustain=(1, 0), gunners=())  # nobody aboard to fire
    t = tiny_table(passive, passive, SHORT, (Scripted(SHORT), Scripted(SHORT)), cap=3)
    ended, turns, _, _ = r.play(t.s.fight, dice(*[5, 6] * 3), t.rec)
    assert (ended, turns) == (r.CAPPED, 3)
    assert catalog().combat.cap == 40


def test_r21_the_start_is_medium_and_a_tailing_start_has_a_tailing() -> None:
    s = fight_setup(design(), design())
    assert (s.start, Table(s).tailer) == (MEDIUM, -1)
    s = fight_setup(design(), design(), values={"range": "tailing"})
    assert (s.start, Table(s).tailer) == (TAILING, 0)


# --- construction ---------------------------------------------------------------------------


def codes(**changes: Any) -> list[str]:
    verdict: Verdict = check(fit(design(**changes), catalog()), catalog(), lambda _: None)
    return [d.code for d in verdict.diagnostics]


def test_c1_the_core_is_made_of_systems_and_holds_no_guns() -> None:
    assert "core.empty" in codes(systems=[{"system": "light-laser", "facing": "fore"},
                                          {"system": "bridge", "facing": "port"}])
    assert "core.weapon" in codes(systems=[{"system": "light-laser", "facing": "core"},
                                           {"system": "bridge", "facing": "core"}])


def test_c2_turrets_are_guns_that_fire_everywhere_and_cost_more() -> None:
    assert "turret.not_weapon" in codes(systems=[
        {"system": "armour-plate", "facing": "fore", "turret": True},
        {"system": "bridge", "facing": "core"}])
    plain = design()
    turret = design(systems=[{"system": "light-laser", "facing": "fore", "turret": True},
                             {"system": "armour-plate", "facing": "aft"},
                             {"system": "bridge", "facing": "core"}])
    extra = catalog().construction.turret_points
    assert price(fit(turret, catalog()), catalog()).total == \
        price(fit(plain, catalog()), catalog()).total + extra
    assert fight_setup(turret, plain).ships[0].resilient[0]


def test_c3_heavy_systems_work_until_destroyed() -> None:
    t = Table(fight_setup(design(), design()))  # light laser, armour plate, bridge
    assert t.s.ships[0].resilient == (False, True, True)
    assert r.works(t.p, t.f, 1, 1) and not r.works(t.p, t.f, 0, 1)  # plate 1 of 4; laser 1 of 2


def test_c4_shield_and_armour_limits() -> None:
    assert "shields.over" in codes(systems=[{"system": "shield-generator", "facing": "port"},
                                            {"system": "shield-generator", "facing": "port"},
                                            {"system": "bridge", "facing": "core"}])
    assert "armour.over" in codes(armour=catalog().hulls["frigate"].armour + 1)


def test_c5_slots_berths_and_seats() -> None:
    assert "slots.over" in codes(systems=[{"system": "laser-battery", "facing": "fore"},
                                          {"system": "light-laser", "facing": "fore"},
                                          {"system": "bridge", "facing": "core"}])
    assert "slots.unused" in codes()
    hands = [{"name": f"H{i}", "piloting": 4, "gunnery": 4} for i in range(4)]
    assert "berths.over" in codes(crew=hands)
    assert "seats.short" in codes(crew=hands[:2])
    assert "station.missing" in codes(systems=[{"system": "armour-plate", "facing": "core"}])


def test_c6_points_add_up_item_by_item() -> None:
    # frigate 14 + laser 6 + plate 3 + bridge 3; captain 6/6: 4 levels × 2; hand 4/5: 2 + 1
    assert price(fit(design(), catalog()), catalog()).total == 14 + 6 + 3 + 3 + 8 + 3
    assert "points.over" in codes(points_limit=30)


def test_c7_the_best_pilot_flies() -> None:
    d = design(crew=[{"name": "Ace", "piloting": 9, "gunnery": 4}], systems=[
        {"system": "thruster", "facing": "aft"}, {"system": "bridge", "facing": "core"}])
    p = derive(fit(d, catalog()), catalog())
    assert (p.pilot, p.piloting) == ("Ace", 9 + 1 + 2)  # + frigate handling + thruster


def test_c8_skills_edges_and_weapons() -> None:
    top = catalog().construction.max_skill
    assert "skill.over" in codes(captain={"name": "X", "piloting": top + 1, "gunnery": 4})
    assert "edge.twice" in codes(edges=["jinking", "jinking"])
    assert "weapons.none" in codes(systems=[{"system": "bridge", "facing": "core"}])


@pytest.mark.parametrize("code", sorted(__import__(
    "shipyard.systems.d12_facings.rules", fromlist=["CODES"]).CODES))
def test_every_code_is_in_the_table(code: str) -> None:
    assert f"| `{code}` |" in RULINGS
