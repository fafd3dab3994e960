"""Paris on the web: its tap-map drawings (`svg.py`: shaped landmarks' sides, the colour pen, legend symbols of
tours and bonus areas), registered by feature type into `svgfeatures.DRAWERS` on import, and the colour pen's
script of the sheet page (`static/paris-colours.js`, served at `/static/enroute/paris-colours.js`) and the rules the
colour pen is bound by (the sheet's notes)."""

from __future__ import annotations

from pathlib import Path

from .....games.core.problems import N_
from .. import register_script, register_sheet_notes
from . import svg

register_script("paris-colours.js", Path(__file__).with_name("static"), ("sheet",), svg.draws_colours)
register_sheet_notes(tools={
    "colour": (N_("A red, green or blue landmark counts only with a section of its own colour beside it; yellow "
                  "and grey landmarks count whatever the colours."),
               N_("Diversity counts runs of three consecutive sections of your final route in three colours, each "
                  "section in one run, along the route as you trace it."))})
