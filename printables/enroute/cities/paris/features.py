"""Paris's map features on the blank maps: shaped landmarks' own sides and the remote landmarks' checkboxes.

A half-location or triangle landmark (`landmark_sides`) gets a thick stroke in its colour along each of its own
sides, so a player sees which roads put it on the route. A board with thematic tours gets, in the header, one
checkbox per remote landmark (`tour_landmark`): the player ticks it at game end when the revealed tour of its
colour is complete on the final route. Drawn by feature type: any city with these features gets them.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.games.enroute.board import Board

from ...style import INK, KIND_COLOURS, MARGIN, PrintLocale, draw_fitted

REMOTE_TITLE = N_("Remote landmarks (tick when its tour is complete):")
BADGE_W = 40 * mm
BOX = 2.6 * mm


def draw_shaped_sides(c, board: Board, layout) -> None:
    """Stroke each shaped landmark's own sides in its colour."""
    for feature in board.features_of("landmark_sides"):
        landmark = board.landmark(feature.param("landmark"))
        if landmark is None:
            continue
        c.saveState()
        c.setStrokeColor(KIND_COLOURS.get(landmark.kind, (INK, INK))[0])
        c.setLineWidth(layout.cell * 0.07)
        c.setLineCap(1)
        for a, b in feature.sections:
            (ax, ay), (bx, by) = layout.point(a), layout.point(b)
            c.line(ax, ay, bx, by)
        c.restoreState()


def draw_remote_boxes(c, board: Board, layout, loc: PrintLocale) -> None:
    """List the remote landmarks with a checkbox each, between the city name and the player-board badge."""
    remotes = board.features_of("tour_landmark")
    if not remotes:
        return
    fonts = loc.fonts
    right = layout.width - MARGIN - BADGE_W - 3 * mm
    left = right - 52 * mm
    top = layout.height - MARGIN - 2.5 * mm
    c.saveState()
    c.setFillColor(INK)
    draw_fitted(c, loc.t(REMOTE_TITLE), left, top, right - left, fonts.regular, 6, fonts=fonts)
    for i, remote in enumerate(remotes):
        y = top - (i + 1) * 3.4 * mm
        c.setStrokeColor(KIND_COLOURS.get(remote.param("kind"), (INK, INK))[0])
        c.setLineWidth(0.8)
        c.rect(left, y - 0.4 * mm, BOX, BOX, stroke=1, fill=0)
        c.setFillColor(INK)
        draw_fitted(c, loc.name(remote.name) or remote.id, left + BOX + 1.5 * mm, y, right - left - BOX - 1.5 * mm,
                    fonts.regular, 7, fonts=fonts)
    c.restoreState()


def draw_paris_features(c, board: Board, layout, loc: PrintLocale) -> None:
    """Draw what Paris's feature types add to a map page (nothing on a board without them)."""
    draw_shaped_sides(c, board, layout)
    draw_remote_boxes(c, board, layout, loc)
