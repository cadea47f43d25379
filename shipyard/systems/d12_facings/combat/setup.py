"""From two designs to the numbers the fight rules read (`Fight`), and what only people read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from shipyard.api import BattleSide, Terms, UserError, Value, battle_ships
from shipyard.systems.d12_facings.combat import rules as r
from shipyard.systems.d12_facings.combat.odds import expected_damage
from shipyard.systems.d12_facings.models import FACINGS, D12Catalog, D12Design
from shipyard.systems.d12_facings.profile import derive, edge_total
from shipyard.systems.d12_facings.rules import fit

RANGE_NAMES = ("tailing", "short", "medium", "long", "escaped")
FACING_NAMES = ("fore", "aft", "port", "starboard", "core")
KIND_CODES = {"weapon": r.WEAPON, "missile": r.MISSILE, "shield": r.SHIELD,
              "armour": r.ARMOUR, "engine": r.ENGINE, "sensor": r.SENSOR,
              "station": r.STATION}


class Ship(NamedTuple):
    """One ship's fixed figures, system by system (index i across every tuple)."""

    name: str
    labels: tuple[str, ...]
    facing: tuple[int, ...]
    kind: tuple[int, ...]
    resilient: tuple[bool, ...]  # heavy, super-heavy or turret: works until destroyed
    turret: tuple[bool, ...]
    hp: tuple[int, ...]
    damage: tuple[int, ...]
    sustain: tuple[int, ...]  # 0: no sustain (missiles, R8)
    to_hit: tuple[int, ...]  # a missile's own figure; 0 for guns
    figure: tuple[int, ...]  # shields, piloting, gunnery or seats, by kind
    value: tuple[int, ...]  # catalog points: what the captain weighs losing
    defence: int
    piloting: int  # best pilot + hull handling + edges; working engines add
    gunnery_bonus: int  # edges; working sensors add
    gunners: tuple[int, ...]  # every hand's gunnery, best first
    shields_max: int
    armour: int
    after: int  # an after-roll gunnery edge's figure, once a turn (0: none)
    chooses: bool  # an attacker-chooses edge


class Setup(NamedTuple):
    """A battle as a captain and the narrator read it: the ships by name and label (side A's
    first, `first_b` of them), the terms, and the numbers the rules play it from (`fight`). A
    duel is the battle of one against one."""

    ships: tuple[Ship, ...]
    difficulty: tuple[int, int, int, int]  # tailing, short, medium, long
    margin: int  # beat by this much: two steps
    start: int
    tailer: int  # at a tailing start, who tails
    inclusive: bool  # --rule under=inclusive (R2)
    free_tailer: bool  # --rule tailer=free (R12)
    fight: r.Fight
    first_b: int = 1

    @property
    def duel(self) -> bool:
        return len(self.ships) == 2


def ship(design: D12Design, catalog: D12Catalog, name: str | None = None) -> Ship:
    f = fit(design, catalog)
    p = derive(f, catalog)
    sensors = sum(s.system.gunnery or 0 for s in f.systems)
    engines = sum(s.system.piloting or 0 for s in f.systems)
    s = f.systems
    return Ship(
        name=name or design.name,
        labels=tuple(x.label for x in s),
        facing=tuple(FACINGS.index(x.facing) for x in s),
        kind=tuple(KIND_CODES[x.system.kind] for x in s),
        resilient=tuple(x.resilient for x in s),
        turret=tuple(x.turret for x in s),
        hp=tuple(x.system.hp for x in s),
        damage=tuple(x.system.damage or 0 for x in s),
        sustain=tuple(x.system.sustain or 0 for x in s),
        to_hit=tuple(x.system.to_hit or 0 for x in s),
        figure=tuple(x.system.shields or x.system.piloting or x.system.gunnery
                     or x.system.seats or 0 for x in s),
        value=tuple(x.system.points + (catalog.construction.turret_points if x.turret else 0)
                    for x in s),
        defence=p.defence,
        piloting=p.piloting - engines,  # working engines are added turn by turn
        gunnery_bonus=p.gunnery_bonus - sensors,
        gunners=tuple(sorted((h.gunnery for h in f.hands), reverse=True)),
        shields_max=f.hull.shields,
        armour=design.armour,
        after=edge_total(f, "after-roll", "gunnery"),
        chooses=any(e.effect == "attacker-chooses" for e in f.edges),
    )


