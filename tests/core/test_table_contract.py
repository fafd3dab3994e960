"""The table contract, the same for every registered game (a game gets these tests by registering a driver).

Each game's web package declares `GameWeb.tables = TableSpec(..., contract=Driver)`; the driver plays the
game through its own pages (companion/web/core/tables/spec.py says what it offers). Checked here:
- two tables that differ only in one seat's secret render identically on every page, JSON and PDF reachable
  without that seat's link (other seats' pages included);
- duplicate names are refused, case- and space-insensitively, with the entry kept;
- a claimed seat cannot be taken from the table link;
- every host-only action answers 403 to another phone with the table link (every address of the app a game's
  `TableSpec.host_actions` covers, a city's own actions included, and what its driver lists), never to the host;
- in headless Chromium: a second phone sees another phone's change within 2 s without reloading, and an
  entry made offline survives Save and arrives after reconnecting.
"""

from __future__ import annotations

import io
import re
import time

import pytest
from flask import url_for
from werkzeug.routing import IntegerConverter

from companion.web.core.app import create_app
from companion.web.core.plugins import game_webs

GAMES = [w for w in game_webs() if w.tables is not None and w.tables.contract is not None]
IDS = [w.game_id for w in GAMES]


def test_every_game_registers_the_table_contract():
    """No game runs its tables outside the core's contract."""
    assert sorted(IDS) == sorted(w.game_id for w in game_webs())


@pytest.fixture
def app(tmp_path):
    """An app with a fresh database; CSRF off (the drivers post forms as the pages do), no rate limits."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})


def _driver(web):
    return web.tables.contract()


_VOLATILE = [
    (re.compile(r'name="csrf_token"[^>]*value="[^"]*"'), 'name="csrf_token"'),
    (re.compile(r'name="csrf-token" content="[^"]*"'), 'name="csrf-token"'),
    (re.compile(r"data:image/[a-z+]+;base64,[A-Za-z0-9+/=]+"), "data:image"),
    (re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d)?(\.\d+)?(\+00:00|Z)?"), "<time>"),
    (re.compile(r"<time[^>]*>[^<]*</time>"), "<time/>"),
]


def _readable(response) -> str:
    """A response as comparable text: a PDF's text, else the body."""
    if response.mimetype == "application/pdf":
        from pypdf import PdfReader

        return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(response.data)).pages)
    return response.get_data(as_text=True)


def _scrub_pairs(a, b) -> tuple[list[str], list[str]]:
    """The two tables' ids in one order, so that the same placeholder replaces each table's own."""
    assert len(a.scrub) == len(b.scrub), "a driver names the same ids of every table, in the same order"
    order = sorted(range(len(a.scrub)), key=lambda k: len(a.scrub[k]), reverse=True)
    return [a.scrub[k] for k in order], [b.scrub[k] for k in order]


@pytest.mark.parametrize("web", GAMES, ids=IDS)
def test_one_seats_secret_never_reaches_another_page(app, web):
    """Tables A and B differ only in seat 0's secret: everything reachable without seat 0's link is the same."""
    driver = _driver(web)
    names = ["Ana", "Ben", "Cy"]
    pages = {}
    tables = {}
    for variant in (0, 1):
        client = app.test_client()
        table = driver.create(client, names)
        driver.set_secret(client, table, 0, variant)
        tables[variant] = table
        urls = driver.shared_urls(client, table)
        assert urls, "a driver lists the table's shared pages"
        pages[variant] = [(url, client.get(url)) for url in urls]
    scrub_a, scrub_b = _scrub_pairs(tables[0], tables[1])
    assert len(pages[0]) == len(pages[1])
    for (url_a, ra), (_url_b, rb) in zip(pages[0], pages[1], strict=True):
        assert ra.status_code < 500 and rb.status_code < 500, url_a
        assert ra.status_code == rb.status_code, url_a
        ta = _readable_with(ra, scrub_a)
        tb = _readable_with(rb, scrub_b)
        if ta != tb:
            la, lb = [*ta.splitlines(), ""], [*tb.splitlines(), ""]
            line = next((k for k, (x, y) in enumerate(zip(la, lb)) if x != y), 0)
            pytest.fail(f"{url_a} differs with seat 0's secret (line {line + 1}):\nA: {la[line]}\nB: {lb[line]}")


def _readable_with(response, ordered_ids: list[str]) -> str:
    text = _readable(response)
    for k, value in enumerate(ordered_ids):
        if value:
            text = text.replace(value, f"<id{k}>")
    for pattern, replacement in _VOLATILE:
        text = pattern.sub(replacement, text)
    return text


@pytest.mark.parametrize("web", GAMES, ids=IDS)
def test_duplicate_names_are_refused_with_the_entry_kept(app, web):
    """"Ana" and " ANA " are one name: the start form refuses them and keeps what was typed."""
    response = _driver(web).start_with_names(app.test_client(), ["Ana", " ANA ", "Ben"])
    assert response.status_code in (400, 422), response.status_code
    body = response.get_data(as_text=True)
    assert "Ben" in body and "ANA" in body


