"""Where the companion draws each city of the Europe map: its own schematic layout, checked against the board.

The positions in `data/layout.csv` are the companion's own drawing (rough
geography, stretched where the board is dense so every route can be tapped);
they are presentation only, so they live with the web layer, not the engine.
Loading refuses a layout that misses a city of the board, names a city the
board does not have, or puts two cities closer than a finger can tell apart.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...games.ticket_to_ride_europe import Board, board

LAYOUT = Path(__file__).with_name("data") / "layout.csv"
LABEL_SIDES = ("n", "s", "e", "w", "ne", "nw", "se", "sw")
MIN_GAP = 60  # map units between two city dots
WIDTH, HEIGHT = 1160, 780  # the drawing's view box


class LayoutError(ValueError):
    """The shipped layout does not fit the board."""


@dataclass(frozen=True)
class Spot:
    """A city's dot on the drawing and the side its name is written on."""

    x: float
    y: float
    label: str


def load_layout(path: Path, b: Board) -> dict[str, Spot]:
    """Read and check a layout file against the board's cities."""
    spots: dict[str, Spot] = {}
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        if reader.fieldnames != ["city", "x", "y", "label"]:
            raise LayoutError(f"{path.name}: the header must be city,x,y,label.")
        for row in reader:
            city = row["city"]
            try:
                x, y = float(row["x"]), float(row["y"])
            except ValueError:
                raise LayoutError(f"{path.name}: {city} has no numeric position.") from None
            if city not in b.cities or city in spots:
                raise LayoutError(f"{path.name}: {city!r} is not a board city or is placed twice.")
            if not (0 <= x <= WIDTH and 0 <= y <= HEIGHT) or row["label"] not in LABEL_SIDES:
                raise LayoutError(f"{path.name}: {city} lies outside the drawing or has no label side.")
            spots[city] = Spot(x, y, row["label"])
    missing = sorted(b.cities - set(spots))
    if missing:
        raise LayoutError(f"{path.name}: no position for {', '.join(missing)}.")
    names = sorted(spots)
    for i, a in enumerate(names):
        for c in names[i + 1:]:
            if math.dist((spots[a].x, spots[a].y), (spots[c].x, spots[c].y)) < MIN_GAP:
                raise LayoutError(f"{path.name}: {a} and {c} are too close to tap apart.")
    return spots


@cache
def layout() -> dict[str, Spot]:
    """The shipped layout, read and checked once."""
    return load_layout(LAYOUT, board())
