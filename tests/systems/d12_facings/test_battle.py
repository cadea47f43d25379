"""d12-facings battles: N ships a side on the duel's own rules (RULINGS R24-R32).

A duel is the battle of one against one, the same code: its narrated fights are held, digest by
digest, to those the duel engine told before the battle generalised it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.captain import State
from shipyard.systems.d12_facings.combat.rules import CORE, FORE, LONG, MEDIUM, SHORT, TAILING
from shipyard.systems.d12_facings.combat.setup import Setup, Ship, table
from tests.conftest import ROOT, load_script
from tests.systems.d12_facings.helpers import DEFAULT, EXAMPLES, Table

DIGESTS = ROOT / "tests" / "systems" / "d12_facings" / "golden" / "duels.json"


def _digest() -> Any:
    return load_script("d12-facings-duel-digests.py").digest


@pytest.mark.slow
@pytest.mark.parametrize("case", json.loads(DIGESTS.read_text(encoding="utf-8")),
                         ids=lambda c: f"{c['a']}-{c['b']}-{len(c['digests'])}")
def test_a_duel_is_the_battle_of_one_against_one_fight_for_fight(case: dict[str, Any]) -> None:
    digest = _digest()
    got = [digest(case["a"], case["b"], seed, case["terms"])
           for seed in range(len(case["digests"]))]
    assert got == case["digests"]



# --- the battle rulings (RULINGS R24-R32), with scripted dice ---------------------------------


class Wants:
    """A captain whose range wish and enemy are fixed (-1: the default's); guns, targets and
    defence as the default captain, asked through the rules' `ask` as a user's own is."""

    def __init__(self, want: int = -1, enemy: int = -1, target: int = -1) -> None:
        self.want, self.enemy_, self.target_ = want, enemy, target
        self.asked: list[tuple[str, int, list[int]]] = []

    def want_range(self, setup: Setup, state: State, side: int, steps: int) -> int:
        self.asked.append(("range", side, [state.enemy, steps]))
        return self.want if self.want >= 0 else DEFAULT.want_range(setup, state, side, steps)

    def enemy(self, setup: Setup, state: State, side: int, enemies: list[int]) -> int:
        self.asked.append(("enemy", side, enemies))
        return self.enemy_ if self.enemy_ >= 0 else DEFAULT.enemy(setup, state, side, enemies)

    def target(self, setup: Setup, state: State, side: int, enemies: list[int]) -> int:
        self.asked.append(("target", side, enemies))
        return self.target_ if self.target_ >= 0 else DEFAULT.target(setup, state, side,
                                                                      enemies)

    def plan(self, setup: Setup, state: State, side: int, rng: int, tailer: int
             ) -> list[tuple[int, int]]:
        return DEFAULT.plan(setup, state, side, rng, tailer)

    def pick(self, setup: Setup, state: State, target: int, candidates: list[int],
             damage: int, attacker: bool) -> int:
        return DEFAULT.pick(setup, state, target, candidates, damage, attacker)


def tiny(name: str, damage: int = 10, **changes: Any) -> Ship:
    """A ship of two systems: a fore gun (hp 2) and a one-seat bridge in the core (hp 1)."""
    ship = Ship(name=name, labels=("gun", "bridge"), facing=(FORE, CORE),
                kind=(r.WEAPON, r.STATION), resilient=(False, True), turret=(False, False),
                hp=(2, 1), damage=(damage, 0), sustain=(1, 0), to_hit=(0, 0),
                figure=(0, 1), value=(6, 3), defence=0, piloting=5, gunnery_bonus=0,
                gunners=(6,), shields_max=0, armour=0, after=0, chooses=False)
    return ship._replace(**changes)


def battle(a: tuple[Ship, ...], b: tuple[Ship, ...], start: int = MEDIUM,
           captains: Any = (None, None)) -> Table:
    return Table(table((*a, *b), start=start, first_b=len(a)), captains)


def moves(t: Table) -> list[tuple[int, int, int, int]]:
    """(mover, enemy, from, to) of each range move told."""
    return [(e[1], e[5], e[2], e[3]) for e in t.of(r.EV_MOVE)]


def test_r24_each_pair_of_enemies_holds_its_own_range(dice: Any) -> None:
    t = battle((tiny("A1"), tiny("A2")), (tiny("B"),), MEDIUM, (Wants(SHORT), None))
    assert [[r.rng_of(t.p, t.f, x, y) for y in range(3)] for x in range(3)] == [
        [r.ESCAPED, r.ESCAPED, MEDIUM], [r.ESCAPED, r.ESCAPED, MEDIUM],
        [MEDIUM, MEDIUM, r.ESCAPED]]
    assert not r.in_reach(t.p, t.f, 0, 1)  # mates: no range, never a target
    r.range_step(t.p, t.f, dice(11, 7, 6), t.rec)  # A1 closes on B: A2's range stays
    assert moves(t)[0] == (0, 2, MEDIUM, SHORT)
    assert (r.rng_of(t.p, t.f, 0, 2), r.rng_of(t.p, t.f, 2, 0)) == (SHORT, SHORT)
    # then A2 closes its own; B, moved against by both, has nobody to move against
    assert moves(t)[1:] == [(1, 2, MEDIUM, SHORT)]


def test_r25_from_the_highest_down_never_against_one_who_moved_against_it(dice: Any) -> None:
    # A1 9, B 8, A2 7: A1 moves against B; B may not answer A1 but may move against A2 (it
    # beat A2); A2, moved against, has nobody left to move against
    t = battle((tiny("A1"), tiny("A2")), (tiny("B"),), MEDIUM, (Wants(SHORT), Wants(LONG)))
    r.range_step(t.p, t.f, dice(9, 7, 8), t.rec)
    assert [e[1] for e in t.of(r.EV_PILOTING)] == [0, 1, 2]  # everyone rolls, battle order
    assert moves(t) == [(0, 2, MEDIUM, SHORT), (2, 1, MEDIUM, LONG)]
    # two steps against one it beat by 6 or more, one against one it did not: A 11, B1 5,
    # B2 10 (piloting total 5: neither rolls again)
    for enemy, reached in ((1, SHORT), (2, MEDIUM)):
        t = battle((tiny("A"),), (tiny("B1"), tiny("B2")), LONG,
                   (Wants(TAILING, enemy=enemy), Wants(LONG)))
        r.range_step(t.p, t.f, dice(11, 5, 10), t.rec)
        assert moves(t)[0] == (0, enemy, LONG, reached)


def test_r26_the_enemies_a_ship_may_move_against(dice: Any) -> None:
    wants = Wants(SHORT, enemy=2)
    t = battle((tiny("A"),), (tiny("B1"), tiny("B2")), MEDIUM, (wants, None))
    r.range_step(t.p, t.f, dice(11, 7, 6), t.rec)  # A highest: it may choose either
    assert ("enemy", 0, [1, 2]) in wants.asked
    assert moves(t)[0] == (0, 2, MEDIUM, SHORT)
    # the default: the enemy whose move gains it most; a harmless ship runs from the worst
    t = battle((tiny("A", gunners=()),), (tiny("B1", damage=2), tiny("B2", damage=9)), MEDIUM)
    r.range_step(t.p, t.f, dice(11, 7, 6), t.rec)
    assert moves(t)[0] == (0, 2, MEDIUM, LONG)  # away from B2, who hurts it most


def test_r27_equal_results_neither_moves_against_the_other(dice: Any) -> None:
    # A 8, B1 8, B2 6: A may not move against B1 (equal), only against B2; B1 has nobody
    wants = Wants(SHORT)
    t = battle((tiny("A"),), (tiny("B1"), tiny("B2")), MEDIUM, (wants, Wants(SHORT)))
    r.range_step(t.p, t.f, dice(8, 8, 6), t.rec)
    assert t.of(r.EV_ORDER)[0][1] == -1  # the highest are equal
    assert moves(t) == [(0, 2, MEDIUM, SHORT)]
    assert [a for a in wants.asked if a[0] == "enemy"] == []  # one enemy to choose: no ask
    # with two ships it is R5: nobody moves, the range holds
    t = battle((tiny("A"),), (tiny("B"),), MEDIUM, (Wants(SHORT), Wants(SHORT)))
    r.range_step(t.p, t.f, dice(8, 8), t.rec)
    assert not moves(t) and t.of(r.EV_HOLD)[0][1] == -1


def test_r27_a_three_way_tie_for_the_highest_names_all_three(dice: Any) -> None:
    # A 8, B1 8, B2 8: the log named A and B1 only, as if B2 had been beaten
    from shipyard.systems.d12_facings.combat.narrate import narrate

    t = battle((tiny("A"),), (tiny("B1"), tiny("B2")), MEDIUM)
    r.range_step(t.p, t.f, dice(8, 8, 8), t.rec)
    assert t.of(r.EV_TIED) == [(r.EV_TIED, -1, 2)]
    told, _ = narrate(t.s, t.rec.events or [], r.GOING, 1)
    ties = [e.text for e in told if "equal highest" in e.text]
    assert ties == ["A, B1 and B2 have equal highest results: none moves against an enemy "
                    "among them (R27)"]
    assert not moves(t)  # each beat nobody: nobody moves


def test_r33_a_ship_with_no_crew_station_left_still_pilots(dice: Any) -> None:
    # B's bridge (its one crew station) destroyed: nobody seated, so it can hurt nobody
    # (R14); it still rolls piloting at its best pilot's skill, and runs (R17)
    t = battle((tiny("A"),), (tiny("B", piloting=7),), MEDIUM)
    t.set_hp(1, 1, 0)
    assert t.at(1, r.S_CREW) == 0 and r.harmless(t.p, t.f, 1)
    assert t.at(1, r.S_PILOTING) == 7
    r.range_step(t.p, t.f, dice(3, 1, 12), t.rec)  # A 3 + 1 = 4; B a natural 12
    assert [e[1:3] for e in t.of(r.EV_PILOTING)] == [(0, 5), (1, 7)]
    assert moves(t) == [(1, 0, MEDIUM, r.ESCAPED)]  # it runs: two steps on a natural 12


def test_r28_escaped_stays_and_a_ship_leaves_when_escaped_from_every_enemy(dice: Any) -> None:
    t = battle((tiny("A"),), (tiny("B1"), tiny("B2")), LONG, (Wants(r.ESCAPED), None))
    r.set_pair(t.p, t.f, 0, 1, r.ESCAPED, -1)  # A got away from B1 already
    assert r.range_step(t.p, t.f, dice(11, 6, 5), t.rec) == r.A_ESCAPES  # and now from B2
    assert moves(t) == [(0, 2, LONG, r.ESCAPED)]  # B1 was never offered: escaped stays
    assert r.movable(t.p, t.f, 1) == 0  # nor can B1 close again
    assert t.of(r.EV_ESCAPED) == [(r.EV_ESCAPED, 0)]
    assert t.f[t.f[r.H_FATES]:t.f[r.H_FATES] + 3] == [r.ESCAPED_FATE, r.IN, r.IN]
    # a side that lost a ship and ran with the last loses, reason escaped
    t = battle((tiny("A1"), tiny("A2")), (tiny("B"),), LONG, (Wants(r.ESCAPED), None))
    t.f[t.f[r.H_FATES] + 0] = r.DESTROYED
    assert r.range_step(t.p, t.f, dice(11, 5, 5), t.rec) == r.B_WINS_ESCAPED
    # the last enemy in reach destroyed: a ship at escaped from the rest leaves
    t = battle((tiny("A"),), (tiny("B1"), tiny("B2")), SHORT)
    r.set_pair(t.p, t.f, 0, 1, r.ESCAPED, -1)
    t.f[t.f[r.H_FATES] + 2] = r.DESTROYED
    assert r.cut_off(t.p, t.f, 0) and r.ending(t.p, t.f, -1) == r.GOING


def test_r29_tailing_is_a_state_of_one_pair(dice: Any) -> None:
    aft = tiny("A")._replace(labels=("gun", "bridge", "aft gun"), facing=(FORE, CORE, r.AFT),
               kind=(r.WEAPON, r.STATION, r.WEAPON), resilient=(False, True, False),
               turret=(False, False, False), hp=(2, 1, 2), damage=(10, 0, 10),
               sustain=(1, 0, 1), to_hit=(0, 0, 0), figure=(0, 1, 0), value=(6, 3, 6))
    t = battle((aft,), (tiny("B1"), tiny("B2")), SHORT)
    assert r.move(t.p, t.f, 1, 0, TAILING, 1)  # B1 tails A
    assert (r.tailer_of(t.p, t.f, 0, 1), r.tailer_of(t.p, t.f, 0, 2)) == (1, -1)
    tailer = r.tailer_of(t.p, t.f, 0, 1)
    assert [r.bears(t.p, t.f, g, TAILING, tailer, 0) for g in (0, 2)] == [False, True]
    assert [r.bears(t.p, t.f, g, SHORT, -1, 0) for g in (0, 2)] == [True, True]  # on B2
    assert r.move(t.p, t.f, 0, 2, TAILING, 1)  # A tails B2 while B1 tails it
    assert (r.tailer_of(t.p, t.f, 0, 1), r.tailer_of(t.p, t.f, 0, 2)) == (1, 0)


def test_r30_one_target_a_turn_the_one_it_hurts_most(dice: Any) -> None:
    tough = tiny("B2", defence=6)
    t = battle((tiny("A"),), (tiny("B1"), tough), MEDIUM)
    r.action_step(t.p, t.f, dice(*[12] * 3), t.rec)
    plans = [e for e in t.of(r.EV_PLAN) if e[1] == 0]
    assert plans and {e[4] for e in plans} == {1}  # B1: easier to hit than B2
    # a user's captain is asked, and its target is fired at
    wants = Wants(target=2)
    t = battle((tiny("A"),), (tiny("B1"), tough), MEDIUM, (wants, None))
    r.action_step(t.p, t.f, dice(*[12] * 3), t.rec)
    assert ("target", 0, [1, 2]) in wants.asked
    assert [e[10] for e in t.of(r.EV_SHOT) if e[1] == 0] == [2]
    # its target gone, it aims afresh: B1 destroyed, the next turn it fires at B2
    t = battle((tiny("A"),), (tiny("B1"), tough), MEDIUM)
    t.f[t.f[r.H_FATES] + 1] = r.DESTROYED
    r.action_step(t.p, t.f, dice(*[12] * 2), t.rec)
    assert [e[10] for e in t.of(r.EV_SHOT) if e[1] == 0] == [2]


def test_r30_a_new_target_after_the_planned_one_is_gone_is_told(dice: Any) -> None:
    # A, two guns and two hands, destroys B1 with its first gun; its second gun's row is the
    # same at B2, and the plan for its new target was not told
    two = tiny("A")._replace(labels=("gun", "gun 2", "bridge"), facing=(FORE, FORE, CORE),
               kind=(r.WEAPON, r.WEAPON, r.STATION), resilient=(False, False, True),
               turret=(False, False, False), hp=(2, 2, 1), damage=(10, 10, 0),
               sustain=(1, 1, 0), to_hit=(0, 0, 0), figure=(0, 0, 2), value=(6, 6, 3),
               gunners=(6, 6))
    t = battle((two,), (tiny("B1"), tiny("B2")), SHORT)
    r.action_step(t.p, t.f, dice(12, 1, 1, 1, 1, 12, 12, 12), t.rec)
    assert t.f[t.f[r.H_FATES] + 1] == r.DESTROYED
    replans = [e for e in t.of(r.EV_REPLAN) if e[1] == 0]
    assert replans and replans[0][3] == 1  # a new target
    rows = [e for e in t.of(r.EV_PLAN) if e[1] == 0]
    assert [e[4] for e in rows] == [1, 1, 2]  # two rows at B1, then the row left at B2
    from shipyard.systems.d12_facings.combat.narrate import words

    said = words(t.s, replans[0])
    assert said is not None and said[1] == "A plans again for a new target with the " \
        "guns and hands left:"


def test_r31_hits_on_one_target_land_in_battle_order_each_whole(dice: Any) -> None:
    b = tiny("B", armour=3, hp=(2, 9), shields_max=0)
    t = battle((tiny("A1", damage=4), tiny("A2", damage=4)), (b,), SHORT)
    # both A's hit (12s), B misses (a natural 1, under its total: a second die, no matter)
    r.action_step(t.p, t.f, dice(12, 12, 1, 1), t.rec)
    absorbed = t.of(r.EV_ABSORB)
    assert [e[2:4] for e in absorbed[:2]] == [(0, 3), (0, 0)]
    assert sum(e[3] for e in t.of(r.EV_SYSTEM)) == 1 + 4
    # a hit on a ship destroyed earlier in the exchange finds nothing
    t = battle((tiny("A1"), tiny("A2")), (tiny("B"),), SHORT)
    assert r.action_step(t.p, t.f, dice(12, 12, 1, 1), t.rec) == r.A_WINS
    assert t.of(r.EV_WASTED) == [(r.EV_WASTED, 1, 2)]


def test_r32_every_pair_starts_at_the_start_and_tailing_is_one_against_one() -> None:
    from shipyard.api import BattleSide, Entrant, Terms, UserError
    from shipyard.core.yard import Yard
    from shipyard.systems.d12_facings.combat import SUPPORT

    yard = Yard()
    lancer, sabre = (yard.read(EXAMPLES / f"{n}.yaml") for n in ("lancer", "sabre"))
    two = BattleSide("two", "x", (Entrant(lancer, 2),), "A", True)
    one = BattleSide("one", "y", (Entrant(sabre),), "B", True)
    s = SUPPORT.prepare_battle(two, one, Terms(values={"range": "long"})).told
    assert {s.fight.data[s.fight.data[r.H_RANGES] + a * 3 + 2] for a in (0, 1)} == {LONG}
    with pytest.raises(UserError, match="--range tailing"):
        SUPPORT.prepare_battle(two, one, Terms(values={"range": "tailing"}))
    solo = BattleSide("solo", "z", (Entrant(lancer),), "A", True)
    s = SUPPORT.prepare_battle(solo, one, Terms(values={"range": "tailing"})).told
    assert (s.start, s.fight.data[s.fight.data[r.H_TAILERS] + 1]) == (TAILING, 0)


# --- a battle on the core's terms --------------------------------------------------------------


def _sides(a: str, b: str, tags: tuple[str, str] = ("A", "B")) -> tuple[Any, Any]:
    from shipyard.api import BattleSide
    from shipyard.core.yard import Yard

    yard = Yard()
    return (BattleSide.one(yard.read(EXAMPLES / f"{a}.yaml"), tags[0]),
            BattleSide.one(yard.read(EXAMPLES / f"{b}.yaml"), tags[1]))


def _told(prepared: Any, seed: int) -> tuple[Any, ...]:
    from shipyard.core.combat import fight_once
    from shipyard.systems.d12_facings.combat import SUPPORT

    told = fight_once(SUPPORT, prepared, seed)
    text = [e.text.replace(" (A)", "").replace(" (B)", "") for e in told.events]
    return (told.outcome.winner, told.outcome.reason, told.rounds, told.damage, told.draws,
            told.fates, text)


@pytest.mark.parametrize(("a", "b"), [("lancer", "sabre"), ("mastiff", "hornet")])
def test_a_battle_of_one_against_one_is_the_duel(a: str, b: str) -> None:
    """`battle A B` of one design a side and `duel A B`: the same fights, told the same but
    for the side tags on the names (200 seeds over the two pairings)."""
    from shipyard.api import Terms
    from shipyard.core.yard import Yard
    from shipyard.systems.d12_facings.combat import SUPPORT

    yard = Yard()
    duel = SUPPORT.prepare(yard.read(EXAMPLES / f"{a}.yaml"), yard.read(EXAMPLES / f"{b}.yaml"),
                           Terms())
    fight = SUPPORT.prepare_battle(*_sides(a, b), Terms())
    assert [s.name for s in fight.ships] == [f"{a.title()} (A)", f"{b.title()} (B)"]
    assert [s.name for s in duel.ships] == [a.title(), b.title()]
    for seed in range(100):
        assert _told(duel, seed) == _told(fight, seed), seed


ROWS = """
import json, sys
from tests.systems.d12_facings.test_battle import fleet_prepared
from shipyard.core.combat import series
from shipyard.systems.d12_facings.combat import SUPPORT
c = series(SUPPORT, fleet_prepared(), 60, int(sys.argv[1]))
print(json.dumps([c.engine, c.winner.tolist(), c.reason.tolist(), c.rounds.tolist(),
                  c.damage_a.tolist(), c.fates.tolist(), list(c.reason_names)]))
"""


def fleet_prepared() -> Any:
    """The escort squadron against the raider pack, as `battle` fights them."""
    from shipyard.api import BattleSide, Entrant, Terms
    from shipyard.core.yard import Yard
    from shipyard.systems.d12_facings.combat import SUPPORT

    yard = Yard()

    def side(names: tuple[str, ...], tag: str) -> BattleSide:
        return BattleSide(f"fleet {tag}", "", tuple(
            Entrant(yard.read(EXAMPLES / f"{n}.yaml")) for n in names), tag, True)

    return SUPPORT.prepare_battle(side(("paladin", "sabre", "lancer", "mastiff"), "A"),
                                  side(("harpy", "viper", "hornet", "hornet"), "B"), Terms())


@pytest.mark.compiled
@pytest.mark.parametrize("env", [{}, {"NUMBA_DISABLE_JIT": "1"}])
def test_every_battle_of_a_series_is_the_narrated_battle_of_its_seed(env: dict[str, str]
                                                                      ) -> None:
    import os
    import subprocess
    import sys

    from shipyard.core.combat import fight_once
    from shipyard.core.stream import derive_seed
    from shipyard.systems.d12_facings.combat import SUPPORT

    done = subprocess.run([sys.executable, "-c", ROWS, "5"], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, **env}, check=True)
    engine, winners, reasons, rounds, dealt, fates, names = json.loads(done.stdout)
    assert engine == "compiled"
    prepared = fleet_prepared()
    for i in range(len(winners)):
        told = fight_once(SUPPORT, prepared, derive_seed(5, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert (winner, names[reasons[i]], told.rounds, told.damage[0], list(told.fates)) == (
            winners[i], told.outcome.reason, rounds[i], dealt[i], fates[i]), f"battle {i}"
    assert {f for row in fates for f in row} <= {r.IN, r.ESCAPED_FATE, r.DESTROYED}


# --- a user's own captain in a battle -----------------------------------------------------

FLEETS = ROOT / "catalogs" / "d12-facings" / "fleets"
FOCUS = ROOT / "catalogs" / "d12-facings" / "captains" / "focus_fire.py"
TOLD = '''
import json, pathlib
from shipyard.systems.d12_facings.combat.captain import DefaultCaptain
LOG = pathlib.Path(__file__).with_suffix(".jsonl")
def note(question, setup, side, enemies):
    with LOG.open("a") as out:
        out.write(json.dumps([question, setup.ships[side].name,
                              [setup.ships[e].name for e in enemies]]) + "\\n")
class Told(DefaultCaptain):
    def want_range(self, setup, state, side, steps):
        note("range", setup, side, [state.enemy])
        return super().want_range(setup, state, side, steps)
    def enemy(self, setup, state, side, enemies):
        note("enemy", setup, side, enemies)
        return super().enemy(setup, state, side, enemies)
    def target(self, setup, state, side, enemies):
        note("target", setup, side, enemies)
        return super().target(setup, state, side, enemies)
    def plan(self, setup, state, side, rng, tailer):
        note("plan", setup, side, [state.enemy])
        return super().plan(setup, state, side, rng, tailer)
'''


def test_a_users_captain_answers_for_every_ship_of_its_side(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`battle --pilot-b`: one captain asked for each of side B's ships, every question naming
    the asking ship and the enemies it may choose; one that answers as the default does fights
    the default's battle, event for event."""
    from tests.cli import shipyard

    mine = tmp_path / "told.py"
    mine.write_text(TOLD, encoding="utf-8")
    fleets = (FLEETS / "escort-squadron.yaml", FLEETS / "raider-pack.yaml")
    run = shipyard("battle", *fleets, "--seed", "3", "--pilot-b", f"{mine}:Told", "--json")
    default = shipyard("battle", *fleets, "--seed", "3", "--json")
    assert run.code == 0 and default.code == 0, run.err + default.err
    asked = [json.loads(line) for line in mine.with_suffix(".jsonl").read_text().splitlines()]
    assert {q for q, _, _ in asked} == {"range", "enemy", "target", "plan"}
    assert {ship for _, ship, _ in asked} == {"Harpy (B)", "Viper (B)", "Hornet 1 (B)",
                                               "Hornet 2 (B)"}
    assert all(enemies and all(e.endswith(" (A)") for e in enemies) for _, _, enemies in asked)
    assert all(len(enemies) >= 2 for q, _, enemies in asked if q in ("enemy", "target"))
    assert "captains: DefaultCaptain, Told" in " ".join(run.json()["terms"])
    assert run.json()["log"] == default.json()["log"]


def test_the_bundled_focus_fire_captain_fires_every_ship_at_the_weakest(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The worked example (docs/systems/d12-facings.md): every ship of its side plans its
    first turn at the same enemy, the Hornet with the fewest hit points left; a series with it
    runs uncompiled, and a duel's captain file (it answers no battle question there) fights
    the default duel."""
    from tests.cli import shipyard

    fleets = (FLEETS / "escort-squadron.yaml", FLEETS / "raider-pack.yaml")
    run = shipyard("battle", *fleets, "--seed", "3", "--pilot-a", f"{FOCUS}:FocusFire")
    assert run.code == 0, run.err
    first = run.out.split("  fire ")[0]  # turn 1's opening plans
    aims = {line.split(" to fire at ")[1].split(",")[0] for line in first.splitlines()
            if "(A): " in line and " to fire at " in line}
    assert aims == {"Hornet 1 (B)"}
    series = shipyard("battle", EXAMPLES / "paladin.yaml", FLEETS / "pair-of-corsairs.yaml",
                      "--runs", "20", "--pilot-a", f"{FOCUS}:FocusFire")
    assert series.code == 0 and "(uncompiled)" in series.out.splitlines()[0], series.err
    duel = [shipyard("duel", EXAMPLES / "mastiff.yaml", EXAMPLES / "lancer.yaml", "--seed", "4",
                     *pilot) for pilot in ((), ("--pilot-a", f"{FOCUS}:FocusFire"))]
    assert duel[0].out == duel[1].out.replace("captains: FocusFire", "captains: DefaultCaptain")


@pytest.mark.parametrize(("body", "line", "words"), [
    ("    def target(self, setup, state, side, enemies):\n        return 99\n", 3,
     "target of Paladin (A) gave 99; give one of 1 (Lancer 1 (B)), 2 (Lancer 2 (B))"),
    ("    def enemy(self, setup, state, side, enemies):\n        return 'Lancer 1'\n", 3,
     "enemy() answered 'Lancer 1'; it answers a whole number (give one of 1 (Lancer 1 (B)), "
     "2 (Lancer 2 (B)))"),
    ("    def target(self, setup, state, side, enemies):\n        return enemies[5]\n", 4,
     "target() raised IndexError: list index out of range"),
    ("    def plan(self, setup, state, side, rng, tailer):\n        return [(0, 99)]\n", 3,
     "plan of Paladin (A) to-hit totals"),
])
def test_a_battle_captains_mistake_is_one_line_at_its_file_and_line(  # type: ignore[no-untyped-def]
        tmp_path, body: str, line: int, words: str) -> None:
    from tests.cli import shipyard

    mine = tmp_path / "captain.py"
    mine.write_text("from shipyard.systems.d12_facings.combat.captain import DefaultCaptain\n"
                    "class Wrong(DefaultCaptain):\n" + body, encoding="utf-8")
    for runs in ((), ("--runs", "3")):
        run = shipyard("battle", EXAMPLES / "paladin.yaml", FLEETS / "pair-of-corsairs.yaml",
                       "--seed", "1", "--pilot-a", f"{mine}:Wrong", *runs)
        assert run.code == 2, run.out
        assert run.err.startswith(f"{mine}:{line}: ") and words in run.err, run.err
        assert len(run.err.strip().splitlines()) == 1 and "Traceback" not in run.err


@pytest.mark.compiled
def test_what_a_series_keeps_from_battle_to_battle_changes_no_battle() -> None:
    """A chunk's battles share the unhurt ships' turn values and opening plans (kept in the
    parameters, for speed): every one of 600 battles in one chunk must still be the
    battle its seed tells alone. A cache bug first showed at battle 346 of this mirror."""
    from shipyard.api import BattleSide, Entrant, Terms
    from shipyard.core.combat import fight_once, series
    from shipyard.core.stream import derive_seed
    from shipyard.core.yard import Yard
    from shipyard.systems.d12_facings.combat import SUPPORT
    from tests.contract.test_contract import row

    yard = Yard()
    report = yard.check(FLEETS / "raider-pack.yaml")
    assert report.fleet is not None
    pack = tuple(Entrant(m.design, m.count, m.ships) for g in report.fleet.groups
                 for m in g.members if m.design is not None)
    prepared = SUPPORT.prepare_battle(BattleSide("raiders", "", pack, "A", True),
                                      BattleSide("raiders", "", pack, "B", True), Terms())
    columns = series(SUPPORT, prepared, 600, seed=11)
    for i in range(600):
        told = fight_once(SUPPORT, prepared, derive_seed(11, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        assert (*row(columns, i), tuple(int(f) for f in columns.fates[i])) == (
            winner, told.outcome.reason, told.rounds, *told.damage, told.fates), f"battle {i}"
