"""The checks and the writer of what `enroute-board/2` adds: features, tracks, landmark links, scoring rows."""

from __future__ import annotations

from typing import Any

from ..core.problems import N_, error
from ..core.schema import show
from .features import Feature, load_city_types, read_feature


class V2Checks:
    """Check a version 2 board's additions with the version 1 reader's helpers (paths, points, roads)."""

    def __init__(self, reader: Any, landmarks: tuple) -> None:
        """Keep the reader (its model, shape, problems) and the landmarks it read."""
        self.r = reader
        self.landmarks = landmarks

    def features(self) -> tuple[Feature, ...]:
        """Read every feature with its type's model and checks; ids are unique per board."""
        r = self.r
        load_city_types(r.model.rules.city)  # a city's own feature and row types, before its items are read
        for i, item in enumerate(r.model.features):
            keys = ("features", i)
            feature, problems = read_feature(item, keys, r)
            r.problems.extend(problems)
            if feature is None:
                continue
            if any(f.id == feature.id for f in r._features):
                r.problems.append(error("duplicate-feature", r.at(*keys, "id"), N_("Feature id {id} is used twice."),
                                        id=show(feature.id)))
                continue
            loops = [j for j, sec in enumerate(feature.sections) if sec[0] == sec[1]]
            if loops:
                where = (*keys, "section") if "section" in item else (*keys, "sections", loops[0])
                r.problems.append(error("bad-section", r.at(*where),
                                        N_("A section joins two different intersections, not {value}."),
                                        value=show([list(p) for p in feature.sections[loops[0]]])))
                continue
            on = all(r.point(p, keys, N_("A feature's intersection")) for p in feature.points)
            on = all([on, *(r.location(loc, keys, N_("A feature's location")) for loc in feature.locations)])
            ok = all(r.point(p, keys) for sec in feature.sections for p in sec)
            if not (on and ok):
                continue
            from .features import FEATURE_TYPES

            check = FEATURE_TYPES[feature.type].check
            model = FEATURE_TYPES[feature.type].model.model_validate(item)
            if check is not None and check(feature, model, r, keys) is None:
                continue
            reached = {p for sec in r._roads for p in sec}
            lost = [p for p in feature.points if p not in reached]
            if lost and feature.type in ("station", "meeting_point", "point_pp"):
                r.problems.append(error("feature-unreachable", r.at(*keys),
                                        N_("No road reaches {at}, so no route can pass it."), at=list(lost[0])))
                continue
            r._features.append(feature)
        return tuple(r._features)

    def ratings(self, features: tuple[Feature, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Check the count tracks: each is used by a landmark or a street, and each landmark's track exists."""
        r = self.r
        if r.shape.changed(("ratings",)):
            return ()
        used = {lm.track for lm in self.landmarks if lm.track} | {f.param("rating") for f in features}
        tracks = {}
        for key, track in r.model.ratings.items():
            if key not in used:
                r.problems.append(error("unused-track", r.at("ratings", key),
                                        N_("The rating track {id} is used by no landmark or street of this board."),
                                        id=show(key)))
                continue
            tracks[key] = tuple(track)
        return tuple(tracks.items())

    def coordinate_tracks(self) -> tuple:
        """Check the coordinate tracks: spaces distinct."""
        from .board_parts import CoordinateTrack

        r = self.r
        found = []
        for key, t in r.model.coordinate_tracks.items():
            if len(set(t.spaces)) != len(t.spaces) or not t.spaces:
                r.problems.append(error("bad-coordinate-track", r.at("coordinate_tracks", key, "spaces"),
                                        N_("A coordinate track lists each space once, not {value}."),
                                        value=show(list(t.spaces))))
                continue
            found.append((key, CoordinateTrack(t.base, t.step, t.max, tuple(t.spaces))))
        return tuple(found)

    def landmark_links(self, coordinate: tuple) -> tuple:
        """Check that every iconic landmark's track and every remote landmark's meeting point exist."""
        r = self.r
        counts = set(r.model.ratings) if not r.shape.changed(("ratings",)) else None
        coords = {k for k, _ in coordinate}
        meetings = {f.points[0] for f in r.features_of("meeting_point")}
        index = {item.id: i for i, item in r.shape.items(("landmarks",), r.model.landmarks)}
        for lm in self.landmarks:
            i = index.get(lm.id, 0)
            if lm.track is not None and counts is not None and lm.track not in counts | coords:
                if lm.rating is None:
                    r.problems.append(error("grey-without-track", r.at("ratings", lm.id),
                                            N_("The grey landmark {id} needs a rating track."), id=show(lm.id)))
                else:
                    r.problems.append(error("unknown-track", r.at("landmarks", i, "rating"),
                                            N_("{id} is not a rating track of this board."), id=show(lm.rating)))
            if lm.meeting is not None and lm.meeting not in meetings:
                r.problems.append(error("no-meeting-point", r.at("landmarks", i, "meeting"),
                                        N_("{at} is not a meeting point of this board."), at=list(lm.meeting)))
            for j, sec in enumerate(lm.sides):
                if all(r.point(p, ("landmarks", i, "sides", j)) for p in sec) and not r.is_road(sec):
                    r.problems.append(error("landmark-side-not-a-road", r.at("landmarks", i, "sides", j),
                                            N_("{what} {value} is not a road of this map."),
                                            what=N_("A landmark's side"), value=show([list(p) for p in sec])))
            reached = {p for sec in r._roads for p in sec}
            for j, p in enumerate(lm.points):
                if r.point(p, ("landmarks", i, "points", j)) and p not in reached:
                    r.problems.append(error("feature-unreachable", r.at("landmarks", i, "points", j),
                                            N_("No road reaches {at}, so no route can pass it."), at=list(p)))
            if lm.ticket and not lm.points:
                r.problems.append(error("ticket-without-points", r.at("landmarks", i, "ticket"),
                                        N_("A landmark reached with a ticket lists the intersections (docks) the "
                                           "tickets are for in its points.")))
        return self.landmarks

    def start_cards(self) -> tuple:
        """Check the starting subway cards: two different stations of the board each."""
        r = self.r
        stations = {f.id for f in r.features_of("station")}
        found = []
        for i, pair in r.shape.items(("rules", "start_cards"), r.model.rules.start_cards):
            if pair[0] == pair[1] or any(s not in stations for s in pair):
                r.problems.append(error("bad-start-card", r.at("rules", "start_cards", i),
                                        N_("A starting subway card names two different stations of this board, "
                                           "not {value}."), value=show(list(pair))))
                continue
            found.append(tuple(pair))
        return tuple(found)

    def scoring(self, landmarks: tuple) -> tuple | None:
        """Check the scoring rows: registered types whose parameters name things of this board."""
        from .board_parts import RowSpec
        from .rowtypes import ROW_TYPES

        r = self.r
        if r.model.scoring is None:
            return None
        found, keys = [], set()
        for i, item in r.shape.items(("scoring",), r.model.scoring):
            rtype = ROW_TYPES.get(item.row)
            if rtype is None:
                r.problems.append(error("unknown-row-type", r.at("scoring", i, "row"),
                                        N_("A scoring row's type must be one of {types}, not {value}."),
                                        types=", ".join(ROW_TYPES), value=show(item.row)))
                continue
            spec = RowSpec(item.row, item.number, item.key, item.label, item.colour, item.feature, item.landmark,
                           item.track, item.deck, item.pp)
            problem = rtype.check(spec, r, landmarks)
            if problem is not None:
                r.problems.append(error(problem[0], r.at("scoring", i, problem[1]), problem[2], **problem[3]))
                continue
            key = rtype.key(spec)
            if key in keys:
                r.problems.append(error("duplicate-row", r.at("scoring", i),
                                        N_("Two scoring rows have the key {key}."), key=show(key)))
                continue
            keys.add(key)
            found.append(spec)
        return tuple(found)


def v2_to_json(board: Any) -> dict:
    """Write what version 2 adds to a board document."""
    doc: dict[str, Any] = {
        "coordinate_tracks": {k: {"base": t.base, "step": t.step, "max": t.max, "spaces": list(t.spaces)}
                              for k, t in board.coordinate_tracks},
        "features": [f.to_json() for f in board.features],
        "scoring": None,
        "rules": {"rating_modes": list(board.rating_modes)},
    }
    if board.city is not None:
        doc["rules"] = {"city": board.city, **doc["rules"]}
    if board.start_cards:
        doc["rules"]["start_cards"] = [list(pair) for pair in board.start_cards]
    if board.scoring is not None:
        rows = []
        for spec in board.scoring:
            item = {"row": spec.row}
            for key in ("key", "number", "label", "colour", "feature", "landmark", "track", "deck", "pp"):
                value = getattr(spec, key)
                if value is not None:
                    item[key] = value
            rows.append(item)
        doc["scoring"] = rows
    return doc
