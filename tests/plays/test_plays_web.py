"""Game night's pages through the Flask test client: keeping finished tables, groups, statistics pages,
export and import, privacy; bad input answers a clear 4xx, never a 500."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from plays_helpers import finished_ttr_table, finished_welcome_table, new_group_from, welcome_doc
from sqlalchemy import delete

from companion.games.welcome_to import score_document
from companion.web.core import db
from companion.web.core.plays import store
from companion.web.core.tables import registry
from companion.web.welcome_to import store as welcome_store


def page(client, url: str, status: int = 200) -> str:
    """A page's text, checking its status."""
    response = client.get(url)
    assert response.status_code == status, (url, response.status_code, response.get_data(as_text=True)[:800])
    return response.get_data(as_text=True)


def export(client, gid: str) -> dict:
    """A group's JSON export."""
    response = client.get(f"/plays/g/{gid}/plays.json")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    return response.get_json()


def board(html: str) -> list[tuple[str, ...]]:
    """The group page's players table: (name, plays, wins, win rate)."""
    body = re.search(r"<table class=\"plays-numbers\" data-board>.*?</table>", html, re.S).group(0)
    return [tuple(re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", row))
            for row in re.findall(r"<tr data-player.*?</tr>", body, re.S)]


def test_a_finished_table_kept_in_a_new_group_shows_the_engines_totals_and_ranks(client):
    """One tap from a finished table makes a group whose history has the engine's totals and ranks."""
    table_id = finished_welcome_table(client)
    gid = new_group_from(client, table_id)
    html = page(client, f"/plays/g/{gid}")
    expect = score_document(welcome_doc())
    for doc_player, p in zip(welcome_doc()["players"], expect["players"]):
        assert f"{p['rank']}. {doc_player['player']}: {p['total']}" in html
    doc = export(client, gid)
    assert doc["format"] == "companion-plays/2" and len(doc["plays"]) == 1
    kept = doc["plays"][0]
    assert kept["game"] == "welcome-to" and kept["variant"] == "Standard game"
    assert [p["total"] for p in kept["players"]] == [p["total"] for p in expect["players"]]
    assert kept["players"][0]["rows"] == expect["players"][0]["rows"]
    assert [p["facts"]["plans_met"] for p in kept["players"]] == [len(p["plans"]) for p in welcome_doc()["players"]]
    assert [r["key"] for r in kept["rows"]][:3] == ["plans", "parks", "pools"]
    # The phone now follows the group; the index lists it.
    assert f"/plays/g/{gid}" in page(client, "/plays/")


def test_group_code_joins_like_a_table_code_and_other_phones_see_nothing_without_it(app, client):
    """The join code leads to the group; another phone follows it once it opened it; a guessed link is a 404."""
    gid = new_group_from(client, finished_welcome_table(client))
    code = re.search(r"data-group-code>([A-Z0-9-]+)<", page(client, f"/plays/g/{gid}")).group(1)
    other = app.test_client()
    assert "Friday" not in page(other, "/plays/")
    response = other.get("/join", query_string={"code": code.lower()})
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/plays/g/{gid}")
    page(other, f"/plays/g/{gid}")
    assert "Friday" in page(other, "/plays/")
    assert "No group has this link" in page(other, "/plays/g/" + "A" * 22, 404)
    assert len(gid) >= 22  # 128 random bits


def test_plays_are_captured_without_a_group_then_moved_and_survive_the_tables_deletion(app, client):
    """A finished table is kept (no group yet) by the next sweep; linking moves it; deleting the table's
    rows (as retention would) leaves the play."""
    table_id = finished_welcome_table(client)
    empty = client.post("/plays/new", data={"name": "Empty"})
    gid = re.search(r"/plays/g/(.+)$", empty.headers["Location"]).group(1)
    page(client, f"/plays/g/{gid}")  # a group page sweeps: the table is kept with no group
    with app.app_context():
        with db.read() as conn:
            rows = conn.execute(store.play.select()).mappings().all()
        assert [(r["group_id"], r["table_id"]) for r in rows] == [("", table_id)]
    response = client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "group", "group": gid})
    assert response.status_code == 302
    with app.app_context():
        with db.write() as conn:
            welcome_store.delete_table(conn, table_id)
            conn.execute(delete(registry.core_table).where(registry.core_table.c.table_id == table_id))
        with db.read() as conn:
            assert [r["group_id"] for r in conn.execute(store.play.select()).mappings()] == [gid]
    assert len(export(client, gid)["plays"]) == 1
    page(client, f"/plays/keep/welcome-to/{table_id}", 404)  # the table is gone; its play is not


