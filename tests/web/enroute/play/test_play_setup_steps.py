"""Issue 13, U6: setup steps numbered the same everywhere, level and rating names in one case, the personal-goal
step shows the QR code and table code it asks players to use."""

from __future__ import annotations

import re

from play_helpers import create, loaded, setup_game, step

from companion.web.enroute.referee.setup import step_keys


def test_steps_are_numbered_one_to_n_everywhere(client, app):
    assert "Setup · step 1</p>" in client.get("/play/new").get_data(as_text=True)
    token = create(client)
    step(client, app, token, "level", level="full")
    step(client, app, token, "rating", rating_mode="standard")
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    keys = step_keys(loaded(app, token))
    for n, key in enumerate(keys, start=1):
        page = client.get(f"/play/{token}/setup/{key}").get_data(as_text=True)
        assert f"Setup · step {n} of {len(keys)} · Training City" in page, key
        listed = re.findall(r"<li[^>]*><a href=\"/play/[^\"]+/setup/([a-z-]+)\">", page)
        assert listed == keys  # the list has as many steps as the count says
        current = re.search(r'<li aria-current="step"><a href="/play/[^"]+/setup/([a-z-]+)"', page).group(1)
        assert keys.index(current) + 1 == n


def test_personal_goal_step_shows_the_code_it_asks_for(client, app):
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    page = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert "scan the code" in page
    assert f'src="/play/{token}/qr.png"' in page and 'class="table-code"' in page
    png = client.get(f"/play/{token}/qr.png")
    assert png.status_code == 200 and png.mimetype == "image/png" and png.data[:4] == b"\x89PNG"
    assert client.get("/play/nope-nope-nope/qr.png").status_code == 404


def test_level_and_rating_names_in_one_case(client, app):
    token = setup_game(client, app, names=("Aki", "Bo"))
    tracker = client.get(f"/play/{token}").get_data(as_text=True)
    assert "Training City · Full game · Standard ratings" in tracker
    summary = client.get(f"/play/{token}/setup/start").get_data(as_text=True)
    assert "<dd>Full game · Standard ratings</dd>" in summary
