"""The tap map's drawings of Paris's feature types (registered in `svgfeatures.DRAWERS` by type, no city names).

* `landmark_sides`: a thick stroke in the landmark's colour along each of its own sides (the half-location
  garden, the triangle), so a player sees which roads put it on the route;
* `diversity`: the board draws coloured routes: the sheet gets the "colour" tool (`static/paris-colours.js`: a pen of
  red, green or blue for new sections, and tapping a drawn section in that tool paints it);
* `tour`, `tour_landmark`, `bonus_area`: nothing on the map (cards and the round board); a legend symbol.
"""

from __future__ import annotations

from markupsafe import escape

from .....games.enroute.features import Feature
from ....core.i18n import data_name
from ...maps import svgfeatures as sf
from ...maps.svgfeatures import Ctx, Drawer, register, xy

PEN = ("red", "green", "blue")


def draws_colours(board) -> bool:
    """Whether the sheet page of this board has the colour tool (and so loads the pen's script)."""
    return "colour" in sf.tools(board)


def _sides_over(feature: Feature, ctx: Ctx) -> list[str]:
    """The landmark's own sides, each a thick stroke in its colour."""
    landmark = ctx.board.landmark(feature.param("landmark"))
    kind = landmark.kind if landmark else "grey"
    out = [f'<g id="{sf.feature_id(feature)}" class="ft-sides k-{escape(kind)}">'
           f'<title>{escape(data_name(landmark.name) if landmark else feature.id)}</title>']
    for a, b in feature.sections:
        (ax, ay), (bx, by) = xy(a), xy(b)
        out.append(f'<line class="side" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>')
    out.append("</g>")
    return out


register("landmark_sides", Drawer(over=_sides_over,
                                  symbol='<line class="side-symbol" x1="3" y1="25" x2="25" y2="3"/>'))
register("diversity", Drawer(tools=("colour",),
                             symbol='<line class="pen-red" x1="2" y1="22" x2="10" y2="14"/>'
                                    '<line class="pen-green" x1="10" y1="14" x2="18" y2="14"/>'
                                    '<line class="pen-blue" x1="18" y1="14" x2="26" y2="6"/>'))
register("tour", Drawer(symbol='<rect class="tour-card" x="7" y="3" width="14" height="22" rx="2"/>'))
register("tour_landmark", Drawer(symbol='<rect class="tour-box" x="6" y="6" width="16" height="16"/>'))
register("bonus_area", Drawer(symbol='<rect class="tour-box" x="2" y="9" width="6" height="10"/>'
                                     '<rect class="tour-box" x="11" y="9" width="6" height="10"/>'
                                     '<rect class="tour-box" x="20" y="9" width="6" height="10"/>'))

STYLE = """
svg.map .ft-sides .side { stroke-width: 6; stroke-linecap: round; opacity: .55; pointer-events: none; }
svg.map .ft-sides.k-red .side { stroke: var(--red); } svg.map .ft-sides.k-green .side { stroke: var(--green); }
svg.map .ft-sides.k-blue .side { stroke: var(--blue); } svg.map .ft-sides.k-yellow .side { stroke: var(--yellow); }
svg.map .ft-sides.k-grey .side { stroke: var(--grey); }
.legend-symbol .side-symbol { stroke: var(--green); stroke-width: 5; stroke-linecap: round; opacity: .6; }
svg.map line.sec.drawn.pc-red, .legend-symbol .pen-red { stroke: var(--red); }
svg.map line.sec.drawn.pc-green, .legend-symbol .pen-green { stroke: var(--green); }
svg.map line.sec.drawn.pc-blue, .legend-symbol .pen-blue { stroke: var(--blue); }
.legend-symbol .pen-red, .legend-symbol .pen-green, .legend-symbol .pen-blue { stroke-width: 4; stroke-linecap: round; }
.legend-symbol .tour-card, .legend-symbol .tour-box { fill: var(--card); stroke: var(--ink); stroke-width: 2; }
svg.map[data-mode="colour"] .hits-roads .hit { pointer-events: all; }
.pen { display: flex; flex-wrap: nowrap; flex-basis: 100%; grid-column: 1 / -1; gap: .4rem; margin: .3rem 0; }
.pen button { flex: 1 1 0; min-width: 44px; min-height: 44px; padding: 0 .5rem; border-radius: 22px;
  border: 3px solid transparent; color: #fff; font-weight: 700; }
.pen button[aria-pressed="true"] { border-color: var(--ink); }
.pen .pen-red { background: var(--red); } .pen .pen-green { background: var(--green); }
.pen .pen-blue { background: var(--blue); }
"""
if STYLE not in sf.STYLE:
    sf.STYLE += STYLE