def test_dont_keep_deletes_the_play_and_no_sweep_brings_it_back(app, client):
    """"Don't keep" drops a kept play; later sweeps leave the table alone; keeping it again captures it."""
    table_id = finished_welcome_table(client)
    gid = new_group_from(client, table_id)
    assert client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "drop"}).status_code == 302
    assert "don&#39;t keep" in page(client, f"/plays/keep/welcome-to/{table_id}")
    page(client, f"/plays/g/{gid}")
    assert export(client, gid)["plays"] == []
    client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "group", "group": gid})
    assert len(export(client, gid)["plays"]) == 1


def test_player_and_game_pages_have_their_numbers_and_charts(client):
    """Two known games in a group: the player page's best and average, its two SVG charts, head-to-head."""
    gid = new_group_from(client, finished_welcome_table(client, "four-players"))
    second = finished_welcome_table(client, "four-players")
    client.post(f"/plays/keep/welcome-to/{second}", data={"action": "group", "group": gid})
    expect = score_document(welcome_doc("four-players"))["players"]
    html = page(client, f"/plays/g/{gid}/player?name=ana")  # any case
    assert "<h1>Ana</h1>" in html
    assert f"data-best>{expect[0]['total']}<" in html
    assert f"data-average>{expect[0]['total']:.1f}<" in html
    assert html.count('<svg class="chart"') == 2
    assert "Parks" in html and "<desc>" in html
    assert re.search(r"<td>Ben</td><td>2</td><td>2</td><td>0</td><td>0</td>", html)  # ahead of Ben both times
    game = page(client, f"/plays/g/{gid}/game/welcome-to")
    assert game.count('<svg class="chart"') == 1 and "Winning score over time" in game
    ja = page(client, f"/plays/g/{gid}/player?name=Ana&lang=ja")
    assert "<svg" in ja
    page(client, f"/plays/g/{gid}/player?name=Nobody", 404)
    page(client, f"/plays/g/{gid}/game/en-route", 404)


def test_rename_merge_and_remove_a_player(client):
    """Rename shows the new name; a rename onto another player merges the two; a removed player is gone
    from every play and from the export, the others' ranks unchanged."""
    gid = new_group_from(client, finished_welcome_table(client))
    assert client.post(f"/plays/g/{gid}/rename", data={"name": "Ben", "new": "Benjamin"}).status_code == 302
    assert "Benjamin" in [r[0] for r in board(page(client, f"/plays/g/{gid}"))]
    assert client.post(f"/plays/g/{gid}/rename", data={"name": "Dev", "new": "benjamin"}).status_code == 302
    rows = board(page(client, f"/plays/g/{gid}"))
    assert [r[0] for r in rows] == ["Ana", "Benjamin", "Chie"] and rows[1][1] == "1"
    before = [p["rank"] for p in export(client, gid)["plays"][0]["players"]]
    assert client.post(f"/plays/g/{gid}/remove", data={"name": "Chie"}).status_code == 302
    doc = export(client, gid)
    assert "Chie" not in json.dumps(doc) and [p["rank"] for p in doc["plays"][0]["players"]] == before
    assert "(removed player)" in page(client, f"/plays/g/{gid}")
    bad = client.post(f"/plays/g/{gid}/rename", data={"name": "Nobody", "new": "X"})
    assert bad.status_code == 400 and "no player of that name" in bad.get_data(as_text=True)
    bad = client.post(f"/plays/g/{gid}/rename", data={"name": "Ana", "new": "   "})
    assert bad.status_code == 400 and "new name" in bad.get_data(as_text=True)
    assert client.post(f"/plays/g/{gid}/remove", data={"name": "Zed"}).status_code == 400


