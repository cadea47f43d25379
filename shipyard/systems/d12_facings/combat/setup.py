"""From a design to the plain figures the fight rules read, and the table's terms."""

from __future__ import annotations

from collections.abc import Mapping

from shipyard.core.combat import MAX_CAP, Terms
from shipyard.errors import UserError
from shipyard.systems.d12_facings.combat.captain import DEFAULT
from shipyard.systems.d12_facings.combat.rules import (
    KIND_CODES,
    LONG,
    RANGE_NAMES,
    Captain,
    Setup,
    Ship,
)
from shipyard.systems.d12_facings.models import FACINGS, D12Catalog, D12Design
from shipyard.systems.d12_facings.profile import derive, edge_total
from shipyard.systems.d12_facings.rules import fit

RULES = {"under": ("strict", "inclusive")}  # --rule under=inclusive (R1)


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


def switches(rules: Mapping[str, str]) -> bool:
    """The --rule switches; True when "under" is read as "at or under" (R1)."""
    for name, value in rules.items():
        if name not in RULES:
            raise UserError.single("cli.rule", f"--rule {name}: d12-facings has the rule "
                                   "under=strict|inclusive (R1)")
        if value not in RULES[name]:
            raise UserError.single("cli.rule", f"--rule {name}={value}: give "
                                   f"{' or '.join(RULES[name])}")
    return rules.get("under", "strict") == "inclusive"


def start_range(catalog: D12Catalog, given: int | None) -> int:
    if given is None:
        return RANGE_NAMES.index(catalog.combat.start_range)
    if not 0 <= given <= LONG:
        raise UserError.single("cli.range", f"--range {given}: give 0 tailing (A tails B), "
                               "1 short, 2 medium or 3 long")
    return given


def setup(a: D12Design, b: D12Design, catalog: D12Catalog, terms: Terms,
          captains: tuple[Captain, Captain] = (DEFAULT, DEFAULT)) -> tuple[Setup, int]:
    names = (a.name, b.name) if a.name != b.name else (f"{a.name} (A)", f"{b.name} (B)")
    cap = terms.cap if terms.cap is not None else catalog.combat.cap
    if not 1 <= cap <= MAX_CAP:
        raise UserError.single("cli.cap", f"--cap {cap}: give 1..{MAX_CAP} turns")
    d = catalog.combat.difficulty
    return Setup(
        ships=(ship(a, catalog, names[0]), ship(b, catalog, names[1])),
        difficulty=(d.tailing, d.short, d.medium, d.long),
        margin=catalog.combat.two_steps_margin,
        start=start_range(catalog, terms.range),
        tailer=0,
        inclusive=switches(terms.rules),
        captains=captains,
        memo={},
    ), cap
