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


def test_wheel_contains_catalogs_and_templates(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for source in [*ROOT.glob("catalogs/**/*.yaml"), *ROOT.glob("templates/**/*.*")]:
        inside = "shipyard/_data/" + source.relative_to(ROOT).as_posix()
        assert inside in names, f"{inside} missing from the wheel"
    assert any(n.endswith("entry_points.txt") for n in names)


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
