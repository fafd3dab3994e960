"""The rule decisions a player meets on a city map are shown where they matter: on the sheet page (the tools'
help, the remote-space box, a "Rules on this map" list) and on the score sheet, from the board's features."""

from __future__ import annotations

import re

import pytest
from test_web_cities import CITIES, city_table, text

RIDE = "A final route has at most one ride, and each of its two segments has at least one section."
GOAL = "Your personal goal is counted within one segment: a ride is no section."
REMOTE = "A remote space's tourists count only when its meeting point is on your final route"
CROSSED = "A crossed-out (×) location holds no tourists and is empty for goal cards."
MEETING = "A remote landmark scores only when its meeting point is on your final route."
STATUE = ("Statue on the Peak: 6 PP + 3 PP per marked space, at most 24 PP, only when its meeting point is on your "
          "final route.")


def _notes(page: str) -> list[str]:
    """The texts of the page's "Rules on this map" list."""
    block = page.split('class="city-rules"')[1].split("</details>")[0]
    return [re.sub(r"\s+", " ", n).strip() for n in re.findall(r'<li data-note="[^"]+">(.*?)</li>', block, re.S)]


def _hint(page: str, tool: str) -> str:
    """The help text of a city sheet tool's button."""
    return re.search(rf'data-tool="{tool}" data-hint="([^"]*)"', page).group(1)


def test_cairo_sheet_shows_the_ride_remote_and_cross_out_rules(client):
    token = city_table(client, "cairo-example", **CITIES["cairo-example"][1])
    page = text(client.get(f"/tables/{token}/players/0"))
    assert RIDE in _hint(page, "ride") and GOAL in _hint(page, "ride")
    assert CROSSED in _hint(page, "crossed")
    panel = page.split('id="remote-panel"')[1].split('id="remote-done"')[0]
    assert REMOTE in panel
    notes = _notes(page)
    assert RIDE in notes and GOAL in notes and CROSSED in notes and MEETING in notes
    assert any(n.startswith(REMOTE) for n in notes)
    assert "A bridge on your final route scores its printed PP once." in notes
    assert not any("per marked space" in n or "share one rating" in n for n in notes)  # no statue, no group here


def test_rio_sheet_shows_the_statue_and_street_rules_but_no_ride(client):
    token = city_table(client, "rio-example", **CITIES["rio-example"][1])
    page = text(client.get(f"/tables/{token}/players/0"))
    notes = _notes(page)
    assert STATUE in notes and MEETING in notes
    assert any(n.startswith("A scoring street scores its rating for each of its sections") for n in notes)
    assert RIDE not in page and CROSSED not in page


def test_hong_kong_shows_its_group_ratings_and_harbour_rule(client):
    token = city_table(client, "hong-kong-example", **CITIES["hong-kong-example"][1])
    notes = _notes(text(client.get(f"/tables/{token}/players/0")))
    assert "Old Clock Tower, Old Court share one rating: each of them on your final route scores it." in notes
    assert "Glass Spire, Sky Bank share one rating: each of them on your final route scores it." in notes
    assert "A harbour crossing is one section, however long it is drawn." in notes


@pytest.mark.parametrize(("board_id", "expected"), [("cairo-example", [RIDE, GOAL, CROSSED, MEETING]),
                                                     ("rio-example", [STATUE, MEETING])])
def test_the_score_sheet_shows_the_same_rules(client, board_id, expected):
    token = city_table(client, board_id, **CITIES[board_id][1])
    sheet_notes = _notes(text(client.get(f"/tables/{token}/players/0")))
    score_notes = _notes(text(client.get(f"/tables/{token}/score")))
    assert score_notes == sheet_notes
    assert all(e in score_notes for e in expected)


def test_the_training_city_shows_no_city_rules(client, make_table):
    token = make_table()
    for path in ("/players/0", "/score"):
        assert 'class="city-rules"' not in text(client.get(f"/tables/{token}{path}"))


def test_the_rules_are_shown_in_japanese(client):
    token = city_table(client, "rio-example", **CITIES["rio-example"][1])
    assert client.post(f"/tables/{token}/lang", data={"lang": "ja"}).status_code == 302
    for path in ("/players/0", "/score"):
        notes = _notes(text(client.get(f"/tables/{token}{path}")))
        assert notes and not any("final route" in n or "per marked space" in n for n in notes)
        assert any("山頂の像" in n and "24" in n for n in notes)  # the board's name in Japanese, the numbers


def _legend(page: str) -> dict[str, str]:
    """The score sheet's map legend: feature type → text."""
    block = page.split('class="map-legend"')[1].split("</details>")[0]
    return {kind: re.sub(r"<svg.*?</svg>", "", body, flags=re.S).strip()
            for kind, body in re.findall(r'<li data-type="([^"]+)">(.*?)</li>', block, re.S)}


@pytest.mark.parametrize("board_id", ["cairo-example", "hong-kong-example"])
def test_the_score_sheet_has_the_map_legend(client, board_id):
    """The engine's legend text and the tap map's symbol for each feature type of the city, as on the sheet."""
    from companion.games.enroute.features import FEATURE_TYPES
    from companion.games.enroute.registry import find_board

    token = city_table(client, board_id, **CITIES[board_id][1])
    page = text(client.get(f"/tables/{token}/score"))
    legend = _legend(page)
    kinds = {f.type for f in find_board(board_id).features}
    assert set(legend) == kinds
    assert all(legend[k] == FEATURE_TYPES[k].legend for k in kinds)
    assert legend == _legend(text(client.get(f"/tables/{token}/players/0")))
    assert page.count('class="legend-symbol"') == len(kinds)
    assert "svg.map .ft-river" in page  # the symbols' style, even before any sheet is scored (no map yet)
