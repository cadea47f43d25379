"""Every construction rule of the seed (rules 1-13) and rulings R1-R5 of systems/smallcraft.md.

Rule numbers are the seed's "Craft Design" list; each test would fail if its rule broke.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from shipyard.systems.smallcraft import system
from shipyard.systems.smallcraft.profile import derive
from shipyard.systems.smallcraft.rules import divide, drive_cost, drive_g, parts
from tests.systems.smallcraft.conftest import budget, codes

ARMOR6 = "{type: armor, cblocs: 6}"


@pytest.fixture
def rules(yard):
    return yard.catalog(system).construction


# rule 1: hull size in cblocs; components must fit in it -------------------------------------------

def test_rule1_components_beyond_the_hull_are_illegal(craft) -> None:
    report = craft(60, ARMOR6, "{type: power, cblocs: 55}")
    assert report.legal is False
    assert "budget.over" in codes(report)
    assert budget(report, "cblocs") == (61, 60)
    assert "remove 1 cbloc" in report.errors[0].message


def test_rule1_unallocated_cblocs_are_a_warning_not_an_error(craft) -> None:
    report = craft(60, ARMOR6)
    assert report.legal is True
    assert [w.code for w in report.warnings] == ["budget.unallocated"]
    assert "54 cblocs" in report.warnings[0].message


# rule 2: jump drive 20 cblocs ---------------------------------------------------------------------

def test_rule2_jump_drive_fills_twenty_cblocs(craft) -> None:
    report = craft(60, ARMOR6, "{type: jump_drive}")
    assert budget(report, "cblocs") == (26, 60)


def test_rule2_jump_drive_of_another_size_is_illegal(craft) -> None:
    report = craft(60, ARMOR6, "{type: jump_drive, cblocs: 19}")
    assert "jump_drive.size" in codes(report) and report.legal is False


# rule 3 and R1: drives ----------------------------------------------------------------------------

def test_rule3_starfury_drives_cost_three_cblocs_per_g(rules) -> None:
    # "Since a Starfury is a 60 cbloc craft, this uses up 3 per G per drive"
    assert [drive_cost(60, g, rules) for g in (1, 2, 3)] == [3, 6, 9]


def test_r1_galileo_rounds_half_down(rules) -> None:
    # 125 x 2 / 20 = 12.5, and the Galileo's 2G drive fills 12 boxes
    assert drive_cost(125, 2, rules) == 12
    assert drive_g(125, 12, rules) == 2


@pytest.mark.parametrize(("n", "d", "mode", "expected"), [
    (25, 2, "nearest-half-down", 12), (25, 2, "nearest-half-up", 13), (26, 4, "down", 6),
    (25, 4, "up", 7), (27, 4, "nearest-half-down", 7), (24, 4, "up", 6)])
def test_r1_rounding_modes_are_integer_arithmetic(n, d, mode, expected) -> None:
    assert divide(n, d, mode) == expected


def test_r1_rounding_mode_is_catalog_data(yard, tmp_path, write) -> None:
    from shipyard.core.yard import Yard

    (tmp_path / "house" / "smallcraft").mkdir(parents=True)
    (tmp_path / "house" / "smallcraft" / "r.yaml").write_text(
        "construction:\n  drive_rounding: up\n")
    house = Yard([tmp_path / "house"])
    assert drive_cost(125, 2, house.catalog(system).construction) == 13
    assert drive_cost(125, 2, yard.catalog(system).construction) == 12


def test_r1_damaged_drive_loses_g(rules) -> None:
    # "If a Starfury take a single dhit to one of those cblocs ... only capable of 2G"
    assert drive_g(60, 9, rules) == 3
    assert drive_g(60, 8, rules) == 2
    assert drive_g(60, 2, rules) == 0
    assert drive_g(60, 0, rules) == 0


def test_r1_drive_short_of_its_g_is_an_error_excess_a_warning(craft) -> None:
    short = craft(60, ARMOR6, "{type: drive, facing: back, g: 3, cblocs: 8}")
    assert "drive.short" in codes(short) and short.legal is False
    excess = craft(60, ARMOR6, "{type: drive, facing: back, g: 2, cblocs: 9}")
    assert "drive.excess" in codes(excess) and excess.legal is True
    exact = craft(60, ARMOR6, "{type: drive, facing: back, g: 3, cblocs: 9}")
    assert not {"drive.short", "drive.excess"} & codes(exact)


def test_r1_drive_given_only_cblocs_delivers_the_largest_g_that_fits(yard, craft) -> None:
    report = craft(60, ARMOR6, "{type: drive, facing: back, cblocs: 11}")
    d = report.design
    assert derive(d.model, d.catalog).drives == [("back", 3)]
    assert parts(d.model, d.catalog)[1].label == "Back drive (3G)"


def test_rule3_drives_draw_one_cunit_per_cbloc(craft) -> None:
    report = craft(60, ARMOR6, "{type: drive, facing: back, g: 3}", "{type: power, cblocs: 2}")
    assert budget(report, "power") == (9, 12)


# rule 4 and R2: armor minimum ---------------------------------------------------------------------

def test_rule4_sixty_cbloc_craft_needs_six_armor(craft) -> None:
    assert craft(60, "{type: armor, cblocs: 6}").legal is True
    report = craft(60, "{type: armor, cblocs: 5}")
    assert report.legal is False and "armor.minimum" in codes(report)


def test_r2_minimum_rounds_up_and_sums_all_armor_rows(craft) -> None:
    # 125 / 10 = 12.5 -> 13
    assert "armor.minimum" in codes(craft(125, "{type: armor, cblocs: 12}"))
    assert craft(125, "{type: armor, cblocs: 7}", "{type: armor, cblocs: 6}").legal is True


def test_r2_no_armor_at_all_is_illegal(craft) -> None:
    assert "armor.minimum" in codes(craft(20, "{type: power, cblocs: 1}"))


# rule 5: sensors ----------------------------------------------------------------------------------

def test_rule5_sensors_one_cbloc_and_one_cunit_per_dhex(craft) -> None:
    report = craft(40, "{type: armor, cblocs: 4}", "{type: sensors, range: 3}")
    assert budget(report, "cblocs") == (7, 40)
    assert budget(report, "power")[0] == 3
    d = report.design
    profile = derive(d.model, d.catalog)
    assert (profile.sensor_range, profile.detection_range) == (3, 26)  # 20 + 2 x 3


# rule 6: screens ----------------------------------------------------------------------------------

def test_rule6_screens_absorb_per_cbloc_and_draw_power(craft) -> None:
    report = craft(60, ARMOR6, "{type: screens, cblocs: 6}")
    d = report.design
    assert derive(d.model, d.catalog).screens == 6
    assert budget(report, "power")[0] == 6


# rule 7 and R5: beams -----------------------------------------------------------------------------

def test_rule7_fixed_beam_one_dhit_per_cbloc(craft) -> None:
    report = craft(60, ARMOR6, "{type: beam, mount: fixed, facing: front, cblocs: 6}")
    d = report.design
    assert derive(d.model, d.catalog).beams == [("fixed", "front", 6)]
    assert budget(report, "cblocs")[0] == 12


def test_r5_turret_fills_one_more_box_draws_for_it_and_deals_n(craft) -> None:
    report = craft(60, ARMOR6, "{type: beam, mount: turret, cblocs: 4}")
    d = report.design
    assert budget(report, "cblocs")[0] == 6 + 5
    assert budget(report, "power")[0] == 5
    assert derive(d.model, d.catalog).beams == [("turret", "front", 4)]


# rules 8 and 9: launch tubes and missiles ---------------------------------------------------------

def test_rule8_tubes_one_cbloc_each_one_cunit_per_missile_fired(craft) -> None:
    report = craft(60, ARMOR6, "{type: launch_tubes, count: 2}",
                   "{type: missiles, cblocs: 1, move: 5, damage: 5}", extra="tech_level: 10\n")
    assert budget(report, "cblocs")[0] == 9
    assert budget(report, "power")[0] == 2


def test_rule9_five_missiles_per_cbloc(craft) -> None:
    report = craft(60, ARMOR6, "{type: launch_tubes, count: 1}",
                   "{type: missiles, cblocs: 2, move: 3, damage: 7, tech_level: 10}")
    d = report.design
    load = derive(d.model, d.catalog).missiles[0]
    assert (load.count, load.move, load.damage) == (10, 3, 7)
    assert report.legal is True


def test_rule9_move_plus_damage_within_tech_level(craft) -> None:
    over = craft(60, ARMOR6, "{type: launch_tubes, count: 1}",
                 "{type: missiles, cblocs: 1, move: 5, damage: 6, tech_level: 10}")
    assert "missiles.tech_level" in codes(over) and over.legal is False
    # the craft's tech level is the missiles' default
    inherited = craft(60, ARMOR6, "{type: launch_tubes, count: 1}",
                      "{type: missiles, cblocs: 1, move: 5, damage: 6}", extra="tech_level: 11\n")
    assert inherited.legal is True
    missing = craft(60, ARMOR6, "{type: launch_tubes, count: 1}",
                    "{type: missiles, cblocs: 1, move: 1, damage: 1}")
    assert "missiles.tech_level" in codes(missing)


def test_missiles_and_tubes_without_each_other_warn(craft) -> None:
    assert "missiles.no_tubes" in codes(
        craft(60, ARMOR6, "{type: missiles, cblocs: 1, move: 1, damage: 1, tech_level: 2}"))
    assert "launch_tubes.empty" in codes(craft(60, ARMOR6, "{type: launch_tubes, count: 1}"))


# rule 10 and R3: power ----------------------------------------------------------------------------

def test_r3_power_yields_six_cunits_per_cbloc(craft) -> None:
    assert budget(craft(60, ARMOR6, "{type: power, cblocs: 5}"), "power") == (0, 30)


def test_r3_power_yield_is_one_catalog_option(tmp_path) -> None:
    from shipyard.core.yard import Yard

    (tmp_path / "house" / "smallcraft").mkdir(parents=True)
    (tmp_path / "house" / "smallcraft" / "p.yaml").write_text(
        "construction:\n  power_per_cbloc: 5\n")
    house = Yard([tmp_path / "house"])
    assert house.catalog(system).construction.power_per_cbloc == 5


def test_rule10_power_shortfall_is_a_warning(craft) -> None:
    report = craft(60, ARMOR6, "{type: screens, cblocs: 7}", "{type: power, cblocs: 1}")
    assert report.legal is True and "power.short" in codes(report)


# rule 11: crew ------------------------------------------------------------------------------------

def test_rule11_crew_three_per_person_plus_one_with_room(craft) -> None:
    assert budget(craft(60, ARMOR6, "{type: crew, people: 1}"), "cblocs")[0] == 9
    assert budget(craft(60, ARMOR6, "{type: crew, people: 2, room_to_move: true}"),
                  "cblocs")[0] == 14


# rule 12: cargo -----------------------------------------------------------------------------------

def test_rule12_cargo_one_cbloc_per_five_hundredths_of_a_ton(craft) -> None:
    # exact decimals: 0.6 / 0.05 is 12, not 11.999...
    assert budget(craft(60, ARMOR6, "{type: cargo, tons: 0.6}"), "cblocs")[0] == 18
    assert budget(craft(60, ARMOR6, "{type: cargo, tons: 0.25}"), "cblocs")[0] == 11


def test_rule12_fractional_cblocs_of_cargo_name_the_nearest_legal_values(craft) -> None:
    report = craft(60, ARMOR6, "{type: cargo, tons: 0.33}")
    assert report.legal is False
    message = next(e.message for e in report.errors if e.code == "cargo.granularity")
    assert "0.3 or 0.35 tons" in message


# rule 13 and R4: atmosphere -----------------------------------------------------------------------

@pytest.mark.parametrize(("hull", "option", "boxes"), [
    (40, "fly-standard", 4), (125, "land-and-lift", 5), (100, "fly-any", 15),
    (101, "submersible", 16), (10, "land-and-lift", 1)])
def test_r4_atmosphere_is_a_share_of_hull_rounded_up(craft, hull, option, boxes) -> None:
    armor = -(-hull // 10)
    report = craft(hull, f"{{type: armor, cblocs: {armor}}}",
                   f"{{type: atmosphere, option: {option}}}")
    assert budget(report, "cblocs")[0] == armor + boxes


def test_r4_catalog_ships_four_options_marking_house_values(yard) -> None:
    options = {o.id: o.source for o in yard.catalog(system).atmosphere}
    assert options == {"land-and-lift": "rules", "fly-standard": "rules", "fly-any": "house",
                       "submersible": "house"}


def test_r4_atmosphere_draws_no_power(craft) -> None:
    report = craft(40, "{type: armor, cblocs: 4}", "{type: atmosphere, option: fly-standard}")
    assert budget(report, "power")[0] == 0


# 2D combat warning --------------------------------------------------------------------------------

def test_top_and_bottom_drives_and_beams_warn_for_2d(craft) -> None:
    report = craft(60, ARMOR6, "{type: drive, facing: top, g: 1}",
                   "{type: beam, facing: bottom, cblocs: 1}")
    assert [w.code for w in report.warnings].count("facing.3d_only") == 2


# labels: the seed's wording -----------------------------------------------------------------------

def test_default_labels_follow_the_seed_sheets(craft) -> None:
    report = craft(40, "{type: drive, facing: back, g: 2}", "{type: sensors, range: 3}",
                   "{type: beam, cblocs: 6}", "{type: cargo, tons: 0.25}",
                   "{type: crew, people: 2}", "{type: atmosphere, option: fly-standard}")
    d = report.design
    assert [p.label for p in parts(d.model, d.catalog)] == [
        "Back drive (2G)", "Sensors, range 3 dhexes", "Fixed beam weapon, facing forward",
        "Cargo: 0.25 tons", "Crew: 2 people", "Fly in standard atmosphere"]


def test_cargo_tons_are_exact_decimals(craft) -> None:
    report = craft(60, ARMOR6, "{type: cargo, tons: 0.15}")
    cargo = report.design.model.components[1]
    assert cargo.tons == Decimal("0.15")
