"""What a referee found around the damage sequence: the shields decision, a start in
atmosphere, and narration a player can follow."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.api import Recorder, Terms
from shipyard.core.combat import fight_once
from shipyard.core.yard import Yard
from shipyard.systems.dropfleet.combat import SUPPORT
from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.commander import raise_shields, threat
from shipyard.systems.dropfleet.combat.narrate import narrate
from tests.cli import shipyard
from tests.systems.dropfleet.conftest import catalog
from tests.systems.dropfleet.duel_kit import duel, line, pack, scripted, stat, state, stock

ROOT = Path(__file__).resolve().parents[3]
JADES = ROOT / "catalogs" / "dropfleet" / "duels" / "jade-frigates.yaml"
BERLIN = ROOT / "catalogs" / "dropfleet" / "duels" / "berlin.yaml"


def shielded_duel(values: list[tuple[int, int]], ships: int = 1) -> s.Params:
    """A: `ships` Dreadnoughts, each system worth (shields down, up) against B; B: one ship
    whose passive save works only with shields raised."""
    d = catalog().damage
    systems = [[line()] for _ in values]
    return pack([stat(hull=30, dread=1), stat(hull=10, armour=5, passive=4, pd=4, shields=1)],
                [ships, 1], [systems, [[line()]]], [[0] * len(values), [0]],
                [values, [(1000, 1000)]], 0, 3, 12,
                [x.extra_hull for x in d.crippling + d.dreadnought_crippling],
                [int(x.orbital_decay) for x in d.crippling + d.dreadnought_crippling])


def test_r9_shields_weigh_both_systems_a_dreadnought_fires() -> None:
    # a gun the Passive save blunts (1.0 Hull down, 0.6 up) and missiles Point Defence
    # meets only with shields down (0.5 down, 0.95 up): the best single system alone says
    # raise (0.95 < 1.0), both together say lower (1.55 > 1.5)
    p = shielded_duel([(1000, 600), (500, 950)])
    st = state(p)
    assert threat(p, st, 1, 0) == 1500 and threat(p, st, 1, 1) == 1550
    assert raise_shields(p, st, 1) == 0
    # decided at each activation: with the missiles lost, only the gun is left to fear
    st[p.o_lost + 1] = 1
    assert raise_shields(p, st, 1) == 1


def test_r9_shields_weigh_every_enemy_ship_that_can_fire_before_the_next_activation() -> None:
    p = shielded_duel([(1000, 600)], ships=2)
    st = state(p)
    assert threat(p, st, 1, 0) == 2000 and threat(p, st, 1, 1) == 1200
    st[0 * s.NF + s.S_ALIVE] = 0  # one destroyed
    assert threat(p, st, 1, 0) == 1000
    st[1 * s.NF + s.S_OFFLINE] = 1  # the other's weapons offline at its next activation
    assert threat(p, st, 1, 0) == threat(p, st, 1, 1) == 0
    assert raise_shields(p, st, 1) == 0  # nothing to fear: shields stay down (a tie)


def test_r9_shields_are_chosen_again_at_each_activation() -> None:
    p = shielded_duel([(1000, 600), (500, 950)])
    st = state(p)
    rec = Recorder()
    st[1 * 1 * s.NF + s.S_SHIELDS] = 1  # B (ship index g=1) starts with them raised
    r.choose_shields(p, st, rec, 1, 1)
    assert st[1 * s.NF + s.S_SHIELDS] == 0 and (s.EV_SHIELDS, 1, 0) in (rec.events or [])


def test_r7_a_start_in_atmosphere_needs_the_atmospheric_rule() -> None:
    run = shipyard("duel", JADES, BERLIN, "--rule", "layer=atmosphere", "--seed", "1")
    assert run.code == 2
    assert len(run.err.strip().splitlines()) == 1 and "Atmospheric" in run.err
    yard = Yard()
    echo = stock(yard, "echo-corvette")
    assert echo.built.has("Atmospheric")
    told = fight_once(SUPPORT, SUPPORT.prepare(echo, echo, Terms(rules={"layer": "atmosphere"})),
                      1)
    assert told.outcome.reason in ("destroyed", "both-lost", "cap")


def _told(events: list[tuple[int, ...]], a: str = "london-dreadnought",
          b: str = "plutonium-dreadnought") -> list[str]:
    yard = Yard()
    prepared = SUPPORT.prepare(stock(yard, a), stock(yard, b), Terms())
    said, _ = narrate(prepared, events, s.CAP, 1)
    return [e.text for e in said]


def test_s8_a_containment_failure_is_repaired_only_at_its_second_success(
        monkeypatch: pytest.MonkeyPatch) -> None:
    p = duel(stat(hull=24, dread=1), stat(hull=8))
    st = state(p)
    st[s.S_ACF], st[s.S_PASSED] = 2, 2
    scripted(monkeypatch, 4)
    rec = Recorder()
    r.roundup(p, st, [0] * 5, rec, 1)
    repairs = [e for e in rec.events or [] if e[0] == s.EV_REPAIR]
    assert repairs[0][5] == 1  # one success still needed
    first, second = _told([repairs[0], (*repairs[0][:5], 0, 0)])
    assert not first.endswith(": repaired") and "one success of the two" in first
    assert second.endswith("containment failure: repaired")


def test_r16_damage_control_names_a_result_with_no_effect() -> None:
    text = _told([(s.EV_REPAIR, 1, s.E_INERT, 5, s.DC_REPAIRED, 0, 2)])[0]
    assert "Power fluctuations" in text and "no effect in a duel" in text


def test_s9_immolation_tells_the_fires_it_lights(monkeypatch: pytest.MonkeyPatch) -> None:
    p = duel(stat(hull=24, dread=1), stat(hull=8), (2, 1))
    st = state(p)
    scripted(monkeypatch, 3, (3, 2), (3, 3))
    rec = Recorder()
    r.hurt(p, st, rec, 0, 99, s.C_FIRE)
    r.settle(p, st, [0] * 5, rec)
    lit = [e for e in rec.events or [] if e[0] == s.EV_IGNITED]
    assert lit == [(s.EV_IGNITED, 1, 2), (s.EV_IGNITED, 2, 3)]
    assert "catches 2 fires" in _told(lit[:1])[0]


def test_a_mirror_match_names_each_side() -> None:
    yard = Yard()
    toulons = stock(yard, "toulon-frigate", 3)
    prepared = SUPPORT.prepare(toulons, toulons, Terms())
    assert prepared.names[0] != prepared.names[1]
    ships = prepared.told.ships
    assert len(set(ships)) == len(ships)
    run = shipyard("duel", JADES, JADES, "--seed", "2")
    assert "Jade Frigates 1 (A)" in run.out and "Jade Frigates 1 (B)" in run.out


def test_plurals_and_possessives() -> None:
    pd = _told([(s.EV_PD, 1, 3, 1, 1, 0)])[0]
    assert "1 success stops" in pd and "1 successes" not in pd
    yard = Yard()
    jades = yard.check(JADES).design
    prepared = SUPPORT.prepare(jades, stock(yard, "berlin-cruiser"), Terms())
    blast = narrate(prepared, [(s.EV_BLAST, 3, 0, s.CAT_SHRED, 36)], s.CAP, 1)[0][0].text
    assert "Jade Frigates 1's" in blast
    named = SUPPORT.prepare(jades, stock(yard, "berlin-cruiser"), Terms(
        crew=({"ships": 1}, {})))
    offline = narrate(named, [(s.EV_OFFLINE, 0)], s.CAP, 1)[0][0].text
    assert offline.startswith("Jade Frigates' weapons")


def test_r12_odds_give_the_owners_best_point_defence() -> None:
    from shipyard.systems.dropfleet.combat import volley_odds

    yard = Yard()
    toulon = stock(yard, "toulon-frigate")
    report = volley_odds(toulon, toulon, Terms())
    missiles = next(d for d in report.distributions if "Barracuda" in d.name)
    shown = [round(100 * p.chance, 1) for p in missiles.points]
    assert shown == [65.5, 29.9, 4.5]  # the owner's best play, not 64.3/31.2/4.5


def test_r8_burnthroughs_extra_dice_are_told() -> None:
    attack = [(s.EV_ROLL, s.R_ATTACK, face, 1) for face in (4, 5, 3, 2)]
    text = _told([*attack, (s.EV_LINE, 0, 0, 2, 2, 0, 2, 0, 3)])[0]
    assert "2 attack dice and 2 more for Burnthrough, 2 hits" in text
