from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

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


@pytest.fixture
def yard() -> Yard:
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