def numbers(ships: tuple[Ship, ...], difficulty: tuple[int, int, int, int], margin: int,
            start: int, inclusive: bool, cap: int, free_tailer: bool = False,
            first_b: int = 1) -> r.Fight:
    """The battle as the rules read it: one array, its changing head as the battle begins, then
    every ship's figures side by side, each ship padded to `n` systems (a padding system has no
    hit points, so nothing ever picks, fires or counts it), lists of each ship's guns and of
    its systems by facing, and the default captain's table of one shot's expected damage for
    every gun, enemy, range and to-hit total. Ships 0 .. first_b - 1 are side A's; every
    opposing pair starts at `start` (R32), side A's ship tailing at a tailing start (R21)."""
    m = len(ships)
    n = max(len(s.hp) for s in ships)
    crew = max(1, max(len(s.gunners) for s in ships))
    regions = {"live": m * n, "ranges": m * m, "tailers": m * m, "values": m * m * 5,
               "fates": m, "order": m, "enemies": m,
               "saved": 2 * n, "fire": m * n, "plans": 2 * m * n, "was": 2 * n, "cands": n,
               "fired": m * n, "hand_gun": m * crew, "spent": m * crew, "loses": m * n}
    offsets: dict[str, int] = {}
    size = r.SHIP + m * r.W
    for name, length in regions.items():
        offsets[name] = size
        size += length
    data = [0] * size
    for k, one in enumerate(ships):
        block = r.ship(k)
        data[block + r.S_ARMOUR] = one.armour
        # a ship's target until it first chooses: the first enemy (in a duel, the other ship)
        data[block + r.S_TARGET] = first_b if k < first_b else 0
    live = offsets["live"]
    data[live:live + m * n] = [h for s in ships for h in (*s.hp, *[0] * (n - len(s.hp)))]
    for a in range(m):
        for b in range(m):
            if (a < first_b) != (b < first_b):
                data[offsets["ranges"] + a * m + b] = start
                tailer = min(a, b) if start == r.TAILING else -1  # R21: A's ship tails
                data[offsets["tailers"] + a * m + b] = tailer
            else:
                data[offsets["ranges"] + a * m + b] = r.ESCAPED  # mates: never in reach
                data[offsets["tailers"] + a * m + b] = -1
    at: dict[str, int] = {}

    def column(name: str, values: list[int]) -> None:
        at[name] = len(data)
        data.extend(values)

    for name, pad in (("facing", r.NONE), ("kind", r.NONE), ("resilient", 0), ("turret", 0),
                      ("hp", 0), ("damage", 0), ("sustain", 0), ("to_hit", 0), ("figure", 0),
                      ("value", 0)):
        column(name, [int(v) for s in ships
                      for v in (*getattr(s, name), *[pad] * (n - len(s.hp)))])
    foes = max(first_b, m - first_b)
    worth = [0] * (m * n * foes * 4 * r.TOTALS)
    for side, s in enumerate(ships):
        for i, kind in enumerate(s.kind):
            if kind not in (r.WEAPON, r.MISSILE):
                continue
            for target, other in enumerate(ships):
                if (side < first_b) == (target < first_b):
                    continue
                for rng in range(r.LONG + 1):
                    base = s.to_hit[i] if kind == r.MISSILE else difficulty[rng]
                    foe = target - first_b * (target >= first_b)
                    cell = (((side * n + i) * foes + foe) * 4 + rng) * r.TOTALS
                    for total in range(r.TOTALS):
                        worth[cell + total] = expected_damage(
                            total, base + other.defence, s.damage[i], s.sustain[i], inclusive)
    column("worth", worth)
    guns = [[side * n + i for i, kind in enumerate(s.kind) if kind in (r.WEAPON, r.MISSILE)]
            for side, s in enumerate(ships)]
    column("guns", [g for side in guns for g in (*side, *[0] * (n - len(side)))])
    on = [[side * n + i for i, at in enumerate(s.facing) if at == facing]
          for side, s in enumerate(ships) for facing in range(r.CORE + 1)]
    column("sides", [g for facing in on for g in (*facing, *[0] * (n - len(facing)))])
    column("gun_count", [len(side) for side in guns])
    column("side_count", [len(facing) for facing in on])
    for name in ("defence", "piloting", "gunnery_bonus", "shields_max", "after", "chooses"):
        column(name, [int(getattr(s, name)) for s in ships])
    column("hands", [len(s.gunners) for s in ships])
    column("gunners", [g for s in ships for g in (*s.gunners, *[0] * (crew - len(s.gunners)))])
    column("difficulty", list(difficulty))
    # what an unhurt ship's turn is worth, what it has left losing one system alone, and its
    # plan as a turn opens: the same in every battle of a series, so kept across them
    # (rules.turn_value, consequence, unhurt_plan)
    column("unhurt_values", [0] * (m * m * 5))
    column("unhurt_loses", [0] * (m * n * m * 5))
    column("unhurt_plans", [0] * (m * m * 5 * (1 + 2 * n + crew)))
    where = {**offsets, **at}
    for k, name in enumerate(r.HEAD):  # f's head: where each region and column starts
        data[r.H_LIVE + k] = where[name]
    p = r.Params(n=n, crew=crew, ships=m, first_b=first_b, foes=foes, margin=margin,
                 inclusive=int(inclusive), free_tailer=int(free_tailer), cap=cap, size=size)
    return r.Fight(p, data)


