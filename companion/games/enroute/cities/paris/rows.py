"""Paris's scoring rows, registered in the shared row registry: coloured landmarks and diversity.

* `coloured_tourists` (`colour`): tourists of the colour on the route × the specialised landmarks of that
  colour on the route **with a route section of their own colour beside them** (along a location of theirs, or
  along their own sides when shaped), plus the remote landmarks of that colour whose tour's final stage the
  route completes (they have no location: no colour is asked of them — a decision, see NOTES.md).
* `diversity` (`feature`: the board's diversity table): PP by the number of diverse runs along the walk.

Both give the best-route search a term: the coloured row is monotone in the sections (value = bound); diversity
depends on the walk (`walk = True`): valued per walk, bounded by min(red, green, blue sections, n / 3).
"""

from __future__ import annotations

from typing import Any

from ....core.problems import N_
from ....core.schema import show
from ...rowtypes import COLOUR_LABELS, ROW_TYPES, RowType, register
from ...vehicles import is_hub
from .diversity import best_up_to, runs, table_pp
from .features import PARIS_COLOURS
from .tours import final_complete, remote_kind, tours_in_play


def beside(board: Any, lm: Any, sec: Any) -> bool:
    """Tell whether a road runs beside a landmark (its own sides when shaped, else a location of it)."""
    sides = board.landmark_sides(lm.id)
    if sides is not None:
        return sec in sides
    if lm.meeting is not None and lm.meeting in sec:
        return True
    return any(loc in lm.locations for loc in board.borders(sec))


def coloured_landmarks(board: Any, colour: str, colours: dict, landmarks: list, sections: Any) -> int:
    """Landmarks of a colour on the route with a route section of that colour beside them."""
    mine = [s for s in sections if colours.get(s) == colour]
    return sum(1 for lm in landmarks if lm.kind == colour and any(beside(board, lm, s) for s in mine))


def remote_count(board: Any, tour_ids: Any, colour: str, sections: Any) -> int:
    """Remote landmarks of a colour brought by revealed tours whose final stage the sections complete."""
    return sum(1 for tour in tours_in_play(board, tour_ids)
               if remote_kind(board, tour) == colour and final_complete(board, tour, sections))


def _coloured_value(spec: Any, ev: Any) -> int:
    """The coloured row of a route."""
    board, sections = ev.ctx.board, ev.facts.sections
    count = coloured_landmarks(board, spec.colour, ev.sheet.colours, ev.landmarks, sections)
    count += remote_count(board, ev.ctx.tours, spec.colour, sections)
    return ev.tourists.get(spec.colour, 0) * count


class ColouredTerm:
    """The coloured row over the solver's edge masks (monotone: its value bounds every subset).

    Everything is a mask over the drawn roads, made once: per location the roads bordering it (for the
    tourists), per landmark of the colour the roads putting it on the route and the roads of its colour beside
    it, per revealed tour of the colour one mask per target and the targets its final stage needs.
    """

    def __init__(self, spec: Any, scorer: Any) -> None:
        """Index each drawn road's bordered tourists and the landmarks its colour can count."""
        board, sheet, ctx = scorer.ctx.board, scorer.sheet, scorer.ctx
        self.colour = colour = spec.colour
        roads = [(i, sec) for i, sec in enumerate(scorer.graph.edges) if not (is_hub(sec[0]) or is_hub(sec[1]))]
        self.cache: dict[int, int] = {}
        near: dict[Any, int] = {}
        for i, sec in roads:
            for loc in board.borders(sec):
                near[loc] = near.get(loc, 0) | 1 << i
        # Tourists of the colour: a location's count when one of its roads is in the set.
        self.tourists = [(near[loc], n) for loc, counts in sheet.tourists.items()
                         if (n := counts.get(colour, 0)) and loc in near]
        # A landmark of the colour counts when on the route and a road of its colour runs beside it.
        self.landmarks = []
        for lm in board.landmarks:
            if lm.kind != colour:
                continue
            sides = board.landmark_sides(lm.id)
            on = sum(1 << i for i, sec in roads if (sec in sides if sides is not None
                                                   else any(loc in lm.locations for loc in board.borders(sec))))
            mine = sum(1 << i for i, sec in roads if sheet.colours.get(sec) == colour and beside(board, lm, sec))
            if on and mine:
                self.landmarks.append((on, mine))
        # Remote landmarks of the colour: their tour's final stage complete (`tours.final_complete`).
        self.tours = []
        for tour in tours_in_play(board, ctx.tours):
            if remote_kind(board, tour) != colour:
                continue
            targets = [sum(1 << i for i, sec in roads if sec == s) for s in tour.sections]
            targets += [near.get(loc, 0) for loc in tour.locations]
            targets += [sum(1 << i for i, sec in roads if p in sec) for p in tour.points]
            self.tours.append((targets, max(tour.param("stages"), default=0)))

    def value(self, edges: int, points: int) -> int:
        """PP of a route set."""
        got = self.cache.get(edges)
        if got is None:
            count = sum(1 for on, mine in self.landmarks if edges & on and edges & mine)
            count += sum(1 for targets, need in self.tours if sum(1 for m in targets if edges & m) >= need)
            got = self.cache[edges] = sum(n for m, n in self.tourists if edges & m) * count if count else 0
        return got

    bound = value  # more sections never lower tourists, landmarks or tour stages


