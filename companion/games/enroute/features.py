"""Map features of `enroute-board/2`: a registry of types, each reading, checking and writing itself.

A feature type registers its pydantic model (the item's shape), a check
against the board read so far (roads, points, other features), a legend
text, and what it tells about a route (`Feature.count_on`: how many of its
sections, points or locations the route has). A city adds a type by calling
`register` from its rules module; the board reader and writer never name one.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, create_model

from ..core.problems import N_, Problem, error
from ..core.schema import Doc, Field, Int, show
from . import geometry as geo
from .formats import Id, Location, Point, Section, Text
from .geometry import Section as Sec

__all__ = ["FEATURE_TYPES", "Feature", "FeatureType", "register", "feature_type"]


@dataclass(frozen=True)
class Feature:
    """One map feature as read: its type, id, geometry and the document it came from (written back as is)."""

    type: str
    id: str
    name: str | None
    sections: tuple[Sec, ...] = ()
    points: tuple[Point, ...] = ()
    locations: tuple[Location, ...] = ()
    params: tuple[tuple[str, Any], ...] = ()
    source: str = field(default="{}", compare=False, repr=False)

    def param(self, key: str, default: Any = None) -> Any:
        """Return one of the type's own values (a bridge's PP, a station's vehicle)."""
        return dict(self.params).get(key, default)

    def to_json(self) -> dict:
        """Write the feature back exactly as it was read."""
        return json.loads(self.source)

    def count_on(self, sections: frozenset, points: frozenset, locations: frozenset) -> int:
        """How many of its sections, points and locations a route has (its route fact)."""
        return (sum(1 for s in self.sections if s in sections) + sum(1 for p in self.points if p in points)
                + sum(1 for loc in self.locations if loc in locations))


# A check gets the feature read so far, its model, the board reader (roads, points, other features) and
# the keys of the item; it reports problems on the reader and returns the feature to keep (or None).
Check = Callable[[Feature, Any, Any, tuple], "Feature | None"]


@dataclass(frozen=True)
class FeatureType:
    """A registered type: its name, item model, legend text, and its own checks."""

    name: str
    model: type
    legend: str
    check: Check | None = None


FEATURE_TYPES: dict[str, FeatureType] = {}


def feature_type(name: str) -> FeatureType | None:
    """Find a registered feature type."""
    return FEATURE_TYPES.get(name)


def load_city_types(city: Any) -> None:
    """Import a city's rules module before its board is read, so the feature and row types it registers exist.

    The module is found by name (`cities/<city>/rules.py`, dashes as underscores); a city without one adds nothing.
    """
    name = city.replace("-", "_") if isinstance(city, str) else ""
    if not name or not name.replace("_", "").isalnum():
        return
    try:
        importlib.import_module(f"{__package__}.cities.{name}.rules")
    except ModuleNotFoundError:
        return


def _build(name: str, title: str, fields: dict[str, Any]) -> type:
    """Create the pydantic model of one feature type."""
    model = create_model(
        f"Feature_{name.replace('-', '_')}", __base__=Doc,
        type=(Literal[name], Field(title=N_("A feature type"))),
        id=(Id, Field(title=N_("A feature id"))),
        name=(Text, Field(None, title=N_("A feature name"))),
        **fields)
    model.model_config = ConfigDict(**{**Doc.model_config, "title": title})
    model.model_rebuild(force=True)
    return model


def register(name: str, title: str, legend: str, check: Check | None = None, **fields: Any) -> FeatureType:
    """Register a feature type with its own keys (pydantic (type, Field) pairs)."""
    ftype = FeatureType(name, _build(name, title, fields), legend, check)
    FEATURE_TYPES[name] = ftype
    return ftype


# ---- the checks shared by several types -----------------------------------------------------------

