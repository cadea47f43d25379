"""traveller's fight rules take N ships a side; the duel is the battle of one against
one on the same code, event for event as before."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from shipyard.api import Prepared, Recorder, Terms
from shipyard.core.stream import new_stream
from shipyard.core.yard import Yard
from shipyard.systems.traveller.combat import rules as r
from shipyard.systems.traveller.combat.narrate import narrate
from shipyard.systems.traveller.combat.setup import Told, prepare_ships, side_of
from tests.cli import shipyard
from tests.systems.traveller.duel_record import PAIRINGS, digests, key

RECORDED = json.loads((Path(__file__).parent / "golden" / "duels-200.json").read_text())


@pytest.mark.parametrize(("a", "b", "values"), PAIRINGS, ids=[f"{a}-{b}" for a, b, _ in PAIRINGS])
def test_the_duel_tells_what_it_told_before_battles_over_200_seeds(
        a: str, b: str, values: dict[str, str]) -> None:
    """Each duel's narration, end, turns, damage and draws, seed by seed, against the digests
    main recorded before the rules took N ships (duel_record.py)."""
    now = digests(a, b, values)
    was = RECORDED[key(a, b, values)]
    assert len(was) == 200
    assert [i for i, (x, y) in enumerate(zip(now, was, strict=True)) if x != y] == []


# --- the rulings for several ships, each with its own state or scripted dice ----------------

EXAMPLES = Path(__file__).parents[3] / "catalogs" / "traveller" / "examples"


def design(name: str) -> Any:
    report = Yard().check(EXAMPLES / f"{name}.yaml")
    assert report.design is not None
    return report.design


def battle(*ships: tuple[str, int], **crew: int) -> tuple[r.Params, Told]:
    """Ships (stock name, side), side A's first: the rules' numbers and the narrator's words."""
    designs = [design(name) for name, _ in ships]
    catalog = designs[0].catalog
    sides = [side_of(d.built, catalog, f"{d.model.name} {i}", crew)
             for i, d in enumerate(designs)]
    params, told, _ = prepare_ships(catalog, designs, sides, [s for _, s in ships], Terms())
    return params, told


def at(p: r.Params, ship: int, field: int) -> int:
    return ship * p.block + field


class Lucky:
    """Every die shows `face` (6: every check succeeds; 1: every check fails)."""

    def __init__(self, face: int = 6) -> None:
        self.face = face

    def die(self, rng: list[int], sides: int) -> int:
        return min(self.face, sides)

    def dice(self, rng: list[int], count: int, sides: int) -> int:
        return count * min(self.face, sides)


class Script:
    """Dice faces in the order the rules roll them, every one used."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def die(self, rng: list[int], sides: int) -> int:
        assert self.faces, "the rules rolled more dice than the script gives"
        return self.faces.pop(0)

    def dice(self, rng: list[int], count: int, sides: int) -> int:
        return sum(self.die(rng, sides) for _ in range(count))


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Any], None]]:
    used: list[Any] = []

    def use(source: Any) -> None:
        monkeypatch.setattr(r, "die", source.die)
        monkeypatch.setattr(r, "dice", source.dice)
        used.append(source)

    yield use
    for source in used:
        assert getattr(source, "faces", []) == [], "dice left unrolled"


RNG: list[int] = [0] * 5
TRIO = (("dragon-sdb", 0), ("strandbell-sdb", 1), ("dragon-sdb", 1))


def events(rec: Recorder, code: int) -> list[tuple[int, ...]]:
    return [e for e in rec.events or [] if e[0] == code]


def test_initiative_orders_every_ship_ties_go_to_thrust_then_a_roll_off_trv_r36(
        dice: Callable[[Any], None]) -> None:
    """Highest initiative first, then the more thrust; ships still tied roll 2D again (in fleet
    order), the new rolls ordering them among themselves only, a tie of those rolled again. Side
    A's ship won every such tie before (Ambush against itself 52.6/47.4 over 40,000)."""
    p, _ = battle(*TRIO)  # thrust 7, 9, 7
    st = r.new_state(p)
    for ship, init in enumerate((10, 12, 10)):
        st[at(p, ship, r.INIT)] = init
    dice(Script(2, 3, 4, 4))  # the Dragons tie at 10: the first rolls 5, the second 8
    rec = Recorder()
    r.sort_order(p, st, RNG, rec)
    assert [st[r.order_at(p, k)] for k in range(3)] == [1, 2, 0]  # side B's Dragon wins it
    assert [(e[1], e[2], e[3]) for e in events(rec, r.EV_TIE)] == [(0, 5, 10), (2, 8, 10)]
    dice(Script(3, 3, 2, 4, 6, 6, 1, 1))  # 6 against 6: rolled again, 12 against 2
    r.sort_order(p, st, RNG, None)
    assert [st[r.order_at(p, k)] for k in range(3)] == [1, 0, 2]
    for ship in range(3):
        st[at(p, ship, r.INIT)] = 10
    dice(Script(1, 2, 6, 5))  # the Strandbell's thrust goes first; the Dragons roll off
    r.sort_order(p, st, RNG, None)
    assert [st[r.order_at(p, k)] for k in range(3)] == [1, 2, 0]
    st[at(p, 1, r.HULL)] = 0  # a ship out of the battle comes last (its salvos still fly)
    st[at(p, 2, r.INIT)] = 11
    r.sort_order(p, st, RNG, None)  # no tie: no die
    assert [st[r.order_at(p, k)] for k in range(3)] == [2, 0, 1]


