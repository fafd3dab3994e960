"""Paris on the web: its tap-map drawings (`svg.py`: shaped landmarks' sides, the colour pen, legend symbols of
tours and bonus areas), registered by feature type into `svgfeatures.DRAWERS` on import."""

from __future__ import annotations

from . import svg  # noqa: F401  (registers Paris's feature drawers and style)
