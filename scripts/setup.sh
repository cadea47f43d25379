#!/usr/bin/env bash
# Set up shipyard from nothing: the system libraries WeasyPrint needs (Debian/Ubuntu, when run as
# root and they are missing), then a virtual environment in .venv with shipyard and its test tools.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*"; }

need_pango() {
    python3 - <<'PY'
import ctypes.util, sys
sys.exit(0 if ctypes.util.find_library("pango-1.0") and ctypes.util.find_library("pangoft2-1.0") else 1)
PY
}
say "looking for Pango, the text library WeasyPrint prints with"
if ! need_pango; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        say "installing libpango (apt-get)"
        apt-get update -qq && apt-get install -y -qq libpango-1.0-0 libpangoft2-1.0-0 >/dev/null
    else
        echo "setup: WeasyPrint needs Pango; see README.md 'System libraries'" >&2
    fi
fi

if [ ! -x .venv/bin/python ]; then
    say "making a virtual environment in .venv"
    python3 -m venv .venv
fi
# measured on the 2-core machine, under load: the install 24 s; compiling the five systems' rules
# with an empty cache 2 min 25 s of CPU (user+sys), a system at a time
say "installing shipyard with its test tools and Numba into .venv (about half a minute)"
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test,fast]"
# Byte-compile the package as a non-editable pip install would: where PYTHONDONTWRITEBYTECODE is
# set, an editable checkout is otherwise recompiled from source at every start (~0.1 s).
say "byte-compiling the package, for a quicker start"
.venv/bin/python -m compileall -q shipyard >/dev/null
# Compile every system's fight rules now, a line per system, so that the demo, the tests and a
# first `duel --runs` start warm. The compiled rules are kept by their code, not by this folder:
# another clone of the same version on this machine finds them already compiled.
say "compiling each system's fight rules once (Numba; about two and a half minutes on an empty cache, at once where they are compiled already)"
PYTHONUNBUFFERED=1 .venv/bin/shipyard compile | sed 's/^/setup:   /'
say "done: $(.venv/bin/shipyard --version). Try a first design and a first fight:"
echo "    .venv/bin/shipyard new smallcraft -o wasp.yaml"
echo "    .venv/bin/shipyard duel wasp.yaml wasp.yaml --seed 1"
