#!/usr/bin/env bash
# The main job on the bundled examples: validate and show every example design, print every one
# to one PDF with the reference cards of each system, and fight one seeded duel per system.
set -euo pipefail
cd "$(dirname "$0")/.."
shipyard=.venv/bin/shipyard
examples=(catalogs/*/examples/*.yaml)
mkdir -p out

"$shipyard" validate "${examples[@]}"
for design in "${examples[@]}"; do
    "$shipyard" show "$design"
done
"$shipyard" sheet "${examples[@]}" --cards -o out/examples.pdf
"$shipyard" duel catalogs/smallcraft/examples/starfury.yaml \
    catalogs/smallcraft/examples/raider.yaml --seed 143
"$shipyard" duel catalogs/rogue-trader/examples/hazeroth.yaml \
    catalogs/rogue-trader/examples/vagabond.yaml --seed 2 --crew-a tactic=board --range 4
echo "sheets and cards of every example: out/examples.pdf"
