"""Paris's own map features, registered in the shared feature registry when a Paris board is read.

* `tour_landmark`: a remote landmark off the map (specialised: red, green or blue); it is on the route when the
  final stage of a revealed thematic tour naming it is complete on the final route.
* `tour`: a thematic tour card: its bonus area's colour, its remote landmark, its targets (road `sections`,
  `locations`, intersections `at`) and three completion `stages` (targets reached for stages 1, 2, 3).
* `bonus_area`: a colour's round-bonus area; box 2 adds `count` tourists of colour `tourist`.
* `diversity`: the PP table by number of diverse runs (the seed gives none: board data).

Order matters: a tour names a `tour_landmark` listed before it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ....core.problems import N_, error
from ....core.schema import Field, Int, show
from ...features import Feature, feature_type, register
from ...formats import Id, Location, Point, Section

PARIS_COLOURS = ("red", "green", "blue")
Colour = Literal[PARIS_COLOURS]
Small = Annotated[Int, Field(ge=0, le=99)]


def _tour(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """A tour names a remote landmark read before it; its stages grow and reach at most its targets."""
    if reader.feature("tour_landmark", model.remote) is None:
        later = any(isinstance(item, dict) and item.get("type") == "tour_landmark" and item.get("id") == model.remote
                    for item in reader.model.features)
        template = (N_("The tour names the remote landmark {id} before it is listed: list the tour_landmark "
                       "features before the tours.") if later
                    else N_("{what} names {id}, which is not a feature of this board."))
        reader.problems.append(error("unknown-feature", reader.at(*keys, "remote"), template,
                                     what=N_("A thematic tour"), id=show(model.remote)))
        return None
    targets = len(feature.sections) + len(feature.points) + len(feature.locations)
    stages = list(model.stages)
    if len(stages) != 3 or stages != sorted(set(stages)) or stages[0] < 1 or stages[-1] > targets:
        reader.problems.append(error("bad-stages", reader.at(*keys, "stages"),
                                     N_("A tour has three stages, each needing more targets than the one before, "
                                        "from 1 to its {targets} targets, not {value}."),
                                     targets=targets, value=show(stages)))
        return None
    for i, sec in enumerate(feature.sections):
        if not reader.is_road(sec):
            reader.problems.append(error("feature-not-a-road", reader.at(*keys, "sections", i),
                                         N_("{what} {value} is not a road of this map."),
                                         what=N_("A feature's section"), value=show([list(p) for p in sec])))
            return None
    return feature


def _diversity(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """One diversity table per board, starting at 0 runs."""
    if reader.features_of("diversity"):
        reader.problems.append(error("duplicate-diversity", reader.at(*keys),
                                     N_("A board has one diversity table.")))
        return None
    if len(model.pp) < 2:
        reader.problems.append(error("bad-pp-table", reader.at(*keys, "pp"),
                                     N_("{what} lists the PP for 0, 1, 2, ... diverse runs, at least two numbers; "
                                        "got {value}."), what=N_("The diversity table"), value=show(list(model.pp))))
        return None
    return feature


def _area(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """One bonus area per colour."""
    if any(f.param("colour") == model.colour for f in reader.features_of("bonus_area")):
        reader.problems.append(error("duplicate-bonus-area", reader.at(*keys, "colour"),
                                     N_("The {colour} bonus area is given twice."), colour=model.colour))
        return None
    return feature


def register_all() -> None:
    """Register Paris's feature types (once)."""
    if feature_type("tour") is not None:
        return
    register("tour_landmark", N_("A remote landmark"),
             N_("Remote landmark: on the route when its thematic tour's final stage is complete"),
             kind=(Colour, Field(title=N_("A remote landmark's colour"))))
    register("tour", N_("A thematic tour"),
             N_("Thematic tour: its stages pay round bonuses; the last one brings its remote landmark"), _tour,
             colour=(Colour, Field(title=N_("A tour's bonus area"))),
             remote=(Id, Field(title=N_("A tour's remote landmark"))),
             sections=(list[Section], Field((), title=N_("A tour's sections"))),
             locations=(list[Location], Field((), title=N_("A tour's locations"))),
             at=(list[Point], Field((), title=N_("A tour's intersections"))),
             stages=(list[Small], Field(title=N_("A tour's stages"))))
    register("bonus_area", N_("A round-bonus area"),
             N_("Bonus area: its marked boxes pay when the tour's stages are complete"), _area,
             colour=(Colour, Field(title=N_("A bonus area's colour"))),
             tourist=(Colour, Field(title=N_("The bonus tourists' colour"))),
             count=(Annotated[Int, Field(ge=1, le=9)], Field(title=N_("The bonus tourists"))))
    register("diversity", N_("A diversity table"),
             N_("Diversity: runs of three consecutive sections in three colours"), _diversity,
             pp=(list[Small], Field(title=N_("The diversity PP"))))
