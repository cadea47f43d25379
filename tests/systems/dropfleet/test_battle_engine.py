"""The fight rules generalised to several groups a side (the engine only: no command
reads fleets yet). A duel is the fight of two units, one a side; these pin what more units do:
battlegroups activate alternately from the initiative's winner, a side with none left waits,
every ship fires at an enemy, the least-Hull target is sought across every enemy group, and an
explosion's reach is read from how far apart the two ships' groups stand."""

from __future__ import annotations

from shipyard.api import Recorder
from shipyard.core.stream import new_stream
from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.commander import pick_target, side_of
from shipyard.systems.dropfleet.combat.setup import pack_units
from tests.systems.dropfleet.conftest import catalog
from tests.systems.dropfleet.duel_kit import line, stat

INCHES = (3, 2, 4, 8)  # enemy, mates, groups of a battlegroup, battlegroups


def fight(sides: list[int], bgs: list[int], counts: list[int], hulls: list[int]) -> s.Params:
    """Hand-made units, each one system of one line against every enemy unit."""
    units = len(sides)
    rows = [[[[line()]] if sides[u] != sides[t] else [] for t in range(units)]
            for u in range(units)]
    values = [[[(1000, 1000)] if sides[u] != sides[t] else [] for t in range(units)]
              for u in range(units)]
    d = catalog().damage
    return pack_units([stat(hull=h) for h in hulls], counts, sides, bgs, rows,
                      [[0] for _ in range(units)], values, 0, INCHES, 12,
                      [x.extra_hull for x in d.crippling + d.dreadnought_crippling],
                      [int(x.orbital_decay) for x in d.crippling + d.dreadnought_crippling])


