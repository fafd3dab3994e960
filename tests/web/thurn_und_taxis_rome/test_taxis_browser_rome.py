"""A real browser, three phones at 390×844: a tracked table on the companion's example board, start to score.

Anna's phone starts the table (the example board and the tracking are the form's defaults); Ben and Scott
join by the link and place their clergy secretly, then Anna. The board is drawn on the route page with
the Baden carriage's legal next steps; a forged step north-to-Rome is refused with a clear message; the
branch at Lorrach is chosen and Baden reaches Rome in three steps. Nobody's clergy shows anywhere
before the route is recorded; then every phone shows Rome's audience by itself (live.js). Three
cartwrights are taken, which opens a return round: each player returns on their own phone. Scott takes
a 7-carriage: every phone announces the final round and the turns left; the end of his turn ends the
game; the score sheet is built from the tracking with only the carriages typed.
"""

from __future__ import annotations

import re

import pytest
from test_taxis_browser import fits, phone, place

from companion.web.core.app import create_app

WAIT = 15_000  # every wait has an explicit timeout (ms); pages are awaited to their DOM, not their QR image
BADEN_PASTORS = {  # every seat puts its pastor on Baden: one value to enter once they reach Rome
    "Anna": {"baden": "pastor", "wurttemberg-hohenzollern": "bishop", "baiern": "cardinal",
             "bohmen-salzburg": "priest", "schweiz-tyrol": "fifth"},
    "Ben": {"baden": "pastor", "wurttemberg-hohenzollern": "cardinal", "baiern": "bishop",
            "bohmen-salzburg": "fifth", "schweiz-tyrol": "priest"},
    "Scott": {"baden": "pastor", "wurttemberg-hohenzollern": "priest", "baiern": "fifth",
              "bohmen-salzburg": "cardinal", "schweiz-tyrol": "bishop"},
}


def submit(page, selector: str) -> None:
    """Tap a form's button and wait for the page the answer leads to."""
    with page.expect_navigation(wait_until="domcontentloaded", timeout=WAIT):
        page.locator(selector).tap()


def join(page, table: str, seat: int) -> str:
    """Open the table's link and tap "This is me" for a seat; return the seat page's URL."""
    page.goto(table, wait_until="domcontentloaded", timeout=WAIT)
    page.tap(f'button.seat-link[data-seat="{seat}"]')
    page.wait_for_url(re.compile(r"/taxis/s/"), timeout=WAIT)
    return page.url


def office(page, table: str, which: str) -> None:
    """On the table's screen: the active player takes an official's tile and ends the turn."""
    page.goto(table, wait_until="domcontentloaded", timeout=WAIT)
    submit(page, f'.office-buttons button[value="{which}"]')


def return_on_phone(page, kinds: list[str]) -> None:
    """A player returns officials' tiles on their own page."""
    page.reload(wait_until="domcontentloaded", timeout=WAIT)
    for kind in kinds:
        page.check(f'#my-offices input[name="kinds"][value="{kind}"]')
    submit(page, "#my-offices .return-form button")


