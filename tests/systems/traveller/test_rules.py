"""Budgets and findings: what makes a design NOT LEGAL, and where the message points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from shipyard.cli.app import app
from shipyard.core.yard import Yard
from shipyard.systems.traveller import system
from shipyard.systems.traveller.rules import CODES
from tests.conftest import ROOT
from tests.systems.traveller.conftest import Build, codes, line

CORE = [{"part": "airlock"}, {"part": "m_drive", "rating": 1},
        {"part": "fusion_tl12", "output": 80}, {"part": "bridge"},
        {"part": "computer", "rating": 5}, {"part": "cargo_hold"}]


def test_a_plain_ship_is_legal(build: Build) -> None:
    report, ship = build(*CORE)
    assert report.legal is True and codes(report) == []
    assert ship is not None and abs(ship.tons_used - 200) < 1e-9


def test_over_tonnage_is_not_legal_and_names_the_figures(build: Build) -> None:
    report, _ = build(*CORE[:-1], {"part": "stateroom", "count": 50})
    assert report.legal is False
    assert codes(report) == ["tonnage.over"]
    assert "of a 200-ton hull" in report.errors[0].message


def test_over_hardpoints_is_not_legal(build: Build) -> None:
    report, _ = build(*CORE, {"part": "single_turret", "count": 3, "weapons": ["pulse_laser"]})
    assert "hardpoints.over" in codes(report)
    assert "need 3 hardpoints; the hull has 2" in report.errors[0].message


def test_part_above_the_ship_tl_points_at_its_line(build: Build, tmp_path: Path) -> None:
    report, _ = build(*CORE, {"part": "advanced_sensors"}, tl=12)
    assert codes(report) == ["tl.part"]
    error = report.errors[0]
    assert "needs TL 15; the ship is TL 12" in error.message
    text = (tmp_path / "ship.yaml").read_text().splitlines()
    assert "advanced_sensors" in text[error.line - 1] if error.line else False


def test_customisation_raises_the_tl_a_part_needs(build: Build) -> None:
    report, _ = build(*CORE[:1], {"part": "m_drive", "rating": 6, "customisation": {
        "grade": "high_technology", "modifications": ["size_reduction"] * 3}}, *CORE[2:], tl=14)
    assert "tl.part" in codes(report)
    assert "needs TL 15" in report.errors[0].message


def test_armour_over_its_cap(build: Build) -> None:
    # crystaliron caps at min(TL, 13): 12 at TL 12
    ok, _ = build(*CORE, {"part": "armour", "material": "crystaliron", "rating": 12})
    over, _ = build(*CORE, {"part": "armour", "material": "crystaliron", "rating": 13})
    assert "armour.cap" not in codes(ok)
    assert codes(over)[0] == "armour.cap"


def test_military_hull_doubles_the_armour_cap(build: Build) -> None:
    report, _ = build(*CORE[:-1], {"part": "armour", "material": "titanium_steel", "rating": 10},
                      hull={"options": ["military"]}, tons=400)
    assert "armour.cap" not in codes(report)


def test_a_drive_that_cannot_fit(build: Build) -> None:
    report, _ = build({"part": "m_drive", "rating": 11}, tons=6, tl=17)
    assert "drive.fit" not in codes(report)  # 0.66 t fits a 6-ton hull
    big, _ = build({"part": "j_drive", "rating": 2}, tons=6, tl=12)
    assert "drive.fit" in codes(big)  # a 10-ton minimum J-drive in a 6-ton hull


def test_a_weapon_without_a_mount(build: Build) -> None:
    report, _ = build(*CORE, {"part": "pulse_laser"})
    assert report.readable is False
    assert "Pulse Laser is a weapon and needs a mount" in report.errors[0].message
    listed, _ = build(*CORE, {"part": "stateroom", "weapons": ["pulse_laser"]})
    assert "weapon.mount" in codes(listed)


def test_turret_capacity_and_unknown_weapon(build: Build) -> None:
    report, _ = build(*CORE, {"part": "single_turret", "weapons": ["pulse_laser", "sandcaster"]})
    assert "weapon.capacity" in codes(report)
    unknown, _ = build(*CORE, {"part": "single_turret", "weapons": ["death_ray"]})
    assert unknown.readable is False and "unknown weapon 'death_ray'" in unknown.errors[0].message


def test_customisation_points_must_match_the_grade(build: Build) -> None:
    report, _ = build(*CORE, {"part": "particle_barbette", "customisation": {
        "grade": "advanced", "modifications": ["size_reduction", "size_reduction"]}})
    assert "custom.points" in codes(report)


def test_power_shortfall_is_a_warning_that_names_the_figures(build: Build) -> None:
    report, _ = build(*CORE[:2], {"part": "fusion_tl12", "output": 45}, *CORE[3:])
    assert report.legal is True
    assert codes(report) == ["power.short"]
    assert report.warnings[0].message == (
        "the plant gives 45 Power; everything at once needs 60: the M-drive 20 compete for the "
        "5 left after the basic systems' 40")


def test_power_counts_the_larger_drive_only(build: Build) -> None:
    _, ship = build(*CORE, {"part": "j_drive", "rating": 1}, {"part": "military_sensors"})
    assert ship is not None
    # basic 40 + max(M-1 20, J-1 20) + sensors 2
    assert ship.power_demand == 62


def test_missing_airlock_warns_only_with_a_bridge(build: Build) -> None:
    report, _ = build(*CORE[1:])
    assert codes(report) == ["airlock.missing"]
    cockpit, _ = build({"part": "m_drive", "rating": 1}, {"part": "fusion_tl12", "output": 10},
                       {"part": "cockpit"}, {"part": "cargo_hold"}, tons=20)
    assert "airlock.missing" not in codes(cockpit)


def test_j_drive_minimum_of_ten_tons(build: Build) -> None:
    _, ship = build({"part": "j_drive", "rating": 1}, tons=100)
    assert ship is not None
    jump = line(ship, "Jump 1")
    assert (jump.tons, jump.cost) == (10.0, 15.0)  # 7.5 t by formula, 10 t by the minimum


def test_unknown_ids_are_unreadable_with_the_nearest_id(build: Build) -> None:
    report, _ = build({"part": "stateroomz"}, hull={"configuration": "streamline"})
    assert report.readable is False
    messages = sorted(e.message for e in report.errors)
    assert "did you mean 'streamlined'?" in messages[0]
    assert "did you mean 'stateroom'?" in messages[1]


def test_schema_errors_are_unreadable_not_tracebacks(build: Build) -> None:
    report, _ = build({"part": "stateroom", "count": 0})
    assert report.readable is False


def test_new_200_ton_ship_is_legal_and_can_grow(tmp_path: Path, yard: Yard) -> None:
    result = CliRunner().invoke(app, ["new", "traveller", "--hull", "200"])
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(result.output)
    path = tmp_path / "new.yaml"
    path.write_text(result.output, encoding="utf-8")
    report = yard.check(path)
    assert report.legal is True and codes(report) == []
    # growing: the rest is cargo, so a turret and armour still fit
    data["parts"].insert(0, {"part": "armour", "material": "crystaliron", "rating": 4})
    data["parts"].insert(-1, {"part": "triple_turret", "weapons": ["pulse_laser"] * 3})
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    grown = yard.check(path)
    assert grown.legal is True, [str(e) for e in grown.errors]


def test_new_design_for_every_size(yard: Yard, tmp_path: Path) -> None:
    for tons in (6, 20, 50, 99, 100, 400, 5000, 100000):
        data = system.new_design(yard.catalog(system), str(tons))
        path = tmp_path / f"n{tons}.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        report = yard.check(path)
        assert report.legal is True, (tons, [str(e) for e in report.errors + report.warnings])
        assert codes(report) == [], (tons, codes(report))


SCHEMA_GUARDED = {"hull.configuration", "hull.option", "part.unknown", "armour.material",
                  "custom.grade", "custom.modification", "software.unknown", "weapon.unknown",
                  "craft.unknown", "weapon.unmounted"}


def test_schema_guarded_codes_are_reached_without_the_catalog(yard: Yard) -> None:
    """The reader turns unknown ids away first (exit 2); derive() still names them for a design
    validated without the catalog's references, as a library caller may do."""
    from shipyard.systems.traveller.construction import derive
    from shipyard.systems.traveller.models import TravellerDesign

    catalog = yard.catalog(system)
    cases = [{"hull": {"tons": 200, "configuration": "saucer", "options": ["warp"]}, "parts": [
        {"part": "warp_core"}, {"part": "pulse_laser"},
        {"part": "armour", "material": "adamant", "rating": 1},
        {"part": "m_drive", "rating": 1, "customisation": {"grade": "x", "modifications": ["y"]}},
        {"part": "m_drive", "rating": 1, "customisation": {"grade": "advanced",
                                                            "modifications": ["y"]}},
        {"part": "software", "software": "doom"}, {"part": "double_turret", "weapons": ["phaser"]},
        {"part": "docking_space", "craft": "tardis"}]}]
    reached: set[str] = set()
    for case in cases:
        model = TravellerDesign.model_validate({"system": "traveller", "name": "x", "tl": 12}
                                               | case)
        reached |= {f.code for f in derive(model, catalog).findings}
    assert reached >= SCHEMA_GUARDED, SCHEMA_GUARDED - reached


