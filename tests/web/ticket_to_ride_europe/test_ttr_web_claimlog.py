"""The optional claim log during play: lines, score tracks and trains left, the last round, the claims going into
the players' entries, refusals by the engine, stale pages, undo, secrecy of tickets, junk input."""

from __future__ import annotations

import io
import random
import re

import pdfplumber
import pytest
from ttr_web_helpers import claim, save, start_table, table_data

from companion.games.ticket_to_ride_europe import board
from companion.web.core.app import create_app
from companion.web.ticket_to_ride_europe import claim_store, store

APP = []  # the test's app, so the helpers can read its database in their own app context


@pytest.fixture(autouse=True)
def _database(app):
    """Let the helpers read the stores directly (a context per read: requests keep their own contexts)."""
    APP[:] = [app]
    yield
    APP.clear()


def log_of(table_id: str) -> list[dict]:
    """The table's claim log as stored."""
    with APP[0].app_context():
        return claim_store.get_log(table_id)


def seats_of(table_id: str) -> list[dict]:
    """The table's seats as stored."""
    with APP[0].app_context():
        return store.get_seats(table_id)


def log_claim(client, table_id: str, count: int, seat: int, route: int | None = None, city: str | None = None):
    """Post one claim to the log (a route, or a station when `city` is given)."""
    data = {"count": str(count), "seat": str(seat)}
    data.update({"kind": "station", "city": city} if city else {"kind": "route", "route": str(route)})
    return client.post(f"/ttr-europe/t/{table_id}/log", data=data)


def alerts(response) -> str:
    """The page's flash and field messages, joined."""
    return " ".join(re.findall(r'role="(?:alert|status)">\s*(.*?)\s*<', response.get_data(as_text=True), re.S))


def entry_of(table_id: str, seat: int) -> dict:
    """A seat's saved entry and version."""
    found = next(s for s in seats_of(table_id) if s["seat"] == seat)
    return {**found["entry"], "version": found["version"]}


def singles(total_trains: int, avoid=()) -> list[int]:
    """Routes that are not part of a double, adding up to exactly `total_trains` trains (a fixed search)."""
    b = board()
    pairs: dict[frozenset, list[int]] = {}
    for r in b.routes.values():
        pairs.setdefault(frozenset((r.city_a, r.city_b)), []).append(r.id)
    pool = sorted((r for r in b.routes.values() if len(pairs[frozenset((r.city_a, r.city_b))]) == 1
                   and r.id not in avoid), key=lambda r: -r.length)
    chosen, left = [], total_trains
    for r in pool:
        if r.length <= left:
            chosen.append(r.id)
            left -= r.length
        if left == 0:
            return chosen
    raise AssertionError("no such set")


def test_a_claim_is_logged_with_points_and_trains_and_goes_into_the_entry(client):
    table_id = start_table(client)
    b = board()
    route = b.routes[1]
    response = log_claim(client, table_id, 0, 0, route=1)
    assert response.status_code == 302 and response.headers["Location"].endswith("/log#log")
    entry = entry_of(table_id, 0)
    assert entry["routes"] == [1] and entry["score_track"] == b.route_points[route.length] and entry["version"] == 1
    page = client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True)
    assert (f"Aki claimed route 1 {route.city_a}–{route.city_b} ({route.length} trains): "
            f"+{b.route_points[route.length]}, score track {b.route_points[route.length]}, "
            f"{45 - route.length} trains left.") in page
    assert log_claim(client, table_id, 1, 1, city="Wien").status_code == 302
    assert entry_of(table_id, 1)["stations"] == [{"city": "Wien"}]
    page = client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True)
    assert "Ben built a station in Wien." in page and "1/3" in page
    # the player lists start at the next player in seating order: Aki after Ben's line
    assert re.search(r'<select name="seat" id="route-seat"><option value="0" selected>Aki', page)
    assert log_claim(client, table_id, 2, 0, city="Roma").status_code == 302
    page = client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True)
    assert re.search(r'<option value="1" selected>Ben</option></select>\s*</div>\s*<div class="field"><label '
                     r'for="route-route"', page)
    # the claimed route and the built city are no longer offered
    assert '<option value="1">1 ·' not in page and '<option value="Wien">' not in page