def test_thrust_toward_one_enemy_moves_that_pair_only_trv_r37(dice: Any) -> None:
    p, _ = battle(*TRIO)
    st = r.new_state(p)
    r.set_bands(p, st, r.LONG)
    r.set_pair(p, st, 0, 1, 2, 10)  # the Dragon's 10 thrust toward the Strandbell
    r.set_pair(p, st, 0, 2, 2, -3)  # the second Dragon's 3 away from the first
    rec = Recorder()
    r.adjust_ranges(p, st, rec)
    assert r.band_of(p, st, 0, 1) == r.band_of(p, st, 1, 0) == r.MEDIUM
    assert r.band_of(p, st, 0, 2) == r.LONG and st[r.pair(p, 0, 2) + 9] == -3  # banked
    assert st[r.pair(p, 1, 2)] == 0  # mates have no band
    assert [(e[5], e[6]) for e in events(rec, r.EV_RANGE)] == [(0, 1), (0, 2)]
    # a whole manoeuvre step: the Dragon steers against its target alone, the others against it
    st = r.new_state(p)
    r.set_bands(p, st, r.DISTANT)
    for ship in range(3):
        st[at(p, ship, r.THRUST)] = r.sv(p, ship, r.SD_THRUST)
    r.sort_order(p, st, new_stream(3), None)  # the Dragons tie: a roll-off
    dice(Lucky())
    rec = Recorder()
    r.manoeuvre_step(p, st, RNG, rec, 1)
    target = st[at(p, 0, r.TARGET)]
    moves = {e[1]: e[5] for e in events(rec, r.EV_MANOEUVRE)}
    assert st[at(p, 1, r.TARGET)] == st[at(p, 2, r.TARGET)] == 0
    other = 3 - target
    assert r.band_of(p, st, 0, target) == r.move_range(p, r.DISTANT, 0,
                                                       moves[0] + moves[target])[0]
    assert r.band_of(p, st, 0, other) == r.move_range(p, r.DISTANT, 0, moves[other])[0]


def test_each_gunner_chooses_its_target_and_a_lost_target_is_chosen_again_trv_r38(
        dice: Any) -> None:
    p, told = battle(("dragon-sdb", 0), ("botfly-ultralight-fighter", 1),
                     ("botfly-ultralight-fighter", 1))
    st = r.new_state(p)
    r.set_bands(p, st, r.SHORT)
    st[at(p, 1, r.HULL)] = 1  # the first Botfly falls to the first barbette that hits
    st[at(p, 2, r.HULL)] = 10_000  # the second lives through the rest
    for ship in (1, 2):
        st[at(p, ship, r.THRUST)] = 0  # no dodges: each hit lands
    st[at(p, 0, r.TARGET)] = 1
    dice(Lucky())
    rec = Recorder()
    assert r.attack_step(p, st, RNG, rec, 0) == 0  # the second Botfly is still in the battle
    fired = events(rec, r.EV_FIRE)
    assert told.weapons[0][fired[0][2]] == "Particle Barbette"
    assert [e[12] for e in fired] == [1, 2]  # barbette #1 at the target, #2 chooses again
    assert [e[8] for e in events(rec, r.EV_LAUNCH)] == [2]  # so does the launcher
    assert st[at(p, 1, r.FATE)] == r.DESTROYED and r.in_battle(p, st, 2)


