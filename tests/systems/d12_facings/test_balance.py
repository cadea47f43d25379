"""The catalog README's balance matrix agrees with the catalog: its points, a pairing re-fought."""

from __future__ import annotations

import importlib.util
import re
from types import ModuleType

from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.rules import points
from tests.conftest import ROOT

README = (ROOT / "catalogs" / "d12-facings" / "README.md").read_text(encoding="utf-8")


def script() -> ModuleType:
    path = ROOT / "scripts" / "d12-facings-balance.py"
    spec = importlib.util.spec_from_file_location("d12_balance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows() -> dict[str, tuple[str, int, list[str]]]:
    out = {}
    for line in README.splitlines():
        found = re.match(r"\| (\S+) \((\w+)\) \| (\d+) \| (.*) \|$", line)
        if found:
            out[found.group(1)] = (found.group(2), int(found.group(3)),
                                   [c.strip() for c in found.group(4).split("|")])
    return out


def test_the_matrix_names_every_example_at_its_points() -> None:
    bal = script()
    catalog, designs = bal.examples(Yard())
    table = rows()
    assert sorted(table) == [slug for slug, _ in designs]
    for slug, design in designs:
        assert table[slug][:2] == (design.hull, points(design, catalog)), slug


def test_three_examples_a_hull_class_at_equal_points() -> None:
    table = rows()
    by_hull: dict[str, set[int]] = {}
    for hull, cost, _ in table.values():
        by_hull.setdefault(hull, set()).add(cost)
    assert set(by_hull) == {"corvette", "frigate", "destroyer", "cruiser", "battleship"}
    assert all(len(costs) == 1 for costs in by_hull.values())
    assert all(sum(1 for h, _, _ in table.values() if h == hull) >= 3 for hull in by_hull)


def test_the_bars_hold_as_written() -> None:
    assert README.count("- holds:") == 3 and "FAILS" not in README


def test_a_pairing_refought_gives_the_readme_figure() -> None:
    bal = script()
    catalog, designs = bal.examples(Yard())
    names = [slug for slug, _ in designs]
    i, j = names.index("kestrel"), names.index("wasp")
    share = bal.score(designs[i][1], designs[j][1], catalog, 2000, bal.SEED * 1000 + i * 50 + j)
    assert rows()["kestrel"][2][j] == f"{100 * share:.0f}"
