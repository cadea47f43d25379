"""A default captain who brings the fight on (D1-D3), and the endings a game master
declares (R25-R27)."""

from __future__ import annotations

from pathlib import Path

from shipyard.core.combat import Terms, fight_once
from shipyard.systems.rogue_trader.combat import ENDS, SUPPORT, fight, orders
from shipyard.systems.rogue_trader.combat import ship as sh
from shipyard.systems.rogue_trader.options import OPTIONS
from tests.systems.rogue_trader.fights import Bout, design

# --- D1: a gunner presses while the exchange favours her -----------------------------------


def test_d1_the_exchange_is_the_turns_each_needs_cross_multiplied() -> None:
    b = Bout("ambition", "ambition")
    assert orders.favoured(b.p, b.s, 0) and orders.favoured(b.p, b.s, 1)  # equals: both press
    b.ship(0)[sh.HULL] -= 1  # A would need the same volleys to fall as before, B no more
    assert not orders.favoured(b.p, b.s, 0) and orders.favoured(b.p, b.s, 1)
    for a, other in (("ambition", "sword"), ("sword", "ambition"), ("endeavour", "hazeroth")):
        b = Bout(a, other)
        mine, theirs = orders.volley(b.p, b.s, 0), orders.volley(b.p, b.s, 1)
        assert mine > 0 and theirs > 0
        expected = b.ship(1)[sh.HULL] * theirs <= b.ship(0)[sh.HULL] * mine
        assert orders.favoured(b.p, b.s, 0) == expected


def test_d1_a_favoured_gunner_does_not_weigh_the_reply() -> None:
    # the same place, the same guns: a captain the exchange favours chooses by her own fire
    # alone, so the enemy's reply (the only thing that differs) cannot change her choice
    b = Bout("ambition", "ambition")
    b.place(7, 0, 2)
    pressing = orders.manoeuvre(b.p, b.s, 0, *orders.judge(b.p, b.s, 0))
    guns = b.p.data
    theirs = [b.p.o_gun + (b.p.width + part) * sh.GUN_FIELDS + sh.G_ARCS
              for part in range(guns[b.p.o_stat + sh.STAT_FIELDS + sh.S_PARTS])]
    for at in theirs:  # the enemy's guns bear everywhere: the reply changes, her choice not
        guns[at] = 15
    memo = slice(b.p.o_memo, len(b.p.data))  # the figures changed under remembered choices
    b.p.data[memo] = [0] * (memo.stop - memo.start)
    assert orders.favoured(b.p, b.s, 0)
    assert orders.manoeuvre(b.p, b.s, 0, *orders.judge(b.p, b.s, 0)) == pressing


# --- D2: a boarder does not break free -----------------------------------------------------


def test_d2_a_captain_whose_plan_is_boarding_stays_locked() -> None:
    # the Sword's guns cannot decide a fight with the Hazeroth: her tactic is boarding, and
    # though the Hazeroth's boarders outmatch hers by 20 or more and her Morale is under 50
    # (R20's reasons to leave) she stays in the action she sought
    b = Bout("sword", "hazeroth", crew=({}, {"command": 80}))
    b.place(0.5)
    b.ship(0)[sh.MORALE] = 40
    b.lock(0)
    assert orders.tactic(b.p, b.s, 0) == sh.TACTIC_BOARD
    assert orders.boarders(b.p, b.s, 1) - orders.boarders(b.p, b.s, 0) >= 20
    assert orders.break_free(b.p, b.s, 0) == 0
    # a gunner (her guns can decide it: the Hazeroth nearly crippled) still leaves as R20 says
    b = Bout("sword", "hazeroth", crew=({}, {"command": 100}))
    b.ship(0)[sh.MORALE] = 40
    b.lock(0)
    b.ship(1)[sh.HULL] = 1
    assert orders.tactic(b.p, b.s, 0) == sh.TACTIC_GUNNERY
    assert orders.boarders(b.p, b.s, 1) - orders.boarders(b.p, b.s, 0) >= 20
    assert orders.break_free(b.p, b.s, 0) == 1


# --- D3: a boarder much the better welcomes his boarding -----------------------------------


