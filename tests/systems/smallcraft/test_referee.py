"""What a referee found playing smallcraft against its seed, item by item: each test
would have caught its finding."""

from __future__ import annotations

import itertools
from decimal import Decimal, getcontext
from typing import Any

import pytest

from shipyard.core.yard import Yard
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat import geometry as geo
from shipyard.systems.smallcraft.profile import derive, profile_rows
from shipyard.systems.smallcraft.rules import drive_cost, drive_g, parts
from tests.systems.smallcraft.conftest import codes
from tests.systems.smallcraft.kit import Duel, scripted
from tests.systems.smallcraft.test_combat_rules import example, spec_of

ARMOR1 = "{type: armor, cblocs: 1}"


@pytest.fixture
def rules(yard: Yard) -> Any:
    return yard.catalog(yard.system("smallcraft")).construction


# --- drive ratings on small hulls (R1) -----------------------------------------------------


@pytest.mark.parametrize("hull", [2, 10, 15, 19, 20, 25, 30, 39, 40, 60, 125, 3000])
def test_r1_a_drive_delivers_the_g_it_was_built_for_on_any_hull(rules: Any, hull: int) -> None:
    for g in range(1, 13):
        cost = drive_cost(hull, g, rules)
        assert cost >= g  # one box per G at least: a hit takes at most the G of its box
        assert drive_g(hull, cost, rules) == g
        assert drive_g(hull, cost - 1, rules) == g - 1


def test_r1_one_g_figure_for_label_profile_sheet_and_fight(craft: Any) -> None:
    from shipyard.systems.smallcraft import sheet
    from shipyard.systems.smallcraft.combat.craft import build

    report = craft(10, "{type: drive, facing: back, g: 1}", ARMOR1, "{type: power, cblocs: 1}")
    d = report.design
    assert parts(d.model, d.catalog)[0].label == "Back drive (1G)"
    assert ("Back drive", "1G") in profile_rows(derive(d.model, d.catalog))
    ratings = dict(sheet.ratings(derive(d.model, d.catalog), d.model, d.catalog))
    assert ratings["Back drive"] == "1G at 1 box"
    spec = build(d.model, d.catalog)
    assert spec.g_of[spec.rows[0].boxes] == 1


def test_r1_the_seeds_drives_stay_golden(yard: Yard) -> None:
    galileo, starfury = spec_of(yard, "galileo"), spec_of(yard, "starfury")
    assert (galileo.rows[0].boxes, galileo.g_of[12], galileo.g_of[11]) == (12, 2, 1)
    assert (starfury.rows[0].boxes, starfury.g_of[9], starfury.g_of[8]) == (9, 3, 2)


def test_r1_a_drive_too_small_for_one_g_is_warned(craft: Any) -> None:
    report = craft(60, "{type: armor, cblocs: 6}", "{type: drive, facing: back, cblocs: 2}")
    assert "drive.no_thrust" in codes(report) and report.legal
    found = next(w for w in report.warnings if w.code == "drive.no_thrust")
    assert "Back drive (0G): 2 cblocs give no thrust on a 60-cbloc hull; 1G needs 3" in (
        found.message)
    assert "drive.no_thrust" not in codes(craft(60, "{type: armor, cblocs: 6}",
                                                "{type: drive, facing: back, cblocs: 3}"))


def test_plurals_in_show(craft: Any) -> None:
    report = craft(20, "{type: armor, cblocs: 2}", "{type: beam, cblocs: 1}",
                   "{type: cargo, tons: 1}", "{type: sensors, range: 1}")
    d = report.design
    assert [p.label for p in parts(d.model, d.catalog)][2] == "Cargo: 1 ton"
    rows = dict(profile_rows(derive(d.model, d.catalog)))
    assert rows["Fixed beam, front"] == "1 dhit, range 15 dhexes"
    assert rows["Sensor range"] == "1 dhex"


# --- hex ties: whole-number hex arithmetic --------------------------------------------------

getcontext().prec = 60
ROOT3 = Decimal(3).sqrt()


