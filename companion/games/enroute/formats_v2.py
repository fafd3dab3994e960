"""The shape of `enroute-board/2` (FORMAT-v2.md): version 1's keys plus features, tracks, scoring and rules.

Version 2 only adds keys, so a version 1 board reads as before. Each map
feature is an object with a registered `type`; its shape is the model its
type registers in `features.py` (read one item at a time, so one broken
feature never hides the others). Scoring rows are specs of registered row
types (`rowtypes.py`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict

from ..core.problems import N_
from ..core.schema import Bool, Doc, Field, Int, Str
from .formats import BoardV1, Id, LandmarkV1, Point, Section, Text, format_name
from .shape import coded

BOARD_FORMAT_V2 = "enroute-board/2"
RATING_MODES = ("standard", "advanced")
RowKey = Annotated[Str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"),
                   coded("bad-id", N_("{what} is letters, digits, dashes and underscores, not {value}."))]


class LandmarkV2(LandmarkV1):
    """A landmark of version 2: a rating track of its own or of its group, or a remote one by a meeting point."""

    rating: Id = Field(None, title=N_("A landmark's rating track"))
    meeting: Point = Field(None, title=N_("A remote landmark's meeting point"))
    locations: list[Annotated[tuple[Int, Int], Field(title=N_("A location")),
                              coded("location-off-map", N_("{what} must be a pair of whole numbers like [2, 3], "
                                                           "not {value}."))]] = Field(
        (), title=N_("The landmark's locations"))
    sides: list[Section] = Field((), title=N_("A landmark's sides"))
    points: list[Point] = Field((), title=N_("A landmark's intersections"))
    ticket: Bool = Field(False, title=N_("A landmark reached with a ticket"))


class CoordinateTrackV2(Doc):
    """A rating track marked by round-card coordinates (each at most once): base + step per mark, capped."""

    model_config = ConfigDict(title=N_("A coordinate track"))
    base: Annotated[Int, Field(ge=0, le=99)] = Field(title=N_("A coordinate track's base PP"))
    step: Annotated[Int, Field(ge=0, le=99)] = Field(title=N_("A coordinate track's PP per mark"))
    max: Annotated[Int, Field(ge=0, le=999)] = Field(title=N_("A coordinate track's most PP"))
    spaces: list[Annotated[Int, Field(ge=1, le=12)]] = Field(title=N_("A coordinate track's spaces"))


class RowSpecV2(Doc):
    """One scoring space of the board: a registered row type and its parameters."""

    model_config = ConfigDict(title=N_("A scoring row"))
    row: RowKey = Field(title=N_("A scoring row type"))
    key: RowKey = Field(None, title=N_("A scoring row key"))
    number: Annotated[Int, Field(ge=1, le=30)] = Field(title=N_("A scoring row number"))
    label: Text = Field(None, title=N_("A scoring row label"))
    colour: Id = Field(None, title=N_("A scoring row colour"))
    feature: Id = Field(None, title=N_("A scoring row feature"))
    landmark: Id = Field(None, title=N_("A scoring row landmark"))
    track: Id = Field(None, title=N_("A scoring row track"))
    deck: Annotated[Literal["A", "B", "C"], coded("bad-deck")] = Field(None, title=N_("A goal deck"))
    pp: Annotated[Int, Field(ge=0, le=99)] = Field(None, title=N_("A scoring row's PP"))


class RulesV2(Doc):
    """The city's rules module and its parameters."""

    model_config = ConfigDict(title=N_("The city rules"))
    city: Id = Field(None, title=N_("The city rules id"))
    rating_modes: list[Annotated[Literal[RATING_MODES], coded("bad-rating-mode")]] = Field(
        RATING_MODES, title=N_("The allowed rating modes"))
    start_cards: list[tuple[Id, Id]] = Field((), title=N_("The starting subway cards"))


class BoardV2(BoardV1):
    """`enroute-board/2`: a city board with map features, tracks, scoring rows and rules."""

    format: format_name(BOARD_FORMAT_V2)
    landmarks: list[LandmarkV2] = Field(title=N_("The landmarks"))
    coordinate_tracks: dict[str, CoordinateTrackV2] = Field(default_factory=dict,
                                                            title=N_("The coordinate tracks"))
    features: list[dict[str, Any]] = Field((), title=N_("The map features"))
    scoring: list[RowSpecV2] | None = Field(None, title=N_("The scoring rows"))
    rules: RulesV2 = Field(default_factory=RulesV2, title=N_("The city rules"))
