"""A narrated exchange tells both shots before either lands: the damage of each hit is headed
with the ship and gun it comes from, so it never reads as the shot printed just above it."""

from __future__ import annotations

from pathlib import Path

from tests.cli import shipyard
from tests.conftest import ROOT

EXAMPLES = ROOT / "catalogs" / "d12-facings" / "examples"

# a missile frigate of one's own: the Sabre's laser misses just as its missile lands
HARRIER = """\
system: d12-facings
name: Harrier
hull: frigate
armour: 2
captain: {name: Rhea Cole, piloting: 6, gunnery: 5}
crew:
  - {name: Tam Osei, piloting: 4, gunnery: 6}
  - {name: Vik Lund, piloting: 4, gunnery: 6}
systems:
  - {system: missile-rack, facing: fore}
  - {system: missile-rack, facing: fore, label: Missile rack B}
  - {system: light-laser, facing: aft, turret: true}
  - {system: thruster, facing: aft}
  - {system: mass-driver, facing: port}
  - {system: armour-plate, facing: port}
  - {system: mass-driver, facing: starboard}
  - {system: targeting-array, facing: starboard}
  - {system: bridge, facing: core}
  - {system: shield-generator, facing: core}
  - {system: gun-deck, facing: core}
edges: [steady-hands]
"""


def told(tmp_path: Path, seed: int) -> list[str]:
    mine = tmp_path / "harrier.yaml"
    mine.write_text(HARRIER, encoding="utf-8")
    run = shipyard("duel", mine, EXAMPLES / "sabre.yaml", "--seed", str(seed))
    assert run.code == 0, run.err
    return run.out.splitlines()


def test_the_missiles_damage_is_headed_under_the_sabres_miss(tmp_path: Path) -> None:
    lines = told(tmp_path, 11)
    miss = next(k for k, line in enumerate(lines)
                if "Sabre fires Laser battery 2" in line and line.endswith(": misses"))
    assert lines[miss + 1].strip().startswith("Sabre, hit by Harrier's Missile rack B: ")


def test_every_hits_damage_follows_a_line_naming_whose_hit_it_is(tmp_path: Path) -> None:
    for seed in range(1, 13):
        lines = [line.strip() for line in told(tmp_path, seed)]
        for k, line in enumerate(lines):
            if " takes " in line and " hp left" in line:  # a system's damage
                before = next(b for b in reversed(lines[:k])
                              if ", hit by " in b or " fires " in b)
                assert ", hit by " in before, (seed, line)
