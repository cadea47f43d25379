"""The catalog against the published figures it cites: every entry has a source, and an entry
that cites a components.csv or weapons.csv row carries that row's figures (TRV-R05 names the
disputes)."""

from __future__ import annotations

import csv
from pathlib import Path

from shipyard.core.yard import Yard
from tests.conftest import ROOT

# the published figures, kept with the tests (tests/data/traveller/README.md names the sources)
DATA = ROOT / "tests" / "data" / "traveller"
YARD = Yard()
CATALOG = YARD.catalog(YARD.system("traveller"))


def rows(name: str) -> dict[str, dict[str, str]]:
    with (DATA / name).open(encoding="utf-8") as f:
        key = "name"
        return {r[key]: r for r in csv.DictReader(f)}


def num(text: str) -> float:
    return float(text) if text.strip() else 0.0


def test_every_entry_names_its_source() -> None:
    entries = [*CATALOG.parts, *CATALOG.configurations, *CATALOG.hull_options,
               *CATALOG.armour_materials, *CATALOG.craft, *CATALOG.weapons, *CATALOG.software]
    assert all(e.source.strip() for e in entries)
    assert CATALOG.hull.source and CATALOG.bridge.source and CATALOG.critical_source
    assert all(c.source for c in CATALOG.computers) and CATALOG.computer_options.source
    assert CATALOG.crew.source and CATALOG.customisation_source


def test_fixed_parts_carry_their_csv_figures() -> None:
    components = rows("components.csv")
    checked = 0
    for part in CATALOG.parts:
        if part.rule != "unit" or not part.source.startswith("csv:"):
            continue
        text = part.source[4:]
        cited = max((name for name in components if text.startswith(name)), key=len)
        row = components[cited]
        assert num(row["tons"]) == (part.tons or 0), part.id
        assert num(row["cost_mcr"]) == (part.cost or 0), part.id
        if row["power_basis"] == "fixed":
            assert num(row["power"]) == (part.power or 0), part.id
        if row["tl"] and part.tl is not None:
            assert int(row["tl"]) == part.tl, part.id
        checked += 1
    assert checked >= 20


def test_computers_plants_and_armour_match_the_csv() -> None:
    components = rows("components.csv")
    for comp in CATALOG.computers:
        row = components[comp.name]
        assert (num(row["cost_mcr"]), int(row["tl"])) == (comp.cost, comp.tl)
    for plant_id, name in (("fusion_tl8", "Fusion (TL8)"), ("fusion_tl12", "Fusion (TL12)"),
                           ("fusion_tl15", "Fusion (TL15)"), ("fission", "Fission"),
                           ("chemical", "Chemical"), ("sterling_tl8", "Sterling Fission (TL8)")):
        part = CATALOG.part(plant_id)
        assert part is not None
        row = components[name]
        assert (num(row["power"]), num(row["cost_mcr"])) == (part.output_per_ton,
                                                             part.cost_per_ton)
    for mat in CATALOG.armour_materials:
        row = components[mat.name]
        assert (num(row["tons"]), num(row["cost_mcr"]), int(row["tl"])) == (
            mat.percent_per_point, mat.cost_per_ton, mat.tl)


def test_weapon_mounts_and_profiles_match_weapons_csv() -> None:
    weapons = rows("weapons.csv")
    for part in CATALOG.parts:
        if part.rule in ("mount", "spinal") and part.source.startswith("weapons.csv:"):
            row = weapons[part.source.split(":", 1)[1].split(";")[0]]
            assert (num(row["tons"]), num(row["power"]), num(row["cost_mcr"])) == (
                part.tons, part.power, part.cost), part.id
    for w in CATALOG.weapons:
        row = weapons[w.source.split(":", 1)[1].split(" (")[0]]
        assert int(row["tl"]) == w.tl, w.id
        assert row["range"] in (w.range, ""), w.id  # blank in the csv: the catalog says house
        if w.power or w.cost:
            assert (num(row["power"]), num(row["cost_mcr"])) == (w.power, w.cost), w.id


DEFAULTS = {
    "armour": {"material": "titanium_steel", "rating": 1}, "j_drive": {"rating": 1},
    "m_drive": {"rating": 1}, "r_drive": {"rating": 1}, "plant": {"output": 10},
    "solar": {"output": 1}, "fuel": {"weeks": 4}, "per_ton": {"tons": 2},
    "computer": {"rating": 5}, "software": {"software": "library"},
    "turret": {"weapons": ["pulse_laser"]}, "fixed_mount": {"weapons": ["pulse_laser"]},
    "magazine": {"rating": 12}, "docking": {"craft": "air_raft"}, "priced": {"cost_cr": 1000},
    "rated": {"rating": 2}, "container": {"rating": 10}, "crane": {"rating": 150},
}


def test_every_catalog_part_derives_on_a_big_high_tl_hull(tmp_path: Path) -> None:
    """Each part with its rule's usual choices builds a line with no error on a 100,000-ton TL 20
    hull (emergency power and extended arrays with the plant and sensors they need)."""
    import yaml

    base = [{"part": "fusion_tl15", "output": 10}, {"part": "military_sensors"}]
    for part in CATALOG.parts:
        choice = {"part": part.id} | DEFAULTS.get(part.rule, {})
        path = tmp_path / f"{part.id}.yaml"
        path.write_text(yaml.safe_dump({
            "system": "traveller", "name": part.id, "tl": 20,
            "hull": {"tons": 100000, "configuration": "standard"},
            "parts": [*base, choice]}), encoding="utf-8")
        report = YARD.check(path)
        assert report.errors == [], (part.id, [e.message for e in report.errors])


def test_weapon_damage_is_dice_as_data_matching_weapons_csv() -> None:
    weapons = rows("weapons.csv")
    for w in CATALOG.weapons:
        row = weapons[w.source.split(":", 1)[1].split(" (")[0]]
        written = row["damage"].replace(" per multiple", "")
        if w.effect == "intercept":
            assert w.dice is not None and row["point_defence"] == f"battery +{w.dice}", w.id
        elif w.dice is not None:
            assert (w.dice.count, w.dice.sides, str(w.dice)) == (int(written[:-1]), 6, written)
            assert w.multiple == int(row["damage_multiple"] or 1), w.id
        else:
            assert w.effect == written, w.id
