"""What a page may show: the public view (no seat's secret clergy) and one seat's view (only its own)."""

from __future__ import annotations

from .state import Table, table_to_json


def public_view(table: Table) -> dict:
    """Return the table for every screen: each seat's clergy placement is hidden, only who is ready shows."""
    doc = table_to_json(table)
    doc["view"] = "public"
    if doc["audience"] is not None:
        for seat in doc["audience"]["seats"]:
            seat["assignment"] = None  # tiles that reached Rome are public through `rome` and `dismissed`
    return doc


def seat_view(table: Table, seat: int) -> dict:
    """Return the table for one seat's phone: the public view plus that seat's own clergy placement.

    Raises ValueError for a seat that is not at this table (the page chooses seats, not the players).
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        raise ValueError(f"seat {seat!r} is not at this table (0 to {len(table.seats) - 1})")
    doc = public_view(table)
    doc["view"] = "seat"
    doc["seat"] = seat
    if table.audience is not None:
        own = table.audience.assignments[seat]
        doc["audience"]["seats"][seat]["assignment"] = dict(own) if own is not None else None
    return doc
