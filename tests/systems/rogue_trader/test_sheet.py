"""The rogue-trader Ship Record and reference cards, printed and read back."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from shipyard.core.render import Page
from shipyard.systems.rogue_trader import sheet as rt
from tests.cli import shipyard
from tests.pages import FULL, SMALLEST_PT, page_use, smallest_type_pt
from tests.systems.rogue_trader.fights import YARD
from tests.systems.rogue_trader.helpers import STOCK, example, write_design

CATALOG = YARD.catalog(YARD.system("rogue-trader"))


def context(stem: str) -> dict[str, object]:
    report = YARD.check(example(stem))
    assert report.design is not None
    return rt.sheet(report.design.model, CATALOG, report.budgets).context


def pages_and_text(path: Path) -> tuple[int, str]:
    document = pdfium.PdfDocument(path)
    text = "\n".join(page.get_textpage().get_text_range() for page in document)
    return len(document), text


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    out = tmp_path_factory.mktemp("rt-sheets")
    found = {}
    for stem in STOCK:
        for paper in ("a4", "letter"):
            path = out / f"{stem}-{paper}.pdf"
            run = shipyard("sheet", example(stem), "--paper", paper, "-o", path)
            assert run.code == 0, run.err
            found[(stem, paper)] = path
    return found


@given(st.integers(min_value=1, max_value=400))
@settings(max_examples=60, deadline=None)
def test_a_track_has_one_box_per_point(start: int) -> None:
    t = rt.track("Hull Integrity", start, "")
    assert sum(line.count for line in t.lines) == start
    assert all(1 <= line.count <= rt.BOXES_PER_LINE for line in t.lines)
    spans = [[int(n) for n in line.label.split("–")] for line in t.lines]  # "66–47", or "6"
    points = [n for span in spans for n in range(span[0], span[-1] - 1, -1)]
    assert points == list(range(start, 0, -1))  # every point once, counted down
    assert all(span[0] - span[-1] + 1 == line.count for span, line in zip(spans, t.lines,
                                                                            strict=True))
    assert not any(line.mark for line in t.lines)


def test_the_sheet_holds_the_tracks_weapons_and_every_component() -> None:
    ctx = context("ambition")
    tracks = {t.name: t.start for t in ctx["tracks"]}  # type: ignore[attr-defined]
    assert tracks == {"Hull Integrity": 66, "Crew Population": 100, "Morale": 100}
    weapons = ctx["weapons"]
    assert [(w.location, w.name, w.arcs) for w in weapons][:2] == [  # type: ignore[attr-defined]
        ("Prow", "Mars-pattern Torpedo Tubes", "fore"),
        ("Port", "Titanforge Lance Battery", "port")]
    pairs = ctx["component_pairs"]
    # two columns, read down the left, then down the right
    names = [a.name for a, _ in pairs] + [b.name for _, b in pairs if b]  # type: ignore[attr-defined]
    design = YARD.read(example("ambition")).model
    assert names == [CATALOG.components[c].name for c in design.components]
    assert ctx["states"] == ("damaged", "depressurised", "on fire", "unpowered", "destroyed")
    profile = {name: (value, crippled) for name, value, crippled in ctx["profile"]}  # type: ignore[attr-defined]
    assert profile["Speed"] == ("5", "3") and profile["Void Shields"] == ("2", "")


@pytest.mark.slow
@pytest.mark.parametrize("stem", STOCK)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_stock_ship_prints_on_one_page(printed: dict[tuple[str, str], Path], stem: str,
                                            paper: str) -> None:
    count, text = pages_and_text(printed[(stem, paper)])
    assert count == 1
    design = YARD.read(example(stem)).model
    assert design.name in text
    for words in ("HULL INTEGRITY", "CREW POPULATION", "MORALE", "WEAPONS", "COMPONENTS",
                  "Dmg Dep Fire Unp Dst", "Crippled", "Void Shields", "STRATEGIC TURNS",
                  "CRITICAL HIT CHART"):
        assert words in text
    for component in design.components:
        assert CATALOG.components[component].name in text
    for mount in design.weapons:
        assert CATALOG.weapons[mount.weapon].name in text


def test_the_same_design_prints_the_same_pdf(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert shipyard("sheet", example("sword"), "-o", first).code == 0
    assert shipyard("sheet", example("sword"), "-o", second).code == 0
    assert first.read_bytes() == second.read_bytes()


def test_budgets_print_through_the_shared_macro(tmp_path: Path) -> None:
    ctx = context("ambition")
    assert [(b.label, b.used, b.available) for b in ctx["budgets"]][:3] == [  # type: ignore[attr-defined]
        ("Power", 70, 75), ("Space", 68, 75), ("Ship points", 80, None)]
    path = tmp_path / "ambition.pdf"
    assert shipyard("sheet", example("ambition"), "-o", path).code == 0
    text = pages_and_text(path)[1]
    assert "Power: 70 of 75" in text
    assert re.search(r"Ship points: 80\s", text)  # no campaign limit: no "of"
    assert "Weapon slots: 5 of 5; prow 1/1, port 2/2, starboard 2/2" in text


def test_an_illegal_design_prints_only_when_allowed_and_marked(tmp_path: Path) -> None:
    data = yaml.safe_load(example("sword").read_text())
    data["components"].remove("mark-100-auger-array")
    data["name"] = "<b>Unfinished</b> & Co"
    path = write_design(tmp_path / "unfinished.yaml", data)
    assert shipyard("sheet", path, "-o", tmp_path / "x.pdf").code == 1
    out = tmp_path / "unfinished.html"
    assert shipyard("sheet", path, "-o", out, "--allow-illegal").code == 0
    html = out.read_text()
    assert "NOT LEGAL" in html and "no augur array" in html
    assert "&lt;b&gt;Unfinished&lt;/b&gt; &amp; Co" in html and "<b>Unfinished" not in html


@pytest.mark.slow
def test_a_fleet_with_cards(tmp_path: Path) -> None:
    out = tmp_path / "fleet.pdf"
    run = shipyard("sheet", example("sword"), example("hazeroth"), "--cards", "-o", out)
    assert run.code == 0
    count, text = pages_and_text(out)
    # two Ship Records and the table deck's page; the simulator's cards are not appended
    assert count == 3 and "Boarding" in text and "The default captain" not in text


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_table_deck_fits_one_sheet_and_the_simulator_deck_is_apart(
        tmp_path: Path, paper: str) -> None:
    out = tmp_path / f"cards-{paper}.pdf"
    assert shipyard("cards", "rogue-trader", "--paper", paper, "-o", out).code == 0
    count, text = pages_and_text(out)
    assert count == 1
    titles = ["The Strategic Round", "Manoeuvre Actions", "Shooting Actions",
              "Shields, Armour, Turrets", "Crippled; Critical Hits", "Critical Hits 5–8",
              "Critical Hits 9–11", "Ramming", "Boarding"]
    for title in titles:
        assert title in text
    assert text.count("rogue-trader · Starship Combat") == 9
    assert "The default captain" not in text and "Battles: several" not in text
    for entry in CATALOG.critical_hits:  # the whole chart is on the table deck
        assert entry.name in text
    simulator = tmp_path / f"simulator-{paper}.pdf"
    assert shipyard("cards", "rogue-trader", "--simulator", "--paper", paper,
                    "-o", simulator).code == 0
    count, text = pages_and_text(simulator)
    assert count == 1 and "The default captain" in text and "Battles: several ships" in text


def test_cards_read_their_numbers_from_the_catalog(tmp_path: Path) -> None:
    overlay = tmp_path / "house" / "rogue-trader"
    overlay.mkdir(parents=True)
    rules = yaml.safe_load((example("sword").parent.parent / "rules.yaml").read_text())
    rules["combat"]["surprise_bonus"] = 30
    rules["combat"]["stalemate_after"] = 25  # the default captain's card: R26
    rules["combat"]["round_limit"] = 40  # the battle card: F2
    (overlay / "rules.yaml").write_text(yaml.safe_dump({"combat": rules["combat"]}))
    out = tmp_path / "cards.pdf"
    run = shipyard("--catalog", tmp_path / "house", "cards", "rogue-trader", "-o", out)
    assert run.code == 0, run.err
    simulator = tmp_path / "simulator.pdf"
    run = shipyard("--catalog", tmp_path / "house", "cards", "rogue-trader", "--simulator",
                   "-o", simulator)
    assert run.code == 0, run.err
    text = " ".join((pages_and_text(out)[1] + pages_and_text(simulator)[1]).split())
    assert "Surprised ship at +30" in text and "Stalemate: 25 rounds" in text
    assert "(F2): 40 Strategic Rounds for each ship of the larger side" in text


def test_the_crippled_column_and_card_5_read_the_catalog(tmp_path: Path) -> None:
    # the sheet hard-coded -10 and card 5 printed Manoeuvrability's figure for both
    overlay = tmp_path / "house" / "rogue-trader"
    overlay.mkdir(parents=True)
    rules = yaml.safe_load((example("sword").parent.parent / "rules.yaml").read_text())
    rules["combat"]["crippled_detection"] = -25
    rules["combat"]["crippled_manoeuvrability"] = -15
    (overlay / "rules.yaml").write_text(yaml.safe_dump({"combat": rules["combat"]}))
    cards = tmp_path / "cards.pdf"
    assert shipyard("--catalog", tmp_path / "house", "cards", "rogue-trader", "-o",
                    cards).code == 0
    assert "Manoeuvrability -15, Detection -25" in pages_and_text(cards)[1]
    sheet = tmp_path / "sheet.pdf"
    run = shipyard("--catalog", tmp_path / "house", "sheet", example("endeavour"), "-o", sheet)
    assert run.code == 0, run.err
    text = pages_and_text(sheet)[1]
    # Endeavour: Manoeuvrability +12, Detection +15
    assert "-3" in text and "-10" in text and "Detection -25" in text


@pytest.mark.parametrize("stem", STOCK)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_stock_ship_uses_its_page(printed: dict[tuple[str, str], Path], stem: str,
                                       paper: str) -> None:
    (used,) = page_use(printed[(stem, paper)])
    assert used >= FULL, f"{stem} on {paper} reaches {used:.0%} of its page"


def test_the_critical_hit_chart_prints_on_the_sheet_as_the_catalog_has_it(
        printed: dict[tuple[str, str], Path]) -> None:
    rows = context("sword")["chart"]
    with_rolls = sorted((c for c in CATALOG.critical_hits if c.rolls), key=lambda c: c.rolls[0])  # type: ignore[index]
    # in roll order, a range where a result spans several values; then Catastrophic Damage's
    assert [(r.roll, r.name) for r in rows][:len(with_rolls)] == [  # type: ignore[attr-defined]
        (str(c.rolls[0]) if c.rolls[0] == c.rolls[1] else f"{c.rolls[0]}–{c.rolls[1]}", c.name)  # type: ignore[index]
        for c in with_rolls]
    assert [r.name for r in rows][len(with_rolls):] == [  # type: ignore[attr-defined]
        "Space Hulk", "Plasma Drive Explosion", "Warp Drive Explosion"]
    for paper in ("a4", "letter"):
        text = " ".join(pages_and_text(printed[("sword", paper)])[1].split())
        for entry in CATALOG.critical_hits:
            assert f"{entry.name} {' '.join(entry.effect.split())}" in text
        assert "9–10 Hull Breach" in text


def test_torpedo_tubes_print_their_store_as_salvo_boxes() -> None:
    # Ambition: Mars-pattern tubes, Strength 6, 42 torpedoes (RULINGS R9): 7 salvos
    ctx = context("ambition")
    torpedoes = [t for t in ctx["right_tracks"] if t.name.startswith("Torpedoes")]  # type: ignore[attr-defined]
    assert [(t.name, t.start, [line.count for line in t.lines]) for t in torpedoes] == [
        ("Torpedoes, Mars-pattern Torpedo Tubes (prow)", 42, [7])]
    assert "7 salvos of 6 (3 crippled" in torpedoes[0].note
    sword = context("sword")  # no torpedo tubes: no store
    assert [t.name for t in sword["right_tracks"]] == ["Morale"]  # type: ignore[attr-defined]


def test_a_store_that_does_not_divide_ends_in_a_part_salvo() -> None:
    design = YARD.read(example("ambition")).model
    fitted = rt.fit(design, CATALOG)
    tubes = next(w for w in fitted.weapons if w.weapon.kind == "torpedo-tubes")
    odd = type(tubes)(tubes.index, tubes.weapon.model_copy(update={"capacity": 40}),
                      tubes.location, tubes.label, tubes.torpedo, tubes.line)
    assert [line.count for line in rt.torpedo_track(odd).lines] == [7]  # 6 x 6 and one of 4


def test_crew_population_says_when_the_ship_is_out() -> None:
    notes = {t.name: t.note for t in context("sword")["tracks"]}  # type: ignore[attr-defined]
    assert notes["Crew Population"] == "at 0 the ship is out of the fight"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_on_the_sheet_is_set_under_the_smallest_type(paper: str) -> None:
    report = YARD.check(example("ambition"))
    assert report.design is not None
    page = Page(rt.sheet(report.design.model, CATALOG, report.budgets))
    size, text = smallest_type_pt(page, paper)
    assert size >= SMALLEST_PT - 0.01, f"{text!r} is set at {size:.2f} pt"