def _roads(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """Every section of the feature must be a road of the map."""
    ok = True
    for i, sec in enumerate(feature.sections):
        if not reader.is_road(sec):
            where = (*keys, "sections", i) if hasattr(model, "sections") else (*keys, "section")
            reader.problems.append(error("feature-not-a-road", reader.at(*where),
                                         N_("{what} {value} is not a road of this map."),
                                         what=N_("A feature's section"), value=show([list(p) for p in sec])))
            ok = False
    return feature if ok else None


def _vehicle(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """A vehicle by banks names a river and two of its banks."""
    if model.by == "banks":
        river = reader.feature("river", model.river) if model.river else None
        banks = dict(river.param("banks", ())) if river else {}
        if river is None:
            reader.problems.append(error("unknown-feature", reader.at(*keys, "river"),
                                         N_("{what} names {id}, which is not a feature of this board."),
                                         what=N_("A vehicle by banks"), id=show(model.river)))
            return None
        if model.banks is None or len(set(model.banks)) != 2 or any(b not in banks for b in model.banks):
            reader.problems.append(error("bad-banks", reader.at(*keys, "banks"),
                                         N_("A vehicle by banks names two different banks of its river ({banks})."),
                                         banks=", ".join(banks)))
            return None
    return feature


def _station(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """A station belongs to a vehicle by stations."""
    vehicle = reader.feature("vehicle", model.vehicle)
    if vehicle is None or vehicle.param("by") != "stations":
        reader.problems.append(error("unknown-feature", reader.at(*keys, "vehicle"),
                                     N_("{what} names {id}, which is not a feature of this board."),
                                     what=N_("A station"), id=show(model.vehicle)))
        return None
    return feature


def _rated(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """A street's sections are roads and its rating is a count track of the board."""
    if model.rating not in reader.count_tracks():
        reader.problems.append(error("unknown-track", reader.at(*keys, "rating"),
                                     N_("{id} is not a rating track of this board."), id=show(model.rating)))
        return None
    return _roads(feature, model, reader, keys)


def _space(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """A remote space's meeting point is a meeting point of the board."""
    if not any(f.points == (tuple(model.meeting),) for f in reader.features_of("meeting_point")):
        reader.problems.append(error("no-meeting-point", reader.at(*keys, "meeting"),
                                     N_("{at} is not a meeting point of this board."), at=list(model.meeting)))
        return None
    return feature


def _sides(feature: Feature, model: Any, reader: Any, keys: tuple) -> Feature | None:
    """A landmark's own sides name a landmark of the board and are roads of the map."""
    ids = [getattr(item, "id", None) for item in getattr(reader.model, "landmarks", ())]
    if model.landmark not in ids:
        reader.problems.append(error("unknown-landmark", reader.at(*keys, "landmark"),
                                     N_("{what} names {id}, which is not a landmark of this board."),
                                     what=N_("A landmark's sides"), id=show(model.landmark)))
        return None
    if any(f.param("landmark") == model.landmark for f in reader.features_of("landmark_sides")):
        reader.problems.append(error("duplicate-sides", reader.at(*keys, "landmark"),
                                     N_("The sides of landmark {id} are given twice."), id=show(model.landmark)))
        return None
    return _roads(feature, model, reader, keys)


Sections = list[Section]
PP = Annotated[Int, Field(ge=0, le=99)]

register("river", N_("A river"), N_("River: roads along it do not reach the locations across the water"),
         water=(Sections, Field((), title=N_("The water lines"))),
         banks=(dict[Id, list[Point]], Field(title=N_("The river banks"))))
register("bridge", N_("A bridge"), N_("Bridge: a road across the river; a numbered one scores its PP"), _roads,
         section=(Section, Field(title=N_("A bridge's section"))),
         pp=(PP, Field(0, title=N_("A bridge's PP"))))
register("vehicle", N_("A vehicle"), N_("Vehicle: the final route may ride it once between two segments"), _vehicle,
         by=(Literal["stations", "banks"], Field(title=N_("How a vehicle joins segments"))),
         river=(Id, Field(None, title=N_("A vehicle's river"))),
         banks=(list[Id], Field(None, title=N_("A vehicle's banks"))))
register("station", N_("A station"), N_("Station: a vehicle stop on an intersection"), _station,
         at=(Point, Field(title=N_("A station's intersection"))),
         vehicle=(Id, Field(title=N_("A station's vehicle"))))
register("meeting_point", N_("A meeting point"), N_("Meeting point: a remote landmark is on the route with it"),
         at=(Point, Field(title=N_("A meeting point's intersection"))))
register("remote_space", N_("A remote tourist space"),
         N_("Remote space: its tourists count only with its meeting point on the route"), _space,
         symbol=(Text, Field(title=N_("A remote space's symbol"))),
         meeting=(Point, Field(title=N_("A remote space's meeting point"))))
register("street", N_("A scoring street"), N_("Street: each route section on it scores its rating"), _rated,
         sections=(Sections, Field(title=N_("A street's sections"))),
         rating=(Id, Field(title=N_("A street's rating track"))))
register("section_pp", N_("A scoring section set"), N_("Scoring sections: PP for each on the route"), _roads,
         sections=(Sections, Field(title=N_("The scoring sections"))),
         pp=(PP, Field(title=N_("The PP per section"))))
register("point_pp", N_("A scoring point set"), N_("Scoring points: PP for each on the route"),
         at=(list[Point], Field(title=N_("The scoring points"))),
         pp=(PP, Field(title=N_("The PP per point"))))
register("line", N_("A line"), N_("Line: a named run of roads (a tram) for goals"), _roads,
         sections=(Sections, Field(title=N_("A line's sections"))))
register("zone", N_("A zone"), N_("Zone: a named group of locations for goals"),
         locations=(list[Location], Field(title=N_("A zone's locations"))))
register("ferry", N_("A ferry"), N_("Ferry: a location crossed out when chosen; tourists go to the waterfront"),
         location=(Location, Field(title=N_("A ferry's location"))),
         waterfront=(list[Location], Field(title=N_("The waterfront locations"))))
register("landmark_sides", N_("A landmark's own sides"),
         N_("Shaped landmark: on the route only along its own sides (half locations, triangles)"), _sides,
         landmark=(Id, Field(title=N_("The shaped landmark"))),
         sections=(Sections, Field(title=N_("The landmark's sides"))))
register("harbour", N_("A harbour crossing"), N_("Harbour crossing: one section across the water"), _roads,
         sections=(Sections, Field(title=N_("The harbour crossings"))))


def geometry_of(model: Any) -> tuple[tuple[Sec, ...], tuple[Point, ...], tuple[Location, ...]]:
    """Return the sections, points and locations a feature item names (the route facts it can contribute)."""
    sections: list[Sec] = []
    if getattr(model, "section", None) is not None:
        sections.append(geo.section(*model.section))
    for a, b in getattr(model, "sections", None) or ():
        sections.append(geo.section(a, b))
    points: list[Point] = []
    at = getattr(model, "at", None)
    if at:  # one point, or a list of points (may be empty)
        points.extend([tuple(at)] if isinstance(at[0], int) else [tuple(p) for p in at])
    locations = [tuple(loc) for loc in getattr(model, "locations", None) or ()]
    if getattr(model, "location", None) is not None:
        locations.append(tuple(model.location))
    return tuple(sections), tuple(points), tuple(locations)


def params_of(model: Any) -> tuple[tuple[str, Any], ...]:
    """Return a feature's own scalar values and banks as hashable pairs."""
    out: list[tuple[str, Any]] = []
    for key in type(model).model_fields:
        if key in ("type", "id", "name", "section", "sections", "at", "location", "locations", "water"):
            continue
        value = getattr(model, key)
        if isinstance(value, dict):
            value = tuple((k, tuple(tuple(p) for p in v) if isinstance(v, list) else v) for k, v in value.items())
        elif isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, tuple):
            value = tuple(value)
        out.append((key, value))
    return tuple(out)


def read_feature(item: Any, keys: tuple, reader: Any) -> tuple[Feature | None, list[Problem]]:
    """Read one `features[]` item with its type's model; the caller adds the problems."""
    from .shape import read_shape

    path = reader.at(*keys)
    if not isinstance(item, dict) or not isinstance(item.get("type"), str) or item["type"] not in FEATURE_TYPES:
        value = item.get("type") if isinstance(item, dict) else item
        return None, [error("unknown-feature-type", path + (".type" if isinstance(item, dict) else ""),
                            N_("A feature's type must be one of {types}, not {value}."),
                            types=", ".join(FEATURE_TYPES), value=show(value))]
    ftype = FEATURE_TYPES[item["type"]]
    shape = read_shape(ftype.model, item, path)
    if shape.problems or shape.value is None:
        return None, list(shape.problems)
    model = shape.value
    sections, points, locations = geometry_of(model)
    feature = Feature(ftype.name, model.id, model.name, sections, points, locations, params_of(model),
                      json.dumps(item, ensure_ascii=False))
    return feature, []
