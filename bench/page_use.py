"""How much of each printed page is used: the lowest ink line as a share of the page's height.

The footer in the bottom margin ("Ambition — page 1 of 2") is on every page and is left out.

    python bench/page_use.py [SYSTEM ...] [--paper a4|letter] [--png DIR] [--fleets]

Prints, for every bundled design and fleet of the systems named (all by default), one line a
file: its pages, then each page's share ("rogue-trader/ambition  1 page   74%"); with --fleets
the fleets only, and the pages of all of them (what packing small ships several to a page
saves: tests/test_fleet_pages.py holds the bundled fleets to it). Each file is
printed with `shipyard sheet` in this process and its pages drawn by pypdfium2, as `sheet -o
x.png` draws them (shipyard.core.png.ink_depth). With --png the pictures are kept in DIR.

Not a timing: this measures layout, the figure issue-style notes quote before and after a
change to a page.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shipyard.core import png  # noqa: E402 - after the path set-up above
from tests.cli import shipyard  # noqa: E402

CATALOGS = ROOT / "catalogs"
FOOTER_MM = 14.0  # the bottom margin (base.css @page), where every page prints "page 1 of 2"


def page_use(pdf: Path) -> list[float]:
    """Each page's lowest ink line as a share of its height, the footer left out."""
    return png.ink_depth(pdf.read_bytes(), FOOTER_MM)


def files(systems: list[str], fleets_only: bool = False) -> list[Path]:
    found = []
    for system in systems or sorted(p.name for p in CATALOGS.iterdir() if p.is_dir()):
        for folder in ("fleets",) if fleets_only else ("examples", "fleets"):
            found += sorted((CATALOGS / system / folder).glob("*.yaml"))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("systems", nargs="*")
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    parser.add_argument("--png", type=Path, help="also keep each page as PNG here")
    parser.add_argument("--fleets", action="store_true", help="the bundled fleets only")
    args = parser.parse_args()
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files(args.systems, args.fleets):
            name = f"{path.parent.parent.name}/{path.stem}"
            out = Path(tmp) / f"{path.stem}.pdf"
            run = shipyard("sheet", path, "--paper", args.paper, "-o", out)
            if run.code != 0:
                print(f"{name:42} not printed: {run.err.strip()}")
                continue
            shares = page_use(out)
            total += len(shares)
            kind = "fleet" if path.parent.name == "fleets" else "design"
            print(f"{name:42} {kind:6} {len(shares):2} page{'s' if len(shares) > 1 else ' '} "
                  + " ".join(f"{s:4.0%}" for s in shares))
            if args.png:
                args.png.mkdir(parents=True, exist_ok=True)
                shipyard("sheet", path, "--paper", args.paper, "-o",
                         args.png / f"{path.parent.parent.name}-{path.stem}-{args.paper}.png")
    if args.fleets:
        print(f"{'all the fleets':49} {total:2} pages")


if __name__ == "__main__":
    main()