def test_reactions_are_counted_per_ship_across_every_attacker_trv_r39(dice: Any) -> None:
    p, _ = battle(("strandbell-sdb", 0), ("dragon-sdb", 1), ("dragon-sdb", 1))
    st = r.new_state(p)
    r.set_bands(p, st, r.SHORT)
    st[at(p, 0, r.REACT)] = 1
    st[at(p, 0, r.BURNED)] = p.burn_max  # no reaction to buy
    st[at(p, 0, r.THRUST)] = 9
    st[at(p, 0, r.HULL)] = 10_000  # it lives through both
    dice(Lucky())
    rec = Recorder()
    for ship in (1, 2):
        r.attack_step(p, st, RNG, rec, ship)
    assert len([e for e in events(rec, r.EV_FIRE) if e[12] == 0]) == 4  # two barbettes each
    assert len(events(rec, r.EV_DODGE)) == 1  # one reaction, for the first attack of all
    assert st[at(p, 0, r.REACT)] == 0


def test_a_salvo_flies_at_its_target_and_is_lost_when_the_target_leaves_trv_r40(
        dice: Any) -> None:
    p, told = battle(*TRIO)
    st = r.new_state(p)
    r.set_bands(p, st, r.LONG)
    dice(Lucky())
    st[at(p, 0, r.AT)] = 2
    r.launch(p, st, RNG, None, 0, 0, r.LONG)  # 2 rounds
    slot = r.slot_at(p, 0, 0)
    assert st[slot:slot + 3] == [12, 2, 2]  # missiles, rounds, target
    st[at(p, 0, r.AT)] = 1
    r.launch(p, st, RNG, None, 0, 1, r.LONG)
    st[at(p, 1, r.HULL)] = 10_000
    r.leave(p, st, 2, r.DESTROYED)
    rec = Recorder()
    r.missiles(p, st, RNG, rec, 0)
    r.leave(p, st, 0, r.DESTROYED)  # the launcher gone: its salvo still arrives
    r.missiles(p, st, RNG, rec, 0)
    assert [(e[0], e[3]) for e in rec.events or [] if e[0] in (r.EV_LOST_SALVO, r.EV_ARRIVE)] \
        == [(r.EV_LOST_SALVO, 2), (r.EV_ARRIVE, 1)]
    assert st[at(p, 1, r.HULL)] < 10_000
    narrated = narrate(Prepared(told.names[:2], p.cap, "turn", "Hull", p, True, told=told),
                       list(rec.events or []), r.CAP, 1)[0]
    assert "Dragon System Defense Boat 0's salvo of 12 missiles at Dragon System Defense " \
           "Boat 2 is lost: its target has left the battle (TRV-R40)" in [e.text for e in narrated]


def _squadrons() -> Prepared:
    from shipyard.cli.battle import _side
    from shipyard.core.pattern import BattleSide, Entrant
    from shipyard.systems.traveller.combat import SUPPORT

    yard = Yard()
    return SUPPORT.prepare_battle(
        _side(yard.check(FLEETS / "system-defence.yaml"), "A", BattleSide, Entrant),
        _side(yard.check(FLEETS / "raiders.yaml"), "B", BattleSide, Entrant), Terms())


