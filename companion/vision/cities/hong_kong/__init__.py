"""Hong Kong's printed map for the photo reader: a ferry location crossed out (×) when a player chose it (`crossed`).

Comes with the `ferry` feature type: only the ferry locations are looked at.
"""

from __future__ import annotations

from ...citymarks import describe_crossed, draft_crossed, read_crossed
from .. import MarkReader, register


def _read_ferries(ink, geo, board, decisions):
    """Crosses on the ferry locations only."""
    ferries = [loc for f in board.features_of("ferry") for loc in f.locations]
    return read_crossed(ink, geo, board, decisions, "ferry", ferries)


register(MarkReader("ferry", "ferry", _read_ferries, draft_crossed, describe_crossed,
                    lambda d, board: ("location", d.key)))
