"""smallcraft combat, rule by rule: the seed's dphases, Inflicting Damage, Damage Effects and
rulings R3, R5-R8 of systems/smallcraft.md."""

from __future__ import annotations

import math
from typing import Any

import pytest

from shipyard.core.combat import Check, Log, Terms
from shipyard.core.dice import Roller
from shipyard.core.yard import Design, Yard
from shipyard.errors import UserError
from shipyard.systems.smallcraft.combat import SUPPORT, hexes, tactics
from shipyard.systems.smallcraft.combat.craft import DRIVE_PUSH, Spec, build
from shipyard.systems.smallcraft.combat.damage import Boxes, screen, screen_literal
from shipyard.systems.smallcraft.combat.engine import SmallcraftFight
from shipyard.systems.smallcraft.combat.pilot import Pilot
from shipyard.systems.smallcraft.combat.xp import SCALAR as X
from tests.conftest import ROOT

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


def fight(a: Design, b: Design, seed: int = 1, **terms: Any) -> SmallcraftFight:
    prepared = SUPPORT.prepare(a, b, Terms(**terms))
    return SmallcraftFight(prepared.state, Roller(seed), Log())


# --- dPhase 2: movement ------------------------------------------------------------------


def push(facing: int, drive: str) -> int:
    return (facing + (DRIVE_PUSH[drive] or 0)) % 12


def test_velocity_is_a_vector_the_seeds_examples() -> None:
    # "A craft not moving, facing to the top of the map, which fires its rear thrusters at 3G,
    # is now moving 3 dhexes per dturn topwards. If on the next dturn the pilot fires hir front
    # thrusters at 2G, sie is now moving 1 dhex per dturn topwards."
    v = hexes.thrust(push(0, "back"), 3)
    assert hexes.describe_velocity(v) == "3 top"
    v = hexes.add(v, hexes.thrust(push(0, "front"), 2))
    assert hexes.describe_velocity(v) == "1 top"
    # "someone going 3 dhexes/dturn topwards has rotated left one hex-side; they then thrust at
    # 3G ... track it as 3 topwards, 3 top-left-wards"
    v = hexes.add(hexes.thrust(0, 3), hexes.thrust(push(10, "back"), 3))
    assert sorted(hexes.legs(v)) == [(3, 0), (3, 10)]
    # "a ship moving 3 topwards and facing bottom-left-wards, which fires thrusters at 3G ...
    # The GM can simplify this by changing the velocity to 3 topleftwards."
    v = hexes.add(hexes.thrust(0, 3), hexes.thrust(push(8, "back"), 3))
    assert hexes.describe_velocity(v) == "3 top-left"


def test_without_thrust_movement_repeats(yard: Yard) -> None:
    class Coast(Pilot):
        def thrust(self, s: Any) -> dict[int, int]:
            return {}

        def turn(self, s: Any) -> int:
            return 0

    a, b = example(yard, "starfury"), example(yard, "raider")
    f = fight(a, b, pilots=(None, None))
    f.pilots = [Coast(), Coast()]
    f.craft[0].vel = hexes.thrust(0, 2)
    for n in (1, 2, 3):
        f.play_round(n)
        assert f.craft[0].hex() == (0, 2 * n)
        assert hexes.describe_velocity(f.craft[0].vel) == "2 top"


def test_drives_push_by_facing_and_a_corner_facing_pushes_between_hexes() -> None:
    # facing 2 o'clock, the back drive pushes toward 2 o'clock, the left drive toward 5
    assert push(2, "back") == 2 and push(2, "front") == 8 and push(2, "left") == 5
    one = hexes.thrust(1, 2)  # 2G toward 1 o'clock, between the top and top-right hexes
    x, y = hexes.to_xy(X, *one)
    assert math.hypot(x, y) == pytest.approx(2.0)


# --- dPhase 3: facing ----------------------------------------------------------------------


