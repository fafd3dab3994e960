"""Paris's printed map for the photo reader: every section is drawn in a red, green or blue pen (`colours`).

Comes with the `diversity` feature type (coloured routes): the colour of each section read as drawn.
"""

from __future__ import annotations

from companion.games.core.problems import N_

from ...citymarks import read_colours
from .. import MarkReader, register

COLOUR_DOUBT = N_("Check the colour of the section by {where}: read as {colour} (confidence {sure}).")


def _read(ink, geo, board, decisions):
    """The colour of each drawn section."""
    return decisions + read_colours(ink, geo, decisions, "colour")


def _draft(decisions, draft, board) -> None:
    """`colours`: one per drawn section, in the order of the draft's `sections`."""
    by_section = {d.key: d.value for d in decisions if d.kind == "colour"}
    colours = [by_section.get((tuple(a), tuple(b))) or "red" for a, b in draft["sections"]]
    if colours:
        draft["colours"] = colours


def _describe(decision, board, fmt) -> str:
    """The check text of a section's colour."""
    return fmt.t(COLOUR_DOUBT, where=fmt.section(decision.key), colour=fmt.colour(decision.value),
                 sure=fmt.sure(decision))


register(MarkReader("colour", "diversity", _read, _draft, _describe, lambda d, board: ("section", d.key)))
