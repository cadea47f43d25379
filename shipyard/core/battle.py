"""What a series of battles reports: beyond a duel's summary (each side's wins, the no-winner
share, end reasons, length, damage), every ship's fate and every design's (its copies pooled),
the ships and the price each side lost, and a replay seed for each outcome and reason.

A battle's rules report each ship's fate in its series row (`pattern.store_fates`); this reads
those columns with NumPy (a series only) and the ships as `Prepared.ships` names them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from shipyard.core.combat import Rate, Spread, Summary, summarise, wilson
from shipyard.core.pattern import (
    CRIPPLED,
    ESCAPED,
    FIRST_LOST,
    LOST_CONTACT,
    SURVIVED,
    Columns,
    Prepared,
)
from shipyard.core.stream import derive_seed

OUTCOME_KEYS = {"a": 0, "b": 1, "none": -1}


class Fates(NamedTuple):
    """How one ship, or every copy of one design, ended its battles: survived (crippled or
    not), escaped, lost contact (out of the battle, neither escaped nor lost), lost (any way),
    and each way of being lost, each with its 95% interval (a design's copies pooled: each copy
    in each battle one trial)."""

    name: str
    side: int
    copies: int
    survived: Rate
    crippled: Rate
    escaped: Rate
    lost_contact: Rate
    lost: Rate
    how: dict[str, Rate]  # each way the system's ships are lost that happened

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "side": "ab"[self.side], "copies": self.copies,
                "survived": self.survived.as_json(), "crippled": self.crippled.as_json(),
                "escaped": self.escaped.as_json(),
                "lost_contact": self.lost_contact.as_json(), "lost": self.lost.as_json(),
                "lost_how": {k: v.as_json() for k, v in self.how.items()}}


class BattleSummary(NamedTuple):
    summary: Summary  # as a duel's: wins, no winner, reasons, length, damage
    ships: tuple[Fates, ...]
    designs: tuple[Fates, ...]
    lost: tuple[dict[int, Rate], dict[int, Rate]]  # per side: ships lost -> share of battles
    sizes: tuple[int, int]  # ships a side
    price_lost: tuple[Spread, Spread] | None  # None: the system's ships have no price
    price_unit: str | None
    replays: dict[str, dict[str, int]]  # outcome ("a", "b", "none") -> reason -> a seed

    def as_json(self) -> dict[str, Any]:
        out = self.summary.as_json()
        del out["replay_seeds"]
        out.update({
            "replay_seeds": self.replays,
            "ships": [f.as_json() for f in self.ships],
            "designs": [f.as_json() for f in self.designs],
            "ships_lost": {key: {"of": self.sizes[i],
                                 "distribution": [{"lost": n, **r.as_json()}
                                                  for n, r in sorted(self.lost[i].items())]}
                           for i, key in enumerate("ab")},
            "price_lost": None if self.price_lost is None else {
                "unit": self.price_unit, "a": self.price_lost[0].as_json(),
                "b": self.price_lost[1].as_json()},
        })
        return out


def _fates(name: str, side: int, codes: Any, names: dict[int, str]) -> Fates:
    """`codes`: every fate of the ship (or of every copy of the design) in every battle."""
    import numpy as np  # a series only

    trials = int(codes.size)
    copies = int(codes.shape[1]) if codes.ndim == 2 else 1
    found, times = np.unique(codes, return_counts=True)
    tally = {int(c): int(n) for c, n in zip(found.tolist(), times.tolist(), strict=True)}
    lost = sum(n for c, n in tally.items() if c >= FIRST_LOST)
    how = {names.get(c, str(c)): wilson(n, trials)
           for c, n in sorted(tally.items(), key=lambda cn: (-cn[1], cn[0])) if c >= FIRST_LOST}
    return Fates(name, side, copies,
                 survived=wilson(tally.get(SURVIVED, 0) + tally.get(CRIPPLED, 0), trials),
                 crippled=wilson(tally.get(CRIPPLED, 0), trials),
                 escaped=wilson(tally.get(ESCAPED, 0), trials),
                 lost_contact=wilson(tally.get(LOST_CONTACT, 0), trials),
                 lost=wilson(lost, trials), how=how)


def summarise_battle(prepared: Prepared, columns: Columns, seed: int,
                     price_unit: str | None) -> BattleSummary:
    import numpy as np  # a series only

    summary = summarise(prepared, columns, seed)
    runs = summary.runs
    names = dict(columns.fate_names)
    fates = np.asarray(columns.fates if columns.fates is not None else
                       np.zeros((runs, 0), np.int8))
    ships = prepared.ships
    per_ship = tuple(_fates(s.name, s.side, fates[:, i], names) for i, s in enumerate(ships))
    order: dict[tuple[int, str], list[int]] = {}
    for i, s in enumerate(ships):
        order.setdefault((s.side, s.design), []).append(i)
    per_design = tuple(_fates(design, side, fates[:, cols], names)
                       for (side, design), cols in order.items())
    lost_each = fates >= FIRST_LOST
    lost: list[dict[int, Rate]] = []
    sizes: list[int] = []
    spent: list[Spread] = []
    for side in (0, 1):
        cols = [i for i, s in enumerate(ships) if s.side == side]
        sizes.append(len(cols))
        count = np.zeros(runs, np.int64)
        for i in cols:
            count += lost_each[:, i]
        found, times = np.unique(count, return_counts=True)
        lost.append({int(n): wilson(int(t), runs)
                     for n, t in zip(found.tolist(), times.tolist(), strict=True)})
        # whole points stay whole (their range in --json 191, not 191.0); MCr keep their fraction
        whole = all((s.price or 0) % 1 == 0 for s in ships)
        spend: Any = np.zeros(runs, np.int64 if whole else np.float64)
        for i in cols:  # a column at a time: a million battles' matrix as floats is 50 MB
            price = ships[i].price or 0
            spend += lost_each[:, i] * (int(price) if whole else float(price))
        spent.append(Spread.of(spend))
    priced = price_unit is not None and all(s.price is not None for s in ships)
    winner = np.asarray(columns.winner, dtype=np.int64)
    reason = np.asarray(columns.reason, dtype=np.int64)
    replays: dict[str, dict[str, int]] = {}
    for key, code in OUTCOME_KEYS.items():
        for index, why in enumerate(columns.reason_names):
            hits = np.flatnonzero((winner == code) & (reason == index))
            if len(hits):
                replays.setdefault(key, {})[why] = derive_seed(seed, int(hits[0]))
    return BattleSummary(summary, per_ship, per_design, (lost[0], lost[1]),
                         (sizes[0], sizes[1]), (spent[0], spent[1]) if priced else None,
                         price_unit if priced else None, replays)
