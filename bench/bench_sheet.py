"""Printing speed and memory (QUALITY.md): medians of several runs, ratios to a baseline.

    python bench/bench_sheet.py [--runs 7] [--fleet 50]

Bars:
- one sheet (the Galileo, the seed's largest craft) in a warm process <= 300 ms, and <= 2x
  WeasyPrint rendering the same text as bare paragraphs (same font, same page), measured here;
- a fleet book of 50 sheets (`shipyard sheet` x50 in a fresh process) <= 15 s and <= 200 MB peak
  memory; >= 5 sheets/s is the bar for a fleet;
- one page of reference cards in a warm process <= 300 ms.
"""

from __future__ import annotations

import argparse
import html
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shipyard.core import pdf, render  # noqa: E402 - after the path set-up above
from shipyard.core.system import Printable  # noqa: E402
from shipyard.core.yard import Yard  # noqa: E402

EXAMPLES = ROOT / "catalogs" / "smallcraft" / "examples"
GALILEO = EXAMPLES / "galileo.yaml"


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def sheet_page(path: Path) -> render.Page:
    yard = Yard()
    report = yard.check(path)
    assert report.design is not None
    design = report.design
    return render.Page(design.system.sheet(design, report.budgets))


def bare_paragraphs(page: render.Page) -> str:
    """The sheet's text as bare paragraphs: one <p> per run of text between its tags."""
    body = re.sub(r"(?s)^.*?<body>|</body>.*$", "", render.html(page, "a4"))
    runs = (html.unescape(t).strip() for t in re.split(r"<[^>]+>", body))
    paragraphs = "".join(f"<p>{html.escape(t)}</p>" for t in runs if t)
    return f"<!DOCTYPE html><html><body>{paragraphs}</body></html>"


def bench_one_sheet(runs: int) -> None:
    page = sheet_page(GALILEO)
    bare = bare_paragraphs(page)
    base_css = (render.BASE_STYLESHEET,)  # the same font, page size and margins

    def sheet() -> object:
        return pdf.render_pdf(page, "a4")

    def baseline() -> object:
        return pdf.html_to_pdf(bare, base_css, "a4")

    sheet(), baseline()  # warm: fonts, stylesheets, images, templates
    sheet_ms, bare_ms = [], []
    for _ in range(runs):  # interleaved, so drift hits both alike
        sheet_ms.append(median_ms(sheet, 1))
        bare_ms.append(median_ms(baseline, 1))
    ms, base = statistics.median(sheet_ms), statistics.median(bare_ms)
    _report("one sheet, warm (Galileo, A4)", ms, 300, "ms")
    print(f"  bare paragraphs of the same text: {base:.0f} ms; ratio {ms / base:.2f} "
          f"(bar <= 2.00) {'ok' if ms / base <= 2 else 'OVER'}")


def bench_cards(runs: int) -> None:
    yard = Yard()
    system = yard.system("smallcraft")
    deck = system.cards(yard.catalog(system))
    names = deck.context["cards"]
    full = {**deck.context, "cards": [names[i % len(names)] for i in range(9)]}  # a full page
    page = render.Page(Printable(deck.template, full, deck.stylesheets))
    pdf.render_pdf(page, "a4")
    _report("one page of 9 cards, warm", median_ms(lambda: pdf.render_pdf(page, "a4"), runs),
            300, "ms")


def bench_fleet(count: int, runs: int) -> None:
    designs = [GALILEO, EXAMPLES / "starfury.yaml", EXAMPLES / "raider.yaml"]
    with tempfile.TemporaryDirectory() as tmp:
        fleet = [str(designs[i % 3]) for i in range(count)]
        out = Path(tmp) / "fleet.pdf"
        argv = [sys.executable, "-m", "shipyard", "sheet", *fleet, "-o", str(out)]
        walls, peaks = [], []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)
            # the largest of any child so far; every run is the same command
            peaks.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        wall = statistics.median(walls)
        peak_mb = max(peaks) / 1024  # ru_maxrss is in KiB on Linux
    _report(f"fleet book of {count} sheets (one fresh process, start-up included)", wall, 15,
            "s")
    print(f"  {count / wall:.1f} sheets/s (bar >= 5) {'ok' if count / wall >= 5 else 'UNDER'}; "
          f"peak memory {peak_mb:.0f} MB (bar <= 200) {'ok' if peak_mb <= 200 else 'OVER'}")


def _report(what: str, value: float, bar: float, unit: str) -> None:
    verdict = "ok" if value <= bar else "OVER"
    shown = f"{value:.0f} {unit}" if unit == "ms" else f"{value:.2f} {unit}"
    print(f"{what}: {shown} (bar <= {bar} {unit}) {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--fleet", type=int, default=50)
    args = parser.parse_args()
    bench_one_sheet(args.runs)
    bench_cards(args.runs)
    bench_fleet(args.fleet, max(3, args.runs // 2))


if __name__ == "__main__":
    main()
