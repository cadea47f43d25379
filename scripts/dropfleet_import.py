"""Regenerate catalogs/dropfleet/{stock,weapons,assets}.yaml from the shared data set, or write
a group's own ships, in the same CSV shape, as an overlay catalog.

    .venv/bin/python scripts/dropfleet_import.py [DATA_DIR] [--out DIR]
    .venv/bin/python scripts/dropfleet_import.py MY_CSVS --overlay DIR

DATA_DIR (ships.csv, weapons.csv, launch.csv; see its README) defaults to tests/data/dropfleet
(the published figures), DIR to catalogs/dropfleet. With `--overlay DIR` the script writes
DIR/dropfleet/stock.yaml with only the CSV's ships, weapons.yaml with only the weapon profiles
the built-in catalog lacks, assets.yaml with the CSV's asset profiles and loads.yaml with the
launch loads the catalog lacks (their points kind a guess to check), so that `shipyard --catalog
DIR ...` knows the ships beside the published ones. It names every special rule the catalog does
not know: the catalog refuses ships with those until the group adds them to
DIR/dropfleet/rules.yaml (catalogs/dropfleet/README.md, "A group's own ships").
The data's known defects are curated
here, each one named where it is mended, so the generated YAML says what it changed
(catalogs/dropfleet/README.md lists them):

- Lock `*` becomes the token `armour`; Damage `-` becomes the token `hits`.
- A Signature written `3/16` becomes signature 3 and shields_up_signature 16.
- London's and Washington's "UF-9000 Mass Driver Turret, Port" arc F/S(R) becomes F/S(L).
- Launch load names are mapped to one id per load (Bulk Lander / Bulk Landers alike).
- The tonnage class is the Dreadnought rule if the ship has it, else its tonnage code
  (L2 is a destroyer; the Explorer, coded S2 without the rule, stays a super-heavy).
- Special rules keep the data's names; the catalog's parser reads every notation into
  canonical (name, parameter) pairs, and the generated file writes them as `Name (param)`.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "catalogs" / "dropfleet"
SHARED = Path(__file__).resolve().parent.parent / "tests" / "data" / "dropfleet"

FACTIONS = {
    "United Colonies of Mankind": "ucm", "Post-Human Republic": "phr", "Scourge": "scourge",
    "Shaltari Tribes": "shaltari", "Resistance": "resistance", "Multi-faction": "multi-faction",
}
CLASS_OF_CODE = {"L": "light", "L2": "destroyer", "M": "medium", "H": "heavy",
                 "S": "super-heavy", "S2": "super-heavy"}
LOADS = {
    "Fighters & Bombers": "fighters-bombers", "Torpedo": "torpedoes",
    "Heavy Torpedo": "heavy-torpedoes", "Light Torpedoes": "light-torpedoes",
    "Bulk Lander": "bulk-landers", "Bulk Landers": "bulk-landers",
    "Pungari Bulk Landers": "pungari-bulk-landers", "Pungari Bombers": "pungari-bombers",
    "Dropships": "dropships", "Gates": "gates", "Fire Ships": "fire-ships",
    "Bulk Lander & Fire Ship": "bulk-lander-or-fire-ship",
}
ARC_FIXES = {("London Dreadnought", "UF-9000 Mass Driver Turret, Port"): "F/S(L)",
             ("Washington Supercarrier", "UF-9000 Mass Driver Turret, Port"): "F/S(L)"}
RULE = re.compile(r"^\s*(?P<name>[^()]+?)\s*(?:\(\s*(?P<p>[^)]*?)\s*\)|-(?P<q>\d+))?\s*"
                  r"(?P<mark>\*)?\s*$")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def canonical(rule: str) -> str:
    m = RULE.match(rule)
    if m is None:
        raise SystemExit(f"unreadable rule {rule!r}")
    param = m.group("p") if m.group("p") is not None else m.group("q")
    return m.group("name") + (f" ({param})" if param else "")


def rules_of(text: str) -> list[str]:
    return [canonical(r) for r in text.split(";") if r.strip()]


def q(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def lock(text: str) -> str:
    return "armour" if text == "*" else text


def dice(text: str) -> str:
    return "hits" if text == "-" else text


def flow(pairs: dict[str, object]) -> str:
    return "{" + ", ".join(f"{k}: {q(v)}" for k, v in pairs.items() if v not in (None, [], ""))\
        + "}"


def read_rows(path: Path) -> list[dict[str, str]]:
    """A CSV's rows; a missing file (a group's ships with no launch) has none."""
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def built_in(name: str) -> list[dict[str, object]]:
    """The built-in catalog's entries of one file (its one top-level list)."""
    data = yaml.safe_load((CATALOG / f"{name}.yaml").read_text(encoding="utf-8"))
    entries = next(iter(data.values()))
    assert isinstance(entries, list)
    return entries


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", nargs="?", type=Path, default=SHARED)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--overlay", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.out is not None and args.overlay is not None:
        parser.error("give --out or --overlay, not both")
    overlay = args.overlay is not None
    out_dir = args.overlay / "dropfleet" if overlay else (args.out or CATALOG)
    out_dir.mkdir(parents=True, exist_ok=True)
    write(args.data, out_dir, overlay)


