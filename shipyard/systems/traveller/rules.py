"""traveller findings and budgets: what construction.py derives, as the core reports it."""

from __future__ import annotations

from decimal import Decimal

from shipyard.api import Budget, LineItem, LineOf, Verdict
from shipyard.systems.traveller.construction import Ship, power_figure

CODES = {
    "hull.configuration": "the hull configuration is not in the catalog",
    "hull.option": "a hull option is not in the catalog",
    "part.unknown": "a part id is not in the catalog",
    "part.missing": "a part lacks a choice its rule needs (rating, output, tons...)",
    "part.price": "a chosen price is outside the part's range",
    "tl.part": "a part (with its customisation) needs a higher TL than the ship's",
    "armour.material": "the armour material is not in the catalog",
    "armour.cap": "armour protection over the material's cap at the ship's TL",
    "drive.rating": "a drive rating beyond its table",
    "drive.fit": "a drive larger than the hull",
    "custom.grade": "a customisation grade is not in the catalog",
    "custom.modification": "a modification is not in the catalog",
    "custom.points": "modifications do not add up to the grade's advantage/disadvantage points",
    "computer.rating": "no computer of that rating",
    "software.unknown": "the software is not in the catalog",
    "software.rating": "the software has no such rating",
    "sensors.arrays": "extended arrays without a sensor suite",
    "weapon.unknown": "a turret weapon is not in the catalog",
    "weapon.capacity": "more weapons than the mount holds",
    "weapon.mount": "weapons listed on a part that is not a weapon mount",
    "weapon.unmounted": "a weapon named as a part of its own, without a turret or fixed mount "
                        "(the reader says so first)",
    "spinal.improvement": "a spinal mount improved by more TLs than its table has",
    "spinal.size": "a spinal mount over half the hull",
    "craft.unknown": "a carried craft is not in the catalog",
    "craft.clamp": "a craft too large for its docking clamp",
    "power.emergency": "an emergency power system without a power plant",
    "fuel.drive": "fuel by minutes or hours for a reaction drive or thruster the ship lacks",
    "stated.mismatch": "a figure the design states disagrees with the derived one",
    "cargo.rest": "more than one cargo hold without tons (each would take the rest)",
    "tonnage.over": "parts use more tons than the hull displaces",
    "hardpoints.over": "mounts need more hardpoints than the hull has",
    "power.short": "warning: not every system can run at once on the plant's output",
    "airlock.missing": "warning: a ship with a bridge has no airlock (the Gothta accepts it)",
}


def dec(value: float, places: int = 6) -> Decimal:
    """Budget amounts as Decimals, rounded where float noise would show (0.30000000000000004)."""
    return Decimal(str(round(value, places))).normalize() + Decimal(0)


def budgets(ship: Ship, line_of: LineOf) -> list[Budget]:
    def line(index: int | None) -> int | None:
        return line_of(("parts", index)) if index is not None else line_of(("hull",))

    def label(item: str, quantity: int | None, section: str) -> str:
        return f"{section}: {item}" + (f" ×{quantity}" if quantity else "")

    hull = dec(ship.usable_tons)
    tonnage = Budget("tonnage", "tons", hull, title="Tonnage" if ship.usable_tons == ship.hull_tons
                     else "Tonnage (the usable share of a planetoid)")
    rest = next((ln for ln in ship.lines if ln.kind == "cargo_rest"), None)
    for ln in ship.lines:
        if ln.counts_tons:
            tonnage.add(label(ln.item, ln.quantity, ln.section), dec(ln.tons), line(ln.part))
    if rest is not None:
        # the hold takes what is left, so the ledger adds up to the hull to the last digit;
        # never below nothing, so a hull overfilled shows over, not full
        k = next(k for k, item in enumerate(tonnage.items) if item.line == line(rest.part)
                 and item.label.startswith("Cargo"))
        others = sum((item.amount for j, item in enumerate(tonnage.items) if j != k), Decimal(0))
        tonnage.items[k] = LineItem(tonnage.items[k].label, max(Decimal(0), hull - others),
                                    tonnage.items[k].line)
    power = Budget("power", "Power", dec(ship.output), title="Power (basic + larger drive + rest)")
    m, j = ship.draw("m_drive"), ship.draw("j_drive")
    for ln in ship.lines:
        if ln.kind == "basic":
            power.add("Hull: Basic Ship Systems", dec(ln.power), line(None))
        elif ln.power < 0:
            amount = -ln.power
            text = label(ln.item, ln.quantity, ln.section)
            if ln.kind in ("m_drive", "j_drive"):
                # M- and J-drive never run at once: only the larger counts, and the smaller
                # says why it shows 0
                larger = "m_drive" if m >= j else "j_drive"
                if ln.kind != larger:
                    amount = 0.0
                    text += (f" ({power_figure(-ln.power)} Power, covered by the "
                             f"{'M-drive' if larger == 'm_drive' else 'J-drive'})")
            power.add(text, dec(amount), line(ln.part))
    hardpoints = Budget("hardpoints", "hardpoints", ship.hardpoints,
                        title="Firmpoints" if ship.firmpoints else "Hardpoints")
    for ln in ship.lines:
        if ln.hardpoints:
            hardpoints.add(label(ln.item, ln.quantity, ln.section), ln.hardpoints, line(ln.part))
    cost = Budget("cost", "MCr", None, title="Production cost, every line")
    for ln in ship.lines:
        cost.add(label(ln.item, ln.quantity, ln.section), dec(ln.cost), line(ln.part))
    return [tonnage, hardpoints, power, cost]


def check(ship: Ship, line_of: LineOf) -> Verdict:
    verdict = Verdict(budgets=budgets(ship, line_of))
    for f in ship.findings:
        where = line_of(("parts", f.part)) if f.part is not None else line_of(("hull",))
        if f.severity == "error":
            verdict.error(f.code, f.message, where)
        else:
            verdict.warn(f.code, f.message, where)
    return verdict
