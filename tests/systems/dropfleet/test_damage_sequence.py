"""The seed's damage sequence inside the duel's rule functions, with scripted dice: the seed's
four worked examples, every crippling row of both tables, every catastrophic row of both."""

from __future__ import annotations

import pytest

from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from tests.systems.dropfleet.conftest import catalog
from tests.systems.dropfleet.duel_kit import duel, field, scripted, stat, state

# --- the seed's four worked examples ---------------------------------------------------------


def test_seed_rail_gun_battery_lock_4_attack_3_damage_1(monkeypatch: pytest.MonkeyPatch) -> None:
    # "three dice are rolled and each one scores a hit on a roll of 4, 5 or 6"
    assert [r.hit_kind(face, 4, 6) > 0 for face in range(1, 7)] == [False] * 3 + [True] * 3
    script = scripted(monkeypatch, 4, 5, 6)
    hits, crits = r.roll_attacks([0] * 5, None, 3, 4, 6, 0)
    assert hits == 3
    # "each hit scored by the rail gun battery inflicts 1 Hull damage"
    assert r.damage_points([0] * 5, None, hits - crits, 1, 0, 0) + \
        r.damage_points([0] * 5, None, crits, 1, 0, 0) == 3
    assert script.done()
    scripted(monkeypatch, 1, 2, 3)
    assert r.roll_attacks([0] * 5, None, 3, 4, 6, 0) == (0, 0)


def test_seed_3_4_save_three_normal_and_two_critical_hits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # "rolls three dice needing 3+ for the normal hits ... the remaining two needing 4+"
    p = duel(stat(hull=10, armour=3, passive=4, shields=1), stat())
    st = state(p)
    st[s.S_SHIELDS] = 1  # shields raised: the Passive save works
    assert r.save_needs(p, st, 0, 0) == (3, 4)
    script = scripted(monkeypatch, 3, 2, 6, 4, 3)  # normal: saved, not, saved; crits: saved, not
    assert r.take(p, st, [0] * 5, None, 0, 3, 2, 0, s.C_FIRE) == 2
    assert script.done() and field(p, st, 0, s.S_HULL) == 8
    # shields down: critical hits take no save at all (S3 of the card: only the Passive save)
    st[s.S_SHIELDS] = 0
    assert r.save_needs(p, st, 0, 0) == (3, 7)
    scripted(monkeypatch, 6, 6, 6)
    assert r.take(p, st, [0] * 5, None, 0, 3, 2, 0, s.C_FIRE) == 2