def write(data: Path, out_dir: Path, overlay: bool) -> None:
    ships = read_rows(data / "ships.csv")
    weapons = read_rows(data / "weapons.csv")
    launch = read_rows(data / "launch.csv")
    loads_known = dict(LOADS)
    if overlay:
        loads_known |= {str(e["name"]): str(e["id"]) for e in built_in("loads")}
        new_loads = write_loads(launch, loads_known, out_dir)
        loads_known |= new_loads
    by_ship: dict[str, list[dict[str, str]]] = defaultdict(list)
    for w in weapons:
        by_ship[w["ship"]].append(w)
    loads: dict[str, list[dict[str, str]]] = defaultdict(list)
    for row in launch:
        if row["row_type"] == "ship_load":
            loads[row["ship"]].append(row)

    out = (["# Generated by scripts/dropfleet_import.py --overlay from a group's own CSVs (the",
            "# shared data set's shape): only their ships, beside the built-in stock. Re-run the",
            "# script rather than edit by hand."] if overlay else
           ["# Generated by scripts/dropfleet_import.py from the shared data set (first edition,",
            "# BSData dropfleet-commander; README.md in this folder). Published figures: do not",
            "# edit by hand, re-run the script. Curated defects are marked `curated:`."]) \
        + ["stock:"]
    for s in ships:
        rules = rules_of(s["special_rules"])
        klass = "dreadnought" if "Dreadnought" in rules else CLASS_OF_CODE[s["tonnage_code"]]
        sig, _, shields_sig = s["signature"].partition("/")
        group = [int(x) for x in s["group_size"].split("-")]
        pub = s["publication"] or "publication not given"
        source = f"{pub}" + (f" p{s['page']}" if s["page"] else "") + \
            f" ({s['source'].split(':')[-1]})"
        out.append(f"  - id: {slug(s['ship'])}")
        out.append(f"    name: {q(s['ship'])}")
        out.append(f"    faction: {FACTIONS[s['faction']]}")
        out.append(f"    class: {klass}")
        out.append(f"    tonnage: {q(s['tonnage'])}")
        out.append(f"    tonnage_code: {s['tonnage_code']}")
        out.append(f"    points: {s['points']}")
        out.append(f"    hull: {s['hull']}")
        out.append(f"    armour: {q(s['armour_save'])}")
        if s["passive_save"]:
            out.append(f"    passive: {q(s['passive_save'])}")
        out.append(f"    point_defence: {s['point_defence']}")
        out.append(f"    signature: {sig}")
        if shields_sig:
            out.append(f"    shields_up_signature: {shields_sig}  # curated: data {s['signature']}")
        out.append(f"    thrust: {s['thrust']}")
        out.append(f"    scan: {s['scan']}")
        out.append(f"    group: [{group[0]}, {group[-1]}]")
        if s["strategy_rating"]:
            out.append(f"    strategy: {s['strategy_rating']}")
        if rules:
            out.append(f"    rules: {q(rules)}")
        fixed = [w for w in by_ship[s["ship"]] if w["mount"] == "fixed"]
        options = [w for w in by_ship[s["ship"]] if w["mount"] == "option"]
        if fixed:
            out.append("    weapons:")
            for w in fixed:
                out.append("      - " + weapon_line(s["ship"], w))
        if options:
            out.append("    options:")
            for w in options:
                group_name = w["option_group"].removeprefix("group-level: ").split(" / ")[-1]
                out.append("      - " + weapon_line(s["ship"], w, slug(group_name)))
        ship_loads = loads.get(s["ship"], [])
        for mount in ("fixed", "option"):
            rows = [r for r in ship_loads if r["mount"] == mount]
            if rows:
                out.append("    launch:" if mount == "fixed" else "    launch_options:")
                for r in rows:
                    load = loads_known[r["name"]]
                    out.append("      - " + flow({
                        "load": load, "launch": int(r["launch"]),
                        "count": int(r["count"]) if r["count"] != "1" else None,
                        "rules": rules_of(r["special_rules"]),
                        "printed": r["name"] if load != slug(r["name"]) else None}))
        out.append(f"    source: {q(source)}")
    (out_dir / "stock.yaml").write_text("\n".join(out) + "\n", encoding="utf-8")

    write_weapons(weapons, out_dir, built_in("weapons") if overlay else [])
    if not overlay or any(r["row_type"] == "asset_profile" for r in launch):
        write_assets(launch, out_dir)
    print(f"{len(ships)} ships, {len(weapons)} weapon lines -> {out_dir}")
    if overlay:
        unknown = unknown_rules(ships, weapons, launch)
        if unknown:
            print("special rules the catalog does not know (add each to "
                  f"{out_dir / 'rules.yaml'}, see catalogs/dropfleet/README.md): "
                  + ", ".join(unknown))


