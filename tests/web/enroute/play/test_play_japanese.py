"""The referee pages in Japanese: setup walk-through, tracker, a seat page and a refused turn, no English left."""

from __future__ import annotations

import html
import json
import re

import pytest
from enroute_ja_helpers import english_fragments, leftovers
from play_helpers import create, enter_round, loaded, seat_links, step, version

from companion.games.enroute import referee as ref
from companion.games.enroute.cards import RoundCard
from companion.web.enroute.referee.forms import sec_value
from companion.web.enroute.referee.setup import step_keys

SOURCES = ("templates/enroute/play/*.html", "companion/web/enroute/play*.py", "companion/web/enroute/labels.py")


@pytest.fixture(scope="module")
def fragments():
    """The English source texts of the referee pages."""
    found = english_fragments(*SOURCES)
    assert len(found) > 150  # the check below would pass vacuously without them
    return found


def japanese(response, fragments, *expected: str, status: int = 200) -> str:
    """Check a Japanese page: its status, its language, the expected texts, and no English source text."""
    page = response.get_data(as_text=True)
    assert response.status_code == status, page[:2000]
    assert '<html lang="ja"' in page
    for text in expected:
        assert text in page, text
    assert leftovers(page, fragments) == []
    return page


def card(coordinate, **tourists):
    """Build a round card."""
    return RoundCard(f"t{coordinate}", coordinate, tuple(tourists.items()))


def test_the_english_pages_would_be_caught(client, fragments):
    page = client.get("/play/new").get_data(as_text=True)
    assert '<html lang="en"' in page and len(leftovers(page, fragments)) >= 3


def test_setup_walk_through_in_japanese(client, app, fragments):
    client.get("/?lang=ja")  # this phone chooses Japanese; the choice is remembered
    japanese(client.get("/play/new"), fragments, "コンパニオンを審判にしてゲームをする", "通常ゲーム（1〜4人）")
    token = create(client)
    japanese(client.get(f"/play/{token}/setup/level"), fragments, "フル — 目標カードを含むすべて")
    japanese(client.get(f"/play/{token}/setup/rating"), fragments, "評価モード")
    refused = step(client, app, token, "players", name_0="Aki")
    japanese(refused, fragments, "このゲームには2〜4人必要です。", status=422)
    assert step(client, app, token, "players", name_0="Aki", name_1="Bo").status_code == 302
    for key in step_keys(loaded(app, token))[4:-1]:
        page = japanese(client.get(f"/play/{token}/setup/{key}"), fragments, "準備・ステップ")
        if key == "deck":
            assert "36枚の都市デッキ" in page
        if key == "personal-goals":
            assert "これは自分：Aki" in page
            for path in seat_links(app, token):
                japanese(client.get(path), fragments, "個人目標：カードを1枚保持", "このカードを保持する")
                assert client.post(path + "/keep", data={"keep": "1"}).status_code == 302
            japanese(client.get(seat_links(app, token)[0]), fragments, "カード2 — 保持")
    start = japanese(client.get(f"/play/{token}/setup/start"), fragments, "ゲームを始める", "通常ゲーム · 手番ごとの審判")
    assert "Aki" in start and "プレイヤーボード" in start
    assert step(client, app, token, "start").status_code == 302
    japanese(client.get(f"/play/{token}/setup/start"), fragments, "準備は実際の内容で表示しています")


def started_in_japanese(client, app) -> str:
    """A started 2-player game, set up on a Japanese phone."""
    client.get("/?lang=ja")
    token = create(client)
    step(client, app, token, "level", level="simplified")
    step(client, app, token, "rating", rating_mode="standard")
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    assert step(client, app, token, "start").status_code == 302
    return token


def test_tracker_seat_and_refused_turn_in_japanese(client, app, fragments):
    token = started_in_japanese(client, app)
    japanese(client.get(f"/play/{token}"), fragments, "ラウンド1/10", "1・観光客の選択", "アクティブプレイヤー：",
             "1枚目のラウンドカード", "ラウンドを宣言")
    bad = client.post(f"/play/{token}/round", data={"version": version(app, token), "c0_red": "1", "c1_coord": "2"})
    japanese(bad, fragments, "1枚目のラウンドカード：座標（1〜6）を選んでください。",
             "2枚目のラウンドカード：描かれている観光客を入力するか", status=422)
    assert enter_round(client, app, token, (card(1, red=1), card(2, blue=1))).status_code == 302
    japanese(client.get(f"/play/{token}"), fragments, "2・描画", "1: 赤1", "2: 青1", "待機中…", "ラウンド1を終える")
    seat = seat_links(app, token)[0]
    page = japanese(client.get(seat), fragments, "あなたの手番、ラウンド1", "マーク：", "赤1、青1",
                    "観光客をマークするロケーションをタップ。", "チェックして手番を行う")
    toasts = json.loads(html.unescape(re.search(r"id=\"play-map\"[^>]*data-strings='([^']*)'", page).group(1)))  # the map script's texts
    assert toasts["road_drawn"] == "その道路はもう描かれています。" and leftovers(str(toasts), fragments) == []
    state = loaded(app, token).state
    wrong = next(x for x in state.board.locations() if x not in ref.matching_locations(state, 0))
    refused = client.post(seat + "/turn", data={"version": version(app, token), "location": f"{wrong[0]},{wrong[1]}",
                                                "section_1": sec_value(sorted(state.board.roads)[0])})
    page = japanese(refused, fragments, "審判がこれを認めませんでした：",
                    "このロケーションはあなたのボードでラウンドカードに合いません。", status=422)
    assert "does not match the round cards" not in page  # the engine's English reason stays out of the page
    empty = client.post(seat + "/turn", data={"version": version(app, token)})
    japanese(empty, fragments, "このラウンドの観光客をマークするロケーションを選んでください。", status=422)
    loc = ref.empty_matches(state, 0)[0]
    sec = next(s for s in sorted(state.board.roads) if loc in state.board.borders(s))
    played = client.post(seat + "/turn", data={"version": version(app, token), "location": f"{loc[0]},{loc[1]}",
                                               "section_1": sec_value(sec)}, follow_redirects=True)
    japanese(played, fragments, "手番を入力しました。ラウンドが終わるまでは取り消せます。", "手番を取り消す")
    close = client.post(f"/play/{token}/close", data={"version": version(app, token)})
    japanese(close, fragments, "ラウンドはまだ終わっていません", status=422)


def test_another_phone_keeps_english(client, app, fragments):
    token = started_in_japanese(client, app)
    other = app.test_client()
    page = other.get(f"/play/{token}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Round 1 of 10" in page and "1 · Tourist selection" in page and '<html lang="en"' in page
