"""Make the box-strip images of the printed sheets, and the CSS classes that show n boxes of them.

    .venv/bin/python scripts/make_strips.py          # writes them
    .venv/bin/python scripts/make_strips.py --check  # exit 1 if a committed file differs

Every file this writes is committed; re-running it gives the same bytes (the test suite checks
that with --check). Change a strip here, never by hand.

Why images and not elements: WeasyPrint's time grows with the number of boxes it lays out, and a
sheet's tick boxes are most of its marks (a rogue-trader cruiser has 266 of them; a 125-cbloc
smallcraft 125). As elements, each box would be a laid-out, painted box of its own; as a strip,
a whole printed line of them is one element whose background shows the first n boxes of a
picture. Why raster and not SVG: WeasyPrint re-rendered an SVG strip for every element that used
it (a quarter of a sheet's time); a PNG is decoded once per process and only placed after that.
The strips are drawn at 600 dpi in greyscale, so a box's edge prints crisp on any home printer.

Each strip is a row of `count` cells, `pitch` mm square, with one box (square or circle, `size`
mm across, a `line` pt black outline) centred in each. For every strip the CSS file of its folder
(`templates/<folder>/strips.css`) gets:

- `.NAME`: the strip as the element's background, no-repeat, starting at `var(--label, 0mm)`
  from the element's left padding edge (so a label can sit in the padding, before the boxes);
- `.NAME.nK` for K = 0..count: show K boxes. Layout "width": the element's content is K boxes
  wide, so the background past them is cut off; layout "shift": the element keeps its width (text
  runs over the boxes, as smallcraft's numbers in their circles) and the strip is shifted left by
  count - K cells, so only its last K boxes show;
- with `mark`, `.NAME.mK` for K = 1..count: box K of the line drawn with a heavy outline (a second
  background layer, NAME-mark.png, over the strip). A threshold (dropfleet's crippling point)
  carried by line weight, not colour, so it survives a black-and-white printer;
- `.NAME.crossed > i.xK` for K = 1..count: a cross over box K of the line, NAME-lost.png (a
  box lost in play, `sheet GAME`): a child element placed over the box, so the strip and the
  numbers set over it (smallcraft's) stay as they are, and a line of no lost box costs no
  element (nor is it positioned: see css()).
"""

from __future__ import annotations

import argparse
import io
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
DPI = 600
SUPERSAMPLE = 4  # drawn 4x larger, then averaged down: smooth circles, deterministic pixels
LOST_LINE = 2  # a lost box's cross is twice the strip's line
MARK_LINE = 3  # a marked box's outline is 3x the strip's line (0.6 pt -> 1.8 pt)


@dataclass(frozen=True)
class Strip:
    folder: str  # under templates/
    name: str  # the file stem and the CSS class
    shape: Literal["square", "circle"]
    count: int
    size: float  # mm across a box
    pitch: float  # mm from one box to the next (and the strip's height)
    layout: Literal["width", "shift"]
    line: float = 0.6  # pt
    mark: bool = False
    why: str = ""


STRIPS = (
    Strip("_base", "track", "square", 20, 3.3, 3.81, "width", mark=True,
          why="the shared box track (macros.html box_track): 0.15 in cells, 20 to a line"),
    Strip("_base", "big", "square", 14, 4.6, 5.4, "width", mark=True,
          why="the shared track for a short one (under about 40 boxes): 14 to a line"),
    Strip("smallcraft", "boxes", "circle", 12, 5.6, 6.5, "shift", mark=True,
          why="the Damage Allocation Sheet: 12 numbered circles a line, its widest row"),
    Strip("rogue-trader", "boxes", "square", 5, 4.0, 4.572, "width",
          why="a component's or weapon's five states (damaged ... destroyed)"),
)


def px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def mm(value: float) -> str:
    """A length for CSS: at most three decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return f"{text}mm" if text != "0" else "0"


def draw(strip: Strip, count: int, heavy: bool = False) -> Image.Image:
    """`count` cells of the strip as a greyscale image, ink black on white; `heavy`: the marked
    box, its outline MARK_LINE times thicker, growing inwards so it fills the same outer square."""
    s = SUPERSAMPLE
    width, height = px(strip.pitch * count), px(strip.pitch)
    big = Image.new("L", (width * s, height * s), 255)
    pen = ImageDraw.Draw(big)
    scale = DPI / 25.4 * s  # supersampled px per mm
    stroke = max(1, round(strip.line / 72 * DPI * s))
    width_drawn = stroke * MARK_LINE if heavy else stroke
    for i in range(count):
        cx, cy = (i + 0.5) * strip.pitch * scale, strip.pitch / 2 * scale
        half = strip.size / 2 * scale
        # the plain outline's centre on the box's edge; PIL draws a width inwards from there
        box = (round(cx - half - stroke / 2), round(cy - half - stroke / 2),
               round(cx + half + stroke / 2) - 1, round(cy + half + stroke / 2) - 1)
        if strip.shape == "circle":
            pen.ellipse(box, outline=0, width=width_drawn)
        else:
            pen.rectangle(box, outline=0, width=width_drawn)
    return big.reduce(s)


def cross(strip: Strip) -> Image.Image:
    """One cell with a cross over its box: the box lost. Its arms end inside the box (a circle's
    too), drawn LOST_LINE times the strip's line, so a number under it still reads."""
    s = SUPERSAMPLE
    side = px(strip.pitch) * s
    big = Image.new("LA", (side, side), (0, 0))
    pen = ImageDraw.Draw(big)
    scale = DPI / 25.4 * s
    reach = strip.size / 2 * scale * (0.68 if strip.shape == "circle" else 0.95)
    centre = side / 2
    stroke = max(1, round(strip.line * LOST_LINE / 72 * DPI * s))
    for dx in (reach, -reach):
        pen.line((centre - dx, centre - reach, centre + dx, centre + reach), fill=(0, 255),
                 width=stroke)
    return big.reduce(s)


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=9)  # no date, no text chunks
    return out.getvalue()


