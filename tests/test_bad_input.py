"""The corpus of bad design files: each gets FILE:LINE lines, the right exit, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli import shipyard
from tests.conftest import ROOT

BAD = ROOT / "tests" / "bad"

# file -> (exit status, first diagnostic's code, its line, words the message must carry)
EXPECTED = {
    "malformed.yaml": (2, "yaml.syntax", 4, "YAML syntax"),
    "wrong_type_hull.yaml": (2, "schema.invalid", 3, "valid integer"),
    "wrong_type_bool.yaml": (2, "schema.invalid", 6, "valid boolean"),
    "bool_hull.yaml": (2, "schema.invalid", 3, "valid integer (got True)"),
    "fraction_hull.yaml": (2, "schema.invalid", 3, "valid integer (got 60.5)"),
    "long_number.yaml": (2, "yaml.value", 3, "(5,000 characters) as a YAML value"),
    "unknown_system.yaml": (2, "system.unknown", 1, "known: "),
    "unknown_component.yaml": (2, "schema.unknown_type", 6, "'laser'; known: 'drive'"),
    "unknown_option.yaml": (2, "schema.invalid", 6, "known: land-and-lift"),
    "unknown_facing.yaml": (2, "schema.unknown_option", 6, "'front', 'back'"),
    "unknown_key.yaml": (2, "schema.unknown_key", 5, "did you mean 'cblocs'"),
    "unknown_top_key.yaml": (2, "schema.missing_key", 1, "missing key 'hull'"),
    "negative.yaml": (2, "schema.out_of_range", 5, "greater than or equal to 1"),
    "zero_hull.yaml": (2, "schema.out_of_range", 3, "greater than or equal to 1"),
    "absurd_hull.yaml": (2, "schema.out_of_range", 3, "less than or equal to 10000"),
    "absurd_drive.yaml": (2, "schema.out_of_range", 6, "less than or equal to 1000"),
    "absurd_cargo.yaml": (2, "schema.invalid", 6, "tons"),
    "duplicate_key.yaml": (2, "yaml.duplicate_key", 4, "first given on line 2"),
    "duplicate_nested_key.yaml": (2, "yaml.duplicate_key", 5, "'cblocs'"),
    "non_utf8.yaml": (2, "file.encoding", 2, "UTF-8"),
    "empty.yaml": (2, "design.empty", 1, "system: <id>"),
    "comment_only.yaml": (2, "design.empty", 1, "system: <id>"),
    "list_not_mapping.yaml": (2, "design.not_mapping", 1, "mapping"),
    "missing_system.yaml": (2, "schema.missing_key", 1, "'system'"),
    "missing_hull.yaml": (2, "schema.missing_key", 1, "'hull'"),
    "drive_unsized.yaml": (2, "schema.invalid", 6, "g (acceleration) or its cblocs"),
    "accept_unknown.yaml": (2, "schema.unknown_code", 4, "did you mean 'budget.unallocated'"),
    "python_tag.yaml": (2, "yaml.tag", 3, "unsupported YAML tag"),
    "too_many_components.yaml": (2, "schema.too_long", 4, "at most 1000"),
    "alias_bomb.yaml": (2, "yaml.too_large", 1, "alias bomb"),
    "illegal_over_hull.yaml": (1, "budget.over", 3, "remove 12 cblocs"),
    "illegal_armor.yaml": (1, "armor.minimum", 5, "at least 6"),
    "illegal_cargo.yaml": (1, "cargo.granularity", 6, "0.3 or 0.35 tons"),
}


def test_the_corpus_is_covered() -> None:
    assert sorted(p.name for p in BAD.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_design_gets_one_located_line_per_problem(name: str) -> None:
    status, code, line, words = EXPECTED[name]
    path = BAD / name
    run = shipyard("validate", path)
    assert run.code == status
    errors = [ln for ln in run.err.splitlines() if not ln.split(": ", 2)[1].startswith("warning")]
    assert errors and all(re.match(rf"{re.escape(str(path))}:\d+: \S", ln) for ln in errors)
    assert errors[0].startswith(f"{path}:{line}: ") and words in errors[0], errors[0]
    assert "Traceback" not in run.err + run.out

    report = shipyard("validate", "--json", path).json()[0]
    assert report["legal"] is (None if status == 2 else False)
    assert report["errors"][0]["code"] == code
    assert report["errors"][0]["line"] == line


def test_a_real_process_prints_no_traceback_for_the_whole_corpus() -> None:
    run = subprocess.run([sys.executable, "-m", "shipyard", "validate", *sorted(BAD.glob("*"))],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2  # the worst status wins
    assert "Traceback" not in run.stderr
    assert len(run.stdout.splitlines()) == len(EXPECTED)  # every file is still reported


def test_oversized_file_is_refused(tmp_path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("system: smallcraft\nname: x\nhull: 60\n" + "#" * 2_000_000)
    run = shipyard("validate", path)
    assert run.code == 2 and "file.too_large" not in run.err and "at most" in run.err


def test_missing_file_and_directory(tmp_path) -> None:
    run = shipyard("validate", tmp_path / "nope.yaml", tmp_path)
    assert run.code == 2
    assert f"{tmp_path / 'nope.yaml'}:1: no such file" in run.err
    assert f"{tmp_path}:1: is a directory" in run.err


# --- fleets that list fleets -------------------------------------------------------------------

RT_EXAMPLES = ROOT / "catalogs" / "rogue-trader" / "examples"


def _fleet(path, *members: str) -> None:
    ships = "".join(f"  - {{design: {m}}}\n" for m in members)
    path.write_text(f"system: rogue-trader\nfleet: F\nlimit: 500\nships:\n{ships}")


def test_a_fleet_that_lists_itself_is_refused_at_its_entry(tmp_path) -> None:
    path = tmp_path / "self.yaml"
    _fleet(path, "self.yaml")
    for command in ("validate", "show", "sheet"):
        run = shipyard(command, path)
        assert run.code == 2, (command, run.err)
        assert run.err.splitlines() == [f"{path}:5: design: {path} is a fleet; a fleet lists "
                                        "designs, never fleets"], (command, run.err)


def test_two_fleets_that_list_each_other_are_refused_at_the_first_entry(tmp_path) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    _fleet(a, "b.yaml")
    _fleet(b, "a.yaml")
    run = shipyard("validate", a)
    assert run.code == 2 and f"{a}:5: design: {b} is a fleet" in run.err, run.err


@pytest.fixture
def files_read(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file the command reads, in order: the work counted, not timed."""
    from shipyard.core import yamlio

    read: list[Path] = []
    whole = yamlio.read_text
    monkeypatch.setattr(yamlio, "read_text",
                        lambda path, *shown: read.append(Path(path)) or whole(path, *shown))
    return read


