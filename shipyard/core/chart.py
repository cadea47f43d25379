"""Charts as SVG, drawn from numbers: the one drawing code every system's results share.

Systems give numbers in their own words (turns, rounds or dturns; their damage unit); this draws
them: horizontal bars with 95% whiskers, stacked bars with their shares written on them,
histograms, and a heatmap with its numbers in the cells. The SVG goes inline into an HTML page
that render.py and pdf.py print, so a PDF's charts are vector, its text is real text in the
bundled font (the page's stylesheet names it), and nothing is fetched.

Black and white first: fills are white, greys and hatch patterns, each told apart by its
pattern as well as its shade, never by colour. One drawing unit is a millimetre of paper.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

TEXT = 2.6  # mm: ~7.4 pt, the smallest print on a chart
SMALL = 2.3  # mm: ~6.5 pt, axis ticks (the pages' floor)
CHAR = 0.5  # a condensed glyph's width, in text heights (to fit labels, roughly)
LINE = 0.2  # mm: rules and outlines (~0.57 pt, above the 0.5 pt floor)


@dataclass(frozen=True)
class Fill:
    """A way to fill a shape, legible without colour: a grey, or a pattern of lines or dots
    over a grey ground. `dark` fills take white text."""

    ground: str
    pattern: str = ""  # SVG drawing of one 2 mm tile, or "" for a plain grey
    dark: bool = False


# In the order a chart hands them out: plain white first (what is left, survived), then fills
# that differ in pattern as well as in shade.
FILLS = (
    Fill("#ffffff"),
    Fill("#c8c8c8"),
    Fill("#ffffff", '<path d="M0,2 L2,0 M-0.5,0.5 L0.5,-0.5 M1.5,2.5 L2.5,1.5" '
         'stroke="#000" stroke-width="0.25"/>'),
    Fill("#6e6e6e", dark=True),
    Fill("#ffffff", '<path d="M0,0 L2,2 M0,2 L2,0" stroke="#000" stroke-width="0.2"/>'),
    Fill("#e6e6e6", '<circle cx="1" cy="1" r="0.35" fill="#000"/>'),
    Fill("#2e2e2e", dark=True),
    Fill("#ffffff", '<path d="M0,1 L2,1" stroke="#000" stroke-width="0.3"/>'),
    Fill("#a0a0a0", '<path d="M1,0 L1,2" stroke="#000" stroke-width="0.25"/>'),
)


def _n(x: float) -> str:
    """A coordinate, short and the same on every machine."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, words: str, size: float = TEXT, anchor: str = "start",
          weight: str = "", fill: str = "#000") -> str:
    bold = f' font-weight="{weight}"' if weight else ""
    colour = "" if fill == "#000" else f' fill="{fill}"'
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}"'
            f'{bold}{colour}>{escape(words)}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str = "none",
          stroke: str = "#000") -> str:
    line = f' stroke="{stroke}" stroke-width="{_n(LINE)}"' if stroke != "none" else ""
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(max(w, 0.0))}" height="{_n(h)}" '
            f'fill="{fill}"{line}/>')


def _line(x1: float, y1: float, x2: float, y2: float, width: float = LINE,
          stroke: str = "#000", dash: str = "") -> str:
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{stroke}" '
            f'stroke-width="{_n(width)}"{dashed}/>')


def width_of(words: str, size: float = TEXT) -> float:
    return len(words) * size * CHAR


def _svg(ident: str, width: float, height: float, body: list[str], fills: int = 0,
         title: str = "") -> Markup:
    """An SVG of `width` x `height` mm; `fills` patterns defined as `<ident>-<n>`."""
    defs = [f'<pattern id="{ident}-{i}" patternUnits="userSpaceOnUse" width="2" height="2">'
            f'<rect width="2" height="2" fill="{f.ground}"/>{f.pattern}</pattern>'
            for i, f in enumerate(FILLS[:fills]) if f.pattern]
    label = f'<title>{escape(title)}</title>' if title else ""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{_n(width)}mm" '
            f'height="{_n(height)}mm" viewBox="0 0 {_n(width)} {_n(height)}" '
            f'font-family="IBM Plex Sans Condensed">')
    return Markup(head + label + (f"<defs>{''.join(defs)}</defs>" if defs else "")
                  + "".join(body) + "</svg>")


