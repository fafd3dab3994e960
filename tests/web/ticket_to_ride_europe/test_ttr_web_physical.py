"""Dealing from the box (issue 29): the host chooses on the dealing page; each seat records on its own phone what
it was dealt and later drew; the same state as the companion's own dealing (keep minimums per variant, the rest to
the bottom, kept tickets into the entry); a draw comes from the top of the pile; nothing of it on a shared page."""

from __future__ import annotations

import html
import re

import pytest
from ttr_web_helpers import claim, start_table

from companion.web.ticket_to_ride_europe import deal_store, store


def _deal(app, table_id):
    with app.app_context():
        return deal_store.get_deal(table_id)


def _entry(app, table_id, seat):
    with app.app_context():
        return next(s for s in store.get_seats(table_id) if s["seat"] == seat)["entry"]


def _text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def _record(client, token, cards):
    return client.post(f"/ttr-europe/s/{token}/dealt", data={"dealt": list(cards)})


def _start(app, variant="base", names=("Aki", "Ben", "Cho")):
    """A table whose host (client) chose to deal from the box; every seat claimed by its own phone."""
    host = app.test_client()
    table_id = start_table(host, names=names, variant=variant)
    phones = [host] + [app.test_client() for _ in names[1:]]
    tokens = [claim(phone, table_id, seat) for seat, phone in enumerate(phones)]
    assert host.post(f"/ttr-europe/t/{table_id}/deal", data={"mode": "physical"}).status_code == 302
    return table_id, phones, tokens


def test_only_the_host_chooses_and_only_once(app):
    host, other = app.test_client(), app.test_client()
    table_id = start_table(host, names=("Aki", "Ben"))
    page = _text(other.get(f"/ttr-europe/t/{table_id}/deal"))
    assert 'id="deal-physical"' not in page and "The phone that started the table chooses" in page
    assert other.post(f"/ttr-europe/t/{table_id}/deal", data={"mode": "physical"}).status_code == 403
    assert _deal(app, table_id) is None
    assert host.post(f"/ttr-europe/t/{table_id}/deal", data={"mode": "juggle"}).status_code == 302
    assert _deal(app, table_id) is None
    page = _text(host.get(f"/ttr-europe/t/{table_id}/deal"))
    assert 'id="deal-physical"' in page and 'id="deal-companion"' in page
    host.post(f"/ttr-europe/t/{table_id}/deal", data={"mode": "physical"})
    deal = _deal(app, table_id)
    assert deal.physical and deal.offers == [None, None]
    host.post(f"/ttr-europe/t/{table_id}/deal", data={"mode": "companion"})
    assert _deal(app, table_id).to_json() == deal.to_json()
    assert "This table already deals its tickets." in _text(host.get(f"/ttr-europe/t/{table_id}/deal"))
    assert host.get("/ttr-europe/t/nope/deal").status_code == 404