def test_battlegroups_activate_alternately_and_a_side_with_none_left_waits() -> None:
    # A: two battlegroups (units 0 and 1); B: one (unit 2), of two ships
    p = fight([0, 0, 1], [0, 1, 0], [1, 1, 2], [6, 6, 6])
    whole = 0
    for seed in range(20):
        rec = Recorder()
        r.play(p, new_stream(seed), rec)
        events = rec.events or []
        turn_starts = [i for i, e in enumerate(events) if e[0] == s.EV_TURN]
        first = events[turn_starts[0]][2]
        end = turn_starts[1] if len(turn_starts) > 1 else len(events)
        units = [e[1] // p.g for e in events[turn_starts[0]:end] if e[0] == s.EV_FIRE]
        shooters = [u for i, u in enumerate(units) if i == 0 or units[i - 1] != u]
        order = [0, 2, 1] if first == 0 else [2, 0, 1]
        # each group activates once a turn, in this order (one lost before its turn fires
        # nothing)
        assert shooters == [u for u in order if u in shooters]
        assert len(shooters) >= 2
        whole += shooters == order
        for e in events:
            if e[0] == s.EV_FIRE:
                assert side_of(p, e[1] // p.g) != side_of(p, e[3] // p.g)
    assert whole >= 10  # A's second battlegroup fires last, after both first ones


def test_b2_a_battlegroup_with_no_ship_left_takes_no_activation() -> None:
    """B2: a side whose first battlegroup is gone activates its next one: the initiative's
    winner fires first (a referee read a battle where the winner's wiped-out battlegroup took
    its turn, so the loser's ship fired first)."""
    p = fight([0, 0, 1, 1], [0, 1, 0, 1], [1, 1, 1, 1], [6, 6, 6, 6])
    p.data[p.o_ships + s.S_ALIVE] = 0  # A's first battlegroup (unit 0) gone before the battle
    won = [0, 0]
    for seed in range(40):
        rec = Recorder()
        r.play(p, new_stream(seed), rec)
        events = rec.events or []
        first = next(e[2] for e in events if e[0] == s.EV_TURN)
        shooter = next(e[1] for e in events if e[0] == s.EV_FIRE)
        assert side_of(p, shooter // p.g) == first, seed
        won[first] += 1
    assert min(won) >= 5  # A won the initiative in some, B in others


def test_the_weakest_enemy_is_sought_across_every_enemy_group() -> None:
    p = fight([0, 1, 1], [0, 0, 1], [1, 2, 2], [6, 6, 6])
    st = p.data[p.o_ships:]
    st[(1 * p.g + 1) * s.NF + s.S_HULL] = 3
    st[(2 * p.g + 0) * s.NF + s.S_HULL] = 2
    assert pick_target(p, st, 0) == 2 * p.g
    st[(2 * p.g + 0) * s.NF + s.S_ALIVE] = 0
    assert pick_target(p, st, 0) == 1 * p.g + 1
    assert pick_target(p, st, 1) == 0


def test_an_explosion_reaches_by_how_far_apart_the_groups_stand() -> None:
    # side A in line: units 0 and 1 (one battlegroup) 4" apart, unit 2 8" on; its middle 6"
    # from unit 0. Side B's one group stands in the middle of its own line: across from A's
    # middle, 3" off, so 6" along and 3" across from unit 0 (rules.apart: twice the inches,
    # squared)
    p = fight([0, 0, 0, 1], [0, 0, 1, 0], [2, 1, 1, 1], [6, 6, 6, 6])
    assert r.apart(p, 0, 0) == 4 * 2 ** 2  # group mates
    assert r.apart(p, 0, 1) == 4 * 4 ** 2  # groups of one battlegroup
    assert r.apart(p, 0, 2) == 4 * 12 ** 2  # battlegroups of one side, a group between
    assert r.apart(p, 0, 3) == 4 * (3 ** 2 + 6 ** 2)  # enemies: across the lines and along
    assert r.apart(p, 3, 0) == r.apart(p, 0, 3)


def test_r9_shields_are_chosen_with_the_battlegroups_orders_before_any_of_it_fires(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The seed: "Players must choose to raise shields at the same time that special orders
    are chosen for a Battlegroup": every ship of a battlegroup chooses before its first group
    fires (a group chose at its own activation, after its battlegroup's groups before it)."""
    from tests.systems.dropfleet.duel_kit import stat

    # side A: one battlegroup of two shielded groups (units 0, 1); side B: one group (unit 2)
    units = [0, 0, 1]
    d = catalog().damage
    rows = [[[[line()]] if units[u] != units[t] else [] for t in range(3)] for u in range(3)]
    values = [[[(1000, 1000)] if units[u] != units[t] else [] for t in range(3)]
              for u in range(3)]
    p = pack_units([stat(hull=12, shields=1), stat(hull=12, shields=1), stat(hull=12)],
                   [1, 1, 1], units, [0, 0, 0], rows, [[0], [0], [0]], values, 0, INCHES, 2,
                   [x.extra_hull for x in d.crippling + d.dreadnought_crippling],
                   [int(x.orbital_decay) for x in d.crippling + d.dreadnought_crippling])
    seen: list[tuple[str, int, int]] = []
    choose, fire = r.choose_shields, r.fire_system

    def choosing(p_, st, rec, unit, turn):  # type: ignore[no-untyped-def]
        seen.append(("shields", unit, turn))
        choose(p_, st, rec, unit, turn)

    def firing(p_, st, rng, rec, unit, *rest):  # type: ignore[no-untyped-def]
        seen.append(("fire", unit, -1))
        fire(p_, st, rng, rec, unit, *rest)

    monkeypatch.setattr(r, "choose_shields", choosing)
    monkeypatch.setattr(r, "fire_system", firing)
    r.play(p, new_stream(3), Recorder())
    a_fire = [i for i, e in enumerate(seen) if e[0] == "fire" and e[1] in (0, 1)]
    assert a_fire
    for i in a_fire:  # before each of A's volleys, both of A's groups chose this turn
        turn = max(e[2] for e in seen[:i] if e[0] == "shields")
        assert {e[1] for e in seen[:i] if e[0] == "shields" and e[2] == turn} >= {0, 1}
