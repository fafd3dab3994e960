"""The shape of `enroute-game/1` and its goal cards (spec: shared/spec/enroute-formats.md) as pydantic models.

The board and the players' sheets are read on their own (`board.parse_board`,
`sheet.parse_sheet`), so here they are any JSON value: one player's broken
sheet must not stop the others from being scored.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, RootModel

from ..core.problems import N_
from ..core.schema import Doc, Field, Int
from .formats import Id, Text
from .rows import GOAL_DECKS, LEVELS
from .shape import coded

GAME_FORMAT = "enroute-game/1"
METRICS = {
    "route_length": "sections in the final route",
    "turns": "places along the route where it does not go on straight",
    "longest_straight": "sections in the longest straight run",
    "landmarks_on_route": "landmarks on the route, all kinds",
    "tourists_on_route": "tourists in locations on the route, all colours",
    "empty_locations_on_route": "locations on the route holding no tourists",
    "manual": "counted by the players (goal_values)",
    "zone_sections": "route sections next to the card's zone (New York's theatre district)",
    "zone_end": "1 when the route's first or last section is next to the card's zone (Grand Central), else 0",
}
ZONE_METRICS = ("zone_sections", "zone_end")
MINUS_SIGNS = ("-", "−")
PP = Annotated[Int, Field(ge=0, le=999)]


class GoalCardV1(Doc):
    """A shared goal card as the table describes it."""

    model_config = ConfigDict(title=N_("A goal card"))
    deck: Annotated[Literal[GOAL_DECKS], coded("bad-deck", N_("{what} is A, B or C, not {value}."))] = Field(
        title=N_("The goal card's deck"))
    name: Text = Field(title=N_("The goal's name"))
    metric: Annotated[Literal[tuple(METRICS)], coded("unknown-metric", N_("Unknown metric {value}; use one of "
                                                                         "{metrics}."),
                                                     metrics=", ".join(METRICS))] = Field(title=N_("The metric"))
    sign: Annotated[Literal[("+", *MINUS_SIGNS)], coded("bad-sign", N_('{what} is "+" or "−", not {value}.'))] = Field(
        title=N_("The goal card's sign"))
    threshold: PP = Field(title=N_("The requirement"))
    winner_pp: PP = Field(title=N_("The winner PP"))
    achiever_pp: PP = Field(title=N_("The achiever PP"))
    zone: Id = Field(None, title=N_("The goal card's zone"))


class GoalsV1(RootModel[list[GoalCardV1]]):
    """The goal cards of a game, read on their own (the web's goal form, the setup cards)."""

    model_config = ConfigDict(title=N_("The goal cards"))


RatingBoxes = Annotated[Int, Field(ge=0), coded(
    "rating-beyond-track", N_("The upgrade boxes marked for {key} must be a whole number, 0 or more, not {value}."))]


class GameV1(Doc):
    """`enroute-game/1`: board, level, iconic ratings, goal cards and every player's sheet."""

    model_config = ConfigDict(title=N_("A game"))
    format: Literal[GAME_FORMAT] = Field(title=N_("The format"))
    board: Any = Field(title=N_("The board"))
    level: Annotated[Literal[LEVELS], coded("unknown-level", N_("{what} is one of {levels}, not {value}."),
                                            levels=", ".join(LEVELS))] = Field(title=N_("The level"))
    ratings: Annotated[dict[str, RatingBoxes], coded(
        "not-an-object", N_("{what} map grey landmark ids to marked upgrade boxes, like {example}, not {value}."),
        example='{"tv-tower": 3}')] = Field(default_factory=dict, title=N_("The ratings"))
    marks: dict[str, list[Annotated[Int, Field(ge=1, le=12), coded("bad-coordinate")]]] = Field(
        default_factory=dict, title=N_("The coordinate track marks"))
    goals: list[GoalCardV1] = Field((), title=N_("The goal cards"))
    tours: dict[Annotated[Literal["red", "green", "blue"], coded(
        "bad-colour", N_("A thematic tour's colour is red, green or blue, not {value}."))], Text] = Field(
        default_factory=dict, title=N_("The thematic tours"))
    players: list[Any] = Field(title=N_("The players"))
