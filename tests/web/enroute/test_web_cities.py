"""World cities at the table (issue 14): the tap map draws every feature, tables start on each city board,
the sheet takes rides, remote spaces and × locations, ratings take group tracks and the statue's spaces, and the
score sheet shows each city's rows. The known answers are the engine's known-answer games, entered by the web."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_helpers import table_form_data

from companion.games.enroute.features import FEATURE_TYPES
from companion.games.enroute.registry import find_board
from companion.web.enroute.maps import svgfeatures
from companion.web.enroute.tables import store as db
from companion.web.enroute.tables.forms import load_catalogue

GAMES = Path(__file__).resolve().parents[2] / "games" / "enroute" / "games"
CITIES = {  # board, known-answer game, the table form's rating fields for the game's ratings and marks
    "london-example": ("london-bridges-subway", {"rating_0": "2", "rating_1": "0"}),
    "rio-example": ("rio-carnival-statue", {"rating_0": "4", "rating_1": "0", "rating_2": "0", "rating_3": "1",
                                            "marks_0": ["1", "3", "5"]}),
    "cairo-example": ("cairo-remote-felucca", {"rating_0": "0", "rating_1": "1"}),
    "hong-kong-example": ("hong-kong-viewpoints", {"rating_0": "2", "rating_1": "1"}),
}


def text(response) -> str:
    """Return a response's HTML with entities decoded."""
    return html.unescape(response.get_data(as_text=True))


