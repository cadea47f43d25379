"""Every ruling of catalogs/d12-facings/RULINGS.md, one test (or a few) each, with scripted dice."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
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
from tests.conftest import ROOT, load_script
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
    cards = " ".join(p.read_text(encoding="utf-8") for p in CARDS.rglob("*.html"))
    here = Path(__file__).resolve().parent
    tests = set(re.findall(r"def test_([rc]\d+)_", "".join(
        (here / name).read_text(encoding="utf-8") for name in ("test_rulings.py",
                                                              "test_battle.py"))))
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
    assert widest == Fraction(12, 144)  # 8.3 points, the referee's "up to 8 points"
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
    assert [e[:3] for e in t.of(r.EV_ORDER)] == [(r.EV_ORDER, 0, -5)]
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
    assert {r.need(t.p, t.f, 1, 0, rng) for rng in (TAILING, SHORT, MEDIUM, LONG)} == {
        (to_hit or 0) + defence}
    assert s.ships[0].sustain[0] == 0
    assert shot_outcome(5, 5, 6, 5, 0, 0) == (0, 0, 0)  # one short, and no S to trade


def test_r9_the_mover_into_tailing_is_the_tailer_and_the_tailed_must_break_away() -> None:
    t = tiny_table(tiny(), tiny(), SHORT)
    assert r.move(t.p, t.f, 1, 0, TAILING, 1) and (t.range, t.tailer) == (TAILING, 1)
    assert r.move(t.p, t.f, 0, 1, SHORT, 1) and (t.range, t.tailer) == (SHORT, -1)  # broken away
    assert r.move(t.p, t.f, 0, 1, TAILING, 1) and (t.range, t.tailer) == (TAILING, 0)  # then tails


def test_r10_outside_tailing_the_chooser_picks_on_any_side_and_overflow_stays_there() -> None:
    a = design(systems=[{"system": "light-laser", "facing": "fore"},
                        {"system": "armour-plate", "facing": "port"},
                        {"system": "armour-plate", "facing": "port"},
                        {"system": "light-laser", "facing": "starboard"},
                        {"system": "bridge", "facing": "core"}])
    chooser = Scripted(MEDIUM)
    t = Table(fight_setup(design(), a), (None, chooser))
    assert not r.apply_hit(t.p, t.f, 0, 1, 6, t.rec)
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
    assert not r.apply_hit(t.p, t.f, 0, 1, 3, t.rec)
    assert chooser.picks[0] == ([1], 3, True)  # B's aft, chosen by the firer


def test_r13_shields_refill_from_working_generators_and_armour_never_does() -> None:
    a = design(armour=2, systems=[{"system": "shield-generator", "facing": "port"},
                                  {"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(a, design()))
    r.raise_shields(t.p, t.f, t.rec)
    assert t.at(0, r.S_SHIELDS) == 2
    assert not r.apply_hit(t.p, t.f, 1, 0, 5, t.rec)  # 2 shields, 2 armour, 1 on the generator
    assert (t.at(0, r.S_SHIELDS), t.at(0, r.S_ARMOUR), t.hp(0)[0]) == (0, 0, 1)
    r.raise_shields(t.p, t.f, t.rec)
    # the damaged generator has stopped
    assert (t.at(0, r.S_SHIELDS), t.at(0, r.S_ARMOUR)) == (0, 0)


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
    assert t.at(0, r.S_AFTER)
    # once a turn: the same 7 now needs two sustain steps of S 1 from D 4
    assert r.shoot(t.p, t.f, 0, 0, 6, dice(7), t.rec) == 2
    assert [(e[7], e[8], e[9]) for e in t.of(r.EV_SHOT)] == [(2, 0, 4), (0, 2, 2)]
    chooser = Scripted(MEDIUM)
    t = Table(fight_setup(design(edges=["called-shot"]), design()), (chooser, None))
    r.apply_hit(t.p, t.f, 0, 1, 2, t.rec)
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
    assert not r.apply_hit(t.p, t.f, 0, 1, 1, t.rec)
    assert t.hp(1) == [0, 9]  # the defender gave up the stopped gun's last box


def test_r19_destroyed_only_by_damage_past_an_empty_core() -> None:
    t = tiny_table(tiny("A"), tiny("B", core_hp=3), SHORT)
    assert not r.apply_hit(t.p, t.f, 0, 1, 5, t.rec)  # 2 on the gun, 3 on the core: no more
    t = tiny_table(tiny("A"), tiny("B", core_hp=3), SHORT)
    assert r.apply_hit(t.p, t.f, 0, 1, 6, t.rec)
    assert t.of(r.EV_CORE) == [(r.EV_CORE, 1, 1)]


def test_r20_the_cap_is_a_draw(dice: Any) -> None:
    passive = tiny(sustain=(1, 0), gunners=())  # nobody aboard to fire
    t = tiny_table(passive, passive, SHORT, (Scripted(SHORT), Scripted(SHORT)), cap=3)
    ended, turns, _, _, fates = r.play(t.s.fight, dice(*[5, 6] * 3), t.rec)
    assert (ended, turns, list(fates)) == (r.CAPPED, 3, [r.IN, r.IN])  # both survived
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


# --- the default defender, the plan through the turn, escapes ----------------------


class Picks(Scripted):
    """A Scripted captain that, as the ship hit, gives up the named system first when it can."""

    def __init__(self, want: int, give_up: int) -> None:
        super().__init__(want)
        self.give_up = give_up

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        if self.give_up in candidates:
            return self.give_up
        return super().pick(setup, state, target, candidates, damage, attacker)


def test_r22_the_defender_keeps_its_last_seat_before_its_price() -> None:
    # `duel lancer hornet --seed 1`: the 3-point bridge was the cheapest thing to lose, and
    # losing it left nobody able to act
    target = design(systems=[{"system": "light-laser", "facing": "fore"},
                             {"system": "bridge", "facing": "starboard"},
                             {"system": "armour-plate", "facing": "core"}])
    t = Table(fight_setup(design(), target))
    assert not r.apply_hit(t.p, t.f, 0, 1, 4, t.rec)
    assert t.of(r.EV_SYSTEM)[0][2] == 0  # the laser (6 points) goes, not the bridge (3)
    assert t.hp(1)[1] == 4 and t.at(1, r.S_CREW) == 2  # both seats still work


def test_r22_the_attacker_takes_the_last_seat_before_the_dearest_system() -> None:
    # `duel sovereign paladin --seed 3`: the attacker destroyed an 11-point shield array rather
    # than the last 3-point bridge that silences its target
    target = design(systems=[{"system": "shield-array", "facing": "port"},
                             {"system": "bridge", "facing": "starboard"},
                             {"system": "armour-plate", "facing": "core"}])
    t = Table(fight_setup(design(edges=["called-shot"]), target))
    r.apply_hit(t.p, t.f, 0, 1, 5, t.rec)
    assert t.of(r.EV_SYSTEM)[0][2] == 1 and t.at(1, r.S_CREW) == 0


def test_r22_armour_before_a_working_system_that_would_survive() -> None:
    # `duel sovereign paladin --seed 3`, turn 2: the Lance took 8 with the aft plates unused
    target = design(systems=[{"system": "laser-battery", "facing": "port"},
                             {"system": "armour-plate", "facing": "aft"},
                             {"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(design(), target))
    assert not r.apply_hit(t.p, t.f, 0, 1, 4, t.rec)
    assert [e[2] for e in t.of(r.EV_SYSTEM)] == [1]  # the plate, the battery untouched
    assert t.hp(1)[0] == 5


def test_r22_the_most_damage_a_turn_kept_before_price() -> None:
    # one hand aboard fires one of two guns: the 4-point targeting array is the cheapest loss,
    # but it aims that gun; the idle 6-point gun costs nothing this fight
    target = design(crew=[], systems=[{"system": "light-laser", "facing": "fore"},
                                      {"system": "missile-rack", "facing": "port"},
                                      {"system": "targeting-array", "facing": "starboard"},
                                      {"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(design(), target))
    [(fired, _)] = DEFAULT.plan(t.s, State(t.p, t.f), 1, MEDIUM, -1)
    assert not r.apply_hit(t.p, t.f, 0, 1, 2, t.rec)
    assert t.of(r.EV_SYSTEM)[0][2] == 1 - fired  # the idle gun, not the array


def test_r16_a_stopped_sensor_adds_nothing_to_the_shots_still_to_come(dice: Any) -> None:
    # `duel lancer hornet --seed 11`, turn 2: a destroyed targeting array still added its +2
    a = design(captain={"name": "Cap", "piloting": 6, "gunnery": 6},
               crew=[{"name": "Hand", "piloting": 4, "gunnery": 5}],
               systems=[{"system": "missile-rack", "facing": "fore"},
                        {"system": "missile-rack", "facing": "fore"},
                        {"system": "targeting-array", "facing": "port"},
                        {"system": "bridge", "facing": "core"}])
    b = design(systems=[{"system": "light-laser", "facing": "fore"},
                        {"system": "bridge", "facing": "core"}], crew=[])
    t = Table(fight_setup(a, b), (Picks(MEDIUM, 2), None))
    # exchange 1: A's rack (6 + 2) hits on a 12, B's laser hits on a 12 and stops the array;
    # exchange 2: A's other rack, the hand's 5 alone
    r.action_step(t.p, t.f, dice(12, 12, 3, 9), t.rec)
    assert [e[3] for e in t.of(r.EV_SHOT) if e[1] == 0] == [6 + 2, 5]
    assert t.of(r.EV_REPLAN)


def test_r14_a_hand_whose_gun_stops_serves_another(dice: Any) -> None:
    three = design(systems=[{"system": "light-laser", "facing": "fore"},
                            {"system": "light-laser", "facing": "fore"},
                            {"system": "light-laser", "facing": "aft"},
                            {"system": "bridge", "facing": "core"}])
    b = design(systems=[{"system": "light-laser", "facing": "fore"},
                        {"system": "bridge", "facing": "core"}], crew=[])
    t = Table(fight_setup(three, b), (Picks(MEDIUM, 1), None))
    # the captain fires laser 1, the hand was to fire laser 2; laser 2 stops in the exchange
    r.action_step(t.p, t.f, dice(12, 12, 12), t.rec)
    assert [e[2] for e in t.of(r.EV_SHOT) if e[1] == 0] == [0, 2]  # the hand takes laser 3


def test_r14_seats_lost_mid_turn_are_counted_afresh(dice: Any) -> None:
    # `--seed 20`: racks still fired after the gun deck that seated one of their hands was gone
    hands = [{"name": f"H{i}", "piloting": 4, "gunnery": 10} for i in range(3)]
    a = design(hull="destroyer", crew=hands, captain={"name": "Cap", "piloting": 6,
                                                      "gunnery": 10},
               systems=[{"system": "missile-rack", "facing": "fore"} for _ in range(3)]
               + [{"system": "missile-rack", "facing": "port"},
                  {"system": "gun-deck", "facing": "starboard"},
                  {"system": "bridge", "facing": "core"}])
    b = design(armour=4, crew=[], systems=[{"system": "light-laser", "facing": "fore"}] + [
        {"system": "armour-plate", "facing": f} for f in ("aft", "port", "starboard")] + [
        {"system": "bridge", "facing": "core"}])  # lives through four racks
    t = Table(fight_setup(a, b), (Picks(MEDIUM, 4), None))
    assert t.at(0, r.S_CREW) == 4
    assert len(DEFAULT.plan(t.s, State(t.p, t.f), 0, MEDIUM, -1)) == 4  # a rack each
    # four hands, four racks; the deck goes in the first exchange: two seats, one hand has
    # acted, so one more rack fires, not three
    r.action_step(t.p, t.f, dice(12, 12, 12, 12, 12), t.rec)
    assert len([e for e in t.of(r.EV_SHOT) if e[1] == 0]) == 2


def test_r9_a_tailed_ship_that_wants_to_hold_holds(dice: Any) -> None:
    t = tiny_table(tiny(), tiny(), SHORT)
    assert r.move(t.p, t.f, 1, 0, TAILING, 1) and (t.range, t.tailer) == (TAILING, 1)
    assert not r.move(t.p, t.f, 0, 1, TAILING, 1) and (t.range, t.tailer) == (TAILING, 1)
    # through the range step, a user's captain that asks to stay
    t = tiny_table(tiny("A"), tiny("B"), TAILING, (Scripted(TAILING), Scripted(TAILING)))
    t.set_range(t.range, 1)  # B tails A; A wins the step and holds
    r.range_step(t.p, t.f, dice(9, 6), t.rec)
    assert (t.range, t.tailer) == (TAILING, 1)


def test_r23_the_winner_moves_rather_than_let_a_harmless_ship_escape(dice: Any) -> None:
    # `--seed 11534336`: Hornet won by 10, held at long, and the harmless Lancer escaped
    rack = tiny("A", kind=(r.MISSILE, r.STATION), to_hit=(6, 0), sustain=(0, 0))
    harmless = tiny("B", gunners=())
    t = tiny_table(rack, harmless, LONG)
    r.range_step(t.p, t.f, dice(9, 8), t.rec)  # A wins by 1; a rack's odds are the same
    assert t.range == MEDIUM and not t.of(r.EV_ESCAPED)  # at every range: it still closes


def test_r23_a_winner_that_can_hurt_weighs_the_losers_answer() -> None:
    rack = tiny("A", kind=(r.MISSILE, r.STATION), to_hit=(6, 0), sustain=(0, 0))
    t = tiny_table(rack, tiny("B", gunners=()), LONG)
    assert r.want_range(t.p, t.f, 0, 1, 1) == MEDIUM
    t.f[r.S_LEG] = 1  # asked as the loser, after the winner held: nothing to deny
    assert r.want_range(t.p, t.f, 0, 1, 1) == LONG
    assert r.want_range(t.p, t.f, 1, 0, 1) == r.ESCAPED  # the harmless ship runs


def test_r23_a_captain_that_cannot_fire_where_it_is_moves_to_where_it_can(dice: Any) -> None:
    # two broadside ships at tailing: the tailer has no fore gun, the tailed no aft one, so
    # neither can fire there, and at short each does to the other what it takes: both score
    # 0 at tailing and at short. They held until the cap, 40 turns without a shot (`duel
    # broadside.yaml broadside.yaml --range tailing`, in 1,000 of 1,000)
    broadside = tiny("A", facing=(r.PORT, CORE))
    t = tiny_table(broadside, broadside._replace(name="B"), TAILING)
    assert r.tailer_of(t.p, t.f, 0, 1) == 0
    for side in (0, 1):
        assert r.score(t.p, t.f, side, 1 - side, TAILING, 0) == 0
        assert r.score(t.p, t.f, side, 1 - side, SHORT, -1) == 0
        t.f[r.S_LEG] = 1  # the loser's answer, or a winner the loser cannot answer
        assert r.want_range(t.p, t.f, side, 1 - side, 1) == SHORT
        t.f[r.S_LEG] = 0  # a winner: the loser would move to short anyway; it holds for it
        assert r.want_range(t.p, t.f, side, 1 - side, 1) == TAILING
    r.range_step(t.p, t.f, dice(9, 3, 1), t.rec)  # A wins, 9 to 4: holds; B breaks away
    assert t.range == SHORT
    # with a gun that bears at tailing, a tie still holds
    both = tiny("A", facing=(r.AFT, CORE), turret=(True, False))
    t = tiny_table(both, both._replace(name="B"), TAILING)
    t.f[r.S_LEG] = 1
    assert r.fires(t.p, t.f, 0, 1, TAILING, 0) == 1
    assert r.want_range(t.p, t.f, 0, 1, 1) == TAILING


def test_r17_an_escape_is_worth_a_quarter_to_the_runner_in_the_balance() -> None:
    from shipyard.core.matrix import Matrix

    bal = load_script("d12-facings-balance.py")
    # design 0 as side A: 5 wins, 3 losses, B ran 4 times, A ran twice, 1 capped; as side B:
    # 2 wins, A ran once, B (design 0) ran 3 times
    tallies = {(0, 1): {(0, "a-wins"): 5, (1, "b-wins"): 3, (-1, "b-escaped"): 4,
                        (-1, "a-escaped"): 2, (-1, "capped"): 1},
               (1, 0): {(1, "b-wins"): 2, (-1, "a-escaped"): 1, (-1, "b-escaped"): 3}}
    m = Matrix(("gunboat", "runner"), (None, None), None, 21, 0, "plain", tallies)
    quarters_0 = 4 * (5 + 2) + 3 * (4 + 1) + 1 * (2 + 3) + 2 * 1  # escape: 3/4 to the stayer
    quarters_1 = 4 * 3 + 3 * (2 + 3) + 1 * (4 + 1) + 2 * 1
    assert bal.r17_share(m, 0, 1) == quarters_0 / (4 * 21)
    assert bal.r17_share(m, 1, 0) == quarters_1 / (4 * 21)
    assert bal.r17_share(m, 0, 1) + bal.r17_share(m, 1, 0) == 1


def test_r15_an_after_roll_edge_is_kept_for_a_shot_it_can_save() -> None:
    # a 3 against a need of 9: +2 makes 5, and no sustain of a light laser's 4 D closes 4 more
    assert shot_outcome(3, 3, 9, 4, 1, 2) == (0, 0, 0)
    assert shot_outcome(7, 7, 9, 4, 1, 2) == (4, 0, 1)  # it makes the hit: spent
    assert shot_outcome(5, 5, 9, 4, 1, 2) == (2, 2, 1)  # with two sustain steps, not four


def test_r15_an_after_roll_edge_on_piloting_is_refused_where_it_is_written(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.cli import shipyard

    folder = tmp_path / "d12-facings"
    folder.mkdir()
    (folder / "edges.yaml").write_text(
        "edges:\n"
        "  - {id: lucky, name: Lucky, effect: after-roll, roll: piloting, figure: 2,\n"
        "     points: 6, source: house, reason: test}\n", encoding="utf-8")
    run = shipyard("--catalog", tmp_path, "validate",
                   ROOT / "catalogs" / "d12-facings" / "examples" / "lancer.yaml")
    assert run.code == 2
    assert f"{folder / 'edges.yaml'}:2:" in run.err and "gunnery roll only (R15)" in run.err
    assert "Traceback" not in run.err


def test_r12_the_tailer_free_rule_lifts_the_house_limits() -> None:
    systems = [{"system": "light-laser", "facing": f} for f in ("fore", "aft", "port")] + [
        {"system": "bridge", "facing": "core"}]
    free = Table(fight_setup(design(systems=systems), design(), rules={"tailer": "free"}))
    assert [r.bears(free.p, free.f, i, TAILING, 0, 0) for i in range(3)] == [True] * 3
    # the tailed ship stays limited: the seed's own words
    assert [r.bears(free.p, free.f, i, TAILING, 1, 0) for i in range(3)] == [False, True, False]
    chooser = Scripted(TAILING)
    target = design(systems=[{"system": "light-laser", "facing": "fore"},
                             {"system": "armour-plate", "facing": "aft"},
                             {"system": "bridge", "facing": "core"}])
    t = Table(fight_setup(design(), target, values={"range": "tailing"},
                          rules={"tailer": "free"}), (chooser, None))
    r.apply_hit(t.p, t.f, 0, 1, 3, t.rec)
    assert chooser.picks[0] == ([0, 1], 3, True)  # any side, still the firer's choice


class Checking(Scripted):
    """The default captain, checking each of its picks against R22's order worked out in full
    for every candidate (no start passed over)."""

    def __init__(self) -> None:
        super().__init__(MEDIUM)
        self.checked = 0

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int:
        return DEFAULT.want_range(setup, state, side, steps)

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        p, f = setup.fight.p, state.f
        sign = 2 * attacker - 1
        now = r.aimed(p, f, target)
        core = sum(f[f[r.H_LIVE] + target * p.n + i] for i in range(p.n)
                   if setup.ships[target].facing[i:i + 1] == (CORE,))
        keys = []
        for system in candidates:
            g = target * p.n + system
            lost, seated, left, hurt, cored, stopped = r.consequence(
                p, f, target, g, damage, attacker, core, now, (-r.LOST,) + (0,) * 7)
            starts = r.works(p, f, g, f[f[r.H_LIVE] + g]) and \
                setup.ships[target].kind[system] != r.ARMOUR
            keys.append(((sign * lost, -sign * seated, -sign * left, sign * hurt, -sign * cored,
                          sign * stopped, sign * int(starts), -g), system))
        chosen = DEFAULT.pick(setup, state, target, candidates, damage, attacker)
        assert chosen == max(keys)[1]
        self.checked += 1
        return chosen


@pytest.mark.parametrize(("a", "b"), [("lancer", "hornet"), ("sovereign", "paladin"),
                                      ("mastiff", "viper")])
def test_r22_the_quick_pick_is_the_order_worked_out_in_full(a: str, b: str) -> None:
    from shipyard.core.stream import new_stream
    from tests.systems.d12_facings.helpers import example

    checking = Checking()
    for seed in range(12):
        s = fight_setup(example(a), example(b))
        t = Table(s, (checking, checking))
        r.play(s.fight, new_stream(seed), t.rec)
    assert checking.checked > 50
