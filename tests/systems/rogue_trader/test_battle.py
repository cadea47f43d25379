"""rogue-trader battles: several ships a side on the duel's own rules.

The duel is the battle of one ship against one (the same code, word for word over 200 seeds),
every ship's fate is reported, and these tests pin the battle rulings B1-B5, D4 and F1 of
catalogs/rogue-trader/RULINGS.md, with scripted dice where a roll decides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shipyard.api import CRIPPLED, FIRST_LOST, SURVIVED, BattleSide, Entrant, Terms
from shipyard.core.combat import fight_once, series
from shipyard.core.recorder import Recorder
from shipyard.core.stream import derive_seed, new_stream
from shipyard.systems.rogue_trader.combat import RULES, SUPPORT, fight
from shipyard.systems.rogue_trader.combat import ship as sh
from shipyard.systems.rogue_trader.combat.orders import choose_target
from tests.systems.rogue_trader.fights import YARD, Bout, design
from tests.systems.rogue_trader.helpers import CATALOG_DIR

FLEETS = CATALOG_DIR / "fleets"


def side(tag: str, *entries: tuple[str, int]) -> BattleSide:
    entrants = tuple(Entrant(design(stem), count) for stem, count in entries)
    return BattleSide(f"side {tag}", "", entrants, tag, True)


def fleet(name: str, tag: str) -> BattleSide:
    return BattleSide.of(YARD.check(FLEETS / f"{name}.yaml"), tag)


class Melee(Bout):
    """A battle's state, on which a test calls the rule functions one at a time (Bout's
    dice: scripted with `faces`, else from `seed`)."""

    def __init__(self, a: BattleSide, b: BattleSide, faces: list[int] | None = None,
                 seed: int = 1, **terms: Any) -> None:
        self.prepared = SUPPORT.prepare_battle(a, b, Terms(**terms))
        self.p = self.prepared.state
        self.s = sh.new_state(self.p)
        self.s[sh.ROUND] = 1
        for i in range(self.p.ships):
            self.s[sh.ORDER + i] = i
        self.rng = new_stream(seed)
        self.rec = Recorder(True, self.prepared.asker)
        self.faces = None if faces is None else list(faces)
        self.asked = []

    def at(self, side: int, x: float, y: float, facing: int | None = None) -> None:
        super().at(side, x, y, facing)


def vagabond_and_two_hazeroths(faces: list[int] | None = None, **terms: Any) -> Melee:
    return Melee(side("A", ("vagabond", 1)), side("B", ("hazeroth", 2)), faces, **terms)


def explode(p: Any, s: Any, rng: Any, rec: Any, ship: int, kind: int) -> None:
    fight.explode(p, s, rec, ship, kind)


def played(prepared: Any, seed: int) -> tuple[Any, list[tuple[int, ...]]]:
    rec = Recorder()
    return RULES.play(prepared.state, new_stream(seed), rec), rec.events or []


# --- the duel is the battle of one against one ------------------------------------------


def test_a_duel_is_the_battle_of_one_ship_against_one_over_200_seeds() -> None:
    a, b = design("vagabond"), design("hazeroth")
    duel = SUPPORT.prepare(a, b, Terms())
    battle = SUPPORT.prepare_battle(BattleSide.one(a), BattleSide.one(b), Terms())
    assert [s.name for s in battle.ships] == list(duel.names)
    for seed in range(200):
        assert played(duel, seed) == played(battle, seed), seed


def test_each_ships_fate_is_how_she_went_out_of_the_fight() -> None:
    """R15's ways out are the lost fates, each named by its cause; a ship at 0 Hull Integrity
    that is still in the fight survives crippled."""
    names = RULES.fate_names()
    assert names[CRIPPLED] == "survived crippled"
    for code in (sh.OUT_CREW, sh.OUT_HULKED, sh.OUT_EXPLODED, sh.OUT_WARP, sh.OUT_SURRENDERED):
        assert fight.FATE_LOST + code >= FIRST_LOST and fight.FATE_LOST + code in names
    prepared = SUPPORT.prepare(design("sword"), design("hazeroth"), Terms())
    seen = set()
    for seed in range(60):
        told = fight_once(SUPPORT, prepared, seed)
        assert len(told.fates) == 2
        winner = told.outcome.winner
        for i, fate in enumerate(told.fates):
            seen.add(fate)
            if winner is not None:  # the loser is lost, the winner not
                assert (fate >= FIRST_LOST) == (i != winner), (seed, told.fates)
            if fate < FIRST_LOST:
                assert fate in (SURVIVED, CRIPPLED)
    assert any(f >= FIRST_LOST for f in seen) and SURVIVED in seen


@pytest.mark.parametrize("engine", [pytest.param("compiled", marks=pytest.mark.compiled), "plain"])
def test_series_row_i_is_the_narrated_battle_of_its_seed(engine: str) -> None:
    prepared = SUPPORT.prepare_battle(fleet("merchant", "A"), fleet("raiders", "B"), Terms())
    columns = series(SUPPORT, prepared, 30, seed=17, engine=engine)
    for i in range(30):
        told = fight_once(SUPPORT, prepared, derive_seed(17, i))
        assert tuple(int(f) for f in columns.fates[i]) == told.fates, i
        assert (int(columns.rounds[i]), int(columns.damage_a[i]), int(columns.damage_b[i])) == (
            told.rounds, *told.damage), i


def test_a_side_loses_when_its_last_ship_is_out_and_the_reason_is_hers() -> None:
    b = vagabond_and_two_hazeroths()
    fight.knock_out(b.p, b.s, None, 1, sh.OUT_SURRENDERED)
    assert fight.over(b.p, b.s, None) == -1  # Hazeroth 2 fights on
    fight.knock_out(b.p, b.s, None, 2, sh.OUT_HULKED)
    assert fight.over(b.p, b.s, None) == sh.OUT_HULKED  # A wins: B's last ship was hulked
    assert fight.fates(b.p, b.s) == [SURVIVED, fight.FATE_LOST + sh.OUT_SURRENDERED,
                                     fight.FATE_LOST + sh.OUT_HULKED]


# --- B1 initiative ----------------------------------------------------------------------


def test_b1_every_ship_rolls_once_and_ties_roll_again_among_themselves() -> None:
    """Vagabond, Hazeroth 1, Hazeroth 2 roll 1d10 + Detection bonus 1 each: 7, 7, 7. The
    Hazeroths' Detection (13) beats the Vagabond's (10, both bonus 1): the Vagabond is last;
    the two Hazeroths tie on Detection too and roll again together: 2 and 2, then 3 and 9."""
    b = vagabond_and_two_hazeroths([6, 6, 6, 2, 2, 3, 9])
    det = [sh.detection(b.p, b.s, i) for i in range(3)]
    assert det[1] == det[2] and det[0] != det[1] and all(10 <= d < 20 for d in det)
    b.run(fight.initiative)
    assert b.done
    first = [2, 1] if det[1] > det[0] else None
    assert first is not None
    assert list(b.s[sh.ORDER:sh.ORDER + 3]) == [2, 1, 0]
    said = b.texts()
    assert any("tied at Detection" in t and "2 and 2" in t for t in said)
    assert said[-1].startswith("the initiative order: Hazeroth-class Privateer 2 (B), "
                               "Hazeroth-class Privateer 1 (B), Vagabond")


def test_b1_locked_ships_drop_to_last_while_the_others_fight_on() -> None:
    """In every round of the merchant against the raiders where a pair locked in an earlier
    round exchanges (opposed Command), every other ship's turn that round comes first."""
    prepared = SUPPORT.prepare_battle(fleet("merchant", "A"), fleet("raiders", "B"), Terms())
    exchanges = 0
    for seed in range(40):
        _, events = played(prepared, seed)
        turns: list[int] = []
        for e in events:
            if e[0] == fight.EV_ROUND:
                turns = []
            elif e[0] == fight.EV_TURN:
                turns.append(e[1])
            elif e[0] == fight.EV_COMMAND:
                exchanges += 1
                assert not {e[1], e[2]} & set(turns), seed  # the pair took no turn before it
    assert exchanges > 0