def city_table(client, board_id: str, names=("Aki", "Bo", "Cy"), **extra) -> str:
    """Start a table on a city board through the form; return its token."""
    data = table_form_data(board=board_id, **{"rating_0": None, "rating_1": None, "rating_2": None, **extra})
    for i, name in enumerate(names):
        data[f"players-{i}-name"] = name
        data[f"players-{i}-player_board"] = str(i + 1)
        data[f"players-{i}-colour"] = ("red", "blue", "green", "yellow")[i]
    response = client.post("/tables/new", data=data)
    assert response.status_code == 302, text(response)[:3000]
    return re.search(r"/tables/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)


def save(client, token: str, seat: int, doc: dict, version: int = 0, route_mode: str = "own"):
    """Post a sheet as the page script does."""
    return client.post(f"/tables/{token}/players/{seat}",
                       data={"sheet": json.dumps(doc), "version": str(version), "route_mode": route_mode,
                             "player_board": str(doc.get("player_board", 1)), "save": "1"})


def game(name: str) -> tuple[dict, dict]:
    """Return a known-answer game and its expected score."""
    return (json.loads((GAMES / f"{name}.json").read_text()), json.loads((GAMES / f"{name}.expect.json").read_text()))


# ---- 1. the tap map ------------------------------------------------------------------------------------------

def test_every_engine_feature_type_has_a_drawing_and_a_legend():
    assert set(FEATURE_TYPES) <= set(svgfeatures.DRAWERS)
    assert all(svgfeatures.DRAWERS[name].symbol for name in FEATURE_TYPES)


@pytest.mark.parametrize(("board_id", "expected"), [
    ("london-example", {'class="ft-bridge"': 4, 'class="ft-station"': 6, 'class="badge-text"': 2,
                        'class="ft-river"': 1, 'class="waterline"': 4, 'data-ride=': 6}),
    ("rio-example", {'class="ft-meeting"': 4, 'class="ft-street"': 1, 'class="arc"': 2, 'class="remote-lm': 4}),
    ("cairo-example", {'class="ft-remote"': 3, 'class="ft-bridge"': 3, 'data-xloc=': 36, 'data-remote=': 6, 'data-ride=': 14,
                       'class="arc"': 1}),
    ("hong-kong-example", {'class="ft-harbour"': 1, 'class="ft-ferry"': 2, 'class="ft-zone"': 1,
                           'class="ft-line"': 1, 'class="zone"': 12, 'data-xloc=': 36}),
])
def test_sheet_map_draws_each_city_feature_with_legend_and_tools(client, board_id, expected):
    token = city_table(client, board_id, **CITIES[board_id][1])
    page = text(client.get(f"/tables/{token}/players/0"))
    svg = page.split('id="map-wrap"')[1].split("</svg>")[0]
    for needle, count in expected.items():
        assert svg.count(needle) == count, (needle, svg.count(needle))
    board = find_board(board_id)
    for ftype in {f.type for f in board.features}:
        assert f'<li data-type="{ftype}">' in page  # one legend entry per feature type
    tools = set(re.findall(r'data-tool="(ride|remote|crossed)"', page))
    assert tools == set(svgfeatures.tools(board))
    assert "map-features.js" in page


def test_city_tap_targets_are_phone_sized():
    """At 360 px (the narrowest phone) ride stops and remote-space boxes stay ≥ 44 px each way."""
    from companion.web.enroute.maps.svgmap import MapState, render_map

    for board_id in CITIES:
        board = find_board(board_id)
        svg = str(render_map(board, board.player_boards[0], MapState()))
        width = float(re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+)', svg).group(1))
        scale = 360 / width
        rides = re.findall(r'data-ride="[^"]+" cx="[^"]+" cy="[^"]+" r="([\d.]+)"', svg)
        assert all(2 * float(r) * scale >= 44 for r in rides)
        boxes = re.findall(r'class="hit" data-remote="[^"]+" x="[^"]+" y="[^"]+" width="([\d.]+)" '
                           r'height="([\d.]+)"', svg)
        assert all(float(w) * scale >= 44 and float(h) * scale >= 44 for w, h in boxes)
        assert rides or boxes or board_id in ("rio-example", "hong-kong-example")


def test_corner_arcs_bulge_toward_the_cut_corner():
    from companion.web.enroute.maps.svgfeatures import corner_arc

    rio = find_board("rio-example")
    # The corner (0, 0) has no road left: the arc from (0, 1) to (1, 0) is centred on (1, 1), so it bulges outward.
    assert corner_arc(rio, ((0, 1), (1, 0))) == "M34,94 A60,60 0 0 1 94,34"
    assert corner_arc(rio, ((0, 1), (0, 2))) is None


def test_training_city_map_is_unchanged_by_features(client, make_table):
    token = make_table()
    page = text(client.get(f"/tables/{token}/players/0"))
    assert "<style>" not in page.split('id="map-wrap"')[1].split("</svg>")[0]
    assert "city-marks" not in page and 'data-tool="ride"' not in page


# ---- 3. tables on city boards ------------------------------------------------------------------------------

def test_table_setup_lists_the_city_boards_and_their_tracks(client):
    page = text(client.get("/tables/new"))
    for board_id in CITIES:
        assert f'value="{board_id}"' in page
    hk = text(client.get("/tables/new?board=hong-kong-example"))
    assert "Old Clock Tower, Old Court" in hk and "Glass Spire, Sky Bank" in hk  # one rating per group
    rio = text(client.get("/tables/new?board=rio-example"))
    assert "Carnival" in rio and rio.count('name="marks_0"') == 6  # statue spaces 1–6


def test_a_statue_space_not_on_the_track_is_refused_naming_the_field(client):
    data = table_form_data(board="rio-example", rating_0="0", rating_1="0", rating_2="0", marks_0=["2", "9"])
    response = client.post("/tables/new", data=data)
    assert response.status_code == 422
    page = text(response)
    assert re.search(r'id="coordinate-statue"[^>]*>.*?That value is not one of the choices', page, re.S)
    assert 'value="Aki"' in page  # the entry is kept


@pytest.mark.parametrize("board_id", list(CITIES))
def test_known_answer_games_entered_at_the_table_score_as_the_engine(client, app, board_id):
    name, fields = CITIES[board_id]
    doc, expect = game(name)
    token = city_table(client, board_id, names=[p["player"] for p in doc["players"]], **fields)
    for seat, sheet in enumerate(doc["players"]):
        response = save(client, token, seat, sheet)
        assert response.status_code == 302, text(response)[:2000]
    with app.app_context():
        stored = db.get_table(token)["ratings"]
    assert stored == {**doc["ratings"], **doc.get("marks", {}),
                      **{k: 0 for k in stored if k not in doc["ratings"] and k not in doc.get("marks", {})}}
    page = text(client.get(f"/tables/{token}/score"))
    totals = re.findall(r'<td data-seat="(\d+)">(\d+|–)</td>', page)
    assert [int(t) for _s, t in totals] == [p["total"] for p in expect["players"]]
    if board_id == "london-example":
        row = re.search(r'<th scope="row"[^>]*><span class="rownum">7</span> Bridges</th>(.*?)</tr>', page, re.S)
        assert re.findall(r"<td>(\d+)</td>", row.group(1)) == ["14", "0"]
        row = re.search(r'<span class="rownum">7</span> Stations</th>(.*?)</tr>', page, re.S)
        assert re.findall(r"<td>(\d+)</td>", row.group(1)) == ["0", "12"]
    if board_id == "rio-example":
        row = re.search(r'<span class="rownum">5</span> Christ statue</th>(.*?)</tr>', page, re.S) or \
            re.search(r'<span class="rownum">5</span> [^<]*[Ss]tatue[^<]*</th>(.*?)</tr>', page, re.S)
        assert re.findall(r"<td>(\d+)</td>", row.group(1)) == ["0", "15"]


# ---- 2. the sheet's city marks ------------------------------------------------------------------------------

def test_ride_crossed_and_remote_show_on_the_sheet_map(client):
    doc, _expect = game("cairo-remote-felucca")
    token = city_table(client, "cairo-example", **CITIES["cairo-example"][1])
    assert save(client, token, 0, doc["players"][0]).status_code == 302
    assert save(client, token, 2, doc["players"][2]).status_code == 302
    page = text(client.get(f"/tables/{token}/players/0"))
    assert 'id="x-5-2" class="xloc on"' in page
    assert re.search(r'data-remote="temple">.*?<text class="rc rc-red" data-colour="red"[^>]*>3</text>', page, re.S)
    sailor = text(client.get(f"/tables/{token}/players/2"))
    assert sailor.split("</svg>")[0].count('<line class="ride"') == 1  # the felucca ride drawn between its two banks


@pytest.mark.parametrize(("change", "where"), [
    ({"crossed": [[1, 2]]}, 'id="x-1-2" class="xloc on problem"'),  # tourists there: the × is marked
    ({"remote": {"atlantis": {"red": 1}}}, "'atlantis' is not a remote tourist space"),
    ({"remote": {"temple": {"pink": 2}}}, "remote.temple.pink"),
    ({"final_route": [[0, 0], [0, 1], [0, 2], [1, 2], [5, 5]]}, 'class="problem error" data-target="s-1-2-5-5"'),
])
def test_bad_city_marks_are_named_and_kept(client, app, change, where):
    doc, _expect = game("cairo-remote-felucca")
    token = city_table(client, "cairo-example", **CITIES["cairo-example"][1])
    sheet = {**doc["players"][0], **change}
    response = save(client, token, 0, sheet)
    assert response.status_code == 302  # a draft with mistakes is saved as entered, never lost
    with app.app_context():
        assert db.get_player(token, 0)["sheet"][next(iter(change))] == next(iter(change.values()))
    page = text(client.get(f"/tables/{token}/players/0"))
    assert where in page or where.replace("remote.temple.pink", "pink") in page, page[page.find("problems"):][:3000]


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                  max_size=4), max_leaves=12)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(crossed=JUNK, remote=JUNK, route=JUNK, marks=st.lists(st.text(max_size=4), max_size=4))
def test_junk_in_the_city_fields_never_crashes(client, crossed, remote, route, marks):
    token = _fuzz_table(client)
    sheet = {"format": "enroute-sheet/1", "player": "Aki", "player_board": 1, "sections": [], "tourists": [],
             "crossed": crossed, "remote": remote, "final_route": route}
    player = client.get(f"/tables/{token}/players/0")
    version = re.search(r'id="sheet-version"[^>]*value="(\d+)"', text(player)).group(1)
    assert save(client, token, 0, sheet, int(version)).status_code in (302, 409, 422)
    assert client.get(f"/tables/{token}/players/0").status_code == 200
    assert client.get(f"/tables/{token}/score").status_code == 200
    response = client.post("/tables/new", data=table_form_data(board="rio-example", marks_0=marks))
    assert response.status_code in (302, 422)