def test_the_score_sheet_and_the_seat_page_see_the_logged_claims(client):
    table_id = start_table(client)
    routes = singles(10)
    for k, rid in enumerate(routes):
        assert log_claim(client, table_id, k, 0, route=rid).status_code == 302
    token = claim(client, table_id, 0)
    page = client.get(f"/ttr-europe/s/{token}").get_data(as_text=True)
    for rid in routes:
        assert re.search(rf'name="route" value="{rid}"[^>]*checked', page), rid
    score = client.get(f"/ttr-europe/t/{table_id}/score.json").get_json()
    points = sum(board().route_points[board().routes[r].length] for r in routes)
    assert score["players"][0]["rows"]["routes"] == points
    assert not any(p["code"] == "score-track-mismatch" for p in score["players"][0]["problems"])


def test_claims_the_engine_refuses_are_not_logged(client):
    table_id = start_table(client)
    b = board()
    double = next(ids for ids in _doubles(b) if len(ids) == 2)
    assert log_claim(client, table_id, 0, 0, route=double[0]).status_code == 302
    refused = log_claim(client, table_id, 1, 1, route=double[1])  # 2 players: the other route of a double is closed
    assert refused.status_code == 422 and "The claim was not logged" in alerts(refused)
    assert entry_of(table_id, 1)["routes"] == [] and len(log_of(table_id)) == 1
    # a route already on another player's saved entry (entered on their phone, not logged)
    token = claim(client, table_id, 1)
    other = singles(3, avoid=double)[0]
    assert save(client, token, 0, routes=[other]).status_code == 302
    refused = log_claim(client, table_id, 1, 0, route=other)
    assert refused.status_code == 422 and str(other) in alerts(refused)
    # a station in a city that has one, and a fourth station
    assert log_claim(client, table_id, 1, 0, city="Berlin").status_code == 302
    assert log_claim(client, table_id, 2, 1, city="Berlin").status_code == 422
    for k, city in enumerate(("Paris", "Roma")):
        assert log_claim(client, table_id, 2 + k, 0, city=city).status_code == 302
    fourth = log_claim(client, table_id, 4, 0, city="Madrid")
    assert fourth.status_code == 422 and entry_of(table_id, 0)["stations"] == [{"city": c} for c in
                                                                               ("Berlin", "Paris", "Roma")]


def _doubles(b) -> list[list[int]]:
    """The route ids of each pair of cities joined by two routes."""
    pairs: dict[frozenset, list[int]] = {}
    for r in b.routes.values():
        pairs.setdefault(frozenset((r.city_a, r.city_b)), []).append(r.id)
    return [ids for ids in pairs.values() if len(ids) > 1]


def test_more_than_45_trains_is_refused_and_the_last_round_is_announced(client):
    table_id = start_table(client, names=("Aki", "Ben", "Cho"))
    routes = singles(43)
    for k, rid in enumerate(routes):
        response = log_claim(client, table_id, k, 0, route=rid)
        assert response.status_code == 302, alerts(response)
    page = client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True)
    assert "Last round!" in page and "Aki has 2 trains left" in page
    assert "Every player, Aki included, plays one more turn" in page
    assert page.count("The last round starts.") == 1
    three = next(r.id for r in board().routes.values() if r.length == 3 and r.id not in routes
                 and not any(r.id in d for d in _doubles(board())))
    over = log_claim(client, table_id, len(routes), 0, route=three)
    assert over.status_code == 422 and "45" in alerts(over)
    assert log_claim(client, table_id, len(routes), 1, city="Wien").status_code == 302
    page = client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True)
    assert "(last round)" in page


def test_no_last_round_above_two_trains(client):
    table_id = start_table(client)
    for k, rid in enumerate(singles(42)):
        assert log_claim(client, table_id, k, 0, route=rid).status_code == 302
    assert "Last round!" not in client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True)


def test_a_page_showing_an_old_log_cannot_add_or_undo(client):
    table_id = start_table(client)
    assert log_claim(client, table_id, 0, 0, route=1).status_code == 302
    stale = log_claim(client, table_id, 0, 1, city="Wien")  # the page still showed 0 lines
    assert stale.status_code == 409 and "Nothing of yours was written" in alerts(stale)
    assert 'value="Wien" selected' in stale.get_data(as_text=True)  # the phone's choice is kept
    assert entry_of(table_id, 1)["stations"] == []
    undo = client.post(f"/ttr-europe/t/{table_id}/log/undo", data={"count": "0"})
    assert undo.status_code == 409 and len(log_of(table_id)) == 1


