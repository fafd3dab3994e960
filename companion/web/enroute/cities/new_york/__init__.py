"""New York on the web: its tap-map drawings (`svg.py`: stars, docks, landmarks on intersections, the two
halves a phone shows one at a time), its table actions (`play.py`: the cafe card, the personal goal's half), its
refereed-game pages (`referee.py`: the cafe card's form on the tracker, the hotspot backs at setup, the goal half on
a player's page), the half switcher's script (`static/ny-halves.js`, served at `/static/enroute/ny-halves.js`),
and the rule notes of its own feature types on a score sheet, registered into the shared registries on import
(`companion.web.enroute.cities.load`)."""

from __future__ import annotations

from pathlib import Path

from .....games.core.problems import N_
from .. import (
    register_action,
    register_marks,
    register_referee,
    register_script,
    register_sheet_notes,
    register_style,
    register_view,
)
from . import play, svg

register_view(svg.halves)
register_marks(svg.landmark_marks)
register_style(svg.STYLE)
register_referee(f"{__name__}.referee")  # its refereed-game pages: cafe card, hotspot backs, goal half
register_action("cafe", play.reveal_cafe)
register_action("goal_half", play.goal_half)
register_script("ny-halves.js", Path(__file__).with_name("static"), ("sheet", "seat"), svg.is_double)
register_sheet_notes(features={
    "hotspot_card": (N_("A hotspot is a double road: drawing it takes two section allowances at once, so never as a "
                        "lone section or with one route-section bonus alone. Once drawn it is one section."),),
    "cafe_card": (N_("The round's cafe card sets every cafe's bonus; you visit at most one cafe per round. Say which "
                     "bonus each circled cafe gave."),),
    "dock": (N_("The Statue of Liberty scores only with the ticket of a dock that is on your final route; two "
                "tickets never double it."),),
    "star": (N_("A star on your final route scores its PP once."),)})
