"""Every design against every other: what a game master runs to check a set of house designs for
balance (`shipyard matrix`).

Each unordered pairing fights `runs` duels split over both orders (the row design as side A in
the first half, as side B in the second, so that no cell leans on who is listed first), each
order a series of its own seed: `seed + k` for the k-th ordered pairing, fight i of it seeded as
`duel --seed` replays it. A cell is the share of its fights the row design won. The work is
bounded (MAX_DESIGNS, MAX_FIGHTS) and runs in worker processes, one a core, each ordered pairing
a task: the same seed gives the same matrix whatever the number of processes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from decimal import Decimal
from functools import cache
from multiprocessing import get_context
from pathlib import Path
from typing import Any, NamedTuple

from shipyard.core.options import Terms
from shipyard.core.stream import MAX_SERIES_SEED

MAX_DESIGNS = 30
MAX_FIGHTS = 2_000_000
POOL_FROM = 20_000  # fights: fewer finish before worker processes have started
Tally = dict[tuple[int, str], int]  # (winner: 0 side A, 1 side B, -1 none; reason) -> fights


class Task(NamedTuple):
    row: int  # side A
    col: int  # side B
    runs: int
    seed: int


def tasks(designs: int, runs: int, seed: int) -> list[Task]:
    """Every ordered pairing's series: each pair's `runs` split over both orders (the first
    order takes the odd fight)."""
    out: list[Task] = []
    for i in range(designs):
        for j in range(i + 1, designs):
            for row, col, n in ((i, j, runs - runs // 2), (j, i, runs // 2)):
                if n:
                    out.append(Task(row, col, n, seed + len(out)))
    return out


def fights_asked(designs: int, runs: int) -> int:
    return designs * (designs - 1) // 2 * runs


def highest_seed(designs: int, runs: int) -> int:
    """The highest --seed a matrix of this size takes (each ordered pairing a seed above it)."""
    return MAX_SERIES_SEED - len(tasks(designs, runs, 0))


class Matrix(NamedTuple):
    names: tuple[str, ...]
    prices: tuple[Decimal | int | None, ...]  # None: the system prices no ships
    price_unit: str | None
    runs: int  # a pairing's fights, both orders
    seed: int
    engine: str
    tallies: dict[tuple[int, int], Tally]  # (side A, side B) -> what its fights came to

    def won(self, row: int, col: int) -> int:
        """Fights `row` won against `col`, as side A and as side B."""
        as_a = self.tallies.get((row, col), {})
        as_b = self.tallies.get((col, row), {})
        return (sum(n for (w, _), n in as_a.items() if w == 0)
                + sum(n for (w, _), n in as_b.items() if w == 1))

    def fought(self, row: int, col: int) -> int:
        return sum(sum(self.tallies.get(key, {}).values()) for key in ((row, col), (col, row)))

    def share(self, row: int, col: int) -> float:
        fights = self.fought(row, col)
        return self.won(row, col) / fights if fights else 0.0

    def strength(self, row: int) -> float:
        """The row design's share of all its fights won (its overall strength)."""
        won = sum(self.won(row, c) for c in range(len(self.names)) if c != row)
        fought = sum(self.fought(row, c) for c in range(len(self.names)) if c != row)
        return won / fought if fought else 0.0

    def per_win(self, row: int) -> float | None:
        """What the row design costs for each fight it wins in one: its price over its overall
        share; None unpriced, or for a design that never won."""
        price, strength = self.prices[row], self.strength(row)
        return None if price is None or not strength else float(price) / strength

    def order(self) -> list[int]:
        """The designs, strongest first (ties in the order given)."""
        return sorted(range(len(self.names)), key=lambda i: -self.strength(i))

    def as_json(self) -> dict[str, Any]:
        order = self.order()
        return {
            "runs": self.runs, "seed": self.seed, "engine": self.engine,
            "price_unit": self.price_unit,
            "designs": [{"name": self.names[i], "price": _number(self.prices[i]),
                         "share": self.strength(i), "per_win": self.per_win(i)}
                        for i in order],
            "cells": [[None if r == c else {"won": self.won(r, c), "fights": self.fought(r, c),
                                            "share": self.share(r, c)} for c in order]
                      for r in order],
        }


