"""Texts the En Route pages choose at run time (levels, colours, rows, problem codes), marked for the catalogues."""

from __future__ import annotations

import re
from typing import Any

from ...games.core.problems import N_, Problem
from ..core.i18n import _, problem_text, register_code_texts

LABELS = {
    "change_city": N_("Use this city"),
    "level_simplified": N_("Simplified (no cafes, no goals)"),
    "level_intermediate": N_("Intermediate (no goal cards)"),
    "level_full": N_("Full game"),
    "colour_red": N_("red"),
    "colour_blue": N_("blue"),
    "colour_green": N_("green"),
    "colour_yellow": N_("yellow"),
    "colour_purple": N_("purple"),
    "colour_orange": N_("orange"),
    "colour_black": N_("black"),
    "colour_white": N_("white"),
    "metric_route_length": N_("sections in the final route"),
    "metric_turns": N_("turns along the route"),
    "metric_longest_straight": N_("longest straight run"),
    "metric_landmarks_on_route": N_("landmarks on the route"),
    "metric_tourists_on_route": N_("tourists on the route"),
    "metric_empty_locations_on_route": N_("empty locations on the route"),
    "metric_manual": N_("counted by hand"),
    "sheet_status_empty": N_("not entered yet"),
    "sheet_status_ok": N_("entered, no problems"),
    "sheet_status_problems": N_("{errors} errors, {warnings} warnings"),
    "route_best": N_("Let the companion choose the best"),
    "route_own": N_("I trace my own"),
    "change_sections_added": N_("{n} section(s) drawn"),
    "change_sections_removed": N_("{n} section(s) erased"),
    "change_tourists": N_("tourists at {where}"),
    "change_cafes": N_("cafes"),
    "change_goal": N_("personal goal points"),
    "change_route": N_("final route"),
    "change_player_board": N_("player board"),
    "change_goal_values": N_("goal results"),
    "route_by_companion": N_("Route chosen by the companion"),
    "route_by_player": N_("Route traced by the player"),
    "tb_route_length": N_("longer final route"),
    "tb_tourists": N_("more tourists on the route"),
    "tb_landmarks": N_("more landmarks on the route"),
    "item_sections": N_("Section {n}"),
    "item_tourists": N_("Tourist entry {n}"),
    "item_cafes": N_("Cafe {n}"),
    "item_final_route": N_("Route step {n}"),
    "item_personal_goal": N_("Goal point {n}"),
    "row_red": N_("Red landmarks"),
    "row_green": N_("Green landmarks"),
    "row_blue": N_("Blue landmarks"),
    "row_purple": N_("Purple landmarks"),
    "row_yellow": N_("Yellow landmarks"),
    "row_grey": N_("Grey landmarks"),
    "row_cafes": N_("Unused cafe bonuses"),
    "row_personal_goal": N_("Personal goal"),
    "row_goal_A": N_("Goal A"),
    "row_goal_B": N_("Goal B"),
    "row_goal_C": N_("Goal C"),
}

# The general text of each problem code, for problems whose message has no template.
PROBLEM_TEXTS = {
    "not-a-road": N_("A section lies where there is no road."),
    "bad-section": N_("A section is not shaped right."),
    "duplicate-section": N_("The same section is drawn twice."),
    "intersection-off-map": N_("An intersection is off the map."),
    "location-off-map": N_("A location is off the map."),
    "route-not-a-road": N_("The route does not go on along one road section."),
    "route-not-drawn": N_("The route uses a section that is not drawn."),
    "route-reuses-section": N_("The route uses a section twice."),
    "empty-route": N_("The final route has no section: it scores 0."),
    "duplicate-location": N_("The same location is entered twice."),
    "bad-number": N_("A number is not right."),
    "bad-tourist-count": N_("A tourist count is not right."),
    "no-tourists": N_("An entry holds no tourists."),
    "too-many-locations": N_("Tourists are entered in more than 10 locations (one per round, at most 10)."),
    "few-locations": N_("Tourists are entered in fewer than 10 locations: check that none is missing."),
    "purple-not-used": N_("This city has no purple landmark: purple tourists score nothing."),
    "bad-cafe-state": N_("A cafe's state is not right."),
    "not-a-cafe": N_("There is no cafe there."),
    "duplicate-cafe": N_("The same cafe is entered twice."),
    "cafe-not-reached": N_("A circled cafe is not reached by a section."),
    "cafe-not-circled": N_("A cafe reached by a section is not circled (2 PP if unused)."),
    "cafes-not-used": N_("The simplified game has no cafes."),
    "no-personal-goal": N_("No personal-goal intersections: row 8 scores 0."),
    "personal-goal-not-used": N_("The simplified game has no personal goal."),
    "bad-personal-goal": N_("A personal goal is three different intersections."),
    "unknown-goal": N_("This is not a goal counted by hand."),
    "missing-goal-value": N_("The result of a goal counted by hand is missing."),
    "too-many-sections": N_("More sections are drawn than the rounds allow."),
    "unknown-player-board": N_("This city has no such player board."),
    "bad-player-name": N_("A player's name is 1 to 40 characters."),
    "unknown-key": N_("There is an unknown key."),
    "missing-key": N_("A needed key is missing."),
    "wrong-format": N_("The format is not enroute-sheet/1."),
    "not-a-list": N_("A list is needed."),
    "not-an-object": N_("An object is needed."),
    "duplicate-player": N_("Two players have the same name."),
    "achiever-above-winner": N_("Achiever PP cannot be more than winner PP."),
}
register_code_texts(PROBLEM_TEXTS)


def label(key: str, default: str | None = None, **params: Any) -> str:
    """Translate a run-time label by its key (`level_full`, `row_red`); unknown keys show `default` or the key."""
    text = LABELS.get(key)
    return _(text, **params) if text is not None else (default if default is not None else key)

_ITEM = re.compile(r"^(?:players\[\d+\]\.)?(sections|tourists|cafes|final_route|personal_goal)\[(\d+)\]")


def problem_item(path: str) -> str:
    """Name the item a problem's path points at ("Section 5"), or an empty string."""
    match = _ITEM.match(path or "")
    return label(f"item_{match.group(1)}", n=int(match.group(2)) + 1) if match else ""


def problem_line(problem: Problem) -> str:
    """A problem's message in the page's language, led by the item it concerns."""
    return problem_text(problem, problem_item(problem.path))
