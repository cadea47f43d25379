"""Every catalog number at its bound, through compiled and uncompiled series.

For each system, every number of its catalog's rule tables (the maps of `combat`,
`construction`, `ranges`, `damage`, ...) is set by a house overlay to its largest allowed value
(the core's MAX_NUMBER, or the field's own tighter maximum), and a fractional one also to its
smallest (MIN_NUMBER). Where the bundled pairing's fight state changes, a short seeded series is
run compiled and uncompiled and the fights must be the same: an int64 product that wraps in the
compiled rules shows as a disagreement. A number whose state does not change never reaches the
fight (it feeds construction or sheets only), and is recorded as such.
"""

from __future__ import annotations

import copy
import pickle
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from shipyard.api import Terms, UserError
from shipyard.core.catalog import MAX_NUMBER, MIN_NUMBER, bounds_of
from shipyard.core.combat import series
from shipyard.core.yard import Yard

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = ROOT / "catalogs"
RUNS, SEED = 16, 11

PAIRINGS = {
    "smallcraft": ("examples/starfury.yaml", "examples/raider.yaml"),
    "rogue-trader": ("examples/sword.yaml", "examples/hazeroth.yaml"),
    "dropfleet": ("duels/jade-frigates.yaml", "duels/berlin.yaml"),
    "traveller": ("examples/ambush-corvette.yaml", "examples/ambush-corvette.yaml"),
    "d12-facings": ("examples/lancer.yaml", "examples/sabre.yaml"),
}
_LE = re.compile(r"less than or equal to (-?[0-9.e+]+)")
_GE = re.compile(r"greater than or equal to (-?[0-9.e+]+)")


def _leaves(system: str) -> list[tuple[str, tuple[str, ...], int | float]]:
    """(file, path, value) of every number in the catalog's maps (list entries excluded)."""
    found: list[tuple[str, tuple[str, ...], int | float]] = []

    def walk(file: str, value: Any, path: tuple[str, ...]) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, int | float):
            found.append((file, path, value))
        elif isinstance(value, dict):
            for key, inner in value.items():
                walk(file, inner, (*path, str(key)))

    for file in sorted((CATALOGS / system).glob("*.yaml")):
        walk(file.name, yaml.safe_load(file.read_text(encoding="utf-8")), ())
    return found


def _nested(path: tuple[str, ...], value: int | float) -> dict[str, Any]:
    out: Any = value
    for key in reversed(path):
        out = {key: out}
    return dict(out)


def _merge(into: dict[str, Any], more: dict[str, Any]) -> None:
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def _prepare(system: str, overlay: Path | None) -> Any:
    yard = Yard([overlay] if overlay else [])
    a, b = (yard.read(CATALOGS / system / p) for p in PAIRINGS[system])
    return a.system.fight(), a.system.fight().prepare(a, b, Terms())


def _fingerprint(prepared: Any) -> bytes:
    return pickle.dumps((prepared.cap, prepared.state))


def _columns(support: Any, prepared: Any, engine: str) -> list[list[int]]:
    c = series(support, prepared, RUNS, SEED, engine=engine)
    assert c.engine == ("compiled" if engine == "auto" else "uncompiled")
    return [list(map(int, col)) for col in (c.winner, c.reason, c.rounds, c.damage_a, c.damage_b)]


def _at_bound(system: str, tmp: Path, path: tuple[str, ...], value: int | float,
              build: Callable[[int | float], dict[str, Any]] | None = None
              ) -> tuple[int | float, Any] | str:
    """The bound actually set (tightened to the field's own limit when the model has one) and
    the prepared fight, or why the overlay or the pairing was refused. `build` makes the
    overlay for a value (a map's figure by its path when not given)."""
    (tmp / system).mkdir(parents=True, exist_ok=True)
    overlay = tmp / system / "house.yaml"
    for _ in range(3):
        overlay.write_text(yaml.safe_dump(build(value) if build else _nested(path, value),
                                          sort_keys=False, allow_unicode=True))
        try:
            return value, _prepare(system, tmp)
        except UserError as err:
            text = str(err)
            tighter = _LE.search(text) or _GE.search(text)
            if tighter is None:
                return f"refused: {text.splitlines()[0][:120]}"
            bound = float(tighter.group(1))
            value = int(bound) if isinstance(value, int) and bound.is_integer() else bound
    return "refused: bound not settled"


def _bounds(value: int | float) -> list[int | float]:
    top = -MAX_NUMBER if value < 0 else MAX_NUMBER
    if isinstance(value, float) and not value.is_integer():
        return [float(top), MIN_NUMBER if value > 0 else -MIN_NUMBER]
    return [top]


