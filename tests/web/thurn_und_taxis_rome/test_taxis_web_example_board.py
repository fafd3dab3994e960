"""The example board on the web: offered first when starting a table, drawn on its page, checked on the route."""

from __future__ import annotations

import re


def test_the_start_form_offers_the_example_board_first_and_chosen(client):
    """The board select lists the example board first and has it selected."""
    page = client.get("/taxis/new").get_data(as_text=True)
    select = page[page.index('name="board"'):]
    select = select[:select.index("</select>")]
    options = re.findall(r'<option[^>]*value="([^"]*)"', select)
    assert options[0] == "example"
    assert re.search(r'<option[^>]*selected[^>]*value="example"|<option[^>]*value="example"[^>]*selected', select)


def test_the_example_board_page_draws_every_city_and_the_json_and_pdf(client):
    """The page draws the board (SVG), lists the roads; the JSON and the PDF download."""
    page = client.get("/taxis/boards/example").get_data(as_text=True)
    assert "<svg" in page and "Andechs" in page and "Udine" in page
    doc = client.get("/taxis/boards/example.json").get_json()
    assert doc["format"] == "thurn-und-taxis-rome-track/1" and ["Andechs", "Trient"] in doc["roads"]
    pdf = client.get("/taxis/boards/example.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_a_table_on_the_example_board_offers_only_the_roads_south(client, app):
    """Started on the example board: the route page steps Baiern from Freising to Andechs, its one road south."""
    from taxis_web_helpers import score_route, seat_everyone, start_table, state

    token = start_table(client, 3, board="example")
    seat_everyone(client, token, n=3)
    score_route(client, token, ["Munchen", "Ingolstadt", "Augsburg"], steps=[("baiern", "Andechs", True)])
    assert state(app, token)["audience"]["carriages"]["baiern"] == "Andechs"
    assert state(app, token)["audience"]["track"]["name"].startswith("Companion example board")
