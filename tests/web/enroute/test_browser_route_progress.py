"""Real browser: a score sheet whose best route takes long shows a progress bar that moves by itself (static
script, CSP intact) and turns into the score sheet when the background search is done."""

from __future__ import annotations

import time

from test_web_route_jobs import slow_search
from test_web_sheets import sheet

from companion.games.enroute import board_to_json, find_board
from companion.web.core.app import create_app
from companion.web.enroute.routes import jobs as route_jobs
from companion.web.enroute.tables import store as table_store


def test_progress_bar_moves_and_the_score_sheet_appears(chromium, live_server, tmp_path, monkeypatch):
    slow_search(monkeypatch)  # every search keeps the CPU busy for up to 4 s
    app = create_app({"SECRET_KEY": "browser-test", "DATABASE": str(tmp_path / "t.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards"), "SOLVER_INLINE_LIMIT": 0.1,
                      "SOLVER_TIME_LIMIT": 6.0, "ROUTE_WORKER_POLL": 0.1})
    with app.app_context():
        token = table_store.create_table("training-city", board_to_json(find_board("training-city")), "full", "en",
                                         {}, [], [{"name": "Aki", "colour": "red", "sheet": sheet(final_route=None)}])
        table_store.save_sheet(token, 0, 0, sheet(final_route=None), "best")
    base = live_server(app)
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    try:
        page.goto(f"{base}/tables/{token}/score")
        bar = page.locator("#route-progress-bar")
        assert bar.is_visible()
        first = int(bar.get_attribute("value") or 0)
        deadline = time.monotonic() + 10
        while int(page.locator("#route-progress-bar").get_attribute("value") or 0) <= first:
            assert time.monotonic() < deadline, "the progress bar never moved"
            page.wait_for_timeout(200)
        page.wait_for_selector("table.scores", timeout=30_000)  # the page reloaded itself into the score sheet
        assert "PP" in page.inner_text("main")
        assert not [p for p in problems if "Content Security Policy" in p], problems
    finally:
        context.close()
        route_jobs.stop_workers(app)
