"""Rerun the README's `$ shipyard ...` commands whose text matches a pattern and put their fresh
output under them, so the README shows what the tool prints today (after a change of the dice
stream, say). The README's commands are checked to run by tests/test_readme.py; their outputs are
refreshed by this script and read by a person before committing.

    python scripts/readme_outputs.py 'duel .*--seed'      # every seeded duel
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SHIPYARD = ROOT / ".venv" / "bin" / "shipyard"


def refresh(pattern: str) -> int:
    lines = README.read_text(encoding="utf-8").split("\n")
    out: list[str] = []
    in_block = False
    i = changed = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if line.startswith("```"):
            in_block = not in_block
            continue
        if not (in_block and line.startswith("$ shipyard ") and re.search(pattern, line)):
            continue
        end = i  # the command's output runs to the next command, `# exit`, or the block's end
        while end < len(lines) and not lines[end].startswith(("$ ", "# exit", "```")):
            end += 1
        words = shlex.split(line[2:], comments=True)
        if "|" in words or ">" in words:
            continue
        done = subprocess.run([str(SHIPYARD), *words[1:]], cwd=ROOT, capture_output=True,
                              text=True, check=False)
        shown = done.stdout if done.returncode == 0 else done.stdout + done.stderr
        fresh = shown.rstrip("\n").split("\n")
        old = lines[i:end]
        if old and old[-1] == "..." and len(fresh) > len(old):  # shown cut short: cut the same
            fresh = [*fresh[:len(old) - 1], "..."]
        elif old and old[0] == "...":  # only some lines shown: the fresh lines that begin alike
            fresh = ["...", *(next((f for f in fresh if f[:14] == o[:14]), o) for o in old[1:])]
        if fresh != old:
            changed += 1
        out += fresh
        i = end
    README.write_text("\n".join(out), encoding="utf-8")
    return changed


if __name__ == "__main__":
    print(f"{refresh(sys.argv[1])} outputs changed")
