"""Starting a table, the table page (code, QR code, link, players' status), joining, and the pages' 404s."""

from __future__ import annotations

import re

import pytest
from welcome_web_helpers import join, start_table

from companion.games.welcome_to import PLANS


def test_home_page_shows_the_welcome_to_card(client):
    """The game registers itself: its card leads to the start page."""
    page = client.get("/").get_data(as_text=True)
    assert "Welcome To..." in page and "/welcome-to/new" in page and "/welcome-to/import" in page


def test_start_page_lists_every_plan_by_stack(client):
    """The start page offers the 28 plans, each under its own stack, and the paper kit."""
    page = client.get("/welcome-to/new").get_data(as_text=True)
    for plan in PLANS.values():
        select = re.search(rf'<select id="plan_{plan.stack}".*?</select>', page, re.S).group(0)
        assert f'<option value="{plan.id}"' in select
    assert "/welcome-to/sheet.pdf" in page and "/welcome-to/scorepad.pdf" in page


def test_drawn_plans_are_one_of_each_stack(client, app):
    """Drawing takes one basic plan from each stack; with the intermediate rules advanced plans may come too."""
    from companion.web.welcome_to import store

    seen_advanced = False
    for i in range(30):
        table_id = start_table(client, plans_source="draw", intermediate="y" if i % 2 else None)
        with app.app_context():
            table = store.get_table(table_id)
        assert [PLANS[p].stack for p in table["plans"]] == [1, 2, 3]
        if not table["intermediate"]:
            assert not any(PLANS[p].advanced for p in table["plans"])
        seen_advanced |= any(PLANS[p].advanced for p in table["plans"])
    assert seen_advanced


def test_chosen_plans_are_kept_and_shown(client):
    """Chosen plans are the table's, and the table page describes them."""
    table_id = start_table(client, plan_1="2", plan_2="8", plan_3="18")
    page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert "Plan 2" in page and "Plan 8" in page and "Plan 18" in page
    assert "Completed estates of sizes 2 + 3 + 5" in page


@pytest.mark.parametrize("fields,field,text", [
    ({"plan_2": "24"}, "plan_2", "belongs to the intermediate rules"),
    ({"plan_1": "7"}, "plan_1", "Choose a plan of stack n°1."),
    ({"plan_3": "99999999999"}, "plan_3", "Choose a plan of stack n°3."),
    ({"mode": "chaos"}, "mode", "Choose standard, advanced or solo."),
    ({"plans_source": "guess"}, "plans_source", "draw the plans, or choose them"),
    ({"mode": "solo", "name": ""}, "name", "A solo game needs its player"),
    ({"name": "x" * 41}, "name", "at most 40 characters"),
])
def test_refused_start_names_the_field_and_keeps_the_entries(client, fields, field, text):
    """A refused start is a 422 that names the field and keeps what was chosen."""
    data = {"mode": "standard", "plans_source": "choose", "plan_1": "1", "plan_2": "7", "plan_3": "13", "name": "Ann"}
    data.update(fields)
    response = client.post("/welcome-to/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert text in page.replace("&#39;", "'")
    assert 'aria-invalid="true"' in page
    if field != "name":
        assert 'value="Ann"' in page


def test_table_page_shows_code_qr_link_and_status_but_no_seat_secret(client, app):
    """The shared page has the join code, QR code and link, every player's status, and no seat link."""
    table_id = start_table(client, name="Aki")
    other = app.test_client()  # another phone
    ben = join(other, table_id, "Ben")
    page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert re.search(r'class="table-code">[^<]*<strong>[A-Z2-9]{4}-[A-Z2-9]{4}</strong>', page)
    assert f"/welcome-to/t/{table_id}/qr.png" in page and f"http://localhost/welcome-to/t/{table_id}" in page
    assert "Aki" in page and "Ben" in page and "round 1 · 0/33 houses" in page
    assert ben not in page  # Ben's sheet is Ben's phone's secret
    assert page.count("Open my sheet") == 1  # this phone holds Aki's seat only
    assert ben in other.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    response = client.get(f"/welcome-to/t/{table_id}/qr.png")
    assert response.status_code == 200 and response.mimetype == "image/png" and response.data[:4] == b"\x89PNG"


def test_join_code_leads_to_the_table(client):
    """The eight-letter code typed on the home page opens the table."""
    table_id = start_table(client)
    page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    code = re.search(r"<strong>([A-Z2-9]{4}-[A-Z2-9]{4})</strong>", page).group(1)
    response = client.get(f"/join?code={code.lower()}")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/welcome-to/t/{table_id}")


def test_status_fragment_refreshes_the_players(client, app):
    """The status fragment shows who joined and how far they are."""
    table_id = start_table(client)
    assert "Nobody has joined yet." in client.get(f"/welcome-to/t/{table_id}/status").get_data(as_text=True)
    join(app.test_client(), table_id, "Cho")
    assert "Cho" in client.get(f"/welcome-to/t/{table_id}/status").get_data(as_text=True)


def test_join_needs_a_name_and_a_free_seat(client, app):
    """An empty name is refused with the text kept; a solo table takes one player."""
    table_id = start_table(client)
    response = client.post(f"/welcome-to/t/{table_id}/join", data={"name": "   "})
    assert response.status_code == 422 and "Type a name" in response.get_data(as_text=True)
    solo = start_table(client, mode="solo", name="Sol")
    response = app.test_client().post(f"/welcome-to/t/{solo}/join", data={"name": "Extra"})
    assert response.status_code == 422 and "This table is full." in response.get_data(as_text=True)


def test_twelve_seats_at_most(client, app):
    """A table holds twelve players; the thirteenth is told it is full."""
    from companion.web.welcome_to.store import MAX_SEATS

    table_id = start_table(client)
    for n in range(MAX_SEATS):
        join(client, table_id, f"P{n}")
    response = client.post(f"/welcome-to/t/{table_id}/join", data={"name": "Late"})
    assert response.status_code == 422
    assert "Join with your name" not in client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)


@pytest.mark.parametrize("url", [
    "/welcome-to/t/nope", "/welcome-to/t/" + "a" * 30, "/welcome-to/t/" + "a" * 300, "/welcome-to/t/x/score",
    "/welcome-to/t/xxxxxxxxxxxxxxxxxxxxxx/qr.png", "/welcome-to/t/xxxxxxxxxxxxxxxxxxxxxx/game.json",
    "/welcome-to/t/xxxxxxxxxxxxxxxxxxxxxx/status", "/welcome-to/s/nope", "/welcome-to/s/" + "b" * 22,
    "/welcome-to/s/" + "b" * 22 + "/fragment", "/welcome-to/s/" + "b" * 22 + "/sheet.json",
])
def test_unknown_tables_and_seats_are_404(client, url):
    """Wrong links are a 404 page that says so."""
    response = client.get(url)
    assert response.status_code == 404
    assert "does not exist" in response.get_data(as_text=True)


def test_posts_to_unknown_tables_and_seats_are_404(client):
    """Joining or moving on a wrong link is a 404 too."""
    assert client.post("/welcome-to/t/" + "c" * 22 + "/join", data={"name": "A"}).status_code == 404
    for what in ("move", "undo", "import"):
        assert client.post("/welcome-to/s/" + "c" * 22 + f"/{what}", data={"version": "0"}).status_code == 404


def test_table_page_in_japanese(client):
    """The table page follows the phone's language."""
    table_id = start_table(client, name="Aki")
    page = client.get(f"/welcome-to/t/{table_id}?lang=ja").get_data(as_text=True)
    assert "参加" in page and "都市計画" in page
