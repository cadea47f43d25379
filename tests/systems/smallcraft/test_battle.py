"""smallcraft battles: several craft a side on one map, on the duel's own rules.

The duel is the battle of one craft against one (the same code), and these tests pin the battle
rulings C1-C5 of catalogs/smallcraft/RULINGS.md, with scripted dice where a roll decides."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from shipyard.api import BattleSide, Entrant, Terms
from shipyard.core.combat import fight_once
from shipyard.core.recorder import Recorder
from shipyard.core.stream import new_stream
from shipyard.core.yard import Yard
from shipyard.systems.smallcraft.combat import SUPPORT
from shipyard.systems.smallcraft.combat import fight as f
from shipyard.systems.smallcraft.combat.narrator import narrate
from tests.cli import shipyard
from tests.conftest import load_script
from tests.systems.smallcraft.kit import scripted

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
CATALOG = ROOT / "catalogs" / "smallcraft"
FLEETS = CATALOG / "fleets"


def _digests() -> Any:
    """scripts/smallcraft-duel-digests.py, which wrote golden/duels.json."""
    return load_script("smallcraft-duel-digests.py")


digests = _digests()


def design(yard: Yard, stem: str) -> Any:
    return yard.read(CATALOG / "examples" / f"{stem}.yaml")


def side(yard: Yard, tag: str, *entries: tuple[str, int]) -> BattleSide:
    entrants = tuple(Entrant(design(yard, stem), count) for stem, count in entries)
    return BattleSide(f"side {tag}", "", entrants, tag, True)


class Battle:
    """A battle held open: its array, the rules run one by one, and what they recorded."""

    def __init__(self, a: BattleSide, b: BattleSide, seed: int = 1, **terms: Any) -> None:
        self.prepared = SUPPORT.prepare_battle(a, b, Terms(**terms))
        self.a = list(self.prepared.state.array)
        self.a[:5] = new_stream(seed)
        self.rec = Recorder(True, self.prepared.asker)
        self.names = [s.name for s in self.prepared.told.specs]

    def start(self) -> Battle:
        f.start(self.a, self.rec)
        return self

    def hex(self, c: int) -> tuple[int, int]:
        return self.a[c * f.NS + f.HQ], self.a[c * f.NS + f.HR]

    def put(self, c: int, q: int, r: int, facing: int | None = None) -> None:
        """Stand craft c at rest in hex (q, r)."""
        o = c * f.NS
        self.a[o + f.PA:o + f.PD + 1] = [0, q, q + 2 * r, 0]
        f.locate(self.a, c)
        if facing is not None:
            self.a[o + f.FACING] = facing

    def texts(self) -> list[str]:
        return [e.text for e in narrate(self.prepared.told, self.rec.events or [], f.CAP)[0]]


@pytest.fixture
def wing(yard: Yard) -> tuple[BattleSide, BattleSide]:
    """The bundled encounter: three Starfuries against four raiders."""
    return side(yard, "A", ("starfury", 3)), side(yard, "B", ("raider", 4))


# --- one rules implementation: the duel is the battle of one against one ----------------------


@pytest.mark.slow
def test_the_duel_tells_what_it_told_before_battles(yard: Yard) -> None:
    """480 narrated duels (200 seeds of the Starfury against the raider head-on, and 8 of every
    other pairing and start) digest for digest as main told them before the battle rules
    (golden/duels.json, scripts/smallcraft-duel-digests.py)."""
    recorded = json.loads((HERE / "golden" / "duels.json").read_text(encoding="utf-8"))
    designs = {n: design(yard, n) for n in digests.CRAFT}
    for a in digests.CRAFT:
        for b in digests.CRAFT:
            for geometry in digests.GEOMETRIES:
                prepared = SUPPORT.prepare(designs[a], designs[b],
                                           Terms(values={"geometry": geometry}))
                for seed in digests.seeds(a, b, geometry):
                    told = digests.digest(fight_once(SUPPORT, prepared, seed))
                    assert told == recorded[digests.key(a, b, geometry, seed)], (a, b, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("one", "two", "geometry", "seeds"), [
    ("starfury", "raider", "head-on", 200), ("galileo", "starfury", "random", 40),
    ("raider", "raider", "crossing", 40)])
def test_a_duel_is_the_battle_of_one_craft_against_one_over_200_seeds(
        yard: Yard, one: str, two: str, geometry: str, seeds: int) -> None:
    """Event for event, die for die, word for word but for the side tags on the names."""
    a, b = design(yard, one), design(yard, two)
    terms = Terms(values={"geometry": geometry})
    duel = SUPPORT.prepare(a, b, terms)
    battle = SUPPORT.prepare_battle(BattleSide.one(a, "A"), BattleSide.one(b, "B"), terms)
    assert [s.name for s in battle.ships] == [f"{a.model.name} (A)", f"{b.model.name} (B)"]
    untag = {f"{a.model.name} (A)": duel.told.specs[0].name,
             f"{b.model.name} (B)": duel.told.specs[1].name}
    for seed in range(seeds):
        told = fight_once(SUPPORT, duel, seed)
        fought = fight_once(SUPPORT, battle, seed)
        words = []
        for e in fought.events:
            text = e.text
            for tagged, plain in untag.items():
                text = text.replace(tagged, plain)
            words.append((e.round, e.phase, text, e.depth))
        assert words == [(e.round, e.phase, e.text, e.depth) for e in told.events], seed
        assert (fought.outcome.winner, fought.outcome.reason, fought.rounds, fought.damage,
                fought.draws, fought.fates) == (told.outcome.winner, told.outcome.reason,
                                                told.rounds, told.damage, told.draws,
                                                told.fates), seed


# --- C1: each side's formation ---------------------------------------------------------------


def test_c1_each_side_stands_abreast_of_its_leader_spacing_apart(
        wing: tuple[BattleSide, BattleSide]) -> None:
    """Leaders as in a duel (A at the origin facing 12, B --range toward 12 facing 6 head-on);
    the others abreast, 2 dhexes apart across the side's facing: right, left, right, ..."""
    battle = Battle(*wing).start()
    assert [battle.hex(c) for c in range(7)] == [
        (0, 0), (2, -1), (-2, 1),  # A faces 12: its right is 3 o'clock
        (0, 20), (-2, 21), (2, 19), (-4, 22)]  # B faces 6: its right is 9 o'clock
    assert [battle.a[c * f.NS + f.FACING] for c in range(7)] == [0, 0, 0, 6, 6, 6, 6]
    assert f.apart(battle.a, 0, 1) == f.apart(battle.a, 0, 2) == 2
    assert f.apart(battle.a, 0, 3) == 20
    assert battle.texts()[0].startswith("Starfury 1 (A) at hex 0,0 facing 12 o'clock; "
                                        "Starfury 2 (A) at hex 2,0 facing 12 o'clock")


