"""The shapes of `enroute-board/1` and `enroute-sheet/1` (spec: shared/spec/enroute-formats.md) as pydantic models.

A model says which keys exist, which are required and what type each value
has; reading one (`shape.read_shape`) reports every deviation with its path.
What needs the board or other values (a coordinate off this map, a section
that is not a road, a landmark id used twice) is checked by `board.py` and
`sheet.py` once the shape is known good. Absent optional keys that must not be
`null` either have a default of None that is never validated: `"pp": null` is
no PP, it is a mistake.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict

from ..core.problems import N_
from ..core.schema import Doc, Field, Int, Str, show
from .shape import coded

BOARD_FORMAT = "enroute-board/1"
SHEET_FORMAT = "enroute-sheet/1"
SPECIALISED = ("red", "green", "blue", "purple")
KINDS = (*SPECIALISED, "yellow", "grey")
COLOURS = SPECIALISED  # tourist colours, in scoring-row order
CAFE_BONUSES = ("tourists", "section", "coordinate", "card")  # "card": the round's cafe card decides (New York)
CARD_BONUSES = ("tourists", "ticket", "section", "coordinate", "pp")  # what a New York cafe card gives
CAFE_STATES = ("used", "unused")
ROAD_TAGS = ("diagonal", "corner", "harbour")
ID_PATTERN = r"^[a-z0-9][a-z0-9-]{0,63}$"

_PAIR = N_("{what} must be a pair of whole numbers like [2, 3], not {value}.")


def format_name(name: str) -> object:
    """Return the type of a document's `format` key: exactly this name, or `wrong-format`."""
    return Annotated[Literal[name], coded("wrong-format", N_("Expected format {expected}, not {value}."),
                                          expected=show(name)),
                     Field(title=N_("The format"))]


BoardFormat = format_name(BOARD_FORMAT)
SheetFormat = format_name(SHEET_FORMAT)
Point = Annotated[tuple[Int, Int], Field(title=N_("An intersection")), coded("intersection-off-map", _PAIR)]
Location = Annotated[tuple[Int, Int], Field(title=N_("A location")), coded("location-off-map", _PAIR)]
Section = Annotated[tuple[Point, Point], Field(title=N_("A section")),
                    coded("bad-section", N_("{what} is a pair of intersections like [[0, 0], [1, 0]], not {value}."))]
Text = Annotated[Str, Field(pattern=r"\S"), coded("bad-text", N_("{what} must be a non-empty text, not {value}."))]
Id = Annotated[Str, Field(pattern=ID_PATTERN),
               coded("bad-id", N_("{what} is lowercase letters, digits and dashes, not {value}."))]


# ---- enroute-board/1 -----------------------------------------------------------------------------

Printed = Annotated[list[Int], coded("bad-printed-order",
                                     N_("{what} must list whole numbers like [4, 6, 2, 1, 5, 3], not {value}."))]


class PlayerBoardV1(Doc):
    """One printed player board: its number and the printed coordinate of each layout column and row."""

    model_config = ConfigDict(title=N_("A player board"))
    number: Annotated[Int, Field(ge=1)] = Field(title=N_("The player board number"))
    columns: Printed = Field(title=N_("The printed columns"))
    rows: Printed = Field(title=N_("The printed rows"))


class LandmarkV1(Doc):
    """A landmark: id, name, kind, a yellow one's PP, and the locations it covers."""

    model_config = ConfigDict(title=N_("A landmark"))
    id: Id = Field(title=N_("A landmark id"))
    name: Text = Field(title=N_("A landmark name"))
    kind: Annotated[Literal[KINDS], coded("bad-kind", N_("{what} must be one of {kinds}, not {value}."),
                                          kinds=", ".join(KINDS))] = Field(title=N_("A landmark kind"))
    pp: Annotated[Int, Field(ge=0, le=99)] = Field(None, title=N_("A yellow landmark's PP"))
    locations: list[Location] = Field(title=N_("The landmark's locations"))


