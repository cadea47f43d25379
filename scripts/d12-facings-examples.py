"""Write d12-facings' example designs: each build at its class's points target, the rest of the
points spent on crew skill (captain's gunnery and piloting, then the crew's gunnery), crew no
more than the seats at crew stations. Rerun after changing a price, then the balance script.

    .venv/bin/python scripts/d12-facings-examples.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from shipyard.api import ValidationContext  # noqa: E402 (run from a checkout: the path first)
from shipyard.core.yard import Yard  # noqa: E402 (run from a checkout: the path first)
from shipyard.systems.d12_facings.models import D12Design  # noqa: E402 (run from a checkout: the path first)
from shipyard.systems.d12_facings.rules import points  # noqa: E402 (run from a checkout: the path first)

yard = Yard()
system = yard.system("d12-facings")
cat = yard.catalog(system)

NAMES = [
    "Ada Vance",
    "Ito Marr",
    "Sela Okafor",
    "Bram Hollis",
    "Nia Corr",
    "Tomas Reyl",
    "Juno Paik",
    "Oren Slate",
    "Mira Dune",
]


def build(slug, name, hull, systems, crew, armour, target, note, edges=()):
    mounts = []
    for facing, items in systems.items():
        for it in items:
            turret = it.endswith("*")
            m = {"system": it.rstrip("*"), "facing": facing}
            if turret:
                m["turret"] = True
            mounts.append(m)
    seats = sum(cat.systems[m["system"]].seats or 0 for m in mounts)
    crew = min(crew, seats)
    hands = [{"name": NAMES[i], "piloting": 4, "gunnery": 4} for i in range(crew)]
    data = {
        "system": "d12-facings",
        "name": name,
        "hull": hull,
        "armour": armour,
        "captain": hands[0],
        "crew": hands[1:],
        "systems": mounts,
        "edges": list(edges),
    }
    order = [(0, "gunnery"), (0, "piloting")] + [(i, "gunnery") for i in range(1, crew)]
    k = 0
    while True:
        d = D12Design.model_validate(data, context=ValidationContext(catalog=cat))
        p = points(d, cat)
        if p >= target:
            break
        i, sk = order[k % len(order)]
        h = data["captain"] if i == 0 else data["crew"][i - 1]
        if h[sk] < cat.construction.max_skill:
            h[sk] += 1
        k += 1
        if k > 200:
            break
    if p == target + 1 and k:
        i, sk = order[(k - 1) % len(order)]
        h = data["captain"] if i == 0 else data["crew"][i - 1]
        h[sk] -= 1
        if len(data["crew"]) + 1 < seats:
            data["crew"].append({"name": NAMES[len(data["crew"]) + 1], "piloting": 4, "gunnery": 4})
        else:  # no seat for another hand: a plate becomes a thruster (+1 point)
            for m in reversed(mounts):
                if m["system"] == "armour-plate":
                    m["system"] = "thruster"
                    break
        d = D12Design.model_validate(data, context=ValidationContext(catalog=cat))
        p = points(d, cat)
    if p != target:
        print("MISS", slug, p, target, file=sys.stderr)

    def flow(x):
        return (
            "{"
            + ", ".join(
                f"{k}: {v if not isinstance(v, bool) else str(v).lower()}" for k, v in x.items()
            )
            + "}"
        )

    lines = [
        f"# {note}",
        f"# {p} points (the {hull}s' examples are all {target}).",
        "system: d12-facings",
        f"name: {name}",
        f"hull: {hull}",
    ]
    if armour:
        lines.append(f"armour: {armour}")
    lines.append(f"captain: {flow(data['captain'])}")
    if data["crew"]:
        lines.append("crew:")
        lines += [f"  - {flow(h)}" for h in data["crew"]]
    lines.append("systems:")
    lines += [f"  - {flow(m)}" for m in mounts]
    if edges:
        lines.append(f"edges: [{', '.join(edges)}]")
    out = ROOT / "catalogs" / "d12-facings" / "examples" / f"{slug}.yaml"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


T = {"corvette": 50, "frigate": 80, "destroyer": 125, "cruiser": 175, "battleship": 260}
build(
    "kestrel",
    "Kestrel",
    "corvette",
    {
        "fore": ["light-laser", "light-laser"],
        "aft": ["armour-plate"],
        "port": ["thruster"],
        "starboard": ["targeting-array"],
        "core": ["bridge", "shield-generator"],
    },
    2,
    2,
    T["corvette"],
    "A corvette gunboat: two light lasers fore that almost never miss.",
)
build(
    "wasp",
    "Wasp",
    "corvette",
    {
        "fore": ["light-laser", "light-laser"],
        "aft": ["armour-plate"],
        "port": ["light-laser"],
        "starboard": ["thruster"],
        "core": ["bridge", "gun-deck"],
    },
    3,
    2,
    T["corvette"],
    "A corvette skirmisher: three light lasers, a crew of three to fire them, no shields.",
)
build(
    "bulldog",
    "Bulldog",
    "corvette",
    {
        "fore": ["mass-driver", "mass-driver"],
        "aft": ["armour-plate"],
        "port": ["thruster"],
        "starboard": ["thruster"],
        "core": ["bridge", "shield-generator"],
    },
    2,
    2,
    T["corvette"],
    "A corvette brawler: two mass drivers, plate aft, two thrusters to force short range.",
)

build(
    "lancer",
    "Lancer",
    "frigate",
    {
        "fore": ["laser-battery"],
        "aft": ["light-laser*", "armour-plate"],
        "port": ["light-laser", "armour-plate"],
        "starboard": ["targeting-array", "armour-plate"],
        "core": ["bridge", "shield-generator", "armour-plate"],
    },
    3,
    3,
    T["frigate"],
    "A frigate gunboat: a laser battery fore, a turret aft for when she is tailed.",
)
build(
    "hornet",
    "Hornet",
    "frigate",
    {
        "fore": ["missile-rack", "missile-rack"],
        "aft": ["missile-rack*", "thruster"],
        "port": ["targeting-array", "armour-plate"],
        "starboard": ["armour-plate", "armour-plate"],
        "core": ["bridge", "shield-generator", "gun-deck"],
    },
    3,
    2,
    T["frigate"],
    "A frigate missile boat: three racks, one in an aft turret, a targeting array and an ace "
    "at the helm to hold long range.",
    edges=("ace-pilot",),
)
build(
    "mastiff",
    "Mastiff",
    "frigate",
    {
        "fore": ["heavy-mass-driver"],
        "aft": ["armour-plate", "armour-plate"],
        "port": ["mass-driver", "armour-plate"],
        "starboard": ["mass-driver", "armour-plate"],
        "core": ["bridge", "shield-generator", "armour-plate"],
    },
    3,
    4,
    T["frigate"],
    "A frigate brawler: a heavy mass driver fore, mass drivers on the beams.",
)

build(
    "sabre",
    "Sabre",
    "destroyer",
    {
        "fore": ["laser-battery", "light-laser"],
        "aft": ["light-laser*", "armour-plate"],
        "port": ["laser-battery", "light-laser"],
        "starboard": ["light-laser", "targeting-array", "armour-plate"],
        "core": ["bridge", "shield-generator", "gun-deck"],
    },
    4,
    4,
    T["destroyer"],
    "A destroyer gunboat: lasers on every side.",
)
build(
    "viper",
    "Viper",
    "destroyer",
    {
        "fore": ["torpedo-bay", "targeting-array"],
        "aft": ["missile-rack*", "armour-plate"],
        "port": ["armour-plate", "armour-plate", "armour-plate"],
        "starboard": ["armour-plate", "armour-plate", "armour-plate"],
        "core": ["bridge", "shield-generator", "gun-deck"],
    },
    4,
    4,
    T["destroyer"],
    "A destroyer missile boat: a torpedo bay and a targeting array fore, a rack turret aft.",
)
build(
    "rottweiler",
    "Rottweiler",
    "destroyer",
    {
        "fore": ["heavy-mass-driver", "mass-driver"],
        "aft": ["armour-plate", "armour-plate"],
        "port": ["mass-driver", "armour-plate", "armour-plate"],
        "starboard": ["mass-driver", "armour-plate", "armour-plate"],
        "core": ["bridge", "shield-generator", "armour-plate"],
    },
    4,
    6,
    T["destroyer"],
    "A destroyer brawler: mass drivers and plate.",
)

build(
    "paladin",
    "Paladin",
    "cruiser",
    {
        "fore": ["lance", "light-laser"],
        "aft": ["light-laser*", "armour-plate", "armour-plate"],
        "port": ["laser-battery", "armour-plate", "armour-plate"],
        "starboard": ["laser-battery", "light-laser", "targeting-array"],
        "core": ["bridge", "shield-array", "gun-deck"],
    },
    5,
    6,
    T["cruiser"],
    "A cruiser gunboat: a lance, two laser batteries and three light lasers, a targeting array.",
)
build(
    "harpy",
    "Harpy",
    "cruiser",
    {
        "fore": ["torpedo-bay", "torpedo-bay"],
        "aft": ["missile-rack*", "main-drive"],
        "port": ["missile-rack", "armour-plate", "armour-plate", "armour-plate"],
        "starboard": ["armour-plate", "armour-plate", "armour-plate", "armour-plate"],
        "core": ["bridge", "shield-array", "gun-deck"],
    },
    6,
    4,
    T["cruiser"],
    "A cruiser missile boat: two torpedo bays and three racks, a main drive to keep the range.",
)
build(
    "ironclad",
    "Ironclad",
    "cruiser",
    {
        "fore": ["heavy-mass-driver", "heavy-mass-driver"],
        "aft": ["armour-plate", "armour-plate", "armour-plate"],
        "port": ["heavy-mass-driver", "armour-plate", "armour-plate"],
        "starboard": ["mass-driver", "armour-plate", "armour-plate", "armour-plate"],
        "core": ["bridge", "shield-array", "gun-deck"],
    },
    5,
    8,
    T["cruiser"],
    "A cruiser brawler: three heavy mass drivers and a mass driver behind plate.",
)

build(
    "sovereign",
    "Sovereign",
    "battleship",
    {
        "fore": ["lance", "laser-battery"],
        "aft": ["laser-battery*", "armour-plate", "armour-plate"],
        "port": ["laser-battery", "laser-battery", "armour-plate", "armour-plate"],
        "starboard": [
            "laser-battery",
            "targeting-array",
            "armour-plate",
            "armour-plate",
            "armour-plate",
        ],
        "core": ["bridge", "shield-array", "gun-deck", "bulkhead"],
    },
    8,
    8,
    T["battleship"],
    "A battleship gunboat: a lance and five laser batteries.",
)
build(
    "leviathan",
    "Leviathan",
    "battleship",
    {
        "fore": ["torpedo-bay", "torpedo-bay", "missile-rack"],
        "aft": ["torpedo-bay", "armour-plate", "armour-plate"],
        "port": [
            "missile-rack",
            "armour-plate",
            "armour-plate",
            "armour-plate",
            "armour-plate",
            "armour-plate",
        ],
        "starboard": [
            "armour-plate",
            "armour-plate",
            "armour-plate",
            "armour-plate",
            "armour-plate",
            "armour-plate",
        ],
        "core": ["bridge", "shield-array", "gun-deck", "gun-deck", "gun-deck"],
    },
    8,
    8,
    T["battleship"],
    "A battleship missile boat: three torpedo bays and two racks.",
)
build(
    "juggernaut",
    "Juggernaut",
    "battleship",
    {
        "fore": ["heavy-mass-driver", "heavy-mass-driver", "armour-plate"],
        "aft": ["heavy-mass-driver*", "armour-plate", "armour-plate"],
        "port": ["heavy-mass-driver", "heavy-mass-driver", "armour-plate", "armour-plate"],
        "starboard": [
            "heavy-mass-driver",
            "armour-plate",
            "armour-plate",
            "armour-plate",
            "armour-plate",
        ],
        "core": ["bridge", "shield-array", "gun-deck", "thruster", "armour-plate"],
    },
    8,
    12,
    T["battleship"],
    "A battleship brawler: six heavy mass drivers.",
)
