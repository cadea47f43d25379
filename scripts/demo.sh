#!/usr/bin/env bash
# The main job on the bundled examples: validate and show every example design.
set -euo pipefail
cd "$(dirname "$0")/.."
shipyard=.venv/bin/shipyard
examples=(catalogs/*/examples/*.yaml)
"$shipyard" validate "${examples[@]}"
for design in "${examples[@]}"; do
    "$shipyard" show "$design"
done
