"""Helpers of the Ticket to Ride: Europe web tests (uniquely named: folders never import each other's)."""

from __future__ import annotations

import re
from typing import Any

COLOURS = ("red", "blue", "green", "yellow", "black")


def table_data(names=("Aki", "Ben"), variant: str = "base", colours=COLOURS, **overrides) -> dict[str, str]:
    """The start-a-table form: five name fields (the unused ones empty) and their colours."""
    data = {"variant": variant}
    for k in range(5):
        data[f"players-{k}-name"] = names[k] if k < len(names) else ""
        data[f"players-{k}-colour"] = colours[k]
    data.update(overrides)
    return data


def start_table(client, names=("Aki", "Ben"), variant: str = "base") -> str:
    """Start a table through its form; return the table's id."""
    response = client.post("/ttr-europe/new", data=table_data(names, variant))
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return re.search(r"/ttr-europe/t/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)


def claim(client, table_id: str, seat: int, take_over: bool = False) -> str:
    """Tap "This is me" (or "Move to this phone") for a seat; return the seat's token."""
    data = {"take_over": "1"} if take_over else {}
    response = client.post(f"/ttr-europe/t/{table_id}/seats/{seat}/claim", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    match = re.search(r"/ttr-europe/s/([A-Za-z0-9_-]+)$", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def entry_data(version: int, routes=(), stations=(), tickets=(), score_track: Any = None, **extra) -> dict:
    """The entry form: routes by id, stations as city or (city, borrows), deck tickets as (from, to)."""
    data: dict[str, Any] = {"version": str(version), "route": [str(r) for r in routes],
                            "ticket": [f"{a}|{b}" for a, b in tickets]}
    for k, s in enumerate(stations):
        city, borrows = (s, "") if isinstance(s, str) else s
        data[f"station-{k}-city"] = city
        data[f"station-{k}-borrows"] = str(borrows)
    if score_track is not None:
        data["score_track"] = str(score_track)
    data.update(extra)
    return data


def save(client, token: str, version: int, **entry) -> Any:
    """Post an entry; return the response."""
    return client.post(f"/ttr-europe/s/{token}", data=entry_data(version, **entry))


def end_game(client, table_id: str) -> None:
    """The host ends the game ("End the game and show every ticket"): tickets are shown to everyone."""
    response = client.post(f"/ttr-europe/t/{table_id}/end")
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]


PHONE = {"width": 390, "height": 844}


def phone(chromium):
    """A new phone for the browser tests: its own cookies, a touch screen, 390×844."""
    context = chromium.new_context(viewport=PHONE, has_touch=True, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors
