"""New York's table actions in a refereed game, registered into `cities.ACTIONS` (`referee/store.apply`).

* `cafe`: the round's cafe card, revealed before the round's cards (before anyone has played);
* `goal_half`: a player's personal goal goes on the left (0) or right (1) half before the final route.
"""

from __future__ import annotations

from typing import Any

from .....games.core.problems import N_, Problem, error, has_errors
from .....games.enroute.cities.new_york import play as engine_play
from .....games.enroute.cityrules import rules_for


def reveal_cafe(game: Any, state: Any, seat: int | None, payload: dict) -> tuple[Any, list[Problem]]:
    """Reveal the round's cafe card and remember it on the table (which round it belongs to)."""
    if state.phase == "over" or any(p.played for p in state.players):
        return None, [error("cafe-card-timing", "card", N_("Reveal the cafe card before the round's turns, not "
                                                            "once someone has played."))]
    new, found = engine_play.reveal_cafe_card(state, str(payload["card"]))
    if not has_errors(found):
        game.cafe_cards.append(str(payload["card"]))
        game.cafe_round = state.round + 1 if state.phase == "selection" else state.round
    return new, found


def goal_half(game: Any, state: Any, seat: int | None, payload: dict) -> tuple[Any, list[Problem]]:
    """Place a player's personal goal on one half of the map, once."""
    if not rules_for(game.board).personal_goal_half:
        return None, [error("no-goal-half", "half", N_("This map has no halves to place a personal goal on."))]
    if seat in game.goal_halves:
        return None, [error("goal-half-placed", "half", N_("Your personal goal is already placed on a half."))]
    new, found = engine_play.place_goal_on_half(state, seat, int(payload["half"]))
    if not has_errors(found):
        game.goal_halves[seat] = int(payload["half"])
    return new, found
