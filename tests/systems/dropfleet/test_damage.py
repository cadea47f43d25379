"""The seed's damage tables and thresholds (steps 6 and 7, damage control), row by row, and
rulings S1-S9. The expected figures are the seed's tables as printed."""

from __future__ import annotations

import pytest

from shipyard.systems.dropfleet.damage import catastrophic, crippled_at
from tests.systems.dropfleet.conftest import catalog

# (1st roll, 2nd roll, name, extra Hull, repair, orbital decay) as the seed prints them
CRIPPLING = [
    ("1-2", "1-2", "Bright flash", 0, 0, False), ("1-2", "3-4", "Fire", 0, 1, False),
    ("1-2", "5-6", "Energy surges", 2, 1, True), ("3-4", "1-2", "Scanners offline", 0, 1, False),
    ("3-4", "3-4", "Armour cracked", 2, 0, False), ("3-4", "5-6", "Hull breach", 2, 0, True),
    ("5-6", "1-2", "Engines disabled", 2, 1, True), ("5-6", "3-4", "Weapons offline", 3, 0, False),
    ("5-6", "5-6", "Reactor overload", 3, 0, True),
]
DREADNOUGHT_CRIPPLING = [
    ("1-2", "1-2", "Bright flash", 0, 0, False),
    ("1-2", "3-4", "Atmospheric containment failure", 0, 2, False),
    ("1-2", "5-6", "Power fluctuations", 0, 1, False),
    ("3-4", "1-2", "Scanners damaged", 0, 1, False),
    ("3-4", "3-4", "Bulkhead ruptured", 1, 0, False),
    ("3-4", "5-6", "Auxiliary core collapse", 2, 0, True),
    ("5-6", "1-2", "Engine destroyed", 0, 0, False),
    ("5-6", "3-4", "Weapon destroyed", 0, 0, False),
    ("5-6", "5-6", "Primary core leak", 0, 0, True),
]
CATASTROPHIC = [("1-2", "Burn up"), ("3", "Blazing wreck"), ("4", "Shredded"),
                ("5", "Explosion"), ("6", "Radiation burst"), ("7+", "Distortion bubble")]
DREADNOUGHT_CATASTROPHIC = [("2-3", "Fiery descent"), ("4", "Immolation"),
                            ("5", "Superstructure failure"), ("6", "Magazine detonation"),
                            ("7+", "Space-time rent")]


def _rows(table):
    return [(r.section_roll, r.roll, r.name, r.extra_hull, r.repairs, r.orbital_decay)
            for r in table]


def test_crippling_table_every_row() -> None:
    assert _rows(catalog().damage.crippling) == CRIPPLING


def test_dreadnought_crippling_table_every_row() -> None:  # S8: two successes for one row
    assert _rows(catalog().damage.dreadnought_crippling) == DREADNOUGHT_CRIPPLING


def test_catastrophic_tables_every_row() -> None:
    d = catalog().damage
    assert [(r.roll, r.name) for r in d.catastrophic] == CATASTROPHIC
    assert [(r.roll, r.name) for r in d.dreadnought_catastrophic] == DREADNOUGHT_CATASTROPHIC
    effects = {r.name: r.effect for r in d.catastrophic}
    assert "no Armour or Passive saves" in effects["Radiation burst"]
    assert "saves as normal" in effects["Explosion"]
    assert "D6" in effects["Distortion bubble"]
    dread = {r.name: r.effect for r in d.dreadnought_catastrophic}
    assert '8"' in dread["Fiery descent"] and '12"' in dread["Magazine detonation"]
    assert "3+D3" in dread["Space-time rent"]


def test_damage_control_table() -> None:
    d = catalog().damage
    assert [r.roll for r in d.damage_control] == ["1", "2-3", "4-6"]
    assert "1 Hull damage with no saves" in d.damage_control[0].effect
    assert "Repaired" in d.damage_control[2].effect


