"""Whole smallcraft fights: the golden log, replays, the ways a fight ends (R8), properties,
and a series against the narrated fights of its seeds (the fight pattern)."""
# ruff: noqa: E501 - the golden log keeps its lines as the engine writes them

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard.core.catalog import ValidationContext
from shipyard.core.combat import Terms, fight_once, series
from shipyard.core.stream import derive_seed
from shipyard.core.system import AnyDesign, Design
from shipyard.core.yard import Yard
from shipyard.systems.smallcraft.combat import SUPPORT
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.models import SmallcraftDesign
from tests.systems.smallcraft.kit import Duel
from tests.systems.smallcraft.test_combat_rules import example

GOLDEN_STARFURY_RAIDER = """\
0 start Starfury at hex 0,0 facing 12 o'clock; Raider delta-wing at hex 0,20 facing 6 o'clock; 20 dhexes apart, both at rest
1 order initiative: Starfury 0+3 = 3, Raider delta-wing 0+1 = 1
1 power Starfury powers Back drive (3G) 6, Screens 6, Fixed beam weapon, facing forward 6 (18 of 30 cunits)
1 power Raider delta-wing powers Back drive (2G) 4, Sensors, range 3 dhexes 3, Fixed beam weapon, facing forward 6 (13 of 36 cunits)
1 move Starfury fires Back drive (3G) at 2G: velocity 2 top
1 move Raider delta-wing fires Back drive (2G) at 2G: velocity 2 bottom
1 move   Starfury to hex 0,2, Raider delta-wing to hex 0,18: 16 dhexes apart
2 order initiative: Starfury 0+9 = 9, Raider delta-wing 0+8 = 8
2 power Starfury powers Screens 6, Fixed beam weapon, facing forward 6 (12 of 30 cunits)
2 power Raider delta-wing powers Sensors, range 3 dhexes 3, Fixed beam weapon, facing forward 6 (9 of 36 cunits)
2 move Starfury fires no drive: velocity 2 top
2 move Raider delta-wing fires no drive: velocity 2 bottom
2 move   Starfury to hex 0,4, Raider delta-wing to hex 0,16: 12 dhexes apart
2 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 12 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 12: hit
2 damage   Raider delta-wing has no screens up: 6 dhits through
2 damage     dhit 1: armor, box 5; 3 of 4 left
2 damage     dhit 2: d40 rolled 16: box 16, Fixed beam weapon, facing forward; 5 dhits left
2 damage     dhit 3: armor, box 6; 2 of 4 left
2 damage     dhit 4: d40 rolled 14: box 14, Fixed beam weapon, facing forward; 4 dhits left
2 damage     dhit 5: armor, box 7; 1 of 4 left
2 damage     dhit 6: d40 rolled 25: box 25, Crew: one pilot, fixed in position; 2 of 3 left
2 beams Raider delta-wing fires Fixed beam weapon, facing forward (4 dhits) at Starfury, 12 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 14: hit
2 damage   screens 6: 4 ÷ 6 = 0, remainder 4: d6 rolled 5 > 4, +0; 0 stopped, 4 dhits through
2 damage     dhit 1: armor, box 31; 8 of 9 left
2 damage     dhit 2: d60 rolled 5: box 5, Back drive (3G); 8 of 9 left, 2G
2 damage     dhit 3: armor, box 32; 7 of 9 left
2 damage     dhit 4: d60 rolled 12: box 12, Front drive (3G); 8 of 9 left, 2G
3 order initiative: Starfury 0+4 = 4, Raider delta-wing 0+2 = 2
3 power Starfury powers Left drive (1G) 3, Screens 6, Fixed beam weapon, facing forward 6 (15 of 30 cunits)
3 power Raider delta-wing powers Sensors, range 3 dhexes 3, Fixed beam weapon, facing forward 4 (7 of 36 cunits)
3 move Starfury fires Left drive (1G) at 1G: velocity 2 top, 1 toward 3 o'clock
3 move Raider delta-wing fires no drive: velocity 2 bottom
3 move   Starfury to hex 1,6, Raider delta-wing to hex 0,14: 8 dhexes apart
3 turn Raider delta-wing turns 60° clockwise to face 8 o'clock
3 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 8 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 7: hit
3 damage   Raider delta-wing has no screens up: 6 dhits through
3 damage     dhit 1: armor, box 8; 0 of 4 left
3 damage     dhit 2: d40 rolled 24: box 24, Crew: one pilot, fixed in position; 1 of 3 left
3 damage     dhit 3: d40 rolled 18: box 18, Power; 5 of 6 left, supply 30 cunits from next dturn
3 damage     dhit 4: d40 rolled 12 (rolled 8, 18: destroyed, rolled again): box 12, Fixed beam weapon, facing forward; 3 dhits left
3 damage     dhit 5: d40 rolled 3: box 3, Back drive (2G); 3 of 4 left, 1G
3 damage     dhit 6: d40 rolled 28: box 28, Cargo: 0.25 tons; 4 of 5 left
3 beams Raider delta-wing fires Fixed beam weapon, facing forward (3 dhits) at Starfury, 8 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 57: miss
4 order initiative: Raider delta-wing 0+9 = 9, Starfury 0+5 = 5
4 power Raider delta-wing powers Sensors, range 3 dhexes 3, Fixed beam weapon, facing forward 3 (6 of 30 cunits)
4 power Starfury powers Front drive (3G) 3, Screens 6, Fixed beam weapon, facing forward 6 (15 of 30 cunits)
4 move Raider delta-wing fires no drive: velocity 2 bottom
4 move Starfury fires Front drive (3G) at 1G: velocity 1 top, 1 toward 3 o'clock
4 move   Starfury to hex 2,7, Raider delta-wing to hex 0,12: 6 dhexes apart
4 turn Raider delta-wing turns 60° clockwise to face 10 o'clock
4 turn Starfury turns 30° counterclockwise to face 11 o'clock
4 beams Raider delta-wing: no beam bears on Starfury (5 o'clock, 6 dhexes)
4 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 6 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 91: miss
5 order initiative: Raider delta-wing 0+3 = 3, Starfury 0+2 = 2
5 move Raider delta-wing fires no drive: velocity 2 bottom
5 move Starfury fires Front drive (3G) at 1G: velocity 1 top, 1 toward 3 o'clock, 1 toward 5 o'clock
5 move   Starfury to hex 4,7, Raider delta-wing to hex 0,10: 5 dhexes apart
5 turn Raider delta-wing turns 60° counterclockwise to face 8 o'clock
5 turn Starfury turns 30° counterclockwise to face 10 o'clock
5 beams Raider delta-wing: no beam bears on Starfury (4 o'clock, 5 dhexes)
5 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 5 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 56: miss
6 order initiative: Starfury 0+7 = 7, Raider delta-wing 0+6 = 6
6 power Starfury powers Screens 6, Fixed beam weapon, facing forward 6 (12 of 30 cunits)
6 move Starfury fires no drive: velocity 1 top, 1 toward 3 o'clock, 1 toward 5 o'clock
6 move Raider delta-wing fires no drive: velocity 2 bottom
6 move   Starfury to hex 6,7, Raider delta-wing to hex 0,8: 6 dhexes apart
6 turn Starfury turns 30° counterclockwise to face 9 o'clock
6 turn Raider delta-wing turns 60° counterclockwise to face 6 o'clock
6 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 6 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 38: miss
6 beams Raider delta-wing: no beam bears on Starfury (3 o'clock, 6 dhexes)
7 order initiative: Starfury 0+6 = 6, Raider delta-wing 0+5 = 5
7 power Starfury powers Back drive (3G) 3, Screens 6, Fixed beam weapon, facing forward 6 (15 of 30 cunits)
7 move Starfury fires Back drive (3G) at 1G: velocity 1 top, 1 toward 5 o'clock
7 move Raider delta-wing fires no drive: velocity 2 bottom
7 move   Starfury to hex 6,7, Raider delta-wing to hex 0,6: 6 dhexes apart
7 turn Raider delta-wing turns 60° counterclockwise to face 4 o'clock
7 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 6 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 20: hit
7 damage   Raider delta-wing has no screens up: 6 dhits through
7 damage     dhit 1: d40 rolled 40: box 40, Unallocated; 4 of 5 left
7 damage     dhit 2: d40 rolled 30: box 30, Cargo: 0.25 tons; 3 of 5 left
7 damage     dhit 3: d40 rolled 26: box 26, Crew: one pilot, fixed in position; 0 of 3 left: no crew left
7 damage     dhit 4: d40 rolled 1: box 1, Back drive (2G); 2 of 4 left, 1G
7 damage     dhit 5: d40 rolled 37: box 37, Unallocated; 3 of 5 left
7 damage     dhit 6: d40 rolled 13: box 13, Fixed beam weapon, facing forward; 2 dhits left
7 end Raider delta-wing is out of action: its crew boxes are all gone
"""


