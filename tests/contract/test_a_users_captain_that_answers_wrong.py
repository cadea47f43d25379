"""A user's own pilot, captain or commander, in every system, asked through the core's one
adapter: each of its methods, answering `None`, a text, a wrong shape, raising, exiting or
raising a BaseException, is one `FILE:LINE` line at the user's file (exit 2), never a traceback;
a KeyboardInterrupt still ends the run as an interrupt. Fights with a user's code run
uncompiled, so none of this compiles anything."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli import Run, shipyard
from tests.conftest import ROOT

C = ROOT / "catalogs"
SC, RT, D12, DF, TR = (C / s for s in ("smallcraft", "rogue-trader", "d12-facings", "dropfleet",
                                       "traveller"))
MISSILES = ("system: smallcraft\nname: Lancer\nhull: 60\ncomponents:\n"
            "  - {type: drive, facing: back, g: 2}\n  - {type: power, cblocs: 4}\n"
            "  - {type: sensors, range: 2}\n  - {type: crew, people: 1}\n"
            "  - {type: missiles, cblocs: 2, move: 6, damage: 4, tech_level: 10}\n"
            "  - {type: launch_tubes, count: 2}\n"
            "  - {type: beam, mount: turret, facing: front, cblocs: 3}\n")

# system -> (the class a user's own derives from, as its file imports it; its methods, each
# with the fight that asks it)
BATTLE = "battle"
SYSTEMS = {
    "smallcraft": ("from shipyard.systems.smallcraft.combat.pilot import Pilot as Base", {
        "power": ("duel", SC / "examples/starfury.yaml", SC / "examples/raider.yaml"),
        "thrust": ("duel", SC / "examples/starfury.yaml", SC / "examples/raider.yaml"),
        "turn": ("duel", SC / "examples/starfury.yaml", SC / "examples/raider.yaml"),
        "fire": ("duel", SC / "examples/starfury.yaml", SC / "examples/raider.yaml"),
        "launch": ("duel", "MISSILES", SC / "examples/raider.yaml"),
        "target": (BATTLE, SC / "fleets/raiders.yaml", SC / "fleets/starfury-wing.yaml"),
    }),
    "rogue-trader": ("from shipyard.systems.rogue_trader.combat.captain import Captain as Base",
                     {m: (BATTLE, RT / "fleets/raiders.yaml", RT / "fleets/patrol.yaml")
                      for m in ("target", "manoeuvre", "action", "break_free",
                                "boarding_blow", "shields_take")}),
    "d12-facings": ("from shipyard.systems.d12_facings.combat.captain import "
                    "DefaultCaptain as Base",
                    {m: (BATTLE, D12 / "fleets/raider-pack.yaml",
                         D12 / "fleets/escort-squadron.yaml")
                     for m in ("want_range", "plan", "pick", "enemy", "target")}),
    "dropfleet": ("Base = object  # a commander's methods are each optional", {
        "shields": ("duel", DF / "duels/jade-frigates.yaml", DF / "duels/berlin.yaml"),
        "system": (BATTLE, DF / "fleets/scourge-raid.yaml", DF / "fleets/ucm-patrol.yaml"),
        "target": (BATTLE, DF / "fleets/scourge-raid.yaml", DF / "fleets/ucm-patrol.yaml"),
        "battlegroup": (BATTLE, DF / "fleets/scourge-raid.yaml", DF / "fleets/ucm-patrol.yaml"),
    }),
    "traveller": ("class Base:\n    def band(self, *facts):\n        return facts[-1]\n\n"
                  "    def target(self, *facts):\n        return facts[-1]", {
                      "band": ("duel", TR / "examples/dragon-sdb.yaml",
                               TR / "examples/strandbell-sdb.yaml"),
                      "target": (BATTLE, TR / "fleets/raiders.yaml", TR / "fleets/corsairs.yaml"),
                  }),
}

# kind -> the body of the method
KINDS = {
    "None": "return None",
    "a text": "return 'nonsense'",
    "a wrong shape": "return [[1, 2], {'x': None}]",
    "raising": "raise RuntimeError('boom')",
    "sys.exit": "sys.exit(3)",
    "a BaseException": "raise BaseException('out')",
}
# answers the rules take: a commander's None keeps the default's (dropfleet R21)
ACCEPTED = {("dropfleet", m, "None") for m in SYSTEMS["dropfleet"][1]}

CASES = [(system, method, kind) for system, (_, methods) in SYSTEMS.items()
         for method in methods for kind in KINDS]


def _captain(tmp_path: Path, system: str, method: str, body: str) -> tuple[Path, int]:
    """The user's file, and the line of its method's `def` (its body is the next line)."""
    head = f"import sys\n{SYSTEMS[system][0]}\n\n\nclass Mine(Base):\n"
    path = tmp_path / "mine.py"
    path.write_text(f"{head}    def {method}(self, *args):\n        {body}\n")
    return path, head.count("\n") + 1


def _fight(tmp_path: Path, system: str, method: str, captain: Path) -> Run:
    command, a, b = SYSTEMS[system][1][method]
    if a == "MISSILES":
        a = tmp_path / "lancer.yaml"
        a.write_text(MISSILES)
    return shipyard(command, a, b, "--seed", "1", "--allow-illegal", "--pilot-a",
                    f"{captain}:Mine")


@pytest.mark.parametrize(("system", "method", "kind"), CASES,
                         ids=[f"{s}-{m}-{k}" for s, m, k in CASES])
def test_a_wrong_answer_is_one_line_at_the_users_file(tmp_path: Path, system: str,
                                                      method: str, kind: str) -> None:
    captain, def_line = _captain(tmp_path, system, method, KINDS[kind])
    run = _fight(tmp_path, system, method, captain)
    if (system, method, kind) in ACCEPTED:
        assert run.code == 0, run.err
        return
    assert run.code == 2, (run.code, run.out[-300:], run.err)
    (said,) = run.err.strip().splitlines()
    line = def_line if kind in ("None", "a text", "a wrong shape") else def_line + 1
    assert said.startswith(f"{captain}:{line}: "), said
    assert f"{method}()" in said or "target" in said, said
    assert "Traceback" not in run.err + run.out


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_keyboard_interrupt_still_ends_the_run_as_an_interrupt(tmp_path: Path,
                                                                  system: str) -> None:
    method = next(iter(SYSTEMS[system][1]))
    captain, _ = _captain(tmp_path, system, method, "raise KeyboardInterrupt")
    run = _fight(tmp_path, system, method, captain)
    assert run.code not in (0, 2), (run.code, run.err)
    assert str(captain) not in run.err  # not told as a mistake in the user's file


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@pytest.mark.parametrize("where", ["at import", "in __init__"])
def test_a_base_exception_or_an_exit_before_the_fight_is_one_line(tmp_path: Path, system: str,
                                                                   where: str) -> None:
    method = next(iter(SYSTEMS[system][1]))
    captain = tmp_path / "mine.py"
    base = SYSTEMS[system][0]
    if where == "at import":
        captain.write_text(f"import sys\n{base}\nraise BaseException('no')\n\n"
                           "class Mine(Base):\n    pass\n")
        line = 2 + base.count("\n") + 1
    else:
        captain.write_text(f"import sys\n{base}\n\nclass Mine(Base):\n"
                           "    def __init__(self):\n        sys.exit(4)\n")
        line = 2 + base.count("\n") + 4
    run = _fight(tmp_path, system, method, captain)
    assert run.code == 2, (run.code, run.err)
    (said,) = run.err.strip().splitlines()
    assert said.startswith(f"{captain}:{line}: "), said
