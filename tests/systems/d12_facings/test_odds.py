"""The exact odds of one shot: the skill roll's distribution by hand, sustain's best use."""

from __future__ import annotations

from fractions import Fraction

from shipyard.systems.d12_facings.combat.odds import damage_counts, expected_damage, skill_counts
from tests.cli import shipyard
from tests.systems.d12_facings.helpers import EXAMPLES


def test_skill_roll_distribution_by_hand() -> None:
    # total 1: nothing is under 1, so every face stands alone, 12 of 144 each
    assert skill_counts(1) == tuple((f, f == 12, 12) for f in range(1, 13))
    # total 3: firsts 1 and 2 roll again (results 2..13 and 3..14, one each); 3..12 stand alone
    counts = {(res, nat): c for res, nat, c in skill_counts(3)}
    assert counts[(2, False)] == 1  # 1 then 1
    assert counts[(3, False)] == 1 + 1 + 12  # 1+2, 2+1, and a first 3
    assert counts[(13, False)] == 2  # 1+12 and 2+11
    assert counts[(14, False)] == 1  # 2+12
    assert counts[(12, True)] == 12  # the natural 12, never rolled again
    assert sum(skill_counts(3)[i][2] for i in range(len(skill_counts(3)))) == 144
    # total 13: every first but 12 rolls again; the highest result is 11 + 12 = 23
    assert max(res for res, _, _ in skill_counts(13)) == 23
    assert dict(((r, n), c) for r, n, c in skill_counts(13))[(12, True)] == 12


def test_best_sustain_enumeration() -> None:
    # total 1 (no second die), need 9, D 4, S 1: a first f of 6..8 hits for 4 − (9 − f);
    # 9..12 hits for 4; 1..5 misses (a 1 is natural, 2..5 would leave nothing)
    counts = dict(damage_counts(1, 9, 4, 1))
    assert counts == {0: 5 * 12, 1: 12, 2: 12, 3: 12, 4: 4 * 12}
    assert expected_damage(1, 9, 4, 1) == 12 * (1 + 2 + 3) + 4 * 48
    # S 3 on D 5: one step leaves 2, a second would leave nothing
    assert dict(damage_counts(1, 9, 5, 3)) == {0: 7 * 12, 2: 12, 5: 4 * 12}


def test_beams_almost_never_miss() -> None:
    """The seed's aside: "it's almost impossible to completely miss with a beam weapon"."""
    # a light laser, total 6, at medium against defence 2 (need 9): natural 1s (12 of 144),
    # and firsts 2..5 whose second die leaves the sum under 6 even after 3 steps of sustain
    # (3 + 2 + 1 + 0 = 6): 18 of 144 miss
    assert Fraction(dict(damage_counts(6, 9, 4, 1))[0], 144) == Fraction(1, 8)
    assert Fraction(dict(damage_counts(6, 6, 4, 1))[0], 144) == Fraction(1, 12)  # natural 1s


def test_odds_command_is_exact_and_names_each_gun() -> None:
    run = shipyard("odds", EXAMPLES / "kestrel.yaml", EXAMPLES / "bulldog.yaml", "--range",
                   "medium", "--json")
    assert run.code == 0, run.err
    data = run.json()
    assert data["exact"] is True
    names = [d["name"] for d in data["distributions"]]
    assert names == ["damage of Light laser 1 at medium (needs 10)",
                     "damage of Light laser 2 at medium (needs 10)"]
    for dist in data["distributions"]:
        assert abs(sum(p["chance"] for p in dist["points"]) - 1) < 1e-12


def test_odds_inclusive_switch_raises_the_chance() -> None:
    strict = shipyard("odds", EXAMPLES / "kestrel.yaml", EXAMPLES / "bulldog.yaml", "--range",
                      "long", "--json").json()
    loose = shipyard("odds", EXAMPLES / "kestrel.yaml", EXAMPLES / "bulldog.yaml", "--range",
                     "long", "--rule", "under=inclusive", "--json").json()
    assert loose["chances"][0]["chance"] > strict["chances"][0]["chance"]