def run(a: AnyDesign, b: AnyDesign, seed: int, **terms: Any) -> Any:
    return fight_once(SUPPORT, SUPPORT.prepare(a, b, Terms(**terms)), seed)


def narrated(result: Any) -> str:
    return "".join(f"{e.round} {e.phase} {'  ' * e.depth}{e.text}\n" for e in result.events)


def test_golden_log_starfury_against_raider(yard: Yard) -> None:
    """Seed 1681 on any machine: the box numbers are the printed sheet's (R7: the unallocated
    boxes last), every roll with its target number and modifiers; rerolled boxes, screens with
    their d6, and a craft that loses its crew part-way through a beam's dhits."""
    result = run(example(yard, "starfury"), example(yard, "raider"), 1681)
    assert narrated(result) == GOLDEN_STARFURY_RAIDER
    assert (result.outcome.winner, result.outcome.reason, result.rounds) == (0, "crew-lost", 7)
    assert result.damage == (18, 4)
    assert result.draws == 41


@pytest.mark.parametrize("seed", [1, 63, 2024])
def test_the_same_seed_replays_the_same_fight(yard: Yard, seed: int) -> None:
    a, b = example(yard, "starfury"), example(yard, "galileo")
    first, second = run(a, b, seed), run(a, b, seed)
    assert [e.as_json() for e in first.events] == [e.as_json() for e in second.events]
    assert first.outcome == second.outcome and first.draws == second.draws
    assert narrated(run(a, b, seed + 1)) != narrated(first)


