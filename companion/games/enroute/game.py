"""A whole game (`enroute-game/1`): board, level, ratings, goal cards and every player's sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.engine import NotAGameDocument
from ..core.problems import N_, DocumentError, Problem, error, fill, warning
from ..core.schema import join_path, show
from .board import Board, parse_board
from .game_format import GAME_FORMAT, GameV1
from .goals import GoalCard, check_goals
from .registry import UnknownBoardError, find_board, library_board_ids, shipped_board_ids
from .shape import read_shape
from .sheet import Sheet, parse_sheet

__all__ = ["GAME_FORMAT", "MAX_PLAYERS", "Game", "NotAGameDocument", "read_game"]
MAX_PLAYERS = 8  # four boards per city, but printed maps let more people play
# Stand-ins for a missing board or level, so the rest of the game is still checked (it is not scored).
_PLACEHOLDERS = {"board": None, "level": "full"}
_LEVEL_WORDS = {"simplified": N_("simplified"), "intermediate": N_("intermediate"), "full": N_("full")}


@dataclass
class Game:
    """A game as read: what could be understood, plus every problem found."""

    board: Board | None
    level: str
    ratings: dict[str, int]
    goals: list[GoalCard]
    players: list[Sheet | None]
    problems: list[Problem] = field(default_factory=list)
    marks: dict[str, tuple[int, ...]] = field(default_factory=dict)  # coordinate tracks (Rio's statue)
    tours: tuple[str, ...] = ()  # Paris: the thematic tours revealed (tour feature ids)

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
    # The exception carries text only (core's NotAGameDocument); the source texts are marked for the catalogues.
    if not isinstance(doc, dict):
        raise NotAGameDocument(fill(N_("A game document is a JSON object, not {value}."), {"value": show(doc)}))
    if not (isinstance(doc.get("format"), str) and doc["format"] == GAME_FORMAT):
        raise NotAGameDocument(fill(N_('Expected "format": {expected}, found {value}.'),
                                    {"expected": f'"{GAME_FORMAT}"', "value": show(doc.get("format"))}))
    players_raw = doc.get("players")
    if not isinstance(players_raw, list) or not players_raw:
        raise NotAGameDocument(N_('A game document needs "players": a non-empty list of enroute-sheet/1 sheets.'))
    shape = read_shape(GameV1, doc, "", _PLACEHOLDERS)
    problems: list[Problem] = list(shape.problems)
    model = shape.value
    if len(players_raw) > MAX_PLAYERS:
        problems.append(error("too-many-players", "players", N_("At most {most} players, not {count}."),
                              most=MAX_PLAYERS, count=len(players_raw)))
    board = _read_board(doc["board"], library, problems) if "board" in doc else None
    level = model.level if model is not None else "full"  # a bad level: check everything a full game uses
    ratings = _read_ratings(model.ratings if model is not None else {}, board, problems)
    goals = check_goals(doc.get("goals"), shape.items(("goals",), model.goals) if model is not None else (),
                        "goals", problems)
    if goals and level != "full":
        problems.append(warning("goals-not-used", "goals", N_("The {level} game uses no goal cards; they score "
                                                              "nothing."), level=_LEVEL_WORDS[level]))
        goals = []
    goals = _check_zones(goals, board, problems)
    manual = tuple(c.deck for c in goals if c.metric == "manual")
    players: list[Sheet | None] = []
    for i, raw in enumerate(players_raw):
        if board is None:
            players.append(None)
            continue
        sheet, found = parse_sheet(raw, board, level, join_path("players", i), manual)
        players.append(sheet)
        problems.extend(found)
    _check_names(players, problems)
    marks = _read_marks(model.marks if model is not None else {}, board, problems)
    tours = _read_tours(model.tours if model is not None else {}, board, problems)
    return Game(board, level, ratings, goals, players, problems, marks, tours)


def _read_tours(value: dict[str, str], board: Board | None, problems: list[Problem]) -> tuple[str, ...]:
    """Check the thematic tours revealed (colour -> tour id): tours of the board, each of its colour's area."""
    known = board.features_of("tour") if board is not None else []
    kept: list[str] = []
    for colour, tour_id in value.items():
        where = join_path("tours", colour)
        tour = next((f for f in known if f.id == tour_id), None)
        if board is not None and tour is None:
            problems.append(error("unknown-tour", where, N_("{id} is not a thematic tour of {board} (tours: {tours})."),
                                  id=show(tour_id), board=board.name, tours=", ".join(f.id for f in known) or "-"))
        elif tour is not None and tour.param("colour") != colour:
            problems.append(error("tour-colour", where,
                                  N_("The tour {id} belongs to the {colour} bonus area, not to {value}."),
                                  id=show(tour_id), colour=tour.param("colour"), value=show(colour)))
        elif tour is not None:
            kept.append(tour.id)
    if board is not None and known and not value:
        problems.append(warning("no-tours", "tours", N_("No thematic tours are given; remote landmarks of completed "
                                                        "tours score nothing.")))
    return tuple(kept)


