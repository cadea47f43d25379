"""dropfleet battles (RULINGS.md B1-B9): the duel is the battle of one group a side,
fleets fight from their files, each ruling pinned, the series row by row against the narrated
battle, and the `battle` command's refusals and report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shipyard.api import BattleSide, Recorder, Terms
from shipyard.core.combat import fight_once, series
from shipyard.core.pattern import CRIPPLED, FIRST_LOST, SURVIVED
from shipyard.core.stream import derive_seed, new_stream
from shipyard.core.yard import Yard
from shipyard.systems.dropfleet.combat import SUPPORT
from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.commander import count, side_of, unitf
from shipyard.systems.dropfleet.combat.narrate import sentence
from tests.cli import shipyard
from tests.systems.dropfleet.conftest import catalog
from tests.systems.dropfleet.duel_kit import scripted

ROOT = Path(__file__).resolve().parents[3]
CATALOG = ROOT / "catalogs" / "dropfleet"
JADES, BERLIN = CATALOG / "duels" / "jade-frigates.yaml", CATALOG / "duels" / "berlin.yaml"
UCM, SCOURGE = CATALOG / "fleets" / "ucm-patrol.yaml", CATALOG / "fleets" / "scourge-raid.yaml"


def side(yard: Yard, path: Path, tag: str) -> BattleSide:
    """A side as `shipyard battle` reads it (cli/battle.py)."""
    return BattleSide.of(yard.check(path), tag)


@pytest.fixture(scope="module")
def fleets() -> tuple[BattleSide, BattleSide]:
    yard = Yard()
    return side(yard, UCM, "A"), side(yard, SCOURGE, "B")


def test_a_duel_is_the_battle_of_one_group_a_side() -> None:
    """A duel equals the battle of one against one, event for event, over 200
    seeds under the same terms (the cap given, since their defaults are the duel's R18 and
    the battle's B8)."""
    yard = Yard()
    jades, berlin = (yard.check(p).design for p in (JADES, BERLIN))
    for terms in (Terms(cap=12), Terms(cap=12, range="long", geometry="broadside")):
        duel = SUPPORT.prepare(jades, berlin, terms)
        battle = SUPPORT.prepare_battle(BattleSide.one(jades, "A", 3),
                                        BattleSide.one(berlin, "B", 1), terms)
        assert duel.state == battle.state
        assert [x.name for x in battle.ships] == ["Jade Frigates 1 (A)", "Jade Frigates 2 (A)",
                                                   "Jade Frigates 3 (A)", "Berlin Cruiser (B)"]
        for seed in range(200):
            told = []
            for prepared in (duel, battle):
                rec = Recorder()
                rng = new_stream(seed)
                ended = r.play(prepared.state, rng, rec)
                told.append((rec.events, ended, rng[0]))
            assert told[0] == told[1], seed
            one = fight_once(SUPPORT, duel, seed)
            other = fight_once(SUPPORT, battle, seed)
            assert (one.outcome.winner, one.outcome.reason, one.rounds, one.damage,
                    one.fates) == (other.outcome.winner, other.outcome.reason, other.rounds,
                                   other.damage, other.fates)


def test_b1_each_fleet_entry_is_a_group_and_ships_are_named_with_their_side(
        fleets: tuple[BattleSide, BattleSide]) -> None:
    prepared = SUPPORT.prepare_battle(*fleets, Terms())
    p = prepared.state
    assert [count(p, u) for u in range(p.units)] == [3, 1, 1, 1, 3, 2, 1, 1]
    assert [side_of(p, u) for u in range(p.units)] == [0, 0, 0, 0, 1, 1, 1, 1]
    names = [x.name for x in prepared.ships]
    assert names[:4] == ["Toulon picket 1 (A)", "Toulon picket 2 (A)", "Toulon picket 3 (A)",
                         "Seattle Fleet Carrier (A)"]
    assert names[6:] == ["Harpy Frigate 1 (B)", "Harpy Frigate 2 (B)", "Harpy Frigate 3 (B)",
                         "Strix Light Cruiser 1 (B)", "Strix Light Cruiser 2 (B)",
                         "Ifrit Cruiser (B)", "Banshee Battlecruiser (B)"]
    assert prepared.names == ("UCM patrol (A)", "Scourge raid (B)")
    # each ship's points: its share of its group's (the Toulon group of three is 105)
    assert [x.price for x in prepared.ships[:3]] == [35, 35, 35]
    assert sum(x.price or 0 for x in prepared.ships if x.side == 1) == 587


def test_b2_the_fleet_order_is_the_commanders_order(tmp_path: Path) -> None:
    """Battlegroups in file order (U_BG); reversing the file reverses who activates first."""
    yard = Yard()
    text = SCOURGE.read_text()
    head, _, groups = text.partition("groups:\n")
    parts = groups.split("  - name: ")[1:]
    reversed_fleet = tmp_path / "raid.yaml"
    reversed_fleet.write_text(head.replace("../", str(CATALOG) + "/") + "groups:\n" + "".join(
        "  - name: " + part for part in reversed(parts)))
    for path, first in ((SCOURGE, "Harpy Frigate"), (reversed_fleet, "Banshee Battlecruiser")):
        b = side(yard, path, "B")
        prepared = SUPPORT.prepare_battle(side(yard, BERLIN, "A"), b, Terms())
        p = prepared.state
        assert [unitf(p, u, s.U_BG) for u in range(p.units)] == [0, 0, 1, 1, 2]
        assert prepared.told.ships[p.g].startswith(first)  # side B's battlegroup 0
        won = 0
        for seed in range(30):
            rec = Recorder()
            r.play(p, new_stream(seed), rec)
            events = rec.events or []
            turn = next(e for e in events if e[0] == s.EV_TURN)
            if turn[2] == 1:  # B won the initiative: its first battlegroup fires first
                won += 1
                first_fire = next(e for e in events if e[0] == s.EV_FIRE)
                assert prepared.told.ships[first_fire[1]].startswith(first), seed
        assert won >= 5


def test_b3_each_pair_of_enemy_groups_stands_as_the_geometry_says(
        fleets: tuple[BattleSide, BattleSide]) -> None:
    """Every pair of enemy groups reads its weapon lines as the duel of those two designs
    does, in every geometry and band."""
    a, b = fleets
    for geometry in ("head-on", "broadside", "pursuit"):
        for band in ("close", "long"):
            terms = Terms(geometry=geometry, range=band)
            p = SUPPORT.prepare_battle(a, b, terms).state
            units = [e for side_ in (a, b) for e in side_.entrants]
            for u, mine in enumerate(units):
                for t, theirs in enumerate(units):
                    if side_of(p, u) == side_of(p, t):
                        continue
                    first, second = (mine, theirs) if side_of(p, u) == 0 else (theirs, mine)
                    d = SUPPORT.prepare(first.design, second.design, terms).state
                    du, dt = (0, 1) if side_of(p, u) == 0 else (1, 0)
                    assert _lines(p, u, t) == _lines(d, du, dt), (geometry, band, u, t)


def _lines(p: s.Params, u: int, t: int) -> list[int]:
    start = p.o_lines + (u * p.units + t) * p.lmax * s.NL
    used = sum(p.data[p.o_systems + ((u * p.units + t) * p.smax + j) * s.NY + s.Y_LINES]
               for j in range(unitf(p, u, s.U_NSYS)))
    return p.data[start:start + used * s.NL]


def inches(p: s.Params, unit: int, other: int) -> float:
    """How far apart two units' ships stand, in inches (rules.apart measures twice the inches,
    squared)."""
    return float(r.apart(p, unit, other)) ** 0.5 / 2


def test_b4_the_distances_are_the_catalogs(fleets: tuple[BattleSide, BattleSide]) -> None:
    combat = catalog().combat
    for band, across in (("close", 3), ("long", 12)):
        p = SUPPORT.prepare_battle(*fleets, Terms(range=band)).state
        assert (p.enemy_inches, p.mate_inches, p.group_inches, p.bg_inches) == (
            across, 2, combat.group_inches, combat.battlegroup_inches) == (across, 2, 4, 6)
        # the patrol's Seattle and Anvil (units 1, 2) share a battlegroup; its pickets (0)
        # lead the next; the raid's Harpies (4) stand across from the pickets
        assert inches(p, 0, 0) == 2 and inches(p, 1, 2) == 4 and inches(p, 0, 1) == 6
        assert inches(p, 0, 4) == across and inches(p, 0, 3) == 6 + 4 + 6
        assert inches(p, 1, 4) == (across ** 2 + 6 ** 2) ** 0.5


def test_b4_a_blast_reaches_only_the_enemies_that_stand_across(
        fleets: tuple[BattleSide, BattleSide]) -> None:
    """The referees' battle (seed 5, turn 1): with every enemy group 3" away, one Harpy's D3"
    Radiation Burst caught all five UCM ships of three battlegroups. On the table each side
    stands in line: a D3" blast (frigates) reaches no enemy group but the one across at close
    range, and a D6" blast (cruisers and larger) the ones across and beside it at most."""
    p = SUPPORT.prepare_battle(*fleets, Terms()).state
    for unit in range(p.units):
        enemies = [o for o in range(p.units) if side_of(p, o) != side_of(p, unit)]
        within_3 = [o for o in enemies if inches(p, unit, o) <= 3]
        within_6 = [o for o in enemies if inches(p, unit, o) <= 6]
        assert len(within_3) == 1 and inches(p, unit, within_3[0]) == 3
        assert len(within_6) <= 2 < len(enemies)


def test_b4_the_narration_says_how_far_each_ship_a_blast_catches_stands() -> None:
    yard = Yard()
    prepared = SUPPORT.prepare_battle(side(yard, UCM, "A"), side(yard, SCOURGE, "B"), Terms())
    told = fight_once(SUPPORT, prepared, 5).events
    caught = [e.text for e in told if "is caught by" in e.text]
    assert caught and all('" away, is caught by' in ln for ln in caught)
    assert any("Toulon picket 2 (A), 3\" away, is caught by Harpy Frigate 1 (B)" in ln
               for ln in caught)


def test_b5_an_explosion_strikes_every_ship_in_reach_of_either_side_on_its_layer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Radiation Burst (a 6 on the normal table: 2 Hull, no save) reaching 4": the mate (2"),
    the group of its battlegroup (4") and the enemy across (3") on its layer are struck; its
    other battlegroup (12"), the enemy group beside the one across (5") and the enemy ship on
    another layer are not."""
    from tests.systems.dropfleet.test_battle_engine import fight

    # each side: unit 0 (two ships) and unit 1 in battlegroup 0, unit 2 in battlegroup 1
    # (4" and 8" apart along the line); side B's first group (unit 3) has its second ship in
    # low orbit
    p = fight([0, 0, 0, 1, 1, 1], [0, 0, 1, 0, 0, 1], [2, 1, 1, 2, 1, 1], [10] * 6)
    st = p.data[p.o_ships:].copy()
    st[(3 * p.g + 1) * s.NF + s.S_LAYER] = s.LOW
    st[0 * s.NF + s.S_HULL] = 0
    st[0 * s.NF + s.S_DYING] = 1
    sides = p.data[s.T_RADIUS]
    script = scripted(monkeypatch, 6 - p.data[s.T_CAT_BONUS], (sides, 4))
    rec = Recorder()
    r.settle(p, st, new_stream(1), rec)
    assert script.done()
    struck = sorted(e[1] for e in rec.events or [] if e[0] == s.EV_BLAST)
    assert struck == [1, 1 * p.g, 3 * p.g]
    assert [st[k * s.NF + s.S_HULL] for k in (1, p.g, 2 * p.g, 3 * p.g, 3 * p.g + 1, 4 * p.g)
            ] == [8, 8, 10, 8, 10, 10]


@pytest.mark.compiled
def test_b7_both_lost_and_harmless() -> None:
    from tests.systems.dropfleet.test_battle_engine import fight

    # harmless: every weapon system lost on both sides; a turn is played, then it ends
    p = fight([0, 1, 1], [0, 0, 1], [1, 1, 1], [6, 6, 6])
    data = list(p.data)
    for k in range(p.units * p.g):
        data[p.o_ships + p.o_lost + k * p.smax] = 1
    p = p._replace(data=data)
    rec = Recorder()
    end, turns, *_ = r.play(p, new_stream(3), rec)
    assert (end, turns) == (s.HARMLESS, 1)
    assert sum(e[0] == s.EV_NOTHING for e in rec.events or []) == 3
    prepared = SUPPORT.prepare_battle(*_scourge_v_ucm(), Terms())
    assert "(B7)" in sentence(prepared, s.HARMLESS, 1)
    # both-lost: in a series of the bundled fleets, every such battle has both sides lost
    # (every ship's fate a loss) and no winner
    runs = series(SUPPORT, prepared, 2000, seed=5)
    both = [i for i in range(2000)
            if runs.reason_names[runs.reason[i]] == "both-lost"]
    assert both, "no both-lost battle in 2,000"
    for i in both[:5]:
        assert all(f >= FIRST_LOST for f in runs.fates[i]) and runs.winner[i] == -1


def _scourge_v_ucm() -> tuple[BattleSide, BattleSide]:
    yard = Yard()
    return side(yard, UCM, "A"), side(yard, SCOURGE, "B")


@pytest.mark.compiled
def test_b8_the_battle_cap_is_house_and_cap_changes_it() -> None:
    # 12 turns (the duel's) ended 1.0% of 20,000 UCM patrol mirrors at the cap once B4's lines
    # left fewer blasts to carry a battle along; the longest ran 15 turns
    assert catalog().combat.battle_cap == 18
    assert SUPPORT.prepare_battle(*_scourge_v_ucm(), Terms()).cap == 18
    run = shipyard("battle", UCM, SCOURGE, "--runs", "300", "--seed", "2", "--cap", "1",
                   "--json")
    assert run.code == 0, run.err
    out = run.json()
    assert out["length"]["max"] == 1
    assert set(out["reasons"]["none"]) <= {"cap", "both-lost"} and out["reasons"]["none"]
    assert any("1 turns at most (B8)" in t for t in out["terms"])
    assert out["price_lost"]["unit"] == "points"


def test_b9_fates_are_the_narrated_battles(fleets: tuple[BattleSide, BattleSide]) -> None:
    """Each ship's fate is what the narrated battle shows: destroyed by the cause of the
    Hull it lost last, removed, decayed, or alive (crippled when it was)."""
    prepared = SUPPORT.prepare_battle(*fleets, Terms())
    p = prepared.state
    ships = [u * p.g + i for u in range(p.units) for i in range(count(p, u))]
    seen = set()
    for seed in range(60):
        rec = Recorder()
        *_, fates = r.play(p, new_stream(seed), rec)
        events = rec.events or []
        for place, k in enumerate(ships):
            gone = [e for e in events if e[0] == s.EV_DESTROYED and e[1] == k]
            crippled = any(e[0] == s.EV_CRIPPLED and e[1] == k for e in events)
            if not gone:
                assert fates[place] == (CRIPPLED if crippled else SURVIVED)
                continue
            why = gone[0][2]
            if why == s.D_DECAY:
                want = s.F_DECAY
            elif why == s.D_RENT:
                want = s.F_RENT
            else:
                last = [e for e in events[:events.index(gone[0])]
                        if e[0] == s.EV_HULL and e[1] == k][-1]
                want = {s.C_FIRE: s.F_FIRE, s.C_BLAST: s.F_BLAST}.get(last[4], s.F_OWN)
            assert fates[place] == want, (seed, place)
            seen.add(want)
    assert {s.F_FIRE, s.F_OWN} <= seen


@pytest.mark.compiled
def test_series_rows_are_the_narrated_battles_of_their_seeds(
        fleets: tuple[BattleSide, BattleSide]) -> None:
    prepared = SUPPORT.prepare_battle(*fleets, Terms())
    compiled = series(SUPPORT, prepared, 120, seed=4)
    plain = series(SUPPORT, prepared, 120, seed=4, engine="plain")
    assert compiled.engine == "compiled" and compiled.fates.shape == (120, 13)
    for i in range(120):
        told = fight_once(SUPPORT, prepared, derive_seed(4, i))
        winner = -1 if told.outcome.winner is None else told.outcome.winner
        row = (winner, told.outcome.reason, told.rounds, *told.damage, told.fates)
        for cols in (compiled, plain):
            assert (int(cols.winner[i]), cols.reason_names[cols.reason[i]],
                    int(cols.rounds[i]), int(cols.damage_a[i]), int(cols.damage_b[i]),
                    tuple(int(f) for f in cols.fates[i])) == row, i


# --- the command ----------------------------------------------------------------------------


def test_battle_narrates_and_names_every_fate() -> None:
    run = shipyard("battle", UCM, SCOURGE, "--seed", "7")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "UCM patrol (A) against Scourge raid (B), seed 7"
    assert any(line.startswith("turn 1") for line in lines)
    assert lines[-2].startswith("UCM patrol (A): Toulon picket 1 (A) ")
    assert lines[-1].startswith("Scourge raid (B): Harpy Frigate 1 (B) ")
    again = shipyard("battle", UCM, SCOURGE, "--seed", "7", "--json")
    told = again.json()
    assert [x["name"] for x in told["ships"]][-1] == "Banshee Battlecruiser (B)"
    assert told["reason"] in ("destroyed", "both-lost", "harmless", "cap")


@pytest.mark.compiled
def test_battle_series_json_meets_its_schema_and_adds_up() -> None:
    import jsonschema

    from shipyard.cli.battle import schema

    run = shipyard("battle", BERLIN, SCOURGE, "--runs", "400", "--seed", "1", "--json")
    assert run.code == 0, run.err
    out = run.json()
    jsonschema.validate(out, schema())
    assert out["a"] == "Berlin Cruiser (A)"
    total = out["wins"]["a"]["count"] + out["wins"]["b"]["count"] + out["no_winner"]["count"]
    assert total == 400
    for fates in out["ships"]:
        assert fates["survived"]["count"] + fates["lost"]["count"] == 400
    harpies = next(d for d in out["designs"] if d["name"] == "Harpy Frigate")
    assert harpies["copies"] == 3
    assert harpies["survived"]["count"] + harpies["lost"]["count"] == 1200
    for key in ("a", "b"):
        assert sum(x["count"] for x in out["ships_lost"][key]["distribution"]) == 400


def test_battle_refusals_are_one_line() -> None:
    run = shipyard("duel", UCM, BERLIN)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1
    assert f"{UCM}:" in run.err and "shipyard battle" in run.err
    from shipyard.core.yard import Yard

    yard = Yard()
    duels_only = [s for s in map(yard.system, yard.system_ids())
                  if s.fight_options is not None and s.fight_options.battle is None]
    for system in duels_only[:1]:  # while any system keeps duels only
        ships = sorted((ROOT / "catalogs" / system.id / "examples").glob("*.yaml"))[:2]
        run = shipyard("battle", *ships)
        assert run.code == 2 and len(run.err.strip().splitlines()) == 1
        assert "has no battles" in run.err
    run = shipyard("battle", UCM, SCOURGE, "--runs", "2000000")
    assert run.code == 2 and "--runs" in run.err and "Traceback" not in run.err
    run = shipyard("battle", UCM, SCOURGE, "--crew-a", "ships=2")
    assert run.code == 2 and "Traceback" not in run.err


def test_an_illegal_fleet_is_refused_unless_allowed(tmp_path: Path) -> None:
    over = tmp_path / "over.yaml"
    over.write_text(SCOURGE.read_text().replace("limit: 1000", "limit: 1000\nsize: clash")
                    .replace("count: 3}", "count: 4}").replace("limit: 1000", "limit: 450"))
    assert shipyard("battle", over, UCM).code == 1
    run = shipyard("battle", over, UCM, "--allow-illegal", "--seed", "1", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["a"] == "Scourge raid (A)"


def test_help_system_lists_battle_options() -> None:
    run = shipyard("battle", "--help-system", "dropfleet")
    assert run.code == 0
    assert "  battle" in run.out and "(B8); default: 18" in run.out


def test_damage_control_is_rolled_for_each_friendly_ship_of_every_group(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed: "Repeat this for each friendly ship that has a repairable effect": in a
    battle's Roundup every ship of every group of both sides rolls (fire burns first)."""
    from tests.systems.dropfleet.test_battle_engine import fight

    p = fight([0, 0, 1], [0, 1, 0], [2, 1, 1], [10, 10, 10])
    st = p.data[p.o_ships:].copy()
    burning = [0, 1, p.g * 1, p.g * 2]
    for k in burning:
        st[k * s.NF + s.S_FIRES] = 1
    script = scripted(monkeypatch, 4, 5, 6, 4)
    rec = Recorder()
    r.roundup(p, st, new_stream(1), rec, 1)
    assert script.done()
    repaired = [e[1] for e in rec.events or [] if e[0] == s.EV_REPAIR]
    assert repaired == burning
    assert all(st[k * s.NF + s.S_FIRES] == 0 and st[k * s.NF + s.S_HULL] == 9 for k in burning)
