from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

from shipyard.core.yard import Yard

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "catalogs"


def load_script(name: str) -> ModuleType:
    """scripts/NAME, imported as a module (the scripts are files, not a package), once: a
    dataclass in a script needs its module in sys.modules."""
    module_name = "script_" + name.removesuffix(".py").replace("-", "_")
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, ROOT / "scripts" / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


# Hypothesis keeps no example database in the checkout (a test run leaves nothing behind): a
# failing example is printed, and its test reproduces it with @example
settings.register_profile("shipyard", database=None)
settings.load_profile("shipyard")

# the session's own cache folder, made by the first pytest process (xdist workers inherit it)
_OWN_CACHE = "SHIPYARD_TESTS_CACHE"
_CACHE_KEY = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    """Tests keep what shipyard caches in a folder of their own, removed when they end: a run
    validates hundreds of catalogs (bounds, overlays, damaged entries) that a user's cache must
    not keep. Compiled fight rules are the exception: keyed by the code they compile, they are
    the same a user's series would compile, so the tests read and fill the user's (where
    scripts/setup.sh compiled them ahead) instead of compiling every system again each run."""
    from shipyard.core.paths import cache_root

    # output is as piped, whole rows, whatever the caller's terminal (xdist's workers are given
    # COLUMNS=80): a test that wants a width sets it
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)
    if os.environ.get(_OWN_CACHE):
        return  # an xdist worker: the folder is the controller's
    fights = cache_root() / "fights"
    folder = Path(tempfile.mkdtemp(prefix="shipyard-tests-cache-"))
    with contextlib.suppress(OSError):  # without links, the tests compile into their own
        fights.mkdir(parents=True, exist_ok=True)
        (folder / "fights").symlink_to(fights, target_is_directory=True)
    os.environ["SHIPYARD_CACHE"] = os.environ[_OWN_CACHE] = str(folder)
    config.stash[_CACHE_KEY] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_CACHE_KEY, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)  # the link only: the user's fights stay
        os.environ.pop(_OWN_CACHE, None)


@pytest.fixture(scope="session")
def yard() -> Yard:
    """The bundled catalogs, loaded once a session: tests read them, never change them."""
    return Yard()


@pytest.fixture
def write(tmp_path: Path):
    """Write a design file and return its path."""

    def _write(text: str | bytes, name: str = "design.yaml") -> Path:
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return _write


@pytest.fixture(autouse=True)
def _every_command() -> None:
    """Each test starts with every command registered: main() run in-process builds only the
    one its command line names (start-up), and a later test invoking the app directly would
    otherwise find the rest gone."""
    from shipyard.cli.app import only

    only([])


@pytest.fixture(autouse=True)
def _compiles_only_where_marked(request: pytest.FixtureRequest,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that compiles fight rules says so (`@pytest.mark.compiled`), so that `pytest`
    alone, the developer's loop, never waits for Numba: unmarked, a compile is refused at once
    (its series would run with engine="plain" instead)."""
    if request.node.get_closest_marker("compiled") is not None:
        return
    from shipyard.core import compiled

    def refused(*_: object, **__: object) -> None:
        raise AssertionError("this test compiles fight rules with Numba: mark it "
                             "@pytest.mark.compiled, or run its fights with engine='plain'")

    monkeypatch.setattr(compiled, "compile_fights", refused)

