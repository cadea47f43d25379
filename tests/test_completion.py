"""Shell completion, asked as bash asks it (the completion variables set), in this process; one
test asks in a fresh process, as bash does, that a TAB imports nothing heavy."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from shipyard.cli.completion import SYSTEMS_GROUP
from shipyard.core.registry import GROUP, system_ids
from shipyard.core.yard import Yard

# What a TAB must not pay for: the rules systems, validation, printing, fights.
HEAVY = ("pydantic", "weasyprint", "jinja2", "numpy", "yaml", "rich", "shipyard.systems")


def asked(env: dict[str, str], cwd: Path | None = None, argv: tuple[str, ...] = ()) -> str:
    """What `shipyard ARGV` prints with the variables `env` set, run in this process."""
    import typer.core

    from shipyard.cli import main

    parameter = typer.core._TyperParameter
    process_value = parameter.process_value  # completion's start patches it: put back after
    saved = {name: os.environ.get(name) for name in env}
    before = Path.cwd()
    out = io.StringIO()
    args = sys.argv
    try:
        os.environ.update(env)
        sys.argv = ["shipyard", *argv]
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as ended:
            main()
        assert not ended.value.code, ended.value.code
    finally:
        sys.argv = args
        os.chdir(before)
        parameter.process_value = process_value  # type: ignore[method-assign]
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return out.getvalue()


def bash_env(words: str, cache: Path | None = None) -> dict[str, str]:
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    env = {"_SHIPYARD_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    if cache is not None:
        env["SHIPYARD_CACHE"] = str(cache)
    return env


def complete(words: str, cwd: Path | None = None, cache: Path | None = None) -> list[str]:
    """What bash gets back for the command line `words` (the cursor at its end)."""
    return asked(bash_env(words, cache), cwd).split()


def test_the_group_is_the_registry_s() -> None:
    assert SYSTEMS_GROUP == GROUP


@pytest.mark.parametrize("command", ["new", "cards", "catalog", "schema"])
def test_system_ids_complete_from_the_installed_entry_points(command: str) -> None:
    offered = complete(f"shipyard {command} ")
    assert offered == sorted(ep.name for ep in entry_points(group=GROUP))
    assert offered == list(system_ids())


def test_a_system_id_prefix_narrows_the_offer() -> None:
    offered = complete("shipyard new sm")
    assert offered == [s for s in system_ids() if s.startswith("sm")] == ["smallcraft"]


@pytest.mark.parametrize("words", ["shipyard cards --paper ", "shipyard sheet d.yaml --paper "])
def test_paper_offers_its_two_sizes(words: str) -> None:
    assert complete(words) == ["a4", "letter"]


def test_format_offers_its_choices_by_prefix() -> None:
    assert complete("shipyard sheet --format ") == ["pdf", "html", "png"]
    assert complete("shipyard sheet --format h") == ["html"]


def test_commands_complete() -> None:
    offered = complete("shipyard ")
    assert {"systems", "catalog", "new", "validate", "show", "schema", "sheet",
            "cards"} <= set(offered)
    assert complete("shipyard va") == ["validate"]


def test_design_paths_offer_yaml_files_and_the_folders_beside_them(tmp_path: Path) -> None:
    for name in ("alpha.yaml", "beta.yml", "notes.txt", ".hidden.yaml"):
        (tmp_path / name).write_text("system: smallcraft\n")
    (tmp_path / "fleet").mkdir()
    offered = complete("shipyard validate ", cwd=tmp_path)
    assert offered == ["alpha.yaml", "beta.yml", f"fleet{os.sep}"]
    assert complete("shipyard show a", cwd=tmp_path) == ["alpha.yaml"]
    assert complete("shipyard sheet x.yaml b", cwd=tmp_path) == ["beta.yml"]


def test_design_paths_keep_the_folder_as_typed(tmp_path: Path) -> None:
    (tmp_path / "fleet").mkdir()
    (tmp_path / "fleet" / "wasp.yaml").write_text("system: smallcraft\n")
    offered = complete(f"shipyard validate fleet{os.sep}", cwd=tmp_path)
    assert offered == [os.path.join("fleet", "wasp.yaml")]


def test_no_design_file_hands_the_word_back_to_the_shell(tmp_path: Path) -> None:
    # bash's own file completion (complete -o default) then walks into the folder, no space
    (tmp_path / "fleet").mkdir()
    assert complete("shipyard validate fl", cwd=tmp_path) == []


@pytest.mark.parametrize(("shell", "says"), [
    ("bash", ["_SHIPYARD_COMPLETE=complete_bash",
              "complete -o default -F _shipyard_completion shipyard"]),
    ("zsh", ["#compdef shipyard", "_SHIPYARD_COMPLETE=complete_zsh"]),
    ("fish", ["complete --command shipyard", "_SHIPYARD_COMPLETE=complete_fish"]),
])
def test_show_completion_prints_the_named_shell_s_script(shell: str, says: list[str]) -> None:
    shown = asked({"SHELL": "/bin/bash"}, argv=("--show-completion", shell))
    assert all(s in shown for s in says)


def test_install_completion_installs_for_the_named_shell(tmp_path: Path) -> None:
    asked({"HOME": str(tmp_path), "SHELL": "/bin/bash"}, argv=("--install-completion", "zsh"))
    assert (tmp_path / ".zfunc" / "_shipyard").is_file()
    assert not (tmp_path / ".bashrc").exists()


def test_install_completion_is_offered_in_help() -> None:
    shown = asked({}, argv=("--help",))
    assert "--install-completion SHELL" in shown and "--show-completion SHELL" in shown


# --- a system's own choices, from the cached index -----------------------------------------


def _declared(system_id: str, command: str = "duel") -> dict[str, list[str]]:
    from shipyard.cli.choices import _values

    options = Yard().system(system_id).fight_options
    assert options is not None
    return {o.name: _values(o.kind) for o in getattr(options, command)}


def _design(folder: Path, system_id: str) -> Path:
    path = folder / f"{system_id}.yaml"
    path.write_text(f"# my ship\nsystem: {system_id}\nname: Mine\n")
    return path


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder whose index is built once, by the first TAB of each system."""
    folder = tmp_path_factory.mktemp("cache")
    for system_id in system_ids():
        complete(f"shipyard new {system_id} --hull ", cache=folder)
    return folder


