"""New York's drawing rules (seed ~l.1448–1529): three-section segments without branching, and hotspots.

A turn's segment is three connected sections next to the chosen location (at least one along a side of it or
through it) forming one line without branching, or one section anywhere. A hotspot road is a double road: it
takes two section allowances at once, so it is never drawn as a lone section or with one route-section bonus.
A bonus joins the turn's drawing by naming a hotspot road: a bonus naming a hotspot of the segment pays that
hotspot's second allowance (the seed's example: a segment plus a bonus are 4 allowances, so three roads, one a
hotspot), and two bonuses naming the same hotspot draw it anywhere. Once drawn, a hotspot is one section.

`check_segment` is the referee's hook (`CityRules.check_segment`): it returns the segment's sections and the
indices of the bonuses that paid a hotspot's second allowance (the referee then only spends their source).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ....core.problems import N_, Problem, error
from ... import geometry as geo
from ...board import Board
from ...geometry import Location, Section

SEGMENT = 3  # allowances of a segment next to the location (seed ~l.1450)
HALF = 6  # each half of the map is 6 locations wide


def hotspot_sections(board: Board, cards: tuple[str, ...] | frozenset[str]) -> frozenset[Section]:
    """Return the hotspot roads the given hotspot card backs show."""
    return frozenset(sec for f in board.features_of("hotspot_card") if f.id in cards for sec in f.sections)


def is_line(board: Board, secs: list[Section]) -> bool:
    """Tell whether sections form one connected line without branching (every point on at most two of them)."""
    degree = Counter(p for sec in secs for p in sec)
    if any(d > 2 for d in degree.values()):
        return False
    seen, stack = {secs[0][0]}, [secs[0][0]]
    while stack:
        p = stack.pop()
        for sec in secs:
            if p in sec:
                q = sec[1] if sec[0] == p else sec[0]
                if q not in seen:
                    seen.add(q)
                    stack.append(q)
    return seen == set(degree)


def _section(raw: Any) -> Section | None:
    """Read a section given as two intersections, or None."""
    try:
        a, b = tuple(raw[0]), tuple(raw[1])
        if len(a) == 2 and len(b) == 2 and all(isinstance(v, int) for v in (*a, *b)) and a != b:
            return geo.section(a, b)
    except (TypeError, IndexError, ValueError, KeyError):
        pass
    return None


def check_segment(state: Any, player: int, turn: Any, loc: Location, drawn: set[Section],
                  problems: list[Problem]) -> tuple[list[Section], frozenset[int]]:
    """Check New York's segment and hotspots; return the segment's sections and the bonuses merged into it."""
    from ...referee import _check_new_section, describe

    board = state.board
    hot = state.hotspots
    secs: list[Section] = []
    for i, raw in enumerate(turn.segment):
        sec = _check_new_section(board, raw, drawn | set(secs), f"turn.segment[{i}]", problems)
        if sec is not None:
            secs.append(sec)
    merged: set[int] = set()
    alone: dict[Section, list[int]] = {}
    for i, bonus in enumerate(turn.bonus_sections):
        sec = _section(bonus.section)
        if sec is None or sec not in hot:
            continue
        if sec in secs:
            if any(_section(turn.bonus_sections[k].section) == sec for k in merged):
                problems.append(error("hotspot-paid-twice", f"turn.bonus_sections[{i}]",
                                      N_("The hotspot {a}–{b} takes two section allowances: one more bonus than the "
                                         "segment's own is enough."), a=list(sec[0]), b=list(sec[1])))
            merged.add(i)
        else:
            alone.setdefault(sec, []).append(i)
    for sec, used in alone.items():
        if len(used) == 2:
            merged.add(used[1])  # two bonuses together draw a hotspot anywhere; the second pays its second allowance
        else:
            problems.append(error("hotspot-lone", f"turn.bonus_sections[{used[0]}]",
                                  N_("The road {a}–{b} is a hotspot: it takes two section allowances at once, so one "
                                     "route-section bonus alone cannot draw it."), a=list(sec[0]), b=list(sec[1])))
    if len(secs) != len(turn.segment) or not secs:
        if not turn.segment:
            problems.append(error("segment-size", "turn.segment",
                                  N_("Draw {n} connected sections next to your location (a hotspot counts as two), "
                                     "or one section anywhere."), n=SEGMENT))
        return secs, frozenset(merged)
    extra = sum(1 for i in merged if _section(turn.bonus_sections[i].section) in secs)
    allowance = sum(2 if sec in hot else 1 for sec in secs) - extra
    if len(secs) == 1 and allowance == 1:
        return secs, frozenset(merged)  # one section anywhere (a hotspot with a bonus paying its second allowance)
    if len(secs) == 1 and secs[0] in hot:
        a, b = secs[0]
        problems.append(error("hotspot-lone", "turn.segment[0]",
                              N_("The road {a}–{b} is a hotspot: it takes two section allowances at once, so a lone "
                                 "section cannot cross it; draw it in a segment next to your location or add a "
                                 "route-section bonus."), a=list(a), b=list(b)))
    elif turn.fallback:
        problems.append(error("fallback-one-section", "turn.segment",
                              N_("When every matching location is occupied you draw one section anywhere.")))
    elif allowance != SEGMENT:
        problems.append(error("segment-size", "turn.segment",
                              N_("A segment next to your location takes exactly {n} section allowances (a hotspot "
                                 "counts as two, a route-section bonus adds one); these sections take {got}."),
                              n=SEGMENT, got=allowance))
    elif not is_line(board, secs):
        problems.append(error("segment-branches", "turn.segment",
                              N_("The segment's sections must form one connected line without branching.")))
    elif not any(loc in board.borders(s) for s in secs):
        problems.append(error("segment-not-next", "turn.segment",
                              N_("At least one section of the segment runs along a side of your {where} or through "
                                 "it; otherwise draw one section anywhere."), where=describe(state, player, loc)))
    return secs, frozenset(merged)


def segment_options(board: Board, drawn: set[Section] | frozenset[Section], location: Location,
                    hot: frozenset[Section] = frozenset()) -> list[tuple[Section, ...]]:
    """Return every legal segment next to a location without bonuses: lines of three allowances, one beside it."""
    free = [sec for sec in board.roads if sec not in drawn]
    beside = [sec for sec in free if location in board.borders(sec)]
    found: set[tuple[Section, ...]] = set()

    def grow(line: list[Section], cost: int) -> None:
        """Extend a line at either end until it takes three allowances."""
        if cost == SEGMENT:
            found.add(tuple(sorted(line)))
            return
        ends = [p for p in {q for sec in line for q in sec} if sum(p in sec for sec in line) == 1] or list(line[0])
        for end in ends:
            for other in board.neighbours(end):
                sec = geo.section(end, other)
                step = 2 if sec in hot else 1
                if sec in drawn or sec in line or cost + step > SEGMENT:
                    continue
                if is_line(board, [*line, sec]):
                    grow([*line, sec], cost + step)

    for first in beside:
        cost = 2 if first in hot else 1
        grow([first], cost)
    return sorted(found)


def reveal_cafe_card(state: Any, card: str) -> tuple[Any, list[Problem]]:
    """Reveal this round's cafe card (before the round, and before the second start round): it sets every cafe's
    bonus for everyone this round."""
    from dataclasses import replace

    if state.board.feature("cafe_card", card) is None:
        known = ", ".join(f.id for f in state.board.features_of("cafe_card")) or "-"
        return state, [error("unknown-cafe-card", "card", N_("{id} is not a cafe card of {board} (cards: {cards})."),
                             id=str(card), board=state.board.name, cards=known)]
    return replace(state, cafe_card=card), []


def place_goal_on_half(state: Any, player: int, half: int) -> tuple[Any, list[Problem]]:
    """Before the final route: place the personal goal card's three intersections on the left (0) or right (1)
    half of the map (the card shows them on a 6×6 map)."""
    from dataclasses import replace

    from ...referee import _with_player

    me = state.players[player] if 0 <= player < len(state.players) else None
    if me is None or me.personal_goal is None:
        return state, [error("no-personal-goal", "player", N_("There is no personal goal to place."))]
    if half not in (0, 1) or any(p[0] > HALF for p in me.personal_goal):
        return state, [error("bad-half", "half", N_("Choose the left (0) or the right (1) half of the map."))]
    goal = tuple((p[0] + HALF * half, p[1]) for p in me.personal_goal)
    return _with_player(state, player, replace(me, personal_goal=goal)), []
