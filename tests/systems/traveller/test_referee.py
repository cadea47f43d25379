"""What a Traveller referee checks over many narrated fights: every damage line adds
up as printed, only Point Defence weapons defend, criticals at the book's severity."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from shipyard.api import Recorder, Terms
from shipyard.core.combat import FightResult, fight_once, series
from shipyard.core.stream import new_stream
from shipyard.core.yard import Yard
from shipyard.systems.traveller.combat import SUPPORT
from shipyard.systems.traveller.combat import rules as r

EXAMPLES = Path(__file__).parents[3] / "catalogs" / "traveller" / "examples"
PAIRINGS = [("beagle-laboratory-ship", "dolphin-scout-courier"),
            ("dragon-sdb", "strandbell-sdb"),
            ("strandbell-sdb", "valiant-light-cruiser"),
            ("small-scout-base", "ambush-corvette"),
            ("botfly-ultralight-fighter", "beagle-laboratory-ship")]
SEEDS = range(1, 41)  # 40 seeds of 5 pairings: 200 narrated fights


@cache
def design(name: str) -> Any:
    report = Yard().check(EXAMPLES / f"{name}.yaml")
    assert report.design is not None
    return report.design


@cache
def fights(a: str, b: str) -> tuple[FightResult, ...]:
    prepared = SUPPORT.prepare(design(a), design(b), Terms())
    return tuple(fight_once(SUPPORT, prepared, seed) for seed in SEEDS)


def point_defence_weapons() -> set[str]:
    catalog = design("dragon-sdb").catalog
    return {w.name for w in catalog.weapons
            if {t.strip().lower() for t in w.traits.split(",")} & {"point defence",
                                                                   "point defense"}}


def test_no_weapon_without_the_point_defense_trait_ever_reacts() -> None:
    # the seed: "Only weapons with the Point Defense trait may be used" (TRV-R28)
    allowed = point_defence_weapons()
    assert allowed and not allowed & {"Pulse Laser", "Beam Laser"}
    defended = 0
    for a, b in PAIRINGS:
        for told in fights(a, b):
            for event in told.events:
                if " point defence (" not in event.text:
                    continue
                weapon = event.text.split(" point defence (")[1].split(")")[0]
                assert weapon.split(" ×")[0] in allowed, event.text
                defended += 1
    assert defended > 0  # the Dragon's battery still defends


ARMED = ["ambush-corvette", "beagle-laboratory-ship", "botfly-ultralight-fighter",
         "dolphin-scout-courier", "dragon-sdb", "dragon-sdb-alternate", "gothta-ambush-fighter",
         "small-scout-base", "strandbell-sdb", "valiant-light-cruiser"]


@pytest.mark.compiled
def test_identical_ships_close_in_and_no_mirror_match_reaches_the_cap_trv_r25() -> None:
    # on a tie of expected damage each way (every band of a mirror match) a ship that can hurt
    # its enemy steers where its own damage is highest, not both to Distant
    for name in ARMED:
        prepared = SUPPORT.prepare(design(name), design(name), Terms())
        # the bands the crews steer for, the outmatched captain's break-off (TRV-R50) aside
        steers = [note.split(", or break off")[0] for note in prepared.notes[2:]]
        assert all("Distant" not in note for note in steers), (name, prepared.notes)
        if name == "small-scout-base":
            # TRV-R30: Thrust 0 and 3,240 Hull against beam lasers: a mirror of two bases is
            # attrition the 60-turn cap ends, not a flight; none reaches Distant (asserted above)
            continue
        columns = series(SUPPORT, prepared, 2000, seed=5)
        caps = int((columns.reason == columns.reason_names.index("cap")).sum())
        assert caps == 0, (name, caps)
    prepared = SUPPORT.prepare(design("dragon-sdb"), design("dragon-sdb-alternate"), Terms())
    assert int((series(SUPPORT, prepared, 2000, seed=5).rounds == prepared.cap).sum()) == 0


def test_ships_that_cannot_move_or_reach_are_harmless_trv_r30() -> None:
    prepared = SUPPORT.prepare(design("small-scout-base"), design("small-scout-base"), Terms())
    p: r.Params = prepared.state
    st = r.new_state(p)
    # beam lasers reach Medium; at Long only the missiles can hurt, and neither base can move
    assert harm_at(p, st, r.MEDIUM) == 1 and harm_at(p, st, r.LONG) == 1
    st[r.STOCK] = 0
    assert harm_at(p, st, r.LONG) == 0 and harm_at(p, st, r.MEDIUM) == 1
    # a ship with a drive could still close: its lasers count at any band
    mobile = SUPPORT.prepare(design("dolphin-scout-courier"), design("small-scout-base"), Terms())
    q: r.Params = mobile.state
    assert harm_at(q, r.new_state(q), r.DISTANT) == 1


def harm_at(p: r.Params, st: list[int], band: int) -> int:
    r.set_bands(p, st, band)
    return r.can_harm(p, st, 0)


def built(tmp_path: Path, name: str, tons: int, *parts: dict[str, Any]) -> Any:
    data = {"system": "traveller", "name": name, "tl": 12, "hull": {
        "tons": tons, "configuration": "streamlined"}, "parts": [
        {"part": "m_drive", "rating": 2}, {"part": "fusion_tl12", "output": 60},
        {"part": "bridge"}, {"part": "computer", "rating": 5}, {"part": "civilian_sensors"},
        *parts, {"part": "cargo_hold"}]}
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    report = Yard().check(path)
    assert report.design is not None and report.legal, [e.message for e in report.errors]
    return report.design


def step(a: Any, b: Any, band: int, seed: int) -> list[int]:
    """The event codes of side 0's attack step at `band` against a target that cannot die."""
    p: r.Params = SUPPORT.prepare(a, b, Terms()).state
    st = r.new_state(p)
    st[p.block + r.HULL] = 10 ** 6
    rec = Recorder()
    r.set_bands(p, st, band)
    r.attack_step(p, st, new_stream(seed), rec, 0)
    return [e[0] for e in rec.events or [] if e[1] == 0]


