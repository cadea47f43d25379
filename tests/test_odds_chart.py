"""`odds -o`: the distributions `odds` computes, drawn as bars "exactly" and "at least" with the
mean and the chances marked, for every system with odds; the PDF's numbers are `--json`'s."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from shipyard.core import chart
from tests.cli import shipyard
from tests.conftest import ROOT

CAT = ROOT / "catalogs"
PAIRS = {
    "smallcraft": ("smallcraft/examples/galileo.yaml", "smallcraft/examples/raider.yaml"),
    "traveller": ("traveller/examples/botfly-ultralight-fighter.yaml",
                  "traveller/examples/house-corsair.yaml"),
    "rogue-trader": ("rogue-trader/examples/sword.yaml", "rogue-trader/examples/hazeroth.yaml"),
    "d12-facings": ("d12-facings/examples/wasp.yaml", "d12-facings/examples/harpy.yaml"),
    "dropfleet": ("dropfleet/examples/new-york.yaml", "dropfleet/examples/anvil.yaml"),
}


SLOW = {"traveller", "d12-facings"}  # several pages of charts: a few seconds each


@pytest.mark.parametrize("system", [pytest.param(s, marks=pytest.mark.slow) if s in SLOW else s
                                    for s in sorted(PAIRS)])
def test_the_odds_page_shows_the_json_numbers(system: str, tmp_path: Path) -> None:
    a, b = (CAT / name for name in PAIRS[system])
    data = shipyard("odds", a, b, "--seed", "5", "--samples", "2000", "--json").json()
    out = tmp_path / "odds.pdf"
    done = shipyard("odds", a, b, "--seed", "5", "--samples", "2000", "-o", out)
    assert done.code == 0, done.err
    text = re.sub(r"\s+", " ", " ".join(
        page.extract_text() for page in PdfReader(io.BytesIO(out.read_bytes())).pages))
    assert data["method"] in text
    for dist in data["distributions"]:
        assert dist["name"] in text and f"mean {dist['mean']:.2f}" in text
        if len(dist["points"]) <= 16:  # the columns' shares are written where they fit
            for point in dist["points"]:
                if point["chance"] > 0:
                    assert chart.percent(point["chance"]) in text
    for chance in data["chances"]:
        assert chance["label"] in text and chart.percent(chance["chance"]) in text


def test_at_least_falls_from_one_and_the_mean_sits_between_its_values() -> None:
    points = [chart.Chance(0, 0.25, 1.0), chart.Chance(2, 0.5, 0.75), chart.Chance(6, 0.25, 0.25)]
    svg = str(chart.distribution("d", points, "damage", 2.5))
    assert "mean 2.50" in svg
    assert chart._place(2.5, [0, 2, 6]) == pytest.approx(1.125)
    assert chart._place(0, [0, 2, 6]) == 0 and chart._place(6, [0, 2, 6]) == 2


def test_svg_writes_the_charts_alone(tmp_path: Path) -> None:
    a, b = (CAT / name for name in PAIRS["dropfleet"])
    out = tmp_path / "odds.svg"
    done = shipyard("odds", a, b, "-o", out)
    assert done.code == 0, done.err
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.count("<svg") == 1 and "mean 3.33" in svg
    assert shipyard("odds", a, b, "-o", tmp_path / "odds.txt").code == 2