def _table(board: Any, spec: Any) -> tuple[int, ...]:
    """The diversity table a row names."""
    feature = board.feature("diversity", spec.feature)
    return tuple(feature.param("pp")) if feature else (0,)


class DiversityTerm:
    """Diversity over the solver's masks: per walk exactly, bounded by the colours available."""

    walk = True

    def __init__(self, spec: Any, scorer: Any) -> None:
        """Keep the table and each drawn road's colour bit."""
        self.board, self.colours = scorer.ctx.board, scorer.sheet.colours
        self.table = _table(self.board, spec)
        self.masks = {c: 0 for c in PARIS_COLOURS}
        for i, sec in enumerate(scorer.graph.edges):
            colour = self.colours.get(sec)
            if colour in self.masks:
                self.masks[colour] |= 1 << i

    def bound(self, available: int, points: int) -> int:
        """Most PP any walk within `available` can reach: each run takes one section of each colour."""
        return best_up_to(self.table, min((available & m).bit_count() for m in self.masks.values()))

    def value(self, edges: int, points: int) -> int:
        """Not walk-free: the solver asks `walk_value` instead (kept as the bound for safety)."""
        return self.bound(edges, points)

    def walk_value(self, walk: list) -> int:
        """PP of one walk."""
        return table_pp(self.table, runs(self.board, self.colours, walk))


def _colour_check(spec: Any, reader: Any, landmarks: Any) -> Any:
    """A coloured row names red, green or blue."""
    if spec.colour in PARIS_COLOURS:
        return None
    return ("bad-colour", "colour", N_("Section colours are {colours}, not {value}."),
            {"colours": ", ".join(PARIS_COLOURS), "value": show(spec.colour)})


def _diversity_check(spec: Any, reader: Any, landmarks: Any) -> Any:
    """A diversity row names the board's diversity table."""
    if reader.feature("diversity", spec.feature) is not None:
        return None
    return ("unknown-row-target", "feature", N_("The scoring row {row} needs {field}: {value} is not one of this "
                                                "board."), {"row": spec.row, "field": "feature",
                                                            "value": show(spec.feature)})


def register_all() -> None:
    """Register Paris's row types (once)."""
    if "coloured_tourists" in ROW_TYPES:
        return
    register(RowType("coloured_tourists", lambda s: s.key or s.colour,
                     lambda s, b: s.label or COLOUR_LABELS.get(s.colour, ("?",))[0],
                     lambda s, b: N_("tourists × landmarks of the colour beside a section of their colour"),
                     _coloured_value, ColouredTerm, _colour_check))
    register(RowType("diversity", lambda s: s.key or "diversity", lambda s, b: s.label or N_("Diversity"),
                     lambda s, b: "runs of three consecutive sections in three colours: " + ", ".join(
                         f"{n} → {pp}" for n, pp in enumerate(_table(b, s)) if n) + " PP",  # printables: its template
                     lambda s, ev: table_pp(_table(ev.ctx.board, s), runs(ev.ctx.board, ev.sheet.colours, ev.walk)),
                     DiversityTerm, _diversity_check, icon="diversity"))
