"""What a referee found reading smallcraft against its text (screens against missiles, the
remainder's d6, escape, the default pilot's braking) and the pilot's rounding, item by item:
each test fails on the code before the fix."""

from __future__ import annotations

import math
import random
from decimal import Decimal, getcontext
from fractions import Fraction

import pytest

from shipyard.core import render
from shipyard.core.combat import Terms
from shipyard.core.stream import new_stream
from shipyard.core.yard import Yard
from shipyard.systems.smallcraft.combat import SUPPORT
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat import table as tables
from shipyard.systems.smallcraft.combat.geometry import UNIT_A, UNIT_B, UNIT_C, UNIT_D
from shipyard.systems.smallcraft.combat.pilot import Pilot, Situation
from tests.systems.smallcraft.kit import Duel, scripted
from tests.systems.smallcraft.test_combat_rules import example


def card_html(yard: Yard, **rules: str) -> str:
    system = yard.system("smallcraft")
    catalog = yard.catalog(system)
    if rules:
        combat = catalog.combat.model_copy(update={"rules": {**catalog.combat.rules, **rules}})
        catalog = catalog.model_copy(update={"combat": combat})
    return render.html(render.Page(system.cards(catalog)), "a4")


# --- R6, screens against missiles as the text reads -------------------------------------------


def test_r6_by_default_screens_repel_five_missiles_in_six(yard: Yard) -> None:
    table = yard.catalog(yard.system("smallcraft")).combat
    assert tables.switches(table, {}).literal_missile_screens
    assert not tables.switches(table, {"missile-screens": "as-beams"}).literal_missile_screens
    rng = new_stream(7)
    # six missiles at screens 6: one penetrates, five repelled (the analogy let five through)
    assert f.screen_literal(rng, 6, 6, 6, 0)[0] == 5
    assert f.screen_literal(rng, 12, 4, 6, 0)[0] == 4  # at most the screen power level
    assert f.screen_literal(rng, 4, 0, 6, 0)[0] == 0  # no screens up: all through


def test_r6_a_lone_missile_is_repelled_five_times_in_six(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, [2, 1])
    assert f.screen_literal([0] * 5, 1, 4, 6, 0)[0] == 1  # d6 2 > 1: it does not penetrate
    assert f.screen_literal([0] * 5, 1, 4, 6, 0)[0] == 0  # d6 1 ≤ 1: it penetrates


def test_r6_the_card_and_the_header_say_which_reading_is_in_force(yard: Yard) -> None:
    assert "one in six penetrates" in card_html(yard)
    assert "stop one missile in six, as they stop dhits" in card_html(
        yard, **{"missile-screens": "as-beams"})
    a, b = example(yard, "starfury"), example(yard, "raider")
    notes = SUPPORT.prepare(a, b, Terms()).notes
    assert any("missile-screens=literal" in n for n in notes)


# --- R12, the remainder's d6 ------------------------------------------------------------------


def test_r12_a_d6_at_or_under_the_remainder_adds_one(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, [5, 6, 1, 5])
    assert f.screen([0] * 5, 5, 6, 6, 0)[0] == 1  # 5 ≤ 5: +1
    assert f.screen([0] * 5, 5, 6, 6, 0)[0] == 0  # 6 > 5
    assert f.screen([0] * 5, 7, 6, 6, 0)[0] == 2  # remainder 1: a 1 adds one
    assert f.screen([0] * 5, 5, 6, 6, 1)[0] == 0  # --rule screens-remainder=below: 5 is not < 5
    assert f.screen([0] * 5, 7, 6, 6, 1)[0] == 1  # strictly below 1: no die is rolled


