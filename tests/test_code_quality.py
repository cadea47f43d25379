"""The project's own habits that a linter does not check (ruff and mypy --strict run beside the
tests: `make lint`, in `make check` and `make test`)."""

from __future__ import annotations


def test_rules_systems_import_only_the_public_api() -> None:
    """A system is written against shipyard.api alone, built in or not (docs/writing-a-rules-
    system.md): the core's modules may move, the api's names stay."""
    import re
    from pathlib import Path

    systems = Path(__file__).resolve().parent.parent / "shipyard" / "systems"
    private = re.compile(r"^\s*(from|import) shipyard\.(core|cli|errors)\b", re.M)
    offenders = [f"{path.relative_to(systems)}: {m.group(0).strip()}"
                 for path in sorted(systems.rglob("*.py"))
                 for m in private.finditer(path.read_text(encoding="utf-8"))]
    assert not offenders, offenders
