"""Audit findings S6 and S7: concurrent edits of one draft all land; concurrent imports never overwrite a board.

Each test starts its requests together behind a barrier, from one test client (its own session and CSRF
token) per thread, against the app's real database (SQLite here, PostgreSQL on the suite's second run).
"""

from __future__ import annotations

import html
import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor

from companion.games.enroute import library as lib

EDITS = 16
IMPORTS = 8
CELLS = [(c, r) for r in range(1, 7) for c in range(1, 7)][:EDITS]


def together(n: int, work) -> list:
    """Run `work(i)` for i in 0..n-1 in n threads released at the same moment; return the results in order."""
    barrier = threading.Barrier(n)

    def one(i: int):
        """Wait for every thread, then work."""
        barrier.wait(timeout=30)
        return work(i)

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(one, range(n)))


def phones(app, get_token, n: int) -> list[tuple]:
    """Return n test clients, each with its own session and CSRF token."""
    found = []
    for _ in range(n):
        client = app.test_client()
        found.append((client, get_token(client)))
    return found


def landmark_cells(doc: dict) -> list[tuple[int, int]]:
    """Return the locations of a draft's landmarks, sorted."""
    return sorted(tuple(loc) for lm in doc["landmarks"] for loc in lm["locations"])


def test_sixteen_concurrent_single_cell_edits_all_land(app, store, get_token):
    draft = store.new_draft(lib.blank_board_doc("Busy Town"))
    clients = phones(app, get_token, EDITS)

    def tap(i: int):
        """One phone sets the landmark of its own location."""
        client, token = clients[i]
        return client.post(f"/boards/drafts/{draft.id}/edit", headers={"X-CSRFToken": token},
                           json={"op": "location", "at": list(CELLS[i]), "kind": "red"})

    answers = together(EDITS, tap)
    assert [a.status_code for a in answers] == [200] * EDITS, [a.get_json()["problems"][:1] for a in answers]
    for i, answer in enumerate(answers):  # each answer shows the draft with its own edit in it
        assert CELLS[i] in landmark_cells(answer.get_json()["doc"])
    kept = store.load_draft(draft.id)
    assert landmark_cells(kept.doc) == sorted(CELLS)  # every edit kept (the audit found 3 of 16)
    assert kept.version == 1 + EDITS


def test_concurrent_edits_of_every_kind_through_the_store(app, store):
    draft = store.new_draft(lib.blank_board_doc("Busy Town"))
    edits = [lambda d, c=c: lib.set_location(d, [c, 1], "green") for c in range(1, 7)]
    edits += [lambda d, x=x: lib.set_cafe(d, [x, 0], "section") for x in range(6)]
    edits += [lambda d, n=n: lib.set_printed(d, n, "rows", [6, 5, 4, 3, 2, 1]) for n in range(1, 5)]

    def edit(i: int):
        """Apply one edit in the thread's own app context."""
        with app.app_context():
            return store.edit_draft(draft.id, edits[i]).version

    versions = together(len(edits), edit)
    assert sorted(versions) == list(range(2, 2 + len(edits)))  # each write made exactly one new version
    doc = store.load_draft(draft.id).doc
    assert landmark_cells(doc) == [(c, 1) for c in range(1, 7)]
    assert sorted(cafe["at"] for cafe in doc["cafes"]) == [[x, 0] for x in range(6)]
    assert all(pb["rows"] == [6, 5, 4, 3, 2, 1] for pb in doc["player_boards"])


def test_eight_concurrent_imports_of_one_board_never_overwrite(app, store, get_token, complete_doc):
    docs = [dict(complete_doc(f"Town {i}"), id="town") for i in range(IMPORTS)]  # one id, eight contents
    clients = phones(app, get_token, IMPORTS)

    def send(i: int):
        """One phone imports its version of the board."""
        client, token = clients[i]
        return client.post("/boards/import", data={"csrf_token": token, "text": json.dumps(docs[i])})

    answers = together(IMPORTS, send)
    imported: dict[int, str] = {}
    for i, answer in enumerate(answers):
        client, _token = clients[i]
        if answer.status_code == 302:
            page = html.unescape(client.get(answer.location).get_data(as_text=True))
            said = re.search(r"Imported (Town \d) as '([a-z0-9-]+)'\.", page)
            assert said and said.group(1) == f"Town {i}", page[:3000]
            assert answer.location.endswith(f"/boards/{said.group(2)}")
            imported[i] = said.group(2)
        else:  # refused clearly, never silently
            assert answer.status_code == 400 and "No free id" in answer.get_data(as_text=True)
    assert len(imported) == IMPORTS  # 50 tries per import are plenty for 8 at once
    assert len(set(imported.values())) == len(imported)  # each its own id
    saved = {b.id: b.name for b in store.saved_boards()[0]}
    # Every "Imported" answer names a board that exists with its own content, and nothing else was stored.
    assert saved == {board_id: f"Town {i}" for i, board_id in imported.items()}
    assert sorted(saved) == sorted(["town"] + [f"town-{n}" for n in range(2, IMPORTS + 1)])


def test_concurrent_saves_of_one_draft_make_one_board(app, store, get_token, complete_doc):
    draft = store.new_draft(complete_doc("Once"))
    clients = phones(app, get_token, 4)

    def save(i: int):
        """One phone presses Save."""
        client, token = clients[i]
        return client.post(f"/boards/drafts/{draft.id}/save", data={"csrf_token": token})

    answers = together(4, save)
    assert [b.id for b in store.saved_boards()[0]] == ["once"]  # the draft was saved once, not four times
    outcomes = sorted((a.status_code, a.location) for a in answers)
    assert outcomes.count((302, "/boards/once")) == 1
    # The others found the draft saved already: "this draft does not exist (saved or discarded already?)".
    assert all(o in ((404, None), (302, f"/boards/drafts/{draft.id}")) for o in outcomes if o != (302, "/boards/once"))
    assert store.list_drafts() == []


def test_an_edit_the_newer_draft_no_longer_accepts_is_refused(app, store, get_token, monkeypatch):
    from companion.web.enroute.boards import pages as boards

    draft = store.new_draft(lib.blank_board_doc("Busy Town"))
    client, token = phones(app, get_token, 1)[0]
    real, calls = boards.apply_edit, []

    def overtaken(doc, edit):
        """Let another phone drop player board 4 between this edit's read and its write."""
        calls.append(edit)
        if len(calls) == 1:
            store.edit_draft(draft.id, lambda d: dict(d, player_boards=d["player_boards"][:3]))
        return real(doc, edit)

    monkeypatch.setattr(boards, "apply_edit", overtaken)
    answer = client.post(f"/boards/drafts/{draft.id}/edit", headers={"X-CSRFToken": token},
                         json={"op": "printed", "number": 4, "axis": "rows", "text": "123456"})
    assert answer.status_code == 409 and len(calls) == 2
    body = answer.get_json()
    assert body["problems"][0]["code"] == "stale-edit"
    assert body["problems"][0]["text"] == ("Another edit changed the draft meanwhile, and this edit no longer fits it: "
                                           "The draft has no player board 4.")
    assert len(body["doc"]["player_boards"]) == 3  # the page is shown the newer draft
    assert store.load_draft(draft.id).doc == body["doc"]