def test_d3_boarders_20_better_are_eager() -> None:
    b = Bout("hazeroth", "sword", crew=({"command": 60}, {}))
    margin = orders.boarders(b.p, b.s, 0) - orders.boarders(b.p, b.s, 1)
    assert orders.eager(b.p, b.s, 0) == (margin >= orders.BOARDERS_BETTER_BY)
    assert not orders.eager(b.p, b.s, 1)
    b = Bout("hazeroth", "sword", crew=({"command": 20}, {}))
    assert not orders.eager(b.p, b.s, 0)


def test_the_referees_capped_fight_is_decided() -> None:
    # a referee read Endeavour-Hazeroth, crossing, seed 3145730 in full: 50 rounds, "no weapon
    # bears" 43 times, nine failed boardings, 4 and 1 damage dealt in all
    prepared = SUPPORT.prepare(design("endeavour"), design("hazeroth"),
                               Terms(geometry="crossing"))
    result = fight_once(SUPPORT, prepared, 3145730)
    assert result.outcome.winner is not None and result.rounds < 50


# --- R25-R27: the GM calls it --------------------------------------------------------------


def calls(b: Bout, rounds: int) -> list[int]:
    return [fight.declared(b.p, b.s) for _ in range(rounds)]


def test_r25_disengaged_after_8_rounds_beyond_every_reach() -> None:
    b = Bout("sword", "hazeroth")
    farthest = max(fight.reach(b.p, b.s, 0), fight.reach(b.p, b.s, 1))
    b.place(farthest + 1)
    b.ship(0)[sh.HULL] -= 1  # a loss this round: no stalemate in the count
    assert calls(b, b.p.disengaged_after) == [-1] * 7 + [fight.DISENGAGED]
    b = Bout("sword", "hazeroth")
    b.place(farthest + 1)
    calls(b, 7)
    b.place(farthest)  # back within the farthest reach: the count starts again
    assert calls(b, 8) == [-1] * 8


def test_r26_stalemate_after_30_rounds_without_loss_or_boarding() -> None:
    b = Bout("sword", "hazeroth")
    b.place(3)
    assert calls(b, 29) == [-1] * 29
    b.ship(1)[sh.MORALE] -= 1  # a loss: the count starts again
    assert calls(b, 30) == [-1] * 30 and fight.declared(b.p, b.s) == fight.STALEMATE
    b = Bout("sword", "hazeroth")
    b.place(3)
    b.lock(1)  # a boarding action under way is no stalemate
    assert calls(b, 40) == [-1] * 40


def test_r27_harmless_when_nothing_can_reach_from_anywhere() -> None:
    b = Bout("sword", "hazeroth")
    b.place(20)  # beyond every weapon's reach (10 VU at most)
    for side in (0, 1):
        drive = b.part(side, lambda p: p.kind == "plasma-drive")
        b.states(side)[drive] |= sh.UNPOWERED  # adrift for good (R18, R19)
    assert fight.declared(b.p, b.s) == fight.HARMLESS
    b.place(4)  # adrift within reach: guns bear once the ships turn on their thrusters
    assert fight.declared(b.p, b.s) == -1
    b.place(0.5)  # adrift within 1 VU: boarders can cross
    assert fight.declared(b.p, b.s) == -1
    b = Bout("sword", "hazeroth")
    b.place(20)
    drive = b.part(0, lambda p: p.kind == "plasma-drive")
    b.states(0)[drive] |= sh.UNPOWERED  # one ship can still move: she can close
    assert fight.declared(b.p, b.s) == -1