def _number(x: Decimal | int | None) -> float | int | None:
    return float(x) if isinstance(x, Decimal) else x


def fight(a: Any, b: Any, task: Task, engine: str, rules: Any = None,
          threads: int | None = None, notice: Callable[[str], None] | None = None
          ) -> tuple[Tally, str]:
    """One ordered pairing's series (`a` side A): its fights by winner and end reason, and the
    engine that ran them. `rules` replaces the system's (a script that tells ends apart)."""
    from shipyard.core.compiled import run_series

    support = a.system.fight()
    prepared = support.prepare(a, b, Terms())
    columns = run_series(rules or support.rules(), prepared, task.runs, task.seed,
                         engine=engine, notice=notice, workers=threads)
    tally: Tally = {}
    for winner, reason in zip(columns.winner.tolist(), columns.reason.tolist(), strict=True):
        key = (int(winner), str(columns.reason_names[reason]))
        tally[key] = tally.get(key, 0) + 1
    return tally, str(columns.engine)


def play(designs: Sequence[Any], runs: int, seed: int, engine: str = "auto", *,
         progress: Callable[[int], None] | None = None, files: Sequence[Path] = (),
         overlays: Sequence[Path] = (), rules: Any = None, processes: int | None = None,
         notice: Callable[[str], None] | None = None) -> Matrix:
    """Every design against every other. With `files` (the designs' own, read again in each
    worker) and work enough, the pairings run in a process a core; else here. `notice` hears
    of a compile (the first pairing, here, compiles the rules where they are not yet)."""
    todo = tasks(len(designs), runs, seed)
    tallies: dict[tuple[int, int], Tally] = {}
    engines: set[str] = set()
    workers = processes or min(2, os.cpu_count() or 1)
    pooled = files and workers > 1 and len(todo) > 1 and runs * len(todo) // 2 >= POOL_FROM
    first = todo[:1] if pooled else todo  # here: the first compiles the rules if need be
    for task in first:
        tallies[task.row, task.col], ran = fight(designs[task.row], designs[task.col], task,
                                                 engine, rules, notice=notice)
        engines.add(ran)
        if progress is not None:
            progress(task.runs)
    if pooled:
        with ProcessPoolExecutor(workers, mp_context=get_context("spawn"),
                                 initializer=_start, initargs=(tuple(overlays),)) as pool:
            futures = {pool.submit(_fight_files, files[t.row], files[t.col], t, engine): t
                       for t in todo[1:]}
            for done in as_completed(futures):
                task = futures[done]
                tallies[task.row, task.col], ran = done.result()
                engines.add(ran)
                if progress is not None:
                    progress(task.runs)
    system = designs[0].system
    unit = system.price_unit
    prices = tuple(system.price(d) if unit is not None else None for d in designs)
    return Matrix(tuple(str(d.model.name) for d in designs), prices, unit, runs, seed,
                  " and ".join(sorted(engines)), tallies)


# --- in a worker process ------------------------------------------------------------------

_OVERLAYS: tuple[Path, ...] = ()


def _start(overlays: tuple[Path, ...]) -> None:
    global _OVERLAYS
    _OVERLAYS = overlays


@cache
def _design(path: Path) -> Any:
    return _yard().read(path)


@cache
def _yard() -> Any:
    from shipyard.core.yard import Yard

    return Yard(list(_OVERLAYS))


def _fight_files(a: Path, b: Path, task: Task, engine: str) -> tuple[Tally, str]:
    # one thread a process: the processes are the cores' work already
    return fight(_design(a), _design(b), task, engine, threads=1)