def test_dealt_recorded_kept_drawn_from_the_top_and_secret(app):
    table_id, phones, tokens = _start(app)
    aki, ben, cho = phones
    seat_page = _text(aki.get(f"/ttr-europe/s/{tokens[0]}"))
    assert "Tickets from the box" in seat_page and 'id="deal-record"' in seat_page and 'id="deal-start"' not in seat_page
    pile = list(_deal(app, table_id).pile)
    longs = sorted(c for c in pile if _deal(app, table_id).kind(c) == "long")
    regular = sorted(c for c in pile if _deal(app, table_id).kind(c) == "regular")
    page = _text(aki.get(f"/ttr-europe/s/{tokens[0]}/dealt"))
    assert "Tick the 1 long and 3 regular tickets you were dealt." in page
    assert len(re.findall(r'name="dealt"', page)) == 46  # the whole deck: nothing says where a card is
    # the wrong counts: refused by the engine, ticks kept
    wrong = _record(aki, tokens[0], regular[:4])
    assert wrong.status_code == 422 and "1 long and 3 regular" in _text(wrong)
    assert all(f'value="{c}" checked' in _text(wrong) for c in regular[:4])
    offers = [[longs[k], *regular[3 * k:3 * k + 3]] for k in range(3)]
    assert _record(aki, tokens[0], offers[0]).status_code == 302
    taken = _record(ben, tokens[1], [longs[1], regular[0], *regular[4:6]])  # Aki's card: not in the pile
    assert taken.status_code == 422 and regular[0].replace("|", "–") in _text(taken)
    for seat in (1, 2):
        assert _record(phones[seat], tokens[seat], offers[seat]).status_code == 302
    # keeping: the variant's minimum, then the entry holds the kept tickets
    few = aki.post(f"/ttr-europe/s/{tokens[0]}/deal/keep", data={"keep": offers[0][:1]}, follow_redirects=True)
    assert "Keep at least 2 of the tickets dealt." in _text(few)
    for seat, phone in enumerate(phones):
        phone.post(f"/ttr-europe/s/{tokens[seat]}/deal/keep", data={"keep": offers[seat][1:]})
    deal = _deal(app, table_id)
    assert deal.playing and all(c in deal.box for c in (o[0] for o in offers))  # base: not kept = the box
    assert [f"{t['from']}|{t['to']}" for t in _entry(app, table_id, 1)["tickets"]] == offers[1][1:]
    # drawing: the companion does not draw for a table with its own deck; the seat records its draw
    page = _text(ben.post(f"/ttr-europe/s/{tokens[1]}/deal/draw", follow_redirects=True))
    assert "record the tickets you drew" in page
    page = _text(ben.get(f"/ttr-europe/s/{tokens[1]}/dealt"))
    assert "Tick the 3 tickets you drew" in page and f'value="{offers[1][1]}"' not in page  # own hand not listed
    top = [c for c in deal.pile][:3]
    assert _record(ben, tokens[1], top).status_code == 302
    ben.post(f"/ttr-europe/s/{tokens[1]}/deal/keep", data={"keep": top[:1]})
    deal = _deal(app, table_id)
    assert deal.pile[-2:] == top[1:] and deal.layers[-1] == 2  # the two not kept went under the pile
    # a card that went under cannot be recorded while cards above it were never drawn
    under = _record(cho, tokens[2], [*deal.pile[:2], top[1]])
    assert under.status_code == 422 and "went back under the pile" in _text(under)
    # nothing of any seat's tickets on a page another seat or the table link reaches
    t = f"/ttr-europe/t/{table_id}"
    for url in (t, f"{t}/deal", f"{t}/score", f"{t}/log", f"{t}/game.json", f"{t}/score.json", f"{t}/log.json",
                f"{t}/live"):
        text = _text(cho.get(url))
        for card in (*offers[0], *offers[1], *top):
            a, b = card.split("|")
            assert card not in text and f"{a}–{b}" not in text and f"{a} – {b}" not in text, (url, card)
    status = _text(cho.get(f"{t}/deal"))
    assert "3 tickets kept" in status and "4 tickets kept" in status


@pytest.mark.parametrize("variant,long_dealt,regular_dealt,least", [("mega", 2, 5, 3), ("big-cities", 0, 5, 2)])
def test_other_variants_record_their_counts_and_send_the_rest_under_the_pile(app, variant, long_dealt,
                                                                              regular_dealt, least):
    table_id, phones, tokens = _start(app, variant=variant, names=("Aki", "Ben"))
    deal = _deal(app, table_id)
    longs = sorted(c for c in deal.pile if deal.kind(c) == "long")
    regular = sorted(c for c in deal.pile if deal.kind(c) == "regular")
    for seat, phone in enumerate(phones):
        offer = longs[seat * long_dealt:(seat + 1) * long_dealt] + regular[seat * regular_dealt:(seat + 1) * regular_dealt]
        assert _record(phone, tokens[seat], offer).status_code == 302
        kept = [c for c in offer if _deal(app, table_id).kind(c) == "regular"][:least]
        too_few = phone.post(f"/ttr-europe/s/{tokens[seat]}/deal/keep", data={"keep": kept[:-1]},
                             follow_redirects=True)
        assert "Keep at least" in _text(too_few)
        phone.post(f"/ttr-europe/s/{tokens[seat]}/deal/keep", data={"keep": kept})
    deal = _deal(app, table_id)
    assert deal.playing and len(deal.layers) == 2 and deal.layers[1] == 2 * (regular_dealt - least)


def test_the_record_page_is_only_for_a_table_dealing_from_the_box(app):
    client = app.test_client()
    table_id = start_table(client, names=("Aki", "Ben"))
    token = claim(client, table_id, 0)
    assert client.get(f"/ttr-europe/s/{token}/dealt").status_code == 302  # no dealing: back to the entry
    client.post(f"/ttr-europe/s/{token}/deal/start")  # the companion deals
    answer = client.post(f"/ttr-europe/s/{token}/dealt", data={"dealt": ["Paris|Wien"]})
    assert answer.status_code == 302 and _deal(app, table_id).offers[0] is not None
    assert client.get("/ttr-europe/s/nope/dealt").status_code == 404