def test_a_chain_of_fleets_is_refused_without_reading_below_the_first_level(
        tmp_path, files_read: list[Path]) -> None:
    (tmp_path / "sword.yaml").write_text((RT_EXAMPLES / "sword.yaml").read_text())
    for level in range(16):  # two files a level, each listing both of the next: 2**16 paths
        for k in "ab":
            _fleet(tmp_path / f"{level}{k}.yaml", f"{level + 1}a.yaml", f"{level + 1}b.yaml")
    for k in "ab":
        _fleet(tmp_path / f"16{k}.yaml", "sword.yaml")
    run = shipyard("validate", tmp_path / "0a.yaml")
    assert run.code == 2
    fleets = sorted(p.name for p in files_read if p.parent == tmp_path)
    assert fleets == ["0a.yaml", "1a.yaml", "1b.yaml"], fleets  # not 2**16 paths
    assert len(run.err.splitlines()) == 2 and "1a.yaml is a fleet" in run.err


# --- a fleet's size ---------------------------------------------------------------------------


def test_a_fleet_past_its_ship_bound_is_refused_before_any_member_is_read(
        tmp_path, files_read: list[Path]) -> None:
    from shipyard.core.fleet import MAX_SHIPS


    groups = "".join(f"  - name: G{g}\n    ships:\n      - {{design: nowhere.yaml, count: 150}}\n"
                     for g in range(150))
    path = tmp_path / "huge.yaml"
    path.write_text(f"system: rogue-trader\nfleet: Huge\nlimit: 1000000\ngroups:\n{groups}")
    for command in ("validate", "sheet"):
        run = shipyard(command, path, "-o" if command == "sheet" else "--strict",
                       *([tmp_path / "out.pdf"] if command == "sheet" else []))
        assert run.code == 2
        assert run.err.splitlines() == [
            f"{path}:10: the counts up to this entry take the fleet to 300 ships or more; a "
            f"fleet is at most {MAX_SHIPS} ships (each prints its own sheet): split it"]
    assert [p for p in files_read if p.parent == tmp_path] == [path, path]  # once a command
    assert not (tmp_path / "out.pdf").exists()