# --- B2 weapon targets, void shields per attacker, knowledge per pair --------------------


def test_b2_a_gun_that_cannot_bear_on_her_chosen_enemy_fires_at_another_in_its_arc() -> None:
    """The Vagabond's chosen enemy is Hazeroth 2, 20 VU astern, beyond her guns; her battery
    bears on Hazeroth 1, 3 VU ahead, and fires at her instead (B2)."""
    b = vagabond_and_two_hazeroths(seed=3)
    b.at(0, 0.0, 0.0, 0)
    b.at(1, 3.0, 0.0, 4)
    b.at(2, -20.0, 0.0, 0)
    b.ship(0)[sh.TARGET] = 2
    battery = b.part(0, lambda p: p.gun is not None)
    assert fight.aimed(b.p, b.s, 0, battery, 2) == 1  # it does not bear on Hazeroth 2
    b.run(fight.shoot, 0)
    said = b.texts()
    assert any("fire at Hazeroth-class Privateer 1 (B) (B2)" in t for t in said)
    assert any("Hazeroth-class Privateer 1 (B)" in t and ("hit" in t or "armour" in t)
               for t in said)
    assert not any("on Hazeroth-class Privateer 2 (B)" in t for t in said)


def test_b3_void_shields_stand_whole_against_each_attacker_in_the_round() -> None:
    """Hazeroth 1 and then Hazeroth 2 fire on the Vagabond (one void shield) in one round:
    each attack loses one hit to the shield; the first attack overloading it does not let the
    second through."""
    b = vagabond_and_two_hazeroths([100, 30, 1,   # H1: lance misses; macrocannon 2 hits; 1 dmg
                                    100, 30, 1])  # H2 the same
    b.at(0, 0.0, 0.0, 0)
    b.at(1, 3.0, 0.0, 4)
    b.at(2, 3.0, 0.0, 4)
    b.run(fight.shoot, 1)
    b.run(fight.shoot, 2)
    assert b.done
    stops = [t for t in b.texts() if "void shields (1) stop 1 hit" in t]
    assert len(stops) == 2