def fill_url(ident: str, index: int) -> str:
    fill = FILLS[index % len(FILLS)]
    return f"url(#{ident}-{index % len(FILLS)})" if fill.pattern else fill.ground


def swatch(ident: str, index: int, x: float, y: float, size: float = 3.0) -> str:
    return _rect(x, y, size, size, fill_url(ident, index))


def percent(share: float) -> str:
    """A share as the charts write it: "37.5%", and "<0.1%" for a share too small to show."""
    return "<0.1%" if 0 < share < 0.0005 else f"{100 * share:.1f}%"


# --- bars with whiskers --------------------------------------------------------------------


@dataclass(frozen=True)
class Whisker:
    label: str
    share: float  # 0..1
    low: float
    high: float
    text: str  # written beside the bar: the share and its interval


def whisker_bars(ident: str, rows: Sequence[Whisker], width: float = 186.0) -> Markup:
    """Shares as horizontal bars on a 0-100% axis, each with its 95% interval as a whisker;
    labels too long to stand beside their bars go above them."""
    longest = max((width_of(r.label) for r in rows), default=0)
    above = longest > 70.0
    label_w = 2.0 if above else max(20.0, longest + 3)
    text_w = max(32.0, max((width_of(r.text) for r in rows), default=0) + 3)
    x0, x1 = label_w, width - text_w
    span = x1 - x0
    row_h, bar_h, top = (9.5 if above else 6.5), 3.6, 1.0
    body: list[str] = []
    height = top + row_h * len(rows) + 5.0
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        x = x0 + span * tick
        body.append(_line(x, top, x, height - 4.5, 0.1, "#808080", "0.6,0.6"))
        body.append(_text(x, height - 1.2, f"{100 * tick:.0f}%", SMALL, "middle"))
    for i, row in enumerate(rows):
        y = top + i * row_h + (row_h - bar_h) - (1.4 if above else (row_h - bar_h) / 2)
        mid = y + bar_h / 2
        if above:
            body.append(_text(x0 + 1.0, y - 0.9, row.label))
        else:
            body.append(_text(x0 - 2, mid + TEXT * 0.35, row.label, anchor="end"))
        body.append(_rect(x0, y, span * row.share, bar_h, fill_url(ident, 1)))
        lo, hi = x0 + span * row.low, x0 + span * row.high
        if hi > lo:
            body += [_line(lo, mid, hi, mid, 0.35), _line(lo, mid - 1.4, lo, mid + 1.4, 0.35),
                     _line(hi, mid - 1.4, hi, mid + 1.4, 0.35)]
        body.append(_text(x1 + 2, mid + TEXT * 0.35, row.text))
    body.append(_line(x0, top, x0, height - 4.5, 0.3))
    return _svg(ident, width, height, body, 2)


# --- stacked bars --------------------------------------------------------------------------


@dataclass(frozen=True)
class Segment:
    kind: str  # what the part is ("survived", "lost to fire"): its fill, and the legend's word
    share: float  # 0..1 of the bar


@dataclass(frozen=True)
class Stack:
    label: str
    segments: tuple[Segment, ...]


