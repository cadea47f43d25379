"""Write example designs at a points target, filling the rest with crew skill."""
import sys, yaml
sys.path.insert(0, "/work/wt/d12-facings")
from shipyard.core.yard import Yard
from shipyard.systems.d12_facings.rules import points
from shipyard.systems.d12_facings.models import D12Design

yard = Yard()
system = yard.system("d12-facings")
cat = yard.catalog(system)

NAMES = ["Ada Vance", "Ito Marr", "Sela Okafor", "Bram Hollis", "Nia Corr", "Tomas Reyl",
         "Juno Paik", "Oren Slate", "Mira Dune"]

def build(slug, name, hull, systems, crew, armour, target, note, edges=()):
    mounts = []
    for facing, items in systems.items():
        for it in items:
            turret = it.endswith("*")
            m = {"system": it.rstrip("*"), "facing": facing}
            if turret: m["turret"] = True
            mounts.append(m)
    seats = sum(cat.system(m["system"]).seats or 0 for m in mounts)
    crew = min(crew, seats)
    hands = [{"name": NAMES[i], "piloting": 4, "gunnery": 4} for i in range(crew)]
    data = {"system": "d12-facings", "name": name, "hull": hull, "armour": armour,
            "captain": hands[0], "crew": hands[1:], "systems": mounts, "edges": list(edges)}
    order = [(0, "gunnery"), (0, "piloting")] + [(i, "gunnery") for i in range(1, crew)]
    k = 0
    while True:
        d = D12Design.model_validate(data, context={"catalog": cat})
        p = points(d, cat)
        if p >= target: break
        i, sk = order[k % len(order)]
        h = data["captain"] if i == 0 else data["crew"][i-1]
        if h[sk] < cat.construction.max_skill:
            h[sk] += 1
        k += 1
        if k > 200: break
    if p == target + 1 and k:
        i, sk = order[(k - 1) % len(order)]
        h = data["captain"] if i == 0 else data["crew"][i-1]
        h[sk] -= 1
        if len(data["crew"]) + 1 < seats:
            data["crew"].append({"name": NAMES[len(data["crew"]) + 1], "piloting": 4, "gunnery": 4})
        else:  # no seat for another hand: a plate becomes a thruster (+1 point)
            for m in reversed(mounts):
                if m["system"] == "armour-plate":
                    m["system"] = "thruster"
                    break
        d = D12Design.model_validate(data, context={"catalog": cat})
        p = points(d, cat)
    if p != target:
        print("MISS", slug, p, target, file=sys.stderr)
    def flow(x):
        return "{" + ", ".join(f"{k}: {v if not isinstance(v,bool) else str(v).lower()}" for k, v in x.items()) + "}"
    lines = [f"# {note}", f"# {p} points (the {hull}s' examples are all {target}).",
             "system: d12-facings", f"name: {name}", f"hull: {hull}"]
    if armour: lines.append(f"armour: {armour}")
    lines.append(f"captain: {flow(data['captain'])}")
    if data["crew"]:
        lines.append("crew:")
        lines += [f"  - {flow(h)}" for h in data["crew"]]
    lines.append("systems:")
    lines += [f"  - {flow(m)}" for m in mounts]
    if edges:
        lines.append(f"edges: [{', '.join(edges)}]")
    open(f"/work/wt/d12-facings/catalogs/d12-facings/examples/{slug}.yaml", "w").write("\n".join(lines) + "\n")
    return p

exec(open("/tmp/d12/designs.py").read())