def test_b3_what_a_ship_knows_of_an_enemys_components_is_her_own() -> None:
    """Hazeroth 1 fired on the Vagabond, so the Vagabond knows Hazeroth 1's guns; Hazeroth 2
    never touched her, so she knows none of Hazeroth 2's, and neither Hazeroth knows what the
    other's fire taught it: a critical the Vagabond deals Hazeroth 2 finds no component."""
    b = vagabond_and_two_hazeroths([100, 100])
    b.at(0, 0.0, 0.0, 0)
    b.at(1, 3.0, 0.0, 4)
    b.run(fight.shoot, 1)
    guns = [p.index for p in b.spec(1).guns]
    assert all(b.s[sh.known(b.p, 1, 0) + g] for g in guns)
    assert not any(b.s[sh.known(b.p, 2, 0) + g] for g in guns)
    assert not any(b.s[sh.known(b.p, 1, 2) + g] for g in guns)
    b.scripted([])
    b.run(fight.critical, 2, 2, 0)  # Internal Damage, chosen among what the Vagabond knows
    assert "the attacker knows of no component to choose: no effect" in b.texts()


def test_b3_surprise_is_per_vessel() -> None:
    """--rule surprise=b: every ship of side B is Surprised, +20 to each attack on her in the
    first round; the Vagabond is not."""
    b = vagabond_and_two_hazeroths(rules={"surprise": "b"})
    assert [b.p.data[b.p.o_stat + i * sh.STAT_FIELDS + sh.S_SURPRISED] for i in range(3)] == [
        0, 1, 1]
    b.at(0, 0.0, 0.0, 0)
    b.at(2, 3.0, 0.0, 4)
    b.ship(0)[sh.TARGET] = 2
    b.run(fight.shoot, 0)
    assert any(m.label == "Surprised target" and m.value == 20
               for c in b.checks() for m in c.modifiers)


def test_b3_the_gm_surprises_vessels_one_by_one() -> None:
    """The seed: "the GM must ultimately determine which vessels are Surprised". `--rule
    surprise=b2` Surprises Hazeroth 2 (B) alone: attacks on her get +20 in the first round,
    attacks on Hazeroth 1 (B) do not; the log names her."""
    b = vagabond_and_two_hazeroths(rules={"surprise": "b2"})
    assert [b.p.data[b.p.o_stat + i * sh.STAT_FIELDS + sh.S_SURPRISED] for i in range(3)] == [
        0, 0, 1]
    assert "Surprised: Hazeroth-class Privateer 2 (B)" in b.prepared.notes
    both = vagabond_and_two_hazeroths(rules={"surprise": "a1+b1"})
    assert [both.p.data[both.p.o_stat + i * sh.STAT_FIELDS + sh.S_SURPRISED]
            for i in range(3)] == [1, 1, 0]
    for target, surprised in ((1, False), (2, True)):
        b = vagabond_and_two_hazeroths(rules={"surprise": "b2"})
        b.at(0, 0.0, 0.0, 0)
        b.at(target, 3.0, 0.0, 4)
        b.at(3 - target, 40.0, 0.0, 4)  # the other far off: no weapon bears on her
        b.ship(0)[sh.TARGET] = target
        b.run(fight.shoot, 0)
        assert any(m.label == "Surprised target" for c in b.checks()
                   for m in c.modifiers) == surprised


