"""The curated catalog: complete, consistent, every entry with its source."""

from __future__ import annotations

from pathlib import Path

import yaml

from shipyard.core.dice import Dice
from shipyard.core.yard import Yard
from shipyard.systems.rogue_trader.models import LOCATIONS
from tests.cli import shipyard
from tests.systems.rogue_trader.helpers import CATALOG_DIR, catalog, example

REQUIRED_CLASSES = {"transport", "raider", "frigate", "light-cruiser", "cruiser"}


def test_hulls_cover_the_required_classes_with_the_data_set_figures() -> None:
    cat = catalog()
    assert len(cat.hulls) == 30
    assert {h.hull_class for h in cat.hulls} >= REQUIRED_CLASSES
    sword = cat.hulls["sword-class-frigate"]  # Rogue Trader core, as data/rogue-trader/hulls.csv
    assert (sword.speed, sword.manoeuvrability, sword.detection, sword.hull_integrity,
            sword.armour, sword.turrets, sword.space, sword.sp) == (8, 20, 15, 35, 18, 2, 40, 40)
    assert sword.weapons == {"dorsal": 2}
    lathe = cat.hulls["lathe-class-monitor-cruiser"]  # the CSV's capacity spans two lines
    assert lathe.weapons == {"prow": 1, "port": 1, "starboard": 1}


def test_every_hull_can_fit_one_of_each_essential_kind() -> None:
    cat = catalog()
    for hull in cat.hulls:
        for kind in cat.construction.essentials:
            assert any(c.kind == kind and hull.hull_class in c.hulls for c in cat.components), (
                hull.id, kind)


def test_every_essential_of_the_data_set_is_kept_in_each_size() -> None:
    cat = catalog()
    ids = {c.id for c in cat.components}
    for pair in [("voidsmen-quarters", "voidsmen-quarters-large"),
                 ("combat-bridge", "combat-bridge-large"),
                 ("mark-i-r-life-sustainer", "mark-i-r-life-sustainer-large")]:
        assert set(pair) <= ids
    assert cat.components["voidsmen-quarters"].hulls == ["transport", "raider", "frigate"]
    assert "cruiser" in cat.components["voidsmen-quarters-large"].hulls
    kinds = {c.kind for c in cat.components}
    assert set(cat.construction.essentials) <= kinds
    assert sum(c.kind == "supplemental" for c in cat.components) >= 40


def test_kinds_are_classified_by_function() -> None:
    cat = catalog()
    assert cat.components["strelov-1-warp-engine"].kind == "warp-engine"  # CSV: supplemental
    assert cat.components["deep-void-auger-array"].kind == "augur-array"
    assert cat.components["ancient-life-sustainer"].kind == "life-sustainer"
    assert cat.components["castellan-shield"].kind == "void-shields"
    assert cat.components["luxury-passenger-quarters"].kind == "supplemental"


def test_hull_words_read_as_published_classes() -> None:
    cat = catalog()
    assert cat.components["jovian-pattern-class-4-drive"].hulls == [
        "cruiser", "battlecruiser", "grand-cruiser"]
    assert cat.components["saturine-pattern-5-drive"].hulls == ["grand-cruiser"]
    assert cat.components["saturine-pattern-4a-ultra-drive"].hulls == ["battlecruiser"]
    assert len(cat.components["gellar-field"].hulls) == 7


def test_weapons_have_profiles_locations_and_hull_restrictions() -> None:
    cat = catalog()
    kinds = {w.kind for w in cat.weapons}
    assert {"macrobattery", "lance", "torpedo-tubes", "landing-bay"} <= kinds
    for w in cat.weapons:
        assert set(w.locations) <= set(LOCATIONS) and w.strength >= 1
        if w.kind in ("macrobattery", "lance", "nova-cannon"):
            assert w.damage and w.range, w.id
        if w.kind == "torpedo-tubes":
            assert w.locations == ["prow", "keel"] and w.capacity
        if w.kind == "landing-bay":
            assert w.locations == ["port", "starboard"]
    mars = cat.weapons["mars-pattern-macrocannon"]
    assert (mars.strength, str(mars.damage), mars.crit, mars.range) == (3, "1d10+2", 5, 6)
    assert (mars.damage.count, mars.damage.sides, mars.damage.bonus) == (1, 10, 2)
    assert cat.weapons["titanforge-lance-weapon"].locations == ["prow", "dorsal", "keel"]
    assert cat.weapons["mars-pattern-macrocannon-broadside"].locations == ["port", "starboard"]
    assert "frigate" not in cat.weapons["titanforge-lance-battery"].hulls