def test_c1_random_geometry_gives_each_side_one_facing(
        wing: tuple[BattleSide, BattleSide]) -> None:
    for seed in range(20):
        battle = Battle(*wing, seed=seed, values={"geometry": "random"}).start()
        facings = [battle.a[c * f.NS + f.FACING] for c in range(7)]
        assert len(set(facings[:3])) == 1 and len(set(facings[3:])) == 1
        assert f.apart(battle.a, 0, 3) == 20


# --- C3: the order within a dphase ------------------------------------------------------------


def test_c3_craft_that_tie_roll_again_and_keep_their_place_among_the_others(
        yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    """Quickness 0 each: the first d10s 5, 5, 3 tie the two Starfuries; they roll again (3 and
    1) and the new rolls order them among themselves only: the raider's 3 stays last although
    the first Starfury's new score is 3 too, and nothing more is rolled."""
    battle = Battle(side(yard, "A", ("starfury", 2)), side(yard, "B", ("raider", 1))).start()
    left = scripted(monkeypatch, [5, 5, 3, 3, 1])
    m = f.initiative(battle.a, battle.rec)
    assert left == []
    assert [battle.a[battle.a[f.S_ORDER] + j] for j in range(m)] == [0, 1, 2]
    assert battle.texts()[-1] == ("initiative: Starfury 1 (A) 0+5 = 5 (tied: rolled again 3), "
                                  "Starfury 2 (A) 0+5 = 5 (tied: rolled again 1), "
                                  "Raider delta-wing (B) 0+3 = 3")


def test_c3_a_tie_again_is_rolled_again(
        yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    battle = Battle(side(yard, "A", ("starfury", 1)), side(yard, "B", ("raider", 2))).start()
    scripted(monkeypatch, [4, 4, 4, 6, 6, 2, 2, 9])  # all tie; then 6 6 2; then the 6s: 2, 9
    m = f.initiative(battle.a, battle.rec)
    assert [battle.a[battle.a[f.S_ORDER] + j] for j in range(m)] == [1, 0, 2]


def test_c3_with_the_die_off_craft_tied_on_quickness_roll_the_tie_die_not_fleet_order(
        yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    """All three at Quickness 0 with the die off: they roll the table's d10 to order
    themselves (side A's Starfury listed first goes last on a 2), and the order is told;
    craft not tied roll nothing."""
    off = Battle(side(yard, "A", ("starfury", 1)), side(yard, "B", ("raider", 2)),
                 rules={"quickness-die": "off"}).start()
    scripted(monkeypatch, [2, 7, 5])
    m = f.initiative(off.a, off.rec)
    assert [off.a[off.a[f.S_ORDER] + j] for j in range(m)] == [1, 2, 0]
    assert off.texts()[-1] == ("initiative: Raider delta-wing 1 (B) 0 (tied: rolled d10 7), "
                               "Raider delta-wing 2 (B) 0 (tied: rolled d10 5), "
                               "Starfury (A) 0 (tied: rolled d10 2)")
    untied = Battle(side(yard, "A", ("starfury", 1)), side(yard, "B", ("raider", 1)),
                    rules={"quickness-die": "off"}, crew=({"quickness": 1}, {})).start()
    scripted(monkeypatch, [])
    m = f.initiative(untied.a, untied.rec)
    assert [untied.a[untied.a[f.S_ORDER] + j] for j in range(m)] == [0, 1]


# --- C2: the default commander's targets ------------------------------------------------------


def test_c2_each_craft_steers_against_the_nearest_enemy_keeping_its_target_on_a_tie(
        wing: tuple[BattleSide, BattleSide]) -> None:
    battle = Battle(*wing).start()
    a = battle.a
    battle.put(0, 0, 0)
    battle.put(3, 0, 10)  # 10 off
    battle.put(4, 0, 8)   # 8 off: the nearest
    battle.put(5, 5, 5)
    battle.put(6, -5, 12)
    f.choose_targets(a, battle.rec, 2)
    assert a[0 * f.NS + f.TARGET] == 4
    battle.put(3, 0, 8)  # as near as its target now: it keeps its target
    battle.put(4, 8, 0)
    assert f.apart(a, 0, 3) == f.apart(a, 0, 4) == 8
    f.choose_targets(a, battle.rec, 3)
    assert a[0 * f.NS + f.TARGET] == 4
    battle.put(4, 0, -9)  # now farther: the nearer one
    f.choose_targets(a, battle.rec, 4)
    assert a[0 * f.NS + f.TARGET] == 3
    assert a[3 * f.NS + f.TARGET] == 0  # and the raider's nearest enemy is Starfury 1


def test_c2_a_beam_that_does_not_bear_on_the_target_fires_at_an_enemy_it_bears_on(
        wing: tuple[BattleSide, BattleSide], monkeypatch: pytest.MonkeyPatch) -> None:
    """Starfury 1 faces 12 o'clock; its target is the raider 5 dhexes behind it, where its fixed
    forward beam cannot bear; the beam fires at the raider 9 dhexes ahead instead."""
    battle = Battle(*wing).start()
    a = battle.a
    for c, (q, r) in enumerate([(0, 0), (20, -10), (-20, 10), (0, -5), (0, 9), (30, 0),
                                (-30, 15)]):
        battle.put(c, q, r, 0 if c < 3 else 6)
    f.choose_targets(a, battle.rec, 2)
    assert a[f.TARGET] == 3
    for c in range(7):
        f.plan(a, c)  # power as the default pilot gives it
    assert f.beam_target(a, 0, 0) == 4
    scripted(monkeypatch, [99])  # the d100: a miss
    f.beam_phase(a, battle.rec, 0, 2)
    assert "Starfury 1 (A) fires Fixed beam weapon, facing forward (6 dhits) at Raider " \
           "delta-wing 2 (B), 9 dhexes" in battle.texts()[-1]


# --- C4: leaving the battle, and how it ends ------------------------------------------------


def test_c4_a_craft_out_of_action_leaves_and_the_battle_goes_on(
        wing: tuple[BattleSide, BattleSide]) -> None:
    """Every craft lost or escaped is told leaving (or by the end line); the fates say so."""
    battle = SUPPORT.prepare_battle(*wing, Terms())
    seen_out = 0
    for seed in range(30):
        told = fight_once(SUPPORT, battle, seed)
        outs = [e.text for e in told.events if e.phase == "out"]
        seen_out += len(outs)
        last = told.outcome.text
        for ship, fate in zip(battle.ships, told.fates, strict=True):
            if fate != 0:
                assert any(o.startswith(ship.name + " ") for o in outs) or \
                    last.startswith(ship.name + " "), (seed, ship.name)
            else:
                assert not any(o.startswith(ship.name + " ") for o in outs), (seed, ship.name)
        if told.outcome.winner is not None:
            beaten = 1 - told.outcome.winner
            assert all(fate != 0 for ship, fate in zip(battle.ships, told.fates, strict=True)
                       if ship.side == beaten), seed
    assert seen_out > 0


def test_c4_a_craft_escapes_beyond_every_enemys_detection_while_its_mates_fight_on(
        yard: Yard) -> None:
    battle = Battle(side(yard, "A", ("starfury", 2)), side(yard, "B", ("starfury", 1))).start()
    a = battle.a
    battle.put(0, 0, 0)
    battle.put(1, 0, 15)
    battle.put(2, 0, 36)  # 21 from Starfury 2, beyond its detection range of 20
    for c in range(3):
        a[c * f.NS + f.BQ], a[c * f.NS + f.BR] = battle.hex(c)
    a[2 * f.NS + f.BR] = 35  # it was 20 away: the range opened
    a[2 * f.NS + f.RUNNING] = 1
    assert f.escapes(a, battle.rec) == f.ESCAPED  # its side all escaped without loss
    assert a[2 * f.NS + f.FATE] == f.ESCAPED_FATE
    # with a loss on its side first, the other side holds the field
    battle = Battle(side(yard, "A", ("starfury", 1)), side(yard, "B", ("starfury", 2))).start()
    a = battle.a
    battle.put(0, 0, 0)
    battle.put(1, 0, 21)
    battle.put(2, 30, 0)
    for c in range(3):
        a[c * f.NS + f.BQ], a[c * f.NS + f.BR] = battle.hex(c)
    a[1 * f.NS + f.BR] = 20
    a[1 * f.NS + f.RUNNING] = 1
    a[2 * f.NS + f.FATE] = f.FATE_LOST + f.DESTROYED
    assert f.escapes(a, battle.rec) == f.WON_ESCAPED + 0
    # a runner whose mate stays in the fight leaves, told, and the battle goes on
    battle = Battle(side(yard, "A", ("starfury", 2)), side(yard, "B", ("starfury", 1))).start()
    a = battle.a
    battle.put(0, 0, -2)
    battle.put(1, 0, 15)
    battle.put(2, 0, 19)
    for c in range(3):
        a[c * f.NS + f.BQ], a[c * f.NS + f.BR] = battle.hex(c)
    a[0 * f.NS + f.BR] = -1
    a[0 * f.NS + f.RUNNING] = 1
    assert f.escapes(a, battle.rec) == -1
    assert a[0 * f.NS + f.FATE] == f.ESCAPED_FATE and a[1 * f.NS + f.FATE] == f.IN_FIGHT
    assert battle.texts()[-1].startswith("Starfury 1 (A) escapes: it opened the range to 21 "
                                         "dhexes from Starfury (B)")


def test_r8_runners_of_both_sides_that_opened_the_range_as_much_roll_for_the_escape(
        yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both craft ran and each opened the range 4 dhexes by its own movement: a d2 decides
    which escaped (it used to be side A's, whichever was listed first), and the die is told."""
    for face, runner in ((1, 0), (2, 1)):
        battle = Battle(side(yard, "A", ("starfury", 1)), side(yard, "B", ("starfury", 1)))
        battle.start()
        a = battle.a
        battle.put(0, 0, 0)
        battle.put(1, 0, 30)
        a[0 * f.NS + f.BQ], a[0 * f.NS + f.BR] = 0, 4
        a[1 * f.NS + f.BQ], a[1 * f.NS + f.BR] = 0, 26
        a[0 * f.NS + f.RUNNING] = a[1 * f.NS + f.RUNNING] = 1
        left = scripted(monkeypatch, [face])
        assert f.escapes(a, battle.rec) == f.ESCAPED
        assert left == []
        assert a[runner * f.NS + f.FATE] == f.ESCAPED_FATE
        assert a[(1 - runner) * f.NS + f.FATE] == f.IN_FIGHT
        assert battle.texts()[-2] == (
            f"2 craft of both sides ran, each opening the range 4 dhexes by its own movement: "
            f"d2 rolled {face}: {battle.names[runner]}'s side escapes (R8)")


def test_c4_a_craft_that_lost_every_enemy_leaves_and_all_lost_ends_the_battle(
        yard: Yard) -> None:
    battle = Battle(side(yard, "A", ("starfury", 2)), side(yard, "B", ("starfury", 1))).start()
    a = battle.a
    battle.put(0, -30, 0)
    battle.put(1, 0, 15)
    battle.put(2, 0, 19)
    assert f.contact(a, battle.rec) == -1
    assert a[0 * f.NS + f.FATE] == f.LOST_CONTACT_FATE  # R8: drifting apart is no escape
    assert "has lost contact and leaves the battle" in battle.texts()[-1]
    battle.put(1, 0, -30)
    assert f.contact(a, battle.rec) == f.LOST_CONTACT


def test_r8_a_craft_that_drifts_out_of_contact_has_lost_contact_it_did_not_escape(
        yard: Yard) -> None:
    """Starfury 1 (A), its drive dead, has drifted beyond every detection range while its
    mate fights on: it leaves with the fate "lost contact" (R8: drifting apart is no escape),
    which the battle's fates and its JSON name so; it used to be listed "escaped"."""
    battle = Battle(side(yard, "A", ("starfury", 2)), side(yard, "B", ("starfury", 1))).start()
    a = battle.a
    battle.put(0, -30, 0)
    battle.put(1, 0, 15)
    battle.put(2, 0, 19)
    for d in range(a[a[f.T_DRIVES] + 0]):
        row = a[a[f.T_DRIVE_ROW] + d]
        a[a[f.S_ALIVE] + row] = 0  # every drive box gone: it can only drift
    assert not f.mobile(a, 0)
    assert f.contact(a, battle.rec) == -1
    assert a[0 * f.NS + f.FATE] == f.LOST_CONTACT_FATE != f.ESCAPED_FATE
    assert SUPPORT.rules().fate_names()[a[0 * f.NS + f.FATE]] == "lost contact"
    told = shipyard("duel", "--help-system", "smallcraft")
    assert "  battle fates: survived, escaped, lost contact, lost to destruction" in told.out


def test_r8_both_last_craft_disarmed_and_immobile_together_are_both_lost(
        craft: Any, yard: Yard) -> None:
    """Each side's last craft ends the dturn disarmed and immobile with the other's missiles
    still flying at it: both are out together, `both-lost` (side A's used to be looked at
    first, so side B won whichever craft was which)."""
    battle = lancers(craft, yard, 1)
    a = battle.a
    battle.put(0, 0, 0)
    battle.put(1, 0, 12)
    for c in (0, 1):
        a[c * f.NS + f.ARMED] = 0  # no weapon it can fire
        for d in range(a[a[f.T_DRIVES] + c]):
            row = c * a[f.ROW_STRIDE] + a[a[f.T_DRIVE_ROW] + c * a[f.DRIVE_STRIDE] + d]
            a[a[f.S_ALIVE] + row] = 0  # every drive box gone
        assert not f.mobile(a, c)
    flight(battle, 0, 6, target=1)
    theirs = flight(battle, 0, 6, target=0)
    a[theirs + f.F_OWNER] = 1
    assert f.end_of_dturn(a, battle.rec) == f.BOTH_LOST
    assert [a[c * f.NS + f.FATE] for c in (0, 1)] == [f.FATE_LOST + f.DISABLED] * 2
    assert battle.texts()[-1] == ("both craft are out of the fight together: disarmed and "
                                  "immobile")


# --- C8: a stalemate ---------------------------------------------------------------------------


def test_c8_forty_dturns_with_no_loss_no_missile_and_no_shot_with_a_chance_are_a_stalemate(
        yard: Yard) -> None:
    """The bundled wing against the raiders, seed 39845923: from dturn 35 every craft flies at
    8-10 dhexes/dturn and every shot is at 0% or less; the battle used to run to the 200-dturn
    cap (2.1% of the pairing's battles did), and is now called after 40 such dturns."""
    wing, raiders = FLEETS / "starfury-wing.yaml", FLEETS / "raiders.yaml"
    told = shipyard("battle", wing, raiders, "--seed", "39845923", "--engine", "plain",
                    "--json")
    assert told.code == 0, told.err
    out = told.json()
    assert (out["winner"], out["reason"], out["rounds"]) == (None, "stalemate", 75)


def test_c8_a_box_lost_or_a_shot_with_a_chance_starts_the_count_again(
        wing: tuple[BattleSide, BattleSide], monkeypatch: pytest.MonkeyPatch) -> None:
    battle = Battle(*wing).start()
    a = battle.a
    a[f.QUIET] = 38
    assert f.end_of_dturn(a, battle.rec) == -1 and a[f.QUIET] == 39
    assert f.end_of_dturn(a, battle.rec) == f.STALEMATE
    assert battle.texts()[-1].startswith("no winner: a stalemate, 40 dturns with no box lost")
    for stir in ("hit", "chance"):
        battle = Battle(*wing).start()
        a = battle.a
        a[f.QUIET] = 39
        if stir == "hit":
            scripted(monkeypatch, [1])  # a dhit: the first armor box
            f.inflict(a, battle.rec, 3, 1)
        else:
            battle.put(0, 0, 0, 0)
            battle.put(3, 0, 5, 6)
            scripted(monkeypatch, [99])  # a miss, but the shot had a chance (40%)
            f.shoot(a, battle.rec, 0, 0, 3)
        assert f.end_of_dturn(a, battle.rec) == -1 and a[f.QUIET] == 0, stir


# --- C7: what a craft knows; detection decides targets ---------------------------------------


def _far_apart(battle: Battle) -> None:
    """Starfury 1 at the origin facing 12 o'clock; Raider 1 straight ahead, 1 dhex beyond both
    their detection ranges (no one else near it); Raider 2 farther off, but 3 dhexes from
    Starfury 2; Starfury 3 and Raiders 3 and 4 in contact with each other, far away."""
    a = battle.a
    for c in range(7):
        f.plan(a, c)  # power (sensors too) as the default pilot gives it
    far = max(f.detection(a, 0), f.detection(a, 3)) + 1
    battle.put(0, 0, 0, 0)
    battle.put(3, 0, far, 6)
    battle.put(4, -far - 4, 0, 3)
    battle.put(1, -far - 4, 3, 0)
    battle.put(2, 200, 0)
    battle.put(5, 200, 5)
    battle.put(6, 205, 0)


def test_c7_a_craft_targets_the_nearest_enemy_its_side_knows_of_seen_by_a_mate(
        wing: tuple[BattleSide, BattleSide]) -> None:
    """Raider 1 is Starfury 1's nearest enemy, but neither sees the other and no mate of
    Starfury 1 is in contact with it: Starfury 1 steers against Raider 2, farther, which
    Starfury 2 sees (C7: mates share what they see)."""
    battle = Battle(*wing).start()
    a = battle.a
    _far_apart(battle)
    assert f.nearest_enemy(a, 0, *battle.hex(0)) == 3  # the nearest, which no one on A sees
    assert f.apart(a, 0, 4) > f.apart(a, 0, 3)
    assert not f.known(a, 0, 3) and f.known(a, 0, 4) and not f.sees(a, 0, 4)
    f.choose_targets(a, battle.rec, 2)
    assert a[0 * f.NS + f.TARGET] == 4
    # once a mate is in contact with Raider 1, the nearer one is known and chosen
    battle.put(1, 0, battle.hex(3)[1] + 3)
    assert f.known(a, 0, 3)
    f.choose_targets(a, battle.rec, 3)
    assert a[0 * f.NS + f.TARGET] == 3
    # a target that leaves mid-dturn is replaced by the nearest known enemy
    battle.put(1, -200, -200)
    a[3 * f.NS + f.FATE] = f.FATE_LOST + f.DESTROYED
    a[4 * f.NS + f.FATE] = f.FATE_LOST + f.DESTROYED
    battle.put(5, 0, 12)  # known: Starfury 1 sees it
    assert f.foe(a, 0) == 5


def test_c7_a_beam_fires_only_at_a_known_enemy_even_with_a_catalog_reach_beyond_detection(
        wing: tuple[BattleSide, BattleSide]) -> None:
    """With the catalog's figures a beam's 15 dhexes lie inside every detection range (20 or
    more), so C7 never takes a beam's target; with a reach of 40 Starfury 1's forward beam
    bears on Raider 1, in reach but unknown: it cannot fire until a mate sees the raider."""
    battle = Battle(*wing).start()
    a = battle.a
    assert a[f.REACH] < a[f.DETECTION]
    _far_apart(battle)
    a[f.REACH] = 40
    assert f.apart(a, 0, 3) <= a[f.REACH] and f.bears(a, 0, 0, *f.vector_to(a, 0, 3))
    assert not f.can_fire(a, 0, 0, 3)
    battle.put(1, 0, battle.hex(3)[1] + 3)
    assert f.can_fire(a, 0, 0, 3)


def test_c7_a_users_pilot_sees_only_the_enemies_its_side_knows_of(
        wing: tuple[BattleSide, BattleSide], tmp_path: Path) -> None:
    from shipyard.api import UserError

    pilots = tmp_path / "pilots.py"
    pilots.write_text(
        "from shipyard.systems.smallcraft.combat.pilot import Pilot\n\n"
        "class Unseen(Pilot):\n"
        "    def target(self, s):\n"
        "        return 'Raider delta-wing 1 (B)'\n", encoding="utf-8")
    battle = Battle(*wing, pilots=(f"{pilots}:Unseen", None)).start()
    for c in range(7):
        f.ask(battle.rec, c, f.Q_BEGIN, (0, 0, battle.a), 0)
    _far_apart(battle)
    with pytest.raises(UserError) as refused:
        f.choose_targets(battle.a, battle.rec, 2)
    assert "target 'Raider delta-wing 1 (B)': choose one of the enemies its side knows of, " \
        "Raider delta-wing 2 (B), Raider delta-wing 3 (B), Raider delta-wing 4 (B)" \
        in str(refused.value)


# --- the bundled encounter and the command -----------------------------------------------------


@pytest.mark.compiled
def test_the_bundled_wing_against_the_raiders_narrated_and_as_a_series() -> None:
    wing, raiders = FLEETS / "starfury-wing.yaml", FLEETS / "raiders.yaml"
    told = shipyard("battle", wing, raiders, "--seed", "3")
    assert told.code == 0, told.err
    assert "Starfury wing (A) against Raider pack (B), seed 3" in told.out
    assert "Starfury 3 (A)" in told.out and "Raider delta-wing 4 (B)" in told.out
    runs = shipyard("battle", wing, raiders, "--runs", "200", "--seed", "1", "--json")
    assert runs.code == 0, runs.err
    assert [s["name"] for s in runs.json()["ships"]][:1] == ["Starfury 1 (A)"]


# --- C4: a battle is decided only when the missiles in flight have landed ----------------------

TESTS = HERE  # the missile-armed craft built for these tests (no bundled craft carries missiles)


def missile_raiders(yard: Yard, count: int) -> BattleSide:
    raider = yard.read(TESTS / "designs" / "missile-raider.yaml")
    return BattleSide("Missile raiders", "", (Entrant(raider, count),), "B", True)


def test_c4_no_battle_is_decided_while_missiles_are_still_in_flight(yard: Yard) -> None:
    """Three Starfuries against two missile raiders, 30 seeds played to the end: when a battle
    is decided, no missile of either side is still flying (the raiders' last salvos used to
    vanish when their last craft was knocked out: 25 of 200 such battles)."""
    owed = 0
    for seed in range(30):
        battle = Battle(side(yard, "A", ("starfury", 3)), missile_raiders(yard, 2), seed=seed)
        battle.start()
        a = battle.a
        end = -1
        for dturn in range(1, a[f.DTURN_CAP] + 1):
            end = f.one_dturn(a, battle.rec, dturn)
            if end >= 0:
                break
        assert end >= 0, seed
        flying = [j for j in range(a[f.FLIGHTS])
                  if a[a[f.S_FLIGHTS] + j * f.FW + f.F_FATE] == f.FLYING]
        assert flying == [], seed
        owed += any(e[0] == f.EV_OWED for e in battle.rec.events or [])
    assert owed > 0


def test_c4_the_missiles_of_a_side_gone_land_and_both_sides_may_be_lost(yard: Yard) -> None:
    """Seed 186: the missile raider's crew is lost with three of its missiles in flight; they
    still reach the Raider and take its last crew box: both are lost (`both-lost`, as
    traveller's TRV-R40), where the Raider used to win at once."""
    raider = design(yard, "raider")
    missiles = yard.read(TESTS / "designs" / "missile-raider.yaml")
    result = fight_once(SUPPORT, SUPPORT.prepare(raider, missiles, Terms()), 186)
    assert (result.outcome.winner, result.outcome.reason) == (None, "both-lost")
    texts = [e.text for e in result.events]
    out = texts.index("Missile raider is out of action: its crew boxes are all gone")
    assert texts[out + 1] == ("Missile raider is out, but its missiles are still in flight: "
                              "they land before the battle is decided (C4)")
    assert "a salvo of 3 missiles from Missile raider reaches Raider delta-wing" in texts[out:]
    assert result.outcome.text == (
        "no winner: both craft are lost, the last by missiles already in flight (C4): Raider "
        "delta-wing is out of action: its crew boxes are all gone")


def test_c4_a_salvo_striking_as_its_sides_last_craft_is_put_out_still_lands(
        craft: Any, yard: Yard) -> None:
    """The lancer's salvo puts the raider's crew out while the raider's own salvo is striking
    the lancer in the same dphase: it still lands, and puts the lancer's crew out too:
    `both-lost` (the battle used to be the lancer's at once)."""
    battle = lancers(craft, yard, 1)
    a = battle.a
    battle.put(0, 0, 0)
    battle.put(1, 0, 10)
    for c in (0, 1):
        a[a[f.T_PILOTING] + c] = 0  # neither can confuse a missile: no die decides this
        a[c * f.NS + f.CREW_BOXES] = 0  # the first dhits put the crew out
    flight(battle, 0, 7, target=1)
    theirs = flight(battle, 0, 3, target=0)
    a[theirs + f.F_OWNER] = 1
    order = a[f.S_ORDER]
    a[order:order + 2] = [0, 1]
    f.weapon_order(a, battle.rec, 2)
    assert f.missiles_fly(a, battle.rec) == f.BOTH_LOST
    texts = battle.texts()
    assert "a salvo of 2 missiles from Raider delta-wing (B) reaches Test (A)" in texts
    assert texts[-1].startswith("no winner: both craft are lost, the last by missiles already "
                                "in flight (C4): Test (A) is out of action")


def test_c5_a_die_says_which_sides_craft_out_of_the_battle_move_their_missiles_first(
        craft: Any, yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    battle = lancers(craft, yard, 2)
    a = battle.a
    for c in (0, 1):
        a[c * f.NS + f.FATE] = f.FATE_LOST + f.DESTROYED
    flight(battle, 0, 5, target=2)
    theirs = flight(battle, 0, 5, target=0)
    a[theirs + f.F_OWNER] = 1
    a[a[f.S_ORDER]] = 2
    for face, gone in ((1, [0, 1]), (2, [1, 0])):
        left = scripted(monkeypatch, [face])
        f.weapon_order(a, battle.rec, 1)
        assert left == []
        assert [a[a[f.S_WORDER] + j] for j in range(3)] == [2, *gone]
        side = "AB"[face - 1]
        assert battle.texts()[-1] == (f"missiles of craft out of the battle, both sides': d2 "
                                      f"rolled {face}: side {side}'s move first (C5)")


def test_c4_once_the_missiles_have_landed_the_side_gone_loses_as_it_left(
        craft: Any, yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lancer (A) is destroyed with 2 missiles flying at the raider: the battle goes on;
    the raider confuses them (none in front: lost), and only then is the raider's win told."""
    battle = lancers(craft, yard, 1)
    battle.put(0, 0, 0)
    battle.put(1, 0, 10)
    at = flight(battle, 0, 8, target=1)
    assert f.leaves(battle.a, battle.rec, 0, f.DESTROYED, 0, 0, 0) == -1
    assert battle.texts()[-1] == ("Test (A) is out, but its missiles are still in flight: they "
                                  "land before the battle is decided (C4)")
    assert f.turn_wish(battle.a, 1) == 0  # no enemy left: it holds its facing
    order = battle.a[f.S_ORDER]
    battle.a[order] = 1
    f.weapon_order(battle.a, battle.rec, 1)
    scripted(monkeypatch, [1])  # the raider confuses them: nothing in front, they are lost
    assert f.missiles_fly(battle.a, battle.rec) == 2 * f.DESTROYED + 1
    assert battle.a[at + f.F_FATE] != f.FLYING
    assert battle.texts()[-1] == "Test (A) is destroyed: every box is gone"


@pytest.mark.compiled
@pytest.mark.slow
def test_c4_missile_battles_are_the_same_compiled_and_plain(yard: Yard) -> None:
    """The missiles still in flight after a side has gone (C4) are played alike by the compiled
    engine and the plain one, battle for battle, fates too: 600 battles of the wing against
    two missile raiders (the bundled fleets carry no missiles, so the contract suite's
    agreement tests never reach these rules)."""
    import numpy as np

    from shipyard.core.combat import series

    prepared = SUPPORT.prepare_battle(side(yard, "A", ("starfury", 3)),
                                      missile_raiders(yard, 2), Terms())
    compiled = series(SUPPORT, prepared, 600, seed=7, engine="compiled")
    plain = series(SUPPORT, prepared, 600, seed=7, engine="plain")
    assert (compiled.engine, plain.engine) == ("compiled", "uncompiled")
    assert compiled.fates is not None and compiled.fates.shape == (600, 5)
    for field in ("winner", "reason", "rounds", "damage_a", "damage_b", "fates"):
        assert np.array_equal(np.asarray(getattr(compiled, field)),
                              np.asarray(getattr(plain, field))), field


# --- M1-M3: what missiles follow ----------------------------------------------------------------

LANCER = ("{type: drive, facing: back, g: 2}", "{type: armor, cblocs: 6}",
          "{type: launch_tubes, count: 3}", "{type: missiles, cblocs: 2, move: 6, damage: 4}",
          "{type: power, cblocs: 3}", "{type: crew, people: 1}")


def lancers(craft: Any, yard: Yard, raiders: int) -> Battle:
    """A missile boat (side A) against `raiders` raiders, started."""
    lancer = craft(60, *LANCER, extra="tech_level: 10\n").design
    a = BattleSide("A", "", (Entrant(lancer, 1),), "A", True)
    return Battle(a, side(yard, "B", ("raider", raiders))).start()


def flight(battle: Battle, q: int, r: int, target: int, count: int = 2) -> int:
    """A flight of the lancer's missiles in the air at hex (q, r); where it is in the array."""
    a = battle.a
    at = a[f.S_FLIGHTS] + a[f.FLIGHTS] * f.FW
    a[f.FLIGHTS] += 1
    for field, value in ((f.F_OWNER, 0), (f.F_MISSILE, 0), (f.F_COUNT, count), (f.F_Q, q),
                         (f.F_R, r), (f.F_MOVE, 6), (f.F_DAMAGE, 4), (f.F_FLOWN, 1),
                         (f.F_FATE, f.FLYING), (f.F_TARGET, target)):
        a[at + field] = value
    return at


def test_m1_a_missile_that_loses_sight_of_its_target_follows_the_nearest_enemy_it_sees(
        craft: Any, yard: Yard) -> None:
    battle = lancers(craft, yard, 2)
    battle.put(0, 0, 0)
    battle.put(1, 0, 25)  # 25 from the missile: beyond a missile's sight of 20
    battle.put(2, 0, 10)
    at = flight(battle, 0, 1, target=1)
    assert f.follow(battle.a, battle.rec, at) == 2
    assert battle.a[at + f.F_TARGET] == 2
    assert battle.texts()[-1] == ("2 missiles of Test (A) have lost Raider delta-wing 1 (B): "
                                  "now follow Raider delta-wing 2 (B)")
    battle.put(2, 0, 30)
    assert f.follow(battle.a, battle.rec, at) == -1
    assert battle.texts()[-1].endswith("are lost: they see no craft to follow")
    lone = flight(battle, 0, 1, target=1, count=1)  # one missile is told in the singular
    assert f.follow(battle.a, battle.rec, lone) == -1
    assert battle.texts()[-1] == ("1 missile of Test (A) has lost Raider delta-wing 1 (B): is "
                                  "lost: it sees no craft to follow")


def test_m2_of_two_equally_likely_targets_in_front_a_die_picks_the_one_followed(
        craft: Any, yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    battle = lancers(craft, yard, 2)
    battle.put(0, 0, -20)
    battle.put(1, 0, 5)   # 5 off, at 12 o'clock
    battle.put(2, 1, 4)   # 5 off, at 1 o'clock: in front, as near
    at = flight(battle, 0, 0, target=1)
    scripted(monkeypatch, [2])
    assert f.follow(battle.a, battle.rec, at) == 2
    assert battle.texts()[-1] == (
        "2 missiles of Test (A) see 1 more craft as likely as Raider delta-wing 1 (B) in front "
        "of them (M2): d2 rolled 2: they follow Raider delta-wing 2 (B)")
    battle.put(2, 0, -5)  # as near, but behind it: no die
    battle.a[at + f.F_TARGET] = 1
    scripted(monkeypatch, [])
    assert f.follow(battle.a, battle.rec, at) == 1


def test_m3_a_pilot_who_flies_well_enough_sends_a_missile_after_a_craft_in_front_of_it(
        craft: Any, yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    """A duel: the raider (at rest) would be struck; piloting 50% +0 own speed −30% missile
    move 6 = 20%: a d100 of 21 does not confuse the missiles, 20 does. "Missiles follow
    sensors in front of them": coming from their firer, the firer is behind them and they are
    lost; past the raider, coming back, the firer is in front and they follow it. A craft with
    no working drive cannot try."""
    battle = lancers(craft, yard, 1)
    battle.put(0, 0, 0)
    battle.put(1, 0, 10)
    at = flight(battle, 0, 8, target=1)
    scripted(monkeypatch, [21])
    assert f.confuse(battle.a, battle.rec, at, 1) == 1
    assert battle.texts()[-1] == ("Raider delta-wing (B) flies to confuse 2 missiles of Test "
                                  "(A) (M3): piloting 50% −30% missile move 6 = 20%, d100 "
                                  "rolled 21: miss")
    scripted(monkeypatch, [20])
    assert f.confuse(battle.a, battle.rec, at, 1) == -1  # the lancer is behind them
    assert battle.texts()[-1] == ("confused, they are lost: they see no other craft in front "
                                  "of them")
    back = flight(battle, 0, 14, target=1)  # past the raider: the lancer is in front
    scripted(monkeypatch, [20])
    assert f.confuse(battle.a, battle.rec, back, 1) == 0
    assert battle.a[back + f.F_TARGET] == 0
    assert battle.texts()[-1] == ("confused, they now follow Test (A), their own firer, the "
                                  "nearest craft in front of them")
    battle.a[1 * f.NS + f.POWER_BOXES] = 0  # no supply: no drive works
    scripted(monkeypatch, [])
    assert f.confuse(battle.a, battle.rec, back, 1) == 1


def test_m3_of_craft_as_near_in_front_a_die_picks_the_one_a_confused_missile_follows(
        craft: Any, yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two raiders as near in front of the missiles when the third confuses them: a d2 picks,
    whichever comes first in fleet order (no side or order is favoured on a tie)."""
    battle = lancers(craft, yard, 3)
    battle.put(0, 0, -10)
    battle.put(1, 0, 5)
    battle.put(2, 1, 7)  # 4 from the missiles, at 1 o'clock of their line
    battle.put(3, -1, 8)  # 4 from them, at 11 o'clock
    at = flight(battle, 0, 3, target=1)
    for face, followed in ((2, 3), (1, 2)):
        battle.a[at + f.F_TARGET] = 1
        scripted(monkeypatch, [1, face])
        assert f.confuse(battle.a, battle.rec, at, 1) == followed
        assert battle.texts()[-1] == (
            f"confused, they see 2 craft as near in front of them: d2 rolled {face}: they now "
            f"follow Raider delta-wing {followed} (B)")


def test_m3_a_confused_flight_strikes_its_firer_when_in_front_and_within_its_move(
        craft: Any, yard: Yard, monkeypatch: pytest.MonkeyPatch) -> None:
    battle = lancers(craft, yard, 1)
    battle.put(0, 0, 7)
    battle.put(1, 0, 10)
    flight(battle, 0, 12, target=1)  # coming back at the raider, the lancer 5 beyond it
    # the confusion roll, then the lancer's armor takes the first dhit and d60s pick the rest
    scripted(monkeypatch, [1, 60, 59, 58, 57])
    order = battle.a[f.S_ORDER]
    battle.a[order:order + 2] = [0, 1]
    f.weapon_order(battle.a, battle.rec, 2)
    f.missiles_fly(battle.a, battle.rec)
    texts = battle.texts()
    assert "a salvo of 2 missiles from Test (A) reaches Test (A)" in texts
    assert battle.a[f.FLIGHTS] == 0 and battle.a[f.DEALT_B] == 8  # the lancer's own boxes


def test_c5_missiles_of_two_craft_striking_one_target_are_one_salvo(
        craft: Any, yard: Yard) -> None:
    lancer = craft(60, *LANCER, extra="tech_level: 10\n").design
    a = BattleSide("A", "", (Entrant(lancer, 2),), "A", True)
    battle = Battle(a, side(yard, "B", ("raider", 1))).start()
    battle.put(0, 0, 0)
    battle.put(1, 2, -1)
    battle.put(2, 0, 10)
    battle.a[2 * f.NS + f.POWER_BOXES] = 0  # it cannot fly to confuse them: no roll
    flight(battle, 0, 8, target=2)
    second = flight(battle, 1, 7, target=2)
    battle.a[second + f.F_OWNER] = 1
    order = battle.a[f.S_ORDER]
    battle.a[order:order + 3] = [0, 1, 2]
    f.weapon_order(battle.a, battle.rec, 3)
    f.missiles_fly(battle.a, battle.rec)
    texts = battle.texts()
    assert "a salvo of 4 missiles from several craft reaches Raider delta-wing (B)" in texts
    assert sum(t.startswith("a salvo") for t in texts) == 1


def test_c3_gunner_quickness_reorders_the_weapon_dphases_of_every_craft(yard: Yard) -> None:
    battle = Battle(side(yard, "A", ("starfury", 2)), side(yard, "B", ("raider", 1)),
                    rules={"gunner-quickness": "on"}).start()
    a = battle.a
    for c, score in enumerate((7, 6, 6)):
        a[c * f.NS + f.SCORE] = a[c * f.NS + f.FIRST_SCORE] = score
    a[a[f.T_PILOT_FIRES] + 2] = 0  # the raider has a gunner: no penalty
    order = a[f.S_ORDER]
    a[order:order + 3] = [0, 1, 2]
    f.weapon_order(a, battle.rec, 3)
    assert a[a[f.S_WORDER]:a[f.S_WORDER] + 3] == [2, 0, 1]
    assert battle.texts()[-1] == ("weapon dphases: Raider delta-wing (B) 6, Starfury 1 (A) 5, "
                                  "Starfury 2 (A) 4 (pilots who fire −2)")


def test_c6_craft_pass_through_one_another_without_colliding(yard: Yard) -> None:
    battle = Battle(side(yard, "A", ("starfury", 1)), side(yard, "B", ("raider", 1))).start()
    a = battle.a
    battle.put(0, 0, 0)
    battle.put(1, 0, 4)
    a[0 * f.NS + f.VB], a[0 * f.NS + f.VC] = 0, 4  # 2 dhexes/dturn toward 12 o'clock
    a[1 * f.NS + f.VB], a[1 * f.NS + f.VC] = 0, -4  # and toward 6: they meet in hex (0, 2)
    left = [a[c * f.NS + f.LEFT] for c in (0, 1)]
    f.move(a, battle.rec)
    assert battle.hex(0) == battle.hex(1) == (0, 2)
    assert [a[c * f.NS + f.LEFT] for c in (0, 1)] == left
    assert f.end_of_dturn(a, battle.rec) == -1


# --- a user's pilot in a battle ---------------------------------------------------------------


def test_a_users_pilot_flies_each_craft_of_its_side_and_picks_targets_among_named_enemies(
        wing: tuple[BattleSide, BattleSide], tmp_path: Path) -> None:
    from shipyard.api import UserError

    pilots = tmp_path / "pilots.py"
    pilots.write_text(
        "from shipyard.systems.smallcraft.combat.pilot import Pilot\n\n"
        "class Far(Pilot):\n"
        "    def target(self, s):\n"
        "        return max(s.enemies, key=lambda e: (s.me.range_to(e), e.name))\n\n"
        "class Lost(Pilot):\n"
        "    def target(self, s):\n"
        "        return 'Nobody'\n", encoding="utf-8")
    battle = Battle(*wing, pilots=(f"{pilots}:Far", None)).start()
    for c in range(7):
        f.ask(battle.rec, c, f.Q_BEGIN, (0, 0, battle.a), 0)
    f.choose_targets(battle.a, battle.rec, 2)
    far = [max((e for e in range(3, 7) if f.known(battle.a, c, e)),  # C7
               key=lambda e: (f.apart(battle.a, c, e), battle.names[e])) for c in range(3)]
    assert [battle.a[c * f.NS + f.TARGET] for c in range(3)] == far
    near = [f.nearest_enemy(battle.a, c, *battle.hex(c)) for c in range(3, 7)]
    assert [battle.a[c * f.NS + f.TARGET] for c in range(3, 7)] == near  # B: the default
    lost = Battle(*wing, pilots=(f"{pilots}:Lost", None)).start()
    for c in range(7):
        f.ask(lost.rec, c, f.Q_BEGIN, (0, 0, lost.a), 0)
    with pytest.raises(UserError) as refused:
        f.choose_targets(lost.a, lost.rec, 2)
    assert "the pilot of Starfury 1 (A), dturn 2: target 'Nobody': choose one of the enemies " \
        "its side knows of, Raider delta-wing 1 (B), Raider delta-wing 2 (B)" in str(refused.value)
    told = fight_once(SUPPORT, SUPPORT.prepare_battle(*wing, Terms(pilots=(f"{pilots}:Far",
                                                                           None))), 3)
    assert told.outcome.reason
    fleets = FLEETS / "starfury-wing.yaml", FLEETS / "raiders.yaml"
    run = shipyard("battle", *fleets, "--seed", "3", "--pilot-a", f"{pilots}:Far")
    assert run.code == 0 and "Starfury 3 (A)" in run.out, run.err
    series = shipyard("battle", *fleets, "--runs", "20", "--pilot-a", f"{pilots}:Far")
    assert series.code == 0, series.err
    refused = shipyard("battle", *fleets, "--seed", "3", "--pilot-b", f"{pilots}:Lost")
    assert refused.code == 2 and len(refused.err.strip().splitlines()) == 1, refused.err
    assert "target 'Nobody': choose one of the enemies" in refused.err
    assert refused.err.startswith(f"{pilots}:8: "), refused.err  # at Lost.target


def test_c2_a_users_pilot_names_each_beams_enemy_and_a_list_still_fires_at_the_target(
        wing: tuple[BattleSide, BattleSide], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """catalogs/smallcraft/pilots/finisher.py: Starfury 1 steers against Raider 1 (the nearest),
    but its beam fires at Raider 2, also ahead and in reach, which has the fewest boxes left.
    A pilot answering a list of rows (the old form) fires them at its target."""
    from shipyard.api import UserError

    finisher = CATALOG / "pilots" / "finisher.py"
    pilots = tmp_path / "pilots.py"
    pilots.write_text(
        "from shipyard.systems.smallcraft.combat.pilot import Pilot\n\n"
        "class Rows(Pilot):\n"
        "    def fire(self, s):\n"
        "        return [b.row for b in s.me.spec.beams if s.me.can_fire(b, s.foe)]\n\n"
        "class Wild(Pilot):\n"
        "    def fire(self, s):\n"
        "        return {b.row: 'Raider delta-wing 4 (B)' for b in s.me.spec.beams}\n",
        encoding="utf-8")
    shots = []
    for pilot in (f"{finisher}:Finisher", f"{pilots}:Rows", f"{pilots}:Wild"):
        battle = Battle(*wing, pilots=(pilot, None)).start()
        a = battle.a
        for c in range(7):
            f.ask(battle.rec, c, f.Q_BEGIN, (0, 0, a), 0)
        for c, (q, r) in enumerate([(0, 0), (-30, 0), (-40, 0), (0, 5), (2, 8), (0, -9),
                                    (-60, 0)]):
            battle.put(c, q, r, 0 if c < 3 else 6)
        a[4 * f.NS + f.LEFT] -= 10  # Raider 2 is the worst hurt
        f.choose_targets(a, battle.rec, 2)
        assert a[f.TARGET] == 3
        for c in range(7):
            f.plan(a, c)
        assert f.can_fire(a, 0, 0, 3) and f.can_fire(a, 0, 0, 4)
        scripted(monkeypatch, [99])  # the d100: a miss
        try:
            f.beam_phase(a, battle.rec, 0, 2)
        except UserError as refused:
            shots.append(str(refused))
            continue
        shots.append(battle.texts()[-1])
    assert "Starfury 1 (A) fires Fixed beam weapon, facing forward (6 dhits) at Raider " \
        "delta-wing 2 (B), 10 dhexes" in shots[0]
    assert "Starfury 1 (A) fires Fixed beam weapon, facing forward (6 dhits) at Raider " \
        "delta-wing 1 (B), 5 dhexes" in shots[1]
    assert "Fixed beam weapon, facing forward cannot fire at Raider delta-wing 4 (B): it must " \
        "bear" in shots[2]


def test_c2_missiles_launch_at_the_crafts_target_appearing_one_dhex_toward_it(
        craft: Any, yard: Yard) -> None:
    battle = lancers(craft, yard, 2)
    battle.put(0, 0, 0)
    battle.put(1, 0, 5)
    battle.put(2, 0, -4)  # the nearer: the target
    f.choose_targets(battle.a, battle.rec, 2)
    assert battle.a[f.TARGET] == 2
    f.plan(battle.a, 0)
    f.launch_phase(battle.a, battle.rec, 0, 2)
    at = battle.a[f.S_FLIGHTS]
    assert battle.a[at + f.F_TARGET] == 2
    assert (battle.a[at + f.F_Q], battle.a[at + f.F_R]) == (0, -1)
    assert battle.texts()[-1] == ("Test (A) launches 3 missiles (move 6, damage 4) at Raider "
                                  "delta-wing 2 (B), appearing at hex 0,-1; 7 left")


def _bundled(a: Path, b: Path, terms: Terms) -> Any:
    from shipyard.cli.battle import _side

    yard = Yard()
    return SUPPORT.prepare_battle(_side(yard.check(a), "A", BattleSide, Entrant),
                                  _side(yard.check(b), "B", BattleSide, Entrant), terms)


def test_c3_gunner_quickness_orders_weapons_by_the_first_roll_not_a_ties_new_roll() -> None:
    """Under gunner-quickness the weapon dphases are ordered by each gunner's score: the dturn's
    first Quickness + d10 (less a firing pilot's penalty), never the roll that broke a tie (a
    Raider at 3 fired before a Starfury at 10 when its tie's new roll was higher: 18 of 18
    orders wrong in `battle galileo-escort.yaml raiders.yaml --seed 4`)."""
    table = _bundled(HERE / "fleets" / "galileo-escort.yaml", CATALOG / "fleets" / "raiders.yaml",
                     Terms(rules={"gunner-quickness": "on"})).state
    a = table.array
    orders = 0
    for seed in range(4, 8):
        rec = Recorder()
        f.play(table, new_stream(seed), rec)
        first: dict[int, int] = {}
        ranks: list[tuple[int, int]] = []
        for e in rec.events or []:
            if e[0] == f.EV_DTURN:
                first, ranks = {}, []
            elif e[0] == f.EV_ROLL_ORDER:
                first.setdefault(e[1], a[a[f.T_QUICKNESS] + e[1]] + e[2])
            elif e[0] == f.EV_WEAPON_RANK:
                ranks.append((e[1], e[2]))
            elif e[0] == f.EV_WEAPON_ORDER:
                assert [s for _, s in ranks] == sorted((s for _, s in ranks), reverse=True)
                for c, score in ranks:
                    penalty = a[f.GUNNER_QUICKNESS_PENALTY] * a[a[f.T_PILOT_FIRES] + c]
                    assert score == first[c] - penalty, (seed, c)
                orders += 1
    assert orders > 10