@pytest.mark.timeout(120)  # a wedged browser fails the test instead of blocking the run (about 20 s normally)
def test_browser_three_phones_road_to_rome_tracked(chromium, live_server, tmp_path):
    app = create_app({"SECRET_KEY": "browser", "DATABASE": str(tmp_path / "r.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    base = live_server(app)
    phones = [phone(chromium) for _ in range(3)]
    anna, ben, scott = (p for _c, p in phones)
    try:
        anna.goto(base + "/taxis/new", wait_until="domcontentloaded", timeout=WAIT)
        assert anna.locator("#posts").is_checked() and anna.locator("#board").input_value() == "example"
        for i, name in enumerate(("Anna", "Ben", "Scott")):
            anna.fill(f"#name_{i}", name)
        anna.tap("#start")
        anna.wait_for_url(re.compile(r"/taxis/[A-Za-z0-9_-]{20,}$"), timeout=WAIT)
        table = anna.url

        # placement: each on their own phone, secretly
        pages = {"Ben": join(ben, table, 1), "Scott": join(scott, table, 2)}
        place(ben, BADEN_PASTORS["Ben"])
        place(scott, BADEN_PASTORS["Scott"])
        pages["Anna"] = join(anna, table, 0)
        place(anna, BADEN_PASTORS["Anna"])
        fits(anna)

        # the route: Baden's three cities, no post office; the board drawn with the legal steps
        anna.goto(table, wait_until="domcontentloaded", timeout=WAIT)
        assert "Pastor ·" not in anna.locator("main").inner_text()
        anna.tap("#score-route")
        anna.wait_for_selector("#city-0", timeout=WAIT)
        for i, city in enumerate(("Mannheim", "Carlsruhe", "Freiburg")):
            anna.select_option(f"#city-{i}", city)
        anna.tap("#route-next")
        anna.wait_for_selector("#offices-next", timeout=WAIT)
        anna.tap("#offices-next")
        anna.wait_for_selector("#play-board svg", timeout=WAIT)
        fits(anna)
        assert anna.locator("#play-board svg").bounding_box()["width"] <= 390
        targets = sorted(anna.locator("#play-board g.city.target").evaluate_all(
            "gs => gs.map(g => g.dataset.city)"))
        assert targets == ["Como", "St. Gallen"]  # the branch south of Lorrach
        # a forged step (Lorrach straight to Rom) is refused with the reason, nothing recorded
        anna.locator('input[name="step"][value="baden>Como"]').evaluate("r => { r.value = 'baden>Rom'; }")
        anna.check('input[name="step"][value="baden>Rom"]')
        anna.tap("#add-step")
        anna.wait_for_selector("#problems", timeout=WAIT)
        assert "From Lorrach the Baden carriage can only move on to St. Gallen, Como, not Rom." in \
            anna.locator("#problems").inner_text()
        for k, city in enumerate(("Como", "Mailand", "Rom"), start=1):
            anna.check(f'input[name="step"][value="baden>{city}"]')
            anna.tap("#add-step")
            anna.wait_for_selector(f"ol.steps li:nth-child({k})", timeout=WAIT)
        assert anna.locator("#play-board line.road-moved").count() == 3
        anna.wait_for_selector("text=reaches Rome with this step", timeout=WAIT)
        for name in ("Ben", "Scott"):  # the preview revealed nothing: the others' pages show nobody in Rome
            other = ben if name == "Ben" else scott
            assert "Nobody is in Rome yet" in other.locator("#rome").inner_text()
            assert "Pastor ·" not in other.locator("main").inner_text()
        anna.tap("#record-route")
        anna.wait_for_url(table, timeout=WAIT)
        for other in (anna, ben, scott):  # every phone shows the arrival by itself
            other.wait_for_selector("#rome >> text=Pastor · Scott", timeout=WAIT)
            assert "Pastor · Anna" in other.locator("#rome").inner_text()
        anna.fill("#points-pastor", "3")
        submit(anna, "#tile-values form button")
        anna.wait_for_selector("#rome >> text=3 points", timeout=WAIT)

        # an office used and returned: three cartwrights, then a return round, each on their own phone
        office(anna, table, "cartwright")
        submit(anna, "#end-turn")
        office(anna, table, "cartwright")  # Ben's turn, recorded on the table's screen
        submit(anna, "#end-turn")
        office(anna, table, "cartwright")  # Scott takes the last one
        assert "Return round 1" in anna.locator("#now").inner_text()
        scott.goto(pages["Scott"], wait_until="domcontentloaded", timeout=WAIT)
        return_on_phone(scott, ["cartwright"])
        anna.goto(pages["Anna"], wait_until="domcontentloaded", timeout=WAIT)
        return_on_phone(anna, ["cartwright"])
        ben.goto(pages["Ben"], wait_until="domcontentloaded", timeout=WAIT)
        return_on_phone(ben, ["cartwright"])
        assert "Every stack holds a tile again." in ben.locator("body").inner_text()

        # the end: Scott took a 7-carriage; every phone announces the final round
        anna.goto(table, wait_until="domcontentloaded", timeout=WAIT)
        anna.locator("#seven-carriage summary").tap()
        anna.check('#seven-carriage input[name="confirm"]')
        submit(anna, "#trigger-end")
        anna.wait_for_selector("#final-round", timeout=WAIT)
        fits(anna)  # the shared screen with the tracked panels and the drawn board fits the phone
        for other in (ben, scott):
            other.wait_for_selector("#final-round >> text=Turns still to play (1): Scott.", timeout=WAIT)
            assert "Scott took a 7-carriage: the final round started." in other.locator("#final-round").inner_text()
        submit(anna, "#end-turn")
        anna.wait_for_selector("text=The game ended.", timeout=WAIT)
        ben.wait_for_selector("#final-round >> text=The game is over", timeout=WAIT)

        # the score sheet: the tracked lines, only the carriages typed
        anna.goto(table + "/score", wait_until="domcontentloaded", timeout=WAIT)
        assert "From what the companion tracked" in anna.locator("main").inner_text()
        anna.select_option("#p0-carriage", "5")
        anna.select_option("#p2-carriage", "3")
        anna.select_option("#p1-carriage", "")
        submit(anna, "#save-score")
        anna.wait_for_selector("text=The score sheet is saved.", timeout=WAIT)
        fits(anna)
        totals = anna.locator("#score-table tr.total td").all_inner_texts()
        assert all(t.strip().lstrip("-").isdigit() for t in totals), totals
        ranks = anna.locator("#score-table tr.rank td").all_inner_texts()
        assert sorted(ranks) == ["1", "2", "3"] or "–" not in ranks
        scott.goto(table + "/score", wait_until="domcontentloaded", timeout=WAIT)
        assert "End-of-game tile" in scott.locator("#player-2").inner_text()
    finally:
        for context, _page in phones:
            context.close()
