"""smallcraft combat, rule by rule: the seed's dphases, Inflicting Damage, Damage Effects and
rulings R3, R5-R8 of systems/smallcraft.md."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest

from shipyard.core.combat import Check, Terms
from shipyard.core.stream import new_stream
from shipyard.core.yard import Design, Yard
from shipyard.errors import UserError
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat import geometry as g
from shipyard.systems.smallcraft.combat.craft import DRIVE_PUSH, Spec, build
from shipyard.systems.smallcraft.combat.narrator import describe_velocity, legs
from shipyard.systems.smallcraft.combat.pilot import Pilot
from tests.conftest import ROOT
from tests.systems.smallcraft.kit import Duel, scripted

EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"


def example(yard: Yard, stem: str) -> Design:
    return yard.read(EXAMPLES / f"{stem}.yaml")


def spec_of(yard: Yard, stem: str) -> Spec:
    d = example(yard, stem)
    return build(d.model, d.catalog)


def two_aboard(design: Design) -> Design:
    """The design with a second person in its crew row, so that one may be its gunner."""
    from dataclasses import replace

    components = [c.model_copy(update={"people": 2}) if c.type == "crew" else c
                  for c in design.model.components]
    return replace(design, model=design.model.model_copy(update={"components": components}))


def thrust(k: int, n: int) -> tuple[int, int, int, int]:
    return (g.UNIT_A[k % 12] * n, g.UNIT_B[k % 12] * n, g.UNIT_C[k % 12] * n,
            g.UNIT_D[k % 12] * n)


def add(v: tuple[int, ...], w: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (v[0] + w[0], v[1] + w[1], v[2] + w[2], v[3] + w[3])


# --- dPhase 2: movement ------------------------------------------------------------------


def push(facing: int, drive: str) -> int:
    return (facing + (DRIVE_PUSH[drive] or 0)) % 12


def test_velocity_is_a_vector_the_seeds_examples() -> None:
    # "A craft not moving, facing to the top of the map, which fires its rear thrusters at 3G,
    # is now moving 3 dhexes per dturn topwards. If on the next dturn the pilot fires hir front
    # thrusters at 2G, sie is now moving 1 dhex per dturn topwards."
    v = thrust(push(0, "back"), 3)
    assert describe_velocity(*v) == "3 top"
    v = add(v, thrust(push(0, "front"), 2))
    assert describe_velocity(*v) == "1 top"
    # "someone going 3 dhexes/dturn topwards has rotated left one hex-side; they then thrust at
    # 3G ... track it as 3 topwards, 3 top-left-wards"
    v = add(thrust(0, 3), thrust(push(10, "back"), 3))
    assert sorted(legs(*v)) == [(3, 0), (3, 10)]
    # "a ship moving 3 topwards and facing bottom-left-wards, which fires thrusters at 3G ...
    # The GM can simplify this by changing the velocity to 3 topleftwards."
    v = add(thrust(0, 3), thrust(push(8, "back"), 3))
    assert describe_velocity(*v) == "3 top-left"


def test_without_thrust_movement_repeats(yard: Yard) -> None:
    class Coast(Pilot):
        def thrust(self, s: Any) -> dict[int, int]:
            return {}

        def turn(self, s: Any) -> int:
            return 0

    a, b = example(yard, "starfury"), example(yard, "raider")
    duel = Duel(a, b, pilots=(Coast, Coast))
    duel.put(0, f.VA, thrust(0, 2))
    for n in (1, 2, 3):
        duel.dturn(n)
        assert duel.craft(0).hex() == (0, 2 * n)
        assert describe_velocity(*duel.craft(0).vel) == "2 top"


def test_drives_push_by_facing_and_a_corner_facing_pushes_between_hexes() -> None:
    # facing 2 o'clock, the back drive pushes toward 2 o'clock, the left drive toward 5
    assert push(2, "back") == 2 and push(2, "front") == 8 and push(2, "left") == 5
    a, b, c, d = thrust(1, 2)  # 2G toward 1 o'clock, between the top and top-right hexes
    x, y = (a + b * g.S3) / 2, (c + d * g.S3) / 2
    assert math.hypot(x, y) == pytest.approx(2.0)


# --- dPhase 3: facing ----------------------------------------------------------------------


def test_a_turn_is_at_most_sixty_degrees(yard: Yard) -> None:
    class Spin(Pilot):
        def turn(self, s: Any) -> int:
            return 3

    duel = Duel(example(yard, "starfury"), example(yard, "raider"), pilots=(Spin, None))
    with pytest.raises(UserError) as err:
        duel.dturn(1)
    assert "the most is 2 (60°)" in str(err.value)


# --- dPhase 4: arcs, range, gunnery ----------------------------------------------------------


def arc_duel(craft: Any, turret: bool) -> Duel:
    mount = "turret" if turret else "fixed"
    boat = craft(40, "{type: armor, cblocs: 4}", f"{{type: beam, mount: {mount}, cblocs: 4}}",
                 "{type: power, cblocs: 2}", "{type: crew, people: 1}").design
    return Duel(boat, boat, range=20)


@pytest.mark.parametrize(("target", "turned", "turret", "mount", "bears"), [
    ((0, 5), 0, False, 0, True),      # dead ahead
    ((3, 3), 0, False, 0, False),     # 1 o'clock: 30° off, a fixed beam covers 15° either side
    ((3, 3), 1, False, 0, True),      # ... unless the craft turned through it (fired part-way)
    ((3, 3), -1, False, 0, False),    # turning the other way does not sweep it
    ((3, 3), 0, True, 1, True),       # a turret covers 30° either side, its edge included
    ((5, 0), 0, True, 1, False),      # 2 o'clock: 60° off
    ((5, 0), 2, False, 0, True),      # a 60° turn sweeps a fixed beam onto it
    ((3, 3), 0, True, 0, False),      # R5: mount lost, the turret fires fixed along its aim
    ((-3, 6), 0, True, 1, True),      # 11 o'clock, the other edge
    ((0, -5), 0, True, 1, False),     # behind
    ((0, 0), 0, False, 0, True),      # the same hex is in every arc
])
def test_beam_arcs(craft: Any, target: tuple[int, int], turned: int, turret: bool, mount: int,
                   bears: bool) -> None:
    duel = arc_duel(craft, turret)
    duel.st[f.FACING_BEFORE] = 0  # 12 o'clock, then `turned` half hex-sides clockwise
    duel.st[f.TURNED] = turned
    duel.st[duel.t[f.S_MOUNTS]] = mount
    assert f.bears(duel.a, 0, 0, *target) is bears


def test_bearing_to_the_nearest_clock_direction() -> None:
    assert g.bearing(0, 7, -1) == 0
    assert g.bearing(3, 3, -1) == 1
    assert g.bearing(6, -3, -1) == 3
    assert g.bearing(1, 4, -1) == 0  # 13.9° off the top: still 12 o'clock
    assert g.bearing(0, 0, 7) == 7


def test_beams_reach_fifteen_dhexes(yard: Yard) -> None:
    duel = Duel(example(yard, "starfury"), example(yard, "raider"), range=20)
    row = duel.told.specs[0].beams[0].row
    duel.st[duel.t[f.S_POWER] + row] = 6
    for distance, fires in ((15, True), (16, False)):
        duel.put(1, f.PA, (0, 0, 2 * distance, 0))
        assert f.can_fire(duel.a, 0, 0, 1) is fires
    duel.st[duel.t[f.S_POWER] + row] = 0
    duel.put(1, f.PA, (0, 0, 6, 0))
    assert not f.can_fire(duel.a, 0, 0, 1)  # no power, no beam


def gunnery_check(duel: Duel) -> Check:
    shot = next(e for e in duel.events() if e.phase == "beams" and e.rolls)
    check = shot.rolls[0]
    assert isinstance(check, Check)
    return check


def test_gunnery_modifiers(yard: Yard) -> None:
    a, b = example(yard, "starfury"), example(yard, "raider")
    duel = Duel(a, b, range=9, rules={"range-penalty": "on"})
    duel.st[duel.t[f.S_POWER] + duel.told.specs[0].beams[0].row] = 6
    duel.put(1, f.VA, thrust(3, 2))  # moving 2 across the Starfury's line of fire
    f.shoot(duel.a, duel.rec, 0, 0, 1)
    check = gunnery_check(duel)
    mods = {m.label: m.value for m in check.modifiers}
    assert check.base == 50
    assert mods == {"pilot firing": -10, "target moving 2": -10, "range 9": -20}
    assert check.target == 10


def test_transverse_movement_only_with_optional_rule_1(yard: Yard) -> None:
    head_on = thrust(0, 4)  # moving straight at the gunner
    assert g.speed(*head_on) == 4
    assert g.transverse(*head_on, 0, 8) == 0
    assert g.transverse(*thrust(3, 4), 0, 8) == 4
    duel = Duel(example(yard, "starfury"), example(yard, "raider"), rules={"transverse": "on"})
    duel.put(1, f.VA, thrust(0, 4))
    duel.st[duel.t[f.S_POWER] + duel.told.specs[0].beams[0].row] = 6
    f.shoot(duel.a, duel.rec, 0, 0, 1)
    assert [m.label for m in gunnery_check(duel).modifiers] == [
        "pilot firing", "target moving across 0"]
    # a gunner without the pilot's penalty
    duel = Duel(two_aboard(example(yard, "starfury")), example(yard, "raider"),
                crew=({"gunner": "crew", "gunnery": 70}, {}))
    duel.st[duel.t[f.S_POWER] + duel.told.specs[0].beams[0].row] = 6
    f.shoot(duel.a, duel.rec, 0, 0, 1)
    assert gunnery_check(duel).target == 70


# --- dPhase 1: power ---------------------------------------------------------------------


def test_power_yield_is_six_cunits_a_cbloc_r3(yard: Yard) -> None:
    duel = Duel(example(yard, "starfury"), example(yard, "raider"))
    assert f.supply(duel.a, 0) == 30


def test_under_powered_components_work_at_the_power_they_get(yard: Yard) -> None:
    duel = Duel(example(yard, "starfury"), example(yard, "raider"))
    sf, power = duel.told.specs[0], duel.t[f.S_POWER]
    for cunits, dhits in ((6, 6), (4, 4)):
        duel.st[power + sf.beams[0].row] = cunits
        assert f.beam_dhits(duel.a, 0, 0) == dhits
    for cunits, gs in ((9, 3), (6, 2)):  # 6 cunits: a 6-cbloc drive, 2G
        duel.st[power + sf.drives[0].row] = cunits
        assert f.drive_g(duel.a, 0, 0) == gs


def test_the_default_pilot_powers_the_burn_beams_and_screens(yard: Yard) -> None:
    """20 dhexes off, out of beam reach: the burn first (2G, half the closing of 4 it wants,
    as the Raider steers too), then the beam and the screens."""
    duel = Duel(example(yard, "starfury"), example(yard, "raider"), seed=143)
    duel.dturn(1)
    sf = duel.craft(0)
    by_label = {sf.spec.rows[r].label: p for r, p in enumerate(sf.power) if p}
    assert by_label == {"Fixed beam weapon, facing forward": 6, "Screens": 6,
                        "Back drive (3G)": 6}


def test_a_pilot_cannot_spend_more_than_the_supply(yard: Yard) -> None:
    class Greedy(Pilot):
        def power(self, s: Any) -> dict[int, int]:
            return {r.index: r.boxes for r in s.me.spec.rows
                    if r.kind in ("drive", "beam", "screens")}

    duel = Duel(example(yard, "starfury"), example(yard, "raider"), pilots=(Greedy, None))
    with pytest.raises(UserError) as err:
        duel.dturn(1)
    assert "42 cunits of a 30-cunit supply" in str(err.value)


def test_turret_power_and_mount_r5(craft: Any) -> None:
    d = craft(40, "{type: armor, cblocs: 4}", "{type: beam, mount: turret, cblocs: 5}",
              "{type: power, cblocs: 2}", "{type: crew, people: 1}").design
    spec = build(d.model, d.catalog)
    turret = spec.beams[0]
    row = spec.rows[turret.row]
    assert row.boxes == 6 and turret.dhits == 5
    duel = Duel(d, d)
    power = duel.t[f.S_POWER] + turret.row
    duel.st[power] = 6
    assert f.beam_dhits(duel.a, 0, 0) == 5  # n + 1 cunits, n dhits
    duel.st[power] = 3
    assert f.beam_dhits(duel.a, 0, 0) == 2  # the mount takes one
    f.destroy(duel.a, duel.rec, 0, row.last, 1, 0)  # the mount box lost: fixed
    duel.st[power] = 5
    assert f.beam_dhits(duel.a, 0, 0) == 5
    assert duel.texts()[-1].endswith("the turret mount: the beam now fires fixed along its "
                                     "aim (R5)")


# --- Inflicting Damage ---------------------------------------------------------------------


def test_screens_absorb_one_dhit_in_six() -> None:
    rng = new_stream(1)
    assert f.screen(rng, 6, 6, 6, 0) == (1, 1, 0, 0)  # 6 / 6 = 1, no remainder, no d6
    stopped, base, _, rolled = f.screen(rng, 13, 6, 6, 1)
    assert base == 2 and rolled == 0  # R12 read strictly: a d6 never rolls below 1
    stopped, base, _, rolled = f.screen(rng, 13, 6, 6, 0)
    assert base == 2 and stopped == 2 + (rolled == 1)  # R12: a 1 is at or under 1
    assert f.screen(rng, 40, 3, 6, 0)[0] == 3  # never more than the screens' powered strength
    assert f.screen(rng, 9, 0, 6, 0)[0] == 0
    draws = rng[4]
    stopped, _, _, rolled = f.screen(rng, 10, 6, 6, 0)
    assert rng[4] == draws + 1 and stopped == 1 + (rolled <= 4)


def test_screen_absorption_statistics(monkeypatch: pytest.MonkeyPatch) -> None:
    """10 dhits into 6 screens: 1 absorbed, plus 1 when a d6 rolls at or under 4 (4 in 6, R12),
    so the mean is 1 2/3, over every face of the one d6 rolled."""
    left = scripted(monkeypatch, [1, 2, 3, 4, 5, 6])
    total = sum(f.screen([0] * 5, 10, 6, 6, 0)[0] for _ in range(6))
    assert left == [] and Fraction(total, 6) == Fraction(5, 3)


def test_missile_screens_literally_and_as_beams_r6() -> None:
    rng = new_stream(3)
    assert f.screen(rng, 12, 4, 6, 0)[0] == 2  # as beams: 12 // 6 = 2 repelled
    assert f.screen_literal(rng, 12, 4, 6, 0)[0] == 4  # 2 penetrate, the rest up to 4


def hits(duel: Duel) -> list[tuple[int, int]]:
    """(box, by armor) of each dhit the rules recorded."""
    return [(e[3], e[5]) for e in duel.rec.events or [] if e[0] == f.EV_HIT]


def test_armor_then_a_random_box_alternate(yard: Yard) -> None:
    duel = Duel(example(yard, "raider"), example(yard, "starfury"), seed=5)
    armor = duel.told.specs[1].rows[duel.told.specs[1].armor[0]]
    assert f.inflict(duel.a, duel.rec, 1, 5) == 5
    done = hits(duel)
    assert [a for _, a in done] == [1, 0, 1, 0, 1]
    armor_boxes = [b for b, a in done if a]
    assert armor_boxes == sorted(armor_boxes)
    assert all(armor.first <= b <= armor.last for b in armor_boxes)
    assert duel.craft(1).boxes.left == 60 - 5 and duel.st[f.DEALT_A] == 5
    # with the armor gone, every dhit is a random box
    for box in range(armor.first, armor.last + 1):
        if not duel.st[duel.t[f.S_DESTROYED] + duel.p.box_stride + box]:
            f.destroy(duel.a, duel.rec, 1, box, 0, 1)
    before = len(hits(duel))
    f.inflict(duel.a, duel.rec, 1, 4)
    assert all(not a for _, a in hits(duel)[before:])


def test_a_random_dhit_rerolls_a_destroyed_box_and_never_goes_below_zero(
        yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    duel = Duel(example(yard, "starfury"), example(yard, "raider"), seed=9)
    assert f.inflict(duel.a, duel.rec, 1, 100) == 40
    raider = duel.craft(1)
    assert raider.boxes.left == 0 and all(n == 0 for n in raider.alive)
    assert len({b for b, _ in hits(duel)}) == 40
    assert any(e[0] == f.EV_REROLL for e in duel.rec.events or [])
    # scripted: the first random roll lands on a box the armor already lost, and is rolled again
    duel = Duel(example(yard, "starfury"), example(yard, "raider"))
    armor = duel.told.specs[1].rows[duel.told.specs[1].armor[0]]
    scripted(monkeypatch, [armor.first, 20])
    f.inflict(duel.a, duel.rec, 1, 2)
    assert hits(duel) == [(armor.first, 1), (20, 0)]
    assert duel.texts()[-1] == (f"dhit 2: d40 rolled 20 (rolled {armor.first}: destroyed, rolled "
                                "again): box 20, Power; 5 of 6 left, supply 30 cunits from next "
                                "dturn")


def test_the_alternation_matches_the_exact_odds(yard: Yard) -> None:
    """How many armor boxes 5 dhits take from a fresh Starfury: the rules' own inflict,
    sampled, against odds.py's enumeration; each within 4 standard errors."""
    from shipyard.systems.smallcraft.combat.odds import volley

    sf = example(yard, "starfury")
    raider = example(yard, "raider")
    exact = volley(two_aboard(raider), sf, Terms(range=0, crew=({"gunner": "crew",
                                                                  "gunnery": 100}, {})),
                   100, 1)
    past = next(d for d in exact.distributions if d.name.startswith("dhits past"))
    expected = {p.value: p.chance for p in past.points}
    duel = Duel(raider, sf)
    start = list(duel.a)
    duel.a[:5] = new_stream(77)  # one stream through every volley
    n = 20_000
    seen: dict[int, int] = {}
    for _ in range(n):
        duel.a[5:] = start[5:]
        duel.rec.events = []
        f.inflict(duel.a, duel.rec, 1, 5)
        k = sum(1 for _, by_armor in hits(duel) if not by_armor)
        seen[k] = seen.get(k, 0) + 1
    assert set(seen) <= set(expected)
    for k, p in expected.items():
        se = math.sqrt(p * (1 - p) / n)
        assert abs(seen.get(k, 0) / n - p) < 4 * se + 1e-9


