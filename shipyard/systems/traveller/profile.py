"""The derived profile of a traveller ship, the catalog as tables, and `new --hull`."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml

from shipyard.api import Table, UserError, mcr, tons
from shipyard.systems.traveller.construction import Ship, power_figure
from shipyard.systems.traveller.crew import combat_positions, complement
from shipyard.systems.traveller.models import MAX_HULL, PartEntry, TravellerCatalog


def profile_rows(ship: Ship, catalog: TravellerCatalog) -> list[tuple[str, str]]:
    d = ship.design
    cfg = catalog.configuration(d.hull.configuration)
    rows = [
        ("Hull", f"{tons(ship.hull_tons)} tons, {cfg.name if cfg else d.hull.configuration}"
                 + (f" ({', '.join(d.hull.options)})" if d.hull.options else "")),
        ("TL", str(d.tl)),
        ("Hull points", str(ship.hull_points)),
        ("Armour", str(ship.armour)),
        ("Thrust", str(ship.thrust)),
        ("Jump", str(ship.jump)),
        ("Power", f"output {power_figure(ship.output)}, "
                  f"demand {power_figure(ship.power_demand)} "
                  f"(basic {power_figure(ship.basic_power)} "
                  f"+ larger of M {power_figure(ship.draw('m_drive'))} "
                  f"/ J {power_figure(ship.draw('j_drive'))} + rest)"),
        ("Tons used", f"{tons(ship.tons_used)} of {tons(ship.hull_tons)}"),
        ("Hardpoints", f"{ship.hardpoints_used} of {ship.hardpoints}"
                       + (" (firmpoints)" if ship.firmpoints else "")),
        ("Sensors DM", "none" if ship.sensor_dm is None else f"{ship.sensor_dm:+d}"),
        ("Production cost", mcr(ship.production_cost)),
        ("Sale price", mcr(ship.sale_price) + (" (standard design, 10% off)"
                                               if d.design == "standard" else " (custom design)")),
        ("Crew (High Guard)", complement(ship, catalog)),
        ("Combat positions", ", ".join(f"{role} {n}" if n > 1 else role
                                       for role, n in combat_positions(ship))),
    ]
    return rows


FIGURES = (("tons", "{} t"), ("tons_percent", "{}% hull t"), ("tons_per_rating", "{} t per rating"),
           ("tons_factor", "tons x{}"), ("output_per_ton", "{} Power per ton"),
           ("power", "{} Power"), ("power_per_ton", "{} Power per ton"),
           ("power_percent", "Power {}% hull"), ("cost", "MCr{}"),
           ("cost_per_ton", "MCr{} per ton"), ("cost_per_hull_ton", "MCr{} per hull ton"),
           ("hardpoints", "{} hardpoint(s)"), ("capacity", "{} weapon(s)"))


def part_figures(part: PartEntry) -> str:
    """A part's figures in a line (the rule names the formula they feed)."""
    shown = [text.format(f"{value:g}") for key, text in FIGURES
             if isinstance(value := getattr(part, key), int | float) and value]
    if part.rating_is:
        shown.append(f"rating: {part.rating_is}")
    return ", ".join(shown) + (f" ({part.rule})" if part.rule not in ("unit", "mount") else "")


def catalog_tables(catalog: TravellerCatalog, catalog_dir: Path) -> list[Table]:
    """What a designer looks up: the stock ships `new --stock` takes, hulls, parts and their
    figures (each figure's source is in the catalog YAML and RULINGS.md, not a user's to use)."""
    stock = Table("Stock ships (shipyard new traveller --stock ID)", ["id", "name", "tons", "TL"],
                  [[sid, str(data["name"]), f"{data['hull']['tons']:,}", str(data["tl"])]
                   for sid in stock_ids(catalog_dir)
                   if (data := stock_design(catalog_dir, sid))])
    parts = Table("Parts", ["id", "section", "TL", "figures"],
                  [[p.id, p.section, str(p.tl or ""), part_figures(p)] for p in catalog.parts])
    configs = Table("Hull configurations", ["id", "cost ×", "Hull points ×", "armour ×"],
                    [[c.id, f"{c.cost:g}", f"{c.hull_points:g}", f"{c.armour:g}"]
                     for c in catalog.configurations])
    options = Table("Hull options", ["id", "cost ×", "Hull points ×"],
                    [[o.id, f"{o.cost:g}", f"{o.hull_points:g}"] for o in catalog.hull_options])
    armour = Table("Armour", ["id", "TL", "% hull per point", "MCr per ton"],
                   [[m.id, str(m.tl), f"{m.percent_per_point:g}", f"{m.cost_per_ton:g}"]
                    for m in catalog.armour_materials])
    computers = Table("Computers", ["rating", "name", "TL", "MCr"],
                      [[str(c.rating), c.name, str(c.tl), f"{c.cost:g}"]
                       for c in catalog.computers])
    craft = Table("Carried craft (catalog price)", ["id", "tons", "MCr"],
                  [[c.id, f"{c.tons:g}", f"{c.cost:g}"] for c in catalog.craft])
    weapons = Table("Weapons", ["id", "TL", "range", "damage", "traits"],
                    [[w.id, str(w.tl), w.range, w.damage, w.traits] for w in catalog.weapons])
    from shipyard.systems.traveller.cards import combat_tables

    return [stock, configs, options, armour, parts, computers, craft, weapons,
            *combat_tables(catalog)]