# --- how fights end (R8) -------------------------------------------------------------------


UNARMED = ("{type: drive, facing: back, g: 1}", "{type: armor, cblocs: 2}",
           "{type: power, cblocs: 1}", "{type: crew, people: 1}")


def test_two_unarmed_craft_draw(craft: Any) -> None:
    a = craft(20, *UNARMED).design
    b = craft(20, *UNARMED).design
    result = run(a, b, 5)
    assert result.outcome.winner is None and result.outcome.reason == "harmless"
    assert result.rounds == 1


def test_an_unarmed_craft_flees_and_escapes(craft: Any, yard: Yard) -> None:
    # with sensors it still sees the Starfury (detection 20 + 2 x 2) once beyond the Starfury's
    runner = craft(20, *UNARMED, "{type: sensors, range: 2}").design
    result = run(example(yard, "starfury"), runner, 5)
    assert result.outcome.reason == "escaped" and result.outcome.winner is None
    assert result.outcome.text == ("Test escaped: it opened the range to 21 dhexes from "
                                   "Starfury, beyond Starfury's detection range of 20")
    # one that sees no further than the Starfury has run beyond its enemy's detection all the
    # same: it escaped (R8), though both are now beyond each other's
    blind = craft(20, *UNARMED).design
    assert run(example(yard, "starfury"), blind, 5).outcome.reason == "escaped"


def test_disarmed_and_immobile_is_out_of_the_fight(craft: Any, yard: Yard) -> None:
    hulk = craft(20, "{type: armor, cblocs: 2}", "{type: power, cblocs: 1}",
                 "{type: crew, people: 1}").design
    result = run(example(yard, "starfury"), hulk, 5)
    assert (result.outcome.winner, result.outcome.reason) == (0, "disabled")


def test_destroyed_when_every_box_is_gone(craft: Any) -> None:
    # one 12-dhit volley takes all ten boxes: destroyed at once, before power lost could count
    lance = craft(60, "{type: armor, cblocs: 6}", "{type: beam, cblocs: 12}",
                  "{type: power, cblocs: 2}", "{type: crew, people: 1}").design
    drone = craft(10, "{type: armor, cblocs: 1}", "{type: beam, cblocs: 2}",
                  "{type: power, cblocs: 1}", "{type: cargo, tons: 0.3}").design
    result = run(lance, drone, 3, range=2, crew=({"gunnery": 100}, {}))
    assert (result.outcome.winner, result.outcome.reason) == (0, "destroyed")
    assert result.damage[0] == 10


def test_two_armed_craft_without_power_are_harmless(craft: Any) -> None:
    # R8: a weapon counts only with the power to fire it; designed without power rows, neither
    # craft can ever fire, so the fight ends at once instead of running to the cap
    dud = ("{type: drive, facing: back, g: 1}", "{type: armor, cblocs: 2}",
           "{type: beam, cblocs: 4}", "{type: crew, people: 1}")
    result = run(craft(20, *dud).design, craft(20, *dud).design, 5)
    assert (result.outcome.winner, result.outcome.reason, result.rounds) == (
        None, "harmless", 1)


def test_power_lost_is_out_of_action(yard: Yard) -> None:
    a, b = example(yard, "starfury"), example(yard, "raider")
    found = {run(a, b, seed).outcome.reason for seed in range(1, 40)}
    assert {"crew-lost", "power-lost"} <= found


