"""The editor's Undo is version-checked: it replaces the whole draft, so it never lands on another phone's edit."""

from __future__ import annotations

from companion.games.enroute import library as lib


def edit(client, token, draft_id, **body):
    """Post one edit and return the response."""
    return client.post(f"/boards/drafts/{draft_id}/edit", json=body, headers={"X-CSRFToken": token})


def cell(doc: dict, at: list[int]) -> str | None:
    """Return the kind of the landmark at a location, or None."""
    for lm in doc["landmarks"]:
        if at in [list(loc) for loc in lm["locations"]]:
            return lm["kind"]
    return None


def test_two_editors_undo_never_overwrites_the_other(app, store, get_token):
    draft = store.new_draft(lib.blank_board_doc("Two Phones")).id
    aki, bo = app.test_client(), app.test_client()
    aki_token, bo_token = get_token(aki), get_token(bo)
    page = aki.get(f"/boards/drafts/{draft}").get_data(as_text=True)
    assert 'data-version="1"' in page

    # Aki edits; the answer names the version her Undo will take back.
    before = store.load_draft(draft).doc
    first = edit(aki, aki_token, draft, op="location", at=[1, 1], kind="red").get_json()
    assert first["version"] == 2 and cell(first["doc"], [1, 1]) == "red"

    # Bo edits another cell meanwhile; Aki's Undo (based on version 2) is refused, and Bo's edit stays.
    assert edit(bo, bo_token, draft, op="location", at=[2, 2], kind="blue").get_json()["version"] == 3
    refused = edit(aki, aki_token, draft, op="replace", doc=before, base=first["version"])
    assert refused.status_code == 409
    body = refused.get_json()
    assert body["problems"][0]["code"] == "undo-stale"
    assert "Someone else changed this draft" in body["problems"][0]["text"]
    assert body["version"] == 3 and cell(body["doc"], [2, 2]) == "blue"  # the page shows the draft as it is
    stored = store.load_draft(draft)
    assert stored.version == 3 and cell(stored.doc, [2, 2]) == "blue" and cell(stored.doc, [1, 1]) == "red"

    # With nobody in between, Undo based on the version the phone last saw lands.
    mine = edit(aki, aki_token, draft, op="location", at=[3, 3], kind="green").get_json()
    undone = edit(aki, aki_token, draft, op="replace", doc=body["doc"], base=mine["version"])
    assert undone.status_code == 200 and undone.get_json()["version"] == mine["version"] + 1
    assert cell(store.load_draft(draft).doc, [3, 3]) is None and cell(store.load_draft(draft).doc, [2, 2]) == "blue"


def race(app, store, get_token) -> int:
    """Aki's undo and Bo's edit of another cell sent at the same moment; return the undo's status."""
    import threading

    draft = store.new_draft(lib.blank_board_doc("Race")).id
    aki, bo = app.test_client(), app.test_client()
    aki_token, bo_token = get_token(aki), get_token(bo)
    before = store.load_draft(draft).doc
    base = edit(aki, aki_token, draft, op="location", at=[1, 1], kind="red").get_json()["version"]
    barrier = threading.Barrier(2)
    answers = {}

    def undo():
        """Aki takes back her edit."""
        barrier.wait(timeout=30)
        answers["undo"] = edit(aki, aki_token, draft, op="replace", doc=before, base=base)

    def other():
        """Bo edits another cell at the same moment."""
        barrier.wait(timeout=30)
        answers["edit"] = edit(bo, bo_token, draft, op="location", at=[4, 4], kind="blue")

    threads = [threading.Thread(target=undo), threading.Thread(target=other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers["edit"].status_code == 200
    assert answers["undo"].status_code in (200, 409)
    assert cell(store.load_draft(draft).doc, [4, 4]) == "blue"  # Bo's edit is never lost
    assert store.load_draft(draft).version == (4 if answers["undo"].status_code == 200 else 3)
    return answers["undo"].status_code


def test_concurrent_undo_and_edit_one_wins_nothing_lost(app, store, get_token):
    """An undo and another phone's edit sent at the same moment: either the edit lands after the undo, or the
    undo is refused; never is the other phone's edit silently replaced."""
    for _round in range(4):
        race(app, store, get_token)


def test_undo_with_a_junk_version_is_refused(app, store, get_token):
    draft = store.new_draft(lib.blank_board_doc("Junk")).id
    client = app.test_client()
    token = get_token(client)
    doc = store.load_draft(draft).doc
    for junk in ("2", 2.5, True, 10**30, [1]):
        answer = edit(client, token, draft, op="replace", doc=doc, base=junk)
        assert answer.status_code == 400, junk
    assert store.load_draft(draft).version == 1
    assert edit(client, token, draft, op="replace", doc=doc).status_code == 200  # an unchecked restore still works