def test_ships_of_a_group_design_count_toward_the_bound(tmp_path) -> None:
    from shipyard.core.fleet import MAX_SHIPS

    df = ROOT / "catalogs" / "dropfleet"
    (tmp_path / "toulons.yaml").write_text((df / "examples" / "toulon-group.yaml").read_text())
    path = tmp_path / "fleet.yaml"
    path.write_text("system: dropfleet\nfleet: Many\nlimit: 100000\ngroups:\n  - name: A\n"
                    "    type: line\n    ships:\n      - {design: toulons.yaml, count: 100}\n")
    run = shipyard("validate", path)
    assert run.code == 2
    assert f"{path}:8: the ships of its designs up to this entry take the fleet to 300" in run.err
    assert f"at most {MAX_SHIPS} ships" in run.err


def test_one_sheet_command_prints_at_most_a_fleets_worth(tmp_path) -> None:
    design = ROOT / "catalogs" / "rogue-trader" / "examples" / "sword.yaml"
    path = tmp_path / "fleet.yaml"
    path.write_text("system: rogue-trader\nfleet: F\nlimit: 100000\nships:\n"
                    "  - {design: " + str(design) + ", count: 200}\n")
    run = shipyard("sheet", path, path, "-o", tmp_path / "out.pdf")
    assert run.code == 2
    assert run.err.splitlines() == ["shipyard: 400 ship sheets asked for; one `sheet` prints at "
                                    "most 200 (a fleet's worth): print them in parts"]


# --- special files: tests use a temporary FIFO and socket, never /dev nodes --------------------


def _endless_writer(fifo, chunk: bytes = b"# " + b"x" * 65_000 + b"\n"):
    """A thread that writes to `fifo` until its reader goes away; it returns what it wrote."""
    import threading

    written = [0]

    def write() -> None:
        try:
            with open(fifo, "wb") as out:
                while written[0] < 50_000_000:
                    out.write(chunk)
                    written[0] += len(chunk)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread, written


def test_an_endless_pipe_is_read_to_the_limit_and_refused(tmp_path) -> None:
    import os

    from shipyard.core.yamlio import MAX_BYTES

    fifo = tmp_path / "design.yaml"
    os.mkfifo(fifo)
    thread, written = _endless_writer(fifo)
    run = shipyard("validate", fifo)
    thread.join(10)
    assert run.code == 2
    assert run.err.splitlines() == [f"{fifo}:1: more than {MAX_BYTES:,} bytes; a design or "
                                    f"catalog file is at most {MAX_BYTES:,} bytes"]
    assert written[0] < 3 * MAX_BYTES  # it stopped reading, it did not drain 50 MB


def test_a_small_pipe_is_read_as_a_design(tmp_path) -> None:
    import os
    import threading

    fifo = tmp_path / "piped.yaml"
    os.mkfifo(fifo)
    text = (ROOT / "catalogs" / "rogue-trader" / "examples" / "sword.yaml").read_bytes()
    thread = threading.Thread(target=lambda: fifo.write_bytes(text), daemon=True)
    thread.start()
    run = shipyard("validate", fifo)
    thread.join(10)
    assert run.code == 0, run.err


