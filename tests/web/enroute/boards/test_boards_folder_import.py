"""Upgrading: the boards and drafts of an old `BOARD_LIBRARY` folder are brought into the database when the
app starts, each file once, broken ones kept as broken, and the files themselves left as they were."""

from __future__ import annotations

import json
import re
import threading

import pytest
from web_helpers import table_form_data

from companion.games.enroute import board_to_json, find_board
from companion.games.enroute import library as lib
from companion.web.core.app import create_app
from companion.web.enroute.boards import store as board_store


def start(tmp_path, folder, **extra):
    """Start the app on the test's database with `folder` as its board library."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "DATABASE": str(tmp_path / "upgrade.sqlite"), "BOARD_LIBRARY": str(folder), **extra})


def contents(app) -> tuple[dict[str, str], list[str], list]:
    """Return the database's boards (id -> name), broken board ids and drafts."""
    with app.app_context():
        saved, broken = board_store.saved_boards()
        return {b.id: b.name for b in saved}, broken, board_store.list_drafts()


@pytest.fixture
def old_folder(tmp_path, complete_doc):
    """A board library folder as the companion wrote it before boards lived in the database."""
    folder = tmp_path / "old-boards"
    (folder / "drafts").mkdir(parents=True)
    tiny = dict(complete_doc("Tiny Town"), id="tiny-town")
    (folder / "tiny-town.json").write_text(json.dumps(tiny, indent=1), encoding="utf-8")
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "empty-list.json").write_text("[]", encoding="utf-8")
    shadowed = dict(complete_doc("Shadowed"), id="training-city")  # a shipped id: never usable before
    (folder / "training-city.json").write_text(json.dumps(shadowed), encoding="utf-8")
    (folder / "My Board.json").write_text(json.dumps(dict(complete_doc("Mine"), id="whatever")), encoding="utf-8")
    draft = {"doc": lib.set_city_name(tiny, "Tiny Town v2"), "replaces": "tiny-town", "updated": 1.0}
    (folder / "drafts" / "0123456789ab.json").write_text(json.dumps(draft), encoding="utf-8")
    (folder / "drafts" / "fedcba987654.json").write_text(json.dumps({"doc": lib.blank_board_doc("Half")}),
                                                         encoding="utf-8")
    (folder / "drafts" / "garbled.json").write_text("not a draft", encoding="utf-8")
    return folder


def files(folder) -> dict[str, bytes]:
    """Return every file of a folder and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_old_folder_is_brought_in_when_the_app_starts(tmp_path, old_folder):
    before = files(old_folder)
    app = start(tmp_path, old_folder)
    boards, broken, drafts = contents(app)
    assert boards == {"tiny-town": "Tiny Town", "training-city-2": "Shadowed", "my-board": "Mine"}
    assert broken == ["broken", "empty-list"]  # listed, so they can be looked at and deleted, not lost
    by_id = {d.id: d for d in drafts}
    assert set(by_id) >= {"0123456789ab", "fedcba987654"} and len(by_id) == 3
    assert (by_id["0123456789ab"].replaces, by_id["0123456789ab"].replaces_version) == ("tiny-town", 1)
    assert by_id["fedcba987654"].doc["name"] == "Half" and by_id["fedcba987654"].replaces is None
    garbled = next(d for d in drafts if d.id not in ("0123456789ab", "fedcba987654"))
    assert garbled.doc == "not a draft"  # a damaged draft: the editor says so, and it can be downloaded
    assert files(old_folder) == before  # the command line's --library still reads the same files

    client = app.test_client()
    page = client.get("/boards/").get_data(as_text=True)
    assert "Tiny Town" in page and "broken.json cannot be read" in page and "Half" in page
    assert client.get("/boards/drafts/" + garbled.id).status_code == 200
    assert client.get("/api/enroute/boards/tiny-town").get_json()["name"] == "Tiny Town"
    # Saving the old draft replaces its board, as it did with files.
    saved = client.post("/boards/drafts/0123456789ab/save")
    assert saved.location.endswith("/boards/tiny-town")
    assert client.get("/api/enroute/boards/tiny-town").get_json()["name"] == "Tiny Town v2"


def test_tables_and_referees_use_a_board_brought_in(tmp_path, old_folder):
    client = start(tmp_path, old_folder).test_client()
    assert "Tiny Town" in client.get("/tables/new").get_data(as_text=True)
    assert "Tiny Town" in client.get("/play/new").get_data(as_text=True)
    made = client.post("/tables/new", data=table_form_data(board="tiny-town"))
    assert made.status_code == 302
    assert "Tiny Town" in client.get(made.location).get_data(as_text=True)


def test_each_file_is_brought_in_once(tmp_path, old_folder, complete_doc):
    app = start(tmp_path, old_folder)
    first = contents(app)
    client = app.test_client()
    assert client.post("/boards/my-board/delete").status_code == 302
    (old_folder / "later.json").write_text(json.dumps(dict(complete_doc("Later"), id="later")), encoding="utf-8")
    again = start(tmp_path, old_folder)
    boards, broken, drafts = contents(again)
    # A deleted board does not come back; a file put in the folder since is brought in; nothing doubles.
    assert boards == {"tiny-town": "Tiny Town", "training-city-2": "Shadowed", "later": "Later"}
    assert broken == first[1] and len(drafts) == len(first[2])
    with again.app_context():
        assert board_store.import_library(old_folder) == {"boards": 0, "broken": 0, "drafts": 0}


def test_starts_at_the_same_moment_bring_each_file_in_once(tmp_path, old_folder):
    app = start(tmp_path, tmp_path / "no-folder-yet")  # migrations done; the folder is brought in below
    barrier = threading.Barrier(4)
    counts = []

    def bring() -> None:
        """One process's start-up import."""
        with app.app_context():
            barrier.wait(timeout=30)
            counts.append(board_store.import_library(old_folder))

    threads = [threading.Thread(target=bring) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(counts) == 4
    assert {k: sum(c[k] for c in counts) for k in counts[0]} == {"boards": 3, "broken": 2, "drafts": 3}
    boards, broken, drafts = contents(app)
    assert len(boards) == 3 and len(broken) == 2 and len(drafts) == 3


def test_a_start_without_migrations_brings_the_folder_in_later(tmp_path, old_folder):
    early = start(tmp_path, old_folder, MIGRATE_ON_START=False)  # no tables yet: must not stop the app
    assert early.test_client().get("/").status_code == 200
    boards, _broken, _drafts = contents(start(tmp_path, old_folder))
    assert "tiny-town" in boards


def test_the_import_is_listed_with_a_shipped_board_copy(tmp_path, old_folder):
    app = start(tmp_path, old_folder)
    with app.app_context():
        shadowed = board_store.find_board("training-city-2")
        assert board_store.find_board("training-city") == find_board("training-city")  # shipped first
    assert board_to_json(shadowed)["id"] == "training-city-2"
    page = app.test_client().get("/boards/training-city-2").get_data(as_text=True)
    assert re.search(r"<h1>\s*Shadowed", page)
