"""dropfleet's bad designs (catalogs/dropfleet/bad/): each file alone gets exactly its own
`FILE:LINE: message` lines of expected.txt, and exit 2 (not a design) or 1 (illegal). The
contract suite checks the folder as one run; this test checks each file's exit status."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli import shipyard

BAD = Path(__file__).resolve().parents[3] / "catalogs" / "dropfleet" / "bad"
NOT_A_DESIGN = {"neither.yaml", "stock_and_class.yaml", "unknown_class.yaml", "unknown_key.yaml",
                "unknown_pick.yaml",
                "unknown_stock.yaml", "unknown_upgrade.yaml", "unknown_weapon.yaml"}


def _expected() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in (BAD / "expected.txt").read_text(encoding="utf-8").splitlines():
        out.setdefault(line.split(":", 1)[0], []).append(line)
    return out


def test_every_bad_file_has_expected_lines() -> None:
    assert sorted(p.name for p in BAD.glob("*.yaml")) == sorted(_expected())


@pytest.mark.parametrize("name", sorted(p.name for p in BAD.glob("*.yaml")))
def test_bad_design_lines_and_exit(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    run = shipyard("validate", name)
    assert run.code == (2 if name in NOT_A_DESIGN else 1)
    assert run.err.splitlines() == _expected()[name]
