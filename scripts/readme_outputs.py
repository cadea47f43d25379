"""Paste fresh output under every `$ shipyard ...` command of README.md and docs/**/*.md, so the
pages show what the tool prints today (after a change of rules or of the dice stream, say).
tests/test_readme.py checks the same commands against the same output.

    .venv/bin/python scripts/readme_outputs.py                      # every page
    .venv/bin/python scripts/readme_outputs.py docs/systems/dropfleet.md
    .venv/bin/python scripts/readme_outputs.py --match 'duel .*--seed' # only commands like this

Each page's commands run in order in a scratch folder holding a copy of the bundled catalogs and
tests/bad (so whatever they write lands there, and earlier commands' files are there for later
ones), with standard output and standard error interleaved as a terminal shows them. A command
shown without output stays so; `<TAB>` lines are left alone; where a page left lines out
(`...`) the fresh output is cut the same way; a `# exit N` line follows a command exactly when
it exits N (not 0). Output that differs only in what varies from run to run (the seed a fight
without --seed chose) is left as it was, so running it twice changes nothing the second time.
Read the diff before committing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.pasted import NOTICE, ROOT, Shown, commands, documents, elide, normalise

SHIPYARD = ROOT / ".venv" / "bin" / "shipyard"


def run(shown: Shown, scratch: Path) -> tuple[list[str], int]:
    """The command's output as a terminal shows it (both streams, in the order written)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}
    done = subprocess.run([str(SHIPYARD), *shown.argv(scratch)], cwd=scratch, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          check=False, timeout=1800)
    lines = done.stdout.rstrip("\n").split("\n") if done.stdout.strip("\n") else []
    return [line.rstrip() for line in _unscratch(lines, scratch)], done.returncode


def _unscratch(lines: list[str], scratch: Path) -> list[str]:
    """The output as the page gives it: paths from where the reader is, no compile notice."""
    plain = (line.replace(f"{scratch}/", "").replace(str(scratch), ".") for line in lines)
    return [line for line in plain if not NOTICE.match(line.rstrip())]


def refresh(doc: Path, match: str | None) -> int:
    """Paste fresh output into `doc`; the number of commands whose output changed."""
    lines = doc.read_text(encoding="utf-8").split("\n")
    edits: list[tuple[int, int, list[str]]] = []  # (first, last, new lines) of the document
    with tempfile.TemporaryDirectory(prefix="shipyard-pages-") as folder:
        scratch = Path(folder).resolve()
        shutil.copytree(ROOT / "catalogs", scratch / "catalogs")
        shutil.copytree(ROOT / "tests" / "bad", scratch / "tests" / "bad")
        for shown in commands(doc):
            if shown.skipped:
                continue
            wanted = shown.output is not None and not shown.piped and (
                match is None or re.search(match, shown.text) is not None)
            if not wanted and match is not None and not shown.writes():
                continue  # every command runs, as tests/test_readme.py runs them, but for --match
            fresh, status = run(shown, scratch)
            if not wanted:
                continue
            old = list(shown.output or ())
            new = elide(old, fresh)
            if normalise(new, shown) == normalise(old, shown):
                new = old  # the same but for what varies (a chosen seed): left as it was
            last = shown.last + (1 if shown.status else 0)  # the old `# exit N` line too
            if status:
                new.append(f"# exit {status}")
            print(f"{shown.name[:100]}: {'same' if new == lines[shown.first:last] else 'CHANGED'}",
                  file=sys.stderr)
            edits.append((shown.first, last, new))
    changed = 0
    for first, last, new in reversed(edits):
        if lines[first:last] != new:
            changed += 1
            lines[first:last] = new
    doc.write_text("\n".join(lines), encoding="utf-8")
    commands.cache_clear()
    return changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", type=Path, help="pages to refresh (default: all)")
    parser.add_argument("--match", help="only commands whose text matches this pattern")
    args = parser.parse_args()
    pages = [p.resolve() for p in args.pages] or documents()
    total = 0
    for page in pages:
        changed = refresh(page, args.match)
        total += changed
        print(f"{page.relative_to(ROOT)}: {changed} outputs changed")
    print(f"{total} outputs changed")


if __name__ == "__main__":
    main()