def test_r12_screens_absorb_one_dhit_in_six_on_average(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five dhits into screens 6: 5/6 absorbed on average (the strict reading gave 4/6), over
    every face of the one d6 the remainder rolls."""
    for strict, mean in ((0, Fraction(5, 6)), (1, Fraction(4, 6))):
        left = scripted(monkeypatch, [1, 2, 3, 4, 5, 6])
        total = sum(f.screen([0] * 5, 5, 6, 6, strict)[0] for _ in range(6))
        assert left == [] and Fraction(total, 6) == mean


def test_r12_the_card_and_the_header_say_which_reading_is_in_force(yard: Yard) -> None:
    assert "plus 1 if a d6 rolls at or under the remainder" in card_html(yard)
    assert "plus 1 if a d6 rolls under the remainder" in card_html(
        yard, **{"screens-remainder": "below"})
    a, b = example(yard, "starfury"), example(yard, "raider")
    assert any("screens-remainder=below" in n for n in SUPPORT.prepare(
        a, b, Terms(rules={"screens-remainder": "below"})).notes)


# --- R8, an escape is a choice ----------------------------------------------------------------


class Drifter(Pilot):
    """Fires no drive: the craft drift as they move."""

    def thrust(self, s: Situation) -> dict[int, int]:
        return {}


def test_r8_drifting_beyond_one_detection_range_is_no_escape(yard: Yard) -> None:
    """The Starfury (detection 20) and the Galileo (40) drift apart 2 dhexes a dturn: past 20
    the Galileo still sees the Starfury and neither runs, so the fight goes on; past 40 they
    have lost contact. (R8 used to call it an escape at 21.)"""
    duel = Duel(example(yard, "starfury"), example(yard, "galileo"), pilots=(Drifter, Drifter),
                range=19, geometry="pursuit")
    duel.put(1, f.VA, (0, 0, 4, 0))  # the Galileo: 2 top, away
    end = -1
    for dturn in range(1, 40):
        end = duel.dturn(dturn)
        if end >= 0:
            break
    assert end == f.LOST_CONTACT
    assert f.apart(duel.a, 0, 1) == 41


def test_r8_a_craft_that_runs_beyond_its_enemys_detection_escapes(yard: Yard) -> None:
    """The first Galileo–Raider fight of series seed 1 that ends in an escape: the craft that
    escaped has no weapon left, fired its drive away from its enemy on the last dturn, and is
    beyond its enemy's detection range (not merely its own)."""
    from shipyard.core.stream import derive_seed

    galileo, raider = example(yard, "galileo"), example(yard, "raider")
    for i in range(300):
        duel = Duel(galileo, raider, seed=derive_seed(1, i))
        end = -1
        for dturn in range(1, 201):
            end = duel.dturn(dturn)
            if end >= 0:
                break
        if end != f.ESCAPED:
            continue
        runner = next(e for e in duel.rec.events or [] if e[0] == f.EV_END)[3]
        assert not f.armed(duel.a, runner)
        assert duel.a[runner * f.NS + f.RUNNING] == 1
        assert f.apart(duel.a, 0, 1) > f.detection(duel.a, 1 - runner)
        names = ("Galileo", "Raider delta-wing")
        assert duel.texts()[-1] == (
            f"{names[runner]} escaped: it opened the range to {f.apart(duel.a, 0, 1)} dhexes from "
            f"{names[1 - runner]}, beyond {names[1 - runner]}'s detection range of "
            f"{f.detection(duel.a, 1 - runner)}")
        return
    pytest.fail("no escape in 300 fights")


# --- the default pilot brakes and turns its drive where it must burn --------------------------


def test_the_pilot_turns_its_drive_to_brake_out_of_reach_then_back_to_fire(yard: Yard) -> None:
    """The Galileo (one back drive, a front beam) 20 dhexes from the Raider, closing at 6
    dhexes/dturn, more than it wants: out of beam reach it turns its back drive toward the
    Raider, away from firing, to brake (it used to keep its beam on the foe and could never
    brake); at rest, closing as it wants, it faces the Raider again."""
    duel = Duel(example(yard, "galileo"), example(yard, "raider"), range=20)
    duel.put(0, f.VA, (0, 0, 12, 0))  # 6 top, at the Raider
    assert f.facing_wish(duel.a, 0) == 6  # the back drive pushes toward 12 o'clock from 6
    assert abs(f.turn_wish(duel.a, 0)) == 2  # 60° a dturn, either way round
    duel.put(0, f.VA, (0, 0, 0, 0))
    assert f.facing_wish(duel.a, 0) == 0
    # within reach, 10 dhexes off, closing 6 a dturn where it wants 3: it turns to brake as
    # well, its drive toward 5 o'clock: braking, and moving across the line (clockwise)
    duel.put(1, f.PA, (0, 0, 20, 0))
    duel.put(0, f.VA, (0, 0, 12, 0))
    assert f.facing_wish(duel.a, 0) == 5


def test_the_pilot_keeps_moving_across_the_line_of_fire_within_reach(yard: Yard) -> None:
    """At its standoff, at rest, the pilot wants `evasion` dhexes/dturn across the line (half
    of it a dturn while the foe steers too): its own speed is a defence."""
    duel = Duel(example(yard, "starfury"), example(yard, "raider"), range=4)
    ca, cb, cc, cd = f.wanted_change(duel.a, 0)
    x = (ca + cb * math.sqrt(3)) / (2 * f.SCALE)
    y = (cc + cd * math.sqrt(3)) / (2 * f.SCALE)
    assert abs(abs(x) - 1.0) < 1e-9 and abs(y) < 1e-9  # 1 across, nothing along the line


def test_galileo_and_raider_no_longer_drift_apart_armed(yard: Yard) -> None:
    """Seed 2, the referee's fight: both craft armed fired no drive for four dturns while the
    range opened 11 → 26, and the Raider 'escaped'. Now neither drifts off armed: an escape
    is a craft with no weapon left, running."""
    duel = Duel(example(yard, "galileo"), example(yard, "raider"), seed=2)
    end = -1
    for dturn in range(1, 201):
        end = duel.dturn(dturn)
        if end >= 0:
            break
    if end == f.ESCAPED:
        runner = next(e for e in duel.rec.events or [] if e[0] == f.EV_END)[3]
        assert not f.armed(duel.a, runner)
    assert end != f.LOST_CONTACT or not (f.mobile(duel.a, 0) and f.mobile(duel.a, 1))


# --- the pilot's rounding, exactly ----------------------------------------------------------


def reference_burn(apart: int, bearing: int) -> int:
    """The G the Galileo's back drive fires on dturn 1, facing 12 o'clock, both craft at rest,
    the Raider `apart` dhexes off toward clock direction `bearing`: half of the change it wants
    (closing 0.5 a dhex beyond 4, at most 4, along the line; 2 across it, clockwise, within
    15 dhexes), along the drive, the nearest whole G, a half down; in Fractions with √3 to 50
    digits (never a float)."""
    getcontext().prec = 50
    half3 = Decimal(3).sqrt() / 2
    cos = [Decimal(1), half3, Decimal("0.5"), Decimal(0), Decimal("-0.5"), -half3,
           Decimal(-1), -half3, Decimal("-0.5"), Decimal(0), Decimal("0.5"), half3]
    closing = max(min(Fraction(apart - 4) / 2, 4), -4)
    across = 2 if apart <= 15 else 0
    x = (Decimal(closing.numerator) / Decimal(closing.denominator) * cos[bearing % 12]
         + across * cos[(bearing + 3) % 12]) / 2
    n = -int((Decimal("0.5") - x).to_integral_value(rounding="ROUND_FLOOR"))
    return max(0, min(n, 2))


@pytest.mark.parametrize(("q", "r"), [(0, 6), (0, 8), (0, 10), (0, 14), (3, 3), (5, 0),
                                      (-5, 10), (4, 4), (6, -3), (2, 8)])
def test_the_first_burn_on_the_rounding_half_is_the_exact_one(yard: Yard, q: int,
                                                               r: int) -> None:
    """Where half the wanted closing along the drive is exactly k + ½ (ranges 6, 10) or
    irrational, the burn is the exact nearest G, a half down (the float
    floor(0.5 − x) could fall either way on a half); a series row of the same fight equals it
    compiled (test_combat_fights: the pairings at ranges 6 and 10)."""
    from shipyard.systems.smallcraft.combat.geometry import bearing, hex_distance

    duel = Duel(example(yard, "galileo"), example(yard, "raider"), range=1)
    duel.put(1, f.PA, (0, q, q + 2 * r, 0))
    f.plan(duel.a, 0)
    burn = duel.a[duel.a[f.S_THRUST]]  # the Galileo's one drive
    assert burn == reference_burn(hex_distance(q, r), bearing(q, r, 0))


def test_nearest_g_rounds_a_half_down_exactly() -> None:
    for n in range(-3, 4):  # x = n + ½ along 12 o'clock: (0, 0, (2n + 1)·SCALE, 0)
        assert f.nearest_g(0, 0, (2 * n + 1) * f.SCALE, 0, 0) == n
        assert f.nearest_g(0, 0, (2 * n + 1) * f.SCALE + 1, 0, 0) == n + 1


def exact_part(c: tuple[int, int, int, int], k: int) -> tuple[int, int]:
    """4·SCALE × the part of change c along clock direction k, as (p, q) meaning p + q√3."""
    ua, ub, uc, ud = UNIT_A[k], UNIT_B[k], UNIT_C[k], UNIT_D[k]
    ca, cb, cc, cd = c
    return (ca * ua + 3 * cb * ub + cc * uc + 3 * cd * ud,
            ca * ub + cb * ua + cc * ud + cd * uc)


def root3(p: int, q: int) -> Decimal:
    getcontext().prec = 60
    return Decimal(p) + Decimal(q) * Decimal(3).sqrt()


def changes() -> list[tuple[int, int, int, int]]:
    """Seeded velocity changes: any size, on a clock line or halfway between two (ties), a
    whole G and a half along a direction (the rounding's edge), nearly nothing."""
    rnd = random.Random(24)
    out: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
    for i in range(3000):
        m = rnd.choice([3, 4000, 40_000, 8_000_000])
        c = tuple(rnd.randint(-m, m) for _ in range(4))
        k, g = rnd.randrange(12), rnd.randint(-40, 40)
        if i % 4 == 1:  # on a clock line, or halfway between two
            k2 = (k + i % 2) % 12
            c = tuple(g * f.SCALE * (u[k] + u[k2]) for u in (UNIT_A, UNIT_B, UNIT_C, UNIT_D))
        elif i % 4 == 2:  # n + ½ along a direction, or a unit either side of it
            c = tuple((2 * g + 1) * f.SCALE * u[k] + rnd.choice([-1, 0, 1])
                      for u in (UNIT_A, UNIT_B, UNIT_C, UNIT_D))
        elif i % 4 == 3:  # a + b√3 near 0 in x and in y
            b = rnd.randint(1, 10**6)
            c = (-round(b * math.sqrt(3)), b, round(b * math.sqrt(3)), -b)
        out.append(c)  # type: ignore[arg-type]
    return out


def test_the_steering_helpers_equal_an_exact_reference() -> None:
    """steepest, nearest_g and beyond_half decide by floats where a float is clearly right
    (the pilot's steering, cheaper) and exactly elsewhere: each equals a 60-digit
    reference on ties, halves and near-zero changes (√3 is irrational, so two parts tie only
    when their whole numbers are equal)."""
    for c in changes():
        parts = [exact_part(c, k) for k in range(12)]
        for face in (0, 5, 6):  # a tie goes to the direction nearer the craft's facing
            top = max(range(12), key=lambda k: (root3(*parts[k]), -f._turn(face, k)))
            assert f.steepest(*c, face) == top, (c, face)
            mirror = tuple(-x for x in c)
            assert f.steepest(*mirror, (face + 6) % 12) == (top + 6) % 12, (c, face)
        for k in range(12):
            x = root3(*parts[k]) / (4 * f.SCALE)  # n − ½ < x ≤ n + ½: a half rounds down
            n = -int((Decimal("0.5") - x).to_integral_value(rounding="ROUND_FLOOR"))
            assert f.nearest_g(*c, k) == n, (c, k)
            assert f.beyond_half(*c, k) == (n >= 1), (c, k)


def test_the_pilot_turns_its_strongest_drive_along_its_burn(yard: Yard) -> None:
    """The Starfury (back and front drives of 3G, left and right of 1G, top and bottom) 20
    dhexes from the Raider, drifting 3 dhexes/dturn toward 2 o'clock: out of reach, it turns
    to burn toward 10 o'clock, its back drive (its strongest) along the burn. The facing used
    the push of the last drive in the loop before it (the bottom drive's −1, no push at all)
    and turned 30° off the burn, toward 11 o'clock."""
    duel = Duel(example(yard, "starfury"), example(yard, "raider"), range=20)
    duel.put(0, f.VA, tuple(3 * u[2] for u in (UNIT_A, UNIT_B, UNIT_C, UNIT_D)))
    assert f.steepest(*f.wanted_change(duel.a, 0), 0) == 10
    assert f.strongest(duel.a, 0) % 12 == 0  # the back drive pushes along the facing
    assert f.facing_wish(duel.a, 0) == 10