def test_an_overlay_file_that_is_an_endless_pipe_is_one_line(tmp_path) -> None:
    import os

    (tmp_path / "smallcraft").mkdir()
    fifo = tmp_path / "smallcraft" / "house.yaml"
    os.mkfifo(fifo)
    thread, _ = _endless_writer(fifo)
    run = shipyard("--catalog", tmp_path, "validate",
                   ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml")
    thread.join(10)
    assert run.code == 2 and len(run.err.splitlines()) == 1
    assert run.err.startswith(f"{fifo}:1: more than ") and "Traceback" not in run.err


def test_a_socket_device_or_terminal_is_refused_in_one_line(tmp_path, monkeypatch) -> None:
    import os
    import socket
    import stat

    path = tmp_path / "sock.yaml"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    try:
        run = shipyard("validate", path)
    finally:
        server.close()
    assert run.code == 2 and run.err.startswith(f"{path}:1: ") and len(run.err.splitlines()) == 1

    design = tmp_path / "design.yaml"  # a regular file that fstat calls a character device
    design.write_text("system: smallcraft\n")
    real = os.fstat

    def as_device(fd: int) -> os.stat_result:
        found = real(fd)
        mode = stat.S_IFCHR | 0o666 if stat.S_ISREG(found.st_mode) else found.st_mode
        return os.stat_result((mode, *tuple(found)[1:]))

    monkeypatch.setattr(os, "fstat", as_device)
    run = shipyard("validate", design)
    assert run.code == 2
    assert run.err.splitlines() == [f"{design}:1: is not a regular file (a device or socket?); "
                                    "give a .yaml file"]
    monkeypatch.setattr(os, "fstat", real)
    monkeypatch.setattr(os, "isatty", lambda fd: True)
    run = shipyard("validate", design)
    assert run.err.splitlines() == [f"{design}:1: is a terminal; give a .yaml file (or pipe one "
                                    "in)"]


# --- a user's own pilot, captain or commander -------------------------------------------------

SYSTEMS = ("smallcraft", "rogue-trader", "dropfleet", "traveller", "d12-facings")
USER_CODE = {
    "raising_init.py": ("class P:\n    def __init__(self):\n        raise ValueError('no crew')\n",
                        3, "ValueError: no crew"),
    "raising_method.py": ("class P:\n    def __getattr__(self, name):\n"
                          "        def method(*args, **kw):\n"
                          "            raise RuntimeError('lost')\n        return method\n",
                          4, "RuntimeError: lost"),
}


def _first_example(system: str):
    return sorted((ROOT / "catalogs" / system / "examples").glob("*.yaml"))[0]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("name", sorted(USER_CODE))
def test_users_code_that_fails_is_one_line_at_its_own_line(tmp_path, system: str,
                                                            name: str) -> None:
    text, line, words = USER_CODE[name]
    (tmp_path / name).write_text(text)
    design = _first_example(system)
    run = shipyard("duel", design, design, "--seed", "1", "--pilot-a", f"{name}:P",
                   cwd=tmp_path)
    assert run.code == 2, run.err
    assert len(run.err.splitlines()) == 1, run.err
    assert re.match(rf"(\S*/)?{re.escape(name)}:{line}: ", run.err) and words in run.err, run.err


@pytest.mark.parametrize("system", ["smallcraft", "traveller"])
def test_a_missing_method_is_named_at_the_class(tmp_path, system: str) -> None:
    (tmp_path / "empty.py").write_text("import math\n\n\nclass P:\n    pass\n")
    design = _first_example(system)
    run = shipyard("duel", design, design, "--seed", "1", "--pilot-a", "empty.py:P",
                   cwd=tmp_path)
    assert run.code == 2
    assert run.err.startswith("empty.py:4: ") and "has no method '" in run.err, run.err
    assert len(run.err.splitlines()) == 1


# --- a standard output that takes nothing ------------------------------------------------------


@pytest.mark.parametrize("args", [["validate", "sword.yaml"], ["show", "sword.yaml"],
                                  ["schema", "smallcraft"],
                                  ["duel", "sword.yaml", "sword.yaml", "--seed", "1"]])
def test_a_full_standard_output_is_one_line(args: list[str], monkeypatch, capsys) -> None:
    import io

    from shipyard.cli import main

    class Full(io.RawIOBase):  # what `> /dev/full` does to every write
        def writable(self) -> bool:
            return True

        def write(self, data: object) -> int:
            raise OSError(28, "No space left on device")

    monkeypatch.chdir(ROOT / "catalogs" / "rogue-trader" / "examples")
    monkeypatch.setattr(sys, "argv", ["shipyard", *args])
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(Full())))
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 2
    assert capsys.readouterr().err == ("shipyard: cannot write the output: No space left on "
                                       "device\n")