def stacked_bars(ident: str, rows: Sequence[Stack], kinds: Sequence[str],
                 width: float = 186.0) -> Markup:
    """Each row a bar of 100% split into its parts, each part's share written on it (or, where
    the part is too narrow, under the bar); `kinds` orders the legend and gives each kind the
    same fill on every bar."""
    label_w = min(70.0, max(20.0, max((width_of(r.label) for r in rows), default=0) + 3))
    x0, x1 = label_w, width - 1.0
    span = x1 - x0
    row_h, bar_h = 6.2, 4.6
    body: list[str] = []
    # the legend: a swatch and the word of each kind, wrapped over as many lines as it takes
    x, y = x0, 0.5
    for index, kind in enumerate(kinds):
        step = 4.5 + width_of(kind) + 4
        if x + step > width and x > x0:
            x, y = x0, y + 4.5
        body.append(swatch(ident, index, x, y))
        body.append(_text(x + 4.2, y + 2.6, kind))
        x += step
    y = y + 5.5
    for row in rows:
        body.append(_text(x0 - 2, y + bar_h / 2 + TEXT * 0.35, row.label, anchor="end"))
        x = x0
        narrow: list[str] = []
        for seg in row.segments:
            if seg.share <= 0:
                continue
            index = kinds.index(seg.kind)
            w = span * seg.share
            body.append(_rect(x, y, w, bar_h, fill_url(ident, index)))
            words = percent(seg.share)
            if width_of(words) + 1.6 <= w:
                fill = FILLS[index % len(FILLS)]
                cx = x + w / 2
                if fill.pattern:  # a white ground under the words, so the hatch stays off them
                    body.append(_rect(cx - width_of(words) / 2 - 0.5, y + 0.6,
                                      width_of(words) + 1.0, bar_h - 1.2, "#ffffff", "none"))
                body.append(_text(cx, y + bar_h / 2 + TEXT * 0.35, words, anchor="middle",
                                  fill="#ffffff" if fill.dark else "#000"))
            else:
                narrow.append(f"{seg.kind} {words}")
            x += w
        if narrow:  # too narrow to write on: said under the bar, by name
            body.append(_text(x0, y + bar_h + SMALL * 0.85, "; ".join(narrow), SMALL))
            y += SMALL
        y += row_h
    height = y
    return _svg(ident, width, height, body, len(kinds))


# --- histograms ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Bin:
    low: int  # the first value counted
    high: int  # the last value counted
    count: int


def histogram(ident: str, bins: Sequence[Bin], unit: str, width: float = 90.0,
              height: float = 38.0, marks: Sequence[tuple[float, str]] = ()) -> Markup:
    """Counts as columns over their values, scaled to the tallest, the y axis in shares of the
    whole; `marks` draws a dashed line at a value with its words (the mean, say)."""
    total = sum(b.count for b in bins) or 1
    tallest = max((b.count for b in bins), default=0) or 1
    x0, x1, top, base = 9.0, width - 3.5, 3.0, height - 8.0  # room for the last tick
    span, tall = x1 - x0, base - top
    lowest = bins[0].low if bins else 0
    highest = bins[-1].high + 1 if bins else 1
    per = span / max(highest - lowest, 1)
    body: list[str] = []
    peak = tallest / total
    for tick in _ticks(peak):
        y = base - tall * tick / peak
        body.append(_line(x0, y, x1, y, 0.1, "#808080", "0.6,0.6"))
        body.append(_text(x0 - 1, y + SMALL * 0.35, f"{100 * tick:.0f}%", SMALL, "end"))
    for b in bins:
        x = x0 + (b.low - lowest) * per
        h = tall * b.count / tallest
        body.append(_rect(x, base - h, per * (b.high - b.low + 1), h, fill_url(ident, 1)))
    for value in _ticks_at(lowest, highest - 1, span):
        x = x0 + (value - lowest + 0.5) * per
        body.append(_line(x, base, x, base + 0.8, 0.2))
        body.append(_text(x, base + 3.2, f"{value:,}", SMALL, "middle"))
    body.append(_line(x0, base, x1, base, 0.3))
    for mark, words in marks:
        x = x0 + (mark - lowest + 0.5) * per
        body.append(_line(x, top - 1, x, base, 0.3, dash="1,0.7"))
        anchor = "start" if x < x0 + span / 2 else "end"
        body.append(_text(x + (0.8 if anchor == "start" else -0.8), top + 1.2, words, SMALL,
                          anchor))
    body.append(_text(x0 + span / 2, height - 0.8, unit, SMALL, "middle"))
    return _svg(ident, width, height, body, 2)


def _ticks(peak: float) -> list[float]:
    """A few round shares from 0 up to `peak`."""
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5):
        if peak / step <= 5:
            break
    return [step * i for i in range(int(peak / step + 1e-9) + 1)]


