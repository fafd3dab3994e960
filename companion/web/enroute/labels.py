"""Texts the En Route pages choose at run time (levels, colours, rows, problem codes), marked for the catalogues."""

from __future__ import annotations

import re
from typing import Any

from ...games.core.problems import N_, Problem
from ..core.i18n import DEFAULT, _, current_lang, problem_text, register_code_texts

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
    "metric_zone_sections": N_("route sections next to the zone"),
    "metric_zone_end": N_("route starts or ends next to the zone"),
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
    "change_crossed": N_("crossed-out locations"),
    "change_remote": N_("tourists in remote spaces"),
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
    # Refereed games: modes, levels, rating modes, balance-card sides, what changed meanwhile.
    "mode_normal": N_("Normal game"),
    "mode_solo": N_("Solo game"),
    "mode_team": N_("Team game"),
    "level_name_simplified": N_("simplified"),
    "level_name_intermediate": N_("intermediate"),
    "level_name_full": N_("full"),
    "level_title_simplified": N_("Simplified game"),
    "level_title_intermediate": N_("Intermediate game"),
    "level_title_full": N_("Full game"),
    "rating_title_standard": N_("Standard ratings"),
    "rating_title_advanced": N_("Advanced ratings"),
    "rating_standard": N_("standard ratings"),
    "rating_advanced": N_("advanced ratings"),
    "balance_section": N_("route section"),
    "balance_coordinate": N_("coordinate change"),
    "action_round": N_("round cards"),
    "action_start_cards": N_("placed start cards"),
    "action_pick": N_("a start-round pick"),
    "action_turn": N_("a turn"),
    "action_refresh": N_("a hand refresh"),
    "action_close": N_("a round closed"),
    "action_unknown": N_("another change"),
    "action_setup": N_("setup changed"),
    # The setup walk-through's step titles.
    "step_mode": N_("Game and referee"),
    "step_level": N_("Level"),
    "step_rating": N_("Rating mode"),
    "step_players": N_("Players"),
    "step_start": N_("Ready to play"),
    "step_city": N_("Choose the city"),
    "step_round-board": N_("Round board"),
    "step_deck": N_("City deck"),
    "step_goals": N_("Goal cards"),
    "step_challenge": N_("Challenge table"),
    "step_sequence": N_("Card sequence"),
    "step_player-boards": N_("Player boards"),
    "step_hands": N_("Hands"),
    "step_personal-goals": N_("Personal goals"),
    "step_balance": N_("Balance cards"),
    "step_markers": N_("Markers"),
    "step_first-player": N_("First active player"),
    "step_no-cafes": N_("Simplified game"),
    # Boards: landmark kinds and cafe bonuses.
    "kind_red": N_("Red"),
    "kind_green": N_("Green"),
    "kind_blue": N_("Blue"),
    "kind_purple": N_("Purple"),
    "kind_yellow": N_("Yellow (popular)"),
    "kind_grey": N_("Grey (iconic)"),
    "bonus_tourists": N_("New tourists"),
    "bonus_section": N_("Route section"),
    "bonus_coordinate": N_("Coordinate change"),
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
    # The referee (round cards, turns, picks, hand refreshes, closing a round).
    "round-open": N_("A round is still being played; close it first."),
    "game-over": N_("The game is over: all 10 rounds are played."),
    "start-round": N_("This round is a start round: every player places a card and picks two."),
    "two-cards": N_("A round has two round cards."),
    "no-start-round": N_("Start-round cards are placed once, before round 1, in a 3- or 4-player game."),
    "one-card-each": N_("Each player places one card."),
    "one-pick-each": N_("Each player picks two cards."),
    "bad-pick": N_("Pick two different cards among the placed ones."),
    "no-round": N_("No round is being played: the round cards are not in yet."),
    "turns-missing": N_("The round is not finished: some players have not entered their turn yet."),
    "no-player": N_("There is no such player."),
    "refresh-used": N_("This player has already refreshed their hand this game (the city symbol is circled)."),
    "nothing-to-undo": N_("There is no turn to take back in this round (a closed round cannot be undone)."),
    "already-played": N_("You have already played this round; take that turn back to change it."),
    "location-occupied": N_("This location already has tourists; choose a location that was empty at the start "
                            "of your turn."),
    "fallback-not-allowed": N_("A matching location is still empty: mark the round's tourists there."),
    "fallback-colour": N_("Every matching location is occupied: choose the type of the one tourist you mark."),
    "location-not-matching": N_("This location does not match the round cards on your board; choose one of the "
                                "matching locations."),
    "decline-not-a-tourist-cafe": N_("No new-tourists cafe there is reached by this turn's sections."),
    "bad-change": N_("A coordinate change moves one round card (first or second) by +1 or −1."),
    "no-balance-card": N_("You have no unused balance card of that kind."),
    "not-a-bonus": N_("There is no cafe with that bonus there."),
    "bonus-not-available": N_("That cafe's bonus cannot be used now: it is already used, or not circled yet (a "
                              "coordinate-change cafe reached this turn helps from your next turn)."),
    "choose-colour": N_("Choose a tourist type: the repeat card leaves the choice to you."),
    "section-taken": N_("That section is already drawn; a section can never be drawn where one already is."),
    "segment-size": N_("Draw two connected sections next to your location, or one section anywhere."),
    "fallback-one-section": N_("When every matching location is occupied you draw one section anywhere, not two."),
    "segment-not-next": N_("Two sections must be connected (straight or L-shaped) with at least one along a side "
                           "of your location; otherwise draw one section anywhere."),
    "rating-moves": N_("Give one rating choice (up, down or stay) for each iconic symbol on the round cards."),
    "unknown-landmark": N_("A round card names a landmark that is not iconic in this city."),
    "rating-move-not-allowed": N_("That rating move is not allowed now: standard mode and start rounds only "
                                  "upgrade; leaving a rating unchanged is allowed only at the top or bottom of its "
                                  "track."),
    # Boards (import, editor).
    "unsupported-feature": N_("This is a world-city feature that enroute-board/1 does not support yet."),
    "bad-id": N_("An id is lowercase letters, digits and dashes."),
    "bad-size": N_("The size must be [columns, rows], like [6, 6]."),
    "no-player-boards": N_("A board needs at least one player board."),
    "duplicate-player-board": N_("The same player board is listed twice."),
    "bad-printed-order": N_("Printed coordinates list each of 1 to 6 exactly once."),
    "duplicate-landmark": N_("The same landmark id is used twice."),
    "bad-kind": N_("A landmark is red, green, blue, purple, yellow or grey."),
    "yellow-without-pp": N_("A yellow landmark needs its printed PP."),
    "pp-not-yellow": N_("Only yellow landmarks print their own PP; grey ones use a rating track."),
    "no-locations": N_("A landmark covers at least one location."),
    "location-taken": N_("This location already holds another landmark."),
    "rating-not-grey": N_("Only grey landmarks have rating tracks."),
    "bad-rating-track": N_("A rating track lists the PP for 0, 1, 2, … upgrades, like 4 6 8 10 12."),
    "grey-without-track": N_("A grey landmark needs a rating track."),
    "bad-road-removal": N_("This is not a grid road that can be removed (or it is removed twice)."),
    "duplicate-road": N_("This road already exists."),
    "bad-road-tag": N_("This road tag is not known."),
    "bad-cafe-bonus": N_("A cafe gives new tourists, a route section or a coordinate change."),
    "tourists-not-allowed": N_("Only a new-tourists cafe shows tourists."),
    "cafe-without-tourists": N_("A new-tourists cafe lists the tourists it adds."),
    "bad-colour": N_("This is not a tourist colour."),
    "duplicate-point": N_("The same point is listed twice."),
    "bad-pp-table": N_("The PP list has one number more than there are points: PP for 0, 1, 2, … points on "
                       "the route."),
    "cafe-unreachable": N_("No road reaches this cafe."),
    "bad-text": N_("A text is needed here."),
    "id-shipped": N_("This id belongs to a board shipped with the companion; a saved board needs its own id."),
    "id-taken": N_("A saved board already uses this id."),
    "missing-board": N_("This is not a board document."),
    "missing-name": N_("Name the city."),
    "missing-size": N_("The draft has no usable size; start a new draft or import a board."),
    "missing-landmarks": N_("No landmarks yet: tap a location to set one."),
    "missing-landmark-name": N_("Name the grey landmark."),
    "missing-track": N_("Enter the rating track of the grey landmark."),
    "missing-pp": N_("Enter the printed PP of the yellow landmark."),
    "missing-printed": N_("Enter a player board's printed coordinates: each of 1 to 6 once."),
    "missing-cafe-tourists": N_("Enter the tourists of the new-tourists cafe."),
    "missing-vta-name": N_("Name the Visit-Them-All points."),
    "missing-vta-pp": N_("Enter the Visit-Them-All PP for 0, 1, 2, … points on the route."),
}
register_code_texts(PROBLEM_TEXTS)