def test_the_declared_endings_are_named_and_told() -> None:
    reasons = {code: why for code, (_, why) in ENDS.items()}
    assert reasons[fight.DISENGAGED] == "disengaged" and reasons[fight.STALEMATE] == "stalemate"
    assert reasons[fight.HARMLESS] == "harmless"
    assert all(ENDS[code][0] is None for code in (fight.DISENGAGED, fight.STALEMATE,
                                                   fight.HARMLESS))
    assert {"disengaged", "stalemate", "harmless"} <= set(OPTIONS.reasons())
    prepared = SUPPORT.prepare(design("sword"), design("hazeroth"), Terms())
    _, text = SUPPORT.narrate(prepared, [(fight.EV_END, -1, fight.STALEMATE, 40)],
                              fight.STALEMATE, 40)
    assert "30 Strategic Rounds without loss" in text and "(R26)" in text
    _, text = SUPPORT.narrate(prepared, [(fight.EV_END, -1, fight.DISENGAGED, 9)],
                              fight.DISENGAGED, 9)
    assert "for 8 Strategic Rounds" in text and "(R25)" in text


def test_a_captain_of_your_own_sees_the_defaults_judgement(tmp_path: Path) -> None:
    path = tmp_path / "captains.py"
    path.write_text("from shipyard.systems.rogue_trader.combat.captain import Captain\n"
                    "seen = []\n"
                    "class Watcher(Captain):\n"
                    "    def manoeuvre(self, s):\n"
                    "        seen.append(s)\n"
                    "        return super().manoeuvre(s)\n", encoding="utf-8")
    b = Bout("ambition", "endeavour", pilots=(f"{path}:Watcher", None))
    b.place(8)
    b.run(fight.turn, 0)
    assert b.prepared.asker is not None
    seen = type(b.prepared.asker.captains[0]).manoeuvre.__globals__["seen"]
    s = seen[0]
    j = s.judgement
    assert j.tactic == "gunnery" and j.favoured == orders.favoured(b.p, b.s, 0)
    assert j.volley == orders.volley(b.p, b.s, 0) / 1000 > 0
    assert j.enemy_volley == orders.volley(b.p, b.s, 1) / 1000
    assert (j.boarders, j.enemy_boarders) == (orders.boarders(b.p, b.s, 0),
                                              orders.boarders(b.p, b.s, 1))
    assert (s.stalemate_after, s.disengaged_after) == (30, 8)
    assert s.calm_rounds == 0 and s.apart_rounds == 0


def test_memo_slots_spread_every_field_of_a_situation() -> None:
    """The memo's slot reads every field of the key (`orders.memo_slot`): situations that
    differ only in the tactic, judgement, turns or which ship is asked fall into different
    slots. A fold of shifted words once dropped those fields from the bits that pick a slot,
    so a 100,000-duel series crowded its situations into a fifth of the slots and searched
    ~1.5x as often (the 768 situations here fell into 2 slots)."""
    k0 = 0x1234_5678_9ABC  # a fixed offset
    keys = []
    for side, enemy in ((0, 1), (1, 0)):
        for limit in range(8):
            for their_limit in range(8):
                for chosen in range(3):
                    for flag in (0, 1):
                        k1 = (side | enemy << 5 | 3 << 10 | 5 << 13 | 4 << 16 | 6 << 23
                              | limit << 30 | their_limit << 33 | chosen << 36 | flag << 38)
                        keys.append(k1)
    slots = {orders.memo_slot(k0, k1, 0b1011) % orders.MEMO_SLOTS for k1 in keys}
    assert len(slots) >= 0.95 * len(keys)


ATTACKS = (fight.EV_FIRE, fight.EV_LAUNCH, fight.EV_RAM, fight.EV_RAM_MISS, fight.EV_BOARD)


def attack_rounds(events: list[tuple[int, ...]]) -> set[int]:
    """The Strategic Rounds in which a ship fired, launched, rammed or tried to board."""
    rounds: set[int] = set()
    number = 0
    for event in events:
        if event[0] == fight.EV_ROUND:
            number = event[2]
        elif event[0] in ATTACKS:
            rounds.add(number)
    return rounds


