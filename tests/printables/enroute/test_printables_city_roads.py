"""Corner roads print as arcs and Hong Kong's harbour crossings as wavy water routes (pdfplumber read-back)."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from companion.games.enroute import find_board
from printables.enroute.maps import map_layout, maps_pdf


def _page_and_layout(board_id: str):
    """The first map page and the layout it was drawn with."""
    board = find_board(board_id)
    page = pdfplumber.open(io.BytesIO(maps_pdf(board))).pages[0]
    return board, page, map_layout(board)


def _near(p, q, tol: float = 0.6) -> bool:
    return abs(p[0] - q[0]) < tol and abs(p[1] - q[1]) < tol


def _curves_between(page, layout, a, b) -> list[list]:
    """The drawn curve paths (pdfplumber's top-down coordinates) that run from intersection a to b, or back."""
    ends = [(x, page.height - y) for x, y in (layout.point(a), layout.point(b))]
    found = []
    for curve in page.curves:
        path = curve["path"]
        first, last = path[0][-1], path[-1][-1]
        if (_near(first, ends[0]) and _near(last, ends[1])) or (_near(first, ends[1]) and _near(last, ends[0])):
            found.append(path)
    return found


@pytest.mark.parametrize("board_id", ["rio-example", "cairo-example"])
def test_corner_roads_print_as_arcs_toward_the_cut_off_corner(board_id):
    """Each corner road is one Bezier curve between its ends, bulging toward the corner with fewer roads."""
    board, page, layout = _page_and_layout(board_id)
    corners = [sec for sec, road in board.roads.items() if "corner" in road.tags]
    assert corners
    for a, b in corners:
        arcs = [p for p in _curves_between(page, layout, a, b) if [op[0] for op in p] == ["m", "c"]]
        assert arcs, f"no arc for the corner road {a}-{b}"
        c1, c2 = (a[0], b[1]), (b[0], a[1])
        cut = c1 if len(board.neighbours(c1)) <= len(board.neighbours(c2)) else c2
        cut_x, cut_y = layout.point(cut)
        cut_top = (cut_x, page.height - cut_y)
        (ax, ay), (bx, by) = layout.point(a), layout.point(b)
        chord_mid = ((ax + bx) / 2, page.height - (ay + by) / 2)
        for path in arcs:
            (_, start), (_, c_1, c_2, end) = path
            # the curve's middle (t = 1/2) lies between the chord's middle and the cut-off corner
            mid = tuple((start[i] + 3 * c_1[i] + 3 * c_2[i] + end[i]) / 8 for i in (0, 1))
            dist = lambda p, q: ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5  # noqa: E731
            assert dist(mid, cut_top) < dist(chord_mid, cut_top) - layout.cell * 0.1


def test_hong_kong_harbour_crossings_print_as_wavy_water_routes():
    """Every harbour crossing is a solid wavy line (several curves) from end to end, not a dashed street."""
    board, page, layout = _page_and_layout("hong-kong-example")
    sections = [sec for f in board.features_of("harbour") for sec in f.sections]
    assert len(sections) == 4
    for a, b in sections:
        waves = [p for p in _curves_between(page, layout, a, b) if sum(op[0] == "c" for op in p) >= 2]
        assert waves, f"no wavy water route for the harbour crossing {a}-{b}"
    # not drawn as straight lines any more (the road under it stays dotted, which is a curve-free line)
    straight = [ln for ln in page.lines if ln["linewidth"] > 1.5]
    for a, b in sections:
        (ax, ay), (bx, by) = layout.point(a), layout.point(b)
        assert not any(_near((ln["x0"], ln["x1"]), (min(ax, bx), max(ax, bx)))
                       and _near((ln["top"], ln["bottom"]), (page.height - max(ay, by), page.height - min(ay, by)))
                       for ln in straight)
