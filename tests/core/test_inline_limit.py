"""Which functions a rules module's INLINE gets inlined: the short ones, counting the inlined
helpers they call, since Numba copies and types an inlined function again at each call site."""

from __future__ import annotations

import dis
import types

from shipyard.core.compiled import INLINED_MOST, inlined


def _sum_of(lines: int) -> str:
    return "".join(f"    total += a[i + {k}] * {k}\n" for k in range(lines))


def _module(helper_lines: int) -> types.ModuleType:
    """`helper` sums `helper_lines` products; `twice` calls it twice; `long` sums more than
    INLINED_MOST instructions' worth; `calls_long` calls `long` once."""
    source = (
        'INLINE = ("helper", "twice", "long", "calls_long")\n'
        f"def helper(a, i):\n    total = 0\n{_sum_of(helper_lines)}    return total\n"
        "def twice(a, i):\n    return helper(a, i) + helper(a, i + 1)\n"
        f"def long(a, i):\n    total = 0\n{_sum_of(INLINED_MOST)}    return total\n"
        "def calls_long(a, i):\n    return long(a, i) + 1\n")
    module = types.ModuleType("inline_toy")
    exec(compile(source, "inline_toy.py", "exec"), module.__dict__)
    return module


def _size(function: object) -> int:
    return len(list(dis.get_instructions(function)))  # type: ignore[arg-type]


def test_short_listed_functions_are_inlined_and_long_ones_called() -> None:
    m = _module(1)
    assert _size(m.long) > INLINED_MOST
    assert inlined([m]) == {m.helper, m.twice, m.calls_long}  # calls_long calls long


def test_a_function_is_as_long_as_the_inlined_helpers_it_copies_in() -> None:
    lines = next(n for n in range(1, INLINED_MOST) if 2 * _size(_module(n).helper) > INLINED_MOST)
    m = _module(lines)
    assert _size(m.helper) <= INLINED_MOST < _size(m.twice) + 2 * _size(m.helper)
    assert inlined([m]) == {m.helper, m.calls_long}  # twice would copy helper in twice
