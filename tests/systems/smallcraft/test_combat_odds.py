"""The odds of one volley: exact enumeration against hand figures and against sampling."""

from __future__ import annotations

import math
from typing import Any

import pytest

from shipyard.core.combat import Chance, OddsReport, Terms
from shipyard.core.yard import Yard
from shipyard.systems.smallcraft.combat import odds
from tests.systems.smallcraft.test_combat_rules import example


def points(report: OddsReport, prefix: str) -> dict[int, float]:
    dist = next(d for d in report.distributions if d.name.startswith(prefix))
    return {p.value: p.chance for p in dist.points}


def test_a_hand_worked_volley(yard: Yard) -> None:
    """The Raider's 6-dhit beam on the Starfury at 3 dhexes, target still: 40% to hit (50 - 10
    for the pilot firing); screens 6 take 6 // 6 = 1; the 5 left go armor, random, armor,
    random, armor: 2 boxes by a d60 roll, the rest armor."""
    report = odds.volley(example(yard, "raider"), example(yard, "starfury"), Terms(range=3),
                         1000, 1)
    assert report.exact
    assert points(report, "dhits through") == {0: pytest.approx(0.6), 5: pytest.approx(0.4)}
    assert points(report, "dhits past") == {0: pytest.approx(0.6), 2: pytest.approx(0.4)}
    assert "gunnery 50% −10% pilot firing = 40%" in report.notes[0]
    # the crew row (3 of the 60 boxes) is hit when a random dhit lands on it
    (rows,) = report.tables
    assert rows.columns == ("row", "hit", "wholly lost")
    _, hit, lost = next(r for r in rows.rows if str(r[0]).startswith("Crew"))
    assert isinstance(hit, Chance) and isinstance(lost, Chance)
    assert hit.chance == pytest.approx(0.4 * _crew_hit_exactly(), rel=1e-9)
    assert lost.chance == 0.0


def _crew_hit_exactly() -> float:
    # armor 9 at boxes 31-39; after armor step 1: 59 boxes, 8 armor; the random pick takes
    # armor (8/59: then armor step 2 takes another, leaving 57 boxes, 6 armor) or not (51/59:
    # armor step leaves 57 boxes, 7 armor); either way the second pick is among 57 boxes
    first_not_crew = 56 / 59
    second_not_crew = 54 / 57
    return 1 - first_not_crew * second_not_crew


def test_out_of_range_nothing_fires(yard: Yard) -> None:
    report = odds.volley(example(yard, "starfury"), example(yard, "raider"), Terms(range=16),
                         1000, 1)
    assert points(report, "dhits through") == {0: 1.0}
    assert any("no weapon reaches" in n for n in report.notes)


def test_speed_and_the_optional_rules(yard: Yard) -> None:
    report = odds.volley(example(yard, "starfury"), example(yard, "raider"),
                         Terms(range=9, speed=3, rules={"range-penalty": "on"}), 1000, 1)
    # 50 - 10 pilot - 15 moving 3 - 20 for 4 dhexes beyond 5 = 5%
    assert points(report, "dhits through")[6] == pytest.approx(0.05)


def _compare(exact: OddsReport, sampled: OddsReport) -> None:
    n = sampled.samples or 0
    for dist in exact.distributions:
        seen = points(sampled, dist.name[:12])
        for p in dist.points:
            se = math.sqrt(p.chance * (1 - p.chance) / n)
            assert abs(seen.get(p.value, 0.0) - p.chance) < 4 * se + 1e-9, (dist.name, p)
    for e, s in zip(exact.tables[0].rows, sampled.tables[0].rows, strict=True):
        for a, b in ((e[1], s[1]), (e[2], s[2])):
            if not isinstance(a, Chance) or not isinstance(b, Chance):
                continue
            se = math.sqrt(a.chance * (1 - a.chance) / n)
            assert abs(a.chance - b.chance) < 4 * se + 1e-9, (e[0], a, b)
    for a, b in zip(exact.chances, sampled.chances, strict=True):
        se = math.sqrt(a.chance * (1 - a.chance) / n)
        assert abs(a.chance - b.chance) < 4 * se + 1e-9, (a, b)


@pytest.mark.parametrize(("attacker", "target", "terms"), [
    ("starfury", "raider", {"range": 4}),
    ("galileo", "starfury", {"range": 1}),
    ("starfury", "galileo", {"range": 1, "crew": ({"gunnery": "100"}, {})}),
])
@pytest.mark.slow
def test_exact_odds_agree_with_sampling(yard: Yard, monkeypatch: pytest.MonkeyPatch,
                                        attacker: str, target: str,
                                        terms: dict[str, Any]) -> None:
    a, t = example(yard, attacker), example(yard, target)
    exact = odds.volley(a, t, Terms(**terms), 1, 1)
    monkeypatch.setattr(odds, "WORK_LIMIT", -1)
    monkeypatch.setattr(odds, "SAMPLING_BUDGET", 1e12)
    sampled = odds.volley(a, t, Terms(**terms), 12_000, 4)
    assert exact.exact and not sampled.exact
    _compare(exact, sampled)


def test_a_salvo_of_missiles(craft: Any, yard: Yard) -> None:
    boat = craft(60, "{type: armor, cblocs: 6}", "{type: launch_tubes, count: 7}",
                 "{type: missiles, cblocs: 2, move: 5, damage: 3, tech_level: 8}",
                 "{type: power, cblocs: 2}", "{type: crew, people: 1}").design
    literal = odds.volley(boat, example(yard, "starfury"), Terms(range=6), 1000, 1)
    # 7 missiles into screens 6 (R6 as the text reads): 7 // 6 = 1 penetrates, and one more on
    # a d6 at or under the remainder 1 (R12); the screens repel the rest, at most 6
    assert points(literal, "dhits through") == {3: pytest.approx(5 / 6), 6: pytest.approx(1 / 6)}
    as_beams = odds.volley(boat, example(yard, "starfury"),
                           Terms(range=6, rules={"missile-screens": "as-beams"}), 1000, 1)
    # as beams: 7 // 6 = 1 repelled, one more on a d6 of 1: 6 or 5 missiles of 3 dhits through
    assert points(as_beams, "dhits through") == {15: pytest.approx(1 / 6),
                                                 18: pytest.approx(5 / 6)}
