"""Dealing on the seat pages (issue 29): the companion deals, each phone sees only its own offer and hand, keeps
with the variant's minimum, draws in play; no other page, file or JSON shows a seat's cards."""

from __future__ import annotations

import html

from ttr_web_helpers import claim, start_table

from companion.web.ticket_to_ride_europe import deal_store, store


def _deal(app, table_id):
    with app.app_context():
        return deal_store.get_deal(table_id)


def _shared(client, table_id, tokens, me):
    """Every page, file and JSON another seat or the table link reaches."""
    t = f"/ttr-europe/t/{table_id}"
    urls = [t, f"{t}/score", f"{t}/score.json", f"{t}/game.json", f"{t}/log", f"{t}/log.json", f"{t}/deal",
            f"{t}/live", f"{t}/tickets.pdf"]
    urls += [f"/ttr-europe/s/{tok}" for k, tok in enumerate(tokens) if k != me]
    return {url: client.get(url).get_data().decode("utf-8", "replace") for url in urls}


def _cities(card: str) -> list[str]:
    a, b = card.split("|")
    return [f'value="{card}"', f"{a} – {b}"]


def test_dealt_kept_drawn_and_secret(app):
    client = app.test_client()
    table_id = start_table(client, names=("Aki", "Ben", "Cho"))
    tokens = [claim(client, table_id, seat) for seat in range(3)]
    page = client.get(f"/ttr-europe/s/{tokens[0]}").get_data(as_text=True)
    assert 'id="deal-start"' in page
    assert client.post(f"/ttr-europe/s/{tokens[0]}/deal/start").status_code == 302
    deal = _deal(app, table_id)
    assert deal is not None and all(len(o) == 4 for o in deal.offers)
    for seat, token in enumerate(tokens):
        page = html.unescape(client.get(f"/ttr-europe/s/{token}").get_data(as_text=True))
        for card in deal.offers[seat]:
            a, b = card.split("|")
            assert f'value="{card}"' in page and f"{a} – {b}" in page
        assert "Keep at least 2 of the tickets dealt." in page
    # the offer of seat 0 is on no page another phone can reach (the entry page lists the deck; the offer's
    # keep boxes are named "keep")
    for url, text in _shared(client, table_id, tokens, 0).items():
        for card in deal.offers[0]:
            assert f'name="keep" value="{card}"' not in text, url
    # too few kept: refused, nothing changes
    few = client.post(f"/ttr-europe/s/{tokens[0]}/deal/keep", data={"keep": deal.offers[0][:1]},
                      follow_redirects=True)
    assert "Keep at least 2 of the tickets dealt." in html.unescape(few.get_data(as_text=True))
    assert _deal(app, table_id).offers[0] == deal.offers[0]
    kept0 = deal.offers[0][:2]
    client.post(f"/ttr-europe/s/{tokens[0]}/deal/keep", data={"keep": kept0})
    with app.app_context():
        entry = store.get_seats(table_id)[0]["entry"]
    assert [f"{t['from']}|{t['to']}" for t in entry["tickets"]] == kept0
    # the kept tickets are in no shared page before the end
    for url, text in _shared(client, table_id, tokens, 0).items():
        if url.endswith(".pdf"):
            continue
        for card in kept0:  # other seat pages list the whole deck, none of it ticked for Aki
            a, b = card.split("|")
            assert f'value="{card}" checked' not in text and f'value="{card}">' not in text.replace(
                f'name="ticket" value="{card}">', ""), url
            assert f'"from": "{a}", "to": "{b}"' not in text and f'"from":"{a}","to":"{b}"' not in text, url
    # nobody draws before everyone has kept
    early = client.post(f"/ttr-europe/s/{tokens[0]}/deal/draw", follow_redirects=True)
    assert "once every player has kept" in html.unescape(early.get_data(as_text=True))
    for seat in (1, 2):
        client.post(f"/ttr-europe/s/{tokens[seat]}/deal/keep", data={"keep": deal.offers[seat]})
    assert _deal(app, table_id).playing
    pile = list(_deal(app, table_id).pile)
    client.post(f"/ttr-europe/s/{tokens[1]}/deal/draw")
    drawn = _deal(app, table_id).offers[1]
    assert drawn == pile[:3]
    page = html.unescape(client.get(f"/ttr-europe/s/{tokens[1]}").get_data(as_text=True))
    assert "Keep at least 1 of the tickets drawn" in page
    client.post(f"/ttr-europe/s/{tokens[1]}/deal/keep", data={"keep": drawn[2:]})
    after = _deal(app, table_id)
    assert after.pile[-2:] == drawn[:2] and drawn[2] in after.hands[1]
    with app.app_context():
        ben = store.get_seats(table_id)[1]["entry"]["tickets"]
    assert len(ben) == 5 and {"from": drawn[2].split("|")[0], "to": drawn[2].split("|")[1]} in ben


def test_dealing_twice_changes_nothing_and_junk_is_refused(app):
    client = app.test_client()
    table_id = start_table(client, names=("Aki", "Ben"))
    tokens = [claim(client, table_id, seat) for seat in range(2)]
    client.post(f"/ttr-europe/s/{tokens[0]}/deal/start")
    first = _deal(app, table_id).to_json()
    client.post(f"/ttr-europe/s/{tokens[1]}/deal/start")
    assert _deal(app, table_id).to_json() == first
    assert client.post(f"/ttr-europe/s/{tokens[0]}/deal/shuffle").status_code == 404
    assert client.post("/ttr-europe/s/nope/deal/start").status_code == 404
    odd = client.post(f"/ttr-europe/s/{tokens[0]}/deal/keep", data={"keep": ["Paris|Atlantis", "x"]},
                      follow_redirects=True)
    assert odd.status_code == 200 and _deal(app, table_id).to_json() == first