def test_one_position_one_attack_the_pilot_fires_one_fixed_mount_trv_r16(
        tmp_path: Path) -> None:
    # "Attack Step ... one per ship position": the pilot fires one of two fixed pulse lasers
    two = built(tmp_path, "Twin", 40, {"part": "fixed_mount", "count": 2,
                                       "weapons": ["pulse_laser"]})
    for seed in range(20):
        assert step(two, design("dolphin-scout-courier"), r.SHORT, seed).count(r.EV_FIRE) == 1


def test_a_salvo_is_one_gunners_action_and_the_others_keep_theirs_trv_r16(
        tmp_path: Path) -> None:
    mixed = [{"part": "double_turret", "weapons": ["pulse_laser", "missile_rack"]}]
    one = built(tmp_path, "Mixed", 200, *mixed)
    target = design("dolphin-scout-courier")
    # at Short the turret's gunner launches instead of firing; at Close no launch: it fires
    assert step(one, target, r.SHORT, 1).count(r.EV_FIRE) == 0
    assert step(one, target, r.SHORT, 1).count(r.EV_LAUNCH) == 1
    assert step(one, target, r.CLOSE, 1).count(r.EV_FIRE) == 1
    # a second turret's gunner keeps its shot; a rack-only turret launches for everyone
    two = built(tmp_path, "Mixed2", 200, *mixed, {"part": "single_turret",
                                                   "weapons": ["pulse_laser"]})
    assert step(two, target, r.SHORT, 1).count(r.EV_FIRE) == 1
    rack = built(tmp_path, "Rack", 200, *mixed, {"part": "single_turret",
                                                  "weapons": ["missile_rack"]})
    codes = step(rack, target, r.SHORT, 1)
    assert codes.count(r.EV_FIRE) == 1 and codes.count(r.EV_LAUNCH) == 1