# --- B5 drive explosions strike every ship in range ------------------------------------


class Dice(Melee):
    """Dice by the die: every d100 rolls 99 (every test fails), the first d10 `reach`, every
    other die 1 (so a d5 of debris is 1 hit, which the one void shield takes; 2 with d5=2)."""

    reach = 5

    def roll(self, rng: list[int], sides: int) -> int:
        self.asked.append(sides)
        if sides == 10 and self.asked.count(10) == 1:
            return self.reach
        return {100: 99, 5: 2}.get(sides, 1)


def test_b5_a_plasma_drive_explosion_strikes_every_ship_in_range() -> None:
    """Hazeroth 1 explodes: one reach roll (1d10 = 5); the Vagabond 3 VU away and Hazeroth 2,
    her own mate, 4 VU away each make the Hard test (both fail) and take 1d5 = 2 macrobattery
    hits; a ship beyond the reach makes no test."""
    b = Dice(side("A", ("vagabond", 1)), side("B", ("hazeroth", 2)))
    b.at(0, 0.0, 0.0, 0)
    b.at(1, 3.0, 0.0, 4)
    b.at(2, 7.0, 0.0, 4)
    b.run(explode, 1, fight.BLAST_PLASMA)
    assert b.asked[0] == 10 and b.asked.count(100) == 2 and b.asked.count(5) == 2
    said = b.texts()
    assert any("the blast reaches 1d10 = 5 VU; Vagabond-class Merchant Trader (A) is 3.0 VU "
               "away" in t for t in said)
    assert "Hazeroth-class Privateer 2 (B) is 4.0 VU away" in said
    assert sum("is struck by the debris" in t for t in said) == 2
    b = Dice(side("A", ("vagabond", 1)), side("B", ("hazeroth", 2)))
    b.at(0, 0.0, 0.0, 0)
    b.at(1, 3.0, 0.0, 4)
    b.at(2, 9.0, 0.0, 4)  # 6 VU from the blast: beyond its 5
    b.run(explode, 1, fight.BLAST_PLASMA)
    assert b.asked.count(100) == 1 and "Hazeroth-class Privateer 2 (B) is 6.0 VU away" in b.texts()


def test_b5_a_warp_drive_explosion_drags_every_ship_within_the_rift() -> None:
    """Hazeroth 1's warp drive: the chaos-storm 2d10 = 2 reaches nobody; the rift 1d5 = 5
    reaches both others: the Vagabond passes the Challenging test, Hazeroth 2 fails and is
    dragged into the warp (out of the fight, R15: lost to the warp rift)."""
    b = vagabond_and_two_hazeroths([1, 1, 5, 1, 99])
    b.at(0, 0.0, 0.0, 0)
    b.at(1, 3.0, 0.0, 4)
    b.at(2, 7.0, 0.0, 4)
    b.run(explode, 1, fight.BLAST_WARP)
    assert b.done
    assert b.ship(0)[sh.OUT] == 0 and b.ship(2)[sh.OUT] == sh.OUT_WARP
    assert RULES.fate_names()[fight.fates(b.p, b.s)[2]] == "the warp rift"
    # every die the log draws is told: the Vagabond's passed test as Hazeroth 2's failed one
    told = b.texts()
    held = [t for t in told if t.startswith("Vagabond-class Merchant Trader (A) holds clear "
                                            "of the warp rift: ")]
    assert len(held) == 1 and "d100 rolled 1: success" in held[0], told
    # side B's last ship dragged into the warp: side A wins, and the reason is declared
    assert fight.over(b.p, b.s, None) == sh.OUT_WARP and RULES.ends[sh.OUT_WARP] == (0, "warp")


def test_every_end_code_a_battle_may_return_is_declared() -> None:
    for winner in (0, 1):
        for code in (sh.OUT_CREW, sh.OUT_HULKED, sh.OUT_EXPLODED, sh.OUT_WARP,
                     sh.OUT_SURRENDERED):
            assert RULES.ends[10 * winner + code] == (winner, RULES.ends[10 * winner + code][1])
    for end in (fight.BOTH_LOST, fight.CAP, fight.DISENGAGED, fight.STALEMATE, fight.HARMLESS):
        assert RULES.ends[end][0] is None