def test_a_battle_ends_only_when_the_salvos_in_flight_have_landed_trv_r40() -> None:
    """The system-defence squadron against the raiders, 40 seeds: no battle is decided with a
    salvo still flying at a ship left in it. The battle returned as soon as a side had no ship
    in the attack step, so the loser's salvos due that turn (12 missiles a Dragon) were never
    rolled, in about 4 battles of 10; they land now, in the missile step of the turn and in
    the turns after it, and both sides may be lost (`both-lost`)."""
    prepared = _squadrons()
    ends: set[int] = set()
    waited = 0
    for seed in range(40):
        rec = Recorder()
        end, _, _, _, fates = r.play(prepared.state, new_stream(seed), rec)
        ends.add(end)
        flying: dict[tuple[int, int], int] = {}
        for e in rec.events or []:
            if e[0] == r.EV_LAUNCH and e[5] > 0:
                flying[e[1], e[8]] = flying.get((e[1], e[8]), 0) + 1
            elif e[0] in (r.EV_ARRIVE, r.EV_LOST_SALVO):
                flying[e[1], e[3]] -= 1
            waited += e[0] == r.EV_IN_FLIGHT
        assert end != r.CAP
        assert not [k for k, n in flying.items() if n and fates[k[1]] == r.IN], seed
    assert waited and r.BOTH_LOST in ends and {r.A_WINS, r.B_WINS} <= ends


def test_both_lost_is_an_end_the_battle_reports() -> None:
    """A battle both of whose sides are lost has no winner, `both-lost` in a series, in --json
    and in --help-system, and its narration ends saying why."""
    prepared = _squadrons()
    seed = next(s for s in range(40)
                if r.play(prepared.state, new_stream(s), None)[0] == r.BOTH_LOST)
    run = shipyard("battle", str(FLEETS / "system-defence.yaml"), str(FLEETS / "raiders.yaml"),
                   "--seed", str(seed), "--json")
    assert run.code == 0, run.err
    assert run.json()["winner"] is None and run.json()["reason"] == "both-lost"
    told = shipyard("battle", str(FLEETS / "system-defence.yaml"), str(FLEETS / "raiders.yaml"),
                    "--seed", str(seed))
    assert "no winner: both sides are lost, the last ships by missiles already in flight " \
        "(TRV-R40)" in told.out
    assert "both-lost" in shipyard("battle", "--help-system", "traveller").out


def test_one_ecm_attempt_a_salvo_and_two_salvos_two_attempts_trv_r41(dice: Any) -> None:
    p, _ = battle(("dragon-sdb", 0), ("strandbell-sdb", 1), ("strandbell-sdb", 1))
    st = r.new_state(p)
    r.set_bands(p, st, r.SHORT)
    st[at(p, 0, r.REACT)] = 4
    st[at(p, 0, r.HULL)] = 10_000
    dice(Lucky(1))  # every ECM and point defence fails: each is tried once a salvo
    for ship in (1, 2):
        st[at(p, ship, r.AT)] = 0
        r.launch(p, st, RNG, None, ship, 0, r.SHORT)
    rec = Recorder()
    st[at(p, 1, r.INIT)] = 1  # no tie to roll off (every die shows 1)
    r.sort_order(p, st, RNG, None)
    r.end_turn(p, st, RNG, rec)
    assert len(events(rec, r.EV_ARRIVE)) == 2
    assert len(events(rec, r.EV_ECM)) == 2 and {e[1] for e in events(rec, r.EV_ECM)} == {0}
    assert len(events(rec, r.EV_PD)) == 2  # the one battery, once a salvo


def test_aim_is_kept_for_its_target_and_lost_when_the_target_changes_trv_r42(
        dice: Any) -> None:
    p, _ = battle(("strandbell-sdb", 0), ("dragon-sdb", 1), ("dragon-sdb", 1))
    st = r.new_state(p)
    r.set_bands(p, st, r.DISTANT)  # the beam lasers reach Medium: they aim
    dice(Lucky(1))
    rec = Recorder()
    for target in (1, 1, 2):
        st[at(p, 0, r.TARGET)] = target
        r.attack_step(p, st, RNG, rec, 0)
    assert [(e[3], e[4]) for e in events(rec, r.EV_AIM)] == [(2, 1), (4, 1), (2, 2)]
    r.set_pair(p, st, 0, 1, 0, r.MEDIUM)  # the first Dragon in reach: aim was at the second
    st[at(p, 0, r.TARGET)] = 1
    rec = Recorder()
    r.attack_step(p, st, RNG, rec, 0)
    assert [(e[8], e[12]) for e in events(rec, r.EV_FIRE)] == [(0, 1)]
    assert st[at(p, 0, r.AIM)] == 0


