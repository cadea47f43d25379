"""The wheel carries catalogs/ and templates/, and a non-editable install works from it."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(out), str(ROOT)], check=True, timeout=300)
    (found,) = out.glob("shipyard-*.whl")
    return found


@pytest.mark.packaging
def test_wheel_contains_catalogs_and_templates(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for source in [*ROOT.glob("catalogs/**/*.yaml"), *ROOT.glob("templates/**/*.*")]:
        inside = "shipyard/_data/" + source.relative_to(ROOT).as_posix()
        assert inside in names, f"{inside} missing from the wheel"
    assert any(n.endswith("entry_points.txt") for n in names)


@pytest.mark.packaging
def test_non_editable_install_validates_the_examples(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, timeout=300)
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from shipyard.core.paths import data_root; print(data_root());"
        "from shipyard.cli import main; sys.argv = ['shipyard', 'validate', *sys.argv[2:]]; main()"
    )
    examples = [str(p.relative_to(ROOT)) for p in ROOT.glob("catalogs/*/examples/*.yaml")]
    run = subprocess.run([sys.executable, "-c", script, str(target), *examples],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode in (0, 1), run.stderr
    assert run.stdout.splitlines()[0] == str(target / "shipyard" / "_data")
    assert "Starfury [smallcraft]: legal" in run.stdout


@pytest.fixture(scope="module")
def fresh(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment with the wheel installed (not editable), its dependencies
    borrowed from the test environment's site-packages as a plain path: the checkout is not on
    it, and neither is its editable install."""
    env = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True,
                   timeout=120)
    python = env / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", "--disable-pip-version-check", str(wheel)], check=True,
                   timeout=300)
    (site,) = (env / "lib").glob("python3*/site-packages")
    (site / "_test_dependencies.pth").write_text(
        "\n".join(p for p in sys.path if p.endswith("site-packages")) + "\n", encoding="utf-8")
    return env / "bin" / "shipyard"


@pytest.mark.packaging
def test_an_installed_user_copies_the_examples_and_reads_the_rulings(fresh: Path,
                                                                     tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([str(fresh), *args], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, f"{args}: {done.stderr}"
        return done

    where = subprocess.run([str(fresh.parent / "python"), "-c", "import shipyard; "
                            "print(shipyard.__file__)"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=60, check=True)
    assert where.stdout.startswith(str(fresh.parent.parent)), where.stdout  # not the checkout
    listed = run("examples", "dropfleet")
    assert "fleets/ucm-patrol.yaml" in listed.stdout
    copied = run("examples", "dropfleet", "--copy", "dropfleet")
    assert "dropfleet/examples/anvil.yaml" in copied.stdout
    assert (tmp_path / "dropfleet" / "fleets" / "ucm-patrol.yaml").is_file()
    fleet = run("validate", "dropfleet/fleets/ucm-patrol.yaml")
    assert "  dropfleet/examples/anvil.yaml: Anvil [dropfleet]: legal" in fleet.stdout
    whole = run("rulings", "traveller")
    assert whole.stdout.startswith("# traveller: rulings")
    one = run("rulings", "traveller", "TRV-R24")
    assert one.stdout.startswith("- **TRV-R24 ") and one.stdout.count("- **") == 1
    formula = run("rulings", "dropfleet", "formula")
    assert formula.stdout.startswith("## The points formula")
    shown = run("show", "dropfleet/examples/new-york.yaml")
    assert "shipyard rulings dropfleet formula" in shown.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dropfleet"]


@pytest.mark.packaging
def test_the_sdist_carries_the_docs_site(tmp_path: Path) -> None:
    import tarfile

    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d",
                    str(tmp_path)], cwd=ROOT, check=True, capture_output=True, timeout=300)
    (sdist,) = tmp_path.glob("shipyard-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    wanted = {"mkdocs.yml", "scripts/mkdocs_hooks.py",
              *(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.md"))}
    assert wanted <= names, wanted - names