def css(folder: str, strips: list[Strip]) -> str:
    lines = [f"/* The box strips of templates/{folder}/: MADE BY scripts/make_strips.py, do not",
             "   edit; change the script and re-run it. Why strips and how they work: the",
             "   script's docstring. */", ""]
    for strip in strips:
        full = mm(strip.pitch * strip.count)
        cell = mm(strip.pitch)
        strip_size = f"{full} {cell}"
        lines += [
            f"/* {strip.name}.png: {strip.count} {strip.shape}s {mm(strip.size)} across, "
            f"{cell} apart; {strip.why} */",
            f".{strip.name} {{ background-image: url({strip.name}.png); "
            "background-repeat: no-repeat;",
            f"  background-size: {strip_size}; "
            "background-position: calc(var(--label, 0mm) + var(--shift, 0mm)) 0; }",
        ]
        for k in range(strip.count + 1):
            if strip.layout == "width":
                rule = f"width: {mm(strip.pitch * k)};"
            elif k == 0:
                rule = "background-image: none;"
            else:
                rule = f"--shift: -{mm(strip.pitch * (strip.count - k))};" if k < strip.count \
                    else "--shift: 0mm;"
            lines.append(f".{strip.name}.n{k} {{ {rule} }}")
        if strip.mark:
            # one rule draws the mark layer for every mK (its images once, which matters when
            # an HTML file inlines them), and each mK only says where
            marks = [f".{strip.name}.m{k}" for k in range(1, strip.count + 1)]
            lines += [", ".join(marks) + " {",
                      f"  background-image: url({strip.name}-mark.png), url({strip.name}.png);",
                      f"  background-size: {cell} {cell}, {strip_size};",
                      "  background-position: calc(var(--label, 0mm) + var(--mark)) 0,",
                      "    calc(var(--label, 0mm) + var(--shift, 0mm)) 0; }"]
            lines += [f"{mark} {{ --mark: {mm(strip.pitch * k) if k else '0mm'}; }}"
                      for k, mark in enumerate(marks)]
        # a lost box (`sheet GAME`): a cross over box K, measured as the strip is, from the
        # line's padding edge past its label
        crosses = [f".{strip.name} > i.x{k}" for k in range(1, strip.count + 1)]
        # (only a line with a cross is positioned: a positioned element is painted after the
        # page's flow, which would take every line's numbers out of the page's text order)
        lines += [f".{strip.name}.crossed {{ position: relative; }}",
                  f".{strip.name} > i {{ position: absolute; top: 0; width: {cell}; "
                  f"height: {cell};",
                  f"  background: url({strip.name}-lost.png) no-repeat 0 0 / {cell} {cell}; }}"]
        steps = ["0mm", *(mm(strip.pitch * k) for k in range(1, strip.count))]
        lines += [f"{x} {{ left: calc(var(--label, 0mm) + {step}); }}"
                  for step, x in zip(steps, crosses, strict=True)]
        lines.append("")
    return "\n".join(lines)


def outputs() -> dict[Path, bytes]:
    files: dict[Path, bytes] = {}
    folders: dict[str, list[Strip]] = {}
    for strip in STRIPS:
        folders.setdefault(strip.folder, []).append(strip)
        files[TEMPLATES / strip.folder / f"{strip.name}.png"] = png(draw(strip, strip.count))
        files[TEMPLATES / strip.folder / f"{strip.name}-lost.png"] = png(cross(strip))
        if strip.mark:
            files[TEMPLATES / strip.folder / f"{strip.name}-mark.png"] = png(
                draw(strip, 1, heavy=True))
    for folder, strips in folders.items():
        files[TEMPLATES / folder / "strips.css"] = css(folder, strips).encode("utf-8")
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 naming every file that differs")
    args = parser.parse_args()
    stale = []
    for path, data in outputs().items():
        if path.exists() and path.read_bytes() == data:
            continue
        stale.append(path)
        if not args.check:
            path.write_bytes(data)
    for path in stale:
        print(f"{'differs' if args.check else 'wrote'}: {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