def test_the_pilot_fires_fixed_mounts_with_gunnery_trv_r16(tmp_path: Path) -> None:
    # the seed's only attack task is "Direct Fire Weapons: Gunnery"; the record asks the pilot
    # for Gunnery, and so does the engine
    two = built(tmp_path, "Twin", 40, {"part": "fixed_mount", "weapons": ["pulse_laser"]})
    prepared = SUPPORT.prepare(two, design("dolphin-scout-courier"),
                               Terms(crew=({"pilot": 5, "gunnery": 0}, {})))
    p: r.Params = prepared.state
    rec = Recorder()
    r.fire(p, r.new_state(p), new_stream(1), rec, 0, 0, 0, r.SHORT, 0)
    fired = next(e for e in rec.events or [] if e[0] == r.EV_FIRE)
    assert fired[5] == 0  # the skill DM the attack rolled with: Gunnery, not Pilot


TERM = re.compile(r" ([+−])(\d+) [A-Za-z][A-Za-z ]*?(?= [+−]\d| =|$)")
CHECK = re.compile(r"2D (\d+)((?: [+−]\d+ [^=]+?)*) = (−?\d+) vs (\d+)\+, Effect ([+−]\d+)")
INIT = re.compile(r"initiative 2D (\d+)((?: [+−]\d+ [^=]+?)*) = (−?\d+):")
DIRECT = re.compile(r"^[^:]+: \(?(?P<dice>\d+)(?P<terms>(?: [+−]\d+ [A-Za-z]+)*)\)?"
                    r"(?: ×(?P<times>\d+))? = (?:(?P<damage>\d+) damage|(?P<raw>−?\d+): no "
                    r"damage)(?P<ion> to the power plant)?.*; (?P<ship>.+) Hull (?P<hull>\d+)$")
MISSILE = re.compile(r"^one missile (?P<dice>\d+) × Effect (?P<times>\d+) −(?P<armour>\d+) "
                     r"armour = (?:(?P<damage>\d+) damage|(?P<raw>−?\d+): no damage); "
                     r"(?P<ship>.+) Hull (?P<hull>\d+)$")
CRIT = re.compile(r"^(?P<ship>.+) critical hit: .*, (?P<extra>\d+) more damage \(Hull "
                  r"(?P<hull>\d+)\)$")


def value(text: str) -> int:
    return -int(text[1:]) if text.startswith("−") else int(text)


def terms(text: str) -> int:
    found = TERM.findall(text)
    assert len(found) == text.count(" +") + text.count(" −"), text  # every term read
    return sum(int(n) if sign == "+" else -int(n) for sign, n in found)


def test_every_narrated_line_adds_up_as_printed_over_200_fights() -> None:
    """Every check (2D + DMs = total vs target, Effect), initiative, damage sum and the Hull
    left after it, as a referee adds them up, over 40 seeds of 5 pairings."""
    sums = 0
    for a, b in PAIRINGS:
        start = {design(a).model.name: design(a).built.hull_points,
                 design(b).model.name: design(b).built.hull_points}
        for told in fights(a, b):
            hull = dict(start)
            for event in told.events:
                text = event.text
                for m in CHECK.finditer(text):
                    total = int(m[1]) + terms(m[2])
                    assert total == value(m[3]) and value(m[5]) == total - int(m[4]), text
                for m in INIT.finditer(text):
                    assert int(m[1]) + terms(m[2]) == value(m[3]), text
                if (d := DIRECT.match(text)) is not None:
                    raw = int(d["dice"]) + terms(d["terms"])
                    damage = raw * int(d["times"] or 1) if raw > 0 else 0
                    if raw > 0:
                        assert int(d["damage"]) == damage, text
                    else:
                        assert d["raw"] is not None and value(d["raw"]) == raw, text
                    if not d["ion"]:
                        hull[d["ship"]] -= damage
                elif (d := MISSILE.match(text)) is not None:
                    raw = int(d["dice"]) * int(d["times"]) - int(d["armour"])
                    assert (int(d["damage"]) if raw > 0 else value(d["raw"])) == raw, text
                    hull[d["ship"]] -= max(0, raw)
                elif (d := CRIT.match(text)) is not None:
                    hull[d["ship"]] -= int(d["extra"])
                else:
                    continue
                assert int(d["hull"]) == max(0, hull[d["ship"]]), text
                sums += 1
    assert sums > 1000
