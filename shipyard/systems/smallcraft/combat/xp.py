"""The few array operations the shared rules code uses, for one fight at a time.

Movement, bearings and the default pilot are written once against this small namespace: the
narrated engine passes `SCALAR` (plain Python numbers, no NumPy to import), the batch engine a
NumPy namespace of the same names (batch.py), so both engines make the same decisions from the
same code. Only operations whose results are bit-for-bit the same in Python and NumPy appear
here: integer arithmetic, comparisons, IEEE +, -, *, / and sqrt, floor, atan2. The rules (which
hex, which range, which bearing, what movement) are decided in integers alone.
"""

from __future__ import annotations

import math
from typing import Any


class Scalar:
    """Python numbers: `where` picks a branch, comparisons give bools."""

    pi = math.pi

    @staticmethod
    def where(condition: Any, yes: Any, no: Any) -> Any:
        return yes if condition else no

    @staticmethod
    def minimum(a: Any, b: Any) -> Any:
        return a if a <= b else b

    @staticmethod
    def maximum(a: Any, b: Any) -> Any:
        return a if a >= b else b

    @staticmethod
    def floor(x: float) -> int:
        return math.floor(x)

    @staticmethod
    def int_(x: Any) -> int:
        """A whole number held as a float (the batch engine's positions) as an integer."""
        return int(x)

    @staticmethod
    def sqrt(x: float) -> float:
        return math.sqrt(x)

    @staticmethod
    def atan2(y: float, x: float) -> float:
        return math.atan2(y, x)

    @staticmethod
    def abs(x: Any) -> Any:
        return abs(x)

    @staticmethod
    def sign(x: Any) -> int:
        return int(x > 0) - int(x < 0)

    @staticmethod
    def not_(x: Any) -> bool:
        return not x

    @staticmethod
    def take(table: Any, index: Any) -> Any:
        return table[index]

    @staticmethod
    def wrap(x: Any, n: Any) -> Any:
        """x % n, for -n <= x < 2n (the batch engine's version does one wrap, far cheaper
        than a modulo on arrays; the bounds are what lets it)."""
        return x % n


SCALAR = Scalar()
