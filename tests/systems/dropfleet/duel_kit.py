"""Helpers for the duel's tests: scripted dice (the dice seam), hand-made ships, stock designs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from shipyard.core.yamlio import Located
from shipyard.core.yard import Yard
from shipyard.systems.dropfleet import system
from shipyard.systems.dropfleet.combat import rules as r
from shipyard.systems.dropfleet.combat import state as s
from shipyard.systems.dropfleet.combat.setup import pack_units
from shipyard.systems.dropfleet.options import MATE_INCHES
from tests.systems.dropfleet.conftest import catalog


class Script:
    """Dice in the order the rules roll them; running out (or rolling a die of other sides
    than the script says) fails the test."""

    def __init__(self, faces: list[tuple[int, int]]) -> None:
        self.faces: Iterator[tuple[int, int]] = iter(faces)
        self.used = 0

    def die(self, rng: Any, sides: int) -> int:
        want, face = next(self.faces)
        assert want == sides, f"die {self.used + 1}: the rules rolled a D{sides}, not a D{want}"
        self.used += 1
        return face

    def dice(self, rng: Any, count: int, sides: int) -> int:
        return sum(self.die(rng, sides) for _ in range(count))

    def done(self) -> bool:
        return next(self.faces, None) is None


def scripted(monkeypatch: pytest.MonkeyPatch, *faces: int | tuple[int, int]) -> Script:
    """Every die the rules roll comes from `faces` (a D6 unless given as (sides, face))."""
    script = Script([f if isinstance(f, tuple) else (6, f) for f in faces])
    monkeypatch.setattr(r, "die", script.die)
    monkeypatch.setattr(r, "dice", script.dice)
    return script


def stat(hull: int = 4, armour: int = 4, passive: int = 0, pd: int = 0, shields: int = 0,
         dread: int = 0, layer_atmos: int = 0) -> list[int]:
    """A side's figures as setup would make them (thresholds and radius from the seed)."""
    from shipyard.systems.dropfleet.combat.setup import fixed
    from shipyard.systems.dropfleet.ship import Ship

    ship = Ship("test", "dreadnought" if dread else "medium", None, hull, armour,
                passive or None, pd, 5, 10 if shields else None, 8, 8, (1, 1),
                _rules(dread, layer_atmos), (), ())
    return fixed(ship, catalog())


def _rules(dread: int, atmos: int) -> tuple[Any, ...]:
    from shipyard.systems.dropfleet.notation import Rule

    return tuple([Rule("Dreadnought")] * dread + [Rule("Atmospheric")] * atmos)


def line(lock: int = 4, attack: int = 3, damage: int = 1, crit_on: int = 6, ca: int = 0,
         burn: int = 0, scald: int = 0) -> list[int]:
    row = [0] * s.NL
    row[s.L_LOCK], row[s.L_ATT_N], row[s.L_DMG_N] = lock, attack, damage
    row[s.L_CRIT_ON], row[s.L_CA], row[s.L_BURN], row[s.L_SCALD] = crit_on, ca, burn, scald
    row[s.L_MOUNTS], row[s.L_BEARS] = 1, 1
    return row


def duel(a: list[int], b: list[int], counts: tuple[int, int] = (1, 1),
         weapons: tuple[list[list[int]], list[list[int]]] | None = None, layer: int = 0,
         inches: int = 3) -> s.Params:
    """A duel of hand-made sides: each fires one system of the given lines."""
    weapons = weapons or ([line()], [line()])
    d = catalog().damage
    return pack([a, b], list(counts), [[weapons[0]], [weapons[1]]], [[0], [0]],
                [[(1000, 1000)], [(1000, 1000)]], layer, inches, 12,
                [x.extra_hull for x in d.crippling + d.dreadnought_crippling],
                [int(x.orbital_decay) for x in d.crippling + d.dreadnought_crippling])


def pack(stats: list[list[int]], counts: list[int], rows: list[list[list[list[int]]]],
         alts: list[list[int]], values: list[list[tuple[int, int]]], layer: int,
         enemy_inches: int, cap: int, extra: list[int], decay: list[int]) -> s.Params:
    """Two hand-made groups, one a side (unit 0 side A's, unit 1 side B's), as a duel's
    setup lays them out: figures, group size, weapon systems against the other, Alt groups
    and worth (shields down, up)."""
    return pack_units(stats, counts, [0, 1], [0, 0], [[[], rows[0]], [rows[1], []]], alts,
                      [[[], values[0]], [values[1], []]], layer,
                      (enemy_inches, MATE_INCHES, MATE_INCHES, MATE_INCHES), cap, extra, decay)


def state(p: s.Params) -> list[int]:
    return p.data[p.o_ships:]


def field(p: s.Params, st: list[int], k: int, f: int) -> int:
    return st[k * s.NF + f]


def stock(yard: Yard, ship_id: str, group: int | None = None) -> Any:
    data = system.new_design(catalog(), None, ship_id)
    if group is not None:
        data["group"] = group
    return yard.design_of(Located(data, f"{ship_id}.yaml", {}), system)