def test_r25_any_attack_starts_the_disengaged_count_again() -> None:
    # the referees' battles: Hazeroth 2 (B) fired at 1.7 VU in every round from 9 to 16 of the
    # patrol mirror, and torpedoes struck Sword 1 in the round the Ambition's battle against
    # three Swords was called disengaged. Ships that attack are fighting: no round with an
    # attack counts toward R25, whatever the range when it ends
    from shipyard.api import BattleSide
    from shipyard.core.recorder import Recorder
    from shipyard.core.stream import new_stream
    from shipyard.systems.rogue_trader.combat import RULES
    from tests.systems.rogue_trader.test_battle import side

    koronus = (("ambition", 1), ("hazeroth", 2))  # the referees' Koronus squadron (issue 38)
    battles = ((side("A", *koronus), side("B", *koronus), 1048651),
               (side("A", ("ambition", 1)), side("B", ("sword", 3)), 1048596))
    for a, b, seed in battles:
        assert isinstance(a, BattleSide)
        prepared = SUPPORT.prepare_battle(a, b, Terms())
        rec = Recorder()
        end, rounds, *_ = RULES.play(prepared.state, new_stream(seed), rec)
        attacked = attack_rounds(rec.events or [])
        assert attacked, "the battle has attacks"
        if end == fight.DISENGAGED:
            quiet = range(rounds - prepared.state.disengaged_after + 1, rounds + 1)
            assert not attacked & set(quiet), (seed, sorted(attacked & set(quiet)))


# --- the default captain's orders: no hopeless helm test, no locked enemy on the move -------


def test_r23_no_ram_or_boarding_ordered_whose_helm_test_cannot_succeed() -> None:
    # the Vagabond's helm at 0: Operate 0, Manoeuvrability -5, boarding -20 is a target of
    # -25, which no d100 passes; ordering it gave up the shots she had (13 of 207 referee logs)
    for helm, wanted in ((0, fight.SHOOT), (60, fight.BOARD)):
        b = Bout("vagabond", "hazeroth", crew=({"helm": helm, "tactic": "board"}, {}))
        drive = b.part(0, lambda p: p.kind == "plasma-drive")
        b.states(0)[drive] |= sh.UNPOWERED  # she lies where she is: alongside after her move
        b.place(0.5)
        b.ship(0)[sh.TARGET] = 1
        target = (b.p.data[b.p.o_stat + sh.S_HELM] + sh.manoeuvrability(b.p, b.s, 0)
                  + b.p.board_test)
        assert (target >= 1) == (wanted == fight.BOARD)
        assert orders.action(b.p, b.s, 0, 0, 0, sh.TACTIC_BOARD) == wanted
        assert orders.action(b.p, b.s, 0, 0, 0, sh.TACTIC_RAM) in (fight.SHOOT, fight.RAM)
        if wanted == fight.SHOOT:
            assert orders.action(b.p, b.s, 0, 0, 0, sh.TACTIC_RAM) == fight.SHOOT


def test_the_search_foresees_a_ship_locked_in_a_boarding_action_lying_still() -> None:
    # the Ambition (A) engages a Hazeroth (B) locked with the Sword (A): a locked ship takes
    # no Manoeuvre Action (R20, B4), so the search sees her where she lies, as it sees a ship
    # adrift that cannot turn
    from tests.systems.rogue_trader.test_battle import Melee, side

    def melee() -> Melee:
        m = Melee(side("A", ("ambition", 1), ("sword", 1)), side("B", ("hazeroth", 1)))
        m.ship(0)[sh.TARGET] = 2
        return m

    for x in range(-8, 9, 2):
        for y in range(2, 13, 2):
            for facing in (0, 2, 4, 6):
                locked, still = melee(), melee()
                for m in (locked, still):
                    m.at(0, 0.0, 0.0, 0)
                    m.at(2, float(x), float(y), facing)
                    m.at(1, float(x) + 0.5, float(y), facing)
                for me, them in ((1, 2), (2, 1)):
                    locked.ship(me)[sh.LOCK] = them
                    locked.ship(me)[sh.BOARDER] = int(me == 1)
                drive = still.part(2, lambda p: p.kind == "plasma-drive")
                still.states(2)[drive] |= sh.UNPOWERED
                still.ship(2)[sh.CANNOT_TURN] = 1
                for flag in (False, True):
                    assert (orders.search(locked.p, locked.s, 0, sh.TACTIC_GUNNERY, flag)
                            == orders.search(still.p, still.s, 0, sh.TACTIC_GUNNERY, flag)), (
                        x, y, facing, flag)
