"""Secrets: a seat's clergy placement never reaches another seat's page, the shared screen or the API."""

from __future__ import annotations

import html
import re

import pytest
from taxis_web_helpers import SEED_PLACEMENT, act, claim, place, score_route, start_table, state

# Two placements for Anna that differ only on carriages still travelling (Baden, which arrives, is the same).
ANNA_A = dict(SEED_PLACEMENT[0])
ANNA_B = dict(SEED_PLACEMENT[0], **{"bohmen-salzburg": "fifth", "schweiz-tyrol": "pastor",
                                    "wurttemberg-hohenzollern": "priest", "baiern": "bishop"})


def play(client, anna: dict, tracked: bool = False) -> tuple[str, dict[int, str]]:
    """Set a table up with Anna's placement `anna` (the others as in the seed example); Baden reaches Rome.

    Tracked: on the example board (drawn on the pages) with post offices and bonus tiles tracked, a bonus
    tile taken and the final round started, so those panels are on every page too.
    """
    token = start_table(client, board="example", posts="y") if tracked else start_table(client)
    seats = {i: claim(client, token, i) for i in range(4)}
    for i in range(4):
        place(client, seats[i], token, anna if i == 0 else SEED_PLACEMENT[i])
    steps = [("baden", c, "board") for c in ("Como", "Mailand", "Rom")] if tracked else [("baden", "Rom")]
    score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"], steps=steps)
    if tracked:
        act(client, token, "bonus", seat="0", stack="province:Baden")
    act(client, token, "end-turn")
    if tracked:
        act(client, token, "trigger-end", confirm="yes")
    return token, seats


def looks(client, token: str, seats: dict[int, str]) -> dict[str, str]:
    """Everything a phone can see (Anna's own page included), with this table's random ids replaced by placeholders."""
    pages = {"table": client.get(f"/taxis/{token}").get_data(as_text=True),
             "score": client.get(f"/taxis/{token}/score").get_data(as_text=True),
             "score.json": client.get(f"/taxis/{token}/score.json").get_data(as_text=True),
             "route": client.get(f"/taxis/{token}/route").get_data(as_text=True),
             "live": client.get(f"/taxis/{token}/live").get_data(as_text=True),
             "api": client.get(f"/taxis/api/tables/{token}").get_data(as_text=True)}
    for i in (0, 1, 2, 3):
        pages[f"seat{i}"] = client.get(seats[i]).get_data(as_text=True)
        pages[f"api{i}"] = client.get(seats[i].replace("/taxis/s/", "/taxis/api/seats/")).get_data(as_text=True)
    code = re.search(r"<strong>([A-Z0-9]{4}-[A-Z0-9]{4})</strong>", pages["table"]).group(1)
    for key, page in pages.items():
        page = page.replace(token, "TABLE").replace(code, "CODE")
        for url in seats.values():
            page = page.replace(url.rsplit("/", 1)[1], "SEAT")
        pages[key] = re.sub(r'name="csrf_token"[^>]*value="[^"]*"|<time[^>]*>[^<]*</time>', "", page)
    return pages


@pytest.mark.parametrize("tracked", [False, True])
def test_no_page_or_answer_depends_on_a_placement_once_placed(app, tracked):
    """Seed l.36–38: once placed, nobody may look which tile is on which carriage, not even its player."""
    first, second = app.test_client(), app.test_client()
    token_a, seats_a = play(first, ANNA_A, tracked)
    token_b, seats_b = play(second, ANNA_B, tracked)
    seen_a, seen_b = looks(first, token_a, seats_a), looks(second, token_b, seats_b)
    for key in seen_a:
        assert seen_a[key] == seen_b[key], key
    assert "Cardinal" in seen_a["table"]  # the test can fail: what arrived in Rome (Baden) is shown to all
    if tracked:  # the tracked panels and the drawn board are on the pages compared
        assert "Final round" in seen_a["seat2"] and 'id="play-board"' in seen_a["table"]
        assert "Province tile: Baden" in seen_a["table"]


def test_the_api_hides_every_placement_even_the_seats_own(client):
    token, seats = play(client, ANNA_A)
    shared = client.get(f"/taxis/api/tables/{token}").get_json()
    assert shared["table"]["view"] == "public"
    assert [s["assignment"] for s in shared["table"]["audience"]["seats"]] == [None] * 4
    assert [s["ready"] for s in shared["table"]["audience"]["seats"]] == [True] * 4
    mine = client.get(seats[2].replace("/taxis/s/", "/taxis/api/seats/")).get_json()
    assert [s["assignment"] for s in mine["table"]["audience"]["seats"]] == [None] * 4
    assert mine["seat"] == 2 and mine["clergy"] == {"placed": True, "in_hand": 0}
    assert mine["version"] == shared["version"]


def test_a_seat_page_no_longer_shows_the_placement_after_placing(client):
    token, seats = play(client, ANNA_B)
    ben = client.get(seats[1]).get_data(as_text=True)
    mine = re.search(r'<section class="panel secret" id="clergy">(.*?)</section>', ben, re.S).group(1)
    assert "In your hand: 0" in mine
    assert "In Rome: your Cardinal, by the Baden carriage" in mine  # public since Baden's arrival was recorded
    for rank in ("Pastor", "Bishop", "Priest", "Fifth clergy tile"):  # Ben's tiles still travelling
        assert rank not in mine
    assert "<select" not in mine
    shared = client.get(f"/taxis/{token}").get_data(as_text=True)
    assert 'id="clergy"' not in shared and "/taxis/s/" not in shared


def test_before_everyone_placed_a_seat_may_place_again_on_a_blank_form(client):
    token = start_table(client)
    anna = claim(client, token, 0)
    place(client, anna, token, SEED_PLACEMENT[0])
    page = client.get(anna).get_data(as_text=True)
    assert "Place my tiles again" in page and " selected>" not in page.split('id="clergy"')[1].split("</section>")[0]
    place(client, anna, token, ANNA_B)


def _preview_to_rome(client, token: str) -> str:
    page, _draft = score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"], steps=[("baden", "Rom")],
                               record=False)
    return page if isinstance(page, str) else page.get_data(as_text=True)


def test_a_route_preview_reveals_no_clergy(app):
    """The issue's hole: "Baden > Rom" previewed (not recorded) named every tile on the Baden carriage."""
    pages = []
    for anna in (ANNA_A, dict(ANNA_A, baden="priest", baiern="cardinal")):
        client = app.test_client()
        token = start_table(client)
        seats = {i: claim(client, token, i) for i in range(4)}
        for i in range(4):
            place(client, seats[i], token, anna if i == 0 else SEED_PLACEMENT[i])
        page = _preview_to_rome(client, token)
        body = text_of(page)
        assert "The Baden carriage reaches Rome with this step: its clergy are turned face up when the route is " \
               "recorded." in body
        for word in ("Cardinal", "Bishop", "Priest", "Pastor", "Anna's", "Ben's"):
            assert word not in body, word
        assert state(app, token)["audience"]["rome"] == []  # nothing recorded
        pages.append(re.sub(r'name="csrf_token"[^>]*value="[^"]*"', "", page.replace(token, "TABLE")))
    assert pages[0] == pages[1]


def test_recording_the_arrival_reveals_the_clergy_to_the_table(client):
    token, _seats = play(client, ANNA_A)
    assert "The Baden carriage reached Rome with Anna's Cardinal, Ben's Cardinal, Scott's Bishop, Dave's Pastor." \
        in text_of(client.get(f"/taxis/{token}").get_data(as_text=True))


def text_of(page: str) -> str:
    """A page's visible words."""
    body = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())