# --- damaged caches heal ------------------------------------------------------------------------

_SERIES = """
import sys
from tests.core.test_pattern import RULES, PREPARED
from shipyard.core import compiled
columns = compiled.run_series(RULES, PREPARED, 50, 3, notice=lambda line: print(line,
                                                                                file=sys.stderr))
print(columns.engine, int(columns.rounds.sum()))
"""


def _series_run(cache) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run([sys.executable, "-c", _SERIES], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env={**os.environ, "SHIPYARD_CACHE": str(cache)})


@pytest.mark.compiled
def test_a_damaged_compile_cache_heals_and_an_interrupted_compile_says_so(tmp_path) -> None:
    pytest.importorskip("numba")
    first = _series_run(tmp_path)
    assert first.returncode == 0 and "compiling fight rules once" in first.stderr, first.stderr
    expected = first.stdout
    (folder,) = (tmp_path / "fights").glob("*/")
    files = [p for p in folder.rglob("*") if p.suffix in (".nbi", ".nbc")]
    assert files
    for damage in (b"garbage\n", b""):
        for path in files:
            path.write_bytes(damage)
        healed = _series_run(tmp_path)
        assert healed.returncode == 0 and healed.stdout == expected, healed.stderr
        assert len(healed.stderr.splitlines()) == 1 and "could not be read" in healed.stderr
        again = _series_run(tmp_path)  # healed: nothing more to say
        assert again.returncode == 0 and again.stdout == expected and again.stderr == ""
    # a compile interrupted after Numba made the folder, before it wrote anything
    import shutil

    shutil.rmtree(folder)
    folder.mkdir()
    resumed = _series_run(tmp_path)
    assert resumed.stdout == expected and "compiling fight rules once" in resumed.stderr


# --- messages --------------------------------------------------------------------------------


@pytest.mark.parametrize("told", ["abc", "0", "-3", "1e3", "99999999999999999999999"])
def test_a_wrong_workers_setting_is_one_line(told: str, monkeypatch) -> None:
    monkeypatch.setenv("SHIPYARD_WORKERS", told)
    sword = ROOT / "catalogs" / "rogue-trader" / "examples" / "sword.yaml"
    run = shipyard("duel", sword, sword, "--runs", "3", "--seed", "1")
    assert run.code == 2
    assert run.err.splitlines() == [f"shipyard: SHIPYARD_WORKERS={told}: give a whole number "
                                    "of threads, 1..256"]


LONG = "x" * 100_000


@pytest.mark.parametrize("body", [f"system: {LONG}\n",
                                  f"system: smallcraft\nname: A\nhull: 60\n? {LONG}\n: 1\n",
                                  f"system: smallcraft\nname: A\nhull: 60\naccept: [{LONG}]\n",
                                  f"system: dropfleet\nname: A\nstock: {LONG}\n",
                                  f"system: smallcraft\nname: A\nhull: 60\ncomponents:\n"
                                  f"  - {{type: {LONG}}}\n"])
def test_an_unknown_name_is_not_repeated_whole(tmp_path, body: str) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(body)
    run = shipyard("validate", path)
    assert run.code == 2
    assert run.err and max(len(line) for line in run.err.splitlines()) < 600, run.err[:300]
    assert "(100,000 characters)" in run.err


