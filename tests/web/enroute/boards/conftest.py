"""Shared fixtures for the board library, the board pages and the editor."""

from __future__ import annotations

import re

import pytest

from companion.games.enroute import board_to_json, find_board
from companion.web.core.app import create_app


@pytest.fixture
def library(tmp_path):
    """An empty board library folder."""
    folder = tmp_path / "boards"
    folder.mkdir()
    return folder


@pytest.fixture
def app(tmp_path, library):
    """An app with a fresh instance folder and board library, CSRF on as in production."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "BOARD_LIBRARY": str(library),
                       "DATABASE": str(tmp_path / "test.sqlite")})


@pytest.fixture
def client(app):
    """A test client."""
    return app.test_client()


class InApp:
    """A module whose functions each run in a fresh app context (no `g` shared with the client's requests)."""

    def __init__(self, app, module):
        """Remember the app and the module."""
        self._app, self._module = app, module

    def __getattr__(self, name: str):
        """Return the module's attribute; a function is wrapped to run in the app's context."""
        value = getattr(self._module, name)
        if not callable(value) or isinstance(value, type):
            return value

        def call(*args, **kwargs):
            """Call the function in an app context."""
            with self._app.app_context():
                return value(*args, **kwargs)

        return call


@pytest.fixture
def store(app):
    """The board store of the app (`companion.web.enroute.boards.store`), each call in an app context."""
    from companion.web.enroute.boards import store as board_store

    return InApp(app, board_store)


@pytest.fixture
def save(store):
    """Store a valid board document under an id through the store and return the board."""

    def save(doc: dict, board_id: str):
        """Import `doc` as `board_id` (which must be free)."""
        saved = store.import_board(dict(doc, id=board_id))
        assert saved.board is not None and saved.board.id == board_id, saved.problems
        return saved.board

    return save


def csrf_token(client, url: str = "/boards/") -> str:
    """Fetch a page and return the CSRF token of its first form."""
    html = client.get(url).get_data(as_text=True)
    match = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html) or \
        re.search(r'name="csrf-token" content="([^"]+)"', html)
    assert match, f"no CSRF token on {url}"
    return match.group(1)


@pytest.fixture
def token(client):
    """A valid CSRF token for the client's session."""
    return csrf_token(client)


@pytest.fixture
def training_doc():
    """The shipped Training City as an `enroute-board/1` document."""
    return board_to_json(find_board("training-city"))


def _complete_doc(name: str = "Tiny Town") -> dict:
    """A small valid board built with the editing helpers (one of each feature)."""
    from companion.games.enroute import library as lib

    doc = lib.set_city_name(lib.blank_board_doc(), name)
    doc = lib.set_location(doc, [1, 1], "red")
    doc = lib.set_location(doc, [2, 1], "green", "Park")
    doc = lib.set_location(doc, [3, 1], "blue")
    doc = lib.set_location(doc, [4, 1], "yellow", "Plaza", pp=6)
    doc = lib.set_location(doc, [5, 1], "grey", "Tower", track=[4, 6, 8, 10, 12])
    doc = lib.set_cafe(doc, [0, 2], "tourists", {"red": 2})
    doc = lib.set_cafe(doc, [6, 4], "section")
    doc = lib.set_visit_point(doc, [2, 0], True)
    doc = lib.set_visit_point(doc, [4, 3], True)
    doc = lib.set_visit_them_all(doc, "Festival", [0, 6, 12])
    for n in range(1, 5):
        doc = lib.set_printed(doc, n, "columns", [1, 2, 3, 4, 5, 6][n - 1:] + [1, 2, 3, 4, 5, 6][:n - 1])
        doc = lib.set_printed(doc, n, "rows", [6, 5, 4, 3, 2, 1])
    return doc


@pytest.fixture
def complete_doc():
    """A factory of small valid board documents built with the editing helpers."""
    return _complete_doc


@pytest.fixture
def get_token():
    """The helper that reads a CSRF token from a page."""
    return csrf_token
