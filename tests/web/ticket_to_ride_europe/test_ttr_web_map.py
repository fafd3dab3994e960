"""The companion's own map of Europe: every board city placed once and far enough apart to tap, no route
drawn through a third city, double routes side by side, tunnels and ferries marked, tap targets per route."""

from __future__ import annotations

import math
import re

import pytest

from companion.games.ticket_to_ride_europe import board
from companion.web.ticket_to_ride_europe.layout import LAYOUT, MIN_GAP, LayoutError, layout, load_layout
from companion.web.ticket_to_ride_europe.svgmap import (
    BADGE_R,
    CITY_R,
    DOUBLE,
    MapState,
    badge_point,
    render_map,
    segments,
)


def _distance_to_segment(p, a, b) -> float:
    """Distance from point p to the segment a–b."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def test_every_city_is_placed_once_and_far_enough_from_the_others():
    spots = layout()
    assert set(spots) == set(board().cities) and len(spots) == 47
    names = sorted(spots)
    closest = min(math.dist((spots[a].x, spots[a].y), (spots[b].x, spots[b].y))
                  for i, a in enumerate(names) for b in names[i + 1:])
    assert closest >= MIN_GAP


def test_no_route_is_drawn_through_a_third_city():
    spots, b = layout(), board()
    for route in b.routes.values():
        a, z = (spots[route.city_a].x, spots[route.city_a].y), (spots[route.city_b].x, spots[route.city_b].y)
        for city, spot in spots.items():
            if city not in route.cities:
                assert _distance_to_segment((spot.x, spot.y), a, z) > 30, (route.id, city)


def test_double_routes_run_side_by_side_and_both_can_be_tapped():
    b = board()
    placed = segments(b, layout())
    assert len(b.twins) == 22
    for rid, twin in b.twins.items():
        one, two = placed[rid], placed[twin]
        gap = math.dist(one.at(0.5), two.at(0.5))
        assert gap == pytest.approx(2 * DOUBLE, abs=0.01)  # parallel, one each side of the cities' line
        # the two length badges do not overlap
        assert math.dist(badge_point(b, rid, one), badge_point(b, twin, two)) >= 2 * BADGE_R


def test_the_map_marks_tunnels_ferries_claims_and_stations():
    b = board()
    svg = str(render_map(MapState(me="red", mine={28}, taken={2: "blue"}, my_stations={"Wien"},
                                  other_stations={"Roma": "green"}, express={28}, problems={"r-2"})))
    assert len(re.findall(r'<g class="rt [^"]*tunnel', svg)) == sum(r.tunnel for r in b.routes.values()) == 18
    assert svg.count('class="loco"') == sum(r.ferry_locomotives for r in b.routes.values())
    assert re.search(r'<g class="rt k-orange mine express" id="r-28" data-route="28" '
                     r'style="--owner: var\(--p-red\)">', svg)
    assert re.search(r'<g class="rt k-red taken flagged" id="r-2" data-route="2" style="--owner: var\(--p-blue\)">', svg)
    assert re.search(r'class="city station mine" id="c-\d+" data-city="Wien" style="--owner: var\(--p-red\)"', svg)
    assert re.search(r'class="city station taken" id="c-\d+" data-city="Roma"', svg)
    assert svg.count('class="hit" data-route=') == 101 and svg.count('class="hit" data-city=') == 47
    quiet = str(render_map(MapState(), interactive=False))
    assert 'class="hit"' not in quiet and 'viewBox="0 0 1160 780"' in quiet


def test_a_players_map_is_cropped_to_their_cities():
    svg = str(render_map(MapState(mine={3}), interactive=False, focus={"Wien", "Budapest"}))
    x, y, w, h = map(float, re.search(r'viewBox="([^"]+)"', svg).group(1).split())
    spots = layout()
    for city in ("Wien", "Budapest"):
        assert x < spots[city].x < x + w and y < spots[city].y < y + h
    assert w < 1160 / 2 and 0 <= x and x + w <= 1160 and 0 <= y and y + h <= 780


def test_names_with_markup_are_escaped():
    svg = str(render_map(MapState(me='red"><script>'), label="<b>Aki</b>"))
    assert "<script>" not in svg and "<b>" not in svg


@pytest.mark.parametrize("change, message", [
    (lambda rows: rows[:-1], "no position for"),
    (lambda rows: [*rows, "Atlantis,10,10,n"], "not a board city"),
    (lambda rows: [*rows, rows[1]], "placed twice"),
    (lambda rows: [rows[0], rows[1].rsplit(",", 3)[0] + ",5000,10,n", *rows[2:]], "outside the drawing"),
    (lambda rows: [rows[0], rows[1].rsplit(",", 1)[0] + ",up", *rows[2:]], "label side"),
    (lambda rows: [rows[0], rows[1].split(",")[0] + ",x,1,n", *rows[2:]], "no numeric position"),
    (lambda rows: ["name,x,y,label", *rows[1:]], "header"),
])
def test_a_broken_layout_is_refused(tmp_path, change, message):
    rows = LAYOUT.read_text(encoding="utf-8").strip().splitlines()
    path = tmp_path / "layout.csv"
    path.write_text("\n".join(change(rows)) + "\n", encoding="utf-8")
    with pytest.raises(LayoutError, match=message):
        load_layout(path, board())


def test_two_cities_on_one_spot_are_refused(tmp_path):
    rows = LAYOUT.read_text(encoding="utf-8").strip().splitlines()
    first = rows[1].split(",")
    second = rows[2].split(",")
    rows[2] = ",".join([second[0], first[1], first[2], second[3]])
    path = tmp_path / "layout.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(LayoutError, match="too close"):
        load_layout(path, board())


def test_no_two_length_badges_overlap_and_none_covers_a_city():
    b, spots = board(), layout()
    placed = segments(b, spots)
    points = {rid: badge_point(b, rid, seg) for rid, seg in placed.items()}
    ids = sorted(points)
    for i, one in enumerate(ids):
        for two in ids[i + 1:]:
            assert math.dist(points[one], points[two]) >= 2 * BADGE_R, (one, two)
        for city, spot in spots.items():
            assert math.dist(points[one], (spot.x, spot.y)) > BADGE_R + CITY_R, (one, city)