# --- B4 ramming and boarding in a battle -------------------------------------------------


def test_b4_a_ship_locked_in_a_boarding_action_may_be_fired_on_but_not_boarded() -> None:
    """Hazeroth 1 and the Vagabond are locked; Hazeroth 2 alongside the Vagabond may shoot
    her (B4) but her default captain does not order a boarding, and an ordered one is lost."""
    b = vagabond_and_two_hazeroths(seed=2)
    b.lock(1)
    b.at(0, 0.0, 0.0, 0)
    b.at(1, 0.0, 0.0, 4)
    b.at(2, 0.5, 0.0, 4)
    b.ship(2)[sh.TARGET] = 0
    from shipyard.systems.rogue_trader.combat import orders

    assert orders.action(b.p, b.s, 2, 0, 0, sh.TACTIC_BOARD) == orders.SHOOT
    b.rec.asker = lambda who, q, facts, default: fight.BOARD if q == fight.Q_ACTION else default
    b.run(fight.turn, 2)
    said = b.texts()
    assert any("cannot board (Vagabond-class Merchant Trader (A) is locked in a boarding "
               "action with another (B4)" in t for t in said)
    assert b.ship(0)[sh.LOCK] == 1


def test_b4_a_ship_out_of_the_fight_frees_the_ship_locked_with_her() -> None:
    b = vagabond_and_two_hazeroths()
    b.lock(1)
    fight.knock_out(b.p, b.s, None, 1, sh.OUT_EXPLODED)
    assert b.ship(0)[sh.LOCK] == -1


# --- D4 the default captain's enemy, F1 the formation ----------------------------------


def test_d4_the_default_captain_engages_the_nearest_enemy_keeping_her_choice_on_a_tie() -> None:
    b = Melee(side("A", ("hazeroth", 1)), side("B", ("sword", 2)))
    b.at(0, 0.0, 0.0, 0)
    b.at(1, 5.0, 0.0, 4)
    b.at(2, 0.0, 4.0, 4)
    assert choose_target(b.p, b.s, 0) == 2  # nearer
    b.at(2, 0.0, 5.0, 4)
    b.ship(0)[sh.TARGET] = 2
    assert choose_target(b.p, b.s, 0) == 2  # as near: she keeps her choice
    b.ship(0)[sh.TARGET] = 1
    assert choose_target(b.p, b.s, 0) == 1
    b.ship(2)[sh.HULL] = 10  # with neither chosen, the weaker of two as near
    b.ship(0)[sh.TARGET] = 0
    assert choose_target(b.p, b.s, 0) == 2
    b.lock(0)  # locked: the ship she is locked with (ship 1 in Bout.lock)
    assert choose_target(b.p, b.s, 0) == 1


def test_f1_each_side_stands_in_line_abreast_two_vu_apart() -> None:
    b = vagabond_and_two_hazeroths(range=12)
    where = [tuple(b.ship(i)[k] for k in (sh.XP, sh.XQ, sh.YP, sh.YQ, sh.FACING))
             for i in range(3)]
    assert where[0] == (0, 0, 0, 0, 0)  # one ship: where a duel's A stands
    # two Hazeroths about B's place 12 VU ahead, heading 180°, 1 VU either side (doubled)
    assert where[1] == (24, 0, -2, 0, 4) and where[2] == (24, 0, 2, 0, 4)


# --- the bundled fleets ------------------------------------------------------------------


def sp(name: str) -> int:
    found = fleet(name, "A")
    return sum(int(e.design.system.price(e.design)) * e.count for e in found.entrants)


def test_the_second_patrol_is_within_five_percent_of_the_patrols_ship_points() -> None:
    assert (sp("patrol"), sp("patrol-koronus")) == (153, 147)
    assert abs(sp("patrol-koronus") - sp("patrol")) <= 0.05 * sp("patrol")
    assert (sp("merchant"), sp("raiders")) == (23, 78)


def test_fleet_comments_state_the_ship_points() -> None:
    text = {n: (FLEETS / f"{n}.yaml").read_text(encoding="utf-8")
            for n in ("patrol", "patrol-koronus")}
    assert "153" in text["patrol"] and "147" in text["patrol-koronus"]
    assert Path(FLEETS / "merchant.yaml").is_file()


# --- a captain of your own in a battle ---------------------------------------------------


