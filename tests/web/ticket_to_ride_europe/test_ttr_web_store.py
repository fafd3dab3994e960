"""The seat store: one winner when two phones save or claim one seat at once; junk ids find nothing."""

from __future__ import annotations

import threading

import pytest

from companion.web.core import db
from companion.web.ticket_to_ride_europe import store


def _race(app, work, count: int = 6) -> list:
    """Run `work()` in `count` threads started together, each in its own app context; return the results."""
    results: list = [None] * count
    gate = threading.Barrier(count)

    def run(i: int) -> None:
        """One phone."""
        with app.app_context():
            gate.wait()
            results[i] = work()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def test_saves_on_one_version_have_one_winner(app):
    with app.app_context():
        table_id = store.create_table("base", [("Aki", "red"), ("Ben", "blue")])
        token = store.get_seats(table_id)[0]["token"]
    results = _race(app, lambda: store.save_entry(token, 0, {"routes": [threading.get_ident() % 101 + 1]}))
    assert results.count(1) == 1
    assert results.count(None) == len(results) - 1
    with app.app_context():
        seat = store.get_seats(table_id)[0]
    assert seat["version"] == 1


def test_a_new_token_retires_the_old_one(app):
    with app.app_context():
        table_id = store.create_table("base", [("Aki", "red"), ("Ben", "blue")])
        old = store.get_seats(table_id)[1]["token"]
        with db.write() as conn:
            fresh = store.reissue_token(conn, table_id, 1)
            assert store.reissue_token(conn, table_id, 7) is None
        assert fresh != old and store.seat_by_token(old) is None
        assert store.seat_by_token(fresh)["seat"] == 1


@pytest.mark.parametrize("junk", [None, "", "x" * 65, 17, ["a"], "no-such-token"])
def test_junk_ids_find_nothing(app, junk):
    with app.app_context():
        assert store.get_table(junk) is None
        assert store.seat_by_token(junk) is None
        assert store.save_entry(junk, 0, {}) is None


def test_versions_that_cannot_be_numbers_never_save(app):
    with app.app_context():
        table_id = store.create_table("base", [("Aki", "red"), ("Ben", "blue")])
        token = store.get_seats(table_id)[0]["token"]
        for base in (-1, "x", None, 2 ** 40, True, "1", 1):
            assert store.save_entry(token, base, {"routes": [1]}) is None
        assert store.get_seats(table_id)[0]["version"] == 0
        assert store.save_entry(token, "0", {"routes": [1]}) == 1  # the form's text is read as a number