def _ticks_at(low: int, high: int, span: float) -> list[int]:
    """Round values between `low` and `high`, as many as fit under a `span` mm axis."""
    room = max(2, int(span / 9))
    width = max(high - low, 1)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if width / step <= room:
            break
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def bins_of(counts: dict[int, int], most: int = 24) -> tuple[Bin, ...]:
    """Whole-number values and how often each came, as at most `most` columns of equal width
    (a value each where they fit; round edges otherwise), from the lowest value to the highest
    (the end columns cut to the values that came)."""
    if not counts:
        return ()
    low, high = min(counts), max(counts)
    step = -(-(high - low + 1) // most)
    start = low - low % step if step > 1 else low
    out: list[Bin] = []
    for first in range(start, high + 1, step):
        out.append(Bin(max(first, low), min(first + step - 1, high),
                       sum(n for v, n in counts.items() if first <= v < first + step)))
    return tuple(out)


# --- in the terminal -----------------------------------------------------------------------

BLOCKS = "█▓▒░"  # survived, crippled, escaped, lost: the darker, the better the ship came off


def text_bar(shares: Sequence[float], width: int = 10, blocks: str = BLOCKS) -> str:
    """Shares of a whole as a bar of `width` characters, one block kind each, rounded so that
    the parts always fill the bar exactly."""
    out, done, total = [], 0, 0.0
    for share, block in zip(shares, blocks, strict=False):
        total += share
        end = round(total * width)
        out.append(block * (end - done))
        done = end
    return "".join(out).ljust(width, blocks[-1])


# --- a distribution: exactly and at least --------------------------------------------------


@dataclass(frozen=True)
class Chance:
    value: int
    exactly: float
    at_least: float


def distribution(ident: str, points: Sequence[Chance], unit: str, mean: float,
                 width: float = 186.0, height: float = 46.0) -> Markup:
    """The chance of each whole value (a grey column, "exactly") in front of the chance of that
    value or more (a hatched column, "at least"), on a 0-100% axis, the mean marked."""
    x0, x1, top, base = 10.0, width - 2.0, 6.0, height - 8.5
    span, tall = x1 - x0, base - top
    per = span / max(len(points), 1)
    body: list[str] = [swatch(ident, 2, x0, 0.3), _text(x0 + 4.2, 2.9, "at least this"),
                       swatch(ident, 1, x0 + 30, 0.3), _text(x0 + 34.2, 2.9, "exactly this")]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        y = base - tall * tick
        body.append(_line(x0, y, x1, y, 0.1, "#808080", "0.6,0.6"))
        body.append(_text(x0 - 1, y + SMALL * 0.35, f"{100 * tick:.0f}%", SMALL, "end"))
    labelled = len(points) <= 16
    step = max(1, -(-len(points) * 9 // int(span)))  # value labels a few mm apart
    for i, p in enumerate(points):
        x = x0 + i * per
        body.append(_rect(x + per * 0.08, base - tall * p.at_least, per * 0.84,
                          tall * p.at_least, fill_url(ident, 2)))
        body.append(_rect(x + per * 0.3, base - tall * p.exactly, per * 0.4,
                          tall * p.exactly, fill_url(ident, 1)))
        if labelled and p.exactly > 0:
            words = percent(p.exactly)
            y = base - tall * p.exactly - 0.8
            body.append(_rect(x + per / 2 - width_of(words, SMALL) / 2 - 0.3, y - SMALL * 0.8,
                              width_of(words, SMALL) + 0.6, SMALL * 0.95, "#ffffff", "none"))
            body.append(_text(x + per / 2, y, words, SMALL, "middle"))
        if i % step == 0:
            body.append(_text(x + per / 2, base + 3.2, f"{p.value:,}", SMALL, "middle"))
    body.append(_line(x0, base, x1, base, 0.3))
    if points:
        x = x0 + (_place(mean, [p.value for p in points]) + 0.5) * per
        body.append(_line(x, top - 1.5, x, base, 0.35, dash="1,0.7"))
        body.append(_text(x + 0.8, top - 0.3, f"mean {mean:.2f}", SMALL))
    body.append(_text(x0 + span / 2, height - 0.8, unit, SMALL, "middle"))
    return _svg(ident, width, height, body, 3)


def _place(value: float, values: Sequence[int]) -> float:
    """Where `value` falls along columns of whole `values` (in order, not always one apart):
    its column index, between two columns in proportion."""
    for i in range(len(values) - 1):
        if values[i] <= value <= values[i + 1]:
            return i + (value - values[i]) / (values[i + 1] - values[i])
    return 0.0 if value < values[0] else float(len(values) - 1)


def stacked_svg(parts: Sequence[tuple[Markup, float]], width: float, gap: float = 4.0
                ) -> str:
    """Charts one under another as one standalone SVG file (each chart's own ids kept)."""
    body, y = [], 0.0
    for svg, height in parts:
        inner = str(svg).split(">", 1)[1].rsplit("</svg>", 1)[0]
        body.append(f'<g transform="translate(0,{_n(y)})">{inner}</g>')
        y += height + gap
    return str(_svg("page", width, y, body)).replace(' class="chart"', "")


def caption(words: str, width: float = 186.0, size: float = 3.2) -> Markup:
    """A line of words as an SVG of its own, to head a chart in a standalone SVG file."""
    return _svg("caption", width, size * 1.5, [_text(0, size * 1.1, words, size)])


# --- a heatmap -----------------------------------------------------------------------------


def grey(share: float) -> tuple[str, bool]:
    """A share's grey, from white (0) to a dark grey (1), and whether words on it go white."""
    level = 255 - round(185 * min(max(share, 0.0), 1.0))
    return f"#{level:02x}{level:02x}{level:02x}", level < 140


def heatmap(ident: str, labels: Sequence[str], cells: Sequence[Sequence[float | None]],
            extra: Sequence[tuple[str, Sequence[str]]] = (), width: float = 186.0) -> Markup:
    """A square of shares, a row and a column per label (numbered: the columns carry only the
    numbers), each cell its grey and its share in whole percent, None (the diagonal) left
    blank; `extra` columns of words follow on the right (a title, then a word a row)."""
    n = len(labels)
    named = [f"{i + 1}  {label}" for i, label in enumerate(labels)]
    label_w = min(60.0, max((width_of(t) for t in named), default=0) + 2)
    extra_w = [max(14.0, width_of(title, SMALL) + 2, *(width_of(w) + 2 for w in words))
               for title, words in extra]
    cell = min(11.0, (width - label_w - sum(extra_w)) / max(n, 1))
    size = min(TEXT, cell * 0.55)
    top = 5.0
    body: list[str] = []
    for j in range(n):
        body.append(_text(label_w + (j + 0.5) * cell, top - 1.2, str(j + 1), SMALL, "middle"))
    for i in range(n):
        y = top + i * cell
        body.append(_text(label_w - 1.5, y + cell / 2 + TEXT * 0.35, named[i], anchor="end"))
        for j in range(n):
            x = label_w + j * cell
            share = cells[i][j]
            if share is None:
                body.append(_rect(x, y, cell, cell, "#ffffff"))
                body.append(_line(x, y + cell, x + cell, y, 0.15))
                continue
            fill, dark = grey(share)
            body.append(_rect(x, y, cell, cell, fill))
            body.append(_text(x + cell / 2, y + cell / 2 + size * 0.35, f"{100 * share:.0f}",
                              size, "middle", fill="#ffffff" if dark else "#000"))
    x = label_w + n * cell + 2
    for (title, words), w in zip(extra, extra_w, strict=True):
        body.append(_text(x + w - 2, top - 1.2, title, SMALL, "end"))
        for i, word in enumerate(words):
            body.append(_text(x + w - 2, top + i * cell + cell / 2 + TEXT * 0.35, word,
                              anchor="end"))
        x += w
    return _svg(ident, max(x, width), top + n * cell + 1, body)
