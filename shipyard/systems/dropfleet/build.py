"""Starting designs for `new`, and the catalog as tables for `catalog`."""

from __future__ import annotations

from typing import Any

from shipyard.api import Table, UserError, suggest
from shipyard.systems.dropfleet.models import CLASS_IDS, DropfleetCatalog, Weapon, pick_options
from shipyard.systems.dropfleet.notation import save_text
from shipyard.systems.dropfleet.picks import default_picks
from shipyard.systems.dropfleet.profile import weapon_text
from shipyard.systems.dropfleet.rules import pick_price

DEFAULT_FACTION = "ucm"


def new_stock(catalog: DropfleetCatalog, stock_id: str) -> dict[str, Any]:
    """A stock ship as a design, with the first listed option of every group it must pick."""
    stock = catalog.stock_ship(stock_id)
    if stock is None:  # the core checks `new --stock` ids; this guards a direct call
        raise UserError.single("cli.stock", f"unknown dropfleet stock ship '{stock_id}'; "
                               f"{suggest(stock_id, catalog.stock.ids(), always=True)}")
    design: dict[str, Any] = {"system": "dropfleet", "name": stock.name, "stock": stock.id}
    picks = default_picks(stock, catalog)
    if picks:
        design["picks"] = [p.id for p in picks]
    return design


def _first(catalog: DropfleetCatalog, close_action: bool) -> Weapon:
    return next(w for w in catalog.weapons if w.faction == DEFAULT_FACTION
                and any(r.name == "Close Action" for r in w.rules) == close_action)


def new_design(catalog: DropfleetCatalog, hull: str | None) -> dict[str, Any]:
    """`--hull` takes a tonnage class: a custom build (`new --stock ID` writes a stock ship)."""
    hull = hull or "medium"
    if hull not in CLASS_IDS:
        hint = (f"; for the published ship, `new dropfleet --stock {hull}`"
                if catalog.stock_ship(hull) is not None else "")
        raise UserError.single("cli.hull", f"--hull {hull!r}: not a dropfleet tonnage class; "
                               f"{suggest(hull, CLASS_IDS, always=True)}{hint}")
    klass = catalog.tonnage_class(hull)
    return {"system": "dropfleet", "name": f"New {klass.name.split(' (')[0]}",
            "class": hull, "faction": DEFAULT_FACTION,
            "weapons": [{"weapon": _first(catalog, False).id},
                        {"weapon": _first(catalog, True).id}]}


def catalog_tables(catalog: DropfleetCatalog) -> list[Table]:
    f = catalog.points
    out = [
        Table("Tonnage classes (house construction)",
              ["id", "name", "Hull", "Armour", "PD", "Sig", "Thrust", "Scan", "weapon slots",
               "upgrade slots", "class base pts"],
              [[c.id, c.name, str(c.profile.hull), save_text(c.profile.armour),
                str(c.profile.point_defence), str(c.profile.signature), str(c.profile.thrust),
                str(c.profile.scan), str(c.weapon_slots), str(c.upgrade_slots),
                f"{f.class_base[c.id]:g}"] for c in catalog.classes]),
        Table("Stock ships (published points; house points by the house formula)",
              ["id", "faction", "class", "points", "house", "Hull", "Armour", "PD", "Sig",
               "Thrust", "Scan"],
              [[s.id, s.faction, s.ship_class, str(s.points),
                "-" if s.house_points is None else str(s.house_points), str(s.hull),
                save_text(s.armour) + (f"/{save_text(s.passive)}" if s.passive else ""),
                str(s.point_defence),
                str(s.signature) + (f"/{s.shields_up_signature}" if s.shields_up_signature
                                    else ""), str(s.thrust), str(s.scan)]
               for s in catalog.stock],
              note="house '-': printed points are a base price before paid picks"),
        Table("Resistance picks (counts and prices are house)",
              ["stock ship", "pick id", "group", "house pts"],
              [[s.id, p.id, p.group, str(pick_price(s, p, catalog))
                if s.id in catalog.picks.base_priced else "in printed points"]
               for s in catalog.stock for p in pick_options(s)]),
        Table("Weapon systems for custom builds (published profiles)",
              ["id", "faction", "profile"],
              [[w.id, w.faction, weapon_text(w, catalog)] for w in catalog.weapons]),
        Table("Upgrades (house)", ["id", "slots", "classes", "does"],
              [[u.id, str(u.slots), ", ".join(u.classes) if len(u.classes) < len(CLASS_IDS)
                else "all", u.summary + (f" (+{u.points} pts)" if u.points else "")]
               for u in catalog.upgrades]),
        Table("Launch loads", ["id", "name", "kind", "troop tokens"],
              [[ld.id, ld.name, ld.kind, str(ld.tokens)] for ld in catalog.loads]),
        Table("Launch asset profiles (published)",
              ["id", "kind", "Scan", "Thrust", "Armour", "PD bonus", "Lock", "Attack",
               "Damage", "rules"],
              [[a.id, a.kind, _opt(a.scan), _opt(a.thrust), a.armour or "",
                f"+{a.pd_bonus}" if a.pd_bonus else "",
                "" if a.lock is None else ("armour" if a.lock == "armour" else f"{a.lock}+"),
                _opt(a.attack), _opt(a.damage), ", ".join(str(r) for r in a.rules)]
               for a in catalog.assets]),
        Table("Special rules", ["name", "written on", "parameter", "summary"],
              [[r.name, ", ".join(r.used_on), r.param, r.summary]
               for r in catalog.special_rules]),
        Table("House points formula (every term: shipyard rulings dropfleet formula)",
              ["coefficient", "value"],
              [[f"class base: {k}", f"{v:g}"] for k, v in f.class_base.items()]
              + [[k, f"{getattr(f, k):g}"] for k in (
                  "per_effective_hull", "per_effective_hull_dreadnought",
                  "point_defence_with_passive",
                  "signature", "firepower", "close_action", "space_launch",
                  "space_launch_medium", "troop_token", "per_aegis")]
              + [[f"rule: {k}", f"{v:g}"] for k, v in f.rule_prices.items()]),
    ]
    d = catalog.damage
    for title, table in (("Crippling damage", d.crippling),
                         ("Dreadnought crippling damage", d.dreadnought_crippling)):
        out.append(Table(title, ["D6", "D6", "result", "extra Hull", "repair", "decay"],
                         [[f"{r.section_roll} {r.section}", r.roll, f"{r.name}: {r.effect}",
                           str(r.extra_hull), {0: "no", 1: "yes", 2: "yes, 2 needed"}[
                               r.repairs], "yes" if r.orbital_decay else "no"]
                          for r in table]))
    for title, cat_table in (("Catastrophic damage", d.catastrophic),
                             ("Dreadnought catastrophic damage", d.dreadnought_catastrophic)):
        out.append(Table(title, ["D6", "result"],
                         [[r.roll, f"{r.name}: {r.effect}"] for r in cat_table]))
    out.append(Table("Damage control", ["D6", "result"],
                     [[r.roll, r.effect] for r in d.damage_control]))
    return out


def _opt(value: object) -> str:
    return "" if value is None else str(value)
