"""What a system ships for its users to read and copy: its example designs and fleets, and its
rulings (catalogs/<id>/RULINGS.md), found in an installed package as in a checkout.

Pure functions over a system's catalog folder; the CLI prints and copies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# the folders a system's examples live in; fleets name designs as ../examples/<file>
FOLDERS = ("examples", "fleets", "duels")
BAD = "bad"  # designs that break a rule on purpose, copied with the examples to show the errors
RULINGS = "RULINGS.md"
NOTES = "README.md"  # where a catalog's figures come from: searched after the rulings

_BULLET = re.compile(r"^- \*\*(.+?)\*\*")
_ROW = re.compile(r"^\| *`?([^|`]+?)`? *\|")
_HEADING = re.compile(r"^(#+) +(.*)$")
_CODE = re.compile(r"^[A-Z][A-Z-]*\d+$")  # R4, H5, TRV-R24


@dataclass(frozen=True)
class Example:
    path: str  # relative to the catalog folder: examples/galileo.yaml
    name: str  # what the file calls itself


def examples(catalog_dir: Path) -> list[Example]:
    """The bundled example designs and fleets, folder by folder."""
    import yaml

    found = []
    for folder in FOLDERS:
        for path in sorted((catalog_dir / folder).glob("*.yaml")):
            try:
                data = yaml.safe_load(path.read_text(encoding="utf-8"))
            except yaml.YAMLError:
                data = None
            data = data if isinstance(data, dict) else {}
            name = (f"fleet {data['fleet']}" if "fleet" in data else str(data.get("name", "")))
            found.append(Example(f"{folder}/{path.name}", name))
    return found


def bad_designs(catalog_dir: Path) -> list[str]:
    """The designs that break a rule on purpose, relative to the catalog folder: bad/x.yaml."""
    return [f"{BAD}/{p.name}" for p in sorted((catalog_dir / BAD).glob("*.yaml"))]


def rulings_text(catalog_dir: Path) -> str | None:
    path = catalog_dir / RULINGS
    return path.read_text(encoding="utf-8") if path.is_file() else None


def codes(text: str) -> list[str]:
    """The rulings' codes (R4, TRV-R24) and the rule codes of its tables (budget.over)."""
    found = []
    for line in text.split("\n"):
        if (bullet := _BULLET.match(line)) and _CODE.match(first := bullet.group(1).split()[0]):
            found.append(first.rstrip("."))
        elif (row := _ROW.match(line)) and _is_code(row.group(1)):
            found.append(row.group(1))
    return found


def find(text: str, wanted: str) -> list[str]:
    """The parts of a rulings text `wanted` names: the ruling whose bold lead starts with it
    (a code, `R4`, or a title's first words, `hex ties`), the row of a rule code, or else the
    sections whose heading holds it (`points formula`). Each part is a list of lines."""
    lines = text.split("\n")
    key = wanted.strip().lower()
    parts = [_bullet(lines, i) for i, line in enumerate(lines)
             if (m := _BULLET.match(line)) and _leads(m.group(1), key)]
    parts += [[*lines[i - 2:i], line] for i, line in enumerate(lines)
              if i >= 2 and (m := _ROW.match(line)) and _is_code(m.group(1))
              and m.group(1).lower() == key]
    if parts:
        return ["\n".join(part) for part in parts]
    fenced = _fenced(lines)
    return ["\n".join(_section(lines, i, fenced)) for i, line in enumerate(lines)
            if i not in fenced and (m := _HEADING.match(line)) and key in m.group(2).lower()]


def _is_code(cell: str) -> bool:
    """A rule code's cell (`tonnage.over`), not a table's first column that merely matches."""
    return "." in cell and " " not in cell


def _leads(bold: str, key: str) -> bool:
    lead = bold.lower()
    return lead.startswith(key) and not lead[len(key):len(key) + 1].isalnum()


def _bullet(lines: list[str], start: int) -> list[str]:
    """The bullet and its indented lines, across blank lines (a table inside a ruling)."""
    end = start + 1
    while end < len(lines):
        if lines[end].startswith("  "):
            end += 1
        elif not lines[end].strip() and end + 1 < len(lines) and lines[end + 1].startswith("  "):
            end += 2
        else:
            break
    return lines[start:end]


def _fenced(lines: list[str]) -> set[int]:
    """The lines inside code blocks, where `#` starts a comment, not a heading."""
    inside, fenced = False, set()
    for i, line in enumerate(lines):
        if line.startswith("```"):
            inside = not inside
        elif inside:
            fenced.add(i)
    return fenced


def _section(lines: list[str], start: int, fenced: set[int]) -> list[str]:
    level = len(lines[start]) - len(lines[start].lstrip("#"))
    end = start + 1
    while end < len(lines) and not (end not in fenced and (m := _HEADING.match(lines[end]))
                                    and len(m.group(1)) <= level):
        end += 1
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]
