"""London on the web: its refereed-game pages (`referee.py`: each player's secret starting station and section,
and the table's reveal of them together), registered into the shared registries on import
(`companion.web.enroute.cities.load`)."""

from __future__ import annotations

from .. import register_referee

register_referee(f"{__name__}.referee")
