"""The `$ shipyard ...` commands pasted in README.md and docs/**/*.md, with the output shown under
them: read by tests/test_readme.py (which runs and compares them) and by
scripts/readme_outputs.py (which pastes fresh output under them).

In a code block, a line `$ shipyard ARGS` is a command; the lines after it, up to the next `$ `
line, a `# exit N` line or the block's end, are what it prints (standard output and standard
error as a terminal interleaves them). A line `...` stands for lines left out. `# exit N` gives
a status other than 0. A command with no lines under it is run but its output is not shown.
A `shipyard ...` line without `$ ` (in a shell snippet) is run too; lines with `<TAB>` are shell
completion, typed at a prompt, and neither run nor compared.
"""

from __future__ import annotations

import glob
import re
import shlex
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = re.compile(r"^(\$ )?(?:\.venv/bin/)?shipyard(?= |$)(.*)$")
EXIT = re.compile(r"^# exit (\d+)$")
ELIDED = "..."
NOT_RUN = {
    "<TAB>": "shell completion, typed at a prompt",
    "my-fighter.yaml": "the reader's own design and house catalog",
}
# what a command may print that varies from run to run or machine to machine, on standard error
NOTICE = re.compile(r"^(compiling fight rules once, about \d+ s|fights run uncompiled; pip "
                    r"install .*|uncompiled, these fights take about \d+ s more|running these "
                    r"fights uncompiled: quicker than compiling .*)$")


@dataclass(frozen=True)
class Shown:
    """One command of a document and what the document shows it printing."""

    doc: str  # the document, relative to the repository
    line: int  # the command's line, counted from 1
    text: str  # the command as typed, after `$ `
    args: tuple[str, ...]  # shipyard's arguments, before globs are expanded
    output: tuple[str, ...] | None  # None: not shown (run only)
    status: int  # the documented exit status
    first: int  # the output's lines in the document: lines[first:last] (0-based)
    last: int

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}: {self.text}"

    @property
    def skipped(self) -> str | None:
        return next((why for word, why in NOT_RUN.items() if word in self.text), None)

    @property
    def piped(self) -> bool:
        return "|" in self.args or ">" in self.args

    def argv(self, cwd: Path) -> list[str]:
        """The arguments as a shell in `cwd` would pass them: globs expanded, and only
        shipyard's part of a pipe or redirect."""
        words = list(self.args)
        for stop in ("|", ">"):
            if stop in words:
                words = words[:words.index(stop)]
        out: list[str] = []
        for word in words:
            out += sorted(glob.glob(word, root_dir=cwd)) or [word] if "*" in word else [word]
        return out

    def writes(self) -> bool:
        """A command that only makes files later commands read (copied examples, a new
        design), cheap enough to replay before every command after it."""
        words = self.args
        return bool(words) and ((words[0] == "examples" and "--copy" in words)
                                or (words[0] == "new" and ("-o" in words or "--output" in words)))


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@cache
def commands(doc: Path) -> tuple[Shown, ...]:
    lines = doc.read_text(encoding="utf-8").split("\n")
    found: list[Shown] = []
    fence = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        match = COMMAND.match(line) if fence else None
        if not match:
            continue
        end = i + 1
        while end < len(lines) and not lines[end].startswith(("$ ", "# exit", "```")):
            end += 1
        status = 0
        if end < len(lines) and (documented := EXIT.match(lines[end])):
            status = int(documented.group(1))
        shown = tuple(lines[i + 1:end]) if match.group(1) and end > i + 1 else None
        try:
            args = tuple(shlex.split(match.group(2), comments=True))
        except ValueError:
            args = ()
        found.append(Shown(doc.relative_to(ROOT).as_posix(), i + 1, line.removeprefix("$ "),
                           args, shown, status, i + 1, end))
    return tuple(found)


def normalise(lines: list[str] | tuple[str, ...], shown: Shown, scratch: Path | None = None
              ) -> list[str]:
    """What may differ between the document and a run: the scratch folder's path, whether a
    series ran compiled, the seed chosen for a fight without --seed, compile notices."""
    out = []
    for line in lines:
        if scratch is not None:
            line = line.replace(f"{scratch}/", "").replace(str(scratch), ".")
        line = re.sub(r"\((?:un)?compiled\)", "(compiled)", line.rstrip())
        if "--seed" not in shown.args and shown.args[:1] in (("duel",), ("odds",)):
            line = re.sub(r"\bseed \d+", "seed N", line)
        if not NOTICE.match(line):
            out.append(line)
    return out


def interleaves(shown: list[str], out: list[str], err: list[str]) -> bool:
    """Whether `shown` is standard output and standard error, each whole and in its order,
    interleaved, where a `...` line stands for any number of lines of either."""
    seen: set[tuple[int, int, int]] = set()
    todo = [(0, 0, 0)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        i, j, k = state
        if i == len(shown):
            if j == len(out) and k == len(err):
                return True
            continue
        if shown[i] == ELIDED:
            todo.append((i + 1, j, k))
            if j < len(out):
                todo.append((i, j + 1, k))
            if k < len(err):
                todo.append((i, j, k + 1))
            continue
        if j < len(out) and out[j] == shown[i]:
            todo.append((i + 1, j + 1, k))
        if k < len(err) and err[k] == shown[i]:
            todo.append((i + 1, j, k + 1))
    return False


def elide(old: list[str], fresh: list[str]) -> list[str]:
    """`fresh` cut as `old` was: `...` where `old` left lines out. The lines before the first
    `...` are the first lines, those after the last the last lines, and each run of lines
    between two `...` the run of fresh lines most like it (in order)."""
    if ELIDED not in old:
        return fresh
    runs: list[list[str]] = [[]]
    for line in old:
        if line == ELIDED:
            runs.append([])
        else:
            runs[-1].append(line)
    head, *middle, tail = runs
    out = fresh[:len(head)]
    at = len(head)
    stop = len(fresh) - len(tail)
    for run in middle:
        out.append(ELIDED)
        if not run:
            continue
        best = max(range(at, max(at, stop - len(run)) + 1),
                   key=lambda s: (_likeness(run, fresh[s:s + len(run)]), -s))
        out += fresh[best:best + len(run)]
        at = best + len(run)
    out.append(ELIDED)
    out += fresh[max(at, stop):] if tail else []
    return out


def _likeness(old: list[str], new: list[str]) -> int:
    """Lines alike: equal counts most, then the same first words (a table row's label)."""
    return sum(3 if a == b else 1 if a[:14] == b[:14] else 0 for a, b in zip(old, new,
                                                                             strict=False))
