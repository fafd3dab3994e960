"""How many generated cases a property or fuzz test tries: the suite runs a share of each test's full count, a long
run all of it (or more).

`examples(n)` is `n` scaled by `FUZZ_SCALE` (default 0.4, at least 10): `FUZZ_SCALE=1 python -m pytest tests/games`
runs every property test at its full count, `FUZZ_SCALE=5` five times as many (a long run before a release)."""

from __future__ import annotations

import os

DEFAULT = 0.4


def scale() -> float:
    """The run's scale (a bad value counts as the default)."""
    try:
        value = float(os.environ.get("FUZZ_SCALE", DEFAULT))
    except ValueError:
        return DEFAULT
    return value if value > 0 else DEFAULT


def examples(n: int) -> int:
    """A test's full count scaled for this run."""
    return max(10, round(n * scale()))
