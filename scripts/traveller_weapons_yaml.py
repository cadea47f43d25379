"""Write catalogs/traveller/weapons.yaml from the shared weapons.csv and components.csv (screens).

Run once when the shared data changes; the output is committed and reviewed like any catalog file.
Entries the curated parts.yaml / tables.yaml already have (the golden ships' mounts) are left to
them. Usage: python scripts/traveller_weapons_yaml.py tests/data/traveller
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SALVO = {("small", "missile"): 12, ("medium", "missile"): 24, ("large", "missile"): 120,
         ("small", "torpedo"): 3, ("medium", "torpedo"): 6, ("large", "torpedo"): 30}


def ident(name: str) -> str:
    name = name.replace("Point Defence", "PD").replace("Type III", "3").replace("Type II", "2")
    name = name.replace("Type I", "1")
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def num(text: str) -> float | int:
    value = float(text)
    return int(value) if value == int(value) else value


def main(data: Path) -> None:
    known = {e["id"] for f in ("parts.yaml", "tables.yaml")
             for key in ("parts", "weapons")
             for e in (yaml.safe_load((ROOT / "catalogs/traveller" / f).read_text()) or {})
             .get(key, [])}
    parts: list[dict[str, object]] = []
    weapons: list[dict[str, object]] = []
    with (data / "weapons.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        mount, name = r["mount"], r["name"]
        if mount.startswith("ordnance") or mount in ("carronade", "point defence"):
            continue  # ordnance is a magazine's content; carronades need the HG carronade rules
        wid = ident(name)
        source = f"weapons.csv:{name}"
        profile: dict[str, object] = {"id": wid, "name": name, "tl": int(r["tl"]),
                                      "range": r["range"] or "—",
                                      "traits": r["traits"].replace(";", ","), "source": source}
        damage = r["damage"].replace(" per multiple", "")
        if re.fullmatch(r"\d+D", damage):
            profile["dice"] = damage
            if r["damage_multiple"] and r["damage_multiple"] != "1":
                profile["multiple"] = int(r["damage_multiple"])
        elif damage:
            profile["effect"] = damage
        if mount == "turret or fixed mount":
            profile |= {"power": num(r["power"]), "cost": num(r["cost_mcr"])}
            if wid not in known:
                weapons.append(profile)
            continue
        if wid in known:
            continue
        entry: dict[str, object] = {"id": wid, "section": "Weapons", "tl": int(r["tl"]),
                                    "tons": num(r["tons"]), "power": num(r["power"]),
                                    "cost": num(r["cost_mcr"]), "weapon": wid, "source": source}
        size = mount.split()[0]
        kind = "torpedo" if "Torpedo" in name else "missile" if "Missile" in name else ""
        if mount == "barbette":
            label = name + (" (Damage × 3 after armour)" if r["damage_multiple"] else "")
            entry |= {"name": label, "rule": "mount", "hardpoints": 1, "crew": 1}
        elif mount.endswith("bay"):
            salvo = SALVO.get((size, kind))
            if salvo:
                noun = "torpedoes" if kind == "torpedo" else "missiles"
                label = f"{name} ({salvo} {noun} per salvo)"
                profile |= {"ordnance": kind, "salvo": salvo, "magazine": salvo * 12}
            elif r["damage_multiple"]:
                label = f"{name} (Damage × {r['damage_multiple']} after armour)"
            else:
                label = name
            entry |= {"name": label, "rule": "mount", "hardpoints": int(r["hardpoints"]),
                      "crew": int(r["gunners_military"] or 1)}
        elif mount == "point defence battery":
            entry |= {"name": name, "rule": "mount", "hardpoints": 1, "crew": 1}
            profile |= {"range": "incoming missiles", "traits": "Point Defence",
                        "dice": r["point_defence"].replace("battery +", ""),
                        "effect": "intercept"}
        elif mount == "spinal":
            entry |= {"name": name, "rule": "spinal", "improvement_tons": [1, 0.9, 0.85, 0.8],
                      "improvement_cost": [1, 1.1, 1.2, 1.3],
                      "source": source + "; TL improvement table: ceres weapons/spinal.py"}
        else:
            continue
        parts.append(dict(sorted(entry.items(), key=lambda kv: list(ORDER).index(kv[0]))))
        weapons.append(profile)
    with (data / "components.csv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["category"] != "screen" or r["tons_basis"] != "fixed":
                continue
            sid = ident(r["name"])
            if sid in known:
                continue
            parts.append({"id": sid, "name": r["name"], "section": "Screens", "rule": "mount",
                          "tl": int(r["tl"]), "tons": num(r["tons"]), "power": num(r["power"]),
                          "cost": num(r["cost_mcr"]), "crew": 1,
                          "source": f"csv:{r['name']}"})
    out = ROOT / "catalogs/traveller/weapons.yaml"
    header = ("# traveller: the mounts, bays, batteries, spinal mounts and screens the golden\n"
              "# ships do not use, written by scripts/traveller_weapons_yaml.py from the shared\n"
              "# weapons.csv and components.csv (sources per entry); merged with parts.yaml and\n"
              "# tables.yaml by id.\n\n")
    body = yaml.safe_dump({"parts": parts, "weapons": weapons}, sort_keys=False,
                          allow_unicode=True, width=100, default_flow_style=None)
    out.write_text(header + body, encoding="utf-8")
    print(f"wrote {out}: {len(parts)} parts, {len(weapons)} weapons")


ORDER = ("id", "name", "section", "rule", "tl", "tons", "power", "cost", "hardpoints", "weapon",
         "crew", "improvement_tons", "improvement_cost", "source")

if __name__ == "__main__":
    main(Path(sys.argv[1]))
