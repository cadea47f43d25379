"""Whole smallcraft fights: the golden log, replays, the ways a fight ends (R8), properties,
and the batch engine against the narrated one."""
# ruff: noqa: E501 - the golden log keeps its lines as the engine writes them

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard.core.catalog import ValidationContext
from shipyard.core.combat import Log, Terms, fight_once, series, summarise
from shipyard.core.dice import Roller
from shipyard.core.system import AnyDesign, Design
from shipyard.core.yard import Yard
from shipyard.systems.smallcraft.combat import SUPPORT
from shipyard.systems.smallcraft.combat.engine import SmallcraftFight
from shipyard.systems.smallcraft.models import SmallcraftDesign
from tests.systems.smallcraft.test_combat_rules import example

GOLDEN_STARFURY_RAIDER_143 = """\
0 start Starfury at hex 0,0 facing 12 o'clock; Raider delta-wing at hex 0,20 facing 6 o'clock; 20 dhexes apart, both at rest
1 order initiative: Starfury 0+10 = 10, Raider delta-wing 0+9 = 9
1 power Starfury powers Back drive (3G) 9, Screens 6, Fixed beam weapon, facing forward 6 (21 of 30 cunits)
1 power Raider delta-wing powers Back drive (2G) 4, Sensors, range 3 dhexes 3, Fixed beam weapon, facing forward 6 (13 of 36 cunits)
1 move Starfury fires Back drive (3G) at 3G: velocity 3 top
1 move Raider delta-wing fires Back drive (2G) at 2G: velocity 2 bottom
1 move   Starfury to hex 0,3, Raider delta-wing to hex 0,18: 15 dhexes apart
1 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 15 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 5: hit
1 damage   Raider delta-wing has no screens up: 6 dhits through
1 damage     dhit 1: armor, box 5; 3 of 4 left
1 damage     dhit 2: d40 rolled 10: box 10, Sensors, range 3 dhexes; range 2 dhexes
1 damage     dhit 3: armor, box 6; 2 of 4 left
1 damage     dhit 4: d40 rolled 30 (rolled 10: destroyed, rolled again): box 30, Cargo: 0.25 tons; 4 of 5 left
1 damage     dhit 5: armor, box 7; 1 of 4 left
1 damage     dhit 6: d40 rolled 20: box 20, Power; 5 of 6 left, supply 30 cunits from next dturn
1 beams Raider delta-wing fires Fixed beam weapon, facing forward (6 dhits) at Starfury, 15 dhexes: gunnery 50% −10% pilot firing −15% target moving 3 = 25%, d100 rolled 58: miss
2 order initiative: Starfury 0+8 = 8, Raider delta-wing 0+6 = 6
2 power Starfury powers Front drive (3G) 3, Screens 6, Fixed beam weapon, facing forward 6 (15 of 30 cunits)
2 power Raider delta-wing powers Sensors, range 3 dhexes 2, Fixed beam weapon, facing forward 6 (8 of 30 cunits)
2 move Starfury fires Front drive (3G) at 1G: velocity 2 top
2 move Raider delta-wing fires no drive: velocity 2 bottom
2 move   Starfury to hex 0,5, Raider delta-wing to hex 0,16: 11 dhexes apart
2 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 11 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 85: miss
2 beams Raider delta-wing fires Fixed beam weapon, facing forward (6 dhits) at Starfury, 11 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 10: hit
2 damage   screens 6: 6 ÷ 6 = 1; 1 stopped, 5 dhits through
2 damage     dhit 1: armor, box 31; 8 of 9 left
2 damage     dhit 2: d60 rolled 37: box 37, Armor; 7 of 9 left
2 damage     dhit 3: armor, box 32; 6 of 9 left
2 damage     dhit 4: d60 rolled 58: box 58, Crew: one pilot, fixed in position; 2 of 3 left
2 damage     dhit 5: armor, box 33; 5 of 9 left
3 order initiative: Starfury 0+7 = 7, Raider delta-wing 0+2 = 2
3 power Starfury powers Screens 6, Fixed beam weapon, facing forward 6 (12 of 30 cunits)
3 move Starfury fires no drive: velocity 2 top
3 move Raider delta-wing fires no drive: velocity 2 bottom
3 move   Starfury to hex 0,7, Raider delta-wing to hex 0,14: 7 dhexes apart
3 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 7 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 87: miss
3 beams Raider delta-wing fires Fixed beam weapon, facing forward (6 dhits) at Starfury, 7 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 97: miss
4 order initiative: Raider delta-wing 0+5 = 5, Starfury 0+3 = 3
4 power Starfury powers Front drive (3G) 6, Screens 6, Fixed beam weapon, facing forward 6 (18 of 30 cunits)
4 move Raider delta-wing fires no drive: velocity 2 bottom
4 move Starfury fires Front drive (3G) at 2G: velocity at rest
4 move   Starfury to hex 0,7, Raider delta-wing to hex 0,12: 5 dhexes apart
4 beams Raider delta-wing fires Fixed beam weapon, facing forward (6 dhits) at Starfury, 5 dhexes: gunnery 50% −10% pilot firing = 40%, d100 rolled 43: miss
4 beams Starfury fires Fixed beam weapon, facing forward (6 dhits) at Raider delta-wing, 5 dhexes: gunnery 50% −10% pilot firing −10% target moving 2 = 30%, d100 rolled 10: hit
4 damage   Raider delta-wing has no screens up: 6 dhits through
4 damage     dhit 1: armor, box 8; 0 of 4 left
4 damage     dhit 2: d40 rolled 25: box 25, Crew: one pilot, fixed in position; 2 of 3 left
4 damage     dhit 3: d40 rolled 13: box 13, Fixed beam weapon, facing forward; 5 dhits left
4 damage     dhit 4: d40 rolled 26 (rolled 8: destroyed, rolled again): box 26, Crew: one pilot, fixed in position; 1 of 3 left
4 damage     dhit 5: d40 rolled 34: box 34, Fly in standard atmosphere; 3 of 4 left, useless
4 damage     dhit 6: d40 rolled 24: box 24, Crew: one pilot, fixed in position; 0 of 3 left: no crew left
4 end Raider delta-wing is out of action: its crew boxes are all gone
"""


