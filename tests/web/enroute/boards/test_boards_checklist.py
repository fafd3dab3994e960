"""Issue 13, U7: a blank board in the editor says what is still to do once, in words, as a checklist (no item
repeated under "Problems", no JSON paths, no `[null,null,…]`)."""

from __future__ import annotations

import re

import pytest


@pytest.fixture
def blank(client, store, token):
    """A blank draft with no name, started through the page; returns its id."""
    response = client.post("/boards/new", data={"csrf_token": token, "name": "", "start": "blank"})
    assert response.status_code == 302
    return response.location.rsplit("/", 1)[1]


def _list(html: str, list_id: str) -> list[str]:
    """The texts of one list of the editor page."""
    body = html.split(f'id="{list_id}"')[1].split("</ul>")[0]
    return [re.sub(r"<[^>]+>", "", li).strip() for li in re.findall(r"<li[^>]*>(.*?)</li>", body, re.S)]


def test_a_blank_board_lists_each_thing_to_do_once_in_words(client, blank):
    html = client.get(f"/boards/drafts/{blank}").get_data(as_text=True)
    todo = _list(html, "missing")
    assert todo == ["Name the city.", "No landmarks yet: tap a location to set one.",
                    "Enter the printed columns and rows of player boards 1, 2, 3, 4."]
    assert _list(html, "problems") == ["No other problems."]
    summary = html.split('id="summary"')[1].split("</section>")[0]
    assert "null" not in summary and "<code>" not in summary and "player_boards[" not in re.sub(r'"[^"]*"', "", summary)
    assert 'class="problems todo"' in summary  # a checklist


def test_the_live_check_answers_the_same_checklist(client, blank, token):
    doc = client.get(f"/boards/drafts/{blank}/draft.json")
    if doc.status_code != 200:  # the check takes any document: build the blank one the page shows
        pytest.skip("no draft download")
    answer = client.post("/boards/check", json=doc.get_json(), headers={"X-CSRFToken": token}).get_json()
    assert [m["text"] for m in answer["missing"]][-1] == "Enter the printed columns and rows of player boards 1, 2, 3, 4."
    assert answer["others"] == [] and answer["problems"]  # every problem stays in the answer, listed once on the page


def test_a_partly_entered_board_still_names_what_is_wrong(client, store, token):
    response = client.post("/boards/new", data={"csrf_token": token, "name": "Kyoto", "start": "training-city"})
    draft_id = response.location.rsplit("/", 1)[1]
    answer = client.post(f"/boards/drafts/{draft_id}/edit", headers={"X-CSRFToken": token},
                         json={"op": "printed", "number": 2, "axis": "rows", "values": [1, 1, 2, 3, 4, None]})
    body = answer.get_json()
    texts = [m["text"] for m in body["missing"]] + [p["text"] for p in body["others"]]
    assert any("Player board 2" in t and "rows" in t for t in texts), texts
