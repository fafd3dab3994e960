"""A whole game (`explore-ny-game/1`): every player's tile and markings, each read on their own."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict

from ..core.engine import NotAGameDocument
from ..core.problems import N_, Problem, error, warning
from ..core.schema import Doc, Field, join_path, read, show
from .sheet import Sheet, read_player

GAME_FORMAT = "explore-ny-game/1"
MAX_PLAYERS = 8  # four tiles in the box; printed blank maps let a bigger table score too


class GameDoc(Doc):
    """The document around the players (each player is read on their own)."""

    model_config = ConfigDict(extra="forbid", frozen=True, title=N_("a game"))

    format: Literal["explore-ny-game/1"] = Field(title=N_("The format"))
    players: list[Any] = Field(title=N_("The players"))


@dataclass
class PlayerRead:
    """One player as read: the sheet (None when it has no usable tile), the name to show, the problems."""

    sheet: Sheet | None
    name: str
    problems: list[Problem]


@dataclass
class Game:
    """A game as read: the players and the problems of the document around them."""

    players: list[PlayerRead]
    problems: list[Problem] = field(default_factory=list)

    def player_problems(self, index: int) -> list[Problem]:
        """The document's own problems plus one player's."""
        return self.problems + self.players[index].problems


def read_game(doc: Any, library: Path | str | None = None) -> Game:
    """Read a game document with every problem; raise `NotAGameDocument` when it is not one at all."""
    if not isinstance(doc, dict):
        raise NotAGameDocument(f"A game document is a JSON object, not {show(doc)}.")
    if doc.get("format") != GAME_FORMAT:
        raise NotAGameDocument(f"Expected \"format\": \"{GAME_FORMAT}\", found {show(doc.get('format'))}.")
    raw_players = doc.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise NotAGameDocument(f"A game document needs \"players\": a non-empty list of player sheets ({GAME_FORMAT}).")
    _, problems = read(GameDoc, doc)
    if len(raw_players) > MAX_PLAYERS:
        problems.append(error("too-many-players", "players", N_("At most {most} players, not {found}."),
                              most=MAX_PLAYERS, found=len(raw_players)))
    players = []
    for i, raw in enumerate(raw_players):
        sheet, name, found = read_player(raw, library)
        path = join_path("players", i)
        players.append(PlayerRead(sheet, name or f"Player {i + 1}", [p.within(path) for p in found]))
    _check_names(players)
    return Game(players, problems)


def _check_names(players: list[PlayerRead]) -> None:
    """Warn when two players share a name (the score sheet would be ambiguous)."""
    seen: dict[str, int] = {}
    for i, p in enumerate(players):
        key = p.name.casefold()
        if key in seen:
            p.problems.append(warning("duplicate-player", f"players[{i}].player", N_(
                "{name} is also the name of players[{first}]."), name=show(p.name), first=seen[key]))
        else:
            seen[key] = i


__all__ = ["GAME_FORMAT", "MAX_PLAYERS", "Game", "GameDoc", "PlayerRead", "read_game"]