def _check_zones(goals: list[GoalCard], board: Board | None, problems: list[Problem]) -> list[GoalCard]:
    """Drop a zone goal card whose zone is not a zone of the board (an error at its path)."""
    if board is None:
        return goals
    zones = [f.id for f in board.features_of("zone")]
    kept = []
    for i, card in enumerate(goals):
        if card.zone is not None and card.zone not in zones:
            problems.append(error("unknown-zone", join_path(join_path("goals", i), "zone"),
                                  N_("{id} is not a zone of {board} (zones: {zones})."), id=show(card.zone),
                                  board=board.name, zones=", ".join(zones) or "-"))
            continue
        kept.append(card)
    return kept


def _read_marks(value: dict[str, list[int]], board: Board | None, problems: list[Problem]) -> dict:
    """Check the spaces marked on coordinate tracks: a track of the board, its spaces, each at most once."""
    marks: dict[str, tuple[int, ...]] = {}
    for key, spaces in value.items():
        track = board.coordinate_track(key) if board else None
        if board is not None and track is None:
            problems.append(error("unknown-track", join_path("marks", key),
                                  N_("{id} is not a coordinate track of {board}."), id=show(key), board=board.name))
            continue
        kept: list[int] = []
        for i, n in enumerate(spaces):
            where = join_path(join_path("marks", key), i)
            if track is not None and n not in track.spaces:
                problems.append(error("bad-coordinate", where, N_("{track} has the spaces {spaces}, not {value}."),
                                      track=show(key), spaces=", ".join(map(str, track.spaces)), value=n))
            elif n in kept:
                problems.append(error("coordinate-marked-twice", where,
                                      N_("Space {value} of {track} is already marked; a space is marked at most "
                                         "once."), value=n, track=show(key)))
            else:
                kept.append(n)
        marks[key] = tuple(kept)
    return marks


def _read_board(value: Any, library: Path | str | None, problems: list[Problem]) -> Board | None:
    """Find a named board or read an inline one."""
    if isinstance(value, str):
        try:
            return find_board(value, library)
        except UnknownBoardError:
            known = shipped_board_ids() + library_board_ids(library)
            problems.append(error("unknown-board", "board", N_("Unknown board {id}; known boards: {known}."),
                                  id=show(value), known=", ".join(known)))
        except (DocumentError, OSError, ValueError):  # a saved board whose file is damaged
            problems.append(error("unknown-board", "board",
                                  N_("The saved board {id} cannot be read; open it in the board editor."),
                                  id=show(value)))
        return None
    if isinstance(value, dict):
        board, found = parse_board(value, "board")
        problems.extend(found)
        return board
    problems.append(error("unknown-board", "board", N_("{what} is a board id or an enroute-board/1 object, not "
                                                       "{value}."), what=N_("The board"), value=show(value)))
    return None


def _read_ratings(value: dict[str, int], board: Board | None, problems: list[Problem]) -> dict[str, int]:
    """Check the upgrade boxes marked per iconic landmark against the board's rating tracks."""
    ratings: dict[str, int] = {}
    for key, n in value.items():
        path = join_path("ratings", key)
        track = board.rating_track(key) if board else None
        if board is not None and track is None:
            grey = ", ".join(k for k, _ in board.ratings) if board.version == 2 else ", ".join(
                lm.id for lm in board.iconic())
            if grey:
                problems.append(error("unknown-landmark", path,
                                      N_("{id} is not a grey landmark of {board} (grey landmarks: {grey})."),
                                      id=show(key), board=board.name, grey=grey))
            else:
                problems.append(error("unknown-landmark", path,
                                      N_("{id} is not a grey landmark of {board}, which has none."),
                                      id=show(key), board=board.name))
            continue
        if track and n > len(track) - 1:
            problems.append(error("rating-beyond-track", path,
                                  N_("The upgrade boxes marked for {id} must be at most {most}, not {value}."),
                                  id=key, most=len(track) - 1, value=n))
            continue
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
            problems.append(warning("duplicate-player", join_path(join_path("players", i), "player"),
                                    N_("{name} is also the name of players[{first}]."), name=repr(sheet.player),
                                    first=seen[key]))
        else:
            seen[key] = i
