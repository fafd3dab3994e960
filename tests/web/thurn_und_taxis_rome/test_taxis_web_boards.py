"""The Road-to-Rome board: entered once (lines or JSON), checked with a message per problem, remembered."""

from __future__ import annotations

import json

from taxis_web_helpers import TEST_ROADS, seat_everyone, start_table, state, text

STARTS = {"start_baden": "Mailand", "start_wurttemberg_hohenzollern": "Como", "start_schweiz_tyrol": "Como",
          "start_baiern": "Trient", "start_bohmen_salzburg": "Udine"}


def save(client, **data):
    """Post the board form."""
    return client.post("/taxis/boards/new", data=data)


def test_board_pages_list_and_form(client):
    assert "No board is entered yet." in text(client.get("/taxis/boards"))
    form = client.get("/taxis/boards/new")
    assert form.status_code == 200 and 'name="roads"' in form.get_data(as_text=True)


def test_a_board_is_entered_once_and_remembered(client):
    response = save(client, name="Our board", roads=TEST_ROADS, **STARTS)
    assert response.status_code == 302
    board = response.headers["Location"]
    page = text(client.get(board))
    assert "Our board" in page and "Andechs → Ettal, Trient" in page
    assert "Baiern carriage: Trient" in page
    listed = client.get("/taxis/boards").get_data(as_text=True)
    assert "Our board" in listed
    choice = client.get("/taxis/new?board=" + board.rsplit("/", 1)[1]).get_data(as_text=True)
    assert '<option selected value="' + board.rsplit("/", 1)[1] + '">Our board</option>' in choice
    doc = client.get(board + ".json")
    assert doc.status_code == 200
    assert json.loads(doc.data)["format"] == "thurn-und-taxis-rome-track/1"


def test_a_table_on_the_board_uses_its_two_player_placement(app, client):
    board = save(client, name="Our board", roads=TEST_ROADS, **STARTS).headers["Location"].rsplit("/", 1)[1]
    token = start_table(client, 2, board=board)
    doc = state(app, token)
    assert doc["audience"]["track"]["name"] == "Our board"
    assert doc["audience"]["carriages"]["baiern"] == "Trient"
    seat_everyone(client, token, n=2)
    assert "next: Test Po" in text(client.get(f"/taxis/{token}"))


def test_each_problem_names_its_line(client):
    roads = TEST_ROADS + "Rom > Test Po\nTest Loop > Test Loop\nFreising Andechs\n"
    response = save(client, name="Broken", roads=roads)
    assert response.status_code == 422
    page = text(response)
    assert "Line 13 (Freising Andechs): a road is two cities with > between them" in page
    fixed = roads.replace("Freising Andechs\n", "")
    response = save(client, name="Broken", roads=fixed)
    page = text(response)
    assert response.status_code == 422
    assert "Line 11: No road leaves Rom: the carriages end there." in page
    assert "Line 12: A road cannot lead from Test Loop to itself." in page
    assert "Test Loop &gt; Test Loop" in response.get_data(as_text=True)  # the typed lines stay


def test_board_level_problems_are_listed(client):
    response = save(client, name="Short", roads="Freising > Andechs > Rom")
    assert response.status_code == 422
    page = text(response)
    assert "The Baden carriage starts in Lorrach, but no road touches Lorrach." in page
    assert "The rules move a carriage from Andechs on to Ettal; the roads need that step." in page


def test_pasted_json_is_checked_too(client):
    bad = save(client, json_doc="{nope")
    assert bad.status_code == 422 and "look at line 1, column 2" in text(bad)
    assert "Paste a thurn-und-taxis-rome-track/1 document" in text(save(client, json_doc="[1, 2]"))
    wrong = save(client, json_doc=json.dumps({"format": "thurn-und-taxis-rome-track/1", "roads": [["A", "A"]]}))
    assert wrong.status_code == 422 and "A road cannot lead from A to itself." in text(wrong)
    good = {"format": "thurn-und-taxis-rome-track/1", "name": "Pasted",
            "roads": [[a.strip(), b.strip()] for line in TEST_ROADS.splitlines() if line and not line.startswith("#")
                      for a, b in zip(line.split(">"), line.split(">")[1:])]}
    assert save(client, json_doc=json.dumps(good)).status_code == 302


def test_an_empty_board_says_what_to_type(client):
    response = save(client, name="Nothing", roads="   \n# just a comment\n")
    assert response.status_code == 422
    assert "Type the board's roads, one per line" in text(response)


def test_correcting_a_board_starts_from_it(client):
    board = save(client, name="Our board", roads=TEST_ROADS).headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/taxis/boards/new?from={board}").get_data(as_text=True)
    assert "Freising &gt; Andechs" in page and 'value="Our board"' in page