def unknown_rules(ships: list[dict[str, str]], weapons: list[dict[str, str]],
                  launch: list[dict[str, str]]) -> list[str]:
    """The rule names the CSVs use that the built-in rules.yaml lacks."""
    known = {str(e["name"]) for e in built_in("rules")}
    used = [r for row in (*ships, *weapons, *launch) for r in rules_of(row["special_rules"])]
    return sorted({r.split(" (")[0] for r in used} - known)


def write_loads(launch: list[dict[str, str]], known: dict[str, str],
                out_dir: Path) -> dict[str, str]:
    """An overlay's launch loads the catalog lacks, by printed name -> id; their points kind
    (space, troops) cannot be read from the CSV: written as space, to check."""
    new = {r["name"]: slug(r["name"]) for r in launch
           if r["row_type"] == "ship_load" and r["name"] not in known}
    if new:
        out = ["# Generated by scripts/dropfleet_import.py --overlay: launch loads the built-in",
               "# catalog lacks. CHECK kind and tokens (house, for points: loads.yaml there).",
               "loads:"]
        out += ["  - " + flow({"id": ident, "name": name, "kind": "space", "tokens": 0,
                               "source": "a group's own data; kind and tokens to check"})
                for name, ident in new.items()]
        (out_dir / "loads.yaml").write_text("\n".join(out) + "\n", encoding="utf-8")
    return new


def weapon_line(ship: str, w: dict[str, str], pick: str | None = None) -> str:
    arc = ARC_FIXES.get((ship, w["weapon"]), w["arc"])
    fields: dict[str, object] = {
        "name": w["weapon"], "lock": lock(w["lock"]), "attack": w["attack"],
        "damage": dice(w["damage"]), "arc": arc, "rules": rules_of(w["special_rules"]),
        "count": int(w["count"]) if w["count"] != "1" else None, "pick": pick}
    text = flow(fields)
    if arc != w["arc"]:
        text += f"  # curated: data arc {w['arc']}"
    return text