def test_a_catalogs_start_range_is_blamed_on_its_own_line(tmp_path) -> None:
    (tmp_path / "smallcraft").mkdir()
    (tmp_path / "smallcraft" / "house.yaml").write_text("combat:\n  start_range: 10000\n")
    starfury = ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml"
    run = shipyard("--catalog", tmp_path, "duel", starfury, starfury, "--seed", "1")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{tmp_path / 'smallcraft' / 'house.yaml'}:2: combat.start_range: 10000: the craft must "
        "start within detection range, 0..20 dhexes here"]


def test_a_designs_own_gunner_setting_is_blamed_on_its_line(tmp_path) -> None:
    text = (ROOT / "catalogs" / "smallcraft" / "examples" / "starfury.yaml").read_text()
    path = tmp_path / "lone.yaml"
    path.write_text(text.replace("combat:\n", "combat:\n  pilot_is_gunner: false\n", 1)
                    .replace("  pilot_is_gunner: true\n", ""))
    line = path.read_text().splitlines().index("  pilot_is_gunner: false") + 1
    for command in ("duel", "odds"):
        run = shipyard(command, path, path, "--seed", "1", "--allow-illegal")
        assert run.code == 2
        assert run.err.splitlines() == [
            f"{path}:{line}: combat.pilot_is_gunner: false, but Starfury carries 1 person, so "
            "its pilot is its gunner; set it true (or --crew-a/b gunner=pilot)"]


def test_a_ship_without_hull_points_is_blamed_on_its_hull_line(tmp_path) -> None:
    (tmp_path / "traveller").mkdir()
    # the most tons a Hull point may take (docs/limits.md): a laboratory ship has none
    (tmp_path / "traveller" / "house.yaml").write_text("hull:\n  tons_per_hull_point: 1000\n")
    beagle = ROOT / "catalogs" / "traveller" / "examples" / "beagle-laboratory-ship.yaml"
    run = shipyard("--catalog", tmp_path, "duel", beagle, beagle, "--seed", "1",
                   "--allow-illegal")
    assert run.code == 2
    assert run.err.splitlines() == [f"{beagle}:6: Beagle-class Laboratory Ship (A) has no Hull "
                                    "points to fight with"]


# --- overlay catalogs tell their own FILE:LINE ------------------------------------------------


def _overlay_entry(system: str) -> tuple[str, dict]:
    """A section of entries of the system's built-in catalog, and a copy of its first entry
    under a new id, to add in an overlay."""
    import yaml

    for path in sorted((ROOT / "catalogs" / system).glob("*.yaml")):
        data = yaml.safe_load(path.read_text()) or {}
        for section, value in data.items():
            if isinstance(value, list) and value and isinstance(value[0], dict) \
                    and "id" in value[0] and "name" in value[0]:
                return section, {**value[0], "id": "house-entry"}
    raise AssertionError(f"{system} has no section of named entries")


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_misspelt_overlay_key_is_told_at_its_own_line_with_a_suggestion(
        tmp_path, system: str) -> None:
    import json

    section, entry = _overlay_entry(system)
    entry = {("nmae" if k == "name" else k): v for k, v in entry.items()}
    folder = tmp_path / system
    folder.mkdir()
    lines = [f"{section}:", "  - id: house-entry"]
    lines += [f"    {k}: {json.dumps(v)}" for k, v in entry.items() if k != "id"]
    (folder / "house.yaml").write_text("\n".join(lines) + "\n")
    line = lines.index(f"    nmae: {json.dumps(entry['nmae'])}") + 1
    run = shipyard("--catalog", tmp_path, "validate", _first_example(system))
    assert run.code == 2
    assert f"{folder / 'house.yaml'}:{line}: unknown key 'nmae' in {section}[0]; did you mean " \
           "'name'?" in run.err.splitlines(), run.err
    assert run.out.strip() == f"{_first_example(system)}: not checked: the {system} catalog " \
                              "has errors"