def test_every_code_is_reachable(build: Build) -> None:
    reached: set[str] = set(SCHEMA_GUARDED)
    cases = [
        ({"part": "m_drive", "rating": 40},), ({"part": "m_drive"},),
        ({"part": "computer", "rating": 7},),
        ({"part": "software", "software": "evade", "rating": 9},), ({"part": "extended_arrays"},),
        ({"part": "double_turret", "weapons": ["pulse_laser"] * 3},),
        ({"part": "stateroom", "weapons": ["pulse_laser"]},),
        ({"part": "meson_spinal_mount", "rating": 5},), ({"part": "meson_spinal_mount"},),
        ({"part": "docking_clamp_1", "craft": "pinnace"},), ({"part": "emergency_power"},),
        ({"part": "fuel", "minutes": 10},), ({"part": "stateroom", "count": 100},),
        ({"part": "single_turret", "count": 3},), ({"part": "advanced_sensors"},),
        ({"part": "armour", "material": "crystaliron", "rating": 14},),
        ({"part": "bridge"}, {"part": "m_drive", "rating": 1}),
        ({"part": "m_drive", "rating": 1, "customisation": {"grade": "advanced"}},),
        ({"part": "advanced_entertainment", "cost_cr": 5},),
        ({"part": "m_drive", "rating": 2}, {"part": "j_drive", "rating": 2}),
        ({"part": "m_drive", "rating": 2, "tons": 1},),
        ({"part": "cargo_hold"}, {"part": "cargo_hold"}),
    ]
    for parts in cases:
        report, _ = build(*parts, tons=200, tl=12)
        assert report.readable, parts
        reached |= set(codes(report))
    report, _ = build({"part": "j_drive", "rating": 1}, tons=6)
    reached |= set(codes(report))
    assert reached == set(CODES), set(CODES) ^ reached


