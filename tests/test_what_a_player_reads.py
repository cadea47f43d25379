"""What a player reads on the cards and sheets names the rules text by its title, never by
shipyard's word for its source file ("seed"), and keeps ruling codes out of the sentences read
mid-game: a card's codes are a small reference line (class "rulings") at its foot.

Every system's table deck (alone, and as `sheet --cards` appends it to the bundled examples),
simulator deck and the sheet of every bundled example are scanned as the text they print (HTML,
tags and the stylesheet taken off). The simulator deck is the digest
of shipyard's own rulings, each paragraph headed by its code, so only "seed" is looked for there.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from shipyard.core import render
from shipyard.core.model import Printable
from shipyard.core.registry import system_ids
from shipyard.core.system import AnyDesign
from shipyard.core.yard import Yard

SYSTEMS = list(system_ids())
CODE = re.compile(r"^- \*\*([A-Z]+(?:-[A-Z]+)?\d+)", re.MULTILINE)
RULINGS_LINE = re.compile(r'<p class="rulings">.*?</p>', re.DOTALL)


@pytest.fixture(scope="module")
def yard() -> Yard:
    return Yard()


def text_of(printable: Printable, keep_rulings: bool = True) -> str:
    page = render.html(render.Page(printable), "a4")
    page = re.sub(r"<style.*?</style>", " ", page, flags=re.DOTALL)
    if not keep_rulings:
        page = RULINGS_LINE.sub(" ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def examples(yard: Yard, system_id: str) -> dict[str, AnyDesign]:
    system = yard.system(system_id)
    found = {}
    for path in sorted((system.catalog_dir() / "examples").glob("*.yaml")):
        report = yard.check(path)
        assert report.design is not None, path
        found[path.name] = report.design
    return found


def decks(yard: Yard, system_id: str) -> dict[str, Printable]:
    """The table deck, the simulator deck, and the table deck as `sheet --cards` appends it to
    every bundled example (a deck may add cards for what the ships carry)."""
    system = yard.system(system_id)
    catalog = yard.catalog(system)
    return {"table deck": system.cards(catalog),
            "simulator deck": system.cards(catalog, simulator=True),
            "sheet --cards deck": system.cards(
                catalog, designs=list(examples(yard, system_id).values()))}


def sheets(yard: Yard, system_id: str) -> dict[str, Printable]:
    system = yard.system(system_id)
    return {f"the sheet of {name}": system.sheet(design, yard.judge(design).budgets)
            for name, design in examples(yard, system_id).items()}


def ruling_codes(yard: Yard, system_id: str) -> set[str]:
    """The codes of the system's RULINGS.md, less any that is also a die it rolls (dropfleet's
    data ruling D6 and its D6)."""
    system = yard.system(system_id)
    rulings = Path(system.catalog_dir(), "RULINGS.md").read_text(encoding="utf-8")
    dice = set(re.findall(r"\b\d*D\d+\b", system.dice))
    return set(CODE.findall(rulings)) - dice


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_no_card_or_sheet_says_seed(yard: Yard, system_id: str) -> None:
    printed = {**decks(yard, system_id), **sheets(yard, system_id)}
    said = [f"{where}: ...{m.group(0)}..." for where, printable in printed.items()
            for m in re.finditer(r".{0,40}seed.{0,40}", text_of(printable), re.IGNORECASE)]
    assert not said, "\n".join(said)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_ruling_codes_stay_out_of_the_text_a_player_reads(yard: Yard, system_id: str) -> None:
    codes = ruling_codes(yard, system_id)
    assert codes, f"{system_id}: no ruling codes read from its RULINGS.md"
    printed = {**decks(yard, system_id), **sheets(yard, system_id)}
    del printed["simulator deck"]
    found = [f"{where}: {code}" for where, printable in printed.items()
             for code in sorted(codes & set(re.findall(r"\b[A-Z]+(?:-[A-Z]+)?\d+\b",
                                                       text_of(printable, keep_rulings=False))))]
    assert not found, "\n".join(found)


def test_a_cards_rulings_line_keeps_its_codes() -> None:
    """The scan above takes the rulings line off; the line itself still prints the codes."""
    yard = Yard()
    table = decks(yard, "d12-facings")["table deck"]
    assert "Rulings R1, R2, R3" in text_of(table)
    assert "R1" not in text_of(table, keep_rulings=False).split()