def test_a_turn_is_at_most_sixty_degrees(yard: Yard) -> None:
    class Spin(Pilot):
        def turn(self, s: Any) -> int:
            return 3

    f = fight(example(yard, "starfury"), example(yard, "raider"))
    f.pilots[0] = Spin()
    with pytest.raises(UserError) as err:
        f.play_round(1)
    assert "the most is 2 (60°)" in str(err.value)


# --- dPhase 4: arcs, range, gunnery ----------------------------------------------------------


def beam(turret: bool) -> Any:
    from shipyard.systems.smallcraft.combat.craft import BeamRow

    return BeamRow(0, 0, turret, 4, "test beam")


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
def test_beam_arcs(target: tuple[int, int], turned: int, turret: bool, mount: int,
                   bears: bool) -> None:
    facing_before = 0  # 12 o'clock, then `turned` half hex-sides clockwise
    assert bool(tactics.bears(X, beam(turret), facing_before, turned, mount, *target)) is bears


def test_bearing_to_the_nearest_clock_direction() -> None:
    assert hexes.bearing(X, 0, 7, -1) == 0
    assert hexes.bearing(X, 3, 3, -1) == 1
    assert hexes.bearing(X, 6, -3, -1) == 3
    assert hexes.bearing(X, 1, 4, -1) == 0  # 13.9° off the top: still 12 o'clock
    assert hexes.bearing(X, 0, 0, 7) == 7


def test_beams_reach_fifteen_dhexes(yard: Yard) -> None:
    f = fight(example(yard, "starfury"), example(yard, "raider"), range=20)
    a, b = f.craft
    f.number = 1
    a.power = [0] * len(a.spec.rows)
    main = a.spec.beams[0]
    a.power[main.row] = 6
    for distance, fires in ((15, True), (16, False)):
        b.pos = hexes.hex_centre(0, distance)
        assert a.can_fire(main, b) is fires
    a.power[main.row] = 0
    b.pos = hexes.hex_centre(0, 3)
    assert not a.can_fire(main, b)  # no power, no beam


def gunnery_check(f: SmallcraftFight) -> Check:
    shot = next(e for e in f.log.events if e.phase == "beams" and e.rolls)
    check = shot.rolls[0]
    assert isinstance(check, Check)
    return check


def test_gunnery_modifiers(yard: Yard) -> None:
    a, b = example(yard, "starfury"), example(yard, "raider")
    f = fight(a, b, range=9, rules={"range-penalty": "on"})
    f.number = 1
    sf, raider = f.craft
    sf.power[sf.spec.beams[0].row] = 6
    raider.vel = hexes.thrust(3, 2)  # moving 2 across the Starfury's line of fire
    f._shoot(sf, sf.spec.beams[0], raider)
    check = gunnery_check(f)
    mods = {m.label: m.value for m in check.modifiers}
    assert check.base == 50
    assert mods == {"pilot firing": -10, "target moving 2": -10, "range 9": -20}
    assert check.target == 10


def test_transverse_movement_only_with_optional_rule_1(yard: Yard) -> None:
    target = tactics.Kin(0, 0, 0, 0, *hexes.thrust(0, 4), 6)  # moving straight at the gunner
    assert tactics.target_moving(X, False, target, 0, 8) == 4
    assert tactics.target_moving(X, True, target, 0, 8) == 0
    across = tactics.Kin(0, 0, 0, 0, *hexes.thrust(3, 4), 6)
    assert tactics.target_moving(X, True, across, 0, 8) == 4
    # a gunner without the pilot's penalty
    f = fight(two_aboard(example(yard, "starfury")), example(yard, "raider"),
              crew=({"gunner": "crew", "gunnery": 70}, {}))
    f.number = 1
    sf, raider = f.craft
    sf.power[sf.spec.beams[0].row] = 6
    f._shoot(sf, sf.spec.beams[0], raider)
    assert gunnery_check(f).target == 70


# --- dPhase 1: power ---------------------------------------------------------------------


def test_power_yield_is_six_cunits_a_cbloc_r3(yard: Yard) -> None:
    sf = spec_of(yard, "starfury")
    assert tactics.supply(sf, [r.boxes for r in sf.rows]) == 30


