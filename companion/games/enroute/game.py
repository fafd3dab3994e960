"""A whole game (`enroute-game/1`): board, level, ratings, goal cards and every player's sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.engine import NotAGameDocument
from ..core.problems import Problem, error, warning
from .board import Board, parse_board
from .goals import GoalCard, parse_goals
from .jsonread import check_keys, join, read_int, show
from .registry import UnknownBoardError, find_board
from .rows import LEVELS
from .sheet import Sheet, parse_sheet

GAME_FORMAT = "enroute-game/1"
MAX_PLAYERS = 8  # four boards per city, but printed maps let more people play


@dataclass
class Game:
    """A game as read: what could be understood, plus every problem found."""

    board: Board | None
    level: str
    ratings: dict[str, int]
    goals: list[GoalCard]
    players: list[Sheet | None]
    problems: list[Problem] = field(default_factory=list)

    def player_problems(self, index: int) -> list[Problem]:
        """Return the game-wide problems plus those of one player."""
        prefix = f"players[{index}]"
        mine = [p for p in self.problems if p.path == prefix or p.path.startswith(prefix + ".")
                or p.path.startswith(prefix + "[")]
        shared = [p for p in self.problems if not p.path.startswith("players[")]
        return shared + mine

    def rating(self, landmark_id: str) -> int:
        """Return the PP an iconic landmark is worth now."""
        track = self.board.rating_track(landmark_id) if self.board else None
        if not track:
            return 0
        return track[min(self.ratings.get(landmark_id, 0), len(track) - 1)]


def read_game(doc: Any, library: Path | str | None = None) -> Game:
    """Read a game document, collecting every problem; raise `NotAGameDocument` if it is not one."""
    if not isinstance(doc, dict):
        raise NotAGameDocument(f"A game document is a JSON object, not {show(doc)}.")
    if doc.get("format") != GAME_FORMAT:
        raise NotAGameDocument(f"Expected \"format\": \"{GAME_FORMAT}\", found {show(doc.get('format'))}.")
    players_raw = doc.get("players")
    if not isinstance(players_raw, list) or not players_raw:
        raise NotAGameDocument("A game document needs \"players\": a non-empty list of enroute-sheet/1 sheets.")
    problems: list[Problem] = []
    check_keys(doc, "", ("format", "board", "level", "ratings", "goals", "players"),
               ("board", "level"), "a game", problems)
    if len(players_raw) > MAX_PLAYERS:
        problems.append(error("too-many-players", "players", f"At most {MAX_PLAYERS} players, not {len(players_raw)}."))
    board = _read_board(doc.get("board"), library, problems) if "board" in doc else None
    level = doc.get("level", "full")
    if level not in LEVELS:
        problems.append(error("unknown-level", "level", f"level is one of {', '.join(LEVELS)}, not {show(level)}."))
        level = "full"  # go on checking everything a full game would use
    ratings = _read_ratings(doc.get("ratings", {}), board, problems)
    goals = parse_goals(doc.get("goals", []), "goals", problems)
    if goals and level != "full":
        problems.append(warning("goals-not-used", "goals",
                                f"The {level} game uses no goal cards; they score nothing."))
        goals = []
    manual = tuple(c.deck for c in goals if c.metric == "manual")
    players: list[Sheet | None] = []
    for i, raw in enumerate(players_raw):
        if board is None:
            players.append(None)
            continue
        sheet, found = parse_sheet(raw, board, level, join("players", i), manual)
        players.append(sheet)
        problems.extend(found)
    _check_names(players, problems)
    return Game(board, level, ratings, goals, players, problems)


def _read_board(value: Any, library: Path | str | None, problems: list[Problem]) -> Board | None:
    """Find a named board or read an inline one."""
    if isinstance(value, str):
        try:
            return find_board(value, library)
        except UnknownBoardError as exc:
            problems.append(error("unknown-board", "board", str(exc)))
            return None
    if isinstance(value, dict):
        board, found = parse_board(value, "board")
        problems.extend(found)
        return board
    problems.append(error("unknown-board", "board",
                          f"board is a board id or an enroute-board/1 object, not {show(value)}."))
    return None


def _read_ratings(value: Any, board: Board | None, problems: list[Problem]) -> dict[str, int]:
    """Read how many upgrade boxes are marked per iconic landmark."""
    if not isinstance(value, dict):
        problems.append(error("not-an-object", "ratings",
                              f'ratings maps grey landmark ids to marked upgrade boxes, like {{"tv-tower": 3}}, '
                              f"not {show(value)}."))
        return {}
    ratings: dict[str, int] = {}
    for key, raw in value.items():
        path = join("ratings", key)
        track = board.rating_track(key) if board else None
        if board is not None and track is None:
            grey = ", ".join(lm.id for lm in board.iconic()) or "none"
            problems.append(error("unknown-landmark", path,
                                  f"{show(key)} is not a grey landmark of {board.name} (grey landmarks: {grey})."))
            continue
        high = len(track) - 1 if track else None
        n = read_int(raw, path, f"The upgrade boxes marked for {key}", problems, low=0, high=high,
                     code="rating-beyond-track")
        if n is not None:
            ratings[key] = n
    return ratings


def _check_names(players: list[Sheet | None], problems: list[Problem]) -> None:
    """Warn when two players share a name (the score sheet would be ambiguous)."""
    seen: dict[str, int] = {}
    for i, sheet in enumerate(players):
        if sheet is None:
            continue
        key = sheet.player.casefold()
        if key in seen:
            problems.append(warning("duplicate-player", join(join("players", i), "player"),
                                    f"{sheet.player!r} is also the name of players[{seen[key]}]."))
        else:
            seen[key] = i
