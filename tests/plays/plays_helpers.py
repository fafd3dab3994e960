"""Helpers of the game night tests (a uniquely named module: test folders never import each other's):
finished tables of each game made through the games' own forms."""

from __future__ import annotations

import json
import re
from pathlib import Path

WELCOME_GAMES = Path(__file__).resolve().parents[1] / "games" / "welcome_to" / "games"


def welcome_doc(name: str = "four-players") -> dict:
    """A known finished Welcome To... game (the engine's known-answer files)."""
    return json.loads((WELCOME_GAMES / f"{name}.json").read_text())


def finished_welcome_table(client, name: str = "four-players") -> str:
    """A finished Welcome To... table, made by importing a known game; its table id."""
    response = client.post("/welcome-to/import", data={"text": json.dumps(welcome_doc(name))})
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return re.search(r"/welcome-to/t/([A-Za-z0-9_-]+)/score$", response.headers["Location"]).group(1)


def new_group_from(client, table_id: str, name: str = "Friday") -> str:
    """Keep a finished Welcome To... table in a new group (one tap); the group's id."""
    response = client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "new", "name": name})
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return re.search(r"/plays/g/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)


def finished_ttr_table(client, end: bool = True) -> str:
    """A Ticket to Ride: Europe table of Aki and Ben, both entered through their seats' forms, ended by
    the host; its table id."""
    data = {"variant": "base"}
    for k, (name, colour) in enumerate([("Aki", "red"), ("Ben", "blue"), ("", "green"), ("", "yellow"),
                                        ("", "black")]):
        data[f"players-{k}-name"], data[f"players-{k}-colour"] = name, colour
    response = client.post("/ttr-europe/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    table_id = re.search(r"/ttr-europe/t/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)
    entries = [{"route": ["28", "19"], "ticket": ["Paris|Wien"], "station-0-city": "Frankfurt",
                "station-0-borrows": "2"}, {"route": ["2"]}]
    for seat, entry in enumerate(entries):
        claimed = client.post(f"/ttr-europe/t/{table_id}/seats/{seat}/claim")
        token = re.search(r"/ttr-europe/s/([A-Za-z0-9_-]+)$", claimed.headers["Location"]).group(1)
        saved = client.post(f"/ttr-europe/s/{token}", data={"version": "0", **entry})
        assert saved.status_code == 302, saved.get_data(as_text=True)[-2000:]
    if end:
        assert client.post(f"/ttr-europe/t/{table_id}/end").status_code == 302
    return table_id


EN_ROUTE_LOOP = [[[3, 4], [4, 4]], [[4, 4], [4, 5]], [[3, 5], [4, 5]], [[3, 4], [3, 5]], [[3, 5], [3, 6]]]


def _enroute_helpers():
    """The En Route web tests' helpers (their start-a-table form), loaded by path: that folder is not on sys.path
    when only these tests run."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "web" / "enroute" / "web_helpers.py"
    spec = importlib.util.spec_from_file_location("enroute_web_helpers_for_plays", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def finished_enroute_table(client) -> str:
    """An En Route score table in the Training City (TV Tower rated 10), both sheets entered: Aki lets the
    companion choose her route (21 PP), Bo traces only the loop (19 PP), as hand-checked in the En Route
    web tests; its token."""
    data = _enroute_helpers().table_form_data()
    response = client.post("/tables/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    token = re.search(r"/tables/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)
    sheet = {"format": "enroute-sheet/1", "player": "Aki", "player_board": 1, "sections": EN_ROUTE_LOOP,
             "final_route": None, "tourists": [{"at": [5, 5], "red": 2}, {"at": [4, 6], "blue": 3},
                                               {"at": [1, 1], "green": 1}],
             "cafes": [{"at": [3, 6], "state": "unused"}], "personal_goal": [[3, 4], [4, 5], [3, 6]]}
    bo = {**sheet, "player_board": 2, "final_route": [[3, 4], [4, 4], [4, 5], [3, 5], [3, 4]]}
    for seat, (doc, mode) in enumerate([(sheet, "best"), (bo, "own")]):
        saved = client.post(f"/tables/{token}/players/{seat}", data={
            "sheet": json.dumps(doc), "version": "0", "route_mode": mode,
            "player_board": str(doc["player_board"]), "save": "1"})
        assert saved.status_code == 302, saved.get_data(as_text=True)[-2000:]
    return token


ENY_GAMES = Path(__file__).resolve().parents[1] / "games" / "explore_new_york" / "games"


def finished_eny_table(client) -> str:
    """An Explore New York table of Max on Riverside, his sheet from the seed-example known-answer game
    (82 PP), and Lena on Parkside with an empty sheet, both entered: finished; its token."""
    data = {"players-0-name": "Max", "players-0-tile": "riverside", "players-1-name": "Lena",
            "players-1-tile": "parkside"}
    for i in range(2, 4):
        data[f"players-{i}-name"], data[f"players-{i}-tile"] = "", "random"
    response = client.post("/explore-new-york/tables/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    path = response.headers["Location"]
    player = json.loads((ENY_GAMES / "seed-example-82.json").read_text())["players"][0]
    draft = {k: player[k] for k in ("sections", "tourists", "cafes", "final_route")}
    empty = {"sections": [], "tourists": [], "cafes": [], "final_route": None}
    for seat, sheet in enumerate([draft, empty]):
        saved = client.post(f"{path}/players/{seat}", data={"sheet": json.dumps(sheet), "version": "0"})
        assert saved.status_code == 302, saved.get_data(as_text=True)[-2000:]
    return path.rsplit("/", 1)[1]


def finished_taxis_table(client) -> str:
    """A Thurn und Taxis table of four (the Audience module only), ended by the table, every score line
    entered: its sheet is final; its token."""
    data = {"audience": "y", "offices": "", "board": ""}
    for i, (name, colour) in enumerate([("Anna", "blue"), ("Ben", "green"), ("Scott", "red"), ("Dave", "yellow")]):
        data[f"name_{i}"], data[f"colour_{i}"] = name, colour
    response = client.post("/taxis/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    token = response.headers["Location"].rsplit("/", 1)[1]

    def version() -> str:
        return str(client.get(f"/taxis/{token}/version").get_json()["version"])

    assert client.post(f"/taxis/{token}/end-game", data={"version": version(), "confirm": "yes"}).status_code == 302
    entries = {"p0-province-baden": "3", "p0-carriage": "5", "p0-houses": "2", "p1-long-7": "4",
               "p1-end_game": "1", "p1-carriage": "7", "p1-houses": "0", "p2-all_provinces": "6",
               "p2-carriage": "3", "p2-houses": "5", "p3-province-baiern": "5", "p3-carriage": "6", "p3-houses": "1"}
    assert client.post(f"/taxis/{token}/score", data={"version": version(), **entries}).status_code == 302
    return token
