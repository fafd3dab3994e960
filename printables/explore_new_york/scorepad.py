"""Score pads: the five scoring rows in one column per player, two games to a page."""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.units import mm

from companion.games.core.problems import N_

from ..core.i18n import print_locale
from ..core.style import INK, MARGIN, MUTED, draw_fitted, finish, new_canvas
from .drawing import draw_score_table

TITLE = N_("Explore New York · score pad")
DOC_TITLE = N_("Explore New York: score pads")
NOTE = N_("Count only districts the final route runs along (a corner touch does not count); erase tourists "
          "off the route first.")
PADS_PER_PAGE = 2
MAX_PLAYERS = 4
ROW_H = 10 * mm


def scorepad_pdf(names: list[str], lang: str = "en", paper: str = "a4", games: int = PADS_PER_PAGE) -> bytes:
    """A PDF of `games` score pads with a column per name (empty names: blank columns to write in)."""
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"A score pad has 1 to {MAX_PLAYERS} player columns, not {len(names)}.")
    loc = print_locale(lang)
    buffer = BytesIO()
    c = new_canvas(buffer, paper, loc.t(DOC_TITLE), lang=lang)
    width, height = c._pagesize
    half = (height - 2 * MARGIN) / PADS_PER_PAGE
    for n in range(games):
        slot = n % PADS_PER_PAGE
        top = height - MARGIN - slot * half
        c.setFillColor(INK)
        draw_fitted(c, loc.t(TITLE), MARGIN, top - 7 * mm, width - 2 * MARGIN, loc.fonts.bold, 14, fonts=loc.fonts)
        bottom = draw_score_table(c, loc, MARGIN, top - 11 * mm, width - 2 * MARGIN, ROW_H, names)
        c.setFillColor(MUTED)
        draw_fitted(c, loc.t(NOTE), MARGIN, bottom - 2 * mm, width - 2 * MARGIN, loc.fonts.italic, 7.5,
                    fonts=loc.fonts)
        if slot == PADS_PER_PAGE - 1 or n == games - 1:
            c.showPage()
    return finish(c, buffer)