def test_a_seat_saved_meanwhile_makes_the_log_line_fail_as_a_whole(client, monkeypatch):
    table_id = start_table(client)
    seats = seats_of(table_id)
    # The seat moves on between the page's reading and the write: the line must not be written either.
    real = store.get_seats

    def older(tid):
        """The seats as read a moment earlier (version 0), while the database already has version 1."""
        return [{**s, "version": 0} for s in real(tid)]

    token = claim(client, table_id, 0)
    assert save(client, token, 0, routes=[]).status_code == 302
    monkeypatch.setattr(store, "get_seats", older)
    response = log_claim(client, table_id, 0, 0, route=1)
    monkeypatch.undo()
    assert response.status_code == 409
    assert log_of(table_id) == [] and seats_of(table_id)[0]["entry"]["routes"] == []
    assert seats_of(table_id)[0]["version"] == seats[0]["version"] + 1  # only the phone's own save


def test_undo_takes_the_last_line_out_of_the_log_and_the_entry(client):
    table_id = start_table(client)
    first, second = singles(9)[:2]  # an 8 and a 1
    assert log_claim(client, table_id, 0, 0, route=first).status_code == 302
    assert log_claim(client, table_id, 1, 0, route=second).status_code == 302
    assert log_claim(client, table_id, 2, 1, city="Wien").status_code == 302
    assert client.post(f"/ttr-europe/t/{table_id}/log/undo", data={"count": "3"}).status_code == 302
    assert entry_of(table_id, 1)["stations"] == []
    assert client.post(f"/ttr-europe/t/{table_id}/log/undo", data={"count": "2"}).status_code == 302
    entry = entry_of(table_id, 0)
    b = board()
    assert entry["routes"] == [first] and entry["score_track"] == b.route_points[b.routes[first].length]
    assert [line["n"] for line in log_of(table_id)] == [1]


def test_the_log_never_shows_tickets_or_seat_links(client):
    table_id = start_table(client)
    token = claim(client, table_id, 0)
    assert save(client, token, 0, tickets=[("Amsterdam", "Pamplona")]).status_code == 302
    assert log_claim(client, table_id, 0, 0, route=1).status_code == 302
    page = client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True)
    # Pamplona is a city of the lists; the ticket Amsterdam–Pamplona appears nowhere
    assert not re.search(r"Amsterdam\W{1,3}Pamplona", page) and token not in page and "/ttr-europe/s/" not in page
    assert entry_of(table_id, 0)["tickets"] == [{"from": "Amsterdam", "to": "Pamplona"}]  # kept, never touched


@pytest.mark.parametrize("data", [
    {}, {"count": "0"}, {"count": "0", "kind": "route", "seat": "9", "route": "1"},
    {"count": "0", "kind": "route", "seat": "0", "route": "abc"},
    {"count": "0", "kind": "route", "seat": "0", "route": "999999999999999999999"},
    {"count": "0", "kind": "station", "seat": "0", "city": "Atlantis"},
    {"count": "x", "kind": "route", "seat": "0", "route": "1"},
    {"count": "-1", "kind": "train", "seat": "-1"},
])
def test_junk_claims_are_refused_with_a_message_never_a_500(client, data):
    table_id = start_table(client)
    response = client.post(f"/ttr-europe/t/{table_id}/log", data=data)
    assert response.status_code in (409, 422), response.status_code
    assert alerts(response)
    assert log_of(table_id) == []


def test_random_forms_and_unknown_tables_never_answer_500(client):
    table_id = start_table(client)
    rng = random.Random(17)
    junk = ["", "0", "1", "-5", "1e9", "Wien", "<script>", "\u0000", "9" * 40, "route", "station", "Zürich"]
    for _ in range(60):
        data = {k: rng.choice(junk) for k in rng.sample(["count", "kind", "seat", "route", "city", "x"], 4)}
        for path in ("log", "log/undo"):
            assert client.post(f"/ttr-europe/t/{table_id}/{path}", data=data).status_code < 500
    for bad in ("nope", "x" * 300, "%00"):
        assert client.get(f"/ttr-europe/t/{bad}/log").status_code == 404
        assert client.post(f"/ttr-europe/t/{bad}/log", data={"count": "0"}).status_code == 404


