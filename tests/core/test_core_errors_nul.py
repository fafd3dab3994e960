"""A NUL character in an address is a 404 for every game's pages, before any database sees it."""

from __future__ import annotations

import pytest

from companion.web.core.app import create_app


@pytest.mark.parametrize("path", ["/%00", "/explore-new-york/tiles/drafts/%00", "/tables/%00/score",
                                  "/boards/drafts/a%00b", "/api/score/%00"])
def test_a_nul_in_the_path_is_not_found(tmp_path, path):
    """The request never reaches a view (SQLite would look it up, PostgreSQL would fail on it)."""
    client = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite")}).test_client()
    response = client.get(path)
    assert response.status_code == 404
    assert "No page has this address" in response.get_data(as_text=True)