def test_markers_are_fire_and_core_leak() -> None:  # S9
    d = catalog().damage
    assert [r.name for r in d.crippling if r.marker == "fire"] == ["Fire"]
    assert [r.name for r in d.dreadnought_crippling if r.marker == "core-leak"] == [
        "Primary core leak"]


@pytest.mark.parametrize(("hull", "left"), [
    (4, [2]),  # the seed's example: 4 Hull, crippled at 2 lost
    (5, [2]), (6, [3]), (7, [3]), (10, [5]), (15, [7]), (24, [12])])
def test_s1_crippled_at_half_of_starting_hull_rounded_up(hull: int, left: list[int]) -> None:
    assert crippled_at(hull, False, catalog().damage.thresholds) == left


@pytest.mark.parametrize("hull", [1, 2, 3])
def test_s3_starting_hull_three_or_less_never_crippled(hull: int) -> None:
    t = catalog().damage.thresholds
    assert crippled_at(hull, False, t) == []
    assert crippled_at(hull, True, t) == []
    assert catastrophic(hull, t) is None


def test_s2_dreadnought_thresholds_are_18_and_10() -> None:
    t = catalog().damage.thresholds
    assert crippled_at(35, True, t) == [18, 10]
    assert crippled_at(26, True, t) == [18, 10]
    assert crippled_at(18, True, t) == [10]  # a custom Dreadnought of 18 Hull
    for s in catalog().stock:
        if s.has("Dreadnought"):
            assert crippled_at(s.hull, True, t) == [18, 10], s.id


@pytest.mark.parametrize(("hull", "expected"), [
    (4, ('D3"', 0)), (6, ('D3"', 0)), (7, ('D6"', 0)), (9, ('D6"', 0)), (10, ('D6"', 1)),
    (35, ('D6"', 1))])
def test_s4_s5_catastrophic_radius_and_bonus(hull: int, expected: tuple[str, int]) -> None:
    assert catastrophic(hull, catalog().damage.thresholds) == expected


def test_s6_armour_cracked_reads_as_two_worse() -> None:
    row = next(r for r in catalog().damage.crippling if r.name == "Armour cracked")
    assert "2 worse" in row.effect


def test_s7_orbital_decay_has_its_own_repair_box(design) -> None:
    from shipyard.systems.dropfleet.sheet import repairables
    from shipyard.systems.dropfleet.ship import stock_ship

    cat = catalog()
    frigate = cat.stock_ship("toulon-frigate")
    assert frigate is not None
    # a crippling Fire is one of the four Fires markers (S9), not a box of its own
    names = [(r.name, r.boxes) for r in repairables(stock_ship(frigate, cat), cat, 1)]
    assert names == [("Energy surges", 1), ("Scanners offline", 1),
                     ("Engines disabled", 1), ("Orbital decay", 1)]
    london = cat.stock_ship("london-dreadnought")
    assert london is not None
    names = [(r.name, r.groups, r.boxes) for r in repairables(stock_ship(london, cat), cat, 2)]
    assert ("Atmospheric containment failure", 2, 2) in names  # S8, two thresholds (R16)


def test_the_card_marks_the_box_that_cripples() -> None:
    from shipyard.systems.dropfleet.sheet import hull_track
    from shipyard.systems.dropfleet.ship import stock_ship

    cat = catalog()
    london = stock_ship(cat.stock_ship("london-dreadnought"), cat)  # type: ignore[arg-type]
    lines = hull_track(london, cat)  # Hull 26: boxes for 25 left down to 0 left, big boxes
    # (under 40: 14 a line at most), so the first stretch of 15 takes two even lines
    assert [(ln.label, ln.count, ln.mark) for ln in lines] == [
        ("25–18", 8, 8), ("17–11", 7, 0), ("10–0", 11, 1)]
    toulon = stock_ship(cat.stock_ship("toulon-frigate"), cat)  # type: ignore[arg-type]
    assert [(ln.label, ln.count, ln.mark) for ln in hull_track(toulon, cat)] == [("3–0", 4, 2)]
