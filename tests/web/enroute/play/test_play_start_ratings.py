"""Issue 13, R3: start-round cards upgrade the iconic ratings when they are placed, so players pick seeing them."""

from __future__ import annotations

import re

from play_helpers import loaded, seat_links, setup_game, version

from companion.games.enroute.cards import RoundCard
from companion.games.enroute.registry import find_board

TV = "tv-tower"


def _tv_boxes(page: str) -> str:
    """Return the TV Tower row of the iconic ratings table."""
    table = page[page.index('<table class="ratings">'):]
    return re.search(r"TV Tower</th><td>([^<]*)</td>", table).group(1)


def test_placed_start_cards_upgrade_before_the_picks(client, app):
    token = setup_game(client, app, names=("Aki", "Bo", "Cy"))
    placed = [RoundCard("t1", 1, (("red", 1),), (), False), RoundCard("t4", 4, (("blue", 2),), (TV,), False),
              RoundCard("t6", 6, (("green", 1),), (), False)]
    data = {"version": version(app, token)}
    for i, c in enumerate(placed):
        data.update({f"c{i}_coord": str(c.coordinate), **{f"c{i}_{k}": str(n) for k, n in c.tourists}})
        data.update({f"c{i}_icon_{lid}": "up" for lid in c.iconic})
    assert client.post(f"/play/{token}/round", data=data).status_code == 302
    assert loaded(app, token).state.phase == "selection"  # nobody has picked yet
    assert _tv_boxes(client.get(f"/play/{token}").get_data(as_text=True)).startswith("1 /")
    track = find_board("training-city").rating_track(TV)
    assert track[1] != track[0]
    assert f"TV Tower {track[1]} PP" in client.get(seat_links(app, token)[0]).get_data(as_text=True)
