"""Issue 13, U3 and U9: the sheet page's live check (the engine's problems for an unsaved draft, nothing saved) and
a brand-new sheet that lists no warnings before any tap."""

from __future__ import annotations

from companion.web.core.app import create_app
from companion.web.enroute.tables.drafts import new_sheet


def _check(client, token, doc, route_mode="best", seat=0):
    """Post a draft to the live check."""
    return client.post(f"/tables/{token}/players/{seat}/check", json={"sheet": doc, "route_mode": route_mode})


def test_the_check_answers_the_engine_problems_and_saves_nothing(client, make_table):
    token = make_table()
    doc = new_sheet("Aki", 1) | {"cafes": [{"at": [6, 2], "state": "unused"}]}
    response = _check(client, token, doc)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    errors = [p for p in response.get_json()["problems"] if p["severity"] == "error"]
    assert len(errors) == 1 and errors[0]["target"] == "c-6-2"
    reached = doc | {"sections": [[[5, 2], [6, 2]]]}
    assert not [p for p in _check(client, token, reached).get_json()["problems"] if p["severity"] == "error"]
    page = client.get(f"/tables/{token}/players/0").get_data(as_text=True)
    assert "6, 2" not in page.split('id="sheet-json"')[1][:400]  # the saved sheet is still blank


def test_a_brand_new_sheet_lists_no_warnings(client, make_table):
    token = make_table()
    page = client.get(f"/tables/{token}/players/0").get_data(as_text=True)
    problems = page.split('id="problems"')[1].split("</section>")[0]
    assert "No problems found." in problems and "problem warning" not in problems
    assert _check(client, token, new_sheet("Aki", 1)).get_json()["problems"] == []
    one = new_sheet("Aki", 1) | {"sections": [[[0, 0], [1, 0]]]}
    warnings = [p for p in _check(client, token, one).get_json()["problems"] if p["severity"] == "warning"]
    assert warnings, "after the first tap the warnings are back"


def test_the_check_refuses_junk_and_a_missing_csrf_token(client, make_table, tmp_path):
    token = make_table()
    assert client.post(f"/tables/{token}/players/0/check", data="nope").status_code == 422
    assert _check(client, token, ["not", "a", "sheet"]).status_code == 422
    junk = {"format": "enroute-sheet/1", "sections": [[1, 2, 3], "x", None], "tourists": [{"at": "x"}],
            "cafes": 7, "personal_goal": [[1, 1], [1, 1]], "final_route": {"a": 1}, "player_board": "z"}
    assert _check(client, token, junk).status_code in (200, 422)
    assert _check(client, "nope-nope", new_sheet("Aki", 1)).status_code == 404
    assert _check(client, token, new_sheet("Aki", 1), seat=9).status_code == 404
    strict = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "test.sqlite"),
                         "BOARD_LIBRARY": str(tmp_path / "boards")})
    answer = strict.test_client().post(f"/tables/{token}/players/0/check", json={"sheet": new_sheet("Aki", 1)})
    assert answer.status_code == 400