@pytest.mark.parametrize("system_id", system_ids())
def test_fight_choices_come_from_design_a_s_system(system_id: str, tmp_path: Path,
                                                  cache: Path) -> None:
    a = _design(tmp_path, system_id)
    duel, odds = _declared(system_id, "duel"), _declared(system_id, "odds")
    for option in ("geometry", "range"):
        assert complete(f"shipyard duel {a} {a} --{option} ", cache=cache) == duel.get(option,
                                                                                        [])
    assert complete(f"shipyard odds {a} {a} --range ", cache=cache) == odds.get("range", [])
    options = Yard().system(system_id).fight_options
    assert options is not None
    rules = complete(f"shipyard duel {a} {a} --rule ", cache=cache)
    assert rules == [f"{o.name}=" for o in options.rules]
    for command, flag in (("duel", "--crew-a"), ("odds", "--crew")):
        offered = complete(f"shipyard {command} {a} {a} {flag} ", cache=cache)
        assert offered == [f"{o.name}=" for o in options.crew_for(command)]


def test_keyed_values_complete_after_the_equals_sign(tmp_path: Path, cache: Path) -> None:
    a = _design(tmp_path, "smallcraft")
    offered = complete(f"shipyard duel {a} {a} --rule missile-screens=", cache=cache)
    assert offered == ["missile-screens=literal", "missile-screens=as-beams"]
    offered = complete(f"shipyard duel {a} {a} --crew-a gunnery=50,gunner=", cache=cache)
    assert offered == ["gunnery=50,gunner=pilot", "gunnery=50,gunner=crew"]


def test_d12_duel_offers_no_crew_keys_that_it_refuses(tmp_path: Path, cache: Path) -> None:
    a = _design(tmp_path, "d12-facings")
    assert complete(f"shipyard duel {a} {a} --crew-a ", cache=cache) == []
    assert complete(f"shipyard odds {a} {a} --crew ", cache=cache) == ["gunnery=", "help="]


def test_hull_and_stock_ids_complete(cache: Path) -> None:
    yard = Yard()
    rogue = yard.system("rogue-trader")
    hulls = [h for h in rogue.hull_ids(yard.catalog(rogue)) if h.startswith("s")]
    offered = complete("shipyard new rogue-trader --hull s", cache=cache)
    assert offered == hulls and hulls
    dropfleet = yard.system("dropfleet")
    stock = [s for s in dropfleet.stock_ids(yard.catalog(dropfleet)) if s.startswith("c")]
    assert complete("shipyard new dropfleet --stock c", cache=cache) == stock and stock
    assert complete("shipyard duel a.yaml b.yaml --engine ", cache=cache) == ["auto", "compiled",
                                                                              "plain"]


