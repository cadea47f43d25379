"""Every formula's rounding at its boundaries (RULINGS TRV-R01, TRV-R02, TRV-R14)."""

from __future__ import annotations

import pytest

from tests.systems.traveller.conftest import Build, line


@pytest.mark.parametrize(("tons", "options", "basic"), [
    (5, [], 1), (6, [], 2), (10, [], 2), (11, [], 3), (90, ["non_gravity"], 9),
    (95, ["non_gravity"], 10)])
def test_basic_systems_power_rounds_up(build: Build, tons: int, options: list[str],
                                       basic: int) -> None:
    _, ship = build(tons=tons, hull={"options": options})
    assert ship is not None and ship.basic_power == basic


@pytest.mark.parametrize(("tons", "configuration", "options", "points"), [
    (6, "close", ["light"], 2), (400, "dispersed", [], 144), (10000, "dispersed", ["light"], 3240),
    (24999, "standard", [], 9999), (25000, "standard", [], 12500),
    (99999, "standard", [], 49999), (100000, "standard", [], 66666),
    (30000, "standard", ["reinforced"], 16500)])
def test_hull_points_floor_and_divisor_steps(build: Build, tons: int, configuration: str,
                                             options: list[str], points: int) -> None:
    _, ship = build(tons=tons, configuration=configuration, hull={"options": options})
    assert ship is not None and ship.hull_points == points


@pytest.mark.parametrize(("tons", "output", "weeks", "fuel", "label"), [
    (99, 30, 4, 0.2, "4 weeks of operation"),  # 2 t plant: 0.2 t exactly
    (99, 45, 4, 0.3, "4 weeks of operation"),  # 3 t plant: 0.3 t
    (99, 20, 2, 0.1, "2 weeks of operation"),  # 0.0667 -> 0.1: less than one 4-week period
    (100, 45, 4, 1.0, "12 weeks of operation"),  # 0.3 -> 1 t from 100 t: three whole periods
    (200, 240, 12, 5.0, "12 weeks of operation"),  # 4.8 -> 5 (Strandbell)
    (400, 450, 16, 12.0, "16 weeks of operation")])  # exact (Dragon)
def test_operation_fuel_rounds_up_by_hull_size(build: Build, tons: int, output: int,
                                               weeks: int, fuel: float, label: str) -> None:
    _, ship = build({"part": "fusion_tl12", "output": output}, {"part": "fuel", "weeks": weeks},
                    tons=tons)
    assert ship is not None
    fuel_line = next(ln for ln in ship.lines if ln.section == "Fuel")
    assert fuel_line.tons == pytest.approx(fuel)
    assert fuel_line.item == label


@pytest.mark.parametrize(("tons", "bridge_tons", "cost"), [
    (50, 3, 0.5), (51, 6, 0.5), (99, 6, 0.5), (100, 10, 0.5), (101, 10, 1.0), (200, 10, 1.0),
    (201, 20, 1.5), (1000, 20, 5.0), (1001, 40, 5.5), (2001, 60, 10.5),
    (200000, 80, 1000.0), (200001, 100, 1000.5), (300001, 120, 1500.5)])
def test_bridge_size_rows_and_cost_per_100_tons_or_part(build: Build, tons: int,
                                                        bridge_tons: float, cost: float) -> None:
    _, ship = build({"part": "bridge"}, tons=tons)
    assert ship is not None
    bridge = line(ship, "Standard Bridge")
    assert (bridge.tons, bridge.cost) == (bridge_tons, pytest.approx(cost))


def test_smaller_bridge_is_one_row_down_at_half_cost(build: Build) -> None:
    _, ship = build({"part": "bridge", "smaller": True}, tons=100)
    assert ship is not None
    assert (line(ship, "Smaller Bridge").tons, line(ship, "Smaller Bridge").cost) == (6, 0.25)


@pytest.mark.parametrize(("tons", "points", "firm"), [
    (6, 1, True), (34, 1, True), (35, 2, True), (70, 2, True), (71, 3, True), (99, 3, True),
    (100, 1, False), (199, 1, False), (200, 2, False), (30000, 300, False)])
