"""What is left of the hand-written JSON readers: documents are now read by their models (`formats.py`).

`is_int` stays for the board editor's draft helpers (`library.py`), which look
at unfinished drafts that no model accepts yet.
"""

from __future__ import annotations

from typing import Any


def is_int(value: Any) -> bool:
    """Tell whether a JSON value is an integer (booleans are not)."""
    return isinstance(value, int) and not isinstance(value, bool)
