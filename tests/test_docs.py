"""The README stays short and the docs site builds strictly: every page in the
navigation, every link and anchor found, each system's page carrying its rulings."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SYSTEMS = ["smallcraft", "rogue-trader", "dropfleet", "traveller", "d12-facings"]


def test_the_readme_is_at_most_400_lines_and_starts_each_system() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 400
    for system in SYSTEMS:  # the quick start does the three jobs for each, from copied files
        assert f"### {system}\n" in text
        for job in (f"$ shipyard examples {system} --copy {system}", "$ shipyard validate "
                    f"{system}/", "$ shipyard sheet " f"{system}/", f"$ shipyard duel {system}/"):
            assert job in text, job


def test_the_battle_page_names_every_system_that_declares_battles() -> None:
    """docs/commands/battle.md said only dropfleet had battles when every system had them: the
    page links each system that declares battles (and so takes a commander: `--help-system`)."""
    from shipyard.core.yard import Yard

    yard = Yard()
    text = (ROOT / "docs" / "commands" / "battle.md").read_text(encoding="utf-8")
    battling = [s for s in SYSTEMS if (o := yard.system(s).fight_options) is not None
                and o.battle is not None]
    assert battling
    for system in battling:
        assert f"[{system}](../systems/{system}.md)" in text, system
    assert "today dropfleet" not in text


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d",
                          str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return out


@pytest.mark.packaging
def test_the_site_builds_strictly_and_has_every_page(site: Path) -> None:
    pages = sorted(p.relative_to(ROOT / "docs").with_suffix("").as_posix()
                   for p in (ROOT / "docs").rglob("*.md"))
    for page in pages:
        built = site / ("index.html" if page == "index" else f"{page}/index.html")
        assert built.is_file(), page
    commands = {p.stem for p in (ROOT / "docs" / "commands").glob("*.md")}
    from shipyard.cli import app

    registered = {c.name or c.callback.__name__ for c in app.registered_commands
                  if c.callback is not None}
    assert registered <= commands, registered - commands  # a page per command


@pytest.mark.packaging
@pytest.mark.parametrize("system", SYSTEMS)
def test_each_system_page_includes_its_rulings_once(site: Path, system: str) -> None:
    html = (site / "systems" / system / "index.html").read_text(encoding="utf-8")
    rulings = (ROOT / "catalogs" / system / "RULINGS.md").read_text(encoding="utf-8")
    heading = re.search(r"^# (.+)$", rulings, re.M)
    assert heading is not None
    assert html.count(heading.group(1).split(":")[0]) >= 1
    codes = re.findall(r"^- \*\*([A-Z][\w-]*\d+)\b", rulings, re.M)
    assert codes and all(code in html for code in codes)
    page = (ROOT / "docs" / "systems" / f"{system}.md").read_text(encoding="utf-8")
    assert f"<!-- include catalogs/{system}/RULINGS.md -->" in page
    assert "- **" + codes[0] not in page  # one copy: included, not pasted


def test_ci_runs_the_readmes_test_command() -> None:
    """.ci/run is exactly what the README tells a reader to run for the tests."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    shown = readme[next(i for i, line in enumerate(readme)
                        if line.startswith("# set up (the first time), then every test")) + 1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == shown == "make test"