def test_export_then_import_into_a_new_group_gives_the_same_statistics_and_never_duplicates(client):
    """The export imported into a new group: same leaderboard; imported twice: nothing doubled."""
    gid = new_group_from(client, finished_welcome_table(client, "four-players"))
    other = finished_welcome_table(client, "tie-break")
    client.post(f"/plays/keep/welcome-to/{other}", data={"action": "group", "group": gid})
    text = json.dumps(export(client, gid))
    new = client.post("/plays/new", data={"name": "Copy"})
    copy = re.search(r"/plays/g/(.+)$", new.headers["Location"]).group(1)
    response = client.post(f"/plays/g/{copy}/import", data={"text": text}, follow_redirects=True)
    assert "2 play(s) imported, 0 already in the group." in response.get_data(as_text=True)
    assert board(page(client, f"/plays/g/{copy}")) == board(page(client, f"/plays/g/{gid}"))
    upload = {"upload": (io.BytesIO(text.encode()), "plays.json")}
    response = client.post(f"/plays/g/{copy}/import", data=upload, follow_redirects=True,
                           content_type="multipart/form-data")
    assert "0 play(s) imported, 2 already in the group." in response.get_data(as_text=True)
    assert len(export(client, copy)["plays"]) == 2


def test_import_refuses_bad_files_clearly_and_keeps_the_text(client):
    """Not JSON, another format, a wrong field, nothing: a 4xx naming the problem; the text stays."""
    gid = new_group_from(client, finished_welcome_table(client))
    r = client.post(f"/plays/g/{gid}/import", data={"text": "{oops"})
    assert r.status_code == 422 and "not readable JSON" in r.get_data(as_text=True)
    assert "{oops</textarea>" in r.get_data(as_text=True)
    r = client.post(f"/plays/g/{gid}/import", data={"text": json.dumps({"format": "x"})})
    assert r.status_code == 422 and "format: This is not a companion-plays document (version 1 or 2)." in r.get_data(as_text=True)
    doc = export(client, gid)
    doc["plays"][0]["players"][1]["total"] = "lots"
    r = client.post(f"/plays/g/{gid}/import", data={"text": json.dumps(doc)})
    assert r.status_code == 422 and "plays[0].players[1].total: This must be a whole number or null." in \
        r.get_data(as_text=True)
    assert client.post(f"/plays/g/{gid}/import", data={"text": " "}).status_code == 400
    big = {"upload": (io.BytesIO(b"x" * (1024 * 1024 + 10)), "big.json")}
    r = client.post(f"/plays/g/{gid}/import", data=big, content_type="multipart/form-data")
    assert r.status_code == 413 and "too large: at most 1024 KiB" in r.get_data(as_text=True)


def test_csv_export(client):
    """One line per player, with the rows as columns."""
    gid = new_group_from(client, finished_welcome_table(client))
    response = client.get(f"/plays/g/{gid}/plays.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    expect = score_document(welcome_doc())["players"]
    assert [int(r["total"]) for r in rows] == [p["total"] for p in expect]
    assert [int(r["parks"]) for r in rows] == [p["rows"]["parks"] for p in expect]


def test_delete_a_play_and_the_group(client):
    """A deleted play is gone (and not brought back by a sweep); the group needs its name typed to go."""
    gid = new_group_from(client, finished_welcome_table(client))
    uid = export(client, gid)["plays"][0]["id"]
    assert client.post(f"/plays/g/{gid}/play/{uid}/delete").status_code == 302
    page(client, f"/plays/g/{gid}")
    assert export(client, gid)["plays"] == []
    assert client.post(f"/plays/g/{gid}/play/{uid}/delete").status_code == 404
    wrong = client.post(f"/plays/g/{gid}/delete", data={"name": "friday!"})
    assert wrong.status_code == 400 and "nothing was deleted" in wrong.get_data(as_text=True)
    assert client.post(f"/plays/g/{gid}/delete", data={"name": "Friday"}).status_code == 302
    page(client, f"/plays/g/{gid}", 404)
    assert "Friday" not in page(client, "/plays/")


def test_keep_page_refuses_bad_input(client):
    """Unknown game or table: 404; a nameless group, a group this phone does not follow, no action: 400."""
    table_id = finished_welcome_table(client)
    page(client, f"/plays/keep/no-such-game/{table_id}", 404)
    page(client, "/plays/keep/welcome-to/" + "x" * 80, 404)
    r = client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "new", "name": " "})
    assert r.status_code == 400 and "Give the group a name" in r.get_data(as_text=True)
    r = client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "group", "group": "stolen"})
    assert r.status_code == 400 and "groups this phone follows" in r.get_data(as_text=True)
    assert client.post(f"/plays/keep/welcome-to/{table_id}", data={}).status_code == 400
    r = client.post("/plays/new", data={"name": "x" * 61})
    assert r.status_code == 400 and "at most 60 characters" in r.get_data(as_text=True)
    client.set_cookie("plays_groups", "not json")
    page(client, "/plays/")


