"""The catalog README's balance matrix agrees with the catalog: its points, a pairing re-fought."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.rules import points
from tests.conftest import ROOT, load_script

README = (ROOT / "catalogs" / "d12-facings" / "README.md").read_text(encoding="utf-8")


def script() -> ModuleType:
    return load_script("d12-facings-balance.py")


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
        assert table[slug][:2] == (design.model.hull, points(design.model, catalog)), slug


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


@pytest.mark.compiled
@pytest.mark.slow
def test_the_matrix_refought_gives_the_readme_figures() -> None:
    bal = script()
    _, designs = bal.examples(Yard())
    names = [slug for slug, _ in designs]
    shares = bal.matrix(designs, 2000)  # shipyard matrix's fights, as the script fights them
    for i, name in enumerate(names):
        for j in range(len(names)):
            if i != j:
                assert rows()[name][2][j] == f"{100 * shares[i, j]:.0f}", (name, names[j])


def fleet_rows() -> list[list[str]]:
    block = README[README.index("<!-- FLEETS BEGIN -->"):README.index("<!-- FLEETS END -->")]
    return [[c.strip() for c in line.strip("|").split("|")] for line in block.splitlines()
            if line.startswith("| ") and "against" in line and "A against B" not in line]


@pytest.mark.compiled
def test_the_fleet_matrix_has_every_pairing_at_its_points() -> None:
    bal = script()
    yard = Yard()
    paths = sorted(bal.FLEETS.glob("*.yaml"))
    rows = fleet_rows()
    assert len(rows) == len(paths) * (len(paths) - 1) // 2 + len(bal.ENCOUNTERS)
    for n, (x, y) in enumerate((x, y) for i, x in enumerate(paths) for y in paths[i + 1:]):
        (a, cost_a), (b, cost_b) = bal.fleet_side(yard, x, "A"), bal.fleet_side(yard, y, "B")
        assert rows[n][0].startswith(f"{a.name}: ") and f" against {b.name}: " in rows[n][0]
        assert rows[n][1] == f"{cost_a} v {cost_b}"
    # the two fleets at the same limit (within 5%), and the README's figure re-fought
    costs = {p.stem: bal.fleet_side(yard, p, "A")[1] for p in paths}
    assert abs(costs["escort-squadron"] - costs["raider-pack"]) <= 0.05 * costs["raider-pack"]
    n = next(i for i, row in enumerate(rows)
             if row[0].startswith("Escort squadron") and " against Raider pack" in row[0])
    a, b = (bal.fleet_side(yard, bal.FLEETS / f"{f}.yaml", t)[0]
            for f, t in (("escort-squadron", "A"), ("raider-pack", "B")))
    share = bal.battle_score(a, b, 2000, bal.SEED * 7000 + n)[0]
    assert rows[n][2] == f"{100 * share:.0f}%"
