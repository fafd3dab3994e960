"""Issue 13, U2 on the referee's pages: a refused turn names places by the player's printed coordinates."""

from __future__ import annotations

import re

from play_helpers import loaded, setup_game

from companion.games.core.problems import error
from companion.games.enroute import referee as ref
from companion.web.enroute.referee.rounds import _problems


def test_turn_problems_with_layout_places_are_named_in_printed_terms(client, app):
    token = setup_game(client, app, level="simplified", names=("Aki", "Bo"))
    state = loaded(app, token).state
    seat = 1
    pb = ref.player_board_of(state, seat)
    turn = ref.Turn(location=(2, 2), segment=(((0, 0), (1, 0)),))
    found = [error("section-taken", "turn.segment[0]", "The section [0, 0]–[1, 0] is already drawn; a section can "
                                                         "never be drawn where one already is."),
             error("bonus-not-available", "turn.bonus_sections[0]", "The route-section cafe at [4, 0] is not "
                                                                      "visited yet.")]
    with app.test_request_context("/?lang=en"):
        shown = _problems(found, turn, state, seat)
    texts = [p["text"] for p in shown]
    assert not any(re.search(r"\[\d+, \d+\]", t) for t in texts), texts
    col, row = pb.printed((1, 1))
    assert texts[0].startswith(f"Section on the top side of Linden Park ({col}, {row}):")
    assert "already drawn" in texts[0]
    assert shown[0]["target"] == "s-0-0-1-0"
    with app.test_request_context("/?lang=ja"):
        japanese = _problems(found, turn, state, seat)[0]["text"]
    assert f"菩提樹公園({col}, {row})の上の辺の区間" in japanese and "[0, 0]" not in japanese
