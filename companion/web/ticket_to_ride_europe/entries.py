"""An entry (one player's routes, stations, tickets and score track): read from the posted form, placed in
the table's `ttr-europe-game/1` document, and its problems pointed at the page's fields and map.

The form reader only turns posted text into the document's shape (numbers,
city names, ticket cities); whether a route exists, is taken or fits in 45
trains is the engine's to say, so such an entry is saved and its problems
listed. Text that cannot be read at all (a route "abc", a score track "12x")
is refused with a message naming the field, and the rest is kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from ...games.ticket_to_ride_europe import GAME_FORMAT, board
from ..core.i18n import _
from ..core.security import small_int
from .svgmap import city_id

STATION_SLOTS = 3  # a player builds at most 3 stations: the form has three places
TICKET_ROWS = 40  # Big Cities: typed ticket rows (a player rarely keeps more than 15)
MAX_VALUES = 200  # more posted routes or tickets than this is junk
MAX_TEXT = 80


@dataclass
class ReadEntry:
    """A posted entry as far as it could be read, the raw texts to show again, and why parts were refused."""

    entry: dict[str, Any]
    raw: dict[str, str] = field(default_factory=dict)  # field name -> text kept as typed
    errors: dict[str, str] = field(default_factory=dict)  # field name -> message


def deck_cards(variant: str) -> list[dict[str, Any]]:
    """The variant's tickets as the page lists them, sorted by city: value "A|B", cities, points, kind."""
    deck = board().decks.get(variant)
    if deck is None:
        return []
    cards = sorted(deck.values(), key=lambda t: (t.city_a, t.city_b))
    return [{"n": n, "value": f"{t.city_a}|{t.city_b}", "a": t.city_a, "b": t.city_b, "points": t.points,
             "kind": t.kind} for n, t in enumerate(cards)]


def _text(form: MultiDict, key: str) -> str:
    """One posted text, trimmed and cut to a sane length."""
    value = form.get(key, "")
    return value.strip()[:MAX_TEXT] if isinstance(value, str) else ""


def read_entry_form(form: MultiDict, variant: str) -> ReadEntry:
    """Read an entry from the entry page's fields."""
    out = ReadEntry({"routes": [], "stations": [], "tickets": []})
    routes = form.getlist("route")
    if len(routes) > MAX_VALUES:
        out.errors["routes"] = _("Too many routes were sent ({count}); nothing was saved.", count=len(routes))
        routes = []
    for text in routes:
        number = small_int(text.strip())
        if number is None:
            out.errors["routes"] = _("A route is chosen by its number on the map; {value} is not one.",
                                     value=repr(text[:20]))
        else:
            out.entry["routes"].append(number)
    for k in range(STATION_SLOTS):
        city, borrows = _text(form, f"station-{k}-city"), _text(form, f"station-{k}-borrows")
        if not city:
            continue
        station: dict[str, Any] = {"city": city}
        if borrows:
            number = small_int(borrows)
            if number is None:
                out.errors[f"station-{k}-borrows"] = _("A borrowed route is a route number; {value} is not one.",
                                                      value=repr(borrows[:20]))
            else:
                station["borrows"] = number
        out.entry["stations"].append(station)
    _read_tickets(form, variant, out)
    track = _text(form, "score_track")
    if track:
        number = small_int(track)
        if number is None:
            out.errors["score_track"] = _("The score track is a whole number from 0 up; {value} is not one.",
                                          value=repr(track[:20]))
            out.raw["score_track"] = track
        else:
            out.entry["score_track"] = number
    return out


def _read_tickets(form: MultiDict, variant: str, out: ReadEntry) -> None:
    """Read the chosen deck tickets ("A|B"), or the typed Big Cities rows (from, to, points)."""
    if board().decks.get(variant) is not None:
        chosen = form.getlist("ticket")
        if len(chosen) > MAX_VALUES:
            out.errors["tickets"] = _("Too many tickets were sent ({count}); nothing was saved.", count=len(chosen))
            return
        for value in chosen:
            parts = value.split("|")
            if len(parts) != 2 or not all(p.strip() for p in parts):
                out.errors["tickets"] = _("Choose tickets from the list; {value} is not one.", value=repr(value[:40]))
                continue
            out.entry["tickets"].append({"from": parts[0].strip()[:MAX_TEXT], "to": parts[1].strip()[:MAX_TEXT]})
        return
    for k in range(TICKET_ROWS):
        a, z, points = _text(form, f"tfrom-{k}"), _text(form, f"tto-{k}"), _text(form, f"tpoints-{k}")
        if not (a or z or points):
            continue
        ticket: dict[str, Any] = {"from": a, "to": z}
        if points:
            number = small_int(points)
            if number is None:
                out.errors[f"tpoints-{k}"] = _("A ticket's points are a whole number; {value} is not one.",
                                               value=repr(points[:20]))
                out.raw[f"tpoints-{k}"] = points
                continue
            ticket["points"] = number
        out.entry["tickets"].append(ticket)


def engine_player(seat: dict[str, Any], entry: dict[str, Any] | None = None) -> dict[str, Any]:
    """A seat as a `players[]` item of `ttr-europe-game/1` (its saved entry, or the one given)."""
    entry = seat["entry"] if entry is None else entry
    doc = {"player": seat["name"], "colour": seat["colour"]}
    doc.update({k: v for k, v in entry.items() if k not in ("player", "colour")})
    return doc


def game_doc(table: dict[str, Any], seats: list[dict[str, Any]], seat: int | None = None,
             entry: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table as a `ttr-europe-game/1` document; `entry` replaces one seat's saved entry (a draft)."""
    players = [engine_player(s, entry if s["seat"] == seat else None) for s in seats]
    return {"format": GAME_FORMAT, "variant": table["variant"], "players": players}


_PATH = re.compile(r"players\[\d+\]\.(routes|stations|tickets|score_track)(?:\[(\d+)\])?")


def problem_targets(path: str, entry: dict[str, Any], cards: list[dict[str, Any]]) -> list[str]:
    """The page elements a problem of this entry points at: a route, a city, a station slot, a ticket row."""
    match = _PATH.match(path)
    if match is None:
        return []
    key, index = match.group(1), match.group(2)
    items = entry.get(key) if isinstance(entry, dict) else None
    if index is None:
        return {"routes": ["summary-trains"], "stations": ["stations"], "tickets": ["tickets"],
                "score_track": ["score_track"]}[key]
    k = int(index)
    item = items[k] if isinstance(items, list) and k < len(items) else None
    if key == "routes":
        return [f"r-{item}"] if type(item) is int else ["routes"]
    if key == "stations":
        city = item.get("city") if isinstance(item, dict) else None
        return [f"station-{k}", *([city_id(city)] if city in board().cities else [])]
    if not cards:  # Big Cities: the k-th typed row
        return [f"tk-{k}"]
    ticket = frozenset((item.get("from"), item.get("to"))) if isinstance(item, dict) else None
    found = next((c["n"] for c in cards if frozenset((c["a"], c["b"])) == ticket), None)
    return [f"tk-{found}"] if found is not None else ["tickets"]