def test_an_overlays_unknown_special_rule_is_told_at_its_own_line(tmp_path) -> None:
    import yaml

    stock = yaml.safe_load((ROOT / "catalogs" / "dropfleet" / "stock.yaml").read_text())
    ship = {**stock["stock"][0], "id": "house-ship", "rules": ["Ablative Armour",
                                                               "Energy Siphon"]}
    (tmp_path / "dropfleet").mkdir()
    overlay = tmp_path / "dropfleet" / "stock.yaml"
    overlay.write_text(yaml.safe_dump({"stock": [ship]}, sort_keys=False))
    line = overlay.read_text().splitlines().index("  - Energy Siphon") + 1
    run = shipyard("--catalog", tmp_path, "catalog", "dropfleet")
    assert run.code == 2
    (told,) = run.err.splitlines()
    assert told.startswith(f"{overlay}:{line}: stock house-ship: unknown special rule "
                           "'Energy Siphon'; ")
    assert told.endswith("a house rule of your own is an entry of special_rules: in your "
                         "overlay (id, name, used_on, summary, source)")


# --- catalog numbers have bounds, checked when the catalog loads -------------------------------

ABSURD = [  # (system, overlay text, the line of the number, words of the one line)
    ("smallcraft", "construction:\n  power_per_cbloc: 2000000000000000000\n", 2,
     "construction.power_per_cbloc: 2e+18 is beyond any rule or sheet"),
    ("smallcraft", "construction:\n  crew_cblocs_per_person: 1000000000\n", 2,
     "construction.crew_cblocs_per_person: 1,000,000,000 is beyond"),
    ("smallcraft", "construction:\n  cbloc_tons: 1.0e-300\n", 2, "construction.cbloc_tons: 1e-300"),
    ("smallcraft", "construction:\n  crew_cblocs_per_person: 101\n", 2,
     "construction.crew_cblocs_per_person: input should be less than or equal to 100"),
    ("dropfleet", "points:\n  beam: .inf\n", 2, "points.beam: inf is beyond"),
    ("dropfleet", "points:\n  per_effective_hull: -1.0e+308\n", 2,
     "points.per_effective_hull: -1e+308 is beyond"),
    ("dropfleet", "points:\n  firepower: .nan\n", 2, "points.firepower: nan is beyond"),
    ("dropfleet", "# house\npoints:\n  class_base: {medium: 1.0e+308}\n", 3,
     "points.class_base.medium: 1e+308 is beyond"),
    ("traveller", "hull:\n  cost_per_ton: .inf\n", 2, "hull.cost_per_ton: inf is beyond"),
    # a Lock the points formula cannot price was a KeyError in every design's points
    ("dropfleet", "points:\n  definitions:\n    armour_lock: 7\n", 3,
     "points.definitions.armour_lock: input should be less than or equal to 6"),
    # a Lock an overlay removed was told at the built-in points.yaml:8
    ("dropfleet", "points:\n  lock_value:\n    \"4+\": null\n", 2,
     "points.lock_value: no value for Lock 4+; give 2+ to 6+"),
    # a radius the fight reads as a die's sides, and a Hull with no radius (StopIteration)
    ("dropfleet", "damage:\n  thresholds:\n    radius:\n      - [4, 100, 'D1000000\"']\n", 4,
     "damage.thresholds.radius[0][2]: 'D1000000\"' is not a radius; write 3\" or D6\""),
    ("dropfleet", "damage:\n  thresholds:\n    catastrophic_from_hull: 1\n", 2,
     "damage.thresholds: radius: no row for a Hull of 1 (catastrophic damage starts at Hull 1)"),
    # 1,000,000 missiles a cbloc ran a compiled series out of memory (a 1.3 GB array)
    ("smallcraft", "construction:\n  missiles_per_cbloc: 21\n", 2,
     "construction.missiles_per_cbloc: input should be less than or equal to 20 (got 21); a "
     "catalog sets it from 1 to 20 (docs/limits.md)"),
    ("rogue-trader", "combat:\n  boarding_crew_step: 1.0e+30\n", 2,
     "combat.boarding_crew_step: 1e+30 is beyond"),
    ("rogue-trader", "combat:\n  boarding_crew_step: 1001\n", 2,
     "combat.boarding_crew_step: input should be less than or equal to 1000"),
]