def _nearest_by_decimals(a: int, b: int, c: int, d: int) -> set[tuple[int, int]]:
    """Every hex centre nearest the point, to 40 decimal places: two on an edge."""
    x, y = (a + b * ROOT3) / 2, (c + d * ROOT3) / 2
    qf = x / (ROOT3 / 2)
    q0, r0 = int(qf), int(y - qf / 2)
    found = []
    for q, r in itertools.product(range(q0 - 2, q0 + 3), range(r0 - 2, r0 + 3)):
        found.append(((x - q * ROOT3 / 2) ** 2 + (y - Decimal(q) / 2 - r) ** 2, q, r))
    least = min(f[0] for f in found)
    return {(q, r) for dist, q, r in found if dist - least < Decimal(10) ** -40}


def test_a_corner_step_puts_a_craft_on_an_edge_and_its_facing_rules_the_tie() -> None:
    # one dhex toward 1 o'clock: exactly as far from the 12 o'clock hex as from the 2 o'clock one
    assert _nearest_by_decimals(1, 0, 0, 1) == {(0, 1), (1, 0)}
    assert geo.nearest_hex(1, 0, 0, 1, 0) == (0, 1)  # facing 12: the hex in front
    assert geo.nearest_hex(1, 0, 0, 1, 3) == (1, 0)  # facing 3: the hex in front
    assert geo.nearest_hex(1, 0, 0, 1, 1) == (1, 0)  # facing 1, along the edge: on its right
    assert geo.nearest_hex(1, 0, 0, 1, 7) == (0, 1)  # facing 7: its right is the 12's
    # a level edge: one dhex toward 3 o'clock is between the 2 and 4 o'clock hexes
    assert _nearest_by_decimals(2, 0, 0, 0) == {(1, 0), (1, -1)}
    assert geo.nearest_hex(2, 0, 0, 0, 0) == (1, 0)  # facing 12: the upper one is in front
    assert geo.nearest_hex(2, 0, 0, 0, 6) == (1, -1)  # facing 6: the lower one


def test_a_hex_tie_is_ruled_alike_for_a_craft_and_its_mirror_image() -> None:
    """Side B stands where side A's mirror image across the map would (turned 180°: every
    position, velocity and facing the other way round), so a tie ruled by the map (the hex to
    the right, or the upper one) put the two sides' craft in different hexes after
    mirror-image burns, and `battle X Y` and `battle Y X` disagreed by up to 13 points. Ruled
    by the craft's own facing, a mirror-image position is the mirror-image hex: for every
    point a craft can be at near the origin, every facing."""
    for p in _positions(3):
        mirror = (-p[0], -p[1], -p[2], -p[3])
        for face in range(12):
            q, r = geo.nearest_hex(*p, face)
            assert geo.nearest_hex(*mirror, (face + 6) % 12) == (-q, -r), (p, face)
            near = _nearest_by_decimals(*p)
            assert (q, r) in near, (p, face)
            if len(near) == 2:  # the other is behind it, or square across it on its left
                (oq, or_), = near - {(q, r)}
                assert geo.facing_prefers(q - oq, r - or_, face), (p, face)


def test_missiles_and_launches_break_ties_alike_for_mirror_images() -> None:
    """A missile's hex on its line, and the hex a launch appears in, are mirror images for a
    mirror-image shot (a tie was the hex to the right, or the first in clock order from 12)."""
    for tq in range(-6, 7):
        for tr in range(-6, 7):
            n = geo.hex_distance(tq, tr)
            for steps in range(1, n):
                q, r = geo.toward(1, -2, 1 + tq, -2 + tr, steps)
                assert geo.toward(-1, 2, -1 - tq, 2 - tr, steps) == (-q, -r), (tq, tr, steps)
            for face in range(12):
                if n > 1:
                    q, r = geo.launch_hex(0, 0, tq, tr, face)
                    assert geo.hex_distance(tq - q, tr - r) == n - 1
                    assert geo.launch_hex(0, 0, -tq, -tr, (face + 6) % 12) == (-q, -r)


def test_a_velocity_of_length_1_41_counts_as_moving_1() -> None:
    # 1 top + 1 toward 3 o'clock: √2 dhexes a dturn, ending on the edge of a 1- and a 2-dhex hex
    assert geo.speed(2, 0, 2, 0) == 1
    assert geo.speed(0, 3, 3, 0) == 3  # 3 top-right: on a hex centre


