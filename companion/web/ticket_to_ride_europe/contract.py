"""The table contract's driver for Ticket to Ride: Europe (tests/core/test_table_contract.py).

It plays the game through its own pages with a Flask test client: the start form, "This is me", the seat's
page; a seat's secret is its tickets.
"""

from __future__ import annotations

import re

from ..core.tables.spec import ContractTable
from .entries import deck_cards

COLOURS = ("red", "blue", "green", "yellow", "black")
_TOKEN = re.compile(r"/ttr-europe/s/([A-Za-z0-9_-]+)")
_TABLE = re.compile(r"/ttr-europe/t/([A-Za-z0-9_-]+)$")
_CODE = re.compile(r'class="table-code">[^<]*<strong>([A-Z0-9-]+)</strong>')
_VERSION = re.compile(r'name="version"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="version"')


def _start_data(names: list[str]) -> dict[str, str]:
    data = {"variant": "base"}
    for k in range(5):
        data[f"players-{k}-name"] = names[k] if k < len(names) else ""
        data[f"players-{k}-colour"] = COLOURS[k]
    return data


def _version(page: str) -> str:
    match = _VERSION.search(page)
    assert match, "the entry page carries its version"
    return match.group(1) or match.group(2)


class Driver:
    """Ticket to Ride: Europe through its pages."""

    game = "ttr-europe"

    def start_with_names(self, client, names: list[str]):
        return client.post("/ttr-europe/new", data=_start_data(names))

    def create(self, client, names: list[str]) -> ContractTable:
        response = self.start_with_names(client, names)
        assert response.status_code == 302, response.get_data(as_text=True)[:500]
        table_id = _TABLE.search(response.headers["Location"]).group(1)
        table_url = f"/ttr-europe/t/{table_id}"
        page = client.get(table_url).get_data(as_text=True)
        code = _CODE.search(page).group(1)
        seat_urls = []
        for seat in range(len(names)):
            claimed = client.post(f"{table_url}/seats/{seat}/claim")
            token = _TOKEN.search(claimed.headers["Location"]).group(1)
            seat_urls.append(f"/ttr-europe/s/{token}")
            assert client.get(seat_urls[-1]).status_code == 200  # opened by its own link
        scrub = [table_id, code] + [url.rsplit("/", 1)[1] for url in seat_urls]
        return ContractTable(table_url=table_url, seat_urls=seat_urls, scrub=scrub, table_id=table_id)

    def set_secret(self, client, table: ContractTable, seat: int, variant: int) -> None:
        cards = deck_cards("base")
        tickets = [cards[0]["value"]] if variant == 0 else [cards[1]["value"], cards[2]["value"]]
        url = table.seat_urls[seat]
        version = _version(client.get(url).get_data(as_text=True))
        response = client.post(url, data={"version": version, "ticket": tickets})
        assert response.status_code == 302, response.get_data(as_text=True)[:500]

    def shared_urls(self, client, table: ContractTable) -> list[str]:
        t = table.table_url
        return [t, f"{t}/score", f"{t}/score.json", f"{t}/game.json", f"{t}/log", f"{t}/log.json", f"{t}/deal",
                f"{t}/live",
                f"{t}/scorepad.pdf", f"{t}/tally.pdf", f"{t}/tickets.pdf", *table.seat_urls[1:]]

    def claim_from_table_link(self, client, table: ContractTable, seat: int):
        client.get(table.table_url)
        base = f"{table.table_url}/seats/{seat}"
        seat_path = table.seat_urls[seat]
        for url, data in ((f"{base}/claim", {}), (f"{base}/free", {}), (f"{base}/new-link", {})):
            response = client.post(url, data=data)
            assert response.status_code < 500
            assert seat_path not in (response.headers.get("Location") or "")
        return client.post(f"{base}/claim", data={"take_over": "1"})

    def host_only(self, table: ContractTable) -> list[tuple[str, dict]]:
        """Handing over hosting (the core's hand-over); freeing, new links, ending and dealing are declared on the
        TableSpec and posted by the contract itself."""
        return [(f"/host/ttr-europe/{table.table_id}/offer", {}), (f"/host/ttr-europe/{table.table_id}/keep", {})]

    def live_pages(self, table: ContractTable) -> list[str]:
        return [table.table_url, table.seat_urls[0]]

    def change(self, client, table: ContractTable) -> str:
        url = table.seat_urls[1]
        version = _version(client.get(url).get_data(as_text=True))
        response = client.post(url, data={"version": version, "route": ["1"], "score_track": "1"})
        assert response.status_code == 302, response.get_data(as_text=True)[:500]
        page = client.get(table.table_url).get_data(as_text=True)
        status = re.findall(r'class="seat-status[^"]*">([^<]*)<', page)[1]
        return status.split(" · ")[0].strip()

    def entry_page(self, table: ContractTable) -> dict | None:
        table_url = table.table_url

        def arrived(client) -> bool:
            game = client.get(f"{table_url}/game.json").get_json(force=True)
            return game["players"][1].get("score_track") == 17

        return {"url": table.seat_urls[1], "fill": [("#score-track-input", "17")], "save": "#save",
                "arrived": arrived}