# Board pages: codes whose general text differs from the sheet pages' (the same code means another document).
BOARD_PROBLEM_TEXTS = {
    "wrong-format": N_("The format is not enroute-board/1."),
    "duplicate-cafe": N_("Two cafes are on the same intersection."),
    "bad-section": N_("A road section joins two neighbouring intersections."),
    "not-a-road": N_("No road runs there."),
    "csrf": N_("The form expired or came from elsewhere; nothing was lost, please send it again."),
}


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


def board_problem_text(problem: Problem) -> str:
    """A board problem's message in the page's language (board codes first, then the general code texts)."""
    general = BOARD_PROBLEM_TEXTS.get(problem.code)
    if general is None or problem.render(_) is not None or current_lang() == DEFAULT:
        return problem_text(problem)
    return _(general)


def join_list(items) -> str:
    """Join names or values as a list in the page's language ("Aki, Bo"; 「Aki、Bo」)."""
    return ("、" if current_lang() == "ja" else ", ").join(str(i) for i in items)


def symbol_name(board: Any, symbol: str) -> str:
    """Name a remote space's symbol by its remote landmark ("palm" -> the oasis), else the symbol itself."""
    space = next((f for f in board.features_of("remote_space") if f.param("symbol") == symbol), None)
    return (space.name or space.id) if space is not None else symbol
