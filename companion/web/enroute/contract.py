"""En Route's driver for the core's table contract (tests/core/test_table_contract.py).

The contract's table is the referee (`/play`): that is where En Route keeps secrets (each seat's two
personal goal cards and the one it keeps, London's starting subway card and section, a start-round pick,
New York's goal half). The driver plays it through its own pages with a Flask test client:

- `create` starts a game through `/play/new` and the setup steps, and takes every seat by "This is me", then
  by its own link. The digital draws come from one fixed seed, so two tables differ only in what a test
  makes different (the secret); the random seed is not a secret, only a deal every page shows.
- The secret is seat 0's kept personal goal (card 1 or card 2), chosen on seat 0's own page.
- Shared pages: the tracker, every setup step, the result page, the change mark, and the other seats'
  pages and marks (all reachable without seat 0's link).
- The live change is the host giving seat 0 a new link: the table's log on every page says so.
- The offline entry page is the score table's player sheet (`/tables/<t>/players/<seat>`), typed and saved
  like every entry; the referee's own forms are taps.
"""

from __future__ import annotations

import json
import re
from unittest import mock

from ..core.tables.spec import ContractTable

BOARD = "training-city"
SEED = 424242


def _token(location: str) -> str:
    """The game id in a redirect to one of its setup steps."""
    return re.search(r"/play/([A-Za-z0-9_-]+)/setup/", location).group(1)


def _version(client, token: str) -> str:
    """The version a setup step's form carries now."""
    page = client.get(f"/play/{token}/setup/level").get_data(as_text=True)
    return re.search(r'name="version"[^>]*value="(\d+)"', page).group(1)


def _step(client, token: str, key: str, **data):
    """Post one setup step with the version the page shows."""
    return client.post(f"/play/{token}/setup/{key}", data={"version": _version(client, token), **data})


