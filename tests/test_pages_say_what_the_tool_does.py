"""What the README and docs state about the tool is true, and stays so: each statement here is
checked against what the tool does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shipyard.core.registry import system_ids
from tests.cli import shipyard
from tests.conftest import ROOT

SYSTEMS = ["smallcraft", "rogue-trader", "dropfleet", "traveller", "d12-facings"]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def flat(words: str) -> str:
    return " ".join(words.split())


def test_the_pages_say_every_system_fights_battles_because_every_one_does() -> None:
    from shipyard.core.yard import Yard

    yard = Yard()
    battling = [s for s in SYSTEMS if (o := yard.system(s).fight_options) is not None
                and o.battle is not None]
    assert battling == SYSTEMS
    assert "Fleets fight as battles in every system" in text(ROOT / "README.md")
    assert "all five have battles" in flat(text(ROOT / "docs" / "fleets.md"))
    for page in PAGES:
        assert "so far" not in text(page), page


def test_duel_help_and_its_page_promise_the_same_of_a_summary() -> None:
    helped = flat(shipyard("duel", "--help").out)
    page = flat(text(ROOT / "docs" / "commands" / "duel.md"))
    assert "same summary on the same installation" in helped
    assert "same summary on the same installation" in page
    assert "same summary on every machine" not in page


def test_the_cache_section_names_every_place_the_cache_may_be(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from shipyard.core.paths import cache_root

    monkeypatch.delenv("SHIPYARD_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_root() == tmp_path / "shipyard"
    limits = text(ROOT / "docs" / "limits.md")
    assert "`$SHIPYARD_CACHE`, else `$XDG_CACHE_HOME/shipyard`, else `~/.cache/shipyard`" \
        in limits


@pytest.mark.parametrize("system", SYSTEMS)
def test_new_names_the_ship_for_what_it_is_not_for_the_file(system: str,
                                                            tmp_path: Path) -> None:
    run = shipyard("new", system, "-o", "wasp.yaml", cwd=tmp_path)
    assert run.code == 0, run.err
    name = re.search(r"^name: (.*)$", (tmp_path / "wasp.yaml").read_text(encoding="utf-8"),
                     re.M)
    assert name and name.group(1).startswith("New ") and "asp" not in name.group(1)


def test_help_lists_the_commands_in_the_order_a_newcomer_uses_them() -> None:
    out = shipyard("--help").out
    listed = re.findall(r"^  ([a-z]+) ", out.split("Commands:")[1], re.M)
    assert listed[:10] == ["systems", "examples", "new", "validate", "show", "sheet", "cards",
                           "duel", "battle", "odds"]


SEED_AS_TEXT = re.compile(r"\bseed's\b|\b[Tt]he seed\b(?! (?:a|of|that|it)\b)|(?<!\w)\(seed[,;)]")


def test_no_page_calls_the_rules_text_a_seed() -> None:
    """"seed" is the random seed of `--seed` and nothing else: each rules text goes by its
    title ("the quick reference", "the damage rules")."""
    for page in PAGES:
        found = SEED_AS_TEXT.findall(text(page))
        assert not found, (page, found)


@pytest.mark.parametrize("system", system_ids())
def test_no_help_calls_the_rules_text_a_seed(system: str) -> None:
    for argv in (("duel", "--help-system", system), ("odds", "--help-system", system),
                 ("catalog", system)):
        out = shipyard(*argv).out
        assert not SEED_AS_TEXT.findall(out), (argv, SEED_AS_TEXT.findall(out))
