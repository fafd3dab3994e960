"""The "Keep as a play" box the core adds to every game's score page once its table is finished (no game
code beyond naming the page in its TableSpec)."""

from __future__ import annotations

import re

from plays_helpers import finished_eny_table, finished_ttr_table, finished_welcome_table

from companion.web.core.plays.keepbox import _score_endpoints


def box(client, url: str) -> str:
    """The score page's keep box ("" when the page has none)."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    found = re.search(r"<section class=\"keep-box\".*?</section>", response.get_data(as_text=True), re.S)
    return found.group(0) if found else ""


def test_every_game_that_keeps_plays_names_its_score_page(app):
    with app.app_context():
        assert set(_score_endpoints().values()) == {"enroute", "explore-new-york", "ttr-europe", "welcome-to",
                                                    "thurn-und-taxis-rome"}


def test_keep_from_the_score_page_then_kept_with_a_link_and_dont_keep_still_there(client):
    table_id = finished_welcome_table(client)
    url = f"/welcome-to/t/{table_id}/score"
    html = box(client, url)
    assert 'value="new"' in html and 'value="drop"' in html and 'value="group"' not in html  # no group followed yet
    made = client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "new", "name": "Friday", "back": url})
    assert made.status_code == 302 and "/plays/g/" in made.headers["Location"]
    gid = made.headers["Location"].rsplit("/", 1)[1]
    html = box(client, url)
    assert "Kept in game night: Friday." in html and f"/plays/g/{gid}" in html and 'value="drop"' in html
    # Another phone (not following the group) sees it kept, but not the group's link.
    other = client.application.test_client()
    html = box(other, url)
    assert "Kept in game night: Friday." in html and f"/plays/g/{gid}" not in html
    # Don't keep: back to the score page, the play leaves the group; "keep it after all" puts it back.
    dropped = client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "drop", "back": url})
    assert dropped.headers["Location"].endswith(url)
    assert 'value="undo"' in box(client, url) and client.get(f"/plays/g/{gid}/plays.json").get_json()["plays"] == []
    undone = client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "undo", "back": "//evil.example/"})
    assert undone.headers["Location"].endswith(f"/plays/keep/welcome-to/{table_id}")  # not an outside page
    assert "Kept in game night: Friday." in box(client, url)  # back in the group it was kept in


def test_other_games_score_pages_get_the_box_only_when_finished(client):
    ttr = finished_ttr_table(client, end=False)
    assert box(client, f"/ttr-europe/t/{ttr}/score") == ""  # not ended: no box
    assert client.post(f"/ttr-europe/t/{ttr}/end").status_code == 302
    assert 'value="new"' in box(client, f"/ttr-europe/t/{ttr}/score")
    eny = finished_eny_table(client)
    assert 'value="new"' in box(client, f"/explore-new-york/tables/{eny}/score")
    assert box(client, f"/explore-new-york/tables/{eny}") == ""  # the table page: no box