RatingTrack = Annotated[
    list[Annotated[Int, Field(ge=0, le=99)]], Field(min_length=1),
    coded("bad-rating-track", N_("{what} lists the PP for 0, 1, 2, ... upgrades, like [4, 6, 8, 10, 12]; "
                                 "got {value}.")),
    Field(title=N_("A rating track"))]
CafeTourists = Annotated[
    dict[Annotated[Literal[COLOURS], coded("bad-colour", N_("Tourist colours are {colours}, not {value}."),
                                           colours=", ".join(COLOURS))],
         Annotated[Int, Field(ge=1, le=9, title=N_("A tourist count")), coded("bad-number")]],
    Field(min_length=1),
    coded("cafe-without-tourists", N_("{what} lists the tourists it adds, like {example}, not {value}."),
          example='{"green": 2}')]


class CafeV1(Doc):
    """A cafe cup on an intersection and its bonus (with its tourists, for a new-tourists cafe)."""

    model_config = ConfigDict(title=N_("A cafe"))
    at: Point = Field(title=N_("A cafe's intersection"))
    bonus: Annotated[Literal[CAFE_BONUSES], coded("bad-cafe-bonus", N_("{what} is one of {bonuses}, not {value}."),
                                                  bonuses=", ".join(CAFE_BONUSES))] = Field(title=N_("A cafe bonus"))
    tourists: CafeTourists = Field(None, title=N_("A new-tourists cafe"))


class VisitThemAllV1(Doc):
    """The Visit-Them-All points and their PP table."""

    model_config = ConfigDict(title=N_("The Visit-Them-All points"))
    name: Text = Field(title=N_("The Visit-Them-All name"))
    at: list[Annotated[Point, Field(title=N_("A Visit-Them-All point"))]] = Field(
        title=N_("The Visit-Them-All points"))
    pp: Annotated[list[Annotated[Int, Field(ge=0, le=999)]], coded(
        "bad-pp-table", N_("{what} lists the PP for 0, 1, 2, ... points on the route: one more number than there "
                           "are points; got {value}."))] = Field(title=N_("The Visit-Them-All PP table"))


class AddedRoadV1(Doc):
    """A road that is not on the plain grid, the locations it borders, and its tags."""

    model_config = ConfigDict(title=N_("An added road"))
    section: Section = Field(title=N_("An added road's section"))
    borders: list[Location] = Field(title=N_("The locations an added road borders"))
    tags: Annotated[list[Literal[ROAD_TAGS]], coded("bad-road-tag", N_("Road tags are some of {tags}, not {value}."),
                                                    tags=", ".join(ROAD_TAGS))] = Field(
        (), title=N_("An added road's tags"))


class RoadsV1(Doc):
    """Changes to the plain road grid."""

    model_config = ConfigDict(title=N_("The road changes"))
    remove: list[Section] = Field((), title=N_("The removed roads"))
    add: list[AddedRoadV1] = Field((), title=N_("The added roads"))


class BoardV1(Doc):
    """`enroute-board/1`: a city board."""

    model_config = ConfigDict(title=N_("A board"))
    format: BoardFormat
    id: Id = Field(title=N_("A board id"))
    name: Text = Field(title=N_("The city name"))
    size: Annotated[tuple[Annotated[Int, Field(ge=1, le=24)], Annotated[Int, Field(ge=1, le=24)]],
                    coded("bad-size", N_("{what} must be [columns, rows] like [6, 6], not {value}."))] = Field(
        title=N_("The map size"))
    player_boards: list[PlayerBoardV1] = Field(title=N_("The player boards"))
    landmarks: list[LandmarkV1] = Field(title=N_("The landmarks"))
    ratings: dict[str, RatingTrack] = Field(default_factory=dict, title=N_("The rating tracks"))
    cafes: list[CafeV1] = Field((), title=N_("The cafes"))
    visit_them_all: VisitThemAllV1 | None = Field(None, title=N_("The Visit-Them-All points"))
    roads: RoadsV1 = Field(default_factory=RoadsV1, title=N_("The road changes"))