class Driver:
    """Plays En Route's referee for the contract tests."""

    game = "enroute"

    def _new_game(self, client) -> str:
        """Post the start form (one fixed seed for the draws) and return the game id."""
        with mock.patch("companion.web.enroute.referee.setup.new_seed", return_value=SEED):
            response = client.post("/play/new", data={"board": BOARD, "mode": "normal", "referee": "y"})
        assert response.status_code == 302, response.status_code
        token = _token(response.headers["Location"])
        assert _step(client, token, "level", level="full").status_code == 302
        assert _step(client, token, "rating", rating_mode="standard").status_code == 302
        return token

    def start_with_names(self, client, names: list[str]):
        """Start a game and post its players step with these names."""
        token = self._new_game(client)
        return _step(client, token, "players", **{f"name_{i}": n for i, n in enumerate(names)})

    def create(self, client, names: list[str]) -> ContractTable:
        """A game in setup with these players, every seat taken by this client ("This is me", then its link)."""
        token = self._new_game(client)
        response = _step(client, token, "players", **{f"name_{i}": n for i, n in enumerate(names)})
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        seat_urls = []
        for seat in range(len(names)):
            taken = client.post(f"/play/{token}/seats/{seat}/claim", data={"back": "personal-goals"})
            assert taken.status_code == 302 and "/play/s/" in taken.headers["Location"], taken.headers
            path = "/play/s/" + taken.headers["Location"].split("/play/s/", 1)[1]
            assert client.get(path).status_code == 200
            seat_urls.append(path)
        page = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
        found = re.search(r'class="table-code">([A-Z0-9-]+)<', page)
        code = found.group(1) if found else ""
        keys = list(dict.fromkeys(re.findall(rf"/play/{re.escape(token)}/setup/([a-z0-9-]+)", page)))
        scrub = [token, code, *(u.rsplit("/", 1)[1] for u in seat_urls)]
        return ContractTable(f"/play/{token}", seat_urls, scrub,
                             {"token": token, "keys": keys, "names": names, "client": client}, table_id=token)

    def set_secret(self, client, table: ContractTable, seat: int, variant: int) -> None:
        """Seat `seat` keeps its first or second personal goal card, on its own page."""
        response = client.post(table.seat_urls[seat] + "/keep", data={"keep": str(variant)})
        assert response.status_code == 302, response.status_code

    def shared_urls(self, client, table: ContractTable) -> list[str]:
        """Every page reachable with the table link only (seat 0's link excluded)."""
        token = table.extra["token"]
        urls = [table.table_url, f"/play/{token}/live", f"/play/{token}/result"]
        urls += [f"/play/{token}/setup/{key}" for key in table.extra["keys"]]
        for url in table.seat_urls[1:]:
            urls += [url, url + "/live"]
        return urls

    def claim_from_table_link(self, client, table: ContractTable, seat: int):
        """"This is me" on the tracker and on the setup step, with and without a take-over field."""
        token = table.extra["token"]
        response = None
        for data in ({}, {"back": "personal-goals"}, {"take_over": "1"}, {"back": "start", "take_over": "1"}):
            response = client.post(f"/play/{token}/seats/{seat}/claim", data=data)
            if table.seat_urls[seat] in (response.headers.get("Location") or ""):
                return response
        return response

    def live_pages(self, table: ContractTable) -> list[str]:
        """The setup step the table watches and another seat's own page."""
        return [f"/play/{table.extra['token']}/setup/personal-goals", table.seat_urls[1]]

    def change(self, client, table: ContractTable) -> str:
        """The host (this client started the game) gives seat 0 a new link; every page's log shows it."""
        token = table.extra["token"]
        response = client.post(f"/play/{token}/seats/0/new-link", data={"back": "personal-goals"})
        assert response.status_code == 302, response.status_code
        return f"The host made a new link for {table.extra['names'][0]}"

    def host_only(self, table: ContractTable) -> list[tuple[str, dict]]:
        """Handing over hosting (the core's hand-over); the referee's own posts are declared on the TableSpec."""
        token = table.extra["token"]
        return [(f"/host/enroute/{token}/offer", {}), (f"/host/enroute/{token}/keep", {})]

    def entry_page(self, table: ContractTable) -> dict | None:
        """Seat 1's sheet on a score table of the same players: typed, saved, and arriving after the network."""
        names = table.extra["names"]
        app_client = table.extra.get("client")
        if app_client is None:
            return None
        sheet_table = self._sheet_table(app_client, names)
        url = f"/tables/{sheet_table}/players/1"
        sheet = {"format": "enroute-sheet/1", "player": names[1], "player_board": 1,
                 "sections": [[[0, 0], [1, 0]]], "tourists": [], "cafes": [], "personal_goal": None}

        def arrived(client) -> bool:
            """The sheet was saved (its version moved past the empty sheet's)."""
            doc = client.get(f"/tables/{sheet_table}/players/1/sheet.json").get_json()
            return bool(doc and doc.get("sections"))

        return {"url": url, "before": [lambda page: page.click("details.advanced > summary"),
                                       lambda page: page.click("details.textsheet summary")],
                "fill": [("#sheet-json", json.dumps(sheet))], "save": "#save", "arrived": arrived}

    def _sheet_table(self, client, names: list[str]) -> str:
        """Start a score table (`/tables/new`) for these players and return its id."""
        data = {"board": BOARD, "level": "full", "lang": "en", "rating_0": "0", "rating_1": "0", "rating_2": "3"}
        for i in range(4):
            data.update({f"players-{i}-name": names[i] if i < len(names) else "",
                         f"players-{i}-colour": ("red", "blue", "green", "yellow")[i],
                         f"players-{i}-player_board": str(i + 1) if i < len(names) else "random"})
        for deck in range(3):
            data.update({f"goals-{deck}-choice": "none", f"goals-{deck}-metric": "route_length",
                         f"goals-{deck}-sign": "+"})
        response = client.post("/tables/new", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        return response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