def test_critical_chart_covers_1_to_11_and_reads_higher_values_as_11() -> None:
    cat = catalog()
    names = [cat.critical(v).name for v in range(1, 12)]
    assert names == ["Holed", "Internal Damage", "Sensors Damaged", "Thrusters Damaged", "Fire!",
                     "Engines Crippled", "Surly Techsprites", "Decapitation", "Hull Breach",
                     "Hull Breach", "Catastrophic Damage"]
    assert cat.critical(17).name == "Catastrophic Damage"  # R2
    named = {c.id for c in cat.critical_hits if c.rolls is None}
    assert named == {"space-hulk", "plasma-drive-explosion", "warp-drive-explosion"}


def test_crew_ratings_are_the_published_ladder() -> None:
    cat = catalog()
    assert [(c.id, c.rating) for c in cat.crew_ratings] == [
        ("incompetent", 20), ("competent", 30), ("crack", 40), ("veteran", 50), ("elite", 60)]


def test_every_entry_names_its_source_and_house_fields_exist() -> None:
    for path in sorted(CATALOG_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        for section, entries in data.items():
            if not isinstance(entries, list) or section == "critical_hits":
                continue
            for entry in entries:
                assert entry.get("source"), (path.name, entry.get("id"))
                for field in entry.get("house", []):
                    assert field.split(".")[0] in entry, (path.name, entry["id"], field)
                if entry["source"] == "house":
                    assert entry.get("house"), (path.name, entry["id"])



def _house(tmp_path: Path, text: str) -> tuple[Path, Path]:
    folder = tmp_path / "house" / "rogue-trader"
    folder.mkdir(parents=True)
    (folder / "crew.yaml").write_text(text)
    return tmp_path / "house", folder / "crew.yaml"


def test_an_overlay_giving_elite_twice_fails_at_the_second(tmp_path: Path) -> None:
    house, crew = _house(tmp_path, (
        "crew_ratings:\n"
        "  - {id: elite, name: Elite, rating: 65, sp: 25, source: house}\n"
        "  - {id: green, name: Green, rating: 20, sp: 0, source: house}\n"
        "  - {id: elite, name: Elite, rating: 70, sp: 30, source: house}\n"))
    run = shipyard("--catalog", house, "validate", example("sword"))
    assert run.code == 2
    assert f"{crew}:4: crew_ratings: a second entry with id 'elite' (the first is at line 2)" \
        in run.err


def test_an_overlay_replacing_elite_once_is_the_way_to_change_it(tmp_path: Path) -> None:
    house, _ = _house(tmp_path, "crew_ratings:\n"
                      "  - {id: elite, name: Elite, rating: 65, sp: 25, source: house}\n")
    assert shipyard("--catalog", house, "validate", example("sword")).code == 0
    yard = Yard([house])
    assert catalog(yard).crew_ratings["elite"].rating == 65
    assert catalog(yard).crew_ratings.ids()[-1] == "elite"  # replaced in place, not appended


def test_the_combat_defaults_name_a_torpedo_of_the_catalog(tmp_path: Path) -> None:
    house, crew = _house(tmp_path, "combat:\n  torpedo: plasmo\n")
    run = shipyard("--catalog", house, "validate", example("sword"))
    assert run.code == 2
    assert f"{crew}:2: combat.torpedo: unknown torpedo 'plasmo'; did you mean 'plasma'?" in run.err


def test_an_unknown_id_in_a_design_names_the_nearest(tmp_path: Path) -> None:
    design = example("sword").read_text().replace("crew: competent", "crew: elitte", 1)
    assert "elitte" in design
    path = tmp_path / "d.yaml"
    path.write_text(design)
    line = next(i for i, text in enumerate(design.splitlines(), 1) if "elitte" in text)
    run = shipyard("validate", path)
    assert run.code == 2
    assert f"{path}:{line}: crew: unknown crew rating 'elitte'; did you mean 'elite'?" in run.err


def test_catalog_dice_are_read_once_as_dice_and_a_bad_one_is_located(tmp_path: Path) -> None:
    cat = catalog()
    assert cat.combat.fire_crew_loss == Dice(1, 5)  # house R11, written 1d5
    assert cat.attack_craft["bombers"].damage.mean == 2 * 5.5 + 4
    house, crew = _house(tmp_path, "attack_craft:\n  - id: bombers\n    name: Bombers\n"
                         "    damage: 2d1O+4\n    reach: 8\n    source: house\n")
    run = shipyard("--catalog", house, "validate", example("sword"))
    assert run.code == 2
    assert f"{crew}:4: attack_craft[0].damage: '2d1O+4' is not a dice expression" in run.err