SYSTEMS = sorted(PAIRINGS)


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_catalog_bound_gives_the_same_fights_compiled_and_not(tmp_path, system: str,
                                                                     record_property) -> None:
    pytest.importorskip("numba")
    support, base = _prepare(system, None)
    assert base.batchable, "the pairing must run compiled"
    before = _fingerprint(base)
    reached, refused, silent = [], [], []
    for n, (_, path, value) in enumerate(_leaves(system)):
        for bound in _bounds(value):
            got = _at_bound(system, tmp_path / f"{n}-{bound}", path, bound)
            name = ".".join(path)
            if isinstance(got, str):
                refused.append((name, got))
                continue
            set_to, (support, prepared) = got
            if _fingerprint(prepared) == before:
                silent.append(name)
                continue
            reached.append((name, set_to))
            assert _columns(support, prepared, "auto") == _columns(support, prepared, "plain"), (
                f"{system} {name} = {set_to}: compiled and uncompiled fights differ")
    # Products: every figure that reached the fight, at its largest, all at once.
    together: dict[str, Any] = {}
    for name, set_to in reached:
        path = tuple(name.split("."))
        if abs(set_to) >= 1:  # the maximum, not the minimum of a fraction
            _merge(together, _nested(path, set_to))
    (tmp_path / "all" / system).mkdir(parents=True)
    (tmp_path / "all" / system / "house.yaml").write_text(yaml.safe_dump(together))
    try:
        support, prepared = _prepare(system, tmp_path / "all")
    except UserError as err:
        refused.append(("all at once", str(err).splitlines()[0][:160]))
    else:
        assert _columns(support, prepared, "auto") == _columns(support, prepared, "plain"), (
            f"{system} every figure at its maximum: compiled and uncompiled fights differ")
    record_property("reached", reached)
    print(f"\n{system}: reached the fight {reached}\nrefused {refused}\nno effect {silent}")
    assert reached, f"no {system} catalog number reached the fight: the test checks nothing"


# --- each figure's own bounds, as docs/limits.md states them ----------------------------------

DOC = ROOT / "docs" / "limits.md"
_ROW = re.compile(r"^\| (?P<system>[a-z0-9-]+) \| (?P<figures>`[^|]+`) \| "
                  r"(?P<low>-?[0-9.,]+) to (?P<high>-?[0-9.,]+) \|")
# a second pairing where the first carries no missiles, so a launcher's figures reach a fight
MORE_PAIRINGS = {"traveller": ("examples/dragon-sdb.yaml", "examples/ambush-corvette.yaml")}
# a fight one round long shows nothing: these stay as built in when the others go to their least
_LENGTHS = {"combat.cap", "combat.round_limit", "combat.disengaged_after",
            "combat.stalemate_after"}


def _number(text: str) -> int | float:
    value = float(text.replace(",", ""))
    return int(value) if value.is_integer() else value


def _documented() -> list[tuple[str, str, int | float, int | float]]:
    """(system, figure, least, most) of every row of the page's table."""
    rows = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if m := _ROW.match(line):
            rows += [(m["system"], path, _number(m["low"]), _number(m["high"]))
                     for path in re.findall(r"`([^`]+)`", m["figures"])]
    return rows


DOCUMENTED = _documented()


def _steps(figure: str) -> list[str]:
    """`weapons[].salvo` -> weapons, [], salvo: `[]` every item of a list, `*` every key."""
    out: list[str] = []
    for part in figure.split("."):
        out += [part[:-2], "[]"] if part.endswith("[]") else [part]
    return out


@cache
def _built_in(system: str) -> dict[str, Any]:
    """The built-in catalog's sections, as its files give them (a list of entries that two
    files give, as traveller's weapons, is both files' entries), read once: callers copy what
    they change."""
    data: dict[str, Any] = {}
    for file in sorted((CATALOGS / system).glob("*.yaml")):
        for key, value in (yaml.safe_load(file.read_text(encoding="utf-8")) or {}).items():
            data[key] = data[key] + value if isinstance(data.get(key), list) else value
    return data


