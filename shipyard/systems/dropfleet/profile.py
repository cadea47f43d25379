"""A ship's profile in the game's words: what `show` prints and the ship card reads."""

from __future__ import annotations

from shipyard.systems.dropfleet.damage import catastrophic, crippled_at
from shipyard.systems.dropfleet.models import DropfleetCatalog, Weapon, WeaponLine
from shipyard.systems.dropfleet.notation import save_text
from shipyard.systems.dropfleet.rules import house, stock_points
from shipyard.systems.dropfleet.ship import Ship


def armour_text(ship: Ship) -> str:
    return save_text(ship.armour) + (f"/{save_text(ship.passive)}" if ship.passive else "")


def signature_text(ship: Ship) -> str:
    sig = f'{ship.signature}"'
    return sig + (f' ({ship.shields_up_signature}" and Point Defence 0 with shields up)'
                  if ship.shields_up_signature is not None else "")


def weapon_text(w: WeaponLine | Weapon, catalog: DropfleetCatalog) -> str:
    lock = "armour" if w.lock == "armour" else f"{w.lock}+"
    rules = ", ".join(catalog.spelled(r) for r in w.rules)
    mounts = w.count if isinstance(w, WeaponLine) else 1
    count = f"{mounts}x " if mounts > 1 else ""
    return (f"{count}Lock {lock}, Attack {w.attack}, Damage {w.damage}, arc {w.arc}"
            + (f"; {rules}" if rules else ""))


def crippling_text(ship: Ship, catalog: DropfleetCatalog) -> str:
    at = crippled_at(ship.hull, ship.dreadnought, catalog.damage.thresholds)
    if not at:
        return f"never (starting Hull {ship.hull})"
    return " and again at ".join(f"{h} Hull left" for h in at)


def catastrophic_text(ship: Ship, catalog: DropfleetCatalog) -> str:
    cat = catastrophic(ship.hull, catalog.damage.thresholds)
    if cat is None:
        return "none (removed when destroyed)"
    radius, bonus = cat
    roll = f", D6+{bonus}" if bonus else ""
    if ship.dreadnought:
        return f"Dreadnought table{roll} (fixed distances)"
    return f"radius {radius}{roll}"


def rows(ship: Ship, catalog: DropfleetCatalog) -> list[tuple[str, str]]:
    klass = catalog.tonnage_class(ship.ship_class)
    out = [("Class", klass.name if ship.stock is None
            else f"{klass.name} ({ship.stock.tonnage}, code {ship.stock.tonnage_code})")]
    if ship.faction:
        out.append(("Faction", next(f.name for f in catalog.factions if f.id == ship.faction)))
    if ship.stock is not None:
        published, _ = stock_points(ship, catalog)
        out.append(("Points (published)", str(published)
                    + (" (base price plus house pick prices)"
                       if ship.stock.id in catalog.picks.base_priced else "")))
    out.append(("House points", f"{house(ship, catalog)} (house formula: shipyard rulings "
                                "dropfleet formula)"))
    out += [
        ("Hull", str(ship.hull)),
        ("Armour", armour_text(ship)),
        ("Point Defence", str(ship.point_defence)),
        ("Signature", signature_text(ship)),
        ("Thrust", f'{ship.thrust}"'),
        ("Scan", f'{ship.scan}"'),
        ("Group", f"{ship.group[0]}-{ship.group[1]}"),
        ("Special rules", ", ".join(str(r) for r in ship.rules) or "none"),
        ("Crippled at", crippling_text(ship, catalog)),
        ("Catastrophic damage", catastrophic_text(ship, catalog)),
    ]
    out += [(f"Weapon: {m.line.name}", weapon_text(m.line, catalog)) for m in ship.weapons]
    for ld in ship.launch:
        load = catalog.load(ld.load)
        count = f"{ld.count}x " if ld.count > 1 else ""
        rules = ", ".join(catalog.spelled(r) for r in ld.rules)
        out.append((f"Launch: {load.name}", f"{count}{ld.launch}" + (f"; {rules}" if rules
                                                                      else "")))
    return out