def test_an_overlay_s_hulls_are_offered_and_its_edits_seen(tmp_path: Path, cache: Path) -> None:
    house = tmp_path / "house" / "d12-facings"
    house.mkdir(parents=True)
    entry = ("hulls:\n  - {id: %s, name: Gunboat, slots: {fore: 2, aft: 1, port: 1, "
             "starboard: 1, core: 2}, shields: 2, armour: 2, berths: 3, defence: 3, "
             "handling: 2, points: 8, source: house, reason: ours}\n")
    (house / "hulls.yaml").write_text(entry % "gunboat")
    words = f"shipyard --catalog {tmp_path / 'house'} new d12-facings --hull g"
    assert complete(words, cache=cache) == ["gunboat"]
    (house / "hulls.yaml").write_text(entry % "gunship-mark-2")  # a save: the index is stale
    assert complete(words, cache=cache) == ["gunship-mark-2"]
    assert complete("shipyard new d12-facings --hull g", cache=cache) == []


@pytest.mark.parametrize(("shell", "extra"), [
    ("zsh", {}), ("fish", {"_TYPER_COMPLETE_FISH_ACTION": "get-args"})])
def test_zsh_and_fish_are_answered_too(shell: str, extra: dict[str, str], cache: Path) -> None:
    env = {"_SHIPYARD_COMPLETE": f"complete_{shell}", "SHIPYARD_CACHE": str(cache),
           "_TYPER_COMPLETE_ARGS": "shipyard new rogue-trader --hull sw", **extra}
    assert "sword-class-frigate" in asked(env)  # "Shell zsh not supported" exits 1


def test_battle_completes_with_its_own_options_from_a_fleet_file(cache: Path) -> None:
    """`battle` completes like `duel`, its options the system's battle ones, from
    side A's fleet file; a system without battles offers nothing for them."""
    from tests.conftest import ROOT

    assert complete("shipyard bat") == ["battle"]
    fleet = ROOT / "catalogs" / "dropfleet" / "fleets" / "ucm-patrol.yaml"
    battle = _declared("dropfleet", "battle")
    for option in ("geometry", "range"):
        offered = complete(f"shipyard battle {fleet} {fleet} --{option} ", cache=cache)
        assert offered == battle[option] and offered


def test_a_tab_imports_no_rules_system_nor_validation_printing_or_fights(
        tmp_path: Path, cache: Path) -> None:
    """Every kind of TAB, answered in one fresh process as bash starts it, imports none of
    what a TAB must not pay for (the choices of a system come from the cached index)."""
    from tests.conftest import ROOT

    (tmp_path / "alpha.yaml").write_text("system: smallcraft\n")
    a = _design(tmp_path, "dropfleet")
    fleet = ROOT / "catalogs" / "dropfleet" / "fleets" / "ucm-patrol.yaml"
    lines = ["shipyard ", "shipyard new ", "shipyard cards --paper ", "shipyard validate ",
             f"shipyard duel {a} {a} --geometry ", f"shipyard duel {a} {a} --rule ",
             "shipyard new rogue-trader --hull s", f"shipyard battle {fleet} {fleet} --range "]
    code = (f"import os, sys\nfrom shipyard.cli import main\nheavy = {HEAVY!r}\n"
            f"for env in {[bash_env(words, cache) for words in lines]!r}:\n"
            "    os.environ.update(env)\n"
            "    try:\n        main()\n    except SystemExit as end:\n"
            "        assert not end.code, end.code\n"
            "print('IMPORTED', *sorted(m for m in sys.modules if m in heavy"
            " or m.startswith(tuple(h + '.' for h in heavy))), file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    offered = run.stdout.split()
    assert {"validate", "smallcraft", "a4", "alpha.yaml"} <= set(offered), offered
    imported = next(ln for ln in run.stderr.splitlines() if ln.startswith("IMPORTED"))
    assert imported.split()[1:] == []



def test_cards_offers_the_simulator_deck() -> None:
    assert complete("shipyard cards dropfleet --sim") == ["--simulator"]
