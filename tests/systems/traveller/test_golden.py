"""The 20 golden ships of tests/data/traveller/: every part row of ship-parts.csv against a
derived line item, and each ship's totals against ship-designs.csv and ships.csv.

The reference is read at test time, never copied into the code: a row is matched to the line of the
same section and item, in order, and neither side may have a row left over.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from shipyard.core.yard import Yard
from shipyard.systems.traveller.construction import Line, Ship, derive
from tests.conftest import ROOT

# the published figures, kept with the tests (tests/data/traveller/README.md names the sources)
DATA = ROOT / "tests" / "data" / "traveller"
EXAMPLES = ROOT / "catalogs" / "traveller" / "examples"

TONS, POWER, COST = 0.005, 1e-9, 0.0005


def read(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def num(text: str) -> float:
    return float(text) if text.strip() else 0.0


def example_files() -> dict[str, Path]:
    """The bundled golden designs by name; HOUSE designs (marked so on their first line: the
    house trader and corsair) are not golden ships."""
    files = {}
    for path in sorted(EXAMPLES.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if text.startswith("# HOUSE design"):
            continue
        for text_line in text.splitlines():
            if text_line.startswith("name: "):
                files[text_line[6:].strip()] = path
    return files


SHIPS = [row["ship"] for row in read("ship-designs.csv")]


def built(yard: Yard, ship: str) -> tuple[Ship, Any]:
    path = example_files()[ship]
    report = yard.check(path)
    assert report.design is not None, [str(e) for e in report.errors]
    return derive(report.design.model, report.design.catalog), report


def mismatches(ship: Ship, rows: list[dict[str, str]]) -> list[str]:
    """Every way the derived lines differ from the reference rows (empty when they agree)."""
    lines: list[Line | None] = list(ship.lines)
    problems = []
    for row in rows:
        k = next((k for k, ln in enumerate(lines) if ln is not None
                  and (ln.section, ln.item) == (row["section"], row["item"])), None)
        if k is None:
            problems.append(f"no line for {row['section']}: {row['item']}")
            continue
        ln = lines[k]
        assert ln is not None
        lines[k] = None
        quantity = int(row["quantity"]) if row["quantity"] else None
        if ln.quantity != quantity:
            problems.append(f"{row['item']}: quantity {ln.quantity} != {quantity}")
        tons = ln.tons if ln.kind != "hull" else ship.hull_tons
        if abs(tons - num(row["tons"])) > TONS:
            problems.append(f"{row['item']}: tons {tons:g} != {row['tons']}")
        if abs(ln.power - num(row["power"])) > POWER:
            problems.append(f"{row['item']}: power {ln.power:g} != {row['power']}")
        if abs(ln.cost - num(row["cost_mcr"])) > COST:
            problems.append(f"{row['item']}: cost {ln.cost:g} != {row['cost_mcr']}")
    problems += [f"line not in the reference: {ln.section}: {ln.item}" for ln in lines if ln]
    return problems


def test_every_golden_ship_has_a_bundled_design() -> None:
    assert len(SHIPS) == 20
    assert sorted(example_files()) == sorted(SHIPS)
    house = [p.name for p in EXAMPLES.glob("*.yaml") if p.read_text(encoding="utf-8")
             .startswith("# HOUSE design")]
    assert sorted(house) == ["house-corsair.yaml", "house-far-trader.yaml"]


@pytest.mark.parametrize("ship_name", SHIPS)
def test_golden_ship_row_by_row(yard: Yard, ship_name: str) -> None:
    ship, _ = built(yard, ship_name)
    rows = [r for r in read("ship-parts.csv") if r["ship"] == ship_name]
    assert mismatches(ship, rows) == []


@pytest.mark.parametrize("ship_name", SHIPS)
def test_golden_ship_totals(yard: Yard, ship_name: str) -> None:
    ship, report = built(yard, ship_name)
    design = next(r for r in read("ship-designs.csv") if r["ship"] == ship_name)
    published = next(r for r in read("ships.csv") if r["name"] == ship_name)
    assert abs(ship.tons_used - ship.hull_tons) < TONS
    assert ship.hull_points == int(float(design["hull_points"]))
    assert ship.output == float(published["power"])
    assert abs(ship.production_cost - float(design["production_mcr"])) < COST
    assert abs(ship.sale_price - float(design["sales_mcr"])) < COST
    assert ship.design.design.upper() == design["design"]
    assert ship.design.tl == int(design["tl"])
    # bundled golden designs are legal; only the Gothta's accepted airlock warning may remain
    assert report.errors == []
    assert [w.code for w in report.warnings] == []


def test_gothta_lacks_an_airlock_and_accepts_it(yard: Yard) -> None:
    _, report = built(yard, "Gothta Ambush Fighter")
    assert [d.code for d in report.accepted] == ["airlock.missing"]
    assert report.legal is True


def test_show_json_lists_every_line(yard: Yard, capsys: pytest.CaptureFixture[str]) -> None:
    """`show --json` carries each derived line: the cost ledger has one item per reference row."""
    from typer.testing import CliRunner

    from shipyard.cli.app import app

    for ship_name in SHIPS:
        path = example_files()[ship_name]
        result = CliRunner().invoke(app, ["show", "--json", str(path)])
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        cost = next(b for b in data["budgets"] if b["name"] == "cost")
        rows = [r for r in read("ship-parts.csv") if r["ship"] == ship_name]
        assert len(cost["items"]) == len(rows)
        for item, row in zip(cost["items"], rows, strict=True):
            assert item["label"].startswith(f"{row['section']}: {row['item']}")
            assert abs(item["amount"] - num(row["cost_mcr"])) < COST
        # the tonnage ledger: every row but the hull's own two (its displacement, basic systems)
        tonnage = next(b for b in data["budgets"] if b["name"] == "tonnage")
        for item, row in zip(tonnage["items"], rows[2:], strict=True):
            assert item["label"].startswith(f"{row['section']}: {row['item']}")
            assert abs(item["amount"] - num(row["tons"])) < TONS
        assert tonnage["used"] == tonnage["available"]
