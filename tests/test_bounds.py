"""Every catalog number at its bound, through compiled and uncompiled series (issue 25, item 1).

For each system, every number of its catalog's rule tables (the maps of `combat`,
`construction`, `ranges`, `damage`, ...) is set by a house overlay to its largest allowed value
(the core's MAX_NUMBER, or the field's own tighter maximum), and a fractional one also to its
smallest (MIN_NUMBER). Where the bundled pairing's fight state changes, a short seeded series is
run compiled and uncompiled and the fights must be the same: an int64 product that wraps in the
compiled rules shows as a disagreement. A number whose state does not change never reaches the
fight (it feeds construction or sheets only), and is recorded as such.
"""

from __future__ import annotations

import pickle
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from shipyard.api import Terms, UserError
from shipyard.core.catalog import MAX_NUMBER, MIN_NUMBER
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


def _at_bound(system: str, tmp: Path, path: tuple[str, ...], value: int | float
              ) -> tuple[int | float, Any] | str:
    """The bound actually set (tightened to the field's own limit when the model has one) and
    the prepared fight, or why the overlay or the pairing was refused."""
    (tmp / system).mkdir(parents=True, exist_ok=True)
    overlay = tmp / system / "house.yaml"
    for _ in range(3):
        overlay.write_text(yaml.safe_dump(_nested(path, value)))
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
