"""`new` writes a legal design for every hull it accepts: where hulls are sizes, the sample a
system offers (which the contract suite writes and checks) reaches the smallest and the largest
size `new` accepts, one size beyond either is refused, and the designs at the bounds are legal."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from shipyard.core.registry import system_ids
from shipyard.core.yard import Yard
from shipyard.errors import UserError


def _sized(yard: Yard) -> list[str]:
    return [s for s in system_ids()
            if all(h.isdigit() for h in yard.system(s).hull_ids(yard.catalog(yard.system(s))))
            and yard.system(s).hull_ids(yard.catalog(yard.system(s)))]


def test_two_systems_have_hulls_that_are_sizes() -> None:
    assert sorted(_sized(Yard())) == ["smallcraft", "traveller"]


@pytest.mark.parametrize("system_id", ["smallcraft", "traveller"])
def test_new_is_legal_at_the_smallest_and_largest_hull_and_refuses_beyond(
        system_id: str, tmp_path: Path) -> None:
    yard = Yard()
    system = yard.system(system_id)
    catalog = yard.catalog(system)
    sizes = [int(h) for h in system.hull_ids(catalog)]
    smallest, largest = min(sizes), max(sizes)
    for beyond in (smallest - 1, largest + 1):
        with pytest.raises(UserError):
            system.new_design(catalog, str(beyond), None)
    for size in (smallest, smallest + 1, largest - 1, largest):
        path = tmp_path / f"new-{size}.yaml"
        path.write_text(yaml.safe_dump(system.new_design(catalog, str(size), None),
                                       sort_keys=False))
        report = yard.check(path)
        assert report.legal, (size, [d.render() for d in report.errors])