def test_forms_need_their_csrf_token(tmp_path):
    """With CSRF on, a post without its token is refused with a clear 400 and changes nothing."""
    from companion.web.core.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "c.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "b")})
    client = app.test_client()
    r = client.post("/plays/new", data={"name": "Sneaky"})
    assert r.status_code == 400 and "form expired" in r.get_data(as_text=True)
    with app.app_context():
        with db.read() as conn:
            assert conn.execute(store.play_group.select()).first() is None


def test_the_phones_finished_tables_are_offered_for_keeping(client):
    """A finished table this phone opened is listed on /plays/ with its one-tap "Keep as a play"."""
    table_id = finished_welcome_table(client)
    page(client, f"/welcome-to/t/{table_id}")  # the phone opens the table: it is in its recent tables
    html = page(client, "/plays/")
    assert f'href="/plays/keep/welcome-to/{table_id}"' in html and "Kept in a group." not in html
    new_group_from(client, table_id)
    assert "Kept in a group." in page(client, "/plays/")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_season_summary_pdf_has_the_players_numbers_and_embeds_every_font(client, lang, tmp_path):
    """The fridge page: the group's name, each player's plays and wins, in the page's language; `pdffonts`
    lists no font that is not embedded."""
    import shutil
    import subprocess

    import pdfplumber

    gid = new_group_from(client, finished_welcome_table(client))
    response = client.get(f"/plays/g/{gid}/season.pdf?lang={lang}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Friday" in text and "Ana" in text and "100 %" in text
    if lang == "en":
        assert "Friday: season summary" in text and "Plays: 1, from" in text
    path = tmp_path / "season.pdf"
    path.write_bytes(response.data)
    if shutil.which("pdffonts"):
        listing = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        rows = listing.splitlines()[2:]
        assert rows and all(row.split()[-5] == "yes" for row in rows), listing  # the "emb" column


def test_group_pages_follow_changes_live(app, client):
    """The pages carry the core live box; the mark moves when another phone keeps a table, renames a player
    or deletes a play; a group that does not exist has no mark."""
    gid = new_group_from(client, finished_welcome_table(client))
    html = page(client, f"/plays/g/{gid}")
    assert f'data-live-url="/plays/g/{gid}/live"' in html
    assert 'data-live-url' in page(client, f"/plays/g/{gid}/player?name=Ana")
    mark = client.get(f"/plays/g/{gid}/live").get_json()["mark"]
    assert f'data-live-mark="{mark}"' in html
    assert client.get(f"/plays/g/{gid}/live").get_json()["mark"] == mark  # nothing changed: the same mark
    other = app.test_client()
    table = finished_welcome_table(other)
    other.set_cookie("plays_groups", json.dumps([gid]))
    other.post(f"/plays/keep/welcome-to/{table}", data={"action": "group", "group": gid})
    seen = {mark, client.get(f"/plays/g/{gid}/live").get_json()["mark"]}
    other.post(f"/plays/g/{gid}/rename", data={"name": "Ana", "new": "Anna"})
    seen.add(client.get(f"/plays/g/{gid}/live").get_json()["mark"])
    uid = export(client, gid)["plays"][0]["id"]
    other.post(f"/plays/g/{gid}/play/{uid}/delete")
    seen.add(client.get(f"/plays/g/{gid}/live").get_json()["mark"])
    assert len(seen) == 4
    assert client.get("/plays/g/nope/live").status_code == 404


def test_removing_a_player_also_drops_the_tie_break_notes_naming_them(client):
    """The known tie-break game: its note names both tied players; removing one leaves no trace of them."""
    gid = new_group_from(client, finished_welcome_table(client, "tie-break"))
    notes = export(client, gid)["plays"][0]["tie_break"]
    assert notes, "the tie-break game has a tie-break note"
    named = next(p["player"] for p in welcome_doc("tie-break")["players"] if p["player"] in notes[0])
    assert client.post(f"/plays/g/{gid}/remove", data={"name": named}).status_code == 302
    assert named not in json.dumps(export(client, gid))
    assert named not in page(client, f"/plays/g/{gid}")


def test_starting_groups_counts_under_the_tables_limit(tmp_path):
    """Starting groups is rate-limited like starting tables: over the limit, a 429 that says what to do."""
    from companion.web.core.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": True,
                      "RATELIMIT_TABLES": "2 per hour", "DATABASE": str(tmp_path / "l.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "b")})
    client = app.test_client()
    assert [client.post("/plays/new", data={"name": f"G{i}"}).status_code for i in range(2)] == [302, 302]
    refused = client.post("/plays/new", data={"name": "G3"})
    assert refused.status_code == 429 and "Too many tables were started" in refused.get_data(as_text=True)


def test_odd_but_valid_imports_show_on_every_page_escaped(client):
    """Names with markup, braces in labels, an empty label, huge numbers, a null total: every page answers
    200 with the text escaped; an empty row key is refused by its path."""
    new = client.post("/plays/new", data={"name": "<b>Odd</b>"})
    gid = re.search(r"/plays/g/(.+)$", new.headers["Location"]).group(1)
    doc = {"format": "companion-plays/1", "plays": [
        {"id": "x1", "game": "mystery-game", "date": "2026-01-02", "variant": "{n} {oops}",
         "players": [{"name": "<script>x</script>", "total": 10 ** 12, "rank": 1, "rows": {"r{0}": 5}},
                     {"name": "Zoë", "total": None, "rank": None, "rows": {}, "facts": {"longest_path": 3}}],
         "rows": [{"key": "r{0}", "label": ""}], "tie_break": ["{a} <i>tie</i>"]}]}
    r = client.post(f"/plays/g/{gid}/import", data={"text": json.dumps(doc)})
    assert r.status_code == 302, r.get_data(as_text=True)[-2000:]
    for url in (f"/plays/g/{gid}", f"/plays/g/{gid}/player?name=%3Cscript%3Ex%3C/script%3E",
                f"/plays/g/{gid}/player?name=zo%C3%AB", f"/plays/g/{gid}/game/mystery-game",
                f"/plays/g/{gid}/plays.csv", f"/plays/g/{gid}/season.pdf", f"/plays/g/{gid}?lang=ja", "/plays/"):
        response = client.get(url)
        assert response.status_code == 200, url
        if "." not in url.rsplit("/", 1)[1]:  # the pages (the CSV and PDF are not HTML)
            body = response.get_data(as_text=True)
            assert "<script>x" not in body and "<b>Odd" not in body and "<i>tie" not in body
    bad = json.loads(json.dumps(doc))
    bad["plays"][0]["players"][0]["rows"] = {"": 1}
    r = client.post(f"/plays/g/{gid}/import", data={"text": json.dumps(bad)})
    assert r.status_code == 422 and "plays[0].players[0].rows: 行は行キーと整数の組にしてください" in r.get_data(as_text=True)


def test_plays_survive_the_retention_purge(app, client):
    """`tables-purge` run long after: the finished table is archived, the abandoned one deleted, the kept play
    is still in its group."""
    from datetime import UTC, datetime, timedelta

    gid = new_group_from(client, finished_welcome_table(client))
    unfinished = finished_ttr_table(client, end=False)  # linked to the group, never ended: abandoned
    client.post(f"/plays/keep/ttr-europe/{unfinished}", data={"action": "group", "group": gid})
    with app.app_context():
        done = registry.purge(30, at=datetime.now(UTC) + timedelta(days=400))
    assert len(done["archived"]) == 1 and ("ttr-europe", unfinished) in done["purged"]
    assert len(export(client, gid)["plays"]) == 1
    assert "Ana" in page(client, f"/plays/g/{gid}")
    result = app.test_cli_runner().invoke(args=["tables-purge", "--days", "1"])
    assert result.exit_code == 0 and len(export(client, gid)["plays"]) == 1


def test_a_phone_can_follow_several_groups_and_stop_following_one(client):
    """Two groups on one phone; unfollowing one leaves it for others (its link still opens it)."""
    first = new_group_from(client, finished_welcome_table(client), "First")
    second = new_group_from(client, finished_welcome_table(client), "Second")
    index = page(client, "/plays/")
    assert "First" in index and "Second" in index
    assert client.post(f"/plays/g/{first}/unfollow").status_code == 302
    index = page(client, "/plays/")
    assert "First" not in index and "Second" in index
    assert "First" in page(client, f"/plays/g/{first}")  # and opening it follows it again
    assert "First" in page(client, "/plays/") and second


def test_csv_export_imported_into_a_new_group_gives_the_same_statistics_and_merges(client):
    """The CSV export imported: the same leaderboard and facts; again: nothing doubled."""
    gid = new_group_from(client, finished_welcome_table(client, "four-players"))
    ttr = finished_ttr_table(client)
    client.post(f"/plays/keep/ttr-europe/{ttr}", data={"action": "group", "group": gid})
    text = client.get(f"/plays/g/{gid}/plays.csv").get_data(as_text=True)
    assert {"fact:plans_met", "fact:tickets_completed", "fact:longest_path"} < set(text.splitlines()[0].split(","))
    copy = re.search(r"/plays/g/(.+)$", client.post("/plays/new", data={"name": "Copy"}).headers["Location"]).group(1)
    upload = {"upload": (io.BytesIO(text.encode()), "plays.csv")}
    response = client.post(f"/plays/g/{copy}/import", data=upload, follow_redirects=True,
                           content_type="multipart/form-data")
    assert "2 play(s) imported, 0 already in the group." in response.get_data(as_text=True)
    assert board(page(client, f"/plays/g/{copy}")) == board(page(client, f"/plays/g/{gid}"))
    original, copied = export(client, gid)["plays"], export(client, copy)["plays"]
    for a, b in zip(original, copied):
        assert [(p["name"], p["total"], p["rank"], p["rows"], p.get("facts", {})) for p in a["players"]] == \
            [(p["name"], p["total"], p["rank"], p["rows"], p.get("facts", {})) for p in b["players"]]
    assert page(client, f"/plays/g/{copy}/player?name=Aki").count("svg") >= 2
    again = client.post(f"/plays/g/{copy}/import", data={"text": text}, follow_redirects=True)
    assert "0 play(s) imported, 2 already in the group." in again.get_data(as_text=True)


def test_a_wrong_csv_names_every_line_and_column_and_keeps_the_text(client):
    gid = new_group_from(client, finished_welcome_table(client))
    text = client.get(f"/plays/g/{gid}/plays.csv").get_data(as_text=True)
    lines = text.split("\r\n")
    cells = lines[2].split(",")
    cells[5], cells[7] = "first", "x"  # line 3: rank and the first row (plans) not numbers
    lines[2] = ",".join(cells)
    lines[3] = lines[3].replace("2026", "26", 1) if lines[3].startswith("2026") else "26" + lines[3][4:]
    lines[4] = lines[4] + ",extra"
    bad = "\r\n".join(lines)
    r = client.post(f"/plays/g/{gid}/import", data={"text": bad})
    html = r.get_data(as_text=True)
    assert r.status_code == 422 and "Nothing was imported" in html
    assert "Line 3, column rank: This must be a whole number or null." in html
    assert "Line 3, column plans: This must be a whole number or null." in html
    assert "Line 4, column date: A play&#39;s lines must all have the same date, game and variant." in html
    assert "Line 5: This line does not have one cell per column." in html
    assert ",extra" in html.split("<textarea")[1]  # what was sent stays in the form
    r = client.post(f"/plays/g/{gid}/import", data={"text": "when,who\r\n1,2\r\n"})
    assert r.status_code == 422 and "Line 1: The first line must start with the columns date,game,variant" in r.get_data(as_text=True)
    odd = text.replace(lines[1].split(",")[3], "", 1)  # a line without its play id
    r = client.post(f"/plays/g/{gid}/import", data={"text": odd})
    assert r.status_code == 422 and "Line 2, column play:" in r.get_data(as_text=True)


def test_a_play_kept_before_summaries_reads_as_before(app, client):
    """A play row without a summary (kept before migration core_0005) counts from its whole document."""
    gid = new_group_from(client, finished_welcome_table(client))
    before = board(page(client, f"/plays/g/{gid}"))
    with app.app_context(), db.write() as conn:
        conn.execute(store.play.update().where(store.play.c.group_id == gid).values(summary=None))
        store._changed(conn, gid)
    assert board(page(client, f"/plays/g/{gid}")) == before
    assert "Ana" in page(client, f"/plays/g/{gid}/player?name=Ana")
