"""Helpers for the Thurn und Taxis web tests: start a table, claim seats, place clergy, walk the route steps."""

from __future__ import annotations

import html
import json
import re

FOUR = [("Anna", "blue"), ("Ben", "green"), ("Scott", "red"), ("Dave", "yellow")]

# The seed's arrival example: Baden carries blue and green cardinals, a red bishop and a yellow pastor;
# Baiern carries green and red pastors, a blue priest and a yellow cardinal.
SEED_PLACEMENT = {
    0: {"baden": "cardinal", "baiern": "priest", "wurttemberg-hohenzollern": "bishop", "bohmen-salzburg": "pastor",
        "schweiz-tyrol": "fifth"},
    1: {"baden": "cardinal", "baiern": "pastor", "wurttemberg-hohenzollern": "bishop", "bohmen-salzburg": "priest",
        "schweiz-tyrol": "fifth"},
    2: {"baden": "bishop", "baiern": "pastor", "wurttemberg-hohenzollern": "cardinal", "bohmen-salzburg": "priest",
        "schweiz-tyrol": "fifth"},
    3: {"baden": "pastor", "baiern": "cardinal", "wurttemberg-hohenzollern": "bishop", "bohmen-salzburg": "priest",
        "schweiz-tyrol": "fifth"},
}

# An invented board (NOT the real one): only the seed's facts joined by made-up "Test ..." cities.
TEST_ROADS = """# invented for the tests
Lorrach > Test Schwarzwald > Como
Tuttlingen > Test Schwarzwald
Tuttlingen > Test Bodensee
St. Gallen > Test Bodensee > Como > Mailand > Test Po > Rom
Test Bodensee > Mailand
Freising > Andechs > Ettal > Trient > Test Po
Andechs > Trient
Hallstadt > Test Tauern > Udine > Rom
Udine > Test Po
"""


def new_table_data(n: int = 4, **overrides) -> dict:
    """A valid start-a-table post for the first n test players, both modules, no board."""
    data = {"audience": "y", "offices": "y", "board": ""}
    for i in range(4):
        name, colour = FOUR[i]
        data[f"name_{i}"] = name if i < n else ""
        data[f"colour_{i}"] = colour
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


def start_table(client, n: int = 4, **overrides) -> str:
    """Start a table through the form; return its token."""
    response = client.post("/taxis/new", data=new_table_data(n, **overrides))
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    match = re.fullmatch(r"/taxis/([A-Za-z0-9_-]{20,})", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def version(client, token: str) -> str:
    """The table's version now (what a page shows in its forms)."""
    return str(client.get(f"/taxis/{token}/version").get_json()["version"])


def claim(client, token: str, seat: int) -> str:
    """Tap "This is me" for a seat; return the seat page's path."""
    response = client.post(f"/taxis/{token}/seats/{seat}/claim")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/taxis/s/")
    return response.headers["Location"]


def place(client, seat_url: str, token: str, assignment: dict, expect: int = 302):
    """Place a seat's clergy on its own page."""
    data = {f"carriage_{k}": v for k, v in assignment.items()}
    data["version"] = version(client, token)
    response = client.post(seat_url + "/clergy", data=data)
    assert response.status_code == expect, response.get_data(as_text=True)[:3000]
    return response


def seat_everyone(client, token: str, placements: dict | None = None, n: int = 4) -> dict[int, str]:
    """Claim every seat and place its clergy (the seed example's placement by default); return the seat pages."""
    seats = {}
    for i in range(n):
        seats[i] = claim(client, token, i)
        chosen = (placements or SEED_PLACEMENT).get(i) or SEED_PLACEMENT[i]
        place(client, seats[i], token, chosen)
    return seats


def draft_of(page: str) -> dict:
    """The route draft a route page carries."""
    match = re.search(r'name="draft" value="([^"]*)"', page)
    assert match, page[:2000]
    return json.loads(html.unescape(match.group(1)))


def route_post(client, token: str, data: dict, expect: int = 200):
    """Post one step of the route form."""
    response = client.post(f"/taxis/{token}/route", data=data)
    assert response.status_code == expect, response.get_data(as_text=True)[:3000]
    return response


def score_route(client, token: str, cities: list[str], post_offices: list[str] = (), steps: list[tuple] = (),
                record: bool = True):
    """Walk the route form: cities, post offices, then each step (carriage, city); record it at the end."""
    v = version(client, token)
    data = {"version": v, "stage": "route", "draft": "{}", "do": "next"}
    data.update({f"city_{i}": c for i, c in enumerate(cities)})
    page = route_post(client, token, data).get_data(as_text=True)
    draft = draft_of(page)
    page = route_post(client, token, {"version": v, "stage": "offices", "draft": json.dumps(draft), "do": "next",
                                      "post_office": list(post_offices)}).get_data(as_text=True)
    draft = draft_of(page)
    for carriage, city, *board in steps:
        step = {"version": v, "stage": "moves", "draft": json.dumps(draft), "do": "add"}
        if board:
            step["step"] = f"{carriage}>{city}"
        else:
            step.update(step=f"{carriage}>", to=city)
        page = route_post(client, token, step).get_data(as_text=True)
        draft = draft_of(page)
    if not record:
        return page, draft
    return route_post(client, token, {"version": v, "stage": "moves", "draft": json.dumps(draft), "do": "record"},
                      302)


def act(client, token: str, path: str, expect: int = 302, **data):
    """Post a shared-screen action with the current version."""
    data.setdefault("version", version(client, token))
    response = client.post(f"/taxis/{token}/{path}", data=data)
    assert response.status_code == expect, response.get_data(as_text=True)[:3000]
    return response


def state(app, token: str) -> dict:
    """The whole stored state (secrets included), read straight from the store for checks."""
    from companion.games.thurn_und_taxis_rome import table_to_json
    from companion.web.thurn_und_taxis_rome import store

    with app.app_context():
        return table_to_json(store.load(token).table)


def text(response) -> str:
    """A page's text with tags removed and whitespace collapsed (entities decoded)."""
    body = re.sub(r"<script.*?</script>|<style.*?</style>", " ", response.get_data(as_text=True), flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())