# --- Damage Effects ------------------------------------------------------------------------


def test_components_work_at_their_surviving_cblocs(yard: Yard) -> None:
    sf = spec_of(yard, "starfury")
    # "the Starfury has 9 cblocs to produce 3G in its rear engines ... a single dhit to one of
    # those cblocs, the drive has only 8 cblocs and is thus only capable of 2G"
    assert sf.g_of[9] == 3 and sf.g_of[8] == 2 and sf.g_of[0] == 0


def effect_of(duel: Duel, side: int, kind: str, losses: int = 1) -> str:
    spec = duel.told.specs[side]
    row = next(r for r in spec.rows if r.kind == kind)
    for box in range(row.first, row.first + losses):
        f.destroy(duel.a, duel.rec, side, box, 1, 0)
    return duel.texts()[-1].split("; ", 1)[1]


def test_damage_effects(craft: Any, yard: Yard) -> None:
    courier = craft(400, "{type: jump_drive}", "{type: armor, cblocs: 40}",
                    "{type: atmosphere, option: fly-standard}",
                    "{type: missiles, cblocs: 2, move: 4, damage: 4, tech_level: 10}",
                    "{type: launch_tubes, count: 2}", "{type: power, cblocs: 2}",
                    "{type: crew, people: 1}").design
    duel = Duel(courier, example(yard, "raider"))
    assert effect_of(duel, 0, "jump_drive") == "the jump drive is dead"
    # 40 boxes of atmosphere gear: up to 1/10 lost hampers it, more is useless
    assert effect_of(duel, 0, "atmosphere", 4).endswith("hampered")
    duel = Duel(courier, example(yard, "raider"))
    assert effect_of(duel, 0, "atmosphere", 5).endswith("useless")
    assert effect_of(duel, 0, "missiles") == "5 missiles left"
    assert duel.craft(0).missiles == [5]
    assert effect_of(duel, 0, "power") == "1 of 2 left, supply 6 cunits from next dturn"