def _set(node: Any, steps: list[str], value: Any, first: bool, add: bool = False,
         at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Set the figure at `steps` (every match, or the first) where the catalog gives it, or
    with `add` in every entry; the paths set."""
    head, rest = steps[0], steps[1:]
    if head in ("[]", "*"):
        keys: list[Any] = (list(range(len(node))) if isinstance(node, list) and head == "[]"
                           else list(node) if isinstance(node, dict) and head == "*" else [])
    else:
        keys = [head] if isinstance(node, dict) and (head in node or (add and not rest)) else []
    done: list[tuple[Any, ...]] = []
    for key in keys:
        if rest:
            done += _set(node[key], rest, value, first, add, (*at, key))
        elif add or (isinstance(node[key], int | float) and not isinstance(node[key], bool)):
            node[key] = value
            done.append((*at, key))
        if done and first:
            break
    return done


def _overlay(system: str, figure: str, value: Any, first: bool = False
             ) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    """The figure's top-level section of the built-in catalog with the figure set to `value`
    (in every entry that gives it, or the first): an overlay that changes nothing else."""
    steps = _steps(figure)
    section = {steps[0]: copy.deepcopy(_built_in(system)[steps[0]])}
    # a figure no built-in entry gives (traveller's firmpoint_magazine) is given to them all
    return section, (_set(section, steps, value, first)
                     or _set(section, steps, value, first, add=True))


def _model(system: str) -> Any:
    return Yard().system(system).catalog_model


def _just_outside(bound: int | float, given: Any, step: int) -> int | float:
    if isinstance(given, int) and isinstance(bound, int):
        return bound + step
    return round(bound + step * 0.001, 6)


def test_the_page_states_the_bounds_the_code_has() -> None:
    assert {system for system, *_ in DOCUMENTED} == set(PAIRINGS)
    for system, figure, low, high in DOCUMENTED:
        steps = tuple("0" if s in ("[]", "*") else s for s in _steps(figure))
        found = bounds_of(_model(system), steps)
        assert found is not None, f"{system} {figure}: no such figure in the catalog model"
        assert (float(found[0]), float(found[1])) == (low, high), (system, figure, found)
        assert _overlay(system, figure, high)[1], f"{system} {figure}: not in the catalog"


@pytest.mark.slow
@pytest.mark.parametrize(("system", "figure", "low", "high"), DOCUMENTED,
                         ids=[f"{s}-{f}" for s, f, *_ in DOCUMENTED])
def test_a_figure_just_outside_its_bounds_is_refused_at_the_overlays_line(
        tmp_path, system: str, figure: str, low: int | float, high: int | float) -> None:
    from shipyard.core.yamlio import load_text

    for bound, step in ((high, 1), (low, -1)):
        data, where = _overlay(system, figure, high, first=True)  # where it is given first
        _place(data, where[0], _just_outside(bound, _built_in_value(system, where[0]), step))
        (tmp_path / system).mkdir(exist_ok=True)
        overlay = tmp_path / system / "house.yaml"
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        overlay.write_text(text, encoding="utf-8")
        line = load_text(text, str(overlay)).line_of(where[0])
        with pytest.raises(UserError) as caught:
            Yard([tmp_path]).catalog(Yard().system(system))
        assert caught.value.status == 2
        told = [d for d in caught.value.diagnostics if (d.file, d.line) == (str(overlay), line)]
        assert told, f"{figure}: not told at {overlay}:{line}: {caught.value}"
        assert f"sets it from {low:,} to {high:,}" in told[0].message, told[0].message


def _built_in_value(system: str, path: tuple[Any, ...]) -> Any:
    node: Any = _built_in(system)
    for key in path:
        node = node.get(key) if isinstance(node, dict) else node[key]
    return node


def _place(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _at_ends(system: str, end: int, only: str | None = None) -> dict[str, Any]:
    """One overlay with every documented figure of the system (or `only` that one) at one end
    of its range."""
    sections: dict[str, Any] = {}
    for name, figure, *ends in DOCUMENTED:
        if name != system or (end == 0 and figure in _LENGTHS) or only not in (None, figure):
            continue
        top = _steps(figure)[0]
        if top not in sections:
            sections[top] = copy.deepcopy(_built_in(system)[top])
        _set(sections, _steps(figure), ends[end], False) or _set(
            sections, _steps(figure), ends[end], False, add=True)
    return sections


def _same_fights(system: str, folder: Path, label: str) -> int:
    """The system's pairings under the overlay in `folder`, compiled and uncompiled; how many
    of them the overlay changed."""
    changed = 0
    yard = Yard([folder])
    for pairing in (PAIRINGS[system], *([MORE_PAIRINGS[system]]
                                        if system in MORE_PAIRINGS else [])):
        a, b = (yard.read(CATALOGS / system / p) for p in pairing)
        support = a.system.fight()
        try:
            prepared = support.prepare(a, b, Terms())
        except UserError as err:  # a fight the figures forbid is one line, not a crash
            assert len(str(err).splitlines()) == 1 and err.status == 2, str(err)
            continue
        assert prepared.batchable
        assert _columns(support, prepared, "auto") == _columns(support, prepared, "plain"), (
            f"{system} {pairing} {label}: compiled and uncompiled fights differ")
        changed += _fingerprint(prepared) != _fingerprint(_prepare_pair(system, pairing))
    return changed


def _prepare_pair(system: str, pairing: tuple[str, str]) -> Any:
    yard = Yard()
    a, b = (yard.read(CATALOGS / system / p) for p in pairing)
    return a.system.fight().prepare(a, b, Terms())


def _write(folder: Path, system: str, data: dict[str, Any]) -> Path:
    (folder / system).mkdir(parents=True)
    (folder / system / "house.yaml").write_text(
        yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return folder


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_figure_at_each_end_gives_the_same_fights_compiled_and_not(tmp_path,
                                                                          system: str) -> None:
    """Rule tables and list entries alike (weapons, hulls, systems): every documented figure
    at its most, then at its least, all at once, through both engines. Where the figures
    together break a rule between figures (dropfleet: catastrophic damage from Hull 1 with no
    radius for it), the catalog says so at the line of each figure in the clash (one line, or
    both rows of a roll two rows of a table give) and each figure goes alone."""
    pytest.importorskip("numba")
    for end, label in ((1, "most"), (0, "least")):
        folder = _write(tmp_path / label, system, _at_ends(system, end))
        try:
            Yard([folder]).catalog(Yard().system(system))
        except UserError as err:
            assert _told_at_its_lines(err), str(err)
            figures = [f for s, f, *_ in DOCUMENTED if s == system and f not in _LENGTHS]
        else:
            assert _same_fights(system, folder, f"every figure at its {label}"), (
                f"{system}: no pairing's fight changed: the test checks nothing")
            continue
        changed = 0
        for n, figure in enumerate(figures):
            alone = _write(tmp_path / f"{label}-{n}", system, _at_ends(system, end, figure))
            try:
                Yard([alone]).catalog(Yard().system(system))
            except UserError as err:
                assert _told_at_its_lines(err), str(err)
                continue
            changed += _same_fights(system, alone, f"{figure} at its {label}")
        assert changed, f"{system}: no pairing's fight changed: the test checks nothing"


def _told_at_its_lines(err: UserError) -> bool:
    """A catalog refused as a user's mistake: exit 2, one or two lines (a clash of two rows is
    told at both), each at its file and line."""
    return (err.status == 2 and 1 <= len(err.diagnostics) <= 2
            and all(d.file and d.line for d in err.diagnostics))


# --- list entries (weapons, hulls, systems, ...) as the rule tables are ----------------------


def _entry_figures(system: str) -> list[tuple[str, int | float]]:
    """(figure, a value the catalog gives it) of every number in the entries of the catalog's
    lists, at any depth (`components[].modifiers.void_shields`, `critical_hits[].rolls[]`)."""
    found: dict[str, int | float] = {}

    def number(value: Any) -> bool:
        return isinstance(value, int | float) and not isinstance(value, bool)

    def walk(value: Any, figure: str, in_entry: bool) -> None:
        if number(value) and in_entry:
            found.setdefault(figure, value)
        elif isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, f"{figure}.{key}" if figure else str(key), in_entry)
        elif isinstance(value, list) and value and (in_entry or isinstance(value[0], dict)):
            for item in value:
                walk(item, f"{figure}[]", True)

    walk(_built_in(system), "", False)
    return list(found.items())


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_list_entry_number_at_its_bound_gives_the_same_fights_compiled_and_not(
        tmp_path, system: str) -> None:
    """Each number of the catalog's list entries at its largest allowed (the field's own
    maximum, or the core's), in every entry that gives it; where the bundled pairing's fight
    changes, compiled and uncompiled series must agree; then all those at once."""
    pytest.importorskip("numba")
    support, base = _prepare(system, None)
    before = _fingerprint(base)
    reached: list[tuple[str, int | float]] = []
    for n, (figure, value) in enumerate(_entry_figures(system)):
        for bound in _bounds(value):
            got = _at_bound(system, tmp_path / f"{n}-{bound}", (), bound,
                            lambda v, f=figure: _overlay(system, f, v)[0])
            if isinstance(got, str):
                continue  # refused by a rule between figures: told in one line (test above)
            set_to, (support, prepared) = got
            if _fingerprint(prepared) == before:
                continue
            reached.append((figure, set_to))
            assert _columns(support, prepared, "auto") == _columns(support, prepared, "plain"), (
                f"{system} {figure} = {set_to}: compiled and uncompiled fights differ")
    assert reached, f"no {system} list entry number reached the fight: the test checks nothing"
    together: dict[str, Any] = {}
    for figure, set_to in reached:
        if abs(set_to) >= 1:
            top = _steps(figure)[0]
            together.setdefault(top, copy.deepcopy(_built_in(system)[top]))
            _set(together, _steps(figure), set_to, False)
    (tmp_path / "all" / system).mkdir(parents=True)
    (tmp_path / "all" / system / "house.yaml").write_text(
        yaml.safe_dump(together, sort_keys=False, allow_unicode=True))
    try:
        support, prepared = _prepare(system, tmp_path / "all")
    except UserError as err:
        assert err.status == 2 and len(str(err).splitlines()) == 1, str(err)
    else:
        assert _columns(support, prepared, "auto") == _columns(support, prepared, "plain"), (
            f"{system} every list entry number at its largest: compiled and uncompiled differ")
    print(f"\n{system}: list entry numbers that reached the fight {reached}")
