"""New York's printed map for the photo reader: a tick in a dock's "with a ticket" box is a Statue of Liberty
ticket (`tickets`).

Comes with the `dock` feature type; the box is the one the printables draw at the dock for a ticket landmark.
What a card cafe gave is written beside the map as a word, not read: the photo page leaves it to the form.
"""

from __future__ import annotations

from companion.games.core.problems import N_

from ...citymarks import read_ticks
from .. import MarkReader, register

TICKET_DOUBT = N_("Check the ticket box of {name}: read as {state} (confidence {sure}).")


def _areas(board, layout) -> dict:
    """The box printed at each dock that a ticket landmark stands for."""
    from printables.enroute.city_features import box_rect

    ticket_points = {p for lm in board.landmarks if lm.ticket for p in lm.points}
    out = {}
    for dock in board.features_of("dock"):
        at = dock.points[0] if dock.points else None
        if at in ticket_points:
            left, bottom, w, h = box_rect(layout, at)
            out[dock.id] = (left, bottom + h, w, h)
    return out


def _read(ink, geo, board, decisions):
    """Ticks in the dock boxes; the shared reader's tourist reading of those boxes is dropped."""
    kept = [d for d in decisions if not (d.kind == "box" and d.key.startswith("ticket:"))]
    return kept + read_ticks(ink, geo, "ticket", "ticket")


def _draft(decisions, draft, board) -> None:
    """`tickets`: the docks whose box is ticked, in board order."""
    held = {d.key for d in decisions if d.kind == "ticket" and d.value}
    tickets = [f.id for f in board.features_of("dock") if f.id in held]
    if tickets:
        draft["tickets"] = tickets


def _describe(decision, board, fmt) -> str:
    """The check text of a ticket box."""
    dock = next((f for f in board.features_of("dock") if f.id == decision.key), None)
    name = (dock.name if dock is not None else None) or decision.key
    return fmt.t(TICKET_DOUBT, name=name, state=fmt.ticked(decision.value), sure=fmt.sure(decision))


register(MarkReader("ticket", "dock", _read, _draft, _describe, lambda d, board: None, _areas))
