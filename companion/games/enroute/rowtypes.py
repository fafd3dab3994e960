"""The scoring-row registry: each row type values a route from its facts, bounds it for the search, and names itself.

A board's rows are specs (`board.RowSpec`) of these types, in printed order:
a version 1 board (or a version 2 board without `scoring`) gets the standard
rows 1–9 (`default_specs`), so the training city scores exactly as before.

A row type gives
* `key(spec)`: its key in `enroute-score/1`'s `rows`,
* `label(spec, board)` and `hint(spec, board)`: what the score sheet prints,
* `value(spec, ev)`: the PP of one route (`ev` is `evaluation.RowInput`),
* `term(spec, scorer)`: for the best-route search, an object with
  `value(edges, points)` and `bound(available, points)` over the solver's
  edge and intersection masks (`bound` is at least `value` of every subset);
  None for the rows the solver values itself (tourists and landmark rows,
  cafes, Visit-Them-All, the personal goal and goal cards),
* `check(spec, reader, landmarks)`: None, or (code, key, template, params) of a spec naming
  nothing of the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.problems import N_
from ..core.schema import show

COLOUR_LABELS = {"red": ("Red landmarks", "red tourists × red landmarks on the route"),
                 "green": ("Green landmarks", "green tourists × green landmarks on the route"),
                 "blue": ("Blue landmarks", "blue tourists × blue landmarks on the route"),
                 "purple": ("Purple landmarks", "purple tourists × purple landmarks on the route")}
CAFE_PP = 2


@dataclass(frozen=True)
class RowType:
    """A registered kind of scoring row."""

    name: str
    key: Callable[[Any], str]
    label: Callable[[Any, Any], str]
    hint: Callable[[Any, Any], str]
    value: Callable[[Any, Any], int | None]
    term: Callable[[Any, Any], Any] | None = None
    check: Callable[[Any, Any, Any], Any] = lambda spec, reader, landmarks: None
    icon: str = ""
    named_by_board: bool = False  # the label is board data (a landmark's or a street's name), never translated

    def board_label(self, spec: Any) -> bool:
        """Tell whether a row's label is board data rather than a catalogue text."""
        return self.named_by_board or spec.label is not None


ROW_TYPES: dict[str, RowType] = {}


def register(row: RowType) -> RowType:
    """Add a row type to the registry (a city's rules module may add its own)."""
    ROW_TYPES[row.name] = row
    return row


def _fixed(text: str) -> Callable[[Any, Any], str]:
    """A label or hint that is always the same text."""
    return lambda spec, board: spec.label or text


def _need(field: str, kind: str | None = None) -> Callable[[Any, Any, Any], Any]:
    """A spec check: the row names a feature (of a type) or landmark of the board."""
    def check(spec: Any, reader: Any, landmarks: Any) -> Any:
        """Return the problem of a spec whose parameter names nothing of the board."""
        value = getattr(spec, field)
        if field == "pp":
            return None if value is not None else (
                "missing-row-pp", "pp", N_("The scoring row {row} needs its pp."), {"row": spec.row})
        if field == "feature":
            found = reader.feature(kind, value) if kind else any(f.id == value for f in reader._features)
        elif field == "landmark":
            found = any(lm.id == value and lm.track for lm in landmarks)
        else:
            found = value is not None
        if not found:
            return ("unknown-row-target", field, N_("The scoring row {row} needs {field}: {value} is not one of "
                                                    "this board."), {"row": spec.row, "field": field,
                                                                     "value": show(value)})
        if spec.row in ("section_pp", "point_pp") and spec.pp is None:
            return ("missing-row-pp", "pp", N_("The scoring row {row} needs its pp."), {"row": spec.row})
        return None
    return check


# ---- search terms over the solver's masks ----------------------------------------------------------------

class CountTerm:
    """A row worth `pp` per marked section and per marked intersection on the route (monotone)."""

    def __init__(self, edges: int, points: int, pp: int | list[int]) -> None:
        """Keep the masks and the PP per counted item (a list: PP by count)."""
        self.edges, self.points, self.pp = edges, points, pp

    def value(self, edges: int, points: int) -> int:
        """PP of a route set."""
        n = (edges & self.edges).bit_count() + (points & self.points).bit_count()
        return n * self.pp if isinstance(self.pp, int) else self.pp[n]

    bound = value  # adding sections never lowers the count


def _edge_mask(scorer: Any, sections: Any) -> int:
    """The solver mask of some board sections (those drawn)."""
    index = scorer.graph.edge_index
    return sum(1 << index[s] for s in sections if s in index)


def _point_mask(scorer: Any, points: Any) -> int:
    """The solver mask of some intersections (those drawn)."""
    index = scorer.graph.index
    return sum(1 << index[p] for p in set(points) if p in index)


# ---- the row types ------------------------------------------------------------------------------------------