def test_battle_pilot_a_takes_a_captain_that_chooses_the_enemy() -> None:
    from tests.cli import shipyard

    focus = CATALOG_DIR / "captains" / "focus_fire.py"
    run = shipyard("battle", FLEETS / "merchant.yaml", FLEETS / "raiders.yaml", "--seed", "3",
                   "--pilot-a", f"{focus}:FocusFire")
    assert run.code == 0, run.err
    assert "Vagabond merchant commanded by FocusFire" in run.out
    default = shipyard("battle", FLEETS / "merchant.yaml", FLEETS / "raiders.yaml", "--seed", "3")
    assert default.out != run.out  # the weakest, not the nearest (D4)


@pytest.mark.parametrize(("body", "line", "words"), [
    ("class Broken(Captain):\n    def target(self, s):\n        return 1 / 0\n", 5,
     "ZeroDivisionError"),
    # a wrong answer, or one the rules cannot read: at the method that gave it
    ("class Lost(Captain):\n    def target(self, s):\n        return 'Nobody'\n", 4,
     "not an enemy in the fight"),
    ("class Lost(Captain):\n    def manoeuvre(self, s):\n        return 'north'\n", 4,
     "manoeuvre() answered 'north'; it answers a tuple of 2"),
])
def test_a_battle_captains_mistake_is_one_line(tmp_path: Path, body: str, line: int,
                                               words: str) -> None:
    from tests.cli import shipyard

    path = tmp_path / "mine.py"
    path.write_text("from shipyard.systems.rogue_trader.combat.captain import Captain\n\n"
                    + body, encoding="utf-8")
    name = body.split("(")[0].removeprefix("class ")
    run = shipyard("battle", FLEETS / "merchant.yaml", FLEETS / "raiders.yaml", "--seed", "3",
                   "--pilot-a", f"{path}:{name}")
    assert run.code == 2 and "Traceback" not in run.err and len(run.err.splitlines()) == 1
    assert words in run.err and run.err.startswith(f"{path}:{line}:"), run.err


def test_d4_against_an_enemy_locked_with_another_she_fights_as_a_gunner() -> None:
    from shipyard.systems.rogue_trader.combat import orders

    b = vagabond_and_two_hazeroths(crew=({}, {"tactic": "board"}))
    b.ship(2)[sh.TARGET] = 0
    assert orders.tactic(b.p, b.s, 2) == sh.TACTIC_BOARD
    b.lock(1)  # Hazeroth 1 has boarded the Vagabond
    assert orders.tactic(b.p, b.s, 2) == sh.TACTIC_GUNNERY
    assert orders.tactic(b.p, b.s, 1) == sh.TACTIC_BOARD  # the boarder herself: her own fight


def test_f2_the_default_cap_is_the_round_limit_for_each_ship_of_the_larger_side() -> None:
    # a flat 50 rounds ended 10% of the Calixis patrol mirror at the cap, battles still being
    # decided: each ship of the larger side has a duel's rounds
    limit = YARD.catalog(YARD.system("rogue-trader")).combat.round_limit
    three = SUPPORT.prepare_battle(fleet("patrol", "A"), fleet("patrol-koronus", "B"), Terms())
    one_two = SUPPORT.prepare_battle(fleet("merchant", "A"), fleet("raiders", "B"), Terms())
    duel = SUPPORT.prepare(design("sword"), design("hazeroth"), Terms())
    assert (three.cap, one_two.cap, duel.cap) == (3 * limit, 2 * limit, limit)
    assert three.state.cap == three.cap
    given = SUPPORT.prepare_battle(fleet("patrol", "A"), fleet("patrol", "B"), Terms(cap=7))
    assert given.cap == given.state.cap == 7


@pytest.mark.compiled
@pytest.mark.slow
def test_the_fair_patrol_pairing_is_within_60_40_from_either_side() -> None:
    """The bundled pairing called fair: neither side wins more than 60% of 2,000 battles, played
    both ways round (the Ambition's squadron it replaced won 96.6%). Both rates are near 47-50%,
    so 40% is more than 6 standard errors off: this never flakes."""
    for a, b in (("patrol", "patrol-koronus"), ("patrol-koronus", "patrol")):
        prepared = SUPPORT.prepare_battle(fleet(a, "A"), fleet(b, "B"), Terms())
        columns = series(SUPPORT, prepared, 2000, 1)
        assert columns.engine == "compiled"
        for side in (0, 1):
            share = float((columns.winner == side).mean())
            assert 0.40 <= share <= 0.60, (a, b, side, share)
