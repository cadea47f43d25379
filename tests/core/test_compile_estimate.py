"""The "compiling fight rules once, about N s" estimate is a real compile's time."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.test_pattern import PREPARED, ROOT, RULES

pytest.importorskip("numba")

COMPILE = """
from tests.core.test_pattern import PREPARED, RULES
from shipyard.core.compiled import as_arrays, compile_fights
compile_fights(RULES, as_arrays(PREPARED.state), print)
"""


def _estimate(cache: Path) -> Path:
    return cache / "fights" / f"{RULES.modules[0]}.seconds"


@pytest.mark.compiled
def test_a_compile_records_its_time_and_a_load_does_not(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.core.compiled import as_arrays, cache_key, compile_fights, numba_module

    env = {"SHIPYARD_CACHE": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", COMPILE], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    assert "compiling fight rules once" in first.stdout
    assert float(_estimate(tmp_path).read_text()) > 0  # a real compile, timed

    # the cache folder gone, but the rules already compiled in this process (or, the same,
    # filled by another process meanwhile): the call compiles nothing, so records nothing
    monkeypatch.setenv("SHIPYARD_CACHE", str(tmp_path))
    compile_fights(RULES, as_arrays(PREPARED.state))
    _estimate(tmp_path).write_text("99.0")
    numba = numba_module()
    assert numba is not None
    shutil.rmtree(tmp_path / "fights" / cache_key(RULES, numba.__version__))
    said: list[str] = []
    compile_fights(RULES, as_arrays(PREPARED.state), said.append)
    assert said == ["compiling fight rules once, about 99 s"]
    assert _estimate(tmp_path).read_text() == "99.0"