@pytest.mark.parametrize("web", GAMES, ids=IDS)
def test_a_claimed_seat_is_not_taken_from_the_table_link(app, web):
    """Another phone with only the table link never reaches a seat another phone holds."""
    driver = _driver(web)
    table = driver.create(app.test_client(), ["Ana", "Ben"])
    other = app.test_client()
    response = driver.claim_from_table_link(other, table, 0)
    assert response.status_code < 500
    seat_path = table.seat_urls[0].split("?")[0]
    assert seat_path not in (response.headers.get("Location") or "")
    assert seat_path not in response.get_data(as_text=True)


def _declared_posts(app, web, table) -> list[tuple[str, dict]]:
    """Every post of the app that the game's `TableSpec.host_actions` makes the host's, for this table (other
    address arguments: seat 0, a word), so an action a game (or one of its cities) adds is checked unlisted."""
    actions = web.tables.host_actions
    if actions is None:
        return []
    assert table.table_id, "a game that declares host actions names its table id in the contract's table"
    posts = []
    for rule in app.url_map.iter_rules():
        blueprint = rule.endpoint.rsplit(".", 1)[0] if "." in rule.endpoint else None
        if not ({"POST", "PUT", "PATCH", "DELETE"} & set(rule.methods or ())) \
                or actions.table_arg not in rule.arguments or not actions.covers(rule.endpoint, blueprint):
            continue
        values = {arg: 0 if isinstance(rule._converters[arg], IntegerConverter) else "start" for arg in rule.arguments}
        values[actions.table_arg] = table.table_id
        with app.test_request_context():
            posts.append((url_for(rule.endpoint, **values), {}))
    assert posts, f"{web.game_id} declares host actions that match no address"
    return posts


@pytest.mark.parametrize("web", GAMES, ids=IDS)
def test_host_only_actions_refuse_another_phone(app, web):
    """Every action a game keeps for the host (its declared ones, and those its driver lists) answers 403 to
    another phone with the table link, saying why; the host itself is not refused."""
    driver = _driver(web)
    if not hasattr(driver, "host_only") and web.tables.host_actions is None:
        pytest.skip(f"{web.game_id} declares no host-only actions")
    host = app.test_client()
    table = driver.create(host, ["Ana", "Ben"])
    actions = _declared_posts(app, web, table) + (driver.host_only(table) if hasattr(driver, "host_only") else [])
    assert actions, "a driver that declares host-only actions lists them"
    other = app.test_client()
    for url, data in actions:
        response = other.post(url, data=data)
        assert response.status_code == 403, (url, response.status_code)
        assert "host" in response.get_data(as_text=True).lower() or "started" in response.get_data(as_text=True), url
    for url, data in _declared_posts(app, web, table):
        response = host.post(url, data=data)
        assert response.status_code != 403 and response.status_code < 500, (url, response.status_code)


# ---- in the browser -----------------------------------------------------------------------------------

@pytest.mark.parametrize("web", GAMES, ids=IDS)
def test_a_second_phone_follows_the_game_without_reloading(app, web, chromium, live_server):
    """Phone B shows phone A's change in < 2 s on every live page (shared and another seat's)."""
    driver = _driver(web)
    base = live_server(app)
    client = app.test_client()
    table = driver.create(client, ["Ana", "Ben"])
    watched = driver.live_pages(table)
    assert watched, "a driver names the pages that follow the game"
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        pages = []
        for url in watched:
            page = context.new_page()
            page.goto(base + url)
            pages.append(page)
        expected = driver.change(client, table)
        started = time.monotonic()
        for page in pages:
            page.wait_for_function("text => document.body && document.body.innerText.includes(text)",
                                   arg=expected, timeout=max(100, int((2.0 - (time.monotonic() - started)) * 1000)))
    finally:
        context.close()


@pytest.mark.parametrize("web", GAMES, ids=IDS)
def test_an_entry_made_offline_survives_save_and_arrives(app, web, chromium, live_server):
    """Offline, Save keeps the entry on the phone (no error page); back online it is sent by itself."""
    driver = _driver(web)
    base = live_server(app)
    client = app.test_client()
    table = driver.create(client, ["Ana", "Ben"])
    entry = driver.entry_page(table)
    if entry is None:
        pytest.skip(f"{web.game_id} has no entry page")
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(base + entry["url"])
        for action in entry.get("before", []):
            action(page)
        context.set_offline(True)
        for selector, value in entry["fill"]:
            page.fill(selector, value)
        page.click(entry["save"])
        page.wait_for_selector("#offline-banner:not([hidden])", timeout=5000)
        assert "chrome-error" not in page.url
        assert not entry["arrived"](client)
        context.set_offline(False)
        deadline = time.monotonic() + 15
        while not entry["arrived"](client):
            assert time.monotonic() < deadline, "the entry made offline never arrived"
            time.sleep(0.2)
    finally:
        context.close()
