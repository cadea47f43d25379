"""Construction checks: each illegal variant fails with one clear line (exit 1); unknown ids are
input errors (exit 2) naming the nearest known id; `new` writes a legal design for every hull."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from shipyard.core.yard import Yard
from shipyard.systems.rogue_trader.build import new_design
from shipyard.systems.rogue_trader.profile import derive
from shipyard.systems.rogue_trader.rules import CODES, fit
from tests.cli import shipyard
from tests.systems.rogue_trader.helpers import catalog, example, write_design

LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<message>.+)$")


def stock(stem: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(example(stem).read_text())
    return data


def swap_weapon(data: dict[str, Any], index: int, **mount: str) -> dict[str, Any]:
    data["weapons"][index] = {**data["weapons"][index], **mount}
    return data


def variant(name: str) -> tuple[dict[str, Any], str, str]:
    """(design, expected code, words the message must carry)"""
    sword = stock("sword")
    if name == "over-power":
        sword["components"] += ["hydraphuran-jamming-system", "micro-laser-defence-grid",
                                "augmented-retro-thrusters-small"]
        return sword, "power.over", "use 46 Power but the ship generates 45"
    if name == "over-space":
        sword["components"] += ["barracks", "extended-supply-vaults"]
        return sword, "space.over", "fill 44 Space of the Sword-class Frigate's 40"
    if name == "missing-essential":
        sword["components"].remove("mark-100-auger-array")
        return sword, "essential.missing", "no augur array"
    if name == "duplicate-essential":
        sword["components"].append("command-bridge")
        return sword, "essential.duplicate", "a second bridge"
    if name == "lance-in-port":
        return (swap_weapon(stock("endeavour"), 2, weapon="titanforge-lance-weapon"),
                "location.restricted", "may not be mounted in the port")
    if name == "lance-battery-on-frigate":
        return (swap_weapon(sword, 0, weapon="titanforge-lance-battery"), "hull.restricted",
                "Titanforge Lance Battery is not made for a frigate")
    if name == "component-for-another-hull":
        sword["components"][0] = "jovian-pattern-class-4-drive"
        return sword, "hull.restricted", "Jovian Pattern Class 4 Drive is not made for a frigate"
    if name == "too-many-weapons":
        sword["weapons"].append({"weapon": "thunderstrike-macrocannon", "location": "dorsal"})
        return sword, "slots.over", "room for 2 there"
    if name == "armoured-prow":
        ambition = stock("ambition")
        ambition["components"].append("armoured-prow")
        return (swap_weapon(ambition, 0, weapon="mars-pattern-macrocannon"),
                "location.restricted", "no macrobattery in the prow of a ship with Armoured Prow")
    if name == "over-sp-limit":
        sword["campaign_sp_limit"] = 44
        return sword, "sp.over", "costs 45 SP, over the campaign limit of 44"
    if name == "torpedoes-in-a-gun":
        return (swap_weapon(sword, 1, torpedoes="melta"), "torpedoes.not_tubes",
                "fires no torpedoes")
    raise AssertionError(name)


VARIANTS = ["over-power", "over-space", "missing-essential", "duplicate-essential",
            "lance-in-port", "lance-battery-on-frigate", "component-for-another-hull",
            "too-many-weapons", "armoured-prow", "over-sp-limit", "torpedoes-in-a-gun"]


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_illegal_variant_fails_with_one_clear_line(tmp_path: Path, name: str) -> None:
    data, code, words = variant(name)
    path = write_design(tmp_path / f"{name}.yaml", data)
    run = shipyard("validate", path)
    assert run.code == 1
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, lines
    match = LINE.match(lines[0])
    assert match and match["file"] == str(path), lines[0]
    assert words in match["message"]
    report = shipyard("validate", "--json", path).json()[0]
    assert report["legal"] is False
    assert [e["code"] for e in report["errors"]] == [code]
    assert report["errors"][0]["line"] == int(match["line"])


def test_errors_point_at_the_offending_entry(tmp_path: Path) -> None:
    data, _, _ = variant("lance-in-port")
    path = write_design(tmp_path / "lance.yaml", data)
    line = shipyard("validate", "--json", path).json()[0]["errors"][0]["line"]
    assert "titanforge-lance-weapon" in path.read_text().splitlines()[line - 1]


def test_a_hull_class_turning_over_90_is_a_warning(tmp_path: Path) -> None:
    # R24: the seed's turns are "never more than 90 degrees" unless otherwise stated
    overlay = tmp_path / "house" / "rogue-trader"
    overlay.mkdir(parents=True)
    rules = yaml.safe_load((example("sword").parent.parent / "rules.yaml").read_text())
    for entry in rules["hull_classes"]:
        if entry["id"] == "frigate":
            entry["turn"] = 135
    (overlay / "rules.yaml").write_text(yaml.safe_dump({"hull_classes": rules["hull_classes"]}))
    report = shipyard("--catalog", tmp_path / "house", "validate", "--json",
                      example("sword")).json()[0]
    warning = next(w for w in report["warnings"] if w["code"] == "hull_class.turn_over_90")
    assert "'frigate'" in warning["message"] and "135°" in warning["message"]
    stock = shipyard("validate", "--json", example("sword")).json()[0]
    assert not [w for w in stock["warnings"] if w["code"] == "hull_class.turn_over_90"]


def test_every_code_is_documented_and_reachable() -> None:
    reached = {variant(n)[1] for n in VARIANTS} | {"slots.unused", "hull_class.turn_over_90"}
    assert reached == set(CODES)


def test_unused_slots_are_a_warning(tmp_path: Path) -> None:
    sword = stock("sword")
    sword["weapons"].pop()
    path = write_design(tmp_path / "short.yaml", sword)
    assert shipyard("validate", path).code == 0
    strict = shipyard("validate", "--strict", path)
    assert strict.code == 1 and "1 dorsal weapon slot left empty" in strict.err
    sword["accept"] = ["slots.unused"]
    write_design(path, sword)
    assert shipyard("validate", "--strict", path).code == 0


@pytest.mark.parametrize(("key", "value", "hint"), [
    ("hull", "sword-class-frigat", "did you mean 'sword-class-frigate'"),
    ("crew", "veteren", "did you mean 'veteran'"),
])
def test_unknown_ids_are_input_errors_naming_the_nearest(tmp_path: Path, key: str, value: str,
                                                         hint: str) -> None:
    data = stock("sword")
    data[key] = value
    path = write_design(tmp_path / "bad.yaml", data)
    run = shipyard("validate", path)
    assert run.code == 2 and hint in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_unknown_component_weapon_and_torpedo_name_the_nearest(tmp_path: Path) -> None:
    data = stock("endeavour")
    data["components"][1] = "strelov-2-warp-engin"
    data["weapons"][1]["weapon"] = "mars-pattern-macrocanon"
    data["weapons"][0]["torpedoes"] = "plasmaa"
    path = write_design(tmp_path / "bad.yaml", data)
    run = shipyard("validate", path)
    assert run.code == 2
    err = run.err
    assert "unknown component 'strelov-2-warp-engin'; did you mean 'strelov-2-warp-engine'" in err
    assert "did you mean 'mars-pattern-macrocannon'" in err
    assert "unknown torpedo 'plasmaa'; did you mean 'plasma'" in err
    text = path.read_text().splitlines()
    for line in err.strip().splitlines():
        match = LINE.match(line)
        assert match is not None
        assert any(word in text[int(match["line"]) - 1] for word in
                   ("strelov", "macrocanon", "plasmaa")), line


def test_bad_location_and_limit_are_schema_errors(tmp_path: Path) -> None:
    data = stock("sword")
    data["weapons"][0]["location"] = "aft"
    data["campaign_sp_limit"] = 0
    run = shipyard("validate", write_design(tmp_path / "bad.yaml", data))
    assert run.code == 2 and "'prow'" in run.err and "greater than or equal to 1" in run.err


def test_profile_follows_the_components(yard: Yard) -> None:
    cat = catalog(yard)
    d = yard.read(example("hazeroth"))
    base = derive(fit(d.model, cat), cat)
    # Command Bridge: +5 Ballistic Skill and Command; Pressed-Crew Quarters: -1 Morale;
    # a Crack crew rates 40
    assert (base.ballistic_skill, base.command, base.morale) == (45, 45, 99)
    more = d.model.model_copy(update={"components": [
        *d.model.components, "armour-plating", "gravity-sails", "augmented-interior-bulkheads",
        "micro-laser-defence-grid", "reinforced-prow"]})
    p = derive(fit(more, cat), cat)
    assert p.armour == base.armour + 1 and p.prow_armour == base.armour + 1 + 2
    assert p.manoeuvrability == base.manoeuvrability - 2 + 5
    assert p.speed == base.speed + 1
    assert p.hull_integrity == base.hull_integrity + 3
    assert p.turrets == base.turrets + 2


@pytest.mark.slow
def test_new_writes_a_legal_design_for_every_hull(tmp_path: Path) -> None:
    cat = catalog()
    for hull in cat.hulls:
        path = write_design(tmp_path / f"{hull.id}.yaml", new_design(cat, hull.id))
        run = shipyard("validate", path)
        assert run.code == 0, (hull.id, run.err)


def test_new_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "ship.yaml"
    assert shipyard("new", "rogue-trader", "--hull", "gothic-class-cruiser", "-o", out).code == 0
    assert shipyard("validate", out).code == 0
    assert "hull: sword-class-frigate" in shipyard("new", "rogue-trader").out
    bad = shipyard("new", "rogue-trader", "--hull", "gothic-cruiser")
    assert bad.code == 2 and "did you mean 'gothic-class-cruiser'" in bad.err


def test_catalog_prints_readable_tables_and_json() -> None:
    run = shipyard("catalog", "rogue-trader")
    assert run.code == 0
    for words in ("Hull classes", "sword-class-frigate", "Essential components",
                  "Supplemental components", "Weapon components", "Critical hits",
                  "Crew ratings", "Catastrophic Damage"):
        assert words in run.out
    data = shipyard("catalog", "rogue-trader", "--json").json()
    assert len(data["hulls"]) == 30


def test_schema_is_json_schema_with_the_design_keys() -> None:
    run = shipyard("schema", "rogue-trader")
    assert run.code == 0
    schema = run.json()
    assert {"hull", "crew", "components", "weapons", "campaign_sp_limit"} <= set(
        schema["properties"])