NEW_TURRET = ("double_turret", ("beam_laser", "missile_rack"))
NEW_MISSILES = 12  # one ton of missile storage for the rack


def new_design(catalog: TravellerCatalog, hull: str | None) -> dict[str, Any]:
    """A legal streamlined ship of the given tons: Thrust 1, jump-1 from 100 t, a bridge,
    a computer, sensors, a turret of beam lasers from 100 t, staterooms, fuel and the rest as
    cargo, ready to grow."""
    tons = 200
    if hull is not None:
        try:
            tons = int(hull)
        except ValueError:
            raise UserError.single("cli.hull", f"--hull {hull!r}: a traveller hull is a whole "
                                   "number of displacement tons") from None
    if not 6 <= tons <= MAX_HULL:
        raise UserError.single("cli.hull", f"--hull {tons}: a traveller hull is 6..{MAX_HULL} "
                               "tons")
    small = tons < 100
    # a double turret of beam lasers on the first hardpoint (one per 100 t), so that a new
    # ship's first duel shows a fight; with the power it draws
    armed = tons >= 100 and all(catalog.weapons.get(w) for w in NEW_TURRET[1])
    turret = catalog.parts.get(NEW_TURRET[0])
    weapons_power = math.ceil((turret.power or 0 if turret else 0) + sum(
        w.power for w in (catalog.weapons.get(i) for i in NEW_TURRET[1]) if w)) if armed else 0
    # basic systems (20%) + the M-drive's Thrust 1 (10%; the J-1 draws the same, never at once)
    # + civilian sensors + the turret: every figure rounded up as the drives round theirs
    plant_output = -(-tons * 20 // 100) + -(-tons * 10 // 100) + 1 + weapons_power
    parts: list[dict[str, Any]] = []
    if tons > 50:  # a bridge, so an airlock (free from 100 t)
        parts.append({"part": "airlock"})
    if not small:
        parts.append({"part": "j_drive", "rating": 1})
    parts.append({"part": "m_drive", "rating": 1})
    parts.append({"part": "fusion_tl12", "output": plant_output})
    parts.append({"part": "fuel", "weeks": 4} | ({} if small else {"parsecs": 1}))
    parts.append({"part": "fuel_scoops"})
    parts.append({"part": "cockpit"} if tons <= 50 else {"part": "bridge"})
    parts.append({"part": "computer", "rating": 5})
    for sw in ["library", "manoeuvre", "intellect"]:
        parts.append({"part": "software", "software": sw})
    if not small:
        parts.append({"part": "software", "software": "jump_control", "rating": 1})
    parts.append({"part": "civilian_sensors"})
    if armed:
        parts.append({"part": NEW_TURRET[0], "weapons": list(NEW_TURRET[1])})
        parts.append({"part": "missile_storage", "rating": NEW_MISSILES})
    if tons >= 100:
        parts.append({"part": "stateroom", "count": 2})
        parts.append({"part": "common_area", "tons": 2})
    parts.append({"part": "cargo_hold"})
    return {"system": "traveller", "name": f"New {tons}-ton ship", "tl": 12, "design": "custom",
            "hull": {"tons": tons, "configuration": "streamlined"}, "parts": parts}


def stock_ids(catalog_dir: Path) -> list[str]:
    """The bundled golden ships, by file name: `new traveller --stock dragon-sdb`."""
    return sorted(p.stem for p in (catalog_dir / "examples").glob("*.yaml"))


def stock_design(catalog_dir: Path, stock: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((catalog_dir / "examples" / f"{stock}.yaml")
                                          .read_text(encoding="utf-8"))
    return data