def test_jamming_names_its_target_and_two_jammers_give_the_larger_trv_r43(dice: Any) -> None:
    p, _ = battle(("strandbell-sdb", 0), ("dragon-sdb", 1), ("dragon-sdb", 1), ("dragon-sdb", 0))
    st = r.new_state(p)
    r.set_bands(p, st, r.DISTANT)  # nothing reaches: the sensor operators jam
    rec = Recorder()
    dice(Lucky(6))
    st[at(p, 1, r.TARGET)] = 0
    r.attack_step(p, st, RNG, rec, 1)
    dice(Lucky(3))
    st[at(p, 2, r.TARGET)] = 0
    r.attack_step(p, st, RNG, rec, 2)
    jams = events(rec, r.EV_JAM)
    assert [e[5] for e in jams] == [0, 0] and jams[0][4] > jams[1][4] > 0
    assert st[at(p, 0, r.JAM_NEXT)] == jams[0][4]  # the larger, not the sum
    assert st[at(p, 3, r.JAM_NEXT)] == 0  # its mate is not jammed


def test_a_side_finds_the_enemy_when_any_ship_does_and_all_its_ships_get_the_free_round_trv_r44(
        dice: Any) -> None:
    p, _ = battle(*TRIO)
    # the Dragon fails, the Strandbell fails, the second Dragon finds: side B alone
    dice(Script(1, 1, 1, 1, 6, 6))
    rec = Recorder()
    assert r.find(p, RNG, rec) == 1
    assert [e[1] for e in events(rec, r.EV_SCAN)] == [0, 1, 2]
    # against the easiest enemy to find: the second Dragon's stealth −2 does not hide the
    # Strandbell (0) from the first; side B scans against the one Dragon's −2
    assert [e[6] for e in events(rec, r.EV_SCAN)] == [0, -2, -2]
    st = r.new_state(p)
    r.set_bands(p, st, r.LONG)
    dice(Lucky(1))
    rec = Recorder()
    r.free_round(p, st, RNG, rec, 1)
    assert events(rec, r.EV_FREE) == [(r.EV_FREE, 1, 1)]
    acted = [e[1] for e in rec.events or [] if e[0] in (r.EV_JAM, r.EV_SOLUTION)]
    assert acted == [1, 2] and st[at(p, 0, r.BURNED)] == p.burn_max


def test_one_start_roll_sets_every_pair_trv_r45(dice: Any) -> None:
    p, _ = battle(*TRIO)
    p = p._replace(start=r.START_PLANET)
    st = r.new_state(p)
    dice(Script(2))  # one d6 for the encounter: Medium
    r.start(p, st, RNG, None)
    assert r.band_of(p, st, 0, 1) == r.band_of(p, st, 0, 2) == r.MEDIUM


def test_a_capture_takes_one_ship_out_and_the_boarders_fight_on_trv_r46(dice: Any) -> None:
    p, _ = battle(*TRIO)
    st = r.new_state(p)
    r.set_bands(p, st, r.ADJACENT)
    st[at(p, 0, r.THRUST)] = 3
    st[at(p, 1, r.HULL)] = 10  # less than half its Hull: the default crew boards
    st[at(p, 0, r.AT)] = 1
    dice(Script(6, 6, 1, 1))
    assert r.board(p, st, RNG, None, 0) == 1
    assert st[at(p, 1, r.FATE)] == r.CAPTURED and r.in_battle(p, st, 0)
    assert r.decided(p, st) == -1  # the second Dragon fights on, and so do the boarders
    assert r.choose_target(p, st, 0) == 2
    r.leave(p, st, 2, r.DESTROYED)
    assert r.decided(p, st) == r.A_WINS  # the last ship was destroyed
    duel, _ = battle(("dragon-sdb", 0), ("strandbell-sdb", 1))
    st = r.new_state(duel)
    r.leave(duel, st, 1, r.CAPTURED)
    assert r.decided(duel, st) == r.A_BOARDS  # with one ship a side, as the duel ended


