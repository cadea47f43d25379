"""A battle's sides: every ship named once, in fate order, and a duel named as duels always were."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from shipyard.core.pattern import BattleSide, Entrant, battle_ships, ship_entries


def design(name: str) -> Any:
    return SimpleNamespace(model=SimpleNamespace(name=name), file=f"{name.lower()}.yaml")


def test_battle_ships_are_every_ship_in_fate_order_with_its_name_and_side() -> None:
    sword, hazeroth = design("Sword"), design("Hazeroth")
    a = BattleSide("Patrol", "patrol.yaml", (Entrant(sword, 2), Entrant(hazeroth)), "A")
    b = BattleSide("Raiders", "raiders.yaml", (Entrant(hazeroth, 1, ships=2),), "B")
    ships = battle_ships((a, b))
    assert [(s.name, s.side) for s in ships] == [
        ("Sword 1 (A)", 0), ("Sword 2 (A)", 0), ("Hazeroth (A)", 0),
        ("Hazeroth 1 (B)", 1), ("Hazeroth 2 (B)", 1)]
    assert [s.design for s in ships] == [sword, sword, hazeroth, hazeroth, hazeroth]
    # the report's entries are the same ships in the same order
    assert [s.name for s in ships] == [e.name for e in ship_entries((a, b), lambda d: None)]


def test_a_duel_tags_its_sides_only_when_a_design_meets_itself() -> None:
    sword, hazeroth = design("Sword"), design("Hazeroth")
    assert [s.name for s in battle_ships(BattleSide.duel(sword, hazeroth))] == [
        "Sword", "Hazeroth"]
    assert [s.name for s in battle_ships(BattleSide.duel(sword, sword))] == [
        "Sword (A)", "Sword (B)"]
    a, b = BattleSide.duel(sword, hazeroth, ships=(3, 1))
    assert (a.entrants[0].ships, b.entrants[0].ships) == (3, 1)
