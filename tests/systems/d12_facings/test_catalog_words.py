"""`shipyard catalog d12-facings` explains its figures in words a player reads."""

from __future__ import annotations

import re

from tests.cli import shipyard


def test_the_catalog_says_what_d_and_s_are() -> None:
    out = shipyard("catalog", "d12-facings").out
    assert "D 4, S 1" in out  # the light laser, as the sheet prints it
    assert "D: the damage of a hit" in out and "S: sustain" in out


def test_the_catalog_counts_its_points_in_plain_words() -> None:
    out = shipyard("catalog", "d12-facings").out
    assert "a point a point" not in out and "points a point" not in out
    assert re.search(r"\b1 points\b", out) is None
    assert "1 point each" in out  # a crewman beyond the captain, the bundled catalog's figure