def run(a: AnyDesign, b: AnyDesign, seed: int, **terms: Any) -> Any:
    return fight_once(SUPPORT, SUPPORT.prepare(a, b, Terms(**terms)), seed)


def narrated(result: Any) -> str:
    return "".join(f"{e.round} {e.phase} {'  ' * e.depth}{e.text}\n" for e in result.events)


def test_golden_log_starfury_against_raider(yard: Yard) -> None:
    """Seed 143 on any machine: the box numbers are the printed sheet's (R7: the unallocated
    boxes last), every roll with its target number and modifiers."""
    result = run(example(yard, "starfury"), example(yard, "raider"), 143)
    assert narrated(result) == GOLDEN_STARFURY_RAIDER_143
    assert (result.outcome.winner, result.outcome.reason, result.rounds) == (0, "crew-lost", 4)
    assert result.damage == (12, 5)
    assert result.draws == 28


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
    assert result.outcome.text == ("Test escaped: 21 dhexes from Starfury, beyond its "
                                   "detection range of 20")
    blind = craft(20, *UNARMED).design  # sees no further than the Starfury: both lose contact
    assert run(example(yard, "starfury"), blind, 5).outcome.reason == "lost-contact"


def test_disarmed_and_immobile_is_out_of_the_fight(craft: Any, yard: Yard) -> None:
    hulk = craft(20, "{type: armor, cblocs: 2}", "{type: power, cblocs: 1}",
                 "{type: crew, people: 1}").design
    result = run(example(yard, "starfury"), hulk, 5)
    assert (result.outcome.winner, result.outcome.reason) == (0, "disabled")


