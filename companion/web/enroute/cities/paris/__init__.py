"""Paris on the web: its tap-map drawings (`svg.py`: shaped landmarks' sides, the colour pen, legend symbols of
tours and bonus areas), registered by feature type into `svgfeatures.DRAWERS` on import, and the colour pen's
script of the sheet page (`static/paris-colours.js`, served at `/static/enroute/paris-colours.js`)."""

from __future__ import annotations

from pathlib import Path

from .. import register_script
from . import svg

register_script("paris-colours.js", Path(__file__).with_name("static"), ("sheet",), svg.draws_colours)