def test_seed_pd_6_cruiser_rolls_1_to_6(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Rolling six dice ... 1, 2, 3, 4, 5, 6 - two successes ... can stop two points of ordinary
    # Hull damage or one of the points of critical Hull damage"
    scripted(monkeypatch, 1, 2, 3, 4, 5, 6)
    got = r.pd_successes([0] * 5, None, 6)
    assert got == 2
    # the owner chooses (R12): against a 4+ Armour and no Passive both stop 6 sixths of a
    # point on average, and a tie blocks the fewest criticals; against a 2+ Armour a normal
    # point is nearly saved anyway, so the critical is the one to stop
    assert r.pd_block(got, 4, 2, 4, 7) == (2, 0)
    assert r.pd_block(got, 4, 2, 2, 7) == (0, 1)
    assert r.pd_block(3, 0, 2, 4, 7) == (0, 1)  # an odd success left over stops nothing


def test_r12_point_defence_stops_the_unsavable_critical() -> None:
    # the referee's case: 2 successes, 1 normal and 1 critical point, Armour 4+, no Passive:
    # the critical point gets through surely, the normal one half the time
    assert r.pd_block(2, 1, 1, 4, 7) == (0, 1)
    # with a 4+ Passive the critical is as savable as the normal point: one success is
    # enough for the normal point, and the second cannot stop a critical alone
    assert r.pd_block(2, 1, 1, 4, 4) == (1, 0)


def test_r12_point_defence_is_the_best_allocation_of_every_case() -> None:
    from fractions import Fraction

    def lost(normal: int, crit: int, n_need: int, c_need: int) -> Fraction:
        return Fraction(normal * (min(n_need, 7) - 1) + crit * (min(c_need, 7) - 1), 6)

    for successes in range(9):
        for normal in range(7):
            for crit in range(5):
                for n_need in range(2, 8):
                    for c_need in range(n_need, 8):
                        best = min(lost(normal - bn, crit - bc, n_need, c_need)
                                   for bc in range(crit + 1) for bn in range(normal + 1)
                                   if bn + 2 * bc <= successes)
                        bn, bc = r.pd_block(successes, normal, crit, n_need, c_need)
                        assert bn + 2 * bc <= successes and bn <= normal and bc <= crit
                        assert lost(normal - bn, crit - bc, n_need, c_need) == best, \
                            (successes, normal, crit, n_need, c_need)


def test_seed_4_hull_ship_crippled_at_2_lost() -> None:
    p = duel(stat(hull=4), stat())
    st = state(p)
    r.hurt(p, st, None, 0, 1, s.C_FIRE)
    assert field(p, st, 0, s.S_PENDING) == 0
    r.hurt(p, st, None, 0, 1, s.C_FIRE)
    assert field(p, st, 0, s.S_PENDING) == 1 and field(p, st, 0, s.S_CRIPPLED) == 1
    r.hurt(p, st, None, 0, 1, s.C_FIRE)  # once only (S1)
    assert field(p, st, 0, s.S_PENDING) == 1


def test_hull_3_is_never_crippled_and_a_dreadnought_twice_in_one_blow() -> None:
    p = duel(stat(hull=3), stat(hull=20, dread=1))
    st = state(p)
    r.hurt(p, st, None, 0, 2, s.C_FIRE)
    assert field(p, st, 0, s.S_PENDING) == 0
    r.hurt(p, st, None, 1, 10, s.C_FIRE)  # 20 -> 10: both 18 and 10 passed (S2)
    assert field(p, st, 1, s.S_PENDING) == 2


# --- crippling: every row, scripted -----------------------------------------------------------

NORMAL = [  # (section die, result die), field changed, extra Hull, decay
    ((1, 1), None, 0, 0), ((2, 3), s.S_FIRES, 0, 0), ((1, 6), s.S_INERT, 2, 1),
    ((3, 2), s.S_INERT + 1, 0, 0), ((4, 4), s.S_CRACK, 2, 0), ((3, 5), None, 2, 1),
    ((5, 1), s.S_INERT + 2, 2, 1), ((6, 3), s.S_OFFLINE, 3, 0)]


@pytest.mark.parametrize(("dice", "effect", "extra", "decay"), NORMAL)
def test_every_crippling_row(monkeypatch: pytest.MonkeyPatch, dice: tuple[int, int],
                             effect: int | None, extra: int, decay: int) -> None:
    p = duel(stat(hull=20), stat())
    st = state(p)
    script = scripted(monkeypatch, *dice)
    r.cripple(p, st, [0] * 5, None, 0)
    assert script.done()
    assert field(p, st, 0, s.S_HULL) == 20 - extra
    assert field(p, st, 0, s.S_DECAY) == decay
    if effect is not None:
        assert field(p, st, 0, effect) == 1


def test_reactor_overload_rolls_again(monkeypatch: pytest.MonkeyPatch) -> None:
    p = duel(stat(hull=20), stat())
    st = state(p)
    script = scripted(monkeypatch, 6, 6, 5, 5, 2, 4)  # overload, overload, fire
    r.cripple(p, st, [0] * 5, None, 0)
    assert script.done()
    assert field(p, st, 0, s.S_HULL) == 14 and field(p, st, 0, s.S_FIRES) == 1
    assert field(p, st, 0, s.S_DECAY) == 1


def test_the_crippling_tables_are_the_catalogs_in_row_order() -> None:
    d = catalog().damage
    assert [x.name for x in d.crippling][1] == "Fire"
    assert [x.name for x in d.crippling][8] == "Reactor overload"
    assert [x.name for x in d.dreadnought_crippling][1] == "Atmospheric containment failure"
    assert [x.name for x in d.dreadnought_crippling][7] == "Weapon destroyed"
    assert [x.name for x in d.dreadnought_crippling][8] == "Primary core leak"
    assert [r.crippling_row(a, b) for a, b in ((1, 1), (2, 6), (3, 1), (6, 6))] == [0, 2, 3, 8]


DREAD = [((1, 2), None, 0, 0), ((2, 4), s.S_ACF, 0, 0), ((1, 5), s.S_INERT, 0, 0),
         ((3, 1), s.S_INERT + 1, 0, 0), ((4, 3), None, 1, 0), ((3, 6), None, 2, 1),
         ((5, 2), None, 0, 0), ((6, 6), s.S_LEAK, 0, 1)]


@pytest.mark.parametrize(("dice", "effect", "extra", "decay"), DREAD)
def test_every_dreadnought_crippling_row(monkeypatch: pytest.MonkeyPatch,
                                         dice: tuple[int, int], effect: int | None, extra: int,
                                         decay: int) -> None:
    p = duel(stat(hull=24, dread=1), stat())
    st = state(p)
    script = scripted(monkeypatch, *dice)
    r.cripple(p, st, [0] * 5, None, 0)
    assert script.done()
    assert field(p, st, 0, s.S_HULL) == 24 - extra
    assert field(p, st, 0, s.S_DECAY) == decay
    if effect is not None:
        assert field(p, st, 0, effect) == (2 if effect == s.S_ACF else 1)


def test_weapon_destroyed_loses_one_system_at_random(monkeypatch: pytest.MonkeyPatch) -> None:
    p = duel(stat(hull=24, dread=1), stat())
    st = state(p)
    script = scripted(monkeypatch, 6, 3, (1, 1))  # one system to pick from: a D1
    r.cripple(p, st, [0] * 5, None, 0)
    assert script.done() and st[p.o_lost] == 1


# --- catastrophic damage: every row, scripted ---------------------------------------------------


def blown(monkeypatch: pytest.MonkeyPatch, dying: list[int], mates: int,
          faces: list[int | tuple[int, int]], enemy: list[int] | None = None,
          inches: int = 3) -> tuple[s.Params, list[int]]:
    """Side A (`mates` ships of `dying`'s figures) loses ship 0; returns the state after."""
    p = duel(dying, enemy or stat(hull=8, armour=4), (mates, 1), inches=inches)
    st = state(p)
    script = scripted(monkeypatch, *faces)
    r.hurt(p, st, None, 0, 99, s.C_FIRE)
    r.settle(p, st, [0] * 5, None)
    assert script.done(), "unused dice"
    return p, st


def test_catastrophic_rows_of_the_normal_table(monkeypatch: pytest.MonkeyPatch) -> None:
    enemy = 2  # B's first ship: side 1 times g (2)
    # 1-2 burn up: no radius rolled, nothing happens
    p, st = blown(monkeypatch, stat(hull=7), 2, [2])
    assert field(p, st, 1, s.S_HULL) == 7 and field(p, st, enemy, s.S_HULL) == 8
    # 4 shredded, radius D6 rolled 2: the mate at 2" takes 1 (saves: rolls 1, fails)
    p, st = blown(monkeypatch, stat(hull=7), 2, [4, 2, 1])
    assert field(p, st, 1, s.S_HULL) == 6 and field(p, st, enemy, s.S_HULL) == 8
    # 5 explosion, radius 3: the mate (saves 6, 1) and the enemy at 3" (saves 6, 6)
    p, st = blown(monkeypatch, stat(hull=7), 2, [5, 3, 6, 1, 6, 6])
    assert field(p, st, 1, s.S_HULL) == 6 and field(p, st, enemy, s.S_HULL) == 8
    # 6 radiation: 2, no saves
    p, st = blown(monkeypatch, stat(hull=7), 2, [6, 3])
    assert field(p, st, 1, s.S_HULL) == 5 and field(p, st, enemy, s.S_HULL) == 6
    # 7+ distortion (Hull 10: +1 on a 6), D6 each: 4 to the mate, 5 to the enemy
    p, st = blown(monkeypatch, stat(hull=10), 2, [6, 6, 4, 5])
    assert field(p, st, 1, s.S_HULL) == 6 and field(p, st, enemy, s.S_HULL) == 3
    # 3 blazing wreck: no effect in a duel; a Hull 4-6 ship's radius is a D3
    p, st = blown(monkeypatch, stat(hull=5), 2, [3])
    assert field(p, st, 1, s.S_HULL) == 5
    p, st = blown(monkeypatch, stat(hull=5), 2, [6, (3, 1)])
    assert field(p, st, 1, s.S_HULL) == 5  # 1" does not reach the mate at 2"


def test_no_catastrophic_roll_at_hull_3_in_atmosphere_or_on_another_layer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    p, st = blown(monkeypatch, stat(hull=3), 2, [])
    assert field(p, st, 1, s.S_HULL) == 3
    p = duel(stat(hull=8), stat(), (2, 1), layer=s.ATMOSPHERE)
    st = state(p)
    scripted(monkeypatch)
    r.hurt(p, st, None, 0, 99, s.C_FIRE)
    r.settle(p, st, [0] * 5, None)
    assert field(p, st, 1, s.S_HULL) == 8
    p = duel(stat(hull=8), stat(), (2, 1))
    st = state(p)
    st[1 * s.NF + s.S_LAYER] = s.LOW  # the mate has decayed: not on the same layer
    scripted(monkeypatch, 6, 6)
    r.hurt(p, st, None, 0, 99, s.C_FIRE)
    r.settle(p, st, [0] * 5, None)
    assert field(p, st, 1, s.S_HULL) == 8


def test_catastrophic_rows_of_the_dreadnought_table(monkeypatch: pytest.MonkeyPatch) -> None:
    dread = stat(hull=24, dread=1)
    enemy = 2
    # 2-3 fiery descent: sectors and tokens, nothing in a duel
    p, st = blown(monkeypatch, dread, 2, [1])
    assert field(p, st, 1, s.S_HULL) == 24
    # 4 immolation (3 + 1): D3 fires to each ship within 8"
    p, st = blown(monkeypatch, dread, 2, [3, (3, 2), (3, 3)])
    assert field(p, st, 1, s.S_FIRES) == 2 and field(p, st, enemy, s.S_FIRES) == 3
    # 5 superstructure failure: on 5+, 2D6 with saves (the mate: 5, 2D6 = 3, saves fail;
    # the enemy: 4, nothing)
    p, st = blown(monkeypatch, dread, 2, [4, 5, 1, 2, 1, 1, 1, 4])
    assert field(p, st, 1, s.S_HULL) == 21 and field(p, st, enemy, s.S_HULL) == 8
    # 6 magazine detonation: 2 with saves, within 12" (the enemy at long range too)
    p, st = blown(monkeypatch, dread, 2, [5, 1, 1, 6, 1], inches=12)
    assert field(p, st, 1, s.S_HULL) == 22 and field(p, st, enemy, s.S_HULL) == 7
    # 7+ space-time rent: 3+D3 to Hull 6+ (saves), Hull 5- removed with no roll
    p, st = blown(monkeypatch, dread, 2, [6, (3, 1), 1, 1, 1, 1],
                  enemy=stat(hull=4))
    assert field(p, st, 1, s.S_HULL) == 20
    assert field(p, st, enemy, s.S_ALIVE) == 0 and field(p, st, enemy, s.S_HULL) == 4


# --- the Roundup and Clean-Up -------------------------------------------------------------------


def test_fire_before_damage_control_then_decay_then_core_leak(
        monkeypatch: pytest.MonkeyPatch) -> None:
    p = duel(stat(hull=24, dread=1), stat(hull=8))
    st = state(p)
    st[s.S_FIRES], st[s.S_ACF], st[s.S_DECAY], st[s.S_LEAK] = 1, 2, 1, 1
    st[s.S_PASSED] = 2  # already crippled twice: no roll owed
    # damage control: fire 1 (1 Hull, not repaired), containment 4 (one success of two),
    # decay 5 (repaired)
    script = scripted(monkeypatch, 1, 4, 5)
    r.roundup(p, st, [0] * 5, None, 1)
    assert script.done()
    # burning 1 + 2, damage control 1, core leak 3
    assert field(p, st, 0, s.S_HULL) == 24 - 3 - 1 - 3
    assert field(p, st, 0, s.S_FIRES) == 1 and field(p, st, 0, s.S_ACF) == 1
    assert field(p, st, 0, s.S_DECAY) == 0 and field(p, st, 0, s.S_LAYER) == s.HIGH


def test_orbital_decay_into_atmosphere_destroys_without_a_catastrophic_roll(
        monkeypatch: pytest.MonkeyPatch) -> None:
    p = duel(stat(hull=8), stat(hull=8, layer_atmos=1), layer=s.LOW)
    st = state(p)
    for k in (0, 1):
        st[k * s.NF + s.S_DECAY] = 1
    scripted(monkeypatch, 2, 3)  # damage control fails for both
    r.roundup(p, st, [0] * 5, None, 1)
    assert field(p, st, 0, s.S_ALIVE) == 0 and field(p, st, 0, s.S_HULL) == 8
    assert field(p, st, 1, s.S_ALIVE) == 1 and field(p, st, 1, s.S_LAYER) == s.ATMOSPHERE


def test_crippling_from_an_attack_waits_for_the_end_of_the_activation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.api import Recorder

    p = duel(stat(hull=8), stat(hull=4, armour=6))
    st = state(p)
    # A fires 3 dice at Lock 4+: 4, 5, 3 -> 2 hits; B's saves (6+) roll 1, 1: B at 2 Hull,
    # crippled; the crippling roll (1, 1: Bright flash) comes after the volley
    script = scripted(monkeypatch, 4, 5, 3, 1, 1, 1, 1)
    rec = Recorder()
    r.activate(p, st, [0] * 5, rec, 0, 1)
    assert script.done()
    assert field(p, st, 1, s.S_HULL) == 2 and field(p, st, 1, s.S_PENDING) == 0
    codes = [e[0] for e in rec.events or []]
    assert codes.index(s.EV_CRIPPLED) < codes.index(s.EV_CRIPPLING)


def test_r13_crippling_is_rolled_at_the_end_of_the_firing_ships_activation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.api import Recorder

    p = duel(stat(hull=8), stat(hull=4, armour=6), (2, 1))
    st = state(p)
    # A's first ship: 4, 5, 3 -> 2 hits, B saves 1, 1: B at 2 Hull, crippled; its crippling
    # roll (1, 1: Bright flash) comes before A's second ship fires (1, 1, 1: all miss)
    script = scripted(monkeypatch, 4, 5, 3, 1, 1, 1, 1, 1, 1, 1)
    rec = Recorder()
    r.activate(p, st, [0] * 5, rec, 0, 1)
    assert script.done()
    events = rec.events or []
    fires = [i for i, e in enumerate(events) if e[0] == s.EV_FIRE]
    crippling = [i for i, e in enumerate(events) if e[0] == s.EV_CRIPPLING]
    assert len(fires) == 2 and len(crippling) == 1
    assert fires[0] < crippling[0] < fires[1]