def test_a_hold_of_chosen_tons_counts_before_the_hold_that_takes_the_rest(build: Build) -> None:
    _, ship = build(*CORE[:-1], {"part": "cargo_hold"}, {"part": "cargo_hold", "tons": 10})
    assert ship is not None
    holds = [ln.tons for ln in ship.lines if ln.section == "Cargo"]
    assert sorted(holds) == [10, pytest.approx(200 - 2 - 5.333333 - 10 - 10, abs=1e-6)]
    assert abs(ship.tons_used - 200) < 1e-9


def test_a_fleet_is_priced_at_sale_price(tmp_path: Path) -> None:
    from tests.cli import shipyard

    fleet = ROOT / "catalogs" / "traveller" / "fleets" / "system-defence.yaml"
    run = shipyard("validate", str(fleet), "--json")
    assert run.code == 0, run.err
    # ship-designs.csv sales prices: Dragon 277.425, Strandbell 126.81, Botfly 6.15405
    total = next(b for b in json.loads(run.out)[0]["budgets"] if b["name"] == "fleet")
    assert (total["used"], total["available"]) == (706.2762, 800)
    # in words, to the Cr1,000 as every MCr figure prints
    assert "fleet 706.28/800.00" in shipyard("validate", str(fleet)).out


def test_a_planetoid_uses_part_of_its_hull_and_has_armour_of_itself(build: Build) -> None:
    """TRV-R15."""
    report, ship = build({"part": "bridge"}, {"part": "fusion_tl12", "output": 400},
                         {"part": "airlock"}, {"part": "cargo_hold"}, tons=1000,
                         configuration="planetoid")
    assert ship is not None and report.legal is True
    assert ship.usable_tons == 800 and abs(ship.tons_used - 800) < 1e-6
    assert ship.armour == 2 and ship.hull_points == 500
    over, _ = build({"part": "bridge"}, {"part": "cargo_hold", "tons": 790}, tons=1000,
                    configuration="planetoid")
    assert over.errors[0].message == ("parts use 810 t of the 800 usable tons of a 1,000-ton "
                                      "hull: 10 t over")


