"""From a design to the plain figures the fight rules read, and the table's terms."""

from __future__ import annotations

from collections.abc import Mapping

from shipyard.api import Terms, Value
from shipyard.systems.d12_facings.combat.captain import DEFAULT
from shipyard.systems.d12_facings.combat.rules import (
    KIND_CODES,
    RANGE_NAMES,
    Captain,
    Setup,
    Ship,
)
from shipyard.systems.d12_facings.models import FACINGS, D12Catalog, D12Design
from shipyard.systems.d12_facings.profile import derive, edge_total
from shipyard.systems.d12_facings.rules import fit


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


def inclusive(rules: Mapping[str, Value]) -> bool:
    """--rule under=inclusive (R2); the core has parsed it against options.py."""
    return rules.get("under", "strict") == "inclusive"


def start_range(catalog: D12Catalog, given: str | None) -> int:
    return RANGE_NAMES.index(given if given is not None else catalog.combat.start_range)


def setup(a: D12Design, b: D12Design, catalog: D12Catalog, terms: Terms,
          captains: tuple[Captain, Captain] = (DEFAULT, DEFAULT)) -> tuple[Setup, int]:
    names = (a.name, b.name) if a.name != b.name else (f"{a.name} (A)", f"{b.name} (B)")
    cap = terms.whole("cap", catalog.combat.cap)
    given = terms.values.get("range")
    d = catalog.combat.difficulty
    return Setup(
        ships=(ship(a, catalog, names[0]), ship(b, catalog, names[1])),
        difficulty=(d.tailing, d.short, d.medium, d.long),
        margin=catalog.combat.two_steps_margin,
        start=start_range(catalog, None if given is None else str(given)),
        tailer=0,
        inclusive=inclusive(terms.rules),
        captains=captains,
        memo={},
    ), cap
