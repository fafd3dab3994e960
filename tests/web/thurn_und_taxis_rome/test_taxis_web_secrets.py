"""Secrets: a seat's clergy placement never reaches another seat's page, the shared screen or the API."""

from __future__ import annotations

import re

from taxis_web_helpers import SEED_PLACEMENT, act, claim, place, score_route, start_table

# Two placements for Anna that differ only on carriages still travelling (Baden, which arrives, is the same).
ANNA_A = dict(SEED_PLACEMENT[0])
ANNA_B = dict(SEED_PLACEMENT[0], **{"bohmen-salzburg": "fifth", "schweiz-tyrol": "pastor",
                                    "wurttemberg-hohenzollern": "priest", "baiern": "bishop"})


def play(client, anna: dict) -> tuple[str, dict[int, str]]:
    """Set a table up with Anna's placement `anna` (the others as in the seed example); Baden reaches Rome."""
    token = start_table(client)
    seats = {i: claim(client, token, i) for i in range(4)}
    for i in range(4):
        place(client, seats[i], token, anna if i == 0 else SEED_PLACEMENT[i])
    score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"], steps=[("baden", "Rom")])
    act(client, token, "end-turn")
    return token, seats


def looks(client, token: str, seats: dict[int, str]) -> dict[str, str]:
    """Everything a non-Anna phone can see, with this table's random ids replaced by placeholders."""
    pages = {"table": client.get(f"/taxis/{token}").get_data(as_text=True),
             "score": client.get(f"/taxis/{token}/score").get_data(as_text=True),
             "route": client.get(f"/taxis/{token}/route").get_data(as_text=True),
             "api": client.get(f"/taxis/api/tables/{token}").get_data(as_text=True)}
    for i in (1, 2, 3):
        pages[f"seat{i}"] = client.get(seats[i]).get_data(as_text=True)
        pages[f"api{i}"] = client.get(seats[i].replace("/taxis/s/", "/taxis/api/seats/")).get_data(as_text=True)
    code = re.search(r"<strong>([A-Z0-9]{6})</strong>", pages["table"]).group(1)
    for key, page in pages.items():
        page = page.replace(token, "TABLE").replace(code, "CODE")
        for url in seats.values():
            page = page.replace(url.rsplit("/", 1)[1], "SEAT")
        pages[key] = page
    return pages


def test_no_page_or_answer_but_annas_own_depends_on_annas_secret(app):
    first, second = app.test_client(), app.test_client()
    token_a, seats_a = play(first, ANNA_A)
    token_b, seats_b = play(second, ANNA_B)
    seen_a, seen_b = looks(first, token_a, seats_a), looks(second, token_b, seats_b)
    for key in seen_a:
        assert seen_a[key] == seen_b[key], key
    own_a, own_b = first.get(seats_a[0]).get_data(as_text=True), second.get(seats_b[0]).get_data(as_text=True)
    assert own_a != own_b  # the test can fail: Anna's own page does show her placement


def test_the_api_hides_every_placement_but_the_seats_own(client):
    token, seats = play(client, ANNA_A)
    shared = client.get(f"/taxis/api/tables/{token}").get_json()
    assert shared["table"]["view"] == "public"
    assert [s["assignment"] for s in shared["table"]["audience"]["seats"]] == [None] * 4
    assert [s["ready"] for s in shared["table"]["audience"]["seats"]] == [True] * 4
    mine = client.get(seats[2].replace("/taxis/s/", "/taxis/api/seats/")).get_json()
    assignments = [s["assignment"] for s in mine["table"]["audience"]["seats"]]
    assert assignments == [None, None, SEED_PLACEMENT[2], None]
    assert mine["version"] == shared["version"]


def test_seat_pages_show_only_their_own_placement(client):
    token, seats = play(client, ANNA_B)
    ben = client.get(seats[1]).get_data(as_text=True)
    mine = re.search(r'<ul class="my-clergy">(.*?)</ul>', ben, re.S).group(1)
    assert mine.count("<li") == 5
    assert "Pastor" in mine and "Fifth clergy tile" in mine  # Ben's Baiern pastor and Schweiz-Tyrol fifth
    shared = client.get(f"/taxis/{token}").get_data(as_text=True)
    assert 'class="my-clergy"' not in shared and "/taxis/s/" not in shared