def _positions(radius: int) -> list[tuple[int, int, int, int]]:
    """Points a craft can be at: every hex centre within `radius`, and each moved by a corner
    step or two (on an edge or inside a hex)."""
    corners = [(0, 0), (1, 1), (2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (2, 2), (3, 1)]
    out = []
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            for a, d in corners:
                out.append((a, q, q + 2 * r, d))
    return out


def test_the_hex_of_every_position_within_detection_range_is_exact() -> None:
    points = _positions(20)
    got = [geo.nearest_hex(*p, 0) for p in points]
    for p, hex_ in zip(points[::7], got[::7], strict=True):  # every 7th against decimals
        near = _nearest_by_decimals(*p)  # on an edge, facing 12: the upper one, in front
        upper = max(near, key=lambda h: h[0] + 2 * h[1])
        assert hex_ in near and (len(near) == 1 or hex_ == upper), p


def test_range_and_bearing_are_symmetric_for_every_position_within_detection_range() -> None:
    """Each craft's view of the other agrees (the same range, opposite bearings, the same on
    compiled or not: whole numbers), wherever on the map the pair stands."""
    near = _positions(2)
    far = _positions(20)
    shift = (0, 7, 7 + 2 * -3, 0)  # a whole hex away: nothing may change
    def add(v: tuple[int, ...], w: tuple[int, ...]) -> tuple[int, int, int, int]:
        return (v[0] + w[0], v[1] + w[1], v[2] + w[2], v[3] + w[3])

    for pa in near[:: 3]:
        ha = geo.nearest_hex(*pa, 0)
        ha2 = geo.nearest_hex(*add(pa, shift), 0)
        for pb in far[:: 5]:
            hb = geo.nearest_hex(*pb, 6)
            dq, dr = hb[0] - ha[0], hb[1] - ha[1]
            ab, ba = geo.hex_distance(dq, dr), geo.hex_distance(-dq, -dr)
            assert ab == ba
            if (dq, dr) != (0, 0):
                assert geo.bearing(-dq, -dr, 0) == (geo.bearing(dq, dr, 0) + 6) % 12
                assert geo.sector(-dq, -dr) == (geo.sector(dq, dr) + 24) % 48
            hb2 = geo.nearest_hex(*add(pb, shift), 6)
            assert (hb2[0] - ha2[0], hb2[1] - ha2[1]) == (dq, dr)


def test_bearings_and_arcs_are_whole_number_arithmetic() -> None:
    import math

    vectors = [(q, r) for q in range(-25, 26) for r in range(-25, 26) if (q, r) != (0, 0)]
    for q, r in vectors:
        code = geo.sector(q, r)
        phi = math.degrees(math.atan2(q * math.sqrt(3) / 2, q / 2 + r)) % 360 / 15
        expected = 2 * round(phi) % 48 if abs(phi - round(phi)) < 1e-9 else 2 * int(phi) + 1
        assert code == expected, (q, r)
    for low, width in ((23, 2), (0, 4), (5, 6)):  # an arc holds the sectors from low to width
        for q, r in vectors[::11]:
            t2 = (12 - geo.sector(q, r)) % 48
            assert geo.in_arc(low, width, q, r) is ((t2 - 2 * low) % 48 <= 2 * width)


def test_transverse_movement_is_exact() -> None:
    # 1 dhex a dturn toward 12 o'clock, fired on along the 2 o'clock line: sin 60° = 0.866 -> 1;
    # along the 1 o'clock line (the hex (1, 1)): sin 30° = exactly a half, which rounds down
    assert geo.transverse(0, 0, 2, 0, 1, 0) == 1
    assert geo.transverse(0, 0, 2, 0, 1, 1) == 0
    assert geo.transverse(0, 0, 6, 0, 1, 1) == 1  # 1.5 -> 1
    assert geo.transverse(0, 0, 6, 0, 1, 0) == 3  # 2.598 -> 3


def test_missiles_fly_to_the_exact_hex_on_their_line() -> None:
    from fractions import Fraction

    for tq, tr in ((3, 0), (2, 1), (4, -2), (5, 2), (-3, 6)):
        n = geo.hex_distance(tq, tr)
        for steps in range(1, n):
            q, r = geo.toward(0, 0, tq, tr, steps)
            pq, pr = Fraction(tq * steps, n), Fraction(tr * steps, n)
            # the nearest; on a tie the one further along the line, then the one on its right
            best = min(((pq - cq) ** 2 + (pq - cq) * (pr - cr) + (pr - cr) ** 2,
                        -(2 * cq * tq + 2 * cr * tr + cq * tr + cr * tq), tq * cr - tr * cq,
                        cq, cr)
                       for cq in range(-8, 9) for cr in range(-8, 9))
            assert (q, r) == best[3:]


# --- R8: escapes, harmless craft, power lost next dturn --------------------------------------


def test_r8_the_craft_that_ran_is_the_one_that_escaped(yard: Yard) -> None:
    from shipyard.core.combat import Terms, fight_once
    from shipyard.systems.smallcraft.combat import SUPPORT

    a, b = example(yard, "starfury"), example(yard, "raider")
    result = fight_once(SUPPORT, SUPPORT.prepare(a, b, Terms()), 274)
    # the Starfury, disarmed, runs: not past its own detection range (20) but the Raider's
    # (22, a sensor box lost), and that is its escape (R8 used to stop at its own)
    assert result.outcome.reason == "escaped" and result.outcome.winner is None
    assert result.outcome.text == ("Starfury escaped: it opened the range to 30 dhexes from "
                                   "Raider delta-wing, beyond Raider delta-wing's detection "
                                   "range of 22")


def test_r8_losing_the_last_power_box_counts_at_the_end_of_the_dturn(
        craft: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    a = craft(20, "{type: armor, cblocs: 2}", "{type: beam, cblocs: 2}",
              "{type: power, cblocs: 1}", "{type: crew, people: 1}").design
    b = craft(20, "{type: armor, cblocs: 2}", "{type: beam, cblocs: 4}",
              "{type: power, cblocs: 1}", "{type: crew, people: 1}").design
    duel = Duel(a, b, range=2)
    scripted(monkeypatch, [10, 1,  # initiative: A first
                           1, 7,  # A hits: an armor box, then d20 7, B's one power box
                           1, 15, 16])  # B still fires on this dturn's power: a hit, 2 boxes
    end = duel.dturn(1)
    texts = duel.texts()
    assert any("box 7, Power; 0 of 1 left, supply 0 cunits from next dturn" in t for t in texts)
    assert any(t.startswith("Test (B) fires Fixed beam weapon, facing forward (4 dhits)")
               for t in texts)
    assert end == 2 * f.POWER_LOST  # A wins
    assert texts[-1].endswith("(power lost takes effect next dturn)")


# --- who aims: a gunner, the computer for a turret, the pilot for a fixed beam ----------------

TURRET_BOAT = ("{type: drive, facing: back, g: 2}", "{type: armor, cblocs: 6}",
               "{type: screens, cblocs: 4}",
               "{type: beam, mount: turret, facing: front, cblocs: 4}",
               "{type: beam, mount: fixed, facing: front, cblocs: 3}",
               "{type: power, cblocs: 4}", "{type: crew, people: 1}")


def test_gunner_crew_is_refused_on_a_one_person_craft(craft: Any) -> None:
    from tests.cli import shipyard
    from tests.conftest import ROOT

    examples = ROOT / "catalogs" / "smallcraft" / "examples"
    run = shipyard("duel", examples / "starfury.yaml", examples / "raider.yaml", "--seed", "1",
                   "--crew-b", "gunner=crew")
    assert run.code == 2
    assert ("gunner=crew: Raider delta-wing carries 1 person, so its pilot is its gunner; "
            "give gunner=pilot") in run.err
    report = craft(20, "{type: armor, cblocs: 2}", "{type: crew, people: 1}",
                   extra="combat: {pilot_is_gunner: false}\n")
    assert "combat.gunner" in codes(report) and not report.legal
    two = craft(20, "{type: armor, cblocs: 2}", "{type: crew, people: 2}",
                extra="combat: {pilot_is_gunner: false}\n")
    assert "combat.gunner" not in codes(two)


def _checks(duel: Duel) -> dict[str, Any]:
    from shipyard.core.combat import Check

    out = {}
    for e in duel.events():
        if e.phase == "beams" and e.rolls and isinstance(e.rolls[0], Check):
            out[e.text.split(" fires ")[1].split(" (")[0]] = e.rolls[0]
    return out


def _powered(duel: Duel, cunits: list[int]) -> Duel:
    for row, n in enumerate(cunits):
        duel.st[duel.t[f.S_POWER] + row] = n
    return duel


def test_a_turret_with_no_gunner_is_aimed_by_the_computer(
        craft: Any, yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    boat = craft(60, *TURRET_BOAT).design
    scripted(monkeypatch, [100, 100, 100])
    duel = _powered(Duel(boat, example(yard, "raider"), range=3, geometry="head-on"),
                    [0, 0, 0, 5, 3, 0, 0])
    f.shoot(duel.a, duel.rec, 0, 0, 1)
    f.shoot(duel.a, duel.rec, 0, 1, 1)
    checks = _checks(duel)
    turret = checks["Turreted beam weapon, aimed forward"]
    fixed = checks["Fixed beam weapon, facing forward"]
    assert (turret.what, turret.base, [m.label for m in turret.modifiers]) == (
        "computer gunnery", 40, ["target moving 0"])
    assert (fixed.what, fixed.base, [m.label for m in fixed.modifiers]) == (
        "gunnery", 50, ["pilot firing", "target moving 0"])
    other = _powered(Duel(boat, example(yard, "raider"), range=3, crew=({"computer": 65}, {})),
                     [0, 0, 0, 5, 3, 0, 0])
    f.shoot(other.a, other.rec, 0, 0, 1)
    assert _checks(other)["Turreted beam weapon, aimed forward"].target == 65


# --- missiles reach 15 dhexes, as all craft weaponry ------------------------------------------

LANCER = ("{type: drive, facing: back, g: 2}", "{type: armor, cblocs: 6}",
          "{type: launch_tubes, count: 3}", "{type: missiles, cblocs: 2, move: 6, damage: 4}",
          "{type: power, cblocs: 3}", "{type: crew, people: 1}")


def test_a_missile_is_spent_after_15_dhexes(craft: Any, yard: Yard) -> None:
    lancer = craft(60, *LANCER, extra="tech_level: 10\n").design
    duel = Duel(lancer, example(yard, "raider"), range=20)
    at = duel.t[f.S_FLIGHTS]
    # 3 missiles 20 dhexes off with 2 dhexes of reach left (13 flown)
    for field, value in ((f.F_OWNER, 0), (f.F_COUNT, 3), (f.F_MOVE, 6), (f.F_DAMAGE, 4),
                         (f.F_FLOWN, 13), (f.F_TARGET, 1)):
        duel.st[at + field] = value
    duel.st[f.FLIGHTS] = 1
    assert f.missiles_fly(duel.a, duel.rec) == -1
    assert duel.st[f.FLIGHTS] == 0
    assert duel.texts()[-1] == ("3 missiles of Test are spent at hex 0,2: 15 dhexes flown, "
                                "the 15-dhex reach of craft weaponry")


def test_missiles_are_launched_only_within_15_dhexes(craft: Any, yard: Yard) -> None:
    from shipyard.errors import UserError
    from shipyard.systems.smallcraft.combat.pilot import Pilot

    class Eager(Pilot):
        def launch(self, s: Any) -> dict[int, int]:
            return {s.me.spec.missiles[0].row: 1}

    lancer = craft(60, *LANCER, extra="tech_level: 10\n").design
    duel = Duel(lancer, example(yard, "raider"), range=20, rules={"quickness-die": "off"},
                pilots=(Eager, None))
    with pytest.raises(UserError) as err:
        duel.dturn(1)
    assert "craft weaponry reaches 15 dhexes" in str(err.value)


def test_the_header_says_which_optional_rules_are_on(yard: Yard) -> None:
    from shipyard.core.combat import Terms
    from shipyard.systems.smallcraft.combat import SUPPORT

    a, b = example(yard, "starfury"), example(yard, "raider")
    readings = "; readings: missile-screens=literal, screens-remainder=at-or-under"
    on = SUPPORT.prepare(a, b, Terms()).notes[2]
    assert on == "optional rules: quickness-die (d10 added to each Quickness)" + readings
    off = SUPPORT.prepare(a, b, Terms(rules={"quickness-die": "off", "transverse": "on"}))
    assert off.notes[2] == "optional rules: transverse" + readings
    assert SUPPORT.prepare(a, b, Terms(rules={"quickness-die": "off"})).notes[2] == (
        "optional rules: none" + readings)


# --- odds decides its cost before the work -------------------------------------------------

BIG = """system: smallcraft
name: Leviathan
hull: 3000
components:
  - {type: drive, facing: back, g: 2}
  - {type: armor, cblocs: 300}
  - {type: screens, cblocs: 100}
  - {type: beam, cblocs: 400}
  - {type: beam, cblocs: 400}
  - {type: beam, mount: turret, cblocs: 400}
  - {type: power, cblocs: 250}
  - {type: crew, people: 100}
  - {type: cargo, tons: 10}
"""


def test_odds_on_big_craft_is_sampled_within_its_budget(tmp_path: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Too big to enumerate, the volley is sampled as many times as the sampling budget affords
    by the work model (microseconds a volley, from the sheet), and never enumerated first; the
    model's fit to a real machine is bench's to measure, not a test's."""
    import subprocess
    import sys

    from shipyard.core.options import Terms
    from shipyard.systems.smallcraft.combat import odds

    path = tmp_path / "leviathan.yaml"
    path.write_text(BIG, encoding="utf-8")
    design = Yard().read(path)
    costs: list[float] = []
    played: list[int] = []
    enumerated: list[object] = []
    cost, sampled, exact = odds.sample_cost, odds._sampled, odds._exact
    monkeypatch.setattr(odds, "sample_cost", lambda v: costs.append(cost(v)) or costs[-1])
    monkeypatch.setattr(odds, "_sampled", lambda *a: played.append(a[4]) or sampled(*a))
    monkeypatch.setattr(odds, "_exact", lambda *a: enumerated.append(a) or exact(*a))
    for samples in (1, 20_000):
        report = odds.volley(design, design, Terms(range=3), samples, 1)
        assert not report.exact and report.samples == played[-1]
        assert played[-1] == min(samples, max(1, int(odds.SAMPLING_BUDGET // costs[-1])))
    assert enumerated == [] and 1 < played[-1] < 20_000
    assert played[-1] * costs[-1] <= odds.SAMPLING_BUDGET
    assert any("sampled, all that fit the time limit" in n for n in report.notes)
    # the whole command, in its own process: under 500 MB
    # its own peak: Linux carries ru_maxrss over fork and exec (this pytest process may be
    # large after compiling fight rules), so the command reads its own VmHWM where there is one
    code = ("import resource, runpy, sys\n"
            f"sys.argv = ['shipyard', 'odds', {str(path)!r}, {str(path)!r}, '--range', '3', "
            "'--seed', '1']\n"
            "try:\n    runpy.run_module('shipyard', run_name='__main__')\n"
            "except SystemExit as end:\n    assert not end.code, end.code\n"
            "try:\n    peak = next(int(line.split()[1]) for line in open('/proc/self/status')"
            " if line.startswith('VmHWM:'))\n"
            "except OSError:\n    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "print(peak, file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert "sampled:" in run.stdout
    assert int(run.stderr.strip().splitlines()[-1]) < 500 * 1024  # KB


def test_exact_odds_stay_exact_where_they_fit(yard: Yard) -> None:
    from shipyard.core.options import Terms
    from shipyard.systems.smallcraft.combat import odds

    for a, b in (("raider", "starfury"), ("galileo", "galileo"), ("starfury", "galileo")):
        report = odds.volley(example(yard, a), example(yard, b), Terms(range=1), 20_000, 1)
        assert report.exact
