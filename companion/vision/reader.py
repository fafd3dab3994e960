"""Read a phone photo of a filled-in printed En Route map into an `enroute-sheet/1` draft.

`read_photo(data, boards)` finds the page (markers, perspective, page code), compares it with the
blank printed page and decides every road, location, cafe and intersection, each with a
confidence. The draft it returns is only a proposal: the web page shows it on the tap map with
the doubtful items highlighted, and nothing is saved before the player confirms it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import numpy as np

from companion.games.core.problems import N_
from companion.games.enroute.board import COLOURS, Board
from companion.games.enroute.sheet import SHEET_FORMAT

from . import cities, pagecode
from .locate import Located, PhotoError, decode_image, local_shift, locate, rectify, refine
from .marks import Decision, ink_of, read_cafes, read_goal, read_sections, read_tourists
from .pagegeom import blank_page, page_geometry
from .quality import Quality, check_pen
from .quality import check as check_quality
from .quality import measure as measure_quality

__all__ = ["PhotoError", "Reading", "read_photo", "read_image"]


@dataclass
class Reading:
    """What a photo says: the board and player board it shows, the draft sheet, and every decision."""

    board: Board
    player_board: int
    paper: str
    lang: str
    draft: dict
    decisions: list[Decision] = field(default_factory=list)
    seconds: float = 0.0
    rectified: np.ndarray | None = None
    quality: Quality | None = None

    @property
    def doubtful(self) -> list[Decision]:
        """Return the decisions the player should check."""
        return [d for d in self.decisions if d.doubtful]


def read_photo(data: bytes, boards: Iterable[Board], player: str = "?", strict: bool = True) -> Reading:
    """Read photo bytes against the known boards; PhotoError (with a player-facing message) if impossible.

    `strict` refuses a photo too poor to trust (blur, glare, a hard shadow, too small) before reading it;
    the bench turns it off to measure what the reader would have said.
    """
    started = time.perf_counter()
    reading = read_image(decode_image(data), boards, player, strict)
    reading.seconds = time.perf_counter() - started
    return reading


def read_image(photo: np.ndarray, boards: Iterable[Board], player: str = "?", strict: bool = True) -> Reading:
    """Read a decoded RGB photo (uint8) against the known boards."""
    started = time.perf_counter()
    located = locate(photo)
    board = _board_of(located, boards)
    code = located.code
    geo = page_geometry(board, code.paper, code.lang)
    blank = blank_page(board, code.player_board, code.paper, code.lang)
    located = refine(located, blank, geo.anchors)
    rectified = rectify(located, geo.width, geo.height)
    # A curled page and the lens bend the print off the one perspective: align it tile by tile, first
    # broadly (half scale), then finely.
    shift = local_shift(rectified, blank, geo.box, coarse=True)
    if shift is not None:
        rectified = rectify(located, geo.width, geo.height, shift)
    finer = local_shift(rectified, blank, geo.box)
    if finer is not None:
        shift = finer if shift is None else shift + finer
        rectified = rectify(located, geo.width, geo.height, shift)
    quality = measure_quality(located, rectified, blank, geo)
    if strict:
        check_quality(quality)
    ink = ink_of(rectified, blank, geo.box)
    colours = COLOURS if "purple" in board.kinds_present() else COLOURS[:3]
    sections = read_sections(ink, geo)
    if strict:
        check_pen(quality, ink.levels.get("pen"))
    decisions = sections + read_tourists(ink, geo, colours) + read_cafes(ink, geo) + _goal_count(read_goal(ink, geo))
    # What the city's own printed map adds (crosses, remote spaces, section colours, tickets): its readers.
    readers = cities.readers_for(board)
    for city_reader in readers:
        decisions = city_reader.read(ink, geo, board, decisions)
    decisions = [d for d in decisions if d.kind != "box"]  # a printed box no reader claims
    draft = to_draft(decisions, code.player_board, player)
    for city_reader in readers:
        city_reader.draft(decisions, draft, board)
    return Reading(board, code.player_board, code.paper, code.lang, draft, decisions,
                   time.perf_counter() - started, rectified, quality)


def _goal_count(decisions: list[Decision]) -> list[Decision]:
    """Flag the circled intersections when there are not exactly three (a personal goal has three)."""
    circled = sum(1 for d in decisions if d.value)
    if circled in (0, 3):
        return decisions
    # Fewer than three: the missing circle may run over dark print (a printed disc at the point), where
    # ink does not show; those points are flagged too (measure2: the share of the circle's way hidden).
    return [replace(d, confidence=min(d.confidence, 0.3)) if d.value or (circled < 3 and d.measure2 >= 0.5)
            else d for d in decisions]


def _board_of(located: Located, boards: Iterable[Board]) -> Board:
    """Return the board the page code names, with its player board; PhotoError otherwise."""
    code = located.code
    if code.kind != pagecode.CODE_VERSION:
        raise PhotoError(N_("This is a printed page of another game: read it on that game's own page."))
    for board in boards:
        if code.matches(board.id):
            if board.player_board(code.player_board) is None:
                raise PhotoError(N_("This map page names player board {number}, which {city} does not have."),
                                 number=code.player_board, city=board.name)
            return board
    raise PhotoError(N_("This is a map page of another city: print and photograph this table's map."))


def to_draft(decisions: list[Decision], player_board: int, player: str) -> dict:
    """Turn the decisions into an `enroute-sheet/1` draft (the companion chooses the final route)."""
    sections = [[list(d.key[0]), list(d.key[1])] for d in decisions if d.kind == "section" and d.value]
    tourists = [{"at": list(d.key), **d.value} for d in decisions if d.kind == "tourists" and d.value]
    cafes = [{"at": list(d.key), "state": d.value} for d in decisions if d.kind == "cafe" and d.value]
    circled = sorted((d for d in decisions if d.kind == "goal" and d.value), key=lambda d: -d.measure)
    goal = [list(d.key) for d in sorted(circled[:3], key=lambda d: d.key)] or None
    return {"format": SHEET_FORMAT, "player": player, "player_board": player_board, "sections": sections,
            "final_route": None, "tourists": tourists, "cafes": cafes, "personal_goal": goal}
