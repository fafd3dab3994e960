"""The referee on the core's table parts: secrets by construction once the game runs, the two views, the host,
the registry."""

from __future__ import annotations

import re

from companion.web.core.tables import registry
from companion.web.enroute.contract import Driver, _step
from companion.web.enroute.referee import store

VOLATILE = (re.compile(r'name="csrf_token"[^>]*value="[^"]*"'), re.compile(r"<time[^>]*>[^<]*</time>"))


def _started(app, variant: int):
    """A started game of three whose seat 0 kept its first or second personal goal; its shared pages' texts."""
    driver, client = Driver(), app.test_client()
    table = driver.create(client, ["Ana", "Ben", "Cy"])
    driver.set_secret(client, table, 0, variant)
    for url in table.seat_urls[1:]:
        assert client.post(url + "/keep", data={"keep": "0"}).status_code == 302
    token = table.extra["token"]
    assert _step(client, token, "start").headers["Location"].endswith(f"/play/{token}")
    texts = []
    for url in [f"/play/{token}", f"/play/{token}/live", f"/play/{token}/setup/start",
                f"/play/{token}/setup/personal-goals", *table.seat_urls[1:]]:
        text = client.get(url).get_data(as_text=True)
        for k, value in enumerate(sorted(table.scrub, key=len, reverse=True)):
            text = text.replace(value, f"<id{k}>") if value else text
        for pattern in VOLATILE:
            text = pattern.sub("", text)
        texts.append((url, text))
    return table, texts


def test_a_kept_goal_never_reaches_a_shared_page_once_the_game_runs(app):
    (_a, pages_a), (_b, pages_b) = _started(app, 0), _started(app, 1)
    for (url, a), (_url, b) in zip(pages_a, pages_b, strict=True):
        assert a == b, url


def test_the_public_view_knows_that_a_goal_is_kept_but_not_which(app):
    table, _pages = _started(app, 1)
    with app.app_context():
        public = store.public_view(table.extra["token"])
        mine = store.seat_view(table.extra["token"], 0)
        other = store.seat_view(table.extra["token"], 1)
    assert [s["kept"] for s in public["seats"]] == [True, True, True]
    assert "me" not in public and all("token" not in s for s in public["seats"])
    assert mine["me"]["kept"] == 1 and mine["me"]["personal_goal"] == mine["me"]["offers"][1]
    assert other["me"]["kept"] == 0 and other["me"]["offers"] != mine["me"]["offers"]


def test_the_creator_hosts_the_game_and_the_registry_follows_it(app):
    client = app.test_client()
    table = Driver().create(client, ["Ana", "Ben"])
    token = table.extra["token"]
    with app.app_context():
        row = registry.get("enroute", token)
        assert row["host"] and row["finished"] is None
        store.link_table(token, "some-score-table")
        assert registry.get("enroute", token)["finished"]
    stranger = app.test_client()
    assert stranger.post(f"/play/{token}/seats/0/new-link", data={}).status_code == 403
    assert client.post(f"/play/{token}/seats/0/new-link", data={}).status_code == 302


def test_an_old_game_hosted_by_its_session_keeps_its_host(app):
    """A game started before the core kept hosts: the phone whose session started it is its host."""
    client = app.test_client()
    table = Driver().create(client, ["Ana", "Ben"])
    token = table.extra["token"]
    with app.app_context():
        from sqlalchemy import update

        from companion.web.core import db
        with db.write() as conn:
            conn.execute(update(registry.core_table).where(registry.core_table.c.table_id == token).values(host=None))
    old_phone = app.test_client()
    with old_phone.session_transaction() as session:
        session["play_host"] = [token]
    assert app.test_client().post(f"/play/{token}/seats/0/new-link", data={}).status_code == 403
    assert old_phone.post(f"/play/{token}/seats/0/new-link", data={}).status_code == 302