def test_under_powered_components_work_at_the_power_they_get(yard: Yard) -> None:
    sf = spec_of(yard, "starfury")
    alive = [r.boxes for r in sf.rows]
    main = sf.beams[0]
    assert tactics.beam_dhits(X, sf, main, alive, 0, 6) == 6
    assert tactics.beam_dhits(X, sf, main, alive, 0, 4) == 4
    back = sf.drives[0]
    assert tactics.drive_g(X, sf, back.row, alive, 9) == 3
    assert tactics.drive_g(X, sf, back.row, alive, 6) == 2  # 6 cunits: a 6-cbloc drive, 2G


def test_the_default_pilot_powers_beams_then_screens_then_the_burn(yard: Yard) -> None:
    f = fight(example(yard, "starfury"), example(yard, "raider"), seed=143)
    f.play_round(1)
    sf = f.craft[0]
    by_label = {sf.spec.rows[r].label: p for r, p in enumerate(sf.power) if p}
    assert by_label == {"Fixed beam weapon, facing forward": 6, "Screens": 6,
                        "Back drive (3G)": 9}


def test_a_pilot_cannot_spend_more_than_the_supply(yard: Yard) -> None:
    class Greedy(Pilot):
        def power(self, s: Any) -> dict[int, int]:
            return {r.index: r.boxes for r in s.me.spec.rows
                    if r.kind in ("drive", "beam", "screens")}

    f = fight(example(yard, "starfury"), example(yard, "raider"))
    f.pilots[0] = Greedy()
    with pytest.raises(UserError) as err:
        f.play_round(1)
    assert "42 cunits of a 30-cunit supply" in str(err.value)


def test_turret_power_and_mount_r5(craft: Any) -> None:
    d = craft(40, "{type: armor, cblocs: 4}", "{type: beam, mount: turret, cblocs: 5}",
              "{type: power, cblocs: 2}", "{type: crew, people: 1}").design
    spec = build(d.model, d.catalog)
    turret = spec.beams[0]
    row = spec.rows[turret.row]
    assert row.boxes == 6 and turret.dhits == 5
    alive = [r.boxes for r in spec.rows]
    assert tactics.beam_dhits(X, spec, turret, alive, 1, 6) == 5  # n + 1 cunits, n dhits
    assert tactics.beam_dhits(X, spec, turret, alive, 1, 3) == 2  # the mount takes one
    alive[turret.row] -= 1  # the mount box (the row's last) lost: fixed, still firing
    assert tactics.beam_dhits(X, spec, turret, alive, 0, 5) == 5


# --- Inflicting Damage ---------------------------------------------------------------------


def test_screens_absorb_one_dhit_in_six() -> None:
    roller = Roller(1)
    s = screen(roller, 6, 6, 6)
    assert (s.stopped, s.through, s.rolled) == (1, 5, None)  # 6 / 6 = 1, no remainder
    s = screen(roller, 13, 6, 6)
    assert s.base == 2 and s.rolled is None  # remainder 1: a d6 never rolls below 1
    s = screen(roller, 40, 3, 6)
    assert s.stopped == 3  # never more than the screens' powered strength
    assert screen(roller, 9, 0, 6).stopped == 0
    draws = roller.draws
    s = screen(roller, 10, 6, 6)
    assert roller.draws == draws + 1 and s.stopped == 1 + (s.rolled is not None
                                                            and s.rolled < 4)


def test_screen_absorption_statistics() -> None:
    """10 dhits into 6 screens: 1 absorbed, plus 1 when a d6 rolls below 4 (3 in 6), so the
    mean is 1.5; 4 standard errors over 30,000 beams, a fixed seed."""
    roller = Roller(20)
    n = 30_000
    total = sum(screen(roller, 10, 6, 6).stopped for _ in range(n))
    se = 0.5 / math.sqrt(n)
    assert abs(total / n - 1.5) < 4 * se


