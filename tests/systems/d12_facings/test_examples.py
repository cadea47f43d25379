"""The examples validate cleanly, show, and every hull class starts a legal new design."""

from __future__ import annotations

import pytest
import yaml

from shipyard.core.yard import Yard
from shipyard.systems.d12_facings import new_design, system
from tests.cli import shipyard
from tests.systems.d12_facings.helpers import EXAMPLES, catalog

SLUGS = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("slug", SLUGS)
def test_example_is_legal_without_warnings(slug: str) -> None:
    report = Yard().check(EXAMPLES / f"{slug}.yaml")
    assert report.legal and not report.warnings, [d.render() for d in report.warnings]


def test_show_gives_the_profile_by_facing() -> None:
    run = shipyard("show", EXAMPLES / "sovereign.yaml")
    assert run.code == 0, run.err
    for words in ("Piloting total", "Fore", "Core", "Lance [super-heavy, 10 hp]",
                  "Laser battery 2 [turret, 5 hp]"):
        assert words in run.out


@pytest.mark.parametrize("hull", ["corvette", "frigate", "destroyer", "cruiser", "battleship"])
def test_new_design_is_legal(hull: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "new.yaml"
    path.write_text(yaml.safe_dump(new_design(catalog(), hull)), encoding="utf-8")
    report = Yard().check(path)
    assert report.legal, [d.render() for d in report.errors]


def test_catalog_tables_list_every_entry() -> None:
    tables = system.catalog_tables(catalog())
    assert [len(t.rows) for t in tables[:3]] == [len(catalog().hulls), len(catalog().systems),
                                                 len(catalog().edges)]