def test_the_default_commander_closes_on_the_nearest_then_the_weakest_trv_r47() -> None:
    p, _ = battle(("strandbell-sdb", 0), ("dragon-sdb", 1), ("dragon-sdb", 1))
    st = r.new_state(p)
    r.set_bands(p, st, r.LONG)
    assert r.choose_target(p, st, 0) == 1  # a tie: fleet order
    st[at(p, 2, r.HULL)] -= 1
    assert r.choose_target(p, st, 0) == 2  # the weaker
    r.set_pair(p, st, 0, 1, 0, r.MEDIUM)
    assert r.choose_target(p, st, 0) == 1  # the nearer first
    assert r.choose_target(p, st, 1) == 0
    # the beam lasers reach Medium: at Long the target, out of reach, is aimed at, and a gunner
    # fires at an enemy it reaches instead
    st[at(p, 0, r.TARGET)] = 2
    assert r.gun_target(p, st, 0, 0) == 1
    r.set_pair(p, st, 0, 1, 0, r.LONG)
    assert r.gun_target(p, st, 0, 0) == -1


def test_a_gun_whose_hit_would_be_wasted_overkill_fires_where_it_does_the_most_trv_r51(
        ) -> None:
    """The Ambush's captain targets the 2-Hull Botfly (the nearest, the weakest). Its pulse
    lasers (5 damage on average through the Botfly's armour) fire at it; its particle beam bay
    (×20: 440 on average) would be wasted there while the smaller gun can finish the fighter,
    so it fires at the Dragon (176 Hull), where a hit does the most. With the Dragon out of
    the bay's reach, it fires at the target after all. (Every gun used to fire at the target:
    a 2-Hull fighter took 560 damage with a Dragon in reach.)"""
    p, told = battle(("ambush-corvette", 0), ("botfly-ultralight-fighter", 1),
                     ("dragon-sdb", 1))
    st = r.new_state(p)
    r.set_bands(p, st, r.LONG)
    st[at(p, 0, r.TARGET)] = 1
    lasers, bay = 0, 1
    assert "Pulse Laser" in told.weapons[0][lasers] and "Bay" in told.weapons[0][bay]
    assert r.twice_mean(p, 0, bay, r.armour_now(p, st, 1)) == 880
    assert (st[at(p, 1, r.HULL)], st[at(p, 2, r.HULL)]) == (2, 176)
    assert r.gun_target(p, st, 0, lasers) == 1
    assert r.wasted(p, st, 0, bay, 1) and not r.wasted(p, st, 0, lasers, 1)
    assert r.gun_target(p, st, 0, bay) == 2
    r.set_pair(p, st, 0, 2, 0, r.DISTANT)
    assert r.gun_target(p, st, 0, bay) == 1


def test_a_battle_ends_harmless_when_no_ship_can_harm_an_enemy_trv_r48() -> None:
    p, _ = battle(("small-scout-base", 0), ("small-scout-base", 1), ("small-scout-base", 1))
    st = r.new_state(p)
    r.set_bands(p, st, r.LONG)
    for ship in range(3):
        st[at(p, ship, r.STOCK)] = 0
    assert not any(r.can_harm(p, st, ship) for ship in range(3))  # no drive, lasers short
    r.set_pair(p, st, 0, 2, 0, r.MEDIUM)
    assert r.can_harm(p, st, 0) and r.can_harm(p, st, 2) and not r.can_harm(p, st, 1)
    r.leave(p, st, 2, r.DESTROYED)
    assert not r.can_harm(p, st, 0)


FLEETS = EXAMPLES.parent / "fleets"