def _tourists_value(spec: Any, ev: Any) -> int:
    """Tourists of a colour on the route × landmarks of that colour on the route."""
    return ev.tourists.get(spec.colour, 0) * sum(1 for lm in ev.landmarks if lm.kind == spec.colour)


register(RowType("tourists", lambda s: s.key or s.colour, lambda s, b: s.label or COLOUR_LABELS[s.colour][0],
                 lambda s, b: COLOUR_LABELS[s.colour][1], _tourists_value,
                 check=lambda s, r, lms: None if s.colour in COLOUR_LABELS else (
                     "bad-colour", "colour", N_("Tourist colours are {colours}, not {value}."),
                     {"colours": ", ".join(COLOUR_LABELS), "value": show(s.colour)})))
register(RowType("yellow", lambda s: s.key or "yellow", _fixed("Yellow landmarks"),
                 lambda s, b: "printed PP of yellow landmarks on the route",
                 lambda s, ev: sum(lm.pp or 0 for lm in ev.landmarks if lm.kind == "yellow")))
register(RowType("iconic", lambda s: s.key or "grey", _fixed("Grey landmarks"),
                 lambda s, b: "current rating of grey landmarks on the route",
                 lambda s, ev: sum(ev.ctx.track_pp(lm.track) for lm in ev.landmarks if lm.track)))


def _landmark_term(spec: Any, scorer: Any) -> CountTerm:
    """One iconic landmark's rating when on the route: by its locations or its meeting point."""
    lm = scorer.ctx.board.landmark(spec.landmark)
    pp = scorer.ctx.track_pp(lm.track)
    board = scorer.ctx.board
    edges = sum(1 << i for i, sec in enumerate(scorer.graph.edges) if board.is_road(sec) and (
        sec in lm.sides if lm.sides else any(loc in lm.locations for loc in board.borders(sec))))
    points = _point_mask(scorer, ([lm.meeting] if lm.meeting else [])
                         + [p for p in lm.points if not lm.ticket or p in scorer.sheet.ticket_points])
    return _OnceTerm(edges, points, pp)


class _OnceTerm(CountTerm):
    """PP once when any marked section or intersection is on the route."""

    def value(self, edges: int, points: int) -> int:
        """PP of a route set."""
        return self.pp if (edges & self.edges or points & self.points) else 0

    bound = value


register(RowType("landmark", lambda s: s.key or s.landmark,
                 lambda s, b: s.label or b.landmark(s.landmark).name, lambda s, b: N_("rating when on the route"),
                 lambda s, ev: ev.ctx.track_pp(ev.ctx.board.landmark(s.landmark).track)
                 if any(lm.id == s.landmark for lm in ev.landmarks) else 0,
                 _landmark_term, _need("landmark"), named_by_board=True))


def unused_cafes(sheet: Any) -> int:
    """Circled, unused cafe bonuses (a New York cafe card's PP bonus is not one: it scores its own row)."""
    return sum(1 for at, state in sheet.cafes.items() if state == "unused" and sheet.cafe_bonus.get(at) != "pp")


def _cafes(spec: Any, ev: Any) -> int:
    """2 PP per circled, unused cafe (the simplified game has none)."""
    if ev.ctx.level == "simplified":
        return 0
    return CAFE_PP * unused_cafes(ev.sheet)


register(RowType("cafes", lambda s: s.key or "cafes", _fixed("Unused cafe bonuses"),
                 lambda s, b: "2 PP per circled, unstruck cup (on the route or not)", _cafes))


def _vta_label(spec: Any, board: Any) -> str:
    """The Visit-Them-All row is named after the board's points."""
    return spec.label or (board.visit_them_all.name if board.visit_them_all else "Visit-Them-All points")


def _vta_hint(spec: Any, board: Any) -> str:
    """The PP table of the Visit-Them-All points."""
    vta = board.visit_them_all
    if vta is None:
        return "this city has none"
    return "points on the route: " + ", ".join(f"{n} → {pp}" for n, pp in enumerate(vta.pp) if n) + " PP"


def _vta(spec: Any, ev: Any) -> int:
    """PP for the Visit-Them-All points on the route."""
    vta = ev.ctx.board.visit_them_all
    return vta.score(sum(1 for p in vta.at if p in ev.facts.points)) if vta else 0


register(RowType("visit_them_all", lambda s: s.key or "visit_them_all", _vta_label, _vta_hint, _vta))
register(RowType("personal_goal", lambda s: s.key or "personal_goal", _fixed("Personal goal"),
                 lambda s, b: N_("sections between two circled intersections on the route (the longest), doubled")
                 if s.pp == 2 else "sections between two circled intersections on the route (the longest)",
                 lambda s, ev: ev.personal_goal() * (s.pp or 1)))
register(RowType("goal", lambda s: s.key or f"goal_{s.deck}", lambda s, b: s.label or f"Goal {s.deck}",
                 lambda s, b: "winner PP or achiever PP", lambda s, ev: None,
                 check=lambda s, r, lms: None if s.deck else ("missing-deck", "deck", N_("A goal row names its deck."),
                                                             {})))