def test_missile_screens_by_salvo_and_literally_r6() -> None:
    roller = Roller(3)
    assert screen(roller, 1, 4, 6).stopped == 0  # by analogy: a lone missile gets through
    assert screen_literal(roller, 1, 4, 6).stopped == 1  # literally: one in six penetrates
    assert screen(roller, 12, 4, 6).stopped == 2
    literal = screen_literal(roller, 12, 4, 6)
    assert literal.stopped == 4 and literal.through == 8  # 2 penetrate, the rest up to 4


def test_armor_then_a_random_box_alternate(yard: Yard) -> None:
    sf = spec_of(yard, "starfury")
    armor = sf.rows[sf.armor[0]]
    boxes = Boxes(sf)
    hits = list(boxes.inflict(Roller(5), 5))
    assert [h.by_armor for h in hits] == [True, False, True, False, True]
    armor_boxes = [h.box for h in hits if h.by_armor]
    assert armor_boxes == sorted(armor_boxes)
    assert all(armor.first <= b <= armor.last for b in armor_boxes)
    assert boxes.left == 60 - 5
    # with the armor gone, every dhit is a random box
    for box in range(armor.first, armor.last + 1):
        if not boxes.destroyed[box]:
            boxes.destroy(box)
    assert all(not h.by_armor for h in boxes.inflict(Roller(6), 4))


def test_a_random_dhit_rerolls_a_destroyed_box_and_never_goes_below_zero(yard: Yard) -> None:
    raider = spec_of(yard, "raider")
    boxes = Boxes(raider)
    hits = list(boxes.inflict(Roller(9), 100))
    assert len(hits) == 40 and boxes.left == 0
    assert all(n == 0 for n in boxes.alive)
    assert len({h.box for h in hits}) == 40
    assert any(len(h.rolls) > 1 for h in hits)


def test_the_alternation_matches_the_exact_odds(yard: Yard) -> None:
    """How many armor boxes 6 dhits take from a fresh Starfury (5 after screens): sampled with
    the engine's sheet, enumerated by odds.py; each within 4 standard errors."""
    from shipyard.systems.smallcraft.combat.odds import volley

    sf = example(yard, "starfury")
    raider = example(yard, "raider")
    exact = volley(two_aboard(raider), sf, Terms(range=0, crew=({"gunner": "crew",
                                                                  "gunnery": 100}, {})),
                   100, 1)
    past = next(d for d in exact.distributions if d.name.startswith("dhits past"))
    expected = {p.value: p.chance for p in past.points}
    spec = build(sf.model, sf.catalog)
    roller = Roller(77)
    n = 20_000
    seen: dict[int, int] = {}
    for _ in range(n):
        boxes = Boxes(spec)
        k = sum(not h.by_armor for h in boxes.inflict(roller, 5))
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


def effect_of(f: SmallcraftFight, side: int, kind: str, losses: int = 1) -> str:
    c = f.craft[side]
    row = next(r for r in c.spec.rows if r.kind == kind)
    text = ""
    for box in range(row.first, row.first + losses):
        from shipyard.systems.smallcraft.combat.damage import Hit

        text = f._effect(c, Hit(box, c.boxes.destroy(box), False, [box]))
    return text


def test_damage_effects(craft: Any, yard: Yard) -> None:
    courier = craft(400, "{type: jump_drive}", "{type: armor, cblocs: 40}",
                    "{type: atmosphere, option: fly-standard}",
                    "{type: missiles, cblocs: 2, move: 4, damage: 4, tech_level: 10}",
                    "{type: launch_tubes, count: 2}", "{type: power, cblocs: 2}",
                    "{type: crew, people: 1}").design
    f = fight(courier, example(yard, "raider"))
    assert effect_of(f, 0, "jump_drive") == "the jump drive is dead"
    # 40 boxes of atmosphere gear: up to 1/10 lost hampers it, more is useless
    assert effect_of(f, 0, "atmosphere", 4).endswith("hampered")
    f = fight(courier, example(yard, "raider"))
    assert effect_of(f, 0, "atmosphere", 5).endswith("useless")
    assert effect_of(f, 0, "missiles") == "5 missiles left"
    assert f.craft[0].missiles == [5]
