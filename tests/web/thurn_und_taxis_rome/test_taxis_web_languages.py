"""Every text in the reader's language: the pages, the engine's refusals, conflicts (English and Japanese)."""

from __future__ import annotations

from taxis_web_helpers import SEED_PLACEMENT, act, claim, start_table, text, version


def test_pages_in_japanese(client):
    token = start_table(client)
    page = text(client.get(f"/taxis/{token}?lang=ja"))
    assert "郵便馬車：すべての道はローマに通ず" in page
    assert "「これは私」" in page
    assert "ローマの謁見" in page and "バイエルン" in page
    assert "Rome's audience" not in page
    for path, words in (("/taxis/new", "卓を始めます"), ("/taxis/boards", "ローマへの道のボード"),
                        ("/taxis/boards/new", "ローマへの道のボードを入力"), (f"/taxis/{token}/score", "得点表を保存する"),
                        (f"/taxis/{token}/route", "今はルートを記録できません")):
        assert words in text(client.get(path, follow_redirects=True)), path


def test_refusals_in_japanese(client):
    token = start_table(client)
    client.get(f"/taxis/{token}?lang=ja")  # this phone reads Japanese from now on
    seat = claim(client, token, 0)
    data = {f"carriage_{k}": v for k, v in dict(SEED_PLACEMENT[0], baiern="cardinal").items()}
    data["version"] = version(client, token)
    page = text(client.post(seat + "/clergy", data=data))
    assert "枢機卿のタイルは1人1枚です。すでにバーデンの馬車に乗っています。" in page
    assert "コンパニオンはこれを受け付けませんでした" in page
    act(client, token, "office", office="postmaster")
    stale = act(client, token, "office", 409, version="0", office="coachman")
    assert "その間に別のスマホで卓が変わりました" in text(stale)
    act(client, token, "end-turn")
    wrong = act(client, token, "office", 422, office="emperor")
    assert "公人は郵便局長、御者、行政長官、整備士です。" in text(wrong)


def test_the_same_table_in_two_languages_at_once(app, client):
    token = start_table(client)
    other = app.test_client()
    assert "Players and their phones" in text(client.get(f"/taxis/{token}?lang=en"))
    assert "プレイヤーとスマホ" in text(other.get(f"/taxis/{token}?lang=ja"))
    assert "Players and their phones" in text(client.get(f"/taxis/{token}"))
