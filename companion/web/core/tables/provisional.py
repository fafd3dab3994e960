"""The provisional score sheet: only seats that entered something are ranked; the rest are waited for."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Provisional:
    """Which seats a score sheet may rank now, and whom it still waits for (their names, in seat order)."""

    entered: tuple[int, ...]
    waiting: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """True when every seat has entered: the sheet is final."""
        return not self.waiting


def provisional(seats: Sequence[Any], has_entered: Callable[[Any], bool],
                name: Callable[[Any], str] = lambda s: s["name"]) -> Provisional:
    """Split a table's seats (in seat order) into those entered (their indices) and the names still waited for."""
    entered = tuple(k for k, s in enumerate(seats) if has_entered(s))
    waiting = tuple(name(s) for k, s in enumerate(seats) if k not in entered)
    return Provisional(entered, waiting)
