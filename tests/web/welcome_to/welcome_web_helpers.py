"""Helpers of the Welcome To... web tests (a uniquely named module, so test folders never import each other's)."""

from __future__ import annotations

import re

JSON = {"Accept": "application/json"}


def start_table(client, **fields) -> str:
    """Start a table through the form (standard, plans 1, 7, 13 chosen unless told otherwise); return its id."""
    data = {"mode": "standard", "plans_source": "choose", "plan_1": "1", "plan_2": "7", "plan_3": "13", "name": ""}
    data.update(fields)
    response = client.post("/welcome-to/new", data={k: v for k, v in data.items() if v is not None})
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    return re.search(r"/welcome-to/t/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)


def join(client, table_id: str, name: str) -> str:
    """Join a table with a name; return the seat's secret token."""
    response = client.post(f"/welcome-to/t/{table_id}/join", data={"name": name})
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    return re.search(r"/welcome-to/s/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)


def version_of(client, token: str) -> int:
    """The version the seat's page shows now."""
    return client.get(f"/welcome-to/s/{token}/fragment").get_json()["version"]


def move(client, token: str, version: int | None = None, **fields):
    """Make one move through the page's script path (JSON answer); streets and houses count from 1."""
    data = {"version": str(version_of(client, token) if version is None else version)}
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(f"/welcome-to/s/{token}/move", data=data, headers=JSON)


def ok(response) -> dict:
    """Assert a move was accepted and return its JSON answer."""
    body = response.get_json()
    assert response.status_code == 200 and body["ok"], (response.status_code, body and body.get("messages"))
    return body


def play_round(client, token: str, street: int, house: int, number: int, effect: str | None = None,
               use: dict | None = None) -> None:
    """Play a whole round: choose the effect, write the number, use the effect if asked, end the round."""
    if effect:
        ok(move(client, token, kind="effect", effect=effect))
    ok(move(client, token, kind="number", street=street, house=house, number=number))
    if use:
        ok(move(client, token, **use))  # the effect's move
    ok(move(client, token, kind="next"))


def game_doc(client, table_id: str) -> dict:
    """The table's welcome-to-game/1 download."""
    response = client.get(f"/welcome-to/t/{table_id}/game.json")
    assert response.status_code == 200
    return response.get_json(force=True)
