"""What a player reads on the cards and sheets names the rules text by its title, never by
shipyard's word for its source file ("seed"), and keeps ruling codes out of the sentences read
mid-game: a card's codes are a small reference line (class "rulings") at its foot.

Every system's table deck (alone, and as `sheet --cards` appends it to the bundled examples),
simulator deck and the sheet of every bundled example are scanned as the text they print (HTML,
tags and the stylesheet taken off). The simulator deck is the digest
of shipyard's own rulings, each paragraph headed by its code, so only "seed" is looked for there.

What a game master reads of a system's rules beside the cards says "seed" only of the random seed
(`--seed N`, "seed 3", a battle's own seed) too: `shipyard rulings`, `catalog` and `schema` as they
print, and every file of the bundled catalog (the notes `rulings CODE` searches, the catalog's
comments, the examples `examples --copy` hands out).
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
from tests.cli import shipyard

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


SEED = re.compile(r"\bseed\b", re.IGNORECASE)
RANDOM_SEED = re.compile(r"--seed\b|\bseed \d+\b|\bits seed\b", re.IGNORECASE)


def seeds_said_of_the_rules(text: str) -> list[str]:
    """Each "seed" of `text` that is not the random seed, in its context."""
    random = [m.span() for m in RANDOM_SEED.finditer(text)]
    return [" ".join(text[max(0, m.start() - 40):m.end() + 40].split())
            for m in SEED.finditer(text)
            if not any(start <= m.start() < end for start, end in random)]


def test_the_random_seed_is_told_apart_from_a_rules_text_called_seed() -> None:
    """The matcher flags a rules text called "seed" and lets the random seed pass."""
    of_the_rules = ["The seed's turn", "(seed, step 5)", "source: seed", "the\nseed gives",
                    "seed 001_f74d0a86fdbc7acb"]
    of_the_dice = ["--seed 4", "seed 3, compiled", "narrated battle of its seed", "seed_stream"]
    assert [len(seeds_said_of_the_rules(s)) for s in of_the_rules + of_the_dice] == \
        [1, 1, 1, 1, 1, 0, 0, 0, 0]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_rulings_catalog_and_schema_say_seed_only_of_the_random_seed(system_id: str) -> None:
    said = {}
    for argv in (("rulings", system_id), ("catalog", system_id), ("catalog", system_id, "--json"),
                 ("schema", system_id), ("schema", system_id, "--fleet")):
        run = shipyard(*argv)
        assert run.code == 0, (argv, run.err)
        said[" ".join(argv)] = seeds_said_of_the_rules(run.out)
    assert not any(said.values()), said


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_bundled_catalog_says_seed_only_of_the_random_seed(yard: Yard, system_id: str) -> None:
    folder = yard.system(system_id).catalog_dir()
    said = {str(path.relative_to(folder)): found for path in sorted(folder.rglob("*"))
            if path.suffix in {".md", ".yaml", ".py", ".txt"} and "__pycache__" not in path.parts
            and (found := seeds_said_of_the_rules(path.read_text(encoding="utf-8")))}
    assert not said, said