def profile_key(name: str, lock_: str, attack: str, damage: str, arc: str,
                rules: list[str]) -> tuple[str, ...]:
    return (name, lock_, attack, damage, arc, ";".join(rules))


def write_weapons(weapons: list[dict[str, str]], out_dir: Path,
                  existing: list[dict[str, object]]) -> None:
    """Every distinct weapon system of the stock ships, for custom builds (Linked and Alt are
    how a ship pairs its own systems, so they are left out of the profile). For an overlay,
    only the profiles `existing` (the built-in catalog's) lacks, with ids none of it uses."""
    have = {profile_key(str(e["name"]), str(e["lock"]), str(e["attack"]), str(e["damage"]),
                        str(e["arc"]), [str(r) for r in e.get("rules", [])])  # type: ignore[attr-defined]
            for e in existing}
    taken = {str(e["id"]) for e in existing}
    seen: dict[tuple[str, ...], dict[str, object]] = {}
    names: dict[str, int] = defaultdict(int)
    for w in weapons:
        rules = [r for r in rules_of(w["special_rules"])
                 if not r.startswith(("Linked", "Alt"))]
        arc = ARC_FIXES.get((w["ship"], w["weapon"]), w["arc"])
        key = (w["weapon"], w["lock"], w["attack"], w["damage"], arc, ";".join(rules))
        if profile_key(w["weapon"], lock(w["lock"]), w["attack"], dice(w["damage"]), arc,
                       rules) in have:
            continue
        if key in seen:
            ships = seen[key]["ships"]
            assert isinstance(ships, list)
            if w["ship"] not in ships:
                ships.append(w["ship"])
            continue
        ident = ""
        while not ident or ident in taken:
            names[slug(w["weapon"])] += 1  # by slug: "X (Port)" and "X, Port" are one slug
            n = names[slug(w["weapon"])]
            ident = slug(w["weapon"]) + (f"-{n}" if n > 1 else "")
        seen[key] = {"id": ident, "name": w["weapon"],
                     "faction": FACTIONS[w["faction"]], "lock": lock(w["lock"]),
                     "attack": w["attack"], "damage": dice(w["damage"]), "arc": arc,
                     "rules": rules, "ships": [w["ship"]]}
    out = ["# Generated by scripts/dropfleet_import.py: every distinct weapon system of the stock",
           "# ships (published profiles), for custom builds. `ships` is where each is printed.",
           "# Slots are house: every weapon system takes one weapon slot (RULINGS.md H3).",
           "weapons:"]
    for entry in seen.values():
        out.append(f"  - id: {entry['id']}")
        for key in ("name", "faction", "lock", "attack", "damage", "arc"):
            out.append(f"    {key}: {q(entry[key])}")
        if entry["rules"]:
            out.append(f"    rules: {q(entry['rules'])}")
        out.append(f"    source: {q('stock: ' + '; '.join(entry['ships']))}")  # type: ignore[arg-type]
    (out_dir / "weapons.yaml").write_text("\n".join(out) + "\n", encoding="utf-8")


def write_assets(launch: list[dict[str, str]], out_dir: Path) -> None:
    out = ["# Generated by scripts/dropfleet_import.py: each faction's launch asset profiles",
           "# (published, launch.csv `asset_profile` rows).",
           "assets:"]
    for r in launch:
        if r["row_type"] != "asset_profile":
            continue
        kind, _, name = r["name"].partition(" - ")
        entry: dict[str, object] = {
            "id": f"{FACTIONS[r['faction']]}-{slug(name)}", "faction": FACTIONS[r["faction"]],
            "kind": kind.lower(), "name": name,
            "scan": int(r["scan"]) if r["scan"] else None,
            "thrust": int(r["thrust"]) if r["thrust"] else None,
            "armour": r["armour"] or None,
            "pd_bonus": int(r["pd_bonus"]) if r["pd_bonus"] else None,
            "lock": r["lock"] or None, "attack": r["attack"] or None,
            "damage": r["damage"] or None, "rules": rules_of(r["special_rules"]),
        }
        out.append("  - " + flow(entry))
    (out_dir / "assets.yaml").write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