def inclusive(rules: Mapping[str, Value]) -> bool:
    """--rule under=inclusive (R2); the core has parsed it against options.py."""
    return rules.get("under", "strict") == "inclusive"


def free_tailer(rules: Mapping[str, Value]) -> bool:
    """--rule tailer=free (R12): the tailer fires every gun and hits any side."""
    return rules.get("tailer", "house") == "free"


def start_range(catalog: D12Catalog, given: str | None) -> int:
    return RANGE_NAMES.index(given if given is not None else catalog.combat.start_range)


def table(ships: tuple[Ship, ...], difficulty: tuple[int, int, int, int] = (4, 4, 7, 9),
          margin: int = 6, start: int = r.MEDIUM, inclusive: bool = False,
          cap: int = 40, free: bool = False, first_b: int = 1) -> Setup:
    """Ships at a table under these terms, side A's `first_b` first (tests build ships by
    hand and come here)."""
    return Setup(ships, difficulty, margin, start, 0 if start == r.TAILING else -1, inclusive,
                 free, numbers(ships, difficulty, margin, start, inclusive, cap, free, first_b),
                 first_b)


def setup(a: D12Design, b: D12Design, catalog: D12Catalog, terms: Terms) -> Setup:
    """A duel: one ship a side, named as the designs are (a mirror match tags its sides)."""
    names = (a.name, b.name) if a.name != b.name else (f"{a.name} (A)", f"{b.name} (B)")
    return _setup((ship(a, catalog, names[0]), ship(b, catalog, names[1])), 1, catalog, terms)


def battle_setup(sides: tuple[BattleSide, BattleSide], terms: Terms) -> Setup:
    """A battle: each side's ships in fleet order, named by the core ("Sabre 2 (B)"); every
    opposing pair starts at the start range (R32)."""
    catalog: D12Catalog = sides[0].entrants[0].design.catalog
    fleet = battle_ships(sides)
    ships = [ship(s.design.model, catalog, s.name) for s in fleet]
    first_b = sum(s.side == 0 for s in fleet)
    if len(ships) > r.MAX_SHIPS:
        raise UserError.single("battle.ships", f"{len(ships)} ships in the battle: a "
                               f"d12-facings battle takes at most {r.MAX_SHIPS}, both sides")
    return _setup(tuple(ships), first_b, catalog, terms)


def _setup(ships: tuple[Ship, ...], first_b: int, catalog: D12Catalog, terms: Terms) -> Setup:
    given = terms.values.get("range")
    start = start_range(catalog, None if given is None else str(given))
    if start == r.TAILING and len(ships) > 2:
        raise UserError.single("cli.range", "--range tailing: with more than one ship a side, "
                               "tailing is a state of one pair and no start puts every ship "
                               "behind its enemies (R32); give short, medium or long")
    d = catalog.combat.difficulty
    return table(ships, (d.tailing, d.short, d.medium, d.long), catalog.combat.two_steps_margin,
                 start, inclusive(terms.rules), terms.whole("cap", catalog.combat.cap),
                 free_tailer(terms.rules), first_b)
