"""MkDocs hook: a page line `<!-- include catalogs/<id>/FILE.md -->` becomes that file, its
headings one level down and its links to files outside the site made plain text (they point
into the checkout). The rulings and catalog notes stay where the tool reads them
(`shipyard rulings`), one copy each. `<!-- include README.md -->` (the home page) keeps the
README's headings, and its links into docs/ become links within the site."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = re.compile(r"^<!-- include ((?:catalogs/[\w-]+/)?[\w-]+\.md) -->$", re.M)
LINK = re.compile(r"\[([^\]]+)\]\((?!https?:|#)[^)]+\)")


def included(path: str) -> str:
    text = (ROOT / path).read_text(encoding="utf-8")
    if path == "README.md":
        return LINK.sub(lambda m: m.group(0).replace("](docs/", "](") if "](docs/" in
                        m.group(0) else m.group(1), text)
    out, fenced = [], False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            line = "#" + line
        out.append(line if fenced else LINK.sub(r"\1", line))
    return "\n".join(out)


def on_page_markdown(markdown: str, **_: Any) -> str:
    return INCLUDE.sub(lambda m: included(m.group(1)), markdown)
