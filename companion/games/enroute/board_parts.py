"""Parts of a version 2 board that its reader, its writer and the scoring rows share (no imports back)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CoordinateTrack:
    """A rating track marked by round-card coordinates, each at most once: base + step per mark, capped."""

    base: int
    step: int
    max: int
    spaces: tuple[int, ...]

    def score(self, marked: int) -> int:
        """Return the PP with `marked` spaces marked."""
        return min(self.max, self.base + self.step * marked)


@dataclass(frozen=True)
class RowSpec:
    """One scoring space of a version 2 board: a registered row type and its parameters."""

    row: str
    number: int
    key: str | None = None
    label: str | None = None
    colour: str | None = None
    feature: str | None = None
    landmark: str | None = None
    track: str | None = None
    deck: str | None = None
    pp: int | None = None