_TABLES: dict[int, str] = {}


def _fuzz_table(client) -> str:
    """One Cairo table per test client (hypothesis runs many examples on one client)."""
    if id(client) not in _TABLES:
        _TABLES[id(client)] = city_table(client, "cairo-example", names=("Aki",), **CITIES["cairo-example"][1])
    return _TABLES[id(client)]


def test_score_map_strikes_a_remote_space_whose_meeting_point_is_off_the_route(client):
    doc, _expect = game("cairo-remote-felucca")
    token = city_table(client, "cairo-example", names=("Temple", "Pyramids"), **CITIES["cairo-example"][1])
    for seat in (0, 1):
        assert save(client, token, seat, doc["players"][seat]).status_code == 302
    page = text(client.get(f"/tables/{token}/score"))
    temple = page.split('id="player-0"')[1].split('id="player-1"')[0]
    pyramids = page.split('id="player-1"')[1]
    assert 'class="ft-remote" data-remote="temple"' in temple  # its meeting point is on the route: counted
    assert 'class="ft-remote struck" data-remote="pyramids"' in pyramids  # erased: 0 red


@pytest.mark.parametrize("board_id", list(CITIES))
def test_city_boards_pages_and_table_downloads_answer(client, board_id):
    page = client.get(f"/boards/{board_id}")
    assert page.status_code == 200  # group and coordinate tracks are shown, not a 500
    if board_id == "rio-example":
        assert "6 + 3 per marked space, at most 24" in text(page)
    if board_id == "hong-kong-example":
        assert "4 / 6 / 8 / 10 / 12" in text(page)
    token = city_table(client, board_id, **CITIES[board_id][1])
    for path in ("", "/score", "/game.json", "/players/0/sheet.json", "/players/0"):
        assert client.get(f"/tables/{token}{path}").status_code == 200, path