# ---- enroute-sheet/1 -----------------------------------------------------------------------------

Count = Annotated[Int, Field(ge=0, le=99), coded("bad-tourist-count")]


class TouristEntryV1(Doc):
    """The tourists marked in one location."""

    model_config = ConfigDict(title=N_("A tourist entry"))
    at: Location
    red: Count = Field(None, title=N_("The number of red tourists"))
    green: Count = Field(None, title=N_("The number of green tourists"))
    blue: Count = Field(None, title=N_("The number of blue tourists"))
    purple: Count = Field(None, title=N_("The number of purple tourists"))


class CafeMarkV1(Doc):
    """A circled cafe and whether its bonus was used."""

    model_config = ConfigDict(title=N_("A cafe entry"))
    at: Point = Field(title=N_("A cafe"))
    state: Annotated[Literal[CAFE_STATES], coded(
        "bad-cafe-state", N_('{what} is "used" (struck through) or "unused", not {value}.'))] = Field(
        title=N_("A circled cafe"))
    bonus: Annotated[Literal[CARD_BONUSES], coded("bad-cafe-bonus", N_("{what} is one of {bonuses}, not {value}."),
                                                  bonuses=", ".join(CARD_BONUSES))] = Field(
        None, title=N_("The bonus a cafe card gave"))


GoalPoint = Annotated[Point, Field(title=N_("A goal intersection"))]
SectionColour = Annotated[Literal["red", "green", "blue"], coded(
    "bad-colour", N_("A section's colour is red, green or blue, not {value}."))]
RemoteColour = Annotated[Literal[COLOURS], coded("bad-colour", N_("Tourist colours are {colours}, not {value}."),
                                                 colours=", ".join(COLOURS))]


class SheetV1(Doc):
    """`enroute-sheet/1`: one player's markings at game end."""

    model_config = ConfigDict(title=N_("A player sheet"))
    format: SheetFormat
    player: Annotated[Str, Field(max_length=40, pattern=r"\S"),
                      coded("bad-player-name", N_("{what} must be 1 to 40 characters, not {value}."))] = Field(
        title=N_("The player name"))
    player_board: Annotated[Int, coded("unknown-player-board")] | None = Field(None, title=N_("The player board"))
    sections: list[Section] = Field(title=N_("The drawn sections"))
    final_route: list[Annotated[Point, Field(title=N_("A route point"))]] | None = Field(
        None, title=N_("The final route"))
    tourists: list[TouristEntryV1] = Field((), title=N_("The tourists"))
    cafes: list[CafeMarkV1] = Field((), title=N_("The circled cafes"))
    personal_goal: Annotated[tuple[GoalPoint, GoalPoint, GoalPoint], coded(
        "bad-personal-goal", N_("{what} is three intersections like [[1, 1], [4, 2], [6, 6]], not {value}."))] \
        | None = Field(None, title=N_("A personal goal"))
    crossed: list[Annotated[Location, Field(title=N_("A crossed-out location"))]] = Field(
        (), title=N_("The crossed-out locations"))
    remote: dict[str, dict[RemoteColour, Count]] = Field(default_factory=dict, title=N_("The remote tourist spaces"))
    tickets: list[Annotated[Id, Field(title=N_("A ticket"))]] = Field((), title=N_("The tickets"))
    colours: list[SectionColour] | None = Field(None, title=N_("The section colours"))
    goal_values: dict[str, Annotated[Int, Field(ge=0, le=999), coded(
        "bad-number", N_("The result for goal {key} must be a whole number from 0 to 999, not {value}."))]] = Field(
        default_factory=dict, title=N_("The goal results"))