def test_a_fight_that_reaches_the_cap_is_a_draw(yard: Yard) -> None:
    a, b = example(yard, "starfury"), example(yard, "raider")
    result = run(a, b, 9, cap=12, crew=({"gunnery": 0}, {"gunnery": 0}))
    assert (result.outcome.winner, result.outcome.reason, result.rounds) == (None, "cap", 12)
    assert result.outcome.text.endswith("no decision after 12 dturns, the cap")


def test_terms_are_checked(yard: Yard) -> None:
    from shipyard.core.options import parse_terms
    from shipyard.errors import UserError
    from shipyard.systems.smallcraft.options import OPTIONS

    def terms(values: dict[str, str | None], crew: list[str], rules: list[str]) -> object:
        return parse_terms("smallcraft", OPTIONS, "duel", values, [crew, []], rules)

    for args, words in ((({"geometry": "loop"}, [], []), "give one of head-on"),
                        (({"speed": "3"}, [], []), "smallcraft duel has no such option"),
                        (({}, [], ["transvers"]), "did you mean 'transverse'"),
                        (({}, [], ["transverse=maybe"]), "give one of on, off"),
                        (({}, ["gunnery=101"], []), "0..100"),
                        (({}, ["aim=1"], []), "smallcraft has no crew key 'aim'")):
        with pytest.raises(UserError) as err:
            terms(*args)
        assert words in str(err.value)
    a, b = example(yard, "starfury"), example(yard, "raider")
    with pytest.raises(UserError) as err:
        SUPPORT.prepare(a, b, Terms(range=21))
    assert "within detection range, 0..20" in str(err.value)


# --- properties ---------------------------------------------------------------------------

COMPONENTS = st.sampled_from([
    "{type: drive, facing: back, g: 1}", "{type: drive, facing: front, g: 1}",
    "{type: drive, facing: left, g: 1}", "{type: drive, facing: top, g: 1}",
    "{type: armor, cblocs: 3}", "{type: screens, cblocs: 4}", "{type: screens, cblocs: 13}",
    "{type: beam, mount: fixed, facing: front, cblocs: 5}",
    "{type: beam, mount: turret, facing: right, cblocs: 3}",
    "{type: beam, mount: fixed, facing: back, cblocs: 8}", "{type: sensors, range: 2}",
    "{type: power, cblocs: 2}", "{type: crew, people: 1}", "{type: cargo, tons: 0.1}",
    "{type: jump_drive}", "{type: atmosphere, option: land-and-lift}",
    "{type: missiles, cblocs: 1, move: 6, damage: 4, tech_level: 10}",
    "{type: launch_tubes, count: 2}",
])


def _design(yard: Yard, hull: int, parts: list[str]) -> AnyDesign:
    import yaml

    from shipyard.core.yamlio import Located

    data = {"system": "smallcraft", "name": "Probe", "hull": hull,
            "components": [yaml.safe_load(p) for p in parts]}
    system = yard.system("smallcraft")
    catalog = yard.catalog(system)
    model = SmallcraftDesign.model_validate(data, context=ValidationContext(catalog=catalog))
    located = Located(data, "probe.yaml")
    return Design(located, system, model, catalog,
                  system.build(model, catalog, located.line_of))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hull_a=st.integers(10, 120), hull_b=st.integers(10, 120),
       parts_a=st.lists(COMPONENTS, max_size=9), parts_b=st.lists(COMPONENTS, max_size=9),
       seed=st.integers(0, 10**6), geometry=st.sampled_from(["head-on", "random", "pursuit"]))
def test_every_fight_ends_and_no_track_goes_below_zero(
        hull_a: int, hull_b: int, parts_a: list[str], parts_b: list[str], seed: int,
        geometry: str) -> None:
    yard = Yard()
    a, b = _design(yard, hull_a, parts_a), _design(yard, hull_b, parts_b)
    duel = Duel(a, b, seed, cap=40, geometry=geometry, range=8)
    for number in range(1, 41):
        end = duel.dturn(number)
        for side in (0, 1):
            c = duel.craft(side)
            assert all(n >= 0 for n in c.alive)
            assert c.boxes.left == sum(c.alive) >= 0
            assert all(n >= 0 for n in c.missiles)
            assert all(p >= 0 for p in c.power)
        if end >= 0:
            break
    prepared = SUPPORT.prepare(a, b, Terms(cap=40, geometry=geometry, range=8))
    again = fight_once(SUPPORT, prepared, seed, narrate=False)
    assert again.rounds <= 40


LANCER = ("{type: drive, facing: back, g: 2}", "{type: armor, cblocs: 6}",
          "{type: launch_tubes, count: 3}", "{type: missiles, cblocs: 2, move: 6, damage: 4}",
          "{type: power, cblocs: 3}", "{type: crew, people: 1}")