def test_hardpoints_and_firmpoints(build: Build, tons: int, points: int, firm: bool) -> None:
    _, ship = build(tons=tons)
    assert ship is not None and (ship.hardpoints, ship.firmpoints) == (points, firm)


@pytest.mark.parametrize(("craft", "tons"), [("air_raft", 5), ("launch", 22), ("g_carrier", 17),
                                              ("modular_cutter", 55)])
def test_docking_space_rounds_110_percent_up_without_float_noise(build: Build, craft: str,
                                                                 tons: int) -> None:
    _, ship = build({"part": "internal_docking_space", "craft": craft}, tons=1000, tl=15)
    assert ship is not None
    assert ship.lines[2].tons == tons  # 20 x 1.1 is 22.000000000000004 in floats: still 22


@pytest.mark.parametrize(("held", "tons"), [(30, 32), (80, 84), (20, 21), (19, 20)])
def test_container_rounds_105_percent_up(build: Build, held: int, tons: int) -> None:
    _, ship = build({"part": "fuel_cargo_container", "rating": held})
    assert ship is not None and ship.lines[2].tons == tons


@pytest.mark.parametrize(("thrust", "tons", "power"), [(0, 50, 250), (1, 100, 1000),
                                                       (5, 500, 5000)])
def test_m_drive_thrust_zero_is_half_percent(build: Build, thrust: int, tons: float,
                                             power: int) -> None:
    _, ship = build({"part": "m_drive", "rating": thrust}, tons=10000)
    assert ship is not None
    drive = line(ship, f"M-Drive {thrust}")
    assert (drive.tons, -drive.power) == (tons, power)


def test_drive_power_rounds_up_before_customisation(build: Build) -> None:
    _, ship = build({"part": "m_drive", "rating": 1, "customisation": {
        "grade": "advanced", "modifications": ["energy_efficient"]}}, tons=6, tl=12)
    assert ship is not None
    # ceil(0.6) = 1, then x0.75
    assert line(ship, "M-Drive 1").power == -0.75


def test_fixed_mount_power_floors_three_quarters(build: Build) -> None:
    _, ship = build({"part": "fixed_mount", "weapons": ["pulse_laser"]}, tons=20)
    assert ship is not None
    assert line(ship, "Pulse Laser").power == -3  # floor(4 x 0.75)


def test_low_berths_draw_one_power_per_ten_or_part(build: Build) -> None:
    for count, power in ((1, 1), (10, 1), (11, 2), (20, 2)):
        _, ship = build({"part": "low_berth", "count": count})
        assert ship is not None
        assert next(ln for ln in ship.lines if ln.kind == "low_berth").power == -power


def test_free_airlocks_per_full_100_tons(build: Build) -> None:
    for tons, count, paid in ((99, 1, 1), (100, 1, 0), (450, 6, 2), (199, 2, 1)):
        _, ship = build({"part": "airlock", "count": count}, tons=tons)
        assert ship is not None
        airlock = next(ln for ln in ship.lines if ln.kind == "airlock")
        assert (airlock.tons, airlock.cost) == (2 * paid, pytest.approx(0.2 * paid))


@pytest.mark.parametrize(("hold", "tons"), [(1, 3.0), (150, 3.0), (151, 3.5), (300, 3.5),
                                            (301, 4.0)])
def test_cargo_crane_grows_half_a_ton_per_150_tons_of_hold_or_part(build: Build, hold: int,
                                                                    tons: float) -> None:
    _, ship = build({"part": "cargo_crane", "rating": hold}, tons=1000)
    assert ship is not None
    crane = next(ln for ln in ship.lines if ln.kind == "crane")
    assert (crane.tons, crane.cost) == (tons, tons)


@pytest.mark.parametrize(("output", "tons", "cost"),
                         [(1, 2.0, 1.2), (8, 2.0, 1.2), (9, 2.25, 1.35)])
def test_sterling_plant_two_ton_minimum(build: Build, output: int, tons: float,
                                        cost: float) -> None:
    _, ship = build({"part": "sterling_tl8", "output": output}, tons=90, tl=8)
    assert ship is not None
    plant = next(ln for ln in ship.lines if ln.kind == "plant")
    assert (plant.tons, plant.cost) == (tons, pytest.approx(cost))
