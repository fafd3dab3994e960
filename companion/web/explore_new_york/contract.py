"""How the core's contract tests play Explore New York through its own pages (tests/core/test_table_contract.py).

Explore New York hides nothing of a seat: every tile lies open on the table. A seat's own page adds only its
own link and what its player typed and did not get saved; `set_secret` gives seat 0 such an entry (a sheet the
page refuses, kept on its page and stored nowhere), so the contract checks that it reaches no other page.
"""

from __future__ import annotations

import json
import re

from ..core.tables.spec import ContractTable

BASE = "/explore-new-york/tables"
TILES = ("riverside", "parkside", "harbor", "midtown")


class Driver:
    """The contract driver of Explore New York."""

    game = "explore-new-york"

    def start_with_names(self, client, names: list[str]):
        """The start form with these players, each with a tile of its own (the same tiles at every table)."""
        data = {"first_chosen": "y"}  # the first player is not drawn: two tables differ only where a test says
        for k, tile in enumerate(TILES):
            data[f"players-{k}-name"] = names[k] if k < len(names) else ""
            data[f"players-{k}-tile"] = tile
        return client.post(f"{BASE}/new", data=data)

    def create(self, client, names: list[str]) -> ContractTable:
        """Start a table; this phone takes every seat with "This is me", then opens each seat's own link."""
        response = self.start_with_names(client, names)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        token = response.headers["Location"].rsplit("/", 1)[1]
        page = client.get(f"{BASE}/{token}").get_data(as_text=True)
        code = re.search(r'id="table-code">([^<]+)<', page).group(1)
        links = []
        for seat in range(len(names)):
            claimed = client.post(f"{BASE}/{token}/seats/{seat}/claim")
            assert claimed.status_code == 302, claimed.get_data(as_text=True)[:2000]
            sheet = client.get(claimed.headers["Location"]).get_data(as_text=True)
            links.append(re.search(r'href="https?://[^/"]+(/explore-new-york/tables/[^"]+/seat/\d+/[0-9a-f]+)"',
                                   sheet).group(1))
        for link in links:
            assert client.get(link).status_code == 302
        return ContractTable(table_url=f"{BASE}/{token}", seat_urls=links,
                             scrub=[token, code, *(link.rsplit("/", 1)[1] for link in links)],
                             extra={"token": token}, table_id=token)

    def set_secret(self, client, table: ContractTable, seat: int, variant: int) -> None:
        """Seat `seat` sends a sheet its page cannot read (two different texts): kept on its page, stored nowhere."""
        response = client.post(f"{table.table_url}/players/{seat}",
                               data={"sheet": "{not json " + "ab"[variant], "version": "0"})
        assert response.status_code == 422, response.status_code

    def shared_urls(self, client, table: ContractTable) -> list[str]:
        """The table page and all it leads to without seat 0's link, and the other seats' pages."""
        t = table.table_url
        urls = [t, f"{t}/live", f"{t}/score", f"{t}/score.json", f"{t}/game.json", f"{t}/rounds",
                f"{t}/scorepad.pdf", f"{t}/maps.pdf"]
        for seat in range(1, len(table.seat_urls)):
            urls += [f"{t}/players/{seat}", f"{t}/rounds/{seat}"]
        return urls

    def claim_from_table_link(self, client, table: ContractTable, seat: int):
        """Every way the table link offers another phone to reach a seat: its entry pages (refused) and
        "This is me" (refused: the seat is held)."""
        for path in (f"/players/{seat}", f"/rounds/{seat}"):
            assert client.get(table.table_url + path).status_code == 403
        return client.post(f"{table.table_url}/seats/{seat}/claim")

    def live_pages(self, table: ContractTable) -> list[str]:
        """The table page, the rounds page and seat 1's tile page (opened by its own link)."""
        return [table.table_url, f"{table.table_url}/rounds", table.seat_urls[1]]

    def change(self, client, table: ContractTable) -> str:
        """Seat 0 saves an empty tile: every live page then shows it entered."""
        response = client.post(f"{table.table_url}/players/0",
                               data={"sheet": json.dumps({"sections": [], "tourists": [], "cafes": [],
                                                          "final_route": None}), "version": "0"})
        assert response.status_code == 302, response.status_code
        return "Entered"

    def host_only(self, table: ContractTable) -> list[tuple[str, dict]]:
        """The round referee's actions and handing over hosting: the host's only."""
        t = table.table_url
        begin = {"version": "0", "discard": "1"}
        for k in range(3):
            begin.update({f"cards-{k}-value": "1", f"cards-{k}-first": "red", f"cards-{k}-second": ""})
        return [(f"{t}/rounds/begin", begin), (f"{t}/rounds/deal", {"discard": "1", "version": "0"}),
                (f"{t}/rounds/close", {"version": "0"}), (f"{t}/rounds/to-tiles", {"version": "0"}),
                (f"{t}/rounds/0/undo", {"version": "0"}), (f"{t}/host/offer", {}), (f"{t}/host/keep", {})]

    def entry_page(self, table: ContractTable) -> dict:
        """Seat 0's tile (opened by its own link): tap a road on the map, then Save."""
        table_url = table.table_url

        def arrived(client) -> bool:
            doc = client.get(f"{table_url}/game.json").get_json(force=True)
            return bool(doc["players"][0]["sections"])

        return {"url": table.seat_urls[0],
                "before": [lambda page: page.locator(".hit-road").first.dispatch_event("click")],
                "fill": [], "save": "#save", "arrived": arrived}
