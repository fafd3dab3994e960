"""A city's page script lives in its city folder (`companion/web/enroute/cities/<city>/static/`) and keeps the URL
it had in the shared static folder: the same URL answers the same bytes, and a page includes it only for a board
that needs it (issue 33)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.enroute.registry import find_board
from companion.web.enroute import cities

WEB = Path(__file__).resolve().parents[3] / "companion/web/enroute"
MOVED = {"ny-halves.js": "new_york", "paris-colours.js": "paris"}  # the scripts that left the shared folder


@pytest.mark.parametrize("name", sorted(MOVED))
def test_a_moved_script_answers_its_old_url_with_its_city_folders_bytes(client, name):
    """`/static/enroute/<name>` answers 200 with the file of the city folder; the shared folder has no copy."""
    own = WEB / "cities" / MOVED[name] / "static" / name
    assert own.is_file() and not (WEB / "static" / name).exists()
    answer = client.get(f"/static/enroute/{name}")
    assert answer.status_code == 200 and answer.data == own.read_bytes()
    assert answer.mimetype in ("text/javascript", "application/javascript")
    answer.close()


def test_shared_static_files_still_answer_and_an_unknown_one_is_404(client):
    """The shared folder still serves its files; a name no folder has answers 404, not 500."""
    answer = client.get("/static/enroute/map.js")
    assert answer.status_code == 200 and answer.data == (WEB / "static" / "map.js").read_bytes()
    answer.close()
    assert client.get("/static/enroute/no-such-city.js").status_code == 404
    assert client.get("/static/enroute/../cities/paris/svg.py").status_code == 404


def test_pages_include_a_city_script_only_for_a_board_that_needs_it():
    """New York's double map loads its half switcher on both pages; Paris's colour pen only on the sheet page."""
    expected = {"new-york-example": (["ny-halves.js"], ["ny-halves.js"]),
                "paris-example": (["paris-colours.js"], []), "london-example": ([], []), "cairo-example": ([], [])}
    for board_id, (sheet, seat) in expected.items():
        board = find_board(board_id)
        assert (cities.scripts(board, "sheet"), cities.scripts(board, "seat")) == (sheet, seat), board_id


def test_a_city_script_may_not_take_a_shared_files_name(tmp_path):
    """One URL answers one file: a script named like a shared static file, or missing, is refused."""
    (tmp_path / "map.js").write_text("// not the shared map.js\n", encoding="utf-8")
    with pytest.raises(ValueError, match="already served"):
        cities.register_script("map.js", tmp_path, ("sheet",), lambda board: True)
    with pytest.raises(ValueError, match="not in"):
        cities.register_script("missing.js", tmp_path, ("sheet",), lambda board: True)
    assert "map.js" not in cities.SCRIPTS and "missing.js" not in cities.SCRIPTS
