"""What a Traveller referee checks over many narrated fights (issue 21): every damage line adds
up as printed, only Point Defence weapons defend, criticals at the book's severity."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from shipyard.api import Terms
from shipyard.core.combat import FightResult, fight_once
from shipyard.core.yard import Yard
from shipyard.systems.traveller.combat import SUPPORT

EXAMPLES = Path(__file__).parents[3] / "catalogs" / "traveller" / "examples"
PAIRINGS = [("beagle-laboratory-ship", "dolphin-scout-courier"),
            ("dragon-sdb", "strandbell-sdb"),
            ("strandbell-sdb", "valiant-light-cruiser"),
            ("small-scout-base", "ambush-corvette"),
            ("botfly-ultralight-fighter", "beagle-laboratory-ship")]
SEEDS = range(1, 41)  # 40 seeds of 5 pairings: 200 narrated fights


@cache
def design(name: str) -> Any:
    report = Yard().check(EXAMPLES / f"{name}.yaml")
    assert report.design is not None
    return report.design


@cache
def fights(a: str, b: str) -> tuple[FightResult, ...]:
    prepared = SUPPORT.prepare(design(a), design(b), Terms())
    return tuple(fight_once(SUPPORT, prepared, seed) for seed in SEEDS)


def point_defence_weapons() -> set[str]:
    catalog = design("dragon-sdb").catalog
    return {w.name for w in catalog.weapons
            if {t.strip().lower() for t in w.traits.split(",")} & {"point defence",
                                                                   "point defense"}}


def test_no_weapon_without_the_point_defense_trait_ever_reacts() -> None:
    # the seed: "Only weapons with the Point Defense trait may be used" (TRV-R28)
    allowed = point_defence_weapons()
    assert allowed and not allowed & {"Pulse Laser", "Beam Laser"}
    defended = 0
    for a, b in PAIRINGS:
        for told in fights(a, b):
            for event in told.events:
                if " point defence (" not in event.text:
                    continue
                weapon = event.text.split(" point defence (")[1].split(")")[0]
                assert weapon.split(" ×")[0] in allowed, event.text
                defended += 1
    assert defended > 0  # the Dragon's battery still defends