@pytest.mark.parametrize(("system", "text", "line", "words"), ABSURD)
def test_an_absurd_catalog_number_is_one_line_at_the_overlay(tmp_path, system: str, text: str,
                                                              line: int, words: str) -> None:
    (tmp_path / system).mkdir()
    overlay = tmp_path / system / "house.yaml"
    overlay.write_text(text)
    for args in (["catalog", system], ["validate", _first_example(system)]):
        run = shipyard("--catalog", tmp_path, *args)
        assert run.code == 2, run.err
        (told,) = run.err.splitlines()
        assert told.startswith(f"{overlay}:{line}: {words}"), told


@pytest.mark.compiled
def test_compiled_and_uncompiled_series_agree_at_a_catalog_bound(tmp_path) -> None:
    """The figure that wrapped a compiled fight (power_per_cbloc 2e18 gave 100% draws) at its
    maximum: both engines give the same fights."""
    pytest.importorskip("numba")
    import json

    (tmp_path / "smallcraft").mkdir()
    (tmp_path / "smallcraft" / "house.yaml").write_text("construction:\n  power_per_cbloc: 1000\n")
    examples = ROOT / "catalogs" / "smallcraft" / "examples"
    runs = {}
    for engine in ("compiled", "plain"):
        run = shipyard("--catalog", tmp_path, "duel", examples / "starfury.yaml",
                       examples / "raider.yaml", "--runs", "200", "--seed", "5", "--json",
                       "--engine", engine, "--allow-illegal")
        assert run.code == 0, run.err
        runs[engine] = json.loads(run.out)
    assert runs["compiled"]["engine"] == "compiled" and runs["plain"]["engine"] == "uncompiled"
    for key in ("wins", "no_winner", "reasons", "length", "damage", "random_numbers"):
        assert runs["compiled"][key] == runs["plain"][key], key


def test_every_maximum_is_documented() -> None:
    from shipyard.cli.fight import MAX_SAMPLES
    from shipyard.core import catalog, combat, compiled, fleet, options, yamlio

    page = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    for value in (yamlio.MAX_BYTES, yamlio.MAX_NODES, fleet.MAX_SHIPS, fleet.MAX_ENTRIES,
                  fleet.MAX_COUNT, combat.MAX_RUNS, combat.MAX_UNCOMPILED_RUNS, MAX_SAMPLES,
                  options.MAX_CAP, compiled.MAX_WORKERS, catalog.MAX_NUMBER):
        assert f"{value:,}" in page, value
    assert f"{yamlio.MAX_DEPTH} levels" in page
    assert f"{catalog.MIN_NUMBER:.5f}" in page
    limit = fleet.FleetFile.model_fields["limit"].metadata
    assert any(f"{getattr(m, 'le', 0):,}" in page for m in limit if getattr(m, "le", None))


@pytest.mark.parametrize(("system", "text"), [
    ("rogue-trader", "combat:\n  boarding_crew_step: 1000\n  boarding_hull_step: 1000\n"),
])
@pytest.mark.compiled
def test_series_agree_at_other_systems_bounds(tmp_path, system: str, text: str) -> None:
    pytest.importorskip("numba")
    import json

    (tmp_path / system).mkdir()
    (tmp_path / system / "house.yaml").write_text(text)
    design = _first_example(system)
    runs = {}
    for engine in ("compiled", "plain"):
        run = shipyard("--catalog", tmp_path, "duel", design, design, "--runs", "100", "--seed",
                       "3", "--json", "--engine", engine)
        assert run.code == 0, run.err
        runs[engine] = json.loads(run.out)
    for key in ("wins", "no_winner", "reasons", "length", "damage", "random_numbers"):
        assert runs["compiled"][key] == runs["plain"][key], key