@pytest.mark.compiled
def test_battles_from_a_design_against_a_fleet_and_fleet_against_fleet() -> None:
    """The bundled encounter (the house trader against two house corsairs) told, and the
    system-defence squadron against the raiders as a series: every ship named with its side,
    each ship's fate at the end."""
    told = shipyard("battle", str(EXAMPLES / "house-far-trader.yaml"),
                    str(FLEETS / "corsairs.yaml"), "--seed", "1")
    assert told.code == 0, told.err
    assert "House Corsair 2 (B) fires" in told.out and "at House Far Trader (A)" in told.out
    fates = told.out.splitlines()[-2:]
    assert fates[0].startswith("House Far Trader (A): House Far Trader (A) ")
    assert fates[1].startswith("Corsair pair (B): House Corsair 1 (B) ")
    series = shipyard("battle", str(FLEETS / "system-defence.yaml"), str(FLEETS / "raiders.yaml"),
                      "--runs", "300", "--json")
    assert series.code == 0, series.err
    ships = json.loads(series.out)["ships"]
    assert len(ships) == 10  # 2 Dragons, a Strandbell, 4 Botflies; the Ambush, 2 corsairs
    assert ships[6]["name"] == "Botfly Ultralight Fighter 4 (A)"
    for ship in ships:  # survived or lost, and lost only to what the rules name
        assert ship["survived"]["count"] + ship["lost"]["count"] == 300
        assert ship["crippled"]["count"] == ship["escaped"]["count"] == 0
        assert set(ship["lost_how"]) <= {"enemy fire", "boarders"}


