"""The catalog: every stock ship with its published figures, the data set's defects mended as
README.md says (rulings D1-D7), every special rule notation read alike."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from shipyard.api import Dice
from shipyard.systems.dropfleet.notation import Rule, amount, mean
from tests.systems.dropfleet.conftest import catalog

# the published figures, kept with the tests (tests/data/dropfleet/README.md names the source)
DATA = Path(__file__).resolve().parents[2] / "data" / "dropfleet"


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_all_157_stock_ships_with_unique_slug_ids() -> None:  # D1
    cat = catalog()
    assert len(cat.stock) == 157
    assert len({s.id for s in cat.stock}) == 157
    assert cat.stock_ship("trident-elysium-grand-battleship") is not None
    assert cat.stock_ship("kalium-knc-12-fleet-carrier") is not None


def test_published_figures_of_a_ship_as_printed() -> None:
    # ships.csv: Multi-faction, Centurion Grand Cruiser, Heavy, 135, 15, 2+, -, 3, 6, 7, 4, 1-2
    s = catalog().stock_ship("centurion-grand-cruiser")
    assert s is not None
    assert (s.points, s.hull, s.armour, s.passive, s.point_defence, s.signature, s.thrust,
            s.scan, s.group) == (135, 15, 2, None, 3, 6, 7, 4, (1, 2))
    assert [str(r) for r in s.rules] == ["Ablative Armour"]
    first = s.weapons[0]  # XN-31 Mass Driver Turret Pair, 2+, 2, 1, F/S, Fusillade (2)
    assert (first.name, first.lock, first.attack, first.damage, first.arc) == (
        "XN-31 Mass Driver Turret Pair", 2, 2, 1, "F/S")
    assert first.rules == [Rule("Fusillade", "2")]


def test_every_stock_ship_matches_the_data_set() -> None:
    cat = catalog()
    rows = _read(DATA / "ships.csv")
    weapons = _read(DATA / "weapons.csv")
    by_name = {s.name: s for s in cat.stock}
    for row in rows:
        s = by_name[row["ship"]]
        assert (s.points, s.hull, s.point_defence, s.thrust, s.scan) == (
            int(row["points"]), int(row["hull"]), int(row["point_defence"]),
            int(row["thrust"]), int(row["scan"])), s.id
        assert f"{s.armour}+" == row["armour_save"], s.id
        assert int(row["signature"].split("/")[0]) == s.signature, s.id
        lines = [w for w in weapons if w["ship"] == row["ship"]]
        assert len(s.weapons) + len(s.options) == len(lines), s.id
    assert sum(len(s.weapons) + len(s.options) for s in cat.stock) == 467


def test_tonnage_codes_read_as_classes() -> None:  # D2
    cat = catalog()
    count = {c: sum(s.ship_class == c for s in cat.stock) for c in
             ("light", "destroyer", "medium", "heavy", "super-heavy", "dreadnought")}
    assert count == {"light": 45, "destroyer": 17, "medium": 29, "heavy": 35,
                     "super-heavy": 23, "dreadnought": 8}
    explorer = cat.stock_ship("explorer-interstellar-ark")
    assert explorer is not None
    assert (explorer.tonnage_code, explorer.ship_class) == ("S2", "super-heavy")
    assert all(s.has("Dreadnought") == (s.ship_class == "dreadnought") for s in cat.stock)


def test_shaltari_signature_with_shields_up() -> None:  # D3
    cat = catalog()
    two = [s for s in cat.stock if s.shields_up_signature is not None]
    assert len(two) == 31  # 18 of 3/16, 4 of 4/20, 3 of 2/12, 2 of 3/8, 2 of 1/8, 2 of 10/36
    assert all(s.faction == "shaltari" for s in two)
    assert sum((s.signature, s.shields_up_signature) == (3, 16) for s in two) == 18
    from shipyard.systems.dropfleet.profile import signature_text
    from shipyard.systems.dropfleet.ship import stock_ship

    ship = stock_ship(two[0], cat)
    assert signature_text(ship) == (f'{two[0].signature}" ({two[0].shields_up_signature}" and '
                                    "Point Defence 0 with shields up)")


@pytest.mark.parametrize(("text", "pair"), [
    ("Linked (1)", ("Linked", "1")), ("Linked(1)", ("Linked", "1")), ("Alt-1", ("Alt", "1")),
    ("Burnthrough (10)", ("Burnthrough", "10")), ("L(4)*", ("L", "4")), ("L (2)", ("L", "2")),
    ("Voidgate-2", ("Voidgate", "2")), ("Close Action (Beam)", ("Close Action", "Beam")),
    ("Calibre (H&S)", ("Calibre", "H&S")), ("Scald", ("Scald", None)),
    ("  Repair & Refuel ", ("Repair & Refuel", None))])
def test_every_notation_is_one_canonical_pair(text: str, pair: tuple[str, str | None]) -> None:
    rule = Rule.parse(text)  # D4
    assert (rule.name, rule.param) == pair


def test_notations_of_the_data_land_as_pairs() -> None:
    cat = catalog()
    remus = cat.stock_ship("remus-dreadnought")
    assert remus is not None and remus.launch[0].rules == [Rule("L", "4")]  # printed L(4)*
    alts = [r for s in cat.stock for w in s.weapons for r in w.rules if r.name == "Alt"]
    assert alts and all(r == Rule("Alt", "1") for r in alts)  # printed Alt-1
    names = {r.name for r in cat.special_rules}
    used = {r.name for s in cat.stock for w in s.weapons + s.options for r in w.rules}
    used |= {r.name for s in cat.stock for r in s.rules}
    assert used <= names


def test_london_port_turret_arc_is_port() -> None:  # D5
    for ship_id in ("london-dreadnought", "washington-supercarrier"):
        s = catalog().stock_ship(ship_id)
        assert s is not None
        arcs = {w.name: w.arc for w in s.weapons}
        assert arcs["UF-9000 Mass Driver Turret, Port"] == "F/S(L)"
        assert arcs["UF-9000 Mass Driver Turret, Starboard"] == "F/S(R)"


def test_lock_star_and_damage_dash_tokens() -> None:  # D6
    cat = catalog()
    armour_lock = sorted(s.id for s in cat.stock for w in s.weapons if w.lock == "armour")
    assert armour_lock == ["armstrong-destroyer", "shadow-battlecruiser", "uranium-dreadnought"]
    hits = sorted(s.id for s in cat.stock for w in s.weapons if w.damage == "hits")
    assert hits == ["plutonium-dreadnought", "silver-battleship"]
    zero = sorted(s.id for s in cat.stock for w in s.weapons if w.damage == 0)
    assert len(zero) == 2


def test_mount_counts_kept() -> None:  # D7
    counts = [w.count for s in catalog().stock for w in s.weapons + s.options if w.count > 1]
    assert len(counts) == 24 and max(counts) == 4


def test_ships_without_weapons() -> None:
    bare = sorted(s.name for s in catalog().stock if not s.weapons and not s.options)
    assert bare == ["Baleares Pocket Carrier", "Galileo Orbital Telescope", "Ourania Swiftlink",
                    "Seneca Detonator"]


def test_launch_loads_one_id_each() -> None:
    cat = catalog()
    loads = {ld.load for s in cat.stock for ld in s.launch + s.launch_options}
    assert "bulk-landers" in loads and "bulk-lander" not in loads
    assert len(cat.assets) == 52  # launch.csv asset_profile rows
    ucm_heavy = next(a for a in cat.assets if a.id == "ucm-heavy-torpedoes")
    assert (ucm_heavy.thrust, ucm_heavy.lock, str(ucm_heavy.attack), str(ucm_heavy.damage)) == (
        9, 2, "4", "4")


def test_resistance_base_priced_hulls() -> None:
    cat = catalog()
    assert sorted(cat.picks.base_priced) == [
        "coloniser-interstellar-dreadnought", "cruiser", "explorer-interstellar-ark",
        "heavy-cruiser", "light-cruiser", "pathfinder-interstellar-raft"]
    with_options = sorted(s.id for s in cat.stock if s.options)
    assert len(with_options) == 9


@pytest.mark.parametrize(("text", "expected", "low", "high"), [
    ("3", 3, 3, 3), ("D3", 2, 1, 3), ("D6+1", 4.5, 2, 7), ("2D6", 7, 2, 12), (0, 0, 0, 0)])
def test_attack_and_damage_are_numbers_or_the_kits_dice(text: str | int, expected: float,
                                                         low: int, high: int) -> None:
    value = amount(text)
    assert mean(value) == expected
    if isinstance(value, Dice):
        assert (value.min, value.max) == (low, high)
    else:
        assert value == low == high


def test_bad_dice_are_refused() -> None:
    for text in ("D1", "0D6", "three", "D6+", 1000, True):
        with pytest.raises(ValueError):
            amount(text)


def test_import_script_regenerates_the_committed_files(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[3]
    subprocess.run([sys.executable, str(root / "scripts" / "dropfleet_import.py"), str(DATA),
                    "--out", str(tmp_path)], check=True, capture_output=True)
    for name in ("stock.yaml", "weapons.yaml", "assets.yaml"):
        assert (tmp_path / name).read_text(encoding="utf-8") == (
            root / "catalogs" / "dropfleet" / name).read_text(encoding="utf-8"), name


def test_every_ruling_has_a_test() -> None:
    import re

    root = Path(__file__).resolve().parents[3]
    rulings = (root / "catalogs" / "dropfleet" / "RULINGS.md").read_text(encoding="utf-8")
    codes = re.findall(r"^- \*\*([SDH]\d+) ", rulings, re.M)
    assert len(codes) == 24
    tests = "\n".join(p.read_text(encoding="utf-8")
                      for p in Path(__file__).parent.glob("test_*.py"))
    untested = [c for c in codes
                if not re.search(rf"(# {c}\b|\btest_\w*{c.lower()}_|\({c}\b|{c}:)", tests)]
    assert not untested, untested