def test_destroyed_when_every_box_is_gone(craft: Any, yard: Yard) -> None:
    # no crew, no power: only losing every box puts it out (its beam keeps it "armed")
    drone = craft(10, "{type: armor, cblocs: 1}", "{type: beam, cblocs: 2}",
                  "{type: cargo, tons: 0.35}").design
    result = run(example(yard, "raider"), drone, 3, range=2)
    assert (result.outcome.winner, result.outcome.reason) == (0, "destroyed")
    assert result.damage[0] == 10


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
    prepared = SUPPORT.prepare(a, b, Terms(cap=40, geometry=geometry, range=8))
    f = SmallcraftFight(prepared.state, Roller(seed), Log(enabled=seed % 2 == 0))
    for number in range(1, 41):
        outcome = f.play_round(number)
        for c in f.craft:
            assert all(n >= 0 for n in c.boxes.alive)
            assert c.boxes.left == sum(c.boxes.alive) >= 0
            assert all(n >= 0 for n in c.missiles)
            assert all(p >= 0 for p in c.power)
        if outcome is not None:
            break
    again = fight_once(SUPPORT, prepared, seed, narrate=False)
    assert again.rounds <= 40


# --- the batch engine agrees with the narrated one ------------------------------------------


def _reference_geometry(prepared: Any, rounds: int) -> list[tuple[Any, ...]]:
    f = SmallcraftFight(prepared.state, Roller(1), Log(enabled=False))
    out = []
    for number in range(1, rounds + 1):
        if f.play_round(number) is not None:
            break
        out.append(tuple((c.pos, c.vel, c.facing) for c in f.craft))
    return out


def _batch_geometry(prepared: Any, rounds: int) -> list[tuple[Any, ...]]:
    from shipyard.systems.smallcraft.combat import batch

    p = batch._Pass(prepared.state, 1, 1, 0)
    out = []
    for number in range(1, rounds + 1):
        p.dturn(number)
        if p.ended.all():
            break
        out.append(tuple((tuple(int(v[0]) for v in s.pos), tuple(int(v[0]) for v in s.vel),
                          int(s.facing[0])) for s in p.sides))
    return out


@pytest.mark.parametrize(("a", "b", "terms"), [
    ("starfury", "raider", {}),
    ("starfury", "galileo", {"geometry": "crossing", "range": 13}),
    ("raider", "starfury", {"geometry": "pursuit", "range": 6}),
    ("galileo", "raider", {"geometry": "head-on", "range": 2}),
])
def test_both_engines_fly_the_same_from_the_same_code(yard: Yard, a: str, b: str,
                                                      terms: dict[str, Any]) -> None:
    """With no dice that matter (gunnery 0, no Quickness die) a fight is deterministic: both
    engines must put both craft in the same place, at the same velocity and facing, every
    dturn."""
    prepared = SUPPORT.prepare(example(yard, a), example(yard, b), Terms(
        cap=60, crew=({"gunnery": "0"}, {"gunnery": "0"}), rules={"quickness-die": "off"},
        **terms))
    reference = _reference_geometry(prepared, 60)
    assert len(reference) == 60
    assert _batch_geometry(prepared, 60) == reference


