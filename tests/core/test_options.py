"""The fight options each system declares, parsed once by the core (core/options.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.core.options import (
    END_REASONS,
    Choice,
    FightOptions,
    Option,
    Steps,
    Terms,
    Whole,
    parse_terms,
    switch,
)
from shipyard.core.yard import Yard
from shipyard.errors import UserError
from tests.cli import shipyard

BANDS = Option("range", "range band", Steps(("adjacent", "close", "short", "medium")))
TOY = FightOptions(
    duel=(BANDS, Option("cap", "rounds", Whole(1, 9, "rounds"))),
    odds=(BANDS,),
    crew=(Option("pilot", "Pilot skill", Whole(0, 6)),),
    rules=(Option("sand", "sandcasters", switch()),
           Option("mode", "which", Choice({"x": "one", "y": "other"}))),
    end_reasons={"jumped": "jumped out"},
)


def parse(command: str = "duel", values: dict[str, str | None] | None = None,
          crew: list[list[str]] | None = None, rules: list[str] | None = None) -> Terms:
    return parse_terms("toy", TOY, command, values or {}, crew or [[], []], rules or [])


def test_values_are_parsed_to_their_kinds() -> None:
    terms = parse(values={"range": "short", "cap": "4"}, crew=[["pilot=2"], []],
                  rules=["sand", "mode=y"])
    assert terms.values == {"range": "short", "cap": 4}
    assert terms.crew[0] == {"pilot": 2} and terms.crew[1] == {}
    assert terms.rules == {"sand": "on", "mode": "y"}
    assert terms.whole("cap", 1) == 4 and terms.word("range", "close") == "short"
    assert parse(rules=["sand=no"]).rules == {"sand": "off"}


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"values": {"range": "shrot"}}, "--range shrot: give one of adjacent, close, short, "
     "medium; did you mean 'short'?"),
    ({"values": {"cap": "10"}}, "--cap 10: give a whole number 1..9 rounds"),
    ({"values": {"speed": "2"}}, "--speed: toy duel has no such option (its options: --range, "
     "--cap; see --help-system toy)"),
    ({"crew": [[], ["pilto=2"]]}, "--crew-b pilto: toy has no crew key 'pilto'; did you mean "
     "'pilot'?"),
    ({"crew": [["pilot"], []]}, "--crew-a pilot: give KEY=VALUE"),
    ({"rules": ["mode=z"]}, "--rule mode=z: give one of x, y"),
    ({"rules": ["hot"]}, "--rule hot: toy has no rule 'hot'; known: sand, mode"),
])
def test_a_wrong_value_is_one_message_naming_what_is_known(kwargs: dict[str, object],
                                                           message: str) -> None:
    with pytest.raises(UserError) as err:
        parse(**kwargs)  # type: ignore[arg-type]
    assert [d.message for d in err.value.diagnostics] == [message]


def test_several_keys_to_one_option_part_at_commas() -> None:
    terms = parse(crew=[["pilot=2"], []], rules=["sand,mode=y"])
    assert terms.rules == {"sand": "on", "mode": "y"}
    assert parse(crew=[[], ["pilot=1,pilot=3"]]).crew[1] == {"pilot": 3}
    with pytest.raises(UserError):
        parse(crew=[["pilot=2,"], []])


def test_odds_has_one_crew_flag_and_no_pilot() -> None:
    with pytest.raises(UserError) as err:
        parse_terms("toy", TOY, "odds", {}, [["pilto=1"]], [])
    assert err.value.diagnostics[0].message.startswith("--crew pilto:")
    with pytest.raises(UserError):
        parse_terms("toy", TOY, "odds", {}, [[]], [], ("me.py:Pilot", None))


def test_a_battle_takes_a_users_commander_only_where_the_system_names_one() -> None:
    from dataclasses import replace

    battles = replace(TOY, battle=())
    with pytest.raises(UserError) as err:
        parse_terms("toy", battles, "battle", {}, [], [], ("me.py:Admiral", None))
    assert "battles take the default commander only" in err.value.diagnostics[0].message
    commanded = replace(battles, battle_pilot="admiral")
    terms = parse_terms("toy", commanded, "battle", {}, [], [], (None, "me.py:Admiral"))
    assert terms.pilots == (None, "me.py:Admiral")
    assert "  battle --pilot-a / --pilot-b FILE.py:NAME: your own admiral" in \
        commanded.help_lines("toy")


def test_end_reasons_are_the_core_vocabulary_and_the_system_extras() -> None:
    assert set(TOY.reasons()) == set(END_REASONS) | {"jumped"}
    assert all(r == r.lower() and " " not in r for r in END_REASONS)


def test_help_lines_name_every_option() -> None:
    text = "\n".join(TOY.help_lines("toy"))
    for words in ("--range: adjacent < close < short < medium", "pilot: a whole number 0..6",
                  "sand: on | off", "end reasons:", "jumped"):
        assert words in text


def overlay(tmp_path: Path, system: str, name: str, text: str) -> Path:
    folder = tmp_path / system
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)
    return tmp_path


def test_a_catalog_default_geometry_is_checked_at_its_own_line(tmp_path: Path) -> None:
    house = overlay(tmp_path, "rogue-trader", "combat.yaml",
                    "# house rules\ncombat:\n  geometry: spiral\n")
    yard = Yard([house])
    with pytest.raises(UserError) as err:
        yard.catalog(yard.system("rogue-trader"))
    (diag,) = err.value.diagnostics
    assert diag.file is not None and diag.file.endswith("combat.yaml") and diag.line == 3
    assert "give one of head-on, pursuit, crossing, abeam" in diag.message


def test_a_catalog_default_rule_is_checked_at_its_own_line(tmp_path: Path) -> None:
    house = overlay(tmp_path, "smallcraft", "combat.yaml",
                    "combat:\n  rules:\n    transvers: \"on\"\n")
    run = shipyard("--catalog", str(house), "duel",
                   "catalogs/smallcraft/examples/starfury.yaml",
                   "catalogs/smallcraft/examples/raider.yaml", "--seed", "1")
    assert run.code == 2
    assert run.err.strip().endswith("no optional rule 'transvers'; did you mean 'transverse'?")
    assert "combat.yaml:" in run.err and "Traceback" not in run.err


def test_duel_help_offers_no_option_no_system_uses() -> None:
    text = shipyard("duel", "--help").out
    assert "--dimensions" not in text and "--speed" not in text
    assert "--help-system" in text
