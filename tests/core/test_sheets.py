"""The shared sheet building blocks: the macros of templates/_base/macros.html, what they read
(core/sheets.py), and the box strips scripts/make_strips.py draws."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pypdfium2 as pdfium

from shipyard.core import pdf, render
from shipyard.core.budget import Budget
from shipyard.core.sheets import BoxLine, BudgetLine, box_lines
from tests.conftest import ROOT

MACROS = '{% import "_base/macros.html" as m %}'


def expand(source: str, **values: object) -> str:
    return render.environment().from_string(MACROS + source).render(**values).strip()


def test_the_strips_script_reproduces_every_committed_strip_byte_for_byte() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_strips.py"), "--check"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_budget_prints_used_of_available_or_used_alone_without_a_limit() -> None:
    lines = [BudgetLine("Power", 70, 75), BudgetLine("Ship points", 80),
             BudgetLine("Cargo", Decimal("2.5"), 4, "tons", "hold full"),
             {"label": "<b>Crew</b>", "used": 3}]
    assert expand("{{ m.budget_list(b) }}", b=lines).splitlines() == [
        '<p class="budget">Power: 70 of 75</p>',
        '<p class="budget">Ship points: 80</p>',
        '<p class="budget">Cargo: 2.5 of 4 tons; hold full</p>',
        '<p class="budget">&lt;b&gt;Crew&lt;/b&gt;: 3</p>']  # escaped: a design may name it


def test_a_core_budget_becomes_a_printed_line() -> None:
    power = Budget("power", "cunits", 30, title="Power")
    power.add("drive", 42)
    assert BudgetLine.of(power) == BudgetLine("Power", 42, 30, "cunits")
    assert BudgetLine.of(power, "Power at peak", unit="", note="short by 12") == BudgetLine(
        "Power at peak", 42, 30, "", "short by 12")


def test_a_box_line_is_one_element_with_its_width_and_mark_classes() -> None:
    assert expand("{{ m.box_line(5, '66–47', mark=2) }}") == '<p class="track n5 m2">66–47</p>'
    assert expand("{{ m.box_line(3, 'Armor', numbers='01 02 03', strip='boxes') }}") == (
        '<p class="boxes n3"><span>01 02 03\t</span>Armor</p>')
    assert expand("{{ m.note_lines(2, none) }}").split() == [
        '<div', 'class="notes">', '<p></p>', '<p></p>', '</div>']


def test_a_countdown_track_marks_its_threshold_on_the_right_line() -> None:
    lines = box_lines(25, 10, mark=13)
    assert lines == [BoxLine(10, "25–16"), BoxLine(10, "15–6", mark=3), BoxLine(5, "5–1")]
    assert box_lines(1, 20) == [BoxLine(1, "1")]
    assert box_lines(0, 20) == []


def ink(image: object, left: int, top: int, size: int) -> int:
    """Dark pixels in a square of a greyscale picture."""
    return sum(image.getpixel((x, y)) < 128  # type: ignore[attr-defined]
               for x in range(left, left + size) for y in range(top, top + size))


def test_the_marked_box_prints_heavier_in_black_and_white(tmp_path: Path) -> None:
    """Render a track with box 4 marked, in greyscale, and count each box's ink."""
    html = "<html><body>" + expand("{{ m.box_line(8, mark=4) }}") + "</body></html>"
    data = pdf.html_to_pdf(html, (render.BASE_STYLESHEET, "_base/macros.css",
                                  "_base/strips.css"), "a4")
    out = tmp_path / "track.pdf"
    out.write_bytes(data)
    dpi = 600
    image = pdfium.PdfDocument(out)[0].render(scale=dpi / 72, grayscale=True).to_pil()
    cell = 3.81 / 25.4 * dpi
    # base.css page margins, and the label's 10.5 mm (macros.css) before the first box
    left, top = (12 + 10.5) / 25.4 * dpi, 12 / 25.4 * dpi
    counts = [ink(image, round(left + i * cell), round(top), round(cell)) for i in range(9)]
    plain = [c for i, c in enumerate(counts[:8]) if i != 3]
    assert min(plain) > 0 and max(plain) < 1.2 * min(plain)  # seven like boxes
    assert counts[3] > 2 * max(plain)  # the mark: more than twice the ink, no colour needed
    assert counts[8] == 0  # and nothing past the eighth box


def test_an_amount_is_printed_to_its_places_rounded_half_up_with_separators() -> None:
    from shipyard.core.sheets import amount_text

    assert amount_text(Decimal("277.425"), 2) == "277.43"  # half up, not to even (277.42)
    assert amount_text(277.425, 2) == "277.43"  # a float by its written digits
    assert amount_text(Decimal("6.15405"), 2) == "6.15"
    assert amount_text(Decimal("21059.6"), 2) == "21,059.60"
    assert amount_text(1000) == "1,000"
