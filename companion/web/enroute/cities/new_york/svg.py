"""The tap map's drawings of New York's own feature types (registered into `svgfeatures.DRAWERS`).

A bridge-view star is a star with its PP in a badge; a dock is an anchor-like ring on its intersection (the
statue's ticket needs it on the route); a hotspot card back and a cafe card are game data, not map marks: the
table's hotspots are striped by the players and the cafe card is revealed each round, so they only get a
legend symbol. Times Square and the statue are landmarks on intersections, drawn by `landmark_marks`.
"""

from __future__ import annotations

import json
import math

from markupsafe import escape

from .....games.enroute.board import Board
from .....games.enroute.features import Feature
from ....core.i18n import _, data_name
from ...maps import svgfeatures as sf


def _star(x: float, y: float, r: float) -> str:
    """The SVG points of a five-pointed star centred on (x, y)."""
    pts = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
    return " ".join(pts)


def _star_over(feature: Feature, ctx: sf.Ctx) -> list[str]:
    """A star on its intersection and its PP beside it."""
    x, y = sf.xy(feature.points[0])
    pp = feature.param("pp")
    return [f'<g id="{sf.feature_id(feature)}" class="ft-star">{sf._title(feature)}'
            f'<polygon class="star" points="{_star(x, y, 11)}"/>'
            f'<circle class="badge" cx="{x - 14}" cy="{y - 14}" r="9"/>'
            f'<text class="badge-text" x="{x - 14}" y="{y - 9}">{pp}</text></g>']


def _dock_over(feature: Feature, ctx: sf.Ctx) -> list[str]:
    """A dock: a double ring on its intersection."""
    x, y = sf.xy(feature.points[0])
    return [f'<g id="{sf.feature_id(feature)}" class="ft-dock">{sf._title(feature)}'
            f'<circle class="dock" cx="{x}" cy="{y}" r="10"/><circle class="dock" cx="{x}" cy="{y}" r="5"/></g>']


def landmark_marks(board: Board) -> list[str]:
    """Landmarks on intersections (Times Square; the statue at its docks): a diamond of their kind, named."""
    out = []
    for lm in board.landmarks:
        if not lm.points or lm.locations:
            continue
        for p in lm.points:
            x, y = sf.xy(p)
            out.append(f'<g class="ny-point-lm k-{lm.kind}"><title>{escape(data_name(lm.name))}</title>'
                       f'<rect class="diamond" x="{x - 8}" y="{y - 8}" width="16" height="16" '
                       f'transform="rotate(45 {x} {y})"/>'
                       f'<text class="remote-glyph" x="{x}" y="{y + 5}">{sf.KIND_GLYPHS.get(lm.kind, "")}</text></g>')
    return out


sf.register("star", sf.Drawer(over=_star_over, symbol=f'<polygon class="star" points="{_star(14, 14, 11)}"/>'))
sf.register("dock", sf.Drawer(over=_dock_over, symbol='<circle class="dock" cx="14" cy="14" r="10"/>'
                                                      '<circle class="dock" cx="14" cy="14" r="5"/>'))
sf.register("hotspot_card", sf.Drawer(symbol='<line class="hot" x1="4" y1="10" x2="24" y2="10"/>'
                                              '<line class="hot" x1="4" y1="18" x2="24" y2="18"/>'))
sf.register("cafe_card", sf.Drawer(symbol='<rect class="box" x="7" y="3" width="14" height="22" rx="3"/>'))

STYLE = """
svg.map .star, .legend-symbol .star { fill: var(--yellow, #e8c547); stroke: var(--ink); stroke-width: 1.5; }
svg.map .dock, .legend-symbol .dock { fill: none; stroke: var(--blue); stroke-width: 2.5; }
.legend-symbol .hot { stroke: var(--red); stroke-width: 4; }
svg.map .ny-point-lm .diamond { fill: var(--card); stroke: var(--ink); stroke-width: 2.5; }
svg.map .ny-point-lm.k-purple .remote-glyph { fill: var(--purple, #7b4bb7); }
svg.map .ny-point-lm.k-grey .remote-glyph { fill: var(--grey); }
.half-switch { display: flex; gap: .4rem; margin: .25rem .75rem .5rem; }
.half-switch button { flex: 1; min-height: 44px; padding: .3rem .4rem; }
.half-switch button[aria-pressed="true"] { font-weight: 800; outline: 3px solid var(--accent, currentColor); }
"""


HALF = 6  # New York's map is two 6×6 halves, each with its own printed coordinates 1–6


def is_double(board: Board) -> bool:
    """Whether the board's map is two 6-column halves (the pages then load the half switcher)."""
    return board.cols == 2 * HALF


def halves(board: Board, x0: float, y0: float, width: float, height: float) -> str:
    """The SVG attributes of a map made of two 6-column halves: each half's viewBox and the switcher's labels.

    `ny-halves.js` shows one half at a time on a narrow screen (a phone), so a cell stays a finger wide.
    """
    if not is_double(board):
        return ""
    split = sf.LEFT + HALF * sf.CELL
    pad = sf.CELL * 0.35
    left = f"{x0} {y0} {split + pad - x0:g} {height}"
    right = f"{split - pad:g} {y0} {x0 + width - split + pad:g} {height}"
    labels = [_("Left half"), _("Right half"), _("Whole map")]
    return (f' data-halves="{left};{right};{x0} {y0} {width} {height}"'
            f" data-half-labels='{escape(json.dumps(labels, ensure_ascii=False))}'")
