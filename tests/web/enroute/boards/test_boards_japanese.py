"""The board pages, the editor and the import in Japanese: every text from the catalogue, no English left."""

from __future__ import annotations

import html
import json
import re

import pytest
from enroute_ja_helpers import english_fragments, leftovers

SOURCES = ("templates/enroute/boards/*", "companion/web/enroute/boards/pages.py", "companion/web/enroute/boards/forms.py",
           "companion/web/enroute/labels.py")


@pytest.fixture(scope="module")
def fragments():
    """The English source texts of the board pages."""
    found = english_fragments(*SOURCES)
    assert len(found) > 150  # the checks below would pass vacuously without them
    return found


@pytest.fixture
def ja(client, token):
    """The client on a phone that chose Japanese (the CSRF token is already in its session)."""
    client.get("/?lang=ja")
    return client


def japanese(response, fragments, *expected: str, status: int = 200) -> str:
    """Check a Japanese page: its status, its language, the expected texts, and no English source text."""
    page = response.get_data(as_text=True)
    assert response.status_code == status, page[:2000]
    assert '<html lang="ja"' in page
    for text in expected:
        assert text in html.unescape(page), text
    assert leftovers(page, fragments) == []
    return page


def script_strings(page: str) -> dict:
    """Return the editor script's texts passed by the page."""
    return json.loads(html.unescape(re.search(r"id=\"editor\"[^>]*data-strings='([^']*)'", page).group(1)))


def test_the_english_pages_would_be_caught(client, fragments):
    page = client.get("/boards/import").get_data(as_text=True)
    assert '<html lang="en"' in page and len(leftovers(page, fragments)) >= 3


def test_board_list_and_board_page_in_japanese(ja, fragments):
    japanese(ja.get("/boards/"), fragments, "自分のボードを写す", "写し始める", "コンパニオン付属", "白紙の6×6の地図")
    page = japanese(ja.get("/boards/training-city"), fragments, "ダウンロードと印刷", "ランドマーク", "印刷座標",
                    "都市の地図（6×6ロケーション）")
    # the shipped board's names are texts of the catalogue too
    assert "トレーニングシティ" in page and "テレビ塔" in page and "TV Tower" not in page
    japanese(ja.get("/boards/training-city/maps.pdf?paper=b5"), fragments, "知らない用紙", status=400)


def test_editor_and_its_answers_in_japanese(ja, store, token, fragments):
    started = ja.post("/boards/new", data={"csrf_token": token, "name": "京都", "start": "blank"})
    editor = started.location
    page = japanese(ja.get(editor), fragments, "自分のボードを写す", "まだすること",
                    "プレイヤーボード1、2、3、4の印刷された列と行を入力してください。", "ロケーションをタップしてランドマークを設定。")
    strings = script_strings(page)
    assert strings["saving"] == "保存中…" and strings["twice_one"] == "{numbers}が2回あります"
    assert leftovers(json.dumps(strings, ensure_ascii=False), fragments) == []
    draft = editor.rsplit("/", 1)[1]
    answer = ja.post(f"/boards/drafts/{draft}/edit", json={"op": "location", "at": [2, 3], "kind": "grey", "name": "塔"},
                     headers={"X-CSRFToken": token}).get_json()
    texts = [p["text"] for p in answer["problems"] + answer["missing"]]
    assert "2列3行の灰色のランドマークの評価トラックを入力してください。" in texts
    assert "灰色のランドマーク'grey-2-3'には評価トラックが必要です。" in texts
    assert leftovers(" ".join(texts) + answer["svg"], fragments) == []
    assert "ロケーション 2列3行：塔（灰色（象徴的））" in answer["svg"] and "ロケーション 1列1行：ランドマークなし" in answer["svg"]
    refused = ja.post(f"/boards/drafts/{draft}/edit", json={"op": "location", "at": [1, 1], "kind": "yellow", "pp": "x"},
                      headers={"X-CSRFToken": token})
    assert refused.status_code == 400
    assert refused.get_json()["problems"][0]["text"] == "黄のランドマークのPPは整数でなければなりません（'x' ではなく）。"
    saved = ja.post(f"/boards/drafts/{draft}/save", data={"csrf_token": token}, follow_redirects=True)
    japanese(saved, fragments, "まだ保存していません：先に直す問題が")
    assert store.saved_boards() == ([], [])


def test_import_explains_a_broken_board_in_japanese(ja, token, training_doc, fragments):
    japanese(ja.get("/boards/import"), fragments, "ボードを読み込む", "…またはJSONをここに貼り付け")
    doc = json.loads(json.dumps(training_doc))
    doc["format"] = "enroute-board/9"
    doc["landmarks"][0]["kind"] = "pink"
    doc["cafes"][0]["bonus"] = "free"
    doc["player_boards"][1]["rows"] = [1, 1, 2, 3, 4, 5]
    response = ja.post("/boards/import", data={"csrf_token": token, "text": json.dumps(doc)})
    page = japanese(response, fragments, "ボードは読み込まれていません — 問題", "形式は 'enroute-board/1' のはずです（'enroute-board/9' ではなく）。",
                    "ランドマークの種類は red, green, blue, purple, yellow, grey のどれかでなければなりません（'pink' ではなく）。",
                    "カフェボーナスは tourists, section, coordinate, card のどれかです（'free' ではなく）。",
                    "印刷された行は1〜6をちょうど1回ずつ並べたもの（6個の数）でなければなりません", status=400)
    assert "<code>landmarks[0].kind</code>" in page and "must be one of" not in page
    not_json = ja.post("/boards/import", data={"csrf_token": token, "text": '{"id": oops}'})
    japanese(not_json, fragments, "JSONではありません：1行8文字目で値がありません。", status=400)
    expired = ja.post("/boards/import", data={"text": "{}"})
    japanese(expired, fragments, "フォームの有効期限が切れました", status=400)
    doc = json.loads(json.dumps(training_doc))
    imported = ja.post("/boards/import", data={"csrf_token": token, "text": json.dumps(doc)}, follow_redirects=True)
    japanese(imported, fragments, "は使われていたので、ボードを 'training-city-2' として保存しました。",
             "トレーニングシティを'training-city-2'として読み込みました。")


def test_a_save_refused_by_a_newer_board_in_japanese(ja, save, token, complete_doc, fragments):
    save(complete_doc("Old"), "old")
    first, second = (ja.post("/boards/old/edit", data={"csrf_token": token}).location for _ in range(2))
    assert ja.post(f"{first}/save", data={"csrf_token": token}).status_code == 302
    refused = ja.post(f"{second}/save", data={"csrf_token": token}, follow_redirects=True)
    japanese(refused, fragments, "この下書きを開いた後にボード'old'が変更または削除されたため、置き換えませんでした。")