def test_missiles_launch_one_dhex_away_fly_at_their_rate_and_strike_as_a_salvo(
        craft: Any, yard: Yard) -> None:
    lancer = craft(60, *LANCER, extra="tech_level: 10\n").design
    duel = Duel(lancer, example(yard, "raider"), seed=1)
    for number in range(1, 5):
        before = duel.st[f.FLIGHTS]
        duel.dturn(number)
        base = duel.t[f.S_FLIGHTS]
        lq, lr = duel.craft(0).hex()
        for j in range(before, duel.st[f.FLIGHTS]):  # launched this dturn: beside the launcher
            q, r = duel.st[base + j * f.FW + f.F_Q], duel.st[base + j * f.FW + f.F_R]
            assert max(abs(q - lq), abs(r - lr), abs(q - lq + r - lr)) == 1
    texts = duel.texts()
    assert "Test launches 3 missiles (move 6, damage 4) at Raider delta-wing, appearing at " \
           "hex 0,5; 7 left" in texts
    assert "3 missiles of Test fly to hex 0,11, 3 dhexes from Raider delta-wing" in texts
    # both flights reach the Raider in dPhase 5 of dturn 4: one salvo (R6), 6 x 4 dhits
    assert "a salvo of 6 missiles from Test reaches Raider delta-wing" in texts
    assert "24 dhits from the missiles through" in texts
    assert duel.craft(0).missiles == [1]  # three launches of three


# --- a series is the narrated fights of its seeds (the fight pattern) ----------------------

PAIRINGS = (("starfury", "raider", {}),
            ("lancer", "starfury", {"rules": {"missile-screens": "literal"},
                                    "geometry": "crossing", "range": 15}),
            ("turret", "galileo", {"geometry": "random", "range": 12,
                                   "rules": {"transverse": "on", "range-penalty": "on",
                                             "gunner-quickness": "on"}}),
            # the default pilot's first burns fall on the half of its rounding:
            # closing wanted 1 and 3 dhexes/dturn, half of it each, 0.5 and 1.5 G
            ("galileo", "raider", {"range": 6}),
            ("raider", "galileo", {"range": 10, "geometry": "pursuit"}))
TURRET = ("{type: drive, facing: back, g: 2}", "{type: drive, facing: left, g: 1}",
          "{type: armor, cblocs: 6}", "{type: screens, cblocs: 4}",
          "{type: beam, mount: turret, facing: front, cblocs: 4}",
          "{type: beam, mount: fixed, facing: front, cblocs: 3}",
          "{type: power, cblocs: 4}", "{type: crew, people: 1}")


def pairing(craft: Any, yard: Yard, index: int) -> Any:
    a, b, terms = PAIRINGS[index]
    made = {"lancer": lambda: craft(60, *LANCER, extra="tech_level: 10\n").design,
            "turret": lambda: craft(60, *TURRET, extra="combat: {quickness: 2}\n").design}
    first = made[a]() if a in made else example(yard, a)
    return SUPPORT.prepare(first, example(yard, b), Terms(**terms))


def rows(columns: Any) -> list[tuple[int, ...]]:
    return list(zip(columns.winner.tolist(), columns.reason.tolist(), columns.rounds.tolist(),
                    columns.damage_a.tolist(), columns.damage_b.tolist(), strict=True))


@pytest.mark.parametrize("engine", [pytest.param("auto", marks=pytest.mark.compiled), "plain"])
@pytest.mark.parametrize("index", range(len(PAIRINGS)))
def test_every_series_row_is_the_narrated_fight_of_its_seed(craft: Any, yard: Yard,
                                                             index: int, engine: str) -> None:
    prepared = pairing(craft, yard, index)
    runs = 200 if engine == "auto" else 20  # uncompiled, in the developer's loop
    columns = series(SUPPORT, prepared, runs, seed=31, engine=engine)
    assert columns.engine == ("compiled" if engine == "auto" else "uncompiled")
    names = columns.reason_names
    for i, row in enumerate(rows(columns)):
        told = fight_once(SUPPORT, prepared, derive_seed(31, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert row == (winner, names.index(told.outcome.reason), told.rounds, *told.damage)
    assert columns.draws == sum(fight_once(SUPPORT, prepared, derive_seed(31, i),
                                           narrate=False).draws for i in range(runs))
    if engine == "auto" and index == 0:  # the stock pairing: the uncompiled series too
        assert rows(series(SUPPORT, prepared, runs, seed=31, engine="plain")) == rows(columns)