def test_a_hold_taking_the_rest_is_never_negative_and_over_tonnage_shows(build: Build) -> None:
    # `new` ends with a hold taking the rest; 50 staterooms then overfill 200 t
    report, ship = build(*CORE, {"part": "stateroom", "count": 50})
    assert ship is not None
    hold = next(ln for ln in ship.lines if ln.kind == "cargo_rest")
    assert hold.tons == 0
    assert report.legal is False and codes(report) == ["tonnage.over"]
    assert ship.tons_used > 200
    tonnage = next(b for b in report.budgets if b.name == "tonnage")
    assert sum(i.amount for i in tonnage.items) > 200


def test_no_line_of_any_bundled_or_overfull_design_takes_negative_tons(build: Build) -> None:
    for path in sorted((ROOT / "catalogs/traveller/examples").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data["parts"].append({"part": "stateroom", "count": 400})
        _, ship = build(*data["parts"], tons=data["hull"]["tons"], tl=data["tl"],
                        configuration=data["hull"]["configuration"],
                        hull={k: v for k, v in data["hull"].items()
                              if k not in ("tons", "configuration")})
        assert ship is not None
        assert all(ln.tons >= 0 for ln in ship.lines), path.name


def test_spinal_multiples_and_the_parts_a_shipwright_reached_for(build: Build) -> None:
    # barracks, the life scanner analysis suite, spinal multiples
    # (TRV-R35), a hangar sized by tons, brigs, a plain cargo crane
    parts = [{"part": "m_drive", "rating": 1}, {"part": "fusion_tl12", "output": 9000},
             {"part": "bridge"}, {"part": "computer", "rating": 5},
             {"part": "meson_spinal_mount", "multiple": 2},
             {"part": "barracks", "tons": 20}, {"part": "life_scanner_analysis_suite"},
             {"part": "full_hangar", "craft_tons": 30}, {"part": "brig", "count": 2},
             {"part": "cargo_crane", "rating": 200}, {"part": "cargo_hold"}]
    report, ship = build(*parts, tons=40000, tl=14)
    assert ship is not None and report.legal, [e.message for e in report.errors]
    spinal = line(ship, "Meson Spinal Mount (2 multiples)")
    assert (spinal.tons, spinal.power, spinal.cost, spinal.hardpoints) == (15000, -2000, 4000,
                                                                            150)
    assert line(ship, "Barracks").tons == 20 and line(ship, "Barracks").cost == 1
    assert line(ship, "Life Scanner Analysis Suite").cost == 4
    assert line(ship, "Full Hangar (30 tons)").tons == 60
    assert line(ship, "Brigs").quantity == 2
    assert line(ship, "Cargo Crane").tons == 3.5
    from shipyard.systems.traveller.combat.setup import side_of
    side = side_of(ship, report.design.catalog, "S", {}) if report.design else None
    assert side is not None and [w.dice for w in side.weapons] == [12]