def _compare(yard: Yard, a: Design, b: Design, reference_runs: int, batch_runs: int,
             **terms: Any) -> None:
    prepared = SUPPORT.prepare(a, b, Terms(**terms))
    assert prepared.batchable
    ref = summarise(prepared, series(SUPPORT, prepared, reference_runs, 5,
                                     engine="reference"), 5)
    fast = summarise(prepared, series(SUPPORT, prepared, batch_runs, 6), 6)
    assert (ref.engine, fast.engine) == ("reference", "batch")
    for r, f in ((ref.wins[0], fast.wins[0]), (ref.wins[1], fast.wins[1]),
                 (ref.no_winner, fast.no_winner)):
        p = (r.count + f.count) / (r.runs + f.runs)
        se = math.sqrt(p * (1 - p) * (1 / r.runs + 1 / f.runs))
        assert abs(r.rate - f.rate) < 4 * se + 1e-9, (r, f)
    for rs, fs in ((ref.rounds, fast.rounds), (ref.damage[0], fast.damage[0]),
                   (ref.damage[1], fast.damage[1])):
        se = math.sqrt(rs.sd ** 2 / reference_runs + fs.sd ** 2 / batch_runs)
        assert abs(rs.mean - fs.mean) < 4 * se + 1e-9, (rs, fs)


def test_batch_win_rates_agree_with_the_narrated_engine(yard: Yard) -> None:
    _compare(yard, example(yard, "starfury"), example(yard, "raider"), 700, 20_000)


def test_batch_agrees_under_the_optional_rules_and_a_turret(craft: Any, yard: Yard) -> None:
    gunboat = craft(60, "{type: drive, facing: back, g: 2}", "{type: drive, facing: left, g: 1}",
                    "{type: armor, cblocs: 6}", "{type: screens, cblocs: 4}",
                    "{type: beam, mount: turret, facing: front, cblocs: 4}",
                    "{type: power, cblocs: 4}", "{type: crew, people: 1}",
                    extra="combat: {gunnery: 55, pilot_is_gunner: false, quickness: 2}\n").design
    _compare(yard, gunboat, example(yard, "galileo"), 400, 10_000, geometry="random", range=12,
             rules={"transverse": "on", "range-penalty": "on", "gunner-quickness": "on"})


LANCER = ("{type: drive, facing: back, g: 2}", "{type: armor, cblocs: 6}",
          "{type: launch_tubes, count: 3}", "{type: missiles, cblocs: 2, move: 6, damage: 4}",
          "{type: power, cblocs: 3}", "{type: crew, people: 1}")


def test_missiles_launch_one_dhex_away_fly_at_their_rate_and_strike_as_a_salvo(
        craft: Any, yard: Yard) -> None:
    lancer = craft(60, *LANCER, extra="tech_level: 10\n").design
    prepared = SUPPORT.prepare(lancer, example(yard, "raider"), Terms())
    f = SmallcraftFight(prepared.state, Roller(4), Log())
    launcher = f.craft[0]
    for number in range(1, 5):
        before = {id(fl) for fl in f.flights}
        f.play_round(number)
        for fl in f.flights:
            if id(fl) not in before:  # launched this dturn: beside the launcher
                lq, lr = launcher.hex()
                assert max(abs(fl.q - lq), abs(fl.r - lr), abs(fl.q - lq + fl.r - lr)) == 1
    texts = [e.text for e in f.log.events]
    assert "Test launches 3 missiles (move 6, damage 4) at Raider delta-wing, appearing at " \
           "hex 0,5; 7 left" in texts
    assert "3 missiles of Test fly to hex 0,11, 3 dhexes from Raider delta-wing" in texts
    # both flights reach the Raider in dPhase 5 of dturn 4: one salvo (R6), 6 x 4 dhits
    assert "a salvo of 6 missiles from Test reaches Raider delta-wing" in texts
    assert "24 dhits from the missiles through" in texts
    assert launcher.missiles == [4]


def test_batch_agrees_on_missile_fights(craft: Any, yard: Yard) -> None:
    lancer = craft(60, *LANCER, extra="tech_level: 10\n").design
    _compare(yard, lancer, example(yard, "raider"), 400, 10_000)


def test_batch_agrees_on_salvos_into_screens_read_literally(craft: Any, yard: Yard) -> None:
    lancer = craft(60, *LANCER, extra="tech_level: 10\n").design
    _compare(yard, lancer, example(yard, "starfury"), 400, 10_000,
             rules={"missile-screens": "literal"}, geometry="crossing", range=15)
