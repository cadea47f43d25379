"""scripts/dropfleet_import.py: the built-in catalog regenerates as it is, and a group's own
ships in the data set's CSV shape become an overlay catalog."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT, load_script

SHIPS = "\n".join((
    "faction,ship,tonnage,points,hull,armour_save,passive_save,point_defence,signature,thrust,"
    "scan,group_size,special_rules,source,tonnage_code,strategy_rating,publication,page",
    "United Colonies of Mankind,Brest Frigate,Light,38,4,4+,,3,3,10,6,2-4,Stealth,"
    "ours:house.cat,L,1,UCMStats-2308,28", ""))
WEAPONS = "\n".join((
    "faction,ship,weapon,lock,attack,damage,arc,special_rules,count,mount,option_group,source",
    "United Colonies of Mankind,Brest Frigate,UF-2200 Mass Driver Triad,4+,3,1,F/S,"
    "Squadron (3),1,fixed,,ours",
    "United Colonies of Mankind,Brest Frigate,Brest Ion Spear,3+,2,1,F,Haywire,1,fixed,,ours",
    ""))
HAYWIRE = """special_rules:
  - id: haywire
    name: "Haywire"
    used_on: ["weapon"]
    summary: "Our group's own reading."
    source: "house: our group"
"""


def importer() -> ModuleType:
    return load_script("dropfleet_import.py")


def test_overlay_writes_only_the_csvs_ships_and_a_group_adds_its_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "mine"
    data.mkdir()
    (data / "ships.csv").write_text(SHIPS, encoding="utf-8")
    (data / "weapons.csv").write_text(WEAPONS, encoding="utf-8")
    house = tmp_path / "house"
    importer().main([str(data), "--overlay", str(house)])
    assert "Haywire" in capsys.readouterr().out  # named, for the group to add
    stock = (house / "dropfleet" / "stock.yaml").read_text(encoding="utf-8")
    assert stock.count("  - id: ") == 1 and "brest-frigate" in stock
    weapons = (house / "dropfleet" / "weapons.yaml").read_text(encoding="utf-8")
    assert "brest-ion-spear" in weapons and "Mass Driver Triad" not in weapons  # built in
    assert not (house / "dropfleet" / "assets.yaml").exists()
    design = tmp_path / "brest.yaml"
    design.write_text("system: dropfleet\nname: Brest\nstock: brest-frigate\n", encoding="utf-8")
    refused = shipyard("--catalog", house, "validate", design)
    assert refused.code != 0 and "Haywire" in refused.err
    (house / "dropfleet" / "rules.yaml").write_text(HAYWIRE, encoding="utf-8")
    run = shipyard("--catalog", house, "validate", design)
    assert run.code == 0, run.err
    assert shipyard("validate", design).code != 0  # only with the overlay


def test_the_built_in_catalog_regenerates_as_it_is(tmp_path: Path) -> None:
    importer().main(["--out", str(tmp_path)])  # from the published figures it defaults to
    for name in ("stock", "weapons", "assets"):
        built = (ROOT / "catalogs" / "dropfleet" / f"{name}.yaml").read_text(encoding="utf-8")
        assert (tmp_path / f"{name}.yaml").read_text(encoding="utf-8") == built, name
