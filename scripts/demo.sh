#!/usr/bin/env bash
# The main job on the bundled examples: validate and show every example design and fleet, print
# every design to one PDF with the reference cards of each system and the fleets to another,
# fight one seeded duel per system, and judge one fleet encounter as a one-page report.
set -euo pipefail
cd "$(dirname "$0")/.."
shipyard=.venv/bin/shipyard
examples=(catalogs/*/examples/*.yaml)
fleets=(catalogs/*/fleets/*.yaml)
mkdir -p out

"$shipyard" validate "${examples[@]}"
for design in "${examples[@]}"; do
    "$shipyard" show "$design"
done
"$shipyard" validate "${fleets[@]}"
for fleet in "${fleets[@]}"; do
    "$shipyard" show "$fleet"
done
"$shipyard" sheet "${examples[@]}" --cards -o out/examples.pdf
"$shipyard" sheet "${fleets[@]}" -o out/fleets.pdf
"$shipyard" duel catalogs/smallcraft/examples/starfury.yaml \
    catalogs/smallcraft/examples/raider.yaml --seed 79
"$shipyard" duel catalogs/rogue-trader/examples/hazeroth.yaml \
    catalogs/rogue-trader/examples/vagabond.yaml --seed 2 --crew-a tactic=board --range 4
"$shipyard" duel catalogs/d12-facings/examples/mastiff.yaml \
    catalogs/d12-facings/examples/lancer.yaml --seed 4
"$shipyard" duel catalogs/traveller/examples/dragon-sdb.yaml \
    catalogs/traveller/examples/strandbell-sdb.yaml --seed 1
"$shipyard" duel catalogs/dropfleet/duels/jade-frigates.yaml \
    catalogs/dropfleet/duels/berlin.yaml --seed 3
"$shipyard" duel catalogs/traveller/examples/dragon-sdb.yaml \
    catalogs/traveller/examples/strandbell-sdb.yaml --runs 100000 --seed 1
"$shipyard" battle catalogs/dropfleet/fleets/ucm-patrol.yaml \
    catalogs/dropfleet/fleets/scourge-raid.yaml --runs 10000 --seed 1 -o out/encounter.pdf
echo "sheets and cards of every example: out/examples.pdf; fleet rosters and sheets:" \
    "out/fleets.pdf; the encounter report: out/encounter.pdf"