def test_csrf_is_required_to_log(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "c.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    client = app.test_client()
    page = client.get("/ttr-europe/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    data = {**table_data(), "csrf_token": csrf}
    table_id = client.post("/ttr-europe/new", data=data).headers["Location"].rsplit("/", 1)[1]
    refused = log_claim(client, table_id, 0, 0, route=1)
    with app.app_context():
        assert refused.status_code == 400 and claim_store.get_log(table_id) == []
    ok = client.post(f"/ttr-europe/t/{table_id}/log",
                     data={"csrf_token": csrf, "count": "0", "kind": "route", "seat": "0", "route": "1"})
    assert ok.status_code == 302


def test_the_table_page_links_the_log_and_the_checklist(client):
    table_id = start_table(client)
    page = client.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
    assert f"/ttr-europe/t/{table_id}/log" in page and f"/ttr-europe/t/{table_id}/tickets.pdf" in page


def _pdf_pages(response) -> list[str]:
    """The text of each page of a PDF answer."""
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        return [page.extract_text() for page in pdf.pages]


def test_the_ticket_checklist_of_a_table_has_a_page_per_player_in_its_variant(client):
    table_id = start_table(client, names=("Aki", "Ben", "Cho"), variant="1912")
    pages = _pdf_pages(client.get(f"/ttr-europe/t/{table_id}/tickets.pdf"))
    assert len(pages) == 3
    for name, text in zip(("Aki", "Ben", "Cho"), pages):
        assert name in text and "Europa 1912" in text and "Ticket checklist" in text
    japanese = _pdf_pages(client.get(f"/ttr-europe/t/{table_id}/tickets.pdf?lang=ja"))
    assert "Ticket checklist" not in japanese[0] and "Aki" in japanese[0]
    assert client.get("/ttr-europe/t/nope/tickets.pdf").status_code == 404


@pytest.mark.parametrize("query,pages,variant", [("", 5, "Europe (base"), ("?players=2&variant=mega", 2, "Mega"),
                                                 ("?players=abc&variant=junk", 5, "Europe (base"),
                                                 ("?players=99999999999999&variant=big-cities", 5, "Big Cities")])
def test_the_blank_ticket_checklist_reads_its_query_and_never_fails(client, query, pages, variant):
    found = _pdf_pages(client.get("/ttr-europe/tickets.pdf" + query))
    assert len(found) == pages and variant in found[0]


def test_the_end_is_announced_on_every_page_with_the_last_turns(client):
    """Issue 29: once Aki has 2 trains, the table page, each seat's page, the score sheet and the log say so,
    count who still plays, say when every last turn is played, and name a turn logged after the end."""
    table_id = start_table(client, names=("Aki", "Ben", "Cho"))
    tokens = [claim(client, table_id, seat) for seat in range(3)]
    routes = singles(43)
    for k, rid in enumerate(routes):
        assert log_claim(client, table_id, k, 0, route=rid).status_code == 302
    pages = [f"/ttr-europe/t/{table_id}", f"/ttr-europe/t/{table_id}/score", f"/ttr-europe/t/{table_id}/log",
             *(f"/ttr-europe/s/{t}" for t in tokens)]
    for url in pages:
        page = client.get(url).get_data(as_text=True)
        assert "Last round!" in page and "Aki has 2 trains left" in page, url
        assert "Still to play their last turn: Ben, Cho, Aki." in page, url
    count = len(routes)
    assert log_claim(client, table_id, count, 2, city="Wien").status_code == 302  # Ben drew cards; Cho builds
    assert "Still to play their last turn: Aki." in client.get(pages[0]).get_data(as_text=True)
    assert log_claim(client, table_id, count + 1, 0, city="Roma").status_code == 302  # Aki's last turn
    page = client.get(pages[1]).get_data(as_text=True)
    assert "the game is over" in page and "Still to play" not in page
    assert log_claim(client, table_id, count + 2, 1, city="Paris").status_code == 302  # Ben, after the end
    for url in pages:
        page = client.get(url).get_data(as_text=True)
        assert f"Line {count + 3}: Ben played after the end of the game" in page, url


def test_the_end_is_announced_in_japanese(client):
    """The banner speaks the phone's language (the engine's message through the catalogue when translated)."""
    table_id = start_table(client, names=("Aki", "Ben"))
    for k, rid in enumerate(singles(43)):
        assert log_claim(client, table_id, k, 0, route=rid).status_code == 302
    page = client.get(f"/ttr-europe/t/{table_id}?lang=ja").get_data(as_text=True)
    assert 'id="last-round"' in page and "最終ラウンド！" in page and "Last round!" not in page