@pytest.mark.parametrize("board_id", ["london-example", "cairo-example", "rio-example"])
def test_city_sheet_and_setup_pages_in_japanese_have_no_english_leftovers(client, board_id):
    from enroute_ja_helpers import english_fragments, leftovers

    fragments = english_fragments("companion/web/enroute/tables/city_sheet.py", "companion/web/enroute/maps/svgfeatures.py",
                                  "templates/enroute/tables/_city_*.html",
                                  "templates/enroute/tables/_coordinate_marks.html",
                                  "companion/games/enroute/features.py")
    token = city_table(client, board_id, **CITIES[board_id][1])
    assert client.post(f"/tables/{token}/lang", data={"lang": "ja"}).status_code == 302
    sheet = client.get(f"/tables/{token}/players/0").get_data(as_text=True)
    assert "地図の凡例" in sheet and not leftovers(sheet, fragments)
    setup = client.get(f"/tables/new?board={board_id}").get_data(as_text=True)
    assert not leftovers(setup, fragments)


def test_a_stale_save_names_changed_city_marks(client):
    doc, _expect = game("cairo-remote-felucca")
    token = city_table(client, "cairo-example", **CITIES["cairo-example"][1])
    assert save(client, token, 0, doc["players"][0], 0).status_code == 302
    theirs = {**doc["players"][0], "crossed": [[6, 6]], "remote": {"temple": {"red": 1}}}
    assert save(client, token, 0, theirs, 1).status_code == 302
    response = save(client, token, 0, doc["players"][0], 1)  # based on version 1: refused
    assert response.status_code == 409
    page = text(response)
    assert "crossed-out locations" in page and "tourists in remote spaces" in page


def test_the_start_form_deals_each_citys_goal_cards(client):
    """London adds its cards to the catalogue's; Rio's card lies on "Iconic Route" in the form as at setup."""
    london = text(client.get("/tables/new?board=london-example"))
    catalogue_names = [c["name"] for c in load_catalogue()]
    assert all(name in london for name in catalogue_names)
    added = [card for card in load_catalogue(board=find_board("london-example"))
             if card["id"] not in {c["id"] for c in load_catalogue()}]
    assert added and all(f'value="cat-{card["id"]}"' in london for card in added)
    rio = text(client.get("/tables/new?board=rio-example"))
    assert "Iconic Rio" in rio and 'value="cat-b-iconic-route"' in rio
    assert "Iconic Route (" not in rio  # the covered card is not offered under its own name