def _bridges_term(spec: Any, scorer: Any) -> CountTerm:
    """Each scoring bridge on the route: its PP (bridges of one board may differ)."""
    bridges = [f for f in scorer.ctx.board.features_of("bridge") if f.param("pp")]
    return _SumTerm([(_edge_mask(scorer, f.sections), f.param("pp")) for f in bridges])


class _SumTerm:
    """A sum of per-item PP, each item on the route when its mask meets the route's sections."""

    def __init__(self, items: list[tuple[int, int]]) -> None:
        """Keep (edge mask, PP) per item."""
        self.items = [(m, pp) for m, pp in items if m]

    def value(self, edges: int, points: int) -> int:
        """PP of a route set."""
        return sum(pp for m, pp in self.items if edges & m)

    bound = value


register(RowType("bridges", lambda s: s.key or "bridges", _fixed(N_("Bridges")),
                 lambda s, b: N_("PP of each scoring bridge on the route"),
                 lambda s, ev: sum(f.param("pp") for f in ev.ctx.board.features_of("bridge")
                                   if any(sec in ev.facts.sections for sec in f.sections)),
                 _bridges_term, icon="bridge"))


def _stations(spec: Any, board: Any) -> list:
    """The stations a stations row counts (of its vehicle, or all)."""
    return [f for f in board.features_of("station") if spec.feature is None or f.param("vehicle") == spec.feature]


register(RowType("stations", lambda s: s.key or "stations", _fixed(N_("Stations")),
                 lambda s, b: N_("PP per station on the route (both ride stations count)"),
                 lambda s, ev: s.pp * sum(1 for f in _stations(s, ev.ctx.board) if f.points[0] in ev.facts.points),
                 lambda s, sc: CountTerm(0, _point_mask(sc, [f.points[0] for f in _stations(s, sc.ctx.board)]), s.pp),
                 _need("pp"), icon="station"))


def _street_pp(spec: Any, ctx: Any) -> int:
    """The PP per section of a street: its rating track's value."""
    return ctx.track_pp(ctx.board.feature("street", spec.feature).param("rating"))


register(RowType("street", lambda s: s.key or s.feature, lambda s, b: s.label or b.feature("street", s.feature).name
                 or s.feature, lambda s, b: N_("route sections on it × its rating"),
                 lambda s, ev: _street_pp(s, ev.ctx) * ev.ctx.board.feature("street", s.feature).count_on(
                     ev.facts.sections, frozenset(), frozenset()),
                 lambda s, sc: CountTerm(_edge_mask(sc, sc.ctx.board.feature("street", s.feature).sections), 0,
                                         _street_pp(s, sc.ctx)),
                 _need("feature", "street"), icon="street", named_by_board=True))
register(RowType("section_pp", lambda s: s.key or s.feature, lambda s, b: s.label or s.feature,
                 lambda s, b: N_("PP per route section in the set"),
                 lambda s, ev: s.pp * ev.ctx.board.feature("section_pp", s.feature).count_on(
                     ev.facts.sections, frozenset(), frozenset()),
                 lambda s, sc: CountTerm(_edge_mask(sc, sc.ctx.board.feature("section_pp", s.feature).sections), 0,
                                         s.pp),
                 _need("feature", "section_pp"), named_by_board=True))
register(RowType("point_pp", lambda s: s.key or s.feature, lambda s, b: s.label or s.feature,
                 lambda s, b: N_("PP per intersection of the set on the route"),
                 lambda s, ev: s.pp * ev.ctx.board.feature("point_pp", s.feature).count_on(
                     frozenset(), ev.facts.points, frozenset()),
                 lambda s, sc: CountTerm(0, _point_mask(sc, sc.ctx.board.feature("point_pp", s.feature).points),
                                         s.pp),
                 _need("feature", "point_pp"), named_by_board=True))


def default_specs(board: Any) -> tuple:
    """The standard rows 1–9 of a board without its own `scoring` (the training city's)."""
    from .board_parts import RowSpec

    specs = [RowSpec("tourists", 1, colour="red"), RowSpec("tourists", 2, colour="green"),
             RowSpec("tourists", 3, colour="blue")]
    if "purple" in board.kinds_present():
        specs.append(RowSpec("tourists", 3, colour="purple"))
    specs += [RowSpec("yellow", 4), RowSpec("iconic", 5), RowSpec("cafes", 6), RowSpec("visit_them_all", 7),
              RowSpec("personal_goal", 8)]
    specs += [RowSpec("goal", 9, deck=d) for d in ("A", "B", "C")]
    return tuple(specs)


def row_specs(board: Any) -> tuple:
    """The board's scoring rows in printed order."""
    return board.scoring if board.scoring is not None else default_specs(board)
