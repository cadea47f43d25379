"""The encounter report (`battle --runs N -o`, `duel --runs N -o`): its numbers are the series'
own (read back from the PDF's text and compared with `--json` of the same seed), its charts
are drawn in greys and patterns by the one chart module, and a wrong `-o` is one line."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from shipyard.core import chart
from tests.cli import shipyard
from tests.conftest import ROOT

CAT = ROOT / "catalogs"
# every system: a battle of bundled fleets where it is quick uncompiled, else a duel
SERIES = {
    "smallcraft": ("battle", CAT / "smallcraft/fleets/starfury-wing.yaml",
                   CAT / "smallcraft/fleets/raiders.yaml"),
    "traveller": ("battle", CAT / "traveller/fleets/raiders.yaml",
                  CAT / "traveller/fleets/system-defence.yaml"),
    "rogue-trader": ("duel", CAT / "rogue-trader/examples/sword.yaml",
                     CAT / "rogue-trader/examples/hazeroth.yaml"),
    "d12-facings": ("battle", CAT / "d12-facings/fleets/escort-squadron.yaml",
                    CAT / "d12-facings/fleets/raider-pack.yaml"),
    "dropfleet": ("battle", CAT / "dropfleet/fleets/ucm-patrol.yaml",
                  CAT / "dropfleet/fleets/scourge-raid.yaml"),
}
RUNS, SEED = "30", "40"


def _pdf_text(path: Path) -> str:
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return " ".join(page.extract_text() for page in reader.pages)


def _interval(rate: dict[str, Any]) -> str:
    low, high = rate["ci95"]
    return f"{chart.percent(rate['rate'])} ({100 * low:.1f}–{100 * high:.1f}%)"


def _spread(s: dict[str, Any]) -> str:
    return f"mean {s['mean']:.1f}, median {s['median']:g}, {s['min']}–{s['max']}"


@pytest.mark.parametrize("system", sorted(SERIES))
def test_the_reports_numbers_are_the_json_of_the_same_seed(system: str,
                                                          tmp_path: Path) -> None:
    command, a, b = SERIES[system]
    args = [command, a, b, "--runs", RUNS, "--seed", SEED, "--engine", "plain"]
    given = shipyard(*args, "--json")
    assert given.code == 0, given.err
    data = given.json()
    out = tmp_path / "report.pdf"
    done = shipyard(*args, "-o", out)
    assert done.code == 0, done.err
    assert f"wrote {out}" in done.out
    text = re.sub(r"\s+", " ", _pdf_text(out))
    assert f"{int(RUNS):,} {'battles' if command == 'battle' else 'fights'}, seed {SEED}" in text
    for rate in (data["wins"]["a"], data["wins"]["b"], data["no_winner"]):
        assert _interval(rate) in text
    assert _spread(data["length"]) in text
    assert _spread(data["damage"]["a"]) in text and _spread(data["damage"]["b"]) in text
    assert f"{command} {a} {b} --seed SEED" in text  # the command once, then each seed by how
    for seeds in data["replay_seeds"].values():
        if isinstance(seeds, dict):
            assert all(f"{how} {seed} " in text for how, seed in seeds.items()), seeds
        else:  # a duel's --json keeps one seed an outcome, the report one a way of ending
            assert re.search(rf"[a-z] {seeds} ", text), seeds
    if command == "battle":  # every share of every design's bar, on the bar or under it
        for design in data["designs"]:
            for key in ("escaped",):
                if design[key]["count"]:
                    assert chart.percent(design[key]["rate"]) in text
            for how, rate in design["lost_how"].items():
                assert f"lost: {how}" in text and chart.percent(rate["rate"]) in text


def test_a_reports_charts_are_grey_and_patterned_never_coloured(tmp_path: Path) -> None:
    command, a, b = SERIES["smallcraft"]
    out = tmp_path / "report.html"
    done = shipyard(command, a, b, "--runs", RUNS, "--seed", SEED, "--engine", "plain",
                    "-o", out)
    assert done.code == 0, done.err
    page = out.read_text(encoding="utf-8")
    svgs = re.findall(r"<svg.*?</svg>", page, re.S)
    assert len(svgs) >= 5  # outcomes, fates, length, each side's damage
    colours = set(re.findall(r'(?:fill|stroke)="(#[0-9a-fA-F]{6})"', "".join(svgs)))
    assert colours and all(c[1:3] == c[3:5] == c[5:7] for c in colours), colours
    assert "url(#fates-2)" in page  # the causes of loss are told apart by hatching
    assert not re.search(r'(?:href|src)="(?!#)', "".join(svgs))  # nothing to fetch


def test_the_bar_in_the_terminal_fills_its_width_whatever_the_rounding() -> None:
    for a in range(0, 101):
        for b in range(0, 101 - a):
            shares = [a / 100, b / 100, 0.0, (100 - a - b) / 100]
            bar = chart.text_bar(shares)
            assert len(bar) == 10
            assert bar.count("█") == round(a / 10)


def test_a_battle_series_prints_a_fate_bar_per_design() -> None:
    command, a, b = SERIES["d12-facings"]
    done = shipyard(command, a, b, "--runs", RUNS, "--seed", SEED, "--engine", "plain")
    designs = shipyard(command, a, b, "--runs", RUNS, "--seed", SEED, "--engine", "plain",
                       "--json").json()["designs"]
    for design in designs:
        row = next(line for line in done.out.splitlines() if design["name"] in line)
        bar = row.split()[-1]
        assert len(bar) == 10 and set(bar) <= set(chart.BLOCKS)
        assert bar.count("░") == 10 - round(10 * (1 - design["lost"]["rate"]))


@pytest.mark.parametrize(("extra", "says"), [
    (["--runs", "1", "-o", "r.pdf"], "-o r.pdf: a report is of a series; add --runs N"),
    (["--runs", "20", "-o", "r.txt"], "cannot write a .txt file"),
])
def test_a_wrong_report_is_one_line_and_exit_2(extra: list[str], says: str,
                                               tmp_path: Path) -> None:
    command, a, b = SERIES["smallcraft"]
    done = shipyard(command, a, b, "--engine", "plain", *extra, cwd=tmp_path)
    assert done.code == 2
    assert says in done.err and len(done.err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


def test_json_and_a_report_together_keep_standard_output_json(tmp_path: Path) -> None:
    out = tmp_path / "r.png"
    done = shipyard("duel", CAT / "smallcraft/examples/galileo.yaml",
                    CAT / "smallcraft/examples/raider.yaml", "--runs", RUNS, "--seed", SEED,
                    "--engine", "plain", "--json", "-o", out, "--paper", "letter")
    assert done.code == 0, done.err
    assert done.json()["runs"] == int(RUNS)
    assert out.read_bytes().startswith(b"\x89PNG")


def test_every_fill_and_heatmap_grey_is_a_grey() -> None:
    def grey(colour: str) -> bool:
        digits = colour[1:]
        step = len(digits) // 3  # #rgb or #rrggbb
        return digits[:step] == digits[step:2 * step] == digits[2 * step:]

    assert all(grey(f.ground) for f in chart.FILLS)
    patterns = "".join(f.pattern for f in chart.FILLS)
    assert all(grey(c) for c in re.findall(r'"(#[0-9a-f]{6}|#[0-9a-f]{3})"', patterns))
    assert all(grey(chart.grey(share / 100)[0]) for share in range(101))
    # and the darkest fills carry white words, the lightest black
    assert chart.grey(1.0)[1] and not chart.grey(0.0)[1]


# each system's bundled pairing with the least room left on its page (most designs a side, the
# longest terms): every pairing and mirror of catalogs/*/fleets, rendered, measured by hand
FULLEST = {
    "d12-facings": ("escort-squadron", "escort-squadron"),
    "dropfleet": ("scourge-raid", "scourge-raid"),
    "rogue-trader": ("patrol-koronus", "patrol-koronus"),
    "smallcraft": ("raiders", "raiders"),
    "traveller": ("system-defence", "system-defence"),
}


def _every_ending(system: str) -> Any:
    """summarise_battle, its summary then filled with everything a longer series could show:
    every way the system's battles end, each with the widest seed there is; every way its ships
    are lost, on every design; every count of ships lost."""
    from shipyard.core import battle
    from shipyard.core.combat import wilson
    from shipyard.core.registry import load_system
    from shipyard.core.stream import INDEX_BITS, MAX_SERIES_SEED, derive_seed

    real = battle.summarise_battle
    loaded = load_system(system)
    assert loaded is not None
    rules = loaded.fight().rules()
    widest = derive_seed(MAX_SERIES_SEED, (1 << INDEX_BITS) - 1)
    outcome = {0: "a", 1: "b", None: "none"}

    def fill(*args: Any) -> battle.BattleSummary:
        summary = real(*args)
        some = wilson(1, 1000)  # a sliver: too narrow to write on, so said under the bar
        ends: dict[str, dict[str, int]] = {}
        for winner, why in rules.ends.values():
            ends.setdefault(outcome[winner], {})[why] = widest
        base = summary.summary._replace(reasons={k: dict.fromkeys(v, 1) for k, v in ends.items()})
        designs = tuple(f._replace(escaped=some, how=dict.fromkeys(rules.fates.values(), some))
                        for f in summary.designs)
        lost = tuple(dict.fromkeys(range(size + 1), some) for size in summary.sizes)
        return summary._replace(summary=base, designs=designs, lost=lost, replays=ends)

    return fill


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("system", sorted(FULLEST))
def test_the_fullest_bundled_encounter_of_each_system_prints_on_one_page(
        system: str, paper: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.core import battle

    monkeypatch.setattr(battle, "summarise_battle", _every_ending(system))
    a, b = (CAT / system / "fleets" / f"{name}.yaml" for name in FULLEST[system])
    out = tmp_path / "report.pdf"
    done = shipyard("battle", a, b, "--runs", "4", "--seed", SEED, "--engine", "plain",
                    "--paper", paper, "-o", out)
    assert done.code == 0, done.err
    pages = len(PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert pages == 1, f"{pages} pages"