def test_an_outmatched_captain_breaks_off_and_escapes_when_none_closes_trv_r50(
        dice: Any) -> None:
    """The lone trader against a corsair is outmatched (its Hull lasts fewer than half the turns
    the trader needs for the corsair's), steers for Distant, and escapes from Distant when the
    corsair's pilot fails to close; when the corsair closes it is still in the battle."""
    p, _ = battle(("house-far-trader", 0), ("house-corsair", 1))
    st = r.new_state(p)
    flee, ours, our_might, theirs, their_might = r.outmatched(p, st, 0)
    assert flee == 1 and ours == st[at(p, 0, r.HULL)] and theirs == st[at(p, 1, r.HULL)]
    turns_them = -(-ours * 10 // their_might)
    turns_us = -(-theirs * 10 // our_might)
    assert turns_them * p.flee_ratio < turns_us
    assert r.outmatched(p, st, 1)[0] == 0  # the corsair fights on
    for closes, script in ((1, Script(4, 4, 3, 3)), (0, Script(4, 4, 1, 1))):
        st = r.new_state(p)
        r.set_bands(p, st, r.DISTANT)
        st[at(p, 1, r.THRUST)] = 3  # the corsair moves first (reverse initiative order)
        st[r.order_at(p, 0)], st[r.order_at(p, 1)] = 0, 1
        dice(script)  # its overcharge (Effect +2: thrust 5), then its manoeuvre (6+)
        rec = Recorder()
        gone = r.manoeuvre_step(p, st, RNG, rec, 1)
        assert st[at(p, 0, r.FLEE)] == 1 and events(rec, r.EV_FLEE)[0][:3] == (r.EV_FLEE, 0, 1)
        assert st[at(p, 0, r.WANTED)] == r.DISTANT
        if closes:  # 4 thrust banked toward: the trader is not clear of it
            assert gone == 0 and r.in_battle(p, st, 0) and r.decided(p, st) == -1
        else:
            assert gone == 1 and st[at(p, 0, r.FATE)] == r.ESCAPED
            assert events(rec, r.EV_ESCAPE) == [(r.EV_ESCAPE, 0)]
            assert r.decided(p, st) == r.FLED  # no winner: its side's last ship escaped
            assert r.fates(p, st)[0] == r.ESCAPED


def test_a_user_captain_who_steers_to_fight_cancels_the_break_off_trv_r50() -> None:
    """The break-off is the band question's default while the default captain is outmatched:
    a captain answering a band fights on (no flight, no escape), and one answering BREAK_OFF
    ("break-off") breaks off even when the default would not."""
    p, _ = battle(("house-far-trader", 0), ("house-corsair", 1))
    # (the asked ship, its answer, whether it breaks off, the ships that escape: the trader
    # breaks off by default when not asked, and both at Distant with none closing escape)
    for ship, answer, flees, escape in ((0, r.SHORT, 0, []), (0, r.BREAK_OFF, 1, [0]),
                                        (1, r.BREAK_OFF, 1, [0, 1])):
        st = r.new_state(p)
        r.set_bands(p, st, r.DISTANT)
        st[r.order_at(p, 0)], st[r.order_at(p, 1)] = 0, 1
        asked: list[int] = []

        def asker(who: int, question: int, facts: tuple[Any, ...], default: int,
                  ship: int = ship, answer: int = answer, asked: list[int] = asked) -> int:
            if question == r.Q_BAND and who == ship:
                asked.append(default)
                return answer
            return default

        rec = Recorder(asker=asker)
        gone = r.manoeuvre_step(p, st, RNG, rec, 1)
        # the trader's default is to break off; the corsair's is its band
        assert asked == [r.BREAK_OFF if ship == 0 else p.data[p.want_at + 1 * p.n + 0]]
        assert st[at(p, ship, r.FLEE)] == flees and gone == flees
        assert st[at(p, ship, r.FATE)] == (r.ESCAPED if flees else r.IN)
        assert [e[1] for e in events(rec, r.EV_ESCAPE)] == escape


def test_a_side_is_not_beaten_only_when_all_its_ships_escaped_without_loss_trv_r50() -> None:
    """Fighters against a corsair: one lost and one escaped is the corsair's win whichever left
    last (the escapee last was "no winner" before, first the corsair's win); both escaped is
    no winner, as docs/commands/battle.md says."""
    p, _ = battle(("botfly-ultralight-fighter", 0), ("botfly-ultralight-fighter", 0),
                  ("house-corsair", 1))
    for first, second, end in (((0, r.DESTROYED), (1, r.ESCAPED), r.B_OUTLASTS),
                               ((1, r.ESCAPED), (0, r.DESTROYED), r.B_WINS),
                               ((0, r.ESCAPED), (1, r.ESCAPED), r.FLED)):
        st = r.new_state(p)
        r.leave(p, st, *first)
        assert r.decided(p, st) == -1
        r.leave(p, st, *second)
        assert r.decided(p, st) == end, (first, second)
    from shipyard.systems.traveller.combat import ENDS

    assert ENDS[r.B_OUTLASTS] == (1, "escaped")


def test_a_ship_boards_only_with_boarders_and_an_airlock_trv_r22(
        dice: Callable[[Any], None]) -> None:
    """A 6-ton Botfly (one seat, no airlock) took 400-ton corsairs by boarding in 16 of 25
    battles started at Adjacent: it has nobody to send and no way out, so it never tries; the
    corsair (staterooms and airlocks) boards as before."""
    p, _ = battle(("botfly-ultralight-fighter", 0), ("house-corsair", 1))
    assert (r.sv(p, 0, r.SD_BOARDERS), r.sv(p, 1, r.SD_BOARDERS)) == (0, 1)
    for ship, enemy, boards in ((0, 1, 0), (1, 0, 1)):
        st = r.new_state(p)
        st[at(p, enemy, r.HULL)] = 1  # well under half its Hull: the default crew would try
        st[at(p, ship, r.THRUST)] = 2
        st[at(p, ship, r.AT)] = enemy
        dice(Script(6, 6, 1, 1) if boards else Script())  # no die at all when it cannot try
        assert r.board(p, st, RNG, None, ship) == boards
        assert st[at(p, enemy, r.FATE)] == (r.CAPTURED if boards else r.IN)


def test_no_range_is_told_for_a_pair_with_a_ship_out_of_the_battle_trv_r37() -> None:
    """The narration told "range Dragon 1 (A) – Ambush (B) stays Long" turns after the Dragon
    was destroyed: only pairs of ships still in the battle have a range to tell."""
    p, _ = battle(*TRIO)
    st = r.new_state(p)
    r.set_bands(p, st, r.LONG)
    r.set_pair(p, st, 0, 1, 2, 10)
    r.set_pair(p, st, 0, 2, 2, 10)
    r.leave(p, st, 2, r.DESTROYED)
    rec = Recorder()
    r.adjust_ranges(p, st, rec)
    assert [(e[5], e[6]) for e in events(rec, r.EV_RANGE)] == [(0, 1)]
