"""The shape of a `ttr-europe-game/1` document, read with the core's strict pydantic models.

Only shape is checked here (keys, types, enumerations); whether a route, a
city or a ticket exists, and every rule across players, is `checks.py`'s work
once the shape is known good. Each player is read on their own, so one broken
sheet does not stop the others from being checked and scored.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict

from ..core.engine import NotAGameDocument
from ..core.problems import N_, Problem
from ..core.schema import Doc, Field, Int, NonEmptyStr, Str, join_path, read, show
from .data import VARIANTS

GAME_FORMAT = "ttr-europe-game/1"
SCORE_FORMAT = "ttr-europe-score/1"


class StationIn(Doc):
    """One station as written: its city and, optionally, the route it borrows."""

    model_config = ConfigDict(title=N_("A station"))

    city: Str = Field(title=N_("The station's city"))
    borrows: Int | None = Field(default=None, title=N_("The station's borrowed route"))


class TicketIn(Doc):
    """One destination ticket as written: two cities, optionally its points."""

    model_config = ConfigDict(title=N_("A ticket"))

    from_: Str = Field(alias="from", title=N_("The ticket's first city"))
    to: Str = Field(title=N_("The ticket's second city"))
    points: Int | None = Field(default=None, ge=1, title=N_("The ticket's points"))


class PlayerIn(Doc):
    """One player's end of game as written."""

    model_config = ConfigDict(title=N_("A player"))

    player: NonEmptyStr = Field(title=N_("The player's name"))
    colour: Str | None = Field(default=None, title=N_("The player's colour"))
    routes: list[Int] = Field(default=[], title=N_("A route id"))
    stations: list[StationIn] = Field(default=[], title=N_("A station"))
    tickets: list[TicketIn] = Field(default=[], title=N_("A ticket"))
    score_track: Int | None = Field(default=None, ge=0, title=N_("The score track"))


class GameIn(Doc):
    """The document around the players: format, variant, and the players' raw entries."""

    model_config = ConfigDict(title=N_("the game document"))

    format: Literal["ttr-europe-game/1"] = Field(title=N_("The format"))
    variant: Literal["base", "1912", "mega", "big-cities"] = Field(default="base", title=N_("The variant"))
    players: list[Any] = Field(title=N_("The players"))


def read_document(doc: Any) -> tuple[str | None, list[PlayerIn | None], list[Problem]]:
    """Read the variant (None when unreadable), each player (None when unreadable) and every shape problem.

    Raises `NotAGameDocument` when the input is not this format at all.
    """
    if not isinstance(doc, dict):
        raise NotAGameDocument(f"A {GAME_FORMAT} document is a JSON object, not {show(doc)}.")
    if doc.get("format") != GAME_FORMAT:
        raise NotAGameDocument(f"Expected \"format\": \"{GAME_FORMAT}\", found {show(doc.get('format'))}.")
    if not isinstance(doc.get("players"), list):
        raise NotAGameDocument(f"A {GAME_FORMAT} document needs \"players\": a list of players.")
    game, problems = read(GameIn, {**doc, "players": []})
    variant = game.variant if game else _variant_or_none(doc)
    players: list[PlayerIn | None] = []
    for i, raw in enumerate(doc["players"]):
        player, found = read(PlayerIn, raw, join_path("players", i))
        players.append(player if player is not None else salvage(raw))
        problems.extend(found)
    return variant, players, problems


def _item(model: type[Doc], value: Any) -> Any:
    """One list item read alone, or None when it is broken."""
    item, found = read(model, value)
    return item if not found else None


def salvage(raw: Any) -> PlayerIn | None:
    """What can still be read of a broken player, so the checks across players still see it.

    Broken list items become None in place (paths keep their indices); the player already has an
    error, so it is checked but never scored. A player that is not an object gives nothing.
    """
    if not isinstance(raw, dict):
        return None
    name = raw.get("player")
    lists = {key: raw.get(key) if isinstance(raw.get(key), list) else [] for key in ("routes", "stations", "tickets")}
    return PlayerIn.model_construct(
        player=name if isinstance(name, str) and name else "",
        colour=None,
        routes=[r if type(r) is int else None for r in lists["routes"]],
        stations=[_item(StationIn, s) for s in lists["stations"]],
        tickets=[_item(TicketIn, t) for t in lists["tickets"]],
        score_track=None)


def _variant_or_none(doc: dict) -> str | None:
    """The variant when only other top-level keys are broken, else None."""
    value = doc.get("variant", "base")
    return value if isinstance(value, str) and value in VARIANTS else None


def raw_name(raw: Any, index: int) -> str:
    """Name a player whose entry could not be read: its `player` text if any, else "Player n"."""
    if isinstance(raw, dict) and isinstance(raw.get("player"), str) and raw["player"]:
        return raw["player"]
    return f"Player {index + 1}"
