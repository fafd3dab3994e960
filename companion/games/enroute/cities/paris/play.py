"""Paris's round rules for the referee (seed ~l.1199–1338), called through the city rules' hooks.

* `on_open`: the Paris round card (the one showing two route colours) activates its tourist colour's bonus area
  and marks that area's next box (at most 4);
* `on_turn`: every section of the turn's segment takes one colour, one of the two on the Paris card
  (`Turn.section_colour`); bonus sections take any colour (`BonusSection.colour`, default the segment's); then the
  round bonuses of the active area: for each marked box whose stage of the area's revealed tour is complete
  (against the player's drawn sections, this turn's included) — box 2 adds the area's tourists to this turn's
  location, box 3 lets the player change one section (`Turn.route_change`: erase one, then draw it again in
  another colour, or draw a section of its colour elsewhere), box 4 one more section of any colour
  (`Turn.tour_section`). Bonuses are taken left to right; the ones not earned are refused when asked for.
"""

from __future__ import annotations

from typing import Any

from ....core.problems import N_, Problem, error
from ... import geometry as geo
from .features import PARIS_COLOURS
from .tours import round_bonuses, stages_done


def paris_card(cards: Any) -> Any:
    """The round's Paris card (the one with route colours), or None."""
    return next((c for c in cards if c is not None and c.route_colours), None)


def on_open(state: Any, cards: Any) -> dict:
    """Activate the Paris card's area and mark its next box."""
    card = paris_card(cards)
    if card is None or not card.tourists:
        return {"area": None}
    colour = card.tourists[0][0]
    boxes = dict(state.boxes)
    if any(f.param("colour") == colour for f in state.board.features_of("bonus_area")):
        boxes[colour] = min(4, boxes.get(colour, 0) + 1)
    return {"area": colour, "boxes": boxes}


def earned(state: Any, player: int, sections: list) -> list[str]:
    """The round bonuses a player earns at the end of this drawing phase (left to right)."""
    if state.area is None:
        return []
    tour = next((f for f in state.board.features_of("tour")
                 if f.id in state.tours and f.param("colour") == state.area), None)
    if tour is None:
        return []
    done = stages_done(state.board, tour, [*state.players[player].sections, *sections])
    return round_bonuses(state.boxes.get(state.area, 0), done)


def _pair(value: Any) -> tuple[int, int] | None:
    """Read an intersection given as two whole numbers, or None."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    return None


def read_section(raw: Any) -> Any:
    """Read a section given as two intersections, or None."""
    ends = [_pair(p) for p in raw] if isinstance(raw, (list, tuple)) and len(raw) == 2 else [None]
    return geo.section(ends[0], ends[1]) if None not in ends and ends[0] != ends[1] else None


def _section(board: Any, raw: Any, taken: set, path: str, problems: list[Problem]) -> Any:
    """Read one section to draw: a road, not drawn yet."""
    sec = read_section(raw)
    if sec is None:
        problems.append(error("bad-section", path, N_("A section is two intersections, not {value}."),
                              value=repr(raw)))
        return None
    if not board.is_road(sec) or sec in taken:
        problems.append(error("section-taken", path, N_("{a}–{b} is not a free road to draw on."),
                              a=list(sec[0]), b=list(sec[1])))
        return None
    return sec


def on_turn(state: Any, player: int, turn: Any, sections: list, location: Any,
            tourists: dict) -> tuple[dict, list[Problem]]:
    """Check the turn's colours and apply the round bonuses it earns; return the changes and the problems."""
    problems: list[Problem] = []
    cards = state.cards[player] if state.cards else None
    card = paris_card(cards or ())
    if card is None:
        return {}, problems
    board, me = state.board, state.players[player]
    colours: dict = {}
    segment = [geo.section(*s) for s in turn.segment] if turn.segment else []
    if turn.section_colour not in card.route_colours:
        problems.append(error("section-colour", "turn.section_colour",
                              N_("This round's sections are drawn in {first} or {second}, the colours on the Paris "
                                 "card, not {value}."), first=card.route_colours[0],
                              second=card.route_colours[-1], value=repr(turn.section_colour)))
        return {}, problems
    for sec in segment:
        colours[sec] = turn.section_colour
    for i, bonus in enumerate(turn.bonus_sections):
        colour = bonus.colour or turn.section_colour
        if colour not in PARIS_COLOURS:
            problems.append(error("bonus-colour", f"turn.bonus_sections[{i}].colour",
                                  N_("A bonus section is red, green or blue, not {value}."), value=repr(colour)))
            continue
        colours[geo.section(*bonus.section)] = colour
    bonuses = earned(state, player, sections)
    changes: dict[str, Any] = {"colours": colours, "sections": []}
    if "tourists" in bonuses:
        area = next(f for f in board.features_of("bonus_area") if f.param("colour") == state.area)
        kind, count = area.param("tourist"), area.param("count")
        changes["tourists"] = {**tourists, kind: tourists.get(kind, 0) + count}
    taken = set(me.sections) | set(sections)
    if turn.route_change is not None:
        _route_change(board, me, turn, taken, colours, bonuses, changes, problems)
        taken |= set(changes["sections"]) | ({changes["erased"]} if changes.get("erased") else set())
    if turn.tour_section is not None:
        if "section" not in bonuses:
            problems.append(error("no-tour-section", "turn.tour_section",
                                  N_("The extra section is the fourth box's bonus: its box must be marked and the "
                                     "tour's third stage complete.")))
        else:
            sec = _section(board, turn.tour_section.section, taken, "turn.tour_section.section", problems)
            colour = turn.tour_section.colour
            if colour not in PARIS_COLOURS:
                problems.append(error("bonus-colour", "turn.tour_section.colour",
                                      N_("A bonus section is red, green or blue, not {value}."), value=repr(colour)))
            elif sec is not None:
                changes["sections"].append(sec)
                colours[sec] = colour
    return changes, problems


def _route_change(board: Any, me: Any, turn: Any, taken: set, colours: dict, bonuses: list, changes: dict,
                  problems: list[Problem]) -> None:
    """Box 3: erase one drawn section; draw it again in another colour, or a section of its colour elsewhere."""
    if "route_change" not in bonuses:
        problems.append(error("no-route-change", "turn.route_change",
                              N_("A route change is the third box's bonus: its box must be marked and the tour's "
                                 "second stage complete.")))
        return
    try:
        old, new, colour = turn.route_change
    except (TypeError, ValueError):
        old = new = colour = None
    old = read_section(old)
    if old is None:
        problems.append(error("route-change-erase", "turn.route_change",
                              N_("A route change names a drawn section to erase, the section to draw and its "
                                 "colour.")))
        return
    if old not in taken:
        problems.append(error("route-change-erase", "turn.route_change[0]",
                              N_("{a}–{b} is not drawn: a route change erases one of your sections."),
                              a=list(old[0]), b=list(old[1])))
        return
    was = colours.get(old, me.colours.get(old))
    if read_section(new) == old:
        if colour not in PARIS_COLOURS or colour == was:
            problems.append(error("route-change-colour", "turn.route_change[2]",
                                  N_("Drawn again in the same place, the section takes another colour than {was}."),
                                  was=repr(was)))
            return
        colours[old] = colour
        return
    if colour != was:
        problems.append(error("route-change-colour", "turn.route_change[2]",
                              N_("Drawn elsewhere, the section keeps its colour {was}."), was=repr(was)))
        return
    sec = _section(board, new, taken, "turn.route_change[1]", problems)
    if sec is not None:
        changes["erased"] = old
        changes["sections"].append(sec)
        colours[sec] = colour
