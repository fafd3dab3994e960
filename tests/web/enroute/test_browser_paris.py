"""Real-browser acceptance of Paris on a 390×844 phone: roads drawn with the colour pen, one repainted with the
Colour tool, tourists and a traced route; the score sheet's colour and diversity rows are read back."""

from __future__ import annotations

import json

from test_browser_cities import ARTIFACTS, base, key, page, route, row, save_and_score, start, tourists  # noqa: F401


def pen(tab, colour: str) -> None:
    """Choose the pen's colour (the chips beside the Colour tool)."""
    tab.tap(f'.pen button[data-pen="{colour}"]')


def draw(tab, a, b) -> None:
    """Draw one road with the Roads tool."""
    tab.click('[data-tool="roads"]')
    tab.tap(f'.hit[data-sec="{key(a, b)}"]')


def test_paris_colours_on_a_phone(page, base):  # noqa: F811
    """Museum bordered by blue, then red, then blue: the blue row follows the repainted colour; one diverse run."""
    start(page, base, "paris-example", {"rating_0": "1", "rating_1": "1", "rating_2": "1"})
    assert page.locator('[data-tool="colour"]').is_visible()
    walk = [[3, 4], [4, 4], [4, 5], [3, 5]]  # three sections along the blue museum (4, 5)
    for (a, b), colour in zip(zip(walk, walk[1:]), ["red", "green", "blue"]):
        pen(page, colour)
        draw(page, a, b)
    sheet = json.loads(page.input_value("#sheet-json"))
    assert sheet["colours"] == ["red", "green", "blue"]
    assert page.locator("line.sec.drawn.pc-green").count() == 1
    tourists(page, "4,5", "blue", 3)
    route(page, walk)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "cities-paris-sheet.png"), full_page=True)
    text = save_and_score(page, "paris")
    assert row(text, "Diversity") == "3"  # red, green, blue in a row
    assert row(text, "Blue landmarks") == "3"  # 3 blue tourists × the museum, a blue section beside it
    page.go_back()
    page.go_back()
    page.goto(page.url.rsplit("/score", 1)[0] + "/players/0")
    page.wait_for_selector("svg.map")
    page.click('[data-tool="colour"]')
    pen(page, "red")
    page.tap(f'.hit[data-sec="{key([4, 5], [3, 5])}"]')  # the blue section becomes red
    sheet = json.loads(page.input_value("#sheet-json"))
    assert sheet["colours"] == ["red", "green", "red"] and len(sheet["sections"]) == 3
    text = save_and_score(page, "paris-repainted")
    assert row(text, "Blue landmarks") == "0" and row(text, "Diversity") == "0"
