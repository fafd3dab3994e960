"""Browser test: transcribe a small board by tapping on a phone-sized screen, save it, score a game on it."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from browser_checks import page_width
from playwright.sync_api import expect

from companion.web.core.app import create_app


@pytest.fixture
def server(tmp_path, live_server):
    """Serve a fresh app (temporary instance data)."""
    return live_server(create_app({"SECRET_KEY": "browser-test", "BOARD_LIBRARY": str(tmp_path / "boards"),
                                   "DATABASE": str(tmp_path / "browser.sqlite")}))


@pytest.fixture
def page(chromium):
    """A phone-sized page in its own browser context; page errors fail the test."""
    context = chromium.new_context(viewport={"width": 360, "height": 740})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert errors == [], errors


def apply_location(page, loc, kind, name="", pp="", track=""):
    """Tap a location, choose its landmark in the bottom sheet and apply."""
    page.click(f'[data-loc="{loc}"]')
    page.wait_for_selector("#loc-panel", state="visible")
    page.check(f'input[name="kind"][value="{kind}"]')
    if name:
        page.fill("#lm-name", name)
    if pp:
        page.fill("#lm-pp", pp)
    if track:
        page.fill("#lm-track", track)
    page.click("#loc-apply")
    page.wait_for_selector("#loc-panel", state="hidden")


def test_transcribe_save_and_score(server, page):
    page.goto(server + "/boards/")
    page.fill("#name", "Pocket Town")
    page.click("text=Start transcribing")
    page.wait_for_selector("#map svg")
    assert page_width(page) <= 360  # no horizontal scroll

    # Tap targets are at least 44 px in both tools.
    box = page.locator('[data-loc="1,1"]').bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44

    apply_location(page, "1,1", "red")
    apply_location(page, "2,1", "yellow", "Plaza", pp="6")
    apply_location(page, "1,2", "grey", "Tower")
    problems = page.inner_text("#problems")
    assert "rating track" in page.inner_text("#missing") and "rating track" not in problems  # said once (U7)
    assert page.is_disabled("#save")
    page.click('[data-loc="1,2"]')
    assert page.input_value("#lm-name") == "Tower"
    page.fill("#lm-track", "4 6 8 10 12")
    page.click("#loc-apply")
    page.wait_for_selector("#loc-panel", state="hidden")
    assert "rating track" not in page.inner_text("#problems") + page.inner_text("#missing")

    # A mistaken tap is undone.
    apply_location(page, "3,3", "blue")
    assert "kind-blue" in page.get_attribute("#l-3-3", "class")
    page.click("#undo")
    expect(page.locator("#l-3-3")).not_to_have_class(re.compile(r"\bkind-blue\b"))

    # Intersections: a cafe.
    page.click('button.mode[data-mode="points"]')
    box = page.locator('[data-pt="0,2"]').bounding_box()
    assert box["width"] >= 44
    page.click('[data-pt="0,2"]')
    page.check('input[name="cafe"][value="section"]')
    page.click("#pt-apply")
    page.wait_for_selector("#pt-panel", state="hidden")
    assert page.locator("#p-0-2 .cafe").count() == 1

    # Nothing is lost on a reload: the server draft and the phone's copy agree, so no restore offer.
    page.reload()
    page.wait_for_selector("#map svg")
    assert "kind-red" in page.get_attribute("#l-1-1", "class")
    assert page.locator(".restore").count() == 0

    # A different copy kept on the phone (say the server lost the last edit) is offered back.
    page.evaluate("""() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith("enroute-board-draft:"));
        const kept = JSON.parse(localStorage.getItem(key));
        kept.doc.landmarks.push({id: "kept", name: "Kept", kind: "green", locations: [[6, 6]]});
        localStorage.setItem(key, JSON.stringify(kept));
    }""")
    page.reload()
    page.click(".restore >> text=Restore it")
    expect(page.locator("#l-6-6")).to_have_class(re.compile(r"\bkind-green\b"))
    assert page.locator(".restore").count() == 0

    # Printed coordinates: a wrong edge is explained while typing, then every edge is entered.
    page.fill("#pb-1-columns", "112345")
    assert page.inner_text("#note-1-columns") == "✗ 1 appears twice; 6 is missing"
    edges = {1: ("123456", "123456"), 2: ("462153", "251634"), 3: ("635241", "514263"), 4: ("251364", "362514")}
    for number, (columns, rows) in edges.items():
        for axis, text in (("columns", columns), ("rows", rows)):
            page.fill(f"#pb-{number}-{axis}", text)
            page.press(f"#pb-{number}-{axis}", "Tab")  # change event: the edit goes to the server
            expect(page.locator(f"#note-{number}-{axis}")).to_have_text(re.compile("^✓"))
    expect(page.locator("#save")).to_be_enabled()
    assert "None: the board is valid." in page.inner_text("#problems")
    assert page_width(page) <= 360

    page.click("#save")
    page.wait_for_url("**/boards/pocket-town")
    assert page.inner_text("h1") == "Pocket Town"

    # Score a game on the new board: the walk borders [1,1] red (3 tourists), [2,1] yellow 6 and
    # [1,2] grey Tower rated with 2 upgrades (track 4 6 8 10 12 → 8): 3 + 6 + 8 = 17.
    walk = [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1], [0, 0]]
    game = {"format": "enroute-game/1", "board": "pocket-town", "level": "simplified", "ratings": {"tower": 2},
            "goals": [], "players": [{
                "format": "enroute-sheet/1", "player": "Aki", "player_board": 2,
                "sections": [[walk[i], walk[i + 1]] for i in range(len(walk) - 1)], "final_route": walk,
                "tourists": [{"at": [1, 1], "red": 3}], "cafes": [], "personal_goal": None}]}
    request = urllib.request.Request(server + "/api/enroute/score", data=json.dumps(game).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        result = json.load(response)
    player = result["players"][0]
    assert [p for p in player["problems"] if p["severity"] == "error"] == []
    assert (player["rows"]["red"], player["rows"]["yellow"], player["rows"]["grey"]) == (3, 6, 8)
    assert player["total"] == 17


def test_the_editor_script_speaks_the_pages_language(server, page):
    from enroute_ja_helpers import english_fragments, leftovers

    fragments = english_fragments("companion/web/enroute/boards/forms.py", "companion/web/enroute/labels.py",
                                  "templates/enroute/boards/*")
    page.goto(server + "/boards/?lang=ja")
    page.fill("#name", "京都")
    page.click("text=写し始める")
    page.wait_for_selector("#map svg")
    page.click('[data-loc="1,2"]')
    page.wait_for_selector("#loc-panel", state="visible")
    assert page.inner_text("#loc-title") == "ロケーション：1列2行"
    page.check('input[name="kind"][value="grey"]')
    assert page.inner_text("#loc-note") == "灰色のランドマークに名前をつけ、評価トラックを入力してください。"
    assert page.inner_text("#lm-name-hint") == "（象徴的ランドマークには必要）"
    page.fill("#lm-name", "塔")
    page.click("#loc-apply")
    page.wait_for_selector("#loc-panel", state="hidden")
    assert page.inner_text("#status").startswith("下書きに保存しました ✓ 残りの問題")
    assert "1列2行の灰色のランドマークの評価トラックを入力してください。" in page.inner_text("#missing")
    page.fill("#pb-1-columns", "112345")
    assert page.inner_text("#note-1-columns") == "✗ 1が2回あります、6がありません"
    page.click('button.mode[data-mode="points"]')
    assert page.inner_text("#mode-hint") == "交差点をタップしてカフェか全巡りポイントを置く。"
    page.click('[data-pt="0,2"]')
    page.wait_for_selector("#pt-panel", state="visible")
    assert page.inner_text("#pt-title") == "交差点 0, 2"
    page.check('input[name="cafe"][value="tourists"]')
    assert page.inner_text("#pt-note") == "このカフェで加わる観光客を入力してください。"
    page.click("#pt-panel [data-close]")
    shown = page.inner_text("#editor")
    assert leftovers(shown, fragments) == [], leftovers(shown, fragments)


def test_undo_refused_after_another_phones_edit(server, page, chromium):
    """Two phones on one draft: Aki's Undo after Bo's edit is refused with a message, and Aki's map then shows
    Bo's edit (it was not overwritten)."""
    page.goto(server + "/boards/")
    page.fill("#name", "Two Phones")
    page.click("text=Start transcribing")
    page.wait_for_selector("#map svg")
    apply_location(page, "1,1", "red")
    other = chromium.new_context(viewport={"width": 360, "height": 740})
    try:
        bo = other.new_page()
        bo.goto(page.url)
        bo.wait_for_selector("#map svg")
        apply_location(bo, "2,2", "blue")
        expect(bo.locator("#l-2-2")).to_have_class(re.compile(r"\bkind-blue\b"))
    finally:
        other.close()
    page.click("#undo")
    expect(page.locator("#status")).to_contain_text("Someone else changed this draft")
    expect(page.locator("#l-2-2")).to_have_class(re.compile(r"\bkind-blue\b"))  # Bo's edit, now on Aki's map
    expect(page.locator("#l-1-1")).to_have_class(re.compile(r"\bkind-red\b"))  # Aki's edit stays too
    assert page.is_disabled("#undo")
