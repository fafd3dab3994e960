"""Real-browser acceptance of issue 14: on a 390×844 phone, one end state per world city is entered by tapping
the map (roads, tourists, route, the subway ride, a remote space, a × location, ratings and statue marks) and
the score sheet's total and the city's own rows are read back. The end states are the engine's known answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.web.core.app import create_app

PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"


@pytest.fixture
def base(live_server, tmp_path):
    """Serve a fresh app."""
    app = create_app({"SECRET_KEY": "browser-cities", "DATABASE": str(tmp_path / "tables.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    return live_server(app)


@pytest.fixture
def page(chromium):
    """A phone-sized page of its own context."""
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def start(page, base: str, board: str, ratings: dict[str, str], statue: tuple[int, ...] = ()) -> None:
    """Start a one-player table on a city board through the form and open the player's sheet."""
    page.goto(f"{base}/tables/new?board={board}")
    page.fill("#players-0-name", "Aki")
    page.select_option("#players-0-player_board", "1")
    for field, value in ratings.items():
        page.select_option(f"#{field}", value)
    for space in statue:
        page.check(f'input[name="marks_0"][value="{space}"]')
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/tables/[A-Za-z0-9_-]+$"))
    page.click("text=Enter sheet")
    page.wait_for_selector("svg.map")


def key(a, b) -> str:
    """The data-sec key of a road."""
    (x1, y1), (x2, y2) = sorted([tuple(a), tuple(b)])
    return f"{x1},{y1},{x2},{y2}"


def roads(page, walk) -> None:
    """Draw the roads of a walk (Roads tool)."""
    page.click('[data-tool="roads"]')
    for a, b in zip(walk, walk[1:]):
        page.tap(f'.hit[data-sec="{key(a, b)}"]')


def route(page, walk) -> None:
    """Trace a walk's sections in order (Route tool)."""
    page.click('[data-tool="route"]')
    for a, b in zip(walk, walk[1:]):
        page.tap(f'.hit[data-sec="{key(a, b)}"]')


def tourists(page, loc: str, colour: str, n: int) -> None:
    """Set a location's tourists of a colour in the tourist panel (either panel layout)."""
    page.click('[data-tool="tourists"]')
    page.tap(f'.hit[data-loc="{loc}"]')
    counts = page.locator(f'.counts[data-colour="{colour}"] button[data-count="{n}"]')
    if counts.count():
        counts.tap()
    else:
        for _ in range(n):
            page.tap(f'#tourist-panel .stepper[data-colour="{colour}"] [data-step="1"]')
    page.click("#panel-done")


def save_and_score(page, name: str) -> str:
    """Save the sheet, open the score sheet and return its text; keep a screenshot."""
    page.click("#save")
    page.wait_for_selector(".flash")
    page.click("text=Back to the table")
    page.click('a[href$="/score"]')
    page.wait_for_selector("table.scores")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"cities-{name}-score.png"), full_page=True)
    return page.inner_text("table.scores")


def row(text: str, label: str) -> str:
    """Return the value of a score row by its label."""
    match = re.search(rf"^\s*\d+\s+{re.escape(label)}\s+(\S+)\s*$", text, re.M)
    assert match, text
    return match.group(1)


def total(page) -> int:
    """The first player's total."""
    return int(page.inner_text('td[data-seat="0"]'))


def test_london_subway_ride_on_a_phone(page, base):
    """Three stations with both ride stations = 12 PP in the stations row; the ride joins two segments."""
    start(page, base, "london-example", {"rating_0": "2"})
    first, second = [[1, 1], [2, 1], [3, 1], [4, 1], [4, 2]], [[6, 4], [6, 5]]
    roads(page, first)
    roads(page, second)
    tourists(page, "4,1", "red", 1)
    route(page, first)
    page.click('[data-tool="ride"]')
    page.tap('.hits-ride .hit[data-ride="4,2"]')
    page.tap('.hits-ride .hit[data-ride="6,4"]')
    assert page.locator("g.rides line.ride").count() == 1
    route(page, second)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#map-wrap").screenshot(path=str(ARTIFACTS / "cities-london-sheet.png"))
    assert '[4,2],[6,4],[6,5]' in page.input_value("#sheet-json").replace(" ", "")
    text = save_and_score(page, "london")
    assert row(text, "Stations") == "12" and row(text, "Bridges") == "0"
    assert total(page) == 27


def test_rio_statue_marks_and_remote_blue_landmark_on_a_phone(page, base):
    """Statue 6 + 3 × 3 = 15; the blue remote landmark counts in the blue row and its own row."""
    start(page, base, "rio-example", {"rating_0": "4", "rating_3": "1"}, statue=(1, 3, 5))
    walk = [[2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [6, 1]]
    roads(page, walk)
    tourists(page, "6,1", "blue", 2)
    page.click('[data-tool="cafes"]')
    page.tap('.hits-cafes .hit[data-pt="3,0"]')
    page.tap('.hits-cafes .hit[data-pt="3,0"]')  # circled, then struck: used
    route(page, walk)
    text = save_and_score(page, "rio")
    assert row(text, "Statue on the Peak") == "15" and row(text, "Samba Hill") == "4"
    assert row(text, "Blue landmarks") == "2"
    assert total(page) == 21


def test_cairo_remote_space_and_crossed_location_on_a_phone(page, base):
    """3 red tourists in the temple's remote space count with its meeting point on the route; a × location."""
    start(page, base, "cairo-example", {"rating_1": "1"})
    walk = [[0, 0], [0, 1], [0, 2], [1, 2]]
    roads(page, walk)
    tourists(page, "1,2", "green", 1)
    page.click('[data-tool="remote"]')
    page.tap('.hits-remote .hit[data-remote="temple"]')
    for _ in range(3):
        page.tap('#remote-panel .stepper[data-colour="red"] [data-step="1"]')
    page.click("#remote-done")
    assert page.text_content('g.ft-remote[data-remote="temple"] text.rc-red') == "3"
    page.click('[data-tool="crossed"]')
    page.tap('.hits-crossed .hit[data-xloc="5,2"]')
    assert page.locator("#x-5-2.on").count() == 1
    route(page, walk)
    text = save_and_score(page, "cairo")
    assert row(text, "Red landmarks") == "3"
    assert total(page) == 3


def test_hong_kong_five_viewpoints_on_a_phone(page, base):
    """Five viewpoints on the route = 25; both groups' landmarks score their group's rating."""
    start(page, base, "hong-kong-example", {"rating_0": "2", "rating_1": "1"})
    walk = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [4, 1], [5, 1], [6, 1], [6, 2], [6, 3], [5, 3], [5, 4], [5, 5],
            [6, 5], [6, 6], [5, 6], [4, 6], [3, 6]]
    roads(page, walk)
    tourists(page, "3,1", "red", 1)
    page.click('[data-tool="cafes"]')
    page.tap('.hits-cafes .hit[data-pt="5,5"]')
    route(page, walk)
    text = save_and_score(page, "hong-kong")
    assert row(text, "Viewpoints") == "25" and row(text, "Grey landmarks") == "14"
    assert total(page) == 43
